/**
 * The public form of the sliding puzzle (`slidebox/puzzle`): Results with `…OrThrow` twins,
 * unknown options refused, the board's side called `size` as in `slidebox/2048`, an optional
 * `now` passed as `{ now }`, saves as JSON text (`makePuzzleSave` / `parsePuzzleSave`).
 */
import { caught, caughtAsync, knownOptions, orReject, orThrow } from '../engine/known.ts';
import {
  moveTile as moveTileEngine,
  newPuzzle as newPuzzleEngine,
  type Puzzle,
  type PuzzleOptionsProblem,
  parsePuzzle,
  shuffleTiles as shuffleTilesEngine,
  slideToward as slideTowardEngine,
  tileToward as tileTowardEngine,
  undo,
} from '../engine/puzzle.ts';
import {
  checkWidth,
  goalTiles as goalTilesEngine,
  isSolvable as isSolvableBoard,
  parseTiles as parseTilesEngine,
  type TilesProblem,
} from '../engine/puzzleBoard.ts';
import { err, ok, type Problem, type Result } from '../engine/result.ts';
import { parseRngState, type RngState, type Seed } from '../engine/rng.ts';
import { type PuzzleSaveProblem, parseSavedPuzzle, serializePuzzle } from '../engine/savePuzzle.ts';
import { checkDirection, type Direction } from '../engine/types.ts';
import {
  type SolveReport,
  type SolverOptions,
  solvePuzzle as solveEngine,
} from '../solvers/puzzle/solve.ts';
import type { BlobStore } from '../solvers/puzzle/store.ts';

type BadOptions = Problem<'bad-options'>;
type MoveProblem = Problem<'bad-tile' | 'bad-direction' | 'bad-options' | 'bad-time'>;

/** Options of {@link newPuzzle}. */
export interface NewPuzzleOptions {
  /** Board width and height, 3 to 8 (default 4). */
  size?: number;
  /** Seed for the shuffle (default: a fresh random seed). */
  seed?: Seed;
}

/** A problem of the engine, which calls the board's side its width, in the words of the library. */
type Sized<E extends Problem> = Problem<Exclude<E['code'], 'bad-width'> | 'bad-size'>;

function sized<T, E extends Problem>(r: Result<T, E>): Result<T, Sized<E>> {
  if (r.ok || r.error.code !== 'bad-width') return r as Result<T, Sized<E>>;
  return err({ code: 'bad-size', message: r.error.message.replace(/^width/, 'size') });
}

/** Whether `size` is a board side from 3 to 8. */
export function checkSize(size: unknown): Result<number, Problem<'bad-size'>> {
  return sized(checkWidth(size));
}

/**
 * Untrusted tiles (row-major, 0 = blank) as a valid, solvable `size` x `size` board, or what is
 * wrong: the size, the length, a value that is not a tile, a duplicate, a missing tile, or an
 * unsolvable arrangement.
 */
export function parseTiles(tiles: unknown, size: number): Result<number[], Sized<TilesProblem>> {
  return sized(parseTilesEngine(tiles, size));
}

/** A uniformly random solvable shuffle: `{ size?, seed? }`; refuses bad and unknown options. */
export function newPuzzle(opts?: NewPuzzleOptions): Result<Puzzle, Sized<PuzzleOptionsProblem>> {
  const known = knownOptions(opts, ['size', 'seed']);
  if (!known.ok) return known;
  if (opts?.size !== undefined) {
    const size = checkSize(opts.size);
    if (!size.ok) return size;
  }
  return sized(caught(() => newPuzzleEngine({ width: opts?.size, seed: opts?.seed })));
}
/** {@link newPuzzle}, throwing a SlideboxError for bad options. */
export const newPuzzleOrThrow = orThrow(newPuzzle);

/**
 * A puzzle from given tiles (row-major, 0 = the blank) on a `size` x `size` board, with the
 * seed it was dealt from (`seed`, default null: set up by hand, so not shareable).
 */
export function puzzleFromTiles(
  tiles: readonly number[],
  size: number,
  opts?: { seed?: Seed | null },
): Result<Puzzle, Sized<TilesProblem> | Problem<'bad-seed' | 'bad-options'>> {
  const known = knownOptions(opts, ['seed']);
  if (!known.ok) return known;
  return sized(parsePuzzle(tiles, size, opts?.seed ?? null));
}
/** {@link puzzleFromTiles}, throwing a SlideboxError for a bad board. */
export const puzzleFromTilesOrThrow = orThrow(puzzleFromTiles);

function checkNow(opts: unknown, keys: readonly string[]): Result<void, MoveProblem> {
  const known = knownOptions(opts, keys);
  if (!known.ok) return known;
  const now = (opts as { now?: unknown } | undefined)?.now;
  if (now !== undefined && (typeof now !== 'number' || !Number.isFinite(now))) {
    return err({ code: 'bad-options', message: 'now must be a finite number of milliseconds' });
  }
  const invert = (opts as { invert?: unknown } | undefined)?.invert;
  if (invert !== undefined && typeof invert !== 'boolean') {
    return err({ code: 'bad-options', message: 'invert must be true or false' });
  }
  return ok(undefined);
}

/**
 * The puzzle after sliding `tile` toward the blank (with the tiles between, each counted as a
 * move); the same puzzle when it cannot move or the puzzle is solved. `now` (ms) runs the timer
 * and dates the move. Refuses a tile number that is not on the board.
 */
export function moveTile(
  puzzle: Puzzle,
  tile: number,
  opts?: { now?: number },
): Result<Puzzle, MoveProblem> {
  const o = checkNow(opts, ['now']);
  if (!o.ok) return o;
  return caught(() => moveTileEngine(puzzle, tile, opts?.now));
}
/** {@link moveTile}, throwing a SlideboxError for a bad tile or options. */
export const moveTileOrThrow = orThrow(moveTile);

/**
 * The tile that {@link slideToward} would move, or null: `left` is the tile right of the blank
 * (with `invert`, the tile left of it).
 */
export function tileToward(
  puzzle: Puzzle,
  dir: Direction,
  opts?: { invert?: boolean },
): Result<number | null, MoveProblem> {
  const o = checkNow(opts, ['invert']);
  if (!o.ok) return o;
  const d = checkDirection(dir);
  return d.ok ? ok(tileTowardEngine(puzzle, d.value, opts?.invert ?? false)) : d;
}
/** {@link tileToward}, throwing a SlideboxError for a bad direction or options. */
export const tileTowardOrThrow = orThrow(tileToward);

/** Slides the tile {@link tileToward} names (the same puzzle when there is none). */
export function slideToward(
  puzzle: Puzzle,
  dir: Direction,
  opts?: { invert?: boolean; now?: number },
): Result<Puzzle, MoveProblem> {
  const o = checkNow(opts, ['invert', 'now']);
  if (!o.ok) return o;
  const d = checkDirection(dir);
  return d.ok ? ok(slideTowardEngine(puzzle, d.value, opts)) : d;
}
/** {@link slideToward}, throwing a SlideboxError for a bad direction or options. */
export const slideTowardOrThrow = orThrow(slideToward);

/** The puzzle before the last move, keeping the clock (a new or solved puzzle stays as it is). */
export function undoPuzzle(puzzle: Puzzle): Puzzle {
  return undo(puzzle);
}

/**
 * Whether `tiles` (row-major, 0 = blank) is a valid `size` x `size` board (3..8) from which the
 * goal can be reached; false for anything that is not a valid board (`parseTiles` says why).
 */
export function isSolvable(tiles: readonly number[], size: number): boolean {
  return isSolvableBoard(tiles, size);
}

/** A puzzle as JSON text at time `now` (ms, default 0: the running time is folded in). */
export function makePuzzleSave(
  puzzle: Puzzle,
  opts?: { now?: number },
): Result<string, BadOptions> {
  const o = checkNow(opts, ['now']);
  if (!o.ok) return o as Result<never, BadOptions>;
  return ok(JSON.stringify(serializePuzzle(puzzle, opts?.now ?? 0)));
}
/** {@link makePuzzleSave}, throwing a SlideboxError for bad options. */
export const makePuzzleSaveOrThrow = orThrow(makePuzzleSave);

/**
 * The puzzle of a save made by {@link makePuzzleSave}, checked by replaying its moves; its clock
 * is paused (`resumeClock(puzzle, now)` once it is on screen).
 */
export function parsePuzzleSave(text: string): Result<Puzzle, PuzzleSaveProblem> {
  if (typeof text !== 'string') {
    return err({ code: 'bad-save', message: 'a save is the JSON text makePuzzleSave made' });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return err({
      code: 'bad-save',
      message: 'a save is the JSON text makePuzzleSave made, and this is not JSON',
    });
  }
  return parseSavedPuzzle(data);
}
/** {@link parsePuzzleSave}, throwing a SlideboxError for a bad save. */
export const parsePuzzleSaveOrThrow = orThrow(parsePuzzleSave);

/** Options of {@link solve}. */
export interface SolveOptions {
  /** Fewest moves (default true; only 3x3 and 4x4 are solved optimally). */
  optimal?: boolean;
  /** After this many milliseconds an optimal search gives way to the fast solver. */
  timeLimitMs?: number;
  /** Where the 4x4 pattern databases are kept between processes (default none). */
  store?: BlobStore | null;
}

/**
 * The tiles to slide, in order, to take `tiles` (row-major, 0 = blank) to the goal; each entry
 * is the number of the tile that moves into the blank. Fewest moves for 3x3 and 4x4 unless
 * `optimal: false`; past `timeLimitMs` (or from 5x5 up) a fast solver gives a valid, longer
 * solution. Resolves to a Result: bad input (size outside 3..8, wrong length, a bad, duplicate
 * or missing tile, an unsolvable position, bad or unknown options) is its error.
 *
 * Runs on the calling thread in slices (the event loop keeps turning). Optimal 4x4 solves need
 * pattern databases (about 11 MB), built on first use in about 6 s and kept in memory for the
 * process; without a `store` they are rebuilt in every process. Pass `store` to keep them:
 * `fileCache()` from `slidebox/node` (a folder on disk), or a store of your own (IndexedDB in a
 * browser; see `BlobStore`). `slidebox/node` also has `startSolve`, to solve on a worker thread.
 */
export async function solve(
  tiles: readonly number[],
  size: number,
  opts?: SolveOptions,
): Promise<Result<number[], Problem>> {
  const known = knownOptions(opts, ['optimal', 'timeLimitMs', 'store']);
  if (!known.ok) return known;
  const r = await solvePuzzle(tiles, size, { ...opts, store: opts?.store ?? null });
  return r.ok ? ok(r.value.moves) : r;
}
/** {@link solve}, rejecting with a SlideboxError for bad input. */
export const solveOrThrow = orReject(solve);

const SOLVER_OPTIONS = [
  'optimal',
  'timeLimitMs',
  'store',
  'signal',
  'now',
  'sliceNodes',
  'onProgress',
] as const;

/**
 * {@link solve} with how the solution was found (`{ moves, method, optimal, nodes, ms }`), a
 * cancelling `signal` (an abort rejects with the signal's reason), `store`, `onProgress` for the
 * pattern databases, and the wiring `now` and `sliceNodes`.
 */
export async function solvePuzzle(
  tiles: readonly number[],
  size: number,
  opts?: SolverOptions,
): Promise<Result<SolveReport, Problem>> {
  const known = knownOptions(opts, SOLVER_OPTIONS);
  if (!known.ok) return known;
  return sized(await caughtAsync(() => solveEngine(tiles, size, opts ?? {})));
}
/** {@link solvePuzzle}, rejecting with a SlideboxError for bad input. */
export const solvePuzzleOrThrow = orReject(solvePuzzle);

/** The goal of a `size` x `size` board: 1 .. n-1 in order, the blank last. Refuses a bad size. */
export function goalTiles(size: number): Result<number[], Problem<'bad-size'>> {
  const s = checkSize(size);
  return s.ok ? ok(goalTilesEngine(s.value)) : s;
}
/** {@link goalTiles}, throwing a SlideboxError for a bad size. */
export const goalTilesOrThrow = orThrow(goalTiles);

/**
 * A uniformly random solvable shuffle of a `size` x `size` board (never the goal) drawn from
 * `rng`, and the generator after it. Refuses a bad size or generator state.
 */
export function shuffleTiles(
  size: number,
  rng: RngState,
): Result<{ tiles: number[]; rng: RngState }, Problem<'bad-size' | 'bad-rng'>> {
  const s = checkSize(size);
  if (!s.ok) return s;
  const r = parseRngState(rng);
  return r.ok ? ok(shuffleTilesEngine(s.value, r.value)) : r;
}
/** {@link shuffleTiles}, throwing a SlideboxError for a bad size or generator state. */
export const shuffleTilesOrThrow = orThrow(shuffleTiles);
