/** Shared vocabulary of the games. */

import { show } from './describe.ts';
import { err, ok, type Problem, problem, type Result, unwrap } from './result.ts';

/** The four directions, in a fixed order used by keymaps, solvers and tests. */
export const DIRECTIONS = ['up', 'down', 'left', 'right'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** A cell on a board: row 0 at the top, col 0 at the left. */
export interface Pos {
  readonly row: number;
  readonly col: number;
}

/** Board sizes the games accept, inclusive. */
export const MIN_SIZE = 3;
export const MAX_SIZE = 8;

/** The tile that wins a versus match unless the rules say otherwise. */
export const DEFAULT_VERSUS_TARGET = 512;

export function isDirection(x: unknown): x is Direction {
  return typeof x === 'string' && (DIRECTIONS as readonly string[]).includes(x);
}

/** The direction opposite to `d`. */
export function opposite(d: Direction): Direction {
  switch (d) {
    case 'up':
      return 'down';
    case 'down':
      return 'up';
    case 'left':
      return 'right';
    case 'right':
      return 'left';
  }
}

/** Checks untrusted input is a direction. */
export function checkDirection(x: unknown): Result<Direction, Problem<'bad-direction'>> {
  if (isDirection(x)) return ok(x);
  return err(
    problem('bad-direction', `direction must be one of ${DIRECTIONS.join(', ')}, got ${show(x)}`),
  );
}

/** Throws a SlideboxError unless `x` is a direction (for the convenience API). */
export function assertDirection(x: unknown): asserts x is Direction {
  unwrap(checkDirection(x));
}
