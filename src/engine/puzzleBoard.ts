/**
 * Boards of the sliding puzzle (8-puzzle, 15-puzzle, n-puzzle): validation, solvability and
 * the goal. A board is its tiles in row-major order with 0 for the blank; the goal is
 * 1 .. n-1 in order with the blank last (bottom-right).
 *
 * The rectangular helpers (`*Rect`) accept any width and height of at least 2; the public API
 * only takes square boards of {@link MIN_SIZE} to {@link MAX_SIZE}, the rest exists so tests can
 * check the rules against brute force on small boards.
 */

import { show } from './describe.ts';
import { err, ok, type Problem, problem, type Result } from './result.ts';
import { MAX_SIZE, MIN_SIZE } from './types.ts';

/** Tiles in row-major order, 0 for the blank. */
export type Tiles = readonly number[];

export type TilesProblem = Problem<
  | 'bad-width'
  | 'bad-tiles'
  | 'bad-length'
  | 'bad-tile'
  | 'duplicate-tile'
  | 'missing-tile'
  | 'unsolvable'
>;

/** Checks a board width: a whole number from {@link MIN_SIZE} to {@link MAX_SIZE}. */
export function checkWidth(width: unknown): Result<number, Problem<'bad-width'>> {
  if (
    typeof width !== 'number' ||
    !Number.isInteger(width) ||
    width < MIN_SIZE ||
    width > MAX_SIZE
  ) {
    return err(
      problem(
        'bad-width',
        `width must be a whole number from ${MIN_SIZE} to ${MAX_SIZE}, got ${show(width)}`,
      ),
    );
  }
  return ok(width);
}

/**
 * Parses untrusted input into a valid, solvable square board of the given width, or says what
 * is wrong: the width, the length, a value that is not a tile, a duplicate, a missing tile, or
 * an unsolvable arrangement.
 */
export function parseTiles(tiles: unknown, width: number): Result<number[], TilesProblem> {
  const w = checkWidth(width);
  if (!w.ok) return w;
  return parseTilesRect(tiles, width, width);
}

/** {@link parseTiles} for a `width` x `height` board (both at least 2); no size limit. */
export function parseTilesRect(
  tiles: unknown,
  width: number,
  height: number,
): Result<number[], TilesProblem> {
  if (!Array.isArray(tiles)) {
    return err(problem('bad-tiles', `tiles must be an array of numbers, got ${show(tiles)}`));
  }
  const n = width * height;
  if (tiles.length > n) {
    return err(
      problem(
        'bad-length',
        `a ${width}x${height} board has ${n} cells, but ${tiles.length} tiles were given`,
      ),
    );
  }
  const seen = new Array<boolean>(n).fill(false);
  for (let i = 0; i < tiles.length; i++) {
    const t: unknown = tiles[i];
    if (typeof t !== 'number' || !Number.isInteger(t) || t < 0 || t >= n) {
      return err(
        problem(
          'bad-tile',
          `cell ${i} holds ${show(t)}, but tiles must be whole numbers from 0 (the blank) to ${n - 1}`,
        ),
      );
    }
    if (seen[t]) {
      return err(
        problem(
          'duplicate-tile',
          t === 0 ? 'the board has more than one blank (0)' : `tile ${t} appears more than once`,
        ),
      );
    }
    seen[t] = true;
  }
  if (tiles.length < n) {
    const missing: number[] = [];
    seen.forEach((s, t) => {
      if (!s) missing.push(t);
    });
    const names = missing.slice(0, 8).join(', ') + (missing.length > 8 ? ', …' : '');
    return err(
      problem(
        'missing-tile',
        `${missing.length === 1 ? 'tile' : 'tiles'} ${names} ${missing.length === 1 ? 'is' : 'are'} missing: a ${width}x${height} board has ${n} cells, but ${tiles.length} tiles were given (0 is the blank)`,
      ),
    );
  }
  const board = tiles as number[];
  if (!isSolvableRect(board, width, height)) {
    return err(
      problem(
        'unsolvable',
        'this arrangement cannot be solved: no sequence of slides reaches the goal (swapping two tiles would fix it)',
      ),
    );
  }
  return ok([...board]);
}

/** The number of pairs of tiles (the blank left out) that stand in the wrong order. */
export function inversions(tiles: Tiles): number {
  const seq = tiles.filter((t) => t !== 0);
  let inv = 0;
  for (let i = 0; i < seq.length; i++) {
    for (let j = i + 1; j < seq.length; j++) if (seq[i]! > seq[j]!) inv++;
  }
  return inv;
}

/**
 * Whether a valid arrangement of a `width` x `height` board can reach the goal.
 * Odd width: a vertical move jumps a tile over an even number of others, so the inversion count
 * keeps its parity, which must be even. Even width: a vertical move changes the inversions by an
 * odd amount and the blank's row by one, so inversions + the blank's rows above the bottom row
 * keep their parity, which must be even.
 */
export function isSolvableRect(tiles: Tiles, width: number, height: number): boolean {
  const inv = inversions(tiles);
  if (width % 2 === 1) return inv % 2 === 0;
  const blankRow = Math.floor(tiles.indexOf(0) / width);
  return (inv + (height - 1 - blankRow)) % 2 === 0;
}

/**
 * Whether `tiles` is a valid board of width `width` that can reach the goal. False for anything
 * that is not a valid board (wrong width or length, duplicates, missing tiles).
 */
export function isSolvable(tiles: unknown, width: number): boolean {
  const w = checkWidth(width);
  if (!w.ok) return false;
  return parseTilesRect(tiles, width, width).ok;
}

/** The goal of a `width` x `height` board: 1 .. n-1 in order, the blank last. */
export function goalTiles(width: number, height = width): number[] {
  const n = width * height;
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? 0 : i + 1));
}

/** Whether the tiles are in the goal order (1 .. n-1, the blank last). */
export function isGoal(tiles: Tiles): boolean {
  const n = tiles.length;
  for (let i = 0; i < n - 1; i++) if (tiles[i] !== i + 1) return false;
  return tiles[n - 1] === 0;
}
