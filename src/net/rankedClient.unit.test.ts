/**
 * The ranked client against a scripted socket (the real server's tests are
 * rankedClient.test.ts): the slide shown at once and the dealt tile placed when it comes,
 * moves queued behind the one on its way, a refusal putting the server's board back, a
 * reconnection sending again the move not taken with the same number, input refused while the
 * connection is down, and the puzzle's moves shown and sent at once.
 */
import { describe, expect, it } from 'vitest';
import { newGame, play } from '../engine/game2048.ts';
import { fakeSockets } from '../testing/fakeSocket.ts';
import { ranked2048, rankedPuzzle, testRankedClient } from '../testing/rankedBoards.ts';
import type { RankedBoard, RankedClientMessage, RankedServerMessage } from './ranked.ts';
import type { RankedView } from './rankedClient.ts';

const board2048 = (seed: number): RankedBoard =>
  ranked2048(newGame({ seed, keepPlaying: true }).cells);

function setup(board: RankedBoard) {
  const { sockets, socket } = fakeSockets<RankedClientMessage, RankedServerMessage>();
  const views: RankedView[] = [];
  const client = testRankedClient({
    board,
    socket,
    onChange: (v) => views.push(v),
    retryMs: [0],
  });
  return { client, sockets, views };
}

describe('the ranked client (scripted socket)', () => {
  it('shows a slide at once and the dealt tile when it comes; queues moves behind it', async () => {
    const seed = 7;
    const start = board2048(seed);
    const { client, sockets } = setup(start);
    const s = sockets[0]!;
    expect(client.move('left').ok).toBe(false); // not connected yet
    s.open();
    expect(s.sent[0]).toEqual({ type: 'hello', game: 'g1', token: 't'.repeat(43) });
    s.receive({ type: 'state', board: start, result: null, t: 0 });
    expect(client.view.status).toBe('open');
    // The server's game (the same seed): what it would deal.
    let server = newGame({ seed, keepPlaying: true });
    const dir = (['left', 'right', 'up', 'down'] as const).find((d) => play(server, d) !== server)!;
    const r = client.move(dir);
    expect(r).toEqual({ ok: true, value: true });
    expect(client.view.pending).toBe(1);
    expect(s.sent.at(-1)).toMatchObject({ type: 'move', n: 1 });
    const other = (['left', 'right', 'up', 'down'] as const).find((d) => d !== dir)!;
    client.move(other);
    expect(client.view.queued).toBe(1);
    expect(s.sent.length).toBe(2); // hello and move 1: the queued one waits
    server = play(server, dir);
    const tile = server.spawned[0]!;
    s.receive({
      type: 'moved',
      n: 1,
      tile: { row: tile.at.row, col: tile.at.col, value: tile.value },
      t: 100,
      score: server.score,
      over: false,
      won: false,
    });
    expect(client.view.confirmed.cells).toEqual(server.cells);
    expect(client.view.confirmed.moves).toBe(1);
    // The queued move went out after the tile (if it slides there), numbered 2.
    const after = play(server, other);
    if (after !== server) {
      expect(s.sent.at(-1)).toMatchObject({ type: 'move', n: 2 });
      expect(client.view.pending).toBe(1);
      // Refused: the server's board again.
      s.receive({ type: 'refused', n: 2, code: 'x', message: 'no' });
      expect(client.view.board.cells).toEqual(server.cells);
      expect(client.view.pending).toBe(0);
      expect(client.view.notice).toBe('no');
    }
  });

  it('after a drop, sends again the move not taken with its number, once', () => {
    const start = board2048(11);
    const { client, sockets } = setup(start);
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'state', board: start, result: null, t: 0 });
    const server = newGame({ seed: 11, keepPlaying: true });
    const dir = (['left', 'right', 'up', 'down'] as const).find((d) => play(server, d) !== server)!;
    client.move(dir);
    sockets[0]!.drop();
    expect(client.view.status).toBe('reconnecting');
    expect(client.move(dir).ok).toBe(false);
    return new Promise<void>((resolve) => {
      setTimeout(() => {
        const s2 = sockets[1]!;
        s2.open();
        s2.receive({ type: 'state', board: start, result: null, t: 50 });
        expect(s2.sent).toEqual([
          { type: 'hello', game: 'g1', token: 't'.repeat(43) },
          { type: 'move', n: 1, d: dir[0] },
        ]);
        client.close();
        expect(client.view.status).toBe('closed');
        resolve();
      }, 5);
    });
  });

  it('puzzle: moves are shown and sent at once, several on their way', () => {
    // 1 2 3 / 4 5 6 / 7 0 8: tile 8 then 5 can move.
    const board = rankedPuzzle([1, 2, 3, 4, 5, 6, 7, 0, 8]);
    const { client, sockets } = setup(board);
    const s = sockets[0]!;
    s.open();
    s.receive({ type: 'state', board, result: null, t: 10 });
    expect(client.move('left').ok).toBe(false);
    expect(client.moveTile(1)).toEqual({ ok: true, value: false });
    expect(client.moveTile(5).ok).toBe(true);
    expect(client.moveTile(5).ok).toBe(true);
    expect(client.view.pending).toBe(2);
    expect(s.sent.slice(1)).toEqual([
      { type: 'move', n: 1, tile: 5 },
      { type: 'move', n: 2, tile: 5 },
    ]);
    expect(client.view.board.tiles).toEqual(board.tiles);
    s.receive({ type: 'moved', n: 1, tile: null, t: 300, score: 1, over: false, won: false });
    expect(client.view.confirmed.tiles).toEqual([1, 2, 3, 4, 0, 6, 7, 5, 8]);
    expect(client.view.pending).toBe(1);
  });
});
