import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialModelRanked } from '../front/online/modelRanked.ts';
import { PACE, Pacer, plainCommandRanked } from './plainRanked.ts';

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
});
