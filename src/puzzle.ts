/**
 * `slidebox/puzzle`: the sliding puzzle (8-, 15- and n-puzzle) as a library — rules, games,
 * saves and the solver.
 *
 * ```ts
 * import { isSolvable, solve, newPuzzle, moveTile } from 'slidebox/puzzle';
 * isSolvable([1, 2, 3, 4, 5, 6, 0, 7, 8], 3); // true
 * await solve([1, 2, 3, 4, 5, 6, 0, 7, 8], 3); // [7, 8]
 * let game = newPuzzle({ width: 4, seed: 7 });
 * game = moveTile(game, game.tiles[game.tiles.indexOf(0) - 1]!, Date.now());
 * ```
 */
import { isSolvable as isSolvableBoard } from './engine/puzzleBoard.ts';
import { solvePuzzle } from './solvers/puzzle/solve.ts';
import type { BlobStore } from './solvers/puzzle/store.ts';

/**
 * Whether `tiles` (row-major, 0 = blank) is a valid board of `width` (3..8) from which the goal
 * (1 .. n-1 in order, the blank last) can be reached. False for anything that is not a valid
 * board; `parseTiles` says what is wrong.
 */
export function isSolvable(tiles: readonly number[], width: number): boolean {
  return isSolvableBoard(tiles, width);
}

/**
 * The tiles to slide, in order, to take `tiles` (row-major, 0 = blank) to the goal; each entry
 * is the number of the tile that moves into the blank. Fewest moves for 3x3 and 4x4 unless
 * `optimal: false`; past `timeLimitMs` (or from 5x5 up) a fast solver gives a valid, longer
 * solution. Rejects with a SlideboxError naming the problem for bad input (width outside 3..8,
 * wrong length, a bad, duplicate or missing tile, an unsolvable position, bad options).
 *
 * Runs on the calling thread in slices (the event loop keeps turning). Optimal 4x4 solves need
 * pattern databases (about 11 MB), built on first use in about 6 s and kept in memory for the
 * process; without a `store` they are rebuilt in every process. Pass `store` to keep them:
 * `fileCache()` from `slidebox/node` (a folder on disk), or a store of your own (IndexedDB in a
 * browser; see `BlobStore`). `slidebox/node` also has `startSolve`, to solve on a worker thread.
 */
export async function solve(
  tiles: readonly number[],
  width: number,
  opts?: { optimal?: boolean; timeLimitMs?: number; store?: BlobStore | null },
): Promise<number[]> {
  // Options are checked by solvePuzzle; anything but an object is reported there.
  const o = opts === undefined ? {} : opts;
  if (typeof o !== 'object' || o === null) return solvePuzzle(tiles, width, o).then((r) => r.moves);
  const report = await solvePuzzle(tiles, width, {
    optimal: o.optimal,
    timeLimitMs: o.timeLimitMs,
    store: o.store ?? null,
  });
  return report.moves;
}

export {
  DEFAULT_WIDTH,
  elapsedMs,
  goal,
  movableTiles,
  moveTile,
  type NewPuzzleOptions,
  newPuzzle,
  type Puzzle,
  type PuzzleClock,
  type PuzzleMove,
  type PuzzleOptionsProblem,
  parsePuzzle,
  pauseClock,
  posOf,
  puzzleFromTiles,
  resumeClock,
  shuffleTiles,
  slideToward,
  type TileSlide,
  tileAt,
  tileToward,
  undo,
} from './engine/puzzle.ts';
export {
  checkWidth,
  goalTiles,
  isGoal,
  parseTiles,
  type Tiles,
  type TilesProblem,
} from './engine/puzzleBoard.ts';
export { type Problem, type Result, SlideboxError } from './engine/result.ts';
export { type RngState, randomSeed, seedRng } from './engine/rng.ts';
export {
  PUZZLE_SAVE_KIND,
  PUZZLE_SAVE_VERSION,
  type PuzzleSaveProblem,
  parseSavedPuzzle,
  type SavedPuzzle,
  serializePuzzle,
} from './engine/savePuzzle.ts';
export { DIRECTIONS, type Direction, type Pos } from './engine/types.ts';
export type { PdbProgress } from './solvers/puzzle/pdbProvider.ts';
export type {
  SolveMethod,
  SolveOptions,
  SolveReport,
  SolverOptions,
} from './solvers/puzzle/solve.ts';
export { solvePuzzle } from './solvers/puzzle/solve.ts';
export { type BlobStore, memoryStore } from './solvers/puzzle/store.ts';
