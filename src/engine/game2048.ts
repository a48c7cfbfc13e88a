/**
 * The rules of 2048, as in the original game: slides, merges (nearest the wall first, a merged
 * tile never merges again in the same move), scoring, spawns (2 at 0.9, 4 at 0.1 in a uniformly
 * chosen empty cell), win at a target with keep-going, loss when no direction moves, undo.
 *
 * Everything here is pure: every function returns new values and randomness comes in as an
 * {@link RngState} carried by the game.
 */

import { show } from './describe.ts';
import { err, ok, type Problem, problem, type Result, unwrap } from './result.ts';
import {
  checkSeed,
  nextFloat,
  nextInt,
  type RngState,
  randomSeed,
  type Seed,
  seedRng,
} from './rng.ts';
import {
  assertDirection,
  DIRECTIONS,
  type Direction,
  MAX_SIZE,
  MIN_SIZE,
  type Pos,
} from './types.ts';

/** Tile values by row then column; 0 is an empty cell. */
export type Cells = readonly (readonly number[])[];

/** Where one tile went in a slide. `merged`: it ended in a merge at `to`. */
export interface TileMove {
  readonly from: Pos;
  readonly to: Pos;
  readonly value: number;
  readonly merged: boolean;
}

/** A tile created by a merge. */
export interface Merge {
  readonly at: Pos;
  readonly value: number;
}

/** A tile that appeared on the board. */
export interface Spawn {
  readonly at: Pos;
  readonly value: number;
}

/** What {@link slide} returns: the new cells plus what happened, for scoring and animation. */
export interface SlideResult {
  readonly cells: number[][];
  /** Points gained: the sum of the tiles merges created. */
  readonly gained: number;
  /** Whether any tile moved or merged. */
  readonly moved: boolean;
  /** Every tile of the input board and where it went (stationary tiles included). */
  readonly tiles: readonly TileMove[];
  /** The tiles merges created, in board order. */
  readonly merges: readonly Merge[];
}

/** A game of 2048: an immutable value. */
export interface Game {
  readonly size: number;
  readonly target: number;
  /** The seed the game started from (for replays); the current randomness is `rng`. */
  readonly seed: Seed;
  readonly cells: Cells;
  readonly score: number;
  /** Moves that changed the board (turns). */
  readonly moves: number;
  /** A tile has reached the target in this game. */
  readonly won: boolean;
  /**
   * Moves go on past the target: the player chose to keep going after winning, or the game was
   * made with `newGame({ keepPlaying: true })`. While `won && !keepPlaying`, `play` changes nothing.
   */
  readonly keepPlaying: boolean;
  /** No direction changes the board. */
  readonly over: boolean;
  readonly rng: RngState;
  /** The move that led here (null for a new game), for animation. */
  readonly last: Turn | null;
  /** Tiles that appeared to reach this state (two for a new game, one after a move). */
  readonly spawned: readonly Spawn[];
  /** The state before the last move; undo returns it. */
  readonly previous: Game | null;
}

/** One turn: the direction and what the slide did. */
export interface Turn {
  readonly direction: Direction;
  readonly tiles: readonly TileMove[];
  readonly merges: readonly Merge[];
  readonly gained: number;
}

export interface NewGameOptions {
  /** Board width and height, 3 to 8 (default 4). */
  size?: number;
  /** The winning tile, a power of two from 8 up (default 2048). */
  target?: number;
  /** Seed for the random generator (default: a fresh random seed). */
  seed?: Seed;
  /**
   * Never stop at the target (default false): reaching it still sets `won`, but `play` goes on
   * without waiting for `keepGoing`, as an AI loop `while (!g.over)` expects.
   */
  keepPlaying?: boolean;
}

export type BoardProblem = Problem<'bad-board' | 'bad-size' | 'bad-value'>;
export type OptionsProblem = Problem<'bad-size' | 'bad-target' | 'bad-seed' | 'bad-options'>;

/** The largest tile value accepted: 2^53, beyond which numbers lose exactness. */
export const MAX_TILE = 2 ** 53;
/** {@link MAX_TILE} as messages write it: "9,007,199,254,740,992 (2^53)". */
export const MAX_TILE_WORDS = '9,007,199,254,740,992 (2^53)';
export const DEFAULT_SIZE = 4;
export const DEFAULT_TARGET = 2048;

/** Is `v` a tile value: 0 or a power of two from 2 to {@link MAX_TILE}. */
export function isTileValue(v: unknown): v is number {
  return (
    typeof v === 'number' &&
    (v === 0 || (v >= 2 && v <= MAX_TILE && Number.isInteger(v) && Number.isInteger(Math.log2(v))))
  );
}

/** Parses untrusted input into a square board of tile values, or says what is wrong. */
export function parseCells(input: unknown): Result<number[][], BoardProblem> {
  if (!Array.isArray(input)) {
    return err(problem('bad-board', `board must be an array of rows, got ${show(input)}`));
  }
  const n = input.length;
  if (n < MIN_SIZE || n > MAX_SIZE) {
    return err(
      problem(
        'bad-size',
        `board must have ${MIN_SIZE} to ${MAX_SIZE} rows, got ${n} row${n === 1 ? '' : 's'}`,
      ),
    );
  }
  const out: number[][] = [];
  for (let r = 0; r < n; r++) {
    const row: unknown = input[r];
    if (!Array.isArray(row)) {
      return err(problem('bad-board', `board row ${r} must be an array, got ${show(row)}`));
    }
    if (row.length !== n) {
      return err(
        problem(
          'bad-board',
          `board must be square: it has ${n} rows but row ${r} has ${row.length} cells`,
        ),
      );
    }
    for (let c = 0; c < n; c++) {
      if (!isTileValue(row[c])) {
        return err(
          problem(
            'bad-value',
            `cell at row ${r}, column ${c} must be 0 or a power of two from 2 to ${MAX_TILE_WORDS}, got ${show(row[c])}`,
          ),
        );
      }
    }
    out.push([...row]);
  }
  return ok(out);
}

/**
 * Where a line's cells are: cell i of line `line` (i = 0 nearest the wall `dir` moves toward)
 * is at row r0 + i·dr, column c0 + i·dc.
 */
function lineStart(n: number, dir: Direction, line: number): [number, number, number, number] {
  switch (dir) {
    case 'left':
      return [line, 0, 0, 1];
    case 'right':
      return [line, n - 1, 0, -1];
    case 'up':
      return [0, line, 1, 0];
    default:
      return [n - 1, line, -1, 0];
  }
}

/** {@link slide} without validation, for cells already known to be a valid board. */
export function slideValid(cells: Cells, dir: Direction): SlideResult {
  const n = cells.length;
  const next: number[][] = [];
  for (let r = 0; r < n; r++) next.push(new Array<number>(n).fill(0));
  const tiles: TileMove[] = [];
  const merges: Merge[] = [];
  let gained = 0;
  let moved = false;
  for (let line = 0; line < n; line++) {
    const [r0, c0, dr, dc] = lineStart(n, dir, line);
    let target = 0;
    // The last tile placed, if it may still take a merge this move (0: none).
    let openValue = 0;
    let openAt: Pos | null = null;
    for (let i = 0; i < n; i++) {
      const value = cells[r0 + i * dr]![c0 + i * dc]!;
      if (value === 0) continue;
      const from: Pos = { row: r0 + i * dr, col: c0 + i * dc };
      // Tiles at MAX_TILE do not merge: their sum could not be represented exactly.
      if (openAt !== null && openValue === value && value < MAX_TILE) {
        const sum = value * 2;
        next[openAt.row]![openAt.col] = sum;
        gained += sum;
        merges.push({ at: openAt, value: sum });
        // The tile already placed there is part of this merge too.
        const partner = tiles[tiles.length - 1]!;
        tiles[tiles.length - 1] = { ...partner, merged: true };
        tiles.push({ from, to: openAt, value, merged: true });
        moved = true;
        openAt = null;
        continue;
      }
      const to: Pos = target === i ? from : { row: r0 + target * dr, col: c0 + target * dc };
      target++;
      next[to.row]![to.col] = value;
      tiles.push({ from, to, value, merged: false });
      if (to !== from) moved = true;
      openValue = value;
      openAt = to;
    }
  }
  merges.sort((a, b) => a.at.row - b.at.row || a.at.col - b.at.col);
  return { cells: next, gained, moved, tiles, merges };
}

/**
 * Slides every tile as far as it goes in `dir`, merging equal pairs (nearest the wall first,
 * each tile at most once). Pure. Throws a SlideboxError for a board that is not one.
 */
export function slide(cells: Cells, dir: Direction): SlideResult {
  const board = unwrap(parseCells(cells));
  assertDirection(dir);
  return slideValid(board, dir);
}

/** Whether any direction changes a valid board (no validation: for the engine's own use). */
export function canMoveValid(cells: Cells): boolean {
  const n = cells.length;
  for (let r = 0; r < n; r++) {
    const row = cells[r]!;
    for (let c = 0; c < n; c++) {
      const v = row[c]!;
      if (v === 0) return true;
      if (v === MAX_TILE) continue;
      if (c + 1 < n && row[c + 1] === v) return true;
      if (r + 1 < n && cells[r + 1]![c] === v) return true;
    }
  }
  return false;
}

/** False exactly when no direction changes the board. Throws a SlideboxError for a non-board. */
export function canMove(cells: Cells): boolean {
  return canMoveValid(unwrap(parseCells(cells)));
}

/** Checks new-game options, filling in defaults (a fresh random seed when none is given). */
export function checkOptions(
  opts: NewGameOptions = {},
): Result<Required<NewGameOptions>, OptionsProblem> {
  if (typeof opts !== 'object' || opts === null || Array.isArray(opts)) {
    return err(problem('bad-options', `options must be an object, got ${show(opts)}`));
  }
  const size = opts.size ?? DEFAULT_SIZE;
  if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) {
    return err(
      problem(
        'bad-size',
        `size must be a whole number from ${MIN_SIZE} to ${MAX_SIZE}, got ${show(opts.size)}`,
      ),
    );
  }
  const target = opts.target ?? DEFAULT_TARGET;
  if (!isTileValue(target) || target < 8) {
    return err(
      problem(
        'bad-target',
        `target must be a power of two from 8 to ${MAX_TILE_WORDS}, got ${show(opts.target)}`,
      ),
    );
  }
  if (opts.keepPlaying !== undefined && typeof opts.keepPlaying !== 'boolean') {
    return err(
      problem('bad-options', `keepPlaying must be true or false, got ${show(opts.keepPlaying)}`),
    );
  }
  const seed = checkSeed(opts.seed ?? randomSeed());
  if (!seed.ok) return seed;
  return ok({ size, target, seed: seed.value, keepPlaying: opts.keepPlaying ?? false });
}

/** Puts a 2 (probability 0.9) or a 4 (0.1) in a uniformly chosen empty cell. */
export function spawnTile(
  cells: Cells,
  rng: RngState,
): { cells: number[][]; rng: RngState; spawn: Spawn | null } {
  const copy: number[][] = [];
  let empty = 0;
  for (const row of cells) {
    copy.push(row.slice());
    for (const v of row) if (v === 0) empty++;
  }
  if (empty === 0) return { cells: copy, rng, spawn: null };
  const pick = nextInt(rng, empty);
  const roll = nextFloat(pick.state);
  const value = roll.value < 0.9 ? 2 : 4;
  // The pick.value-th empty cell, in reading order.
  let k = pick.value;
  for (let r = 0; r < copy.length; r++) {
    const row = copy[r]!;
    for (let c = 0; c < row.length; c++) {
      if (row[c] !== 0 || k-- > 0) continue;
      row[c] = value;
      return { cells: copy, rng: roll.state, spawn: { at: { row: r, col: c }, value } };
    }
  }
  throw new Error('spawnTile: an empty cell was counted but not found');
}

function reachedTarget(cells: Cells, target: number): boolean {
  return cells.some((row) => row.some((v) => v >= target));
}

/** A new game with two spawned tiles. Throws a SlideboxError for bad options. */
export function newGame(opts?: NewGameOptions): Game {
  const o = unwrap(checkOptions(opts));
  const empty = Array.from({ length: o.size }, () => new Array<number>(o.size).fill(0));
  const first = spawnTile(empty, seedRng(o.seed));
  const second = spawnTile(first.cells, first.rng);
  const game = makeGame(o.size, o.target, o.seed, second.cells, second.rng, [
    first.spawn!,
    second.spawn!,
  ]);
  return o.keepPlaying ? { ...game, keepPlaying: true } : game;
}

/**
 * A game that starts from given cells (for puzzles, tests and analysis). The score starts at
 * `score` (default 0); nothing spawns until the first move.
 */
export function gameFromCells(
  cells: Cells,
  opts: { target?: number; seed?: Seed; score?: number } = {},
): Game {
  const board = unwrap(parseCells(cells));
  if (typeof opts !== 'object' || opts === null || Array.isArray(opts)) {
    unwrap(err(problem('bad-options', `options must be an object, got ${show(opts)}`)));
  }
  const o = unwrap(checkOptions({ size: board.length, target: opts.target, seed: opts.seed }));
  const score = opts.score ?? 0;
  if (!Number.isSafeInteger(score) || score < 0) {
    unwrap(
      err(problem('bad-score', `score must be a whole number from 0, got ${show(opts.score)}`)),
    );
  }
  return { ...makeGame(o.size, o.target, o.seed, board, seedRng(o.seed), []), score };
}

function makeGame(
  size: number,
  target: number,
  seed: Seed,
  cells: number[][],
  rng: RngState,
  spawned: Spawn[],
): Game {
  return {
    size,
    target,
    seed,
    cells,
    score: 0,
    moves: 0,
    won: reachedTarget(cells, target),
    keepPlaying: false,
    over: !canMoveValid(cells),
    rng,
    last: null,
    spawned,
    previous: null,
  };
}

/** True while the game waits for the player to choose after a win (keep going or new game). */
export function awaitingWinChoice(game: Game): boolean {
  return game.won && !game.keepPlaying;
}

/**
 * The state after moving `dir`. A move that changes nothing returns the same game (no spawn,
 * no turn). While the game is over, or waiting for the win choice, moves change nothing.
 */
export function play(game: Game, dir: Direction): Game {
  assertDirection(dir);
  if (game.over || awaitingWinChoice(game)) return game;
  const s = slideValid(game.cells, dir);
  if (!s.moved) return game;
  const sp = spawnTile(s.cells, game.rng);
  return {
    size: game.size,
    target: game.target,
    seed: game.seed,
    cells: sp.cells,
    score: game.score + s.gained,
    moves: game.moves + 1,
    won: game.won || reachedTarget(sp.cells, game.target),
    keepPlaying: game.keepPlaying,
    over: !canMoveValid(sp.cells),
    rng: sp.rng,
    last: { direction: dir, tiles: s.tiles, merges: s.merges, gained: s.gained },
    spawned: sp.spawn ? [sp.spawn] : [],
    previous: game,
  };
}

/** After a win: go on playing (no further win notices in this game). */
export function keepGoing(game: Game): Game {
  if (!game.won || game.keepPlaying) return game;
  return { ...game, keepPlaying: true };
}

/** The state before the last move (board, score, moves and generator); a new game stays. */
export function undo(game: Game): Game {
  return game.previous ?? game;
}

/** The directions that change the board, in {@link DIRECTIONS} order. */
export function legalMoves(cells: Cells): Direction[] {
  const board = unwrap(parseCells(cells));
  return DIRECTIONS.filter((d) => slideValid(board, d).moved);
}

/** The largest tile on the board. */
export function maxTile(cells: Cells): number {
  let m = 0;
  for (const row of cells) for (const v of row) if (v > m) m = v;
  return m;
}
