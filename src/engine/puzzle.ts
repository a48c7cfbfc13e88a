/**
 * A game of the sliding puzzle as an immutable value: shuffle, moves (single and multi-tile),
 * move counter, undo, win detection, and a clock that front-ends drive.
 *
 * The engine reads no clock: functions that touch the timer take `now` (milliseconds from any
 * fixed origin, e.g. `Date.now()` or `performance.now()`) as an argument. The timer starts at
 * the first move, stops at the win, and pauses while the game is not on screen
 * ({@link pauseClock} / {@link resumeClock}).
 */

import { show } from './describe.ts';
import {
  checkWidth,
  goalTiles,
  isGoal,
  isSolvableRect,
  parseTiles,
  type TilesProblem,
} from './puzzleBoard.ts';
import { err, ok, type Problem, problem, type Result, unwrap } from './result.ts';
import { checkSeed, nextInt, type RngState, randomSeed, type Seed, seedRng } from './rng.ts';
import { assertDirection, type Direction, type Pos } from './types.ts';

/** One tile of a move: its number and the cells it left and entered. */
export interface TileSlide {
  readonly tile: number;
  readonly from: Pos;
  readonly to: Pos;
}

/** A move: the tiles that slid (the one next to the blank first) and the way they went. */
export interface PuzzleMove {
  /** The tile that was asked to move (the farthest from the blank in a multi-tile move). */
  readonly tile: number;
  /** Where the tiles went. */
  readonly direction: Direction;
  /** Every tile that slid, nearest the old blank first; its length is the moves counted. */
  readonly slides: readonly TileSlide[];
  /**
   * The game clock (ms) when the move was made: paused time does not count, and the first move
   * of a game whose clock starts with it is at 0. Absent when the move was made without a
   * clock reading (`moveTile` without `now`).
   */
  readonly atMs?: number;
}

/** The timer of a game. Time is only ever added while `runningSince` is set. */
export interface PuzzleClock {
  /** Milliseconds counted before `runningSince`. */
  readonly elapsedMs: number;
  /** When the clock last started running, or null while it is stopped. */
  readonly runningSince: number | null;
  /** The first move has been made (the timer has started). */
  readonly started: boolean;
  /** The game is not on screen: the clock does not run. */
  readonly paused: boolean;
}

/** A game of the sliding puzzle: an immutable value. */
export interface Puzzle {
  /** The board's side, 3 to 8, as `size` of a 2048 game. */
  readonly size: number;
  /** @deprecated The same as `size` (the engine's older name, kept for 0.1 code). */
  readonly width: number;
  /** The seed the shuffle came from, or null for a puzzle set up from given tiles. */
  readonly seed: Seed | null;
  /** Row-major, 0 for the blank. */
  readonly tiles: readonly number[];
  /** Single-tile moves made (a multi-tile move counts each tile). */
  readonly moves: number;
  /** The tiles are in the goal order. A solved game takes no more moves and no undo. */
  readonly solved: boolean;
  readonly clock: PuzzleClock;
  /** The move that led here (null for a new game), for animation and history. */
  readonly last: PuzzleMove | null;
  /** The move that undo just took back (null otherwise), so a renderer can animate it. */
  readonly undone: PuzzleMove | null;
  /** The state before the last move; undo returns to it. */
  readonly previous: Puzzle | null;
}

export interface NewPuzzleOptions {
  /** Board width and height, 3 to 8 (default 4). */
  width?: number;
  /** Seed of the shuffle (default: a fresh random seed). */
  seed?: Seed;
}

export type PuzzleOptionsProblem = Problem<'bad-width' | 'bad-seed' | 'bad-options'>;

export const DEFAULT_WIDTH = 4;

const NEW_CLOCK: PuzzleClock = { elapsedMs: 0, runningSince: null, started: false, paused: false };

/** The cell of index `i` on a board of width `width`. */
export function posOf(i: number, width: number): Pos {
  return { row: Math.floor(i / width), col: i % width };
}

/**
 * A uniformly random solvable arrangement that is not the goal: a uniformly random permutation
 * (Fisher-Yates) whose parity is repaired by swapping the first two tiles when it is
 * unsolvable. Swapping is a one-to-one map from unsolvable to solvable arrangements with the
 * blank in the same cell, so every solvable arrangement stays equally likely; the goal is
 * drawn again.
 */
export function shuffleTiles(width: number, rng: RngState): { tiles: number[]; rng: RngState } {
  const n = width * width;
  let state = rng;
  for (;;) {
    const tiles = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const r = nextInt(state, i + 1);
      state = r.state;
      const j = r.value;
      const t = tiles[i]!;
      tiles[i] = tiles[j]!;
      tiles[j] = t;
    }
    if (!isSolvableRect(tiles, width, width)) {
      const a = tiles[0] === 0 ? 1 : 0;
      const b = tiles[a + 1] === 0 ? a + 2 : a + 1;
      const t = tiles[a]!;
      tiles[a] = tiles[b]!;
      tiles[b] = t;
    }
    if (!isGoal(tiles)) return { tiles, rng: state };
  }
}

/** Checks new-puzzle options, filling in defaults (a fresh random seed when none is given). */
export function checkPuzzleOptions(
  opts: NewPuzzleOptions = {},
): Result<Required<NewPuzzleOptions>, PuzzleOptionsProblem> {
  if (typeof opts !== 'object' || opts === null || Array.isArray(opts)) {
    return err(problem('bad-options', `options must be an object, got ${show(opts)}`));
  }
  const width = checkWidth(opts.width ?? DEFAULT_WIDTH);
  if (!width.ok) return width;
  const seed = checkSeed(opts.seed ?? randomSeed());
  if (!seed.ok) return seed;
  return ok({ width: width.value, seed: seed.value });
}

/** A new shuffled game. Throws a SlideboxError for bad options. */
export function newPuzzle(opts?: NewPuzzleOptions): Puzzle {
  const o = unwrap(checkPuzzleOptions(opts));
  const { tiles } = shuffleTiles(o.width, seedRng(o.seed));
  return start(o.width, o.seed, tiles);
}

/**
 * A game from given tiles, validated ({@link parseTiles}), with the seed it was dealt from
 * (null for none; else checked like any seed); as a Result.
 */
export function parsePuzzle(
  tiles: unknown,
  width: number,
  seed: Seed | null = null,
): Result<Puzzle, TilesProblem | Problem<'bad-seed'>> {
  const t = parseTiles(tiles, width);
  if (!t.ok) return t;
  if (seed !== null) {
    const checked = checkSeed(seed);
    if (!checked.ok) return checked;
  }
  return ok(start(width, seed, t.value));
}

/** A game from given tiles. Throws a SlideboxError naming the problem for a bad board. */
export function puzzleFromTiles(tiles: readonly number[], width: number): Puzzle {
  return unwrap(parsePuzzle(tiles, width));
}

function start(width: number, seed: Seed | null, tiles: number[]): Puzzle {
  return {
    size: width,
    width,
    seed,
    tiles,
    moves: 0,
    solved: isGoal(tiles),
    clock: NEW_CLOCK,
    last: null,
    undone: null,
    previous: null,
  };
}

/**
 * The tile at a cell (0 for the blank), or null off the board: what a click on that cell names.
 * Pass it to {@link moveTile}, which slides it (with the tiles between) if it is in the blank's
 * row or column.
 */
export function tileAt(puzzle: Puzzle, pos: Pos): number | null {
  const { width } = puzzle;
  if (!Number.isInteger(pos.row) || !Number.isInteger(pos.col)) return null;
  if (pos.row < 0 || pos.row >= width || pos.col < 0 || pos.col >= width) return null;
  return puzzle.tiles[pos.row * width + pos.col]!;
}

/** The tiles that can move now: those in the blank's row and column, in board order. */
export function movableTiles(puzzle: Puzzle): number[] {
  const { tiles, width } = puzzle;
  const b = posOf(tiles.indexOf(0), width);
  const out: number[] = [];
  tiles.forEach((t, i) => {
    if (t === 0) return;
    const p = posOf(i, width);
    if (p.row === b.row || p.col === b.col) out.push(t);
  });
  return out;
}

function checkTile(puzzle: Puzzle, tile: number): void {
  const n = puzzle.width * puzzle.width;
  if (typeof tile !== 'number' || !Number.isInteger(tile) || tile < 1 || tile >= n) {
    unwrap(
      err(problem('bad-tile', `tile must be a whole number from 1 to ${n - 1}, got ${show(tile)}`)),
    );
  }
}

/**
 * The game after sliding `tile` toward the blank. A tile next to the blank slides into it; a
 * tile farther along the blank's row or column slides with every tile between (each counted
 * as a move). A tile that cannot move, or any move once solved, returns the same game.
 * `now` drives the timer (see the module comment) and dates the move on the game clock (its
 * `atMs`); without it the timer reads 0 and the move has no time. Throws a SlideboxError for a
 * bad tile number.
 */
export function moveTile(puzzle: Puzzle, tile: number, now?: number): Puzzle {
  checkTile(puzzle, tile);
  if (puzzle.solved) return puzzle;
  const { width } = puzzle;
  const blankIdx = puzzle.tiles.indexOf(0);
  const tileIdx = puzzle.tiles.indexOf(tile);
  const b = posOf(blankIdx, width);
  const p = posOf(tileIdx, width);
  if (b.row !== p.row && b.col !== p.col) return puzzle;
  const dr = Math.sign(b.row - p.row);
  const dc = Math.sign(b.col - p.col);
  const direction: Direction = dr < 0 ? 'up' : dr > 0 ? 'down' : dc < 0 ? 'left' : 'right';
  const step = dr * width + dc;
  const next = [...puzzle.tiles];
  const slides: TileSlide[] = [];
  // Walk from the blank back to the tile, moving each tile one cell into the gap.
  for (let gap = blankIdx; gap !== tileIdx; gap -= step) {
    const from = gap - step;
    const t = next[from]!;
    next[gap] = t;
    next[from] = 0;
    slides.push({ tile: t, from: posOf(from, width), to: posOf(gap, width) });
  }
  const solved = isGoal(next);
  const at = now === undefined ? {} : { atMs: elapsedMs(puzzle, now) };
  return {
    size: width,
    width,
    seed: puzzle.seed,
    tiles: next,
    moves: puzzle.moves + slides.length,
    solved,
    clock: afterMove(puzzle.clock, now ?? 0, solved),
    last: { tile, direction, slides, ...at },
    undone: null,
    previous: puzzle,
  };
}

function afterMove(clock: PuzzleClock, now: number, solved: boolean): PuzzleClock {
  let c = clock;
  if (!c.started) {
    c = { ...c, started: true, runningSince: c.paused ? null : now };
  }
  if (solved) return stopAt(c, now);
  return c;
}

function stopAt(c: PuzzleClock, now: number): PuzzleClock {
  if (c.runningSince === null) return c;
  return { ...c, elapsedMs: c.elapsedMs + Math.max(0, now - c.runningSince), runningSince: null };
}

/**
 * The tile that {@link slideToward} would move, or null. Directions name where the tile goes:
 * `left` is the tile to the right of the blank. With `invert`, directions name where the blank
 * goes: `left` is the tile to the left of the blank.
 */
export function tileToward(puzzle: Puzzle, dir: Direction, invert = false): number | null {
  assertDirection(dir);
  const { width, tiles } = puzzle;
  const b = posOf(tiles.indexOf(0), width);
  // The offset from the blank to the tile that moves in `dir`.
  let dr = dir === 'up' ? 1 : dir === 'down' ? -1 : 0;
  let dc = dir === 'left' ? 1 : dir === 'right' ? -1 : 0;
  if (invert) {
    dr = -dr;
    dc = -dc;
  }
  const r = b.row + dr;
  const c = b.col + dc;
  if (r < 0 || r >= width || c < 0 || c >= width) return null;
  return tiles[r * width + c]!;
}

/** Slides the tile that {@link tileToward} names; the same game when there is none. */
export function slideToward(
  puzzle: Puzzle,
  dir: Direction,
  opts: { invert?: boolean; now?: number } = {},
): Puzzle {
  const tile = tileToward(puzzle, dir, opts.invert ?? false);
  return tile === null ? puzzle : moveTile(puzzle, tile, opts.now);
}

/**
 * The game before the last move (tiles and move count), keeping the current clock. A new game,
 * and a solved one, stay as they are.
 */
export function undo(puzzle: Puzzle): Puzzle {
  if (puzzle.solved || !puzzle.previous) return puzzle;
  return { ...puzzle.previous, clock: puzzle.clock, undone: puzzle.last };
}

/**
 * The puzzle with its clock started at `now` before any move (the next puzzle of a relay or a
 * marathon: the time runs from the moment it is dealt, not from its first move).
 */
export function startClock(puzzle: Puzzle, now: number): Puzzle {
  return { ...puzzle, clock: { elapsedMs: 0, runningSince: now, started: true, paused: false } };
}

/** Stops the clock while the game is not on screen. */
export function pauseClock(puzzle: Puzzle, now: number): Puzzle {
  if (puzzle.clock.paused) return puzzle;
  return { ...puzzle, clock: { ...stopAt(puzzle.clock, now), paused: true } };
}

/** Starts the clock again when the game is back on screen (if it had started and not stopped). */
export function resumeClock(puzzle: Puzzle, now: number): Puzzle {
  const c = puzzle.clock;
  if (!c.paused) return puzzle;
  const running = c.started && !puzzle.solved;
  return { ...puzzle, clock: { ...c, paused: false, runningSince: running ? now : null } };
}

/** Milliseconds on the timer at time `now`. */
export function elapsedMs(puzzle: Puzzle, now: number): number {
  const c = puzzle.clock;
  return c.elapsedMs + (c.runningSince === null ? 0 : Math.max(0, now - c.runningSince));
}

/** The goal arrangement for a width (1 .. n-1, blank last). */
export function goal(width: number): number[] {
  return goalTiles(width);
}
