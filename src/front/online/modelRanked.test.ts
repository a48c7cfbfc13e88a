/**
 * The picture a ranked screen draws, on the real ranked client over a scripted socket: the
 * board shows your move at once, marked as pending, while the figures stay the server's until
 * its answer comes (a pending slide's points and a pending puzzle move are not counted).
 */
import { describe, expect, it } from 'vitest';
import { legalMoves, newGame, play } from '../../engine/game2048.ts';
import { movableTiles, moveTile, newPuzzle } from '../../engine/puzzle.ts';
import type { RankedBoard, RankedClientMessage, RankedServerMessage } from '../../net/ranked.ts';
import { fakeSockets } from '../../testing/fakeSocket.ts';
import { ranked2048, rankedPuzzle, testRankedClient } from '../../testing/rankedBoards.ts';
import { ControllerRanked } from './controllerRanked.ts';
import { initialModelRanked, rankedPicture } from './modelRanked.ts';

function rig(board: RankedBoard) {
  const { sockets, socket } = fakeSockets<RankedClientMessage, RankedServerMessage>();
  let now = 1000;
  const c = new ControllerRanked({
    model: initialModelRanked(board.kind),
    connect: (onChange) =>
      testRankedClient({
        board,
        socket,
        onChange,
        now: () => now,
        retryMs: [0],
      }),
  });
  c.start();
  const s = sockets[0]!;
  s.open();
  s.receive({ type: 'state', board, result: null, t: board.elapsedMs });
  return { c, s, tick: (ms: number) => (now += ms) };
}

describe('the ranked picture', () => {
  it('is null before the server’s board has been seen', () => {
    expect(rankedPicture(initialModelRanked('2048'), 0)).toBe(null);
  });

  it('2048: a slide not answered is drawn, marked, and its points are not counted until the answer', () => {
    // A board where the first legal slide merges (points to gain).
    let g = { ...newGame({ seed: 7 }), keepPlaying: true };
    while (!legalMoves(g.cells).some((d) => play(g, d).score > g.score)) {
      g = play(g, legalMoves(g.cells)[0]!);
    }
    const board = ranked2048(g.cells, { score: g.score, moves: g.moves, elapsedMs: 4000 });
    const r = rig(board);
    const dir = legalMoves(g.cells).find((d) => play(g, d).score > g.score)!;
    r.c.dispatch({ type: 'move', dir });
    const pending = rankedPicture(r.c.model, 1000)!;
    expect(pending.marked).toBe(true);
    expect(pending.pending).toBe(1);
    // The slide is on the board drawn, and its points on the client's board, not in the figures.
    expect(pending.game!.score).toBeGreaterThan(g.score);
    expect(pending.points).toBe(g.score);
    expect(pending.moves).toBe(g.moves);
    const next = play(g, dir);
    const tile = next.spawned[0]!;
    r.s.receive({
      type: 'moved',
      n: g.moves + 1,
      tile: { row: tile.at.row, col: tile.at.col, value: tile.value },
      t: 4500,
      score: next.score,
      over: next.over,
      won: next.won,
    });
    const taken = rankedPicture(r.c.model, 1000)!;
    expect(taken.marked).toBe(false);
    expect(taken.points).toBe(next.score);
    expect(taken.moves).toBe(g.moves + 1);
    expect(taken.elapsedMs).toBe(4500);
  });

  it('the puzzle: moves on their way are drawn but not counted; the clock is the server’s, running on', () => {
    const start = newPuzzle({ width: 3, seed: 4 });
    const board = rankedPuzzle(start.tiles, { score: 0, moves: 0, elapsedMs: 2000 });
    const r = rig(board);
    const first = movableTiles(start)[0]!;
    r.c.dispatch({ type: 'tile', tile: first });
    const after = moveTile(start, first);
    const second = movableTiles(after).find((t) => t !== first)!;
    r.c.dispatch({ type: 'tile', tile: second });
    r.tick(300);
    const p = rankedPicture(r.c.model, 1300)!;
    expect(p.puzzle!.tiles).toEqual(moveTile(after, second).tiles);
    expect(p.pending).toBe(2);
    expect(p.marked).toBe(true);
    expect(p.points).toBe(null);
    expect(p.moves).toBe(0);
    expect(p.elapsedMs).toBe(2300);
    r.s.receive({ type: 'moved', n: 1, tile: null, t: 2100, score: 1, over: false, won: false });
    const one = rankedPicture(r.c.model, 1300)!;
    expect(one.moves).toBe(1);
    expect(one.pending).toBe(1);
    expect(one.marked).toBe(true);
    r.s.receive({ type: 'moved', n: 2, tile: null, t: 2200, score: 2, over: false, won: false });
    const both = rankedPicture(r.c.model, 1300)!;
    expect([both.moves, both.pending, both.marked]).toEqual([2, 0, false]);
  });
});
