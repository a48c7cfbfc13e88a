import { describe, expect, it } from 'vitest';
import { newPuzzle } from '../../engine/puzzle.ts';
import { goalTiles } from '../../engine/puzzleBoard.ts';
import { bfsDistances, encode } from '../../testutil/puzzleBfs.ts';
import { whyNotSolved } from '../../testutil/puzzleCheck.ts';
import { applySlides, cancelBacktracks, neighbourTable, solves } from './grid.ts';

/** 1 2 3 / 4 5 6 / 0 7 8: solved by sliding 7, then 8. */
const NEAR = [1, 2, 3, 4, 5, 6, 0, 7, 8];

/** A shortest solution of a 3x3 position, walked down the exact breadth-first distances. */
function bfsSolution(tiles: readonly number[]): number[] {
  const dist = bfsDistances(3, 3);
  const board = [...tiles];
  const moves: number[] = [];
  while (dist.get(encode(board))! > 0) {
    const blank = board.indexOf(0);
    const d = dist.get(encode(board))!;
    const next = [
      blank - 3,
      blank + 3,
      blank % 3 > 0 ? blank - 1 : -1,
      blank % 3 < 2 ? blank + 1 : -1,
    ]
      .filter((c) => c >= 0 && c < 9)
      .find((c) => {
        const t = [...board];
        [t[blank], t[c]] = [t[c]!, 0];
        return dist.get(encode(t)) === d - 1;
      })!;
    moves.push(board[next]!);
    [board[blank], board[next]] = [board[next]!, 0];
  }
  return moves;
}

describe('solves: the check of a solution', () => {
  it('accepts real solutions (and no moves on the goal)', () => {
    expect(solves(NEAR, 3, [7, 8])).toBe(true);
    expect(solves(goalTiles(3), 3, [])).toBe(true);
    expect(solves(goalTiles(5), 5, [])).toBe(true);
    // A detour is still a solution: 5 out and back, or 6 and 8 after the goal and back.
    expect(solves(NEAR, 3, [7, 5, 5, 8])).toBe(true);
    expect(solves(NEAR, 3, [7, 8, 6, 6, 8, 8])).toBe(true);
    for (const seed of [1, 2, 3, 4, 5]) {
      const tiles = [...newPuzzle({ width: 3, seed }).tiles];
      const moves = bfsSolution(tiles);
      expect(moves.length).toBeGreaterThan(0);
      expect(whyNotSolved(tiles, 3, moves)).toBeNull();
      expect(solves(tiles, 3, moves)).toBe(true);
    }
  });

  it('refuses a solution missing its last move, and any legal sequence that does not end solved', () => {
    expect(solves(NEAR, 3, [7])).toBe(false);
    expect(solves(NEAR, 3, [])).toBe(false);
    expect(solves(NEAR, 3, [7, 8, 6])).toBe(false);
    for (const seed of [1, 2, 3]) {
      const tiles = [...newPuzzle({ width: 3, seed }).tiles];
      const moves = bfsSolution(tiles);
      expect(solves(tiles, 3, moves.slice(0, -1))).toBe(false);
      expect(solves(tiles, 3, moves.slice(1))).toBe(false);
    }
  });

  it('refuses an illegal move: a tile not next to the blank, the blank, a tile not on the board', () => {
    // 8 is not next to the blank at first; played in the wrong order the moves are illegal.
    expect(applySlides(NEAR, 3, [8, 7])).toBeNull();
    expect(solves(NEAR, 3, [8, 7])).toBe(false);
    expect(solves(NEAR, 3, [0, 7, 8])).toBe(false);
    // From the goal, an illegal move is refused even though the board stays solved.
    expect(solves(goalTiles(3), 3, [1])).toBe(false);
    expect(solves(NEAR, 3, [9, 7, 8])).toBe(false);
    expect(solves(NEAR, 3, [7, 3, 8])).toBe(false);
    // Left and right edges do not wrap: 1 2 3 / 0 4 5 / 6 7 8 has 3 next to the blank in
    // reading order but not on the board.
    expect(solves([1, 2, 3, 0, 4, 5, 6, 7, 8], 3, [3])).toBe(false);
  });
});

describe('whyNotSolved: the independent checker the solver tests use', () => {
  it('agrees with solves and says why', () => {
    expect(whyNotSolved(NEAR, 3, [7, 8])).toBeNull();
    expect(whyNotSolved(NEAR, 3, [7])).toMatch(/not the goal/);
    expect(whyNotSolved(NEAR, 3, [8, 7])).toMatch(/move 1: tile 8 is not next to the blank/);
    expect(whyNotSolved(NEAR, 3, [0])).toMatch(/no tile 0/);
    expect(whyNotSolved([1, 2, 3, 0, 4, 5, 6, 7, 8], 3, [3])).toMatch(/not next/);
  });
});

describe("the solvers' board tables", () => {
  it('neighbourTable: up, down, left, right of every cell of a 3x2 board, -1 off the board', () => {
    // 0 1 2
    // 3 4 5
    expect([...neighbourTable(3, 2)]).toEqual([
      -1, 3, -1, 1, /* 0 */ -1, 4, 0, 2, /* 1 */ -1, 5, 1, -1, /* 2 */ 0, -1, -1, 4, /* 3 */ 1, -1,
      3, 5, /* 4 */ 2, -1, 4, -1 /* 5 */,
    ]);
  });

  it('cancelBacktracks drops a slide taken straight back, again and again', () => {
    expect(cancelBacktracks([])).toEqual([]);
    expect(cancelBacktracks([7, 8, 5])).toEqual([7, 8, 5]);
    expect(cancelBacktracks([7, 8, 8, 5])).toEqual([7, 5]);
    expect(cancelBacktracks([7, 8, 8, 7, 5])).toEqual([5]);
    expect(cancelBacktracks([7, 7])).toEqual([]);
    expect(cancelBacktracks([7, 8, 7])).toEqual([7, 8, 7]);
  });
});
