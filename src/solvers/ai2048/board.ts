/**
 * A 4x4 2048 board packed into two 32-bit integers: `a` holds rows 0 and 1, `b` rows 2 and 3,
 * each row 16 bits with column 0 in the low nibble, each cell the tile's exponent (0 empty,
 * 1 for 2, ... 15 for 32768). Moves are four table look-ups per direction; up and down go
 * through a transpose. Nothing here allocates: two-word results come back through
 * {@link out}.
 */
import { DIRECTIONS, type Direction } from '../../engine/types.ts';
import { MAX_PACKED_EXP, ROW_LEFT, ROW_RIGHT, ROW_SCORE } from './tables.ts';

/** Direction indices, in the engine's {@link DIRECTIONS} order. */
export const UP = 0;
export const DOWN = 1;
export const LEFT = 2;
export const RIGHT = 3;

/** Where functions with a two-word result leave it (so that nothing is allocated). */
export const out = { a: 0, b: 0 };

/** Transposes the board (rows become columns); the result is in {@link out}. */
export function transpose(a: number, b: number): void {
  const a1 = (a & 0xf0f00f0f) | ((a & 0x0000f0f0) << 12) | ((a & 0x0f0f0000) >>> 12);
  const b1 = (b & 0xf0f00f0f) | ((b & 0x0000f0f0) << 12) | ((b & 0x0f0f0000) >>> 12);
  out.a = (a1 & 0x00ff00ff) | ((b1 & 0x00ff00ff) << 8);
  out.b = (b1 & 0xff00ff00) | ((a1 & 0xff00ff00) >>> 8);
}

/** Slides the board in direction `d` (0 up, 1 down, 2 left, 3 right); result in {@link out}. */
export function move(a: number, b: number, d: number): void {
  if (d >= LEFT) {
    const t = d === LEFT ? ROW_LEFT : ROW_RIGHT;
    out.a = t[a & 0xffff]! | (t[a >>> 16]! << 16);
    out.b = t[b & 0xffff]! | (t[b >>> 16]! << 16);
    return;
  }
  transpose(a, b);
  const ta = out.a;
  const tb = out.b;
  const t = d === UP ? ROW_LEFT : ROW_RIGHT;
  transpose(t[ta & 0xffff]! | (t[ta >>> 16]! << 16), t[tb & 0xffff]! | (t[tb >>> 16]! << 16));
}

/** Points gained by moving in direction `d`. */
export function moveScore(a: number, b: number, d: number): number {
  let x = a;
  let y = b;
  if (d < LEFT) {
    transpose(a, b);
    x = out.a;
    y = out.b;
  }
  return (
    ROW_SCORE[x & 0xffff]! + ROW_SCORE[x >>> 16]! + ROW_SCORE[y & 0xffff]! + ROW_SCORE[y >>> 16]!
  );
}

/** The number of empty cells. */
export function countEmpty(a: number, b: number): number {
  return emptyNibbles(a) + emptyNibbles(b);
}

function emptyNibbles(x: number): number {
  // A nibble is empty when all four bits are zero: fold each nibble's bits into its low bit.
  let y = x | (x >>> 1);
  y |= y >>> 2;
  y = ~y & 0x11111111;
  // Popcount of at most 8 set bits at nibble boundaries.
  y += y >>> 16;
  y += y >>> 8;
  y += y >>> 4;
  return y & 0xf;
}

/** The exponent at (row, col). */
export function cellAt(a: number, b: number, row: number, col: number): number {
  const half = row < 2 ? a : b;
  return (half >>> (((row & 1) << 4) | (col << 2))) & 0xf;
}

/** Whether a board value (number[][] of 4 rows of 4) fits the packed form: tiles up to 32768. */
export function fitsPacked(cells: readonly (readonly number[])[]): boolean {
  if (cells.length !== 4) return false;
  for (const row of cells) {
    if (row.length !== 4) return false;
    for (const v of row) if (v > 2 ** MAX_PACKED_EXP) return false;
  }
  return true;
}

/**
 * Packs a valid 4x4 board of tile values up to 32768 (as {@link fitsPacked} checks); the
 * result is in {@link out}.
 */
export function pack(cells: readonly (readonly number[])[]): void {
  let a = 0;
  let b = 0;
  for (let r = 0; r < 4; r++) {
    const row = cells[r]!;
    for (let c = 0; c < 4; c++) {
      const v = row[c]!;
      const e = v === 0 ? 0 : Math.round(Math.log2(v));
      const shift = ((r & 1) << 4) | (c << 2);
      if (r < 2) a |= e << shift;
      else b |= e << shift;
    }
  }
  out.a = a;
  out.b = b;
}

/** Packs a 4x4 grid of exponents (0..15); the result is in {@link out}. */
export function packExponents(exps: readonly (readonly number[])[]): void {
  let a = 0;
  let b = 0;
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      const e = exps[r]![c]! & 0xf;
      const shift = ((r & 1) << 4) | (c << 2);
      if (r < 2) a |= e << shift;
      else b |= e << shift;
    }
  }
  out.a = a;
  out.b = b;
}

/** The board as tile values by row then column. */
export function unpack(a: number, b: number): number[][] {
  const cells: number[][] = [];
  for (let r = 0; r < 4; r++) {
    const row: number[] = [];
    for (let c = 0; c < 4; c++) {
      const e = cellAt(a, b, r, c);
      row.push(e === 0 ? 0 : 2 ** e);
    }
    cells.push(row);
  }
  return cells;
}

/** Direction index for a direction name. */
export function directionIndex(d: Direction): number {
  return DIRECTIONS.indexOf(d);
}

/** Whether two packed boards are equal (compared as unsigned words). */
export function sameBoard(a1: number, b1: number, a2: number, b2: number): boolean {
  return (a1 | 0) === (a2 | 0) && (b1 | 0) === (b2 | 0);
}
