/** Shared vocabulary of the games. */

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
