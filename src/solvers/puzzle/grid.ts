/**
 * Fast board geometry for the puzzle solvers: neighbour tables in typed arrays, and the check
 * that a list of slides really reaches the goal.
 */
import { isGoal } from '../../engine/puzzleBoard.ts';

/**
 * Neighbours of every cell of a `width` x `height` board: entry `cell * 4 + k` for k = up,
 * down, left, right; -1 off the board.
 */
export function neighbourTable(width: number, height: number): Int8Array {
  const n = width * height;
  const t = new Int8Array(n * 4).fill(-1);
  for (let c = 0; c < n; c++) {
    const r = Math.floor(c / width);
    const col = c % width;
    if (r > 0) t[c * 4] = c - width;
    if (r < height - 1) t[c * 4 + 1] = c + width;
    if (col > 0) t[c * 4 + 2] = c - 1;
    if (col < width - 1) t[c * 4 + 3] = c + 1;
  }
  return t;
}

/**
 * Applies slides (tile numbers, each moving into the blank from a neighbouring cell) to a copy
 * of `tiles`. Returns the tiles reached, or null if some slide names a tile that is not next to
 * the blank.
 */
export function applySlides(
  tiles: readonly number[],
  width: number,
  slides: readonly number[],
): number[] | null {
  const t = [...tiles];
  const height = t.length / width;
  let blank = t.indexOf(0);
  for (const tile of slides) {
    const at = t.indexOf(tile);
    if (at < 0 || tile === 0) return null;
    const dr = Math.abs(Math.floor(at / width) - Math.floor(blank / width));
    const dc = Math.abs((at % width) - (blank % width));
    if (dr + dc !== 1 || Math.floor(at / width) >= height) return null;
    t[blank] = tile;
    t[at] = 0;
    blank = at;
  }
  return t;
}

/** Whether the slides take `tiles` to the goal. */
export function solves(
  tiles: readonly number[],
  width: number,
  slides: readonly number[],
): boolean {
  const end = applySlides(tiles, width, slides);
  return end !== null && isGoal(end);
}

/** Drops slides that are immediately taken back (the same tile twice in a row). */
export function cancelBacktracks(slides: readonly number[]): number[] {
  const out: number[] = [];
  for (const t of slides) {
    if (out.length > 0 && out[out.length - 1] === t) out.pop();
    else out.push(t);
  }
  return out;
}
