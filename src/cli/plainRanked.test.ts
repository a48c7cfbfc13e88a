import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialModelRanked } from '../front/online/modelRanked.ts';
import type { RankedClientMessage, RankedServerMessage } from '../net/ranked.ts';
import type { RankedClient } from '../net/rankedClient.ts';
import { fakeSockets } from '../testing/fakeSocket.ts';
import { ranked2048, testRankedClient } from '../testing/rankedBoards.ts';
import { PACE, Pacer, plainCommandRanked, runPlainRanked } from './plainRanked.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('ranked line mode', () => {
  it('reads moves, a puzzle’s tile numbers, resign and q; nothing of local play’s helpers', () => {
    const g = initialModelRanked('2048');
    const p = initialModelRanked('puzzle');
    expect(plainCommandRanked('a', g)).toEqual({ type: 'move', dir: 'left' });
    expect(plainCommandRanked('up', g)).toEqual({ type: 'move', dir: 'up' });
    expect(plainCommandRanked('j', g)).toEqual({ type: 'move', dir: 'down' });
    expect(plainCommandRanked('7', p)).toEqual({ type: 'tile', tile: 7 });
    expect(plainCommandRanked('7', g)).toBe(null);
    expect(plainCommandRanked('resign', g)).toEqual({ type: 'resign-confirmed' });
    expect(plainCommandRanked('q', p)).toEqual({ type: 'quit' });
    for (const line of ['u', 'undo', 'i', 'hint', 'n', 'new', 'c', 'solve', 'x']) {
      expect(plainCommandRanked(line, g)).toBe(null);
    }
  });

  it('paces moves under the server’s limit: a burst at once, then one every 1/25 s', async () => {
    vi.useFakeTimers();
    const pacer = new Pacer();
    for (let i = 0; i < PACE.burst; i++) await pacer.take();
    let taken = false;
    const next = pacer.take().then(() => {
      taken = true;
    });
    await vi.advanceTimersByTimeAsync(1000 / PACE.perSecond / 2);
    expect(taken).toBe(false);
    await vi.advanceTimersByTimeAsync(1000 / PACE.perSecond);
    await next;
    expect(taken).toBe(true);
    // A move that was not sent gives its turn back.
    pacer.refund();
    let again = false;
    const more = pacer.take().then(() => {
      again = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(again).toBe(true);
    await more;
  });

  it('prints a board once the server answered it: a refused slide shows the server’s board, a taken one its score', async () => {
    const board = ranked2048([
      [2, 2, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    const { sockets, socket } = fakeSockets<RankedClientMessage, RankedServerMessage>();
    const input = new PassThrough();
    const output = new PassThrough();
    const error = new PassThrough();
    let out = '';
    output.on('data', (d) => {
      out += String(d);
    });
    const connect = (onChange: (v: RankedClient['view']) => void) =>
      testRankedClient({
        board,
        socket,
        onChange,
      });
    const run = runPlainRanked(initialModelRanked('2048'), connect, { input, output, error });
    const s = sockets[0]!;
    s.open();
    s.receive({ type: 'state', board, result: null });
    const tick = () => new Promise((done) => setTimeout(done, 10));
    input.write('a\n');
    await vi.waitFor(() => expect(s.sent.some((m) => m.type === 'move')).toBe(true));
    await tick();
    // Not answered: nothing printed, not the slide's points.
    expect(out).toBe('');
    s.receive({ type: 'refused', n: 1, code: 'order', message: 'out of order' });
    await vi.waitFor(() =>
      expect(out).toBe('Score: 0  Moves: 0\n   2   2   .\n   .   .   .\n   .   .   .\n'),
    );
    out = '';
    input.write('a\n');
    await vi.waitFor(() => expect(s.sent.filter((m) => m.type === 'move')).toHaveLength(2));
    await tick();
    expect(out).toBe('');
    s.receive({
      type: 'moved',
      n: 1,
      tile: { row: 2, col: 2, value: 2 },
      t: 100,
      score: 4,
      over: false,
      won: false,
    });
    await vi.waitFor(() =>
      expect(out).toBe('Score: 4  Moves: 1\n   4   .   .\n   .   .   .\n   .   .   2\n'),
    );
    input.end();
    await run;
  });
});
