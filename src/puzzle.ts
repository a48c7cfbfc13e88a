/**
 * `slidebox/puzzle`: the sliding puzzle (8-, 15- and n-puzzle) as a library — rules, games,
 * saves and the solver.
 *
 * Every function that can refuse its input returns a `Result` and has an `…OrThrow` twin that
 * throws (or rejects with) a `SlideboxError` instead; unknown option names are refused.
 *
 * ```ts
 * import { isSolvable, newPuzzleOrThrow, solveOrThrow } from 'slidebox/puzzle';
 * isSolvable([1, 2, 3, 4, 5, 6, 0, 7, 8], 3); // true
 * await solveOrThrow([1, 2, 3, 4, 5, 6, 0, 7, 8], 3); // [7, 8]
 * const game = newPuzzleOrThrow({ size: 4, seed: 7 });
 * ```
 */

export {
  elapsedMs,
  movableTiles,
  type Puzzle,
  type PuzzleClock,
  type PuzzleMove,
  type PuzzleOptionsProblem,
  pauseClock,
  posOf,
  resumeClock,
  startClock,
  type TileSlide,
  tileAt,
} from './engine/puzzle.ts';
export {
  isGoal,
  type Tiles,
  type TilesProblem,
} from './engine/puzzleBoard.ts';
export { type Problem, type Result, SlideboxError, unwrap } from './engine/result.ts';
export { type RngState, randomSeed } from './engine/rng.ts';
export {
  PUZZLE_SAVE_KIND,
  PUZZLE_SAVE_VERSION,
  type PuzzleSaveProblem,
  type SavedPuzzle,
} from './engine/savePuzzle.ts';
export { DIRECTIONS, type Direction, isDirection, type Pos } from './engine/types.ts';
export { seedRng, seedRngOrThrow } from './public/common.ts';
/** The default board side of a new puzzle: 4 (the 15-puzzle). */
export const DEFAULT_SIZE = 4;
export {
  checkSize,
  goalTiles,
  goalTilesOrThrow,
  isSolvable,
  makePuzzleSave,
  makePuzzleSaveOrThrow,
  moveTile,
  moveTileOrThrow,
  type NewPuzzleOptions,
  newPuzzle,
  newPuzzleOrThrow,
  parsePuzzleSave,
  parsePuzzleSaveOrThrow,
  parseTiles,
  puzzleFromTiles,
  puzzleFromTilesOrThrow,
  type SolveOptions,
  shuffleTiles,
  shuffleTilesOrThrow,
  slideToward,
  slideTowardOrThrow,
  solve,
  solveOrThrow,
  solvePuzzle,
  solvePuzzleOrThrow,
  tileToward,
  tileTowardOrThrow,
  undoPuzzle,
} from './public/puzzle.ts';
export type { PdbProgress } from './solvers/puzzle/pdbProvider.ts';
export type { SolveMethod, SolveReport, SolverOptions } from './solvers/puzzle/solve.ts';
export { type BlobStore, memoryStore } from './solvers/puzzle/store.ts';
