/**
 * A learned evaluation for the packed 4x4 board: an n-tuple network (Szubert & Jaśkowski,
 * "Temporal difference learning of n-tuple networks for the game 2048", 2014). Five tuple
 * shapes of four cells each — the outer line, the inner line, and the corner, edge and centre
 * 2x2 squares — are read on all eight symmetric images of the board; the value is the sum of
 * their weights. Trained by TD(0) on afterstates (research/ntupleTrain.ts), it estimates the
 * points still to come after a move.
 *
 * Two forms of the same function:
 * - {@link NTupleNet}: the shape weights, read through the eight images (40 look-ups): the form
 *   that learns (one update moves every symmetric image together).
 * - {@link NTupleTables}: the same sums folded into tables read straight off the packed board,
 *   no images — one for the four outer lines, one for the four inner lines, one per 2x2 square
 *   (8 + 9 = 17 look-ups) — plus the points the
 *   board's tiles already stand for, so that the value estimates the final score: the form the
 *   search evaluates with.
 */
import { out, transpose } from '../src/solvers/ai2048/board.ts';

/** The number of tuple shapes, and the entries of each shape's table (4 cells of 4 bits). */
export const SHAPES = 5;
export const SHAPE_SIZE = 65536;

/** Each 16-bit row with its four nibbles in reverse order (the board mirrored left-right). */
const REVERSE = new Uint16Array(65536);
for (let x = 0; x < 65536; x++) {
  REVERSE[x] = ((x & 0xf) << 12) | ((x & 0xf0) << 4) | ((x >>> 4) & 0xf0) | (x >>> 12);
}

/**
 * The 40 weight indices (shape * 65536 + tuple) of a board: for each of the eight images
 * (identity, mirrors, transposes), its outer line (row 0), inner line (row 1) and its squares at
 * (0,0), (0,1) and (1,1). Written into `into`.
 */
export function tupleIndices(a: number, b: number, into: Int32Array): void {
  let k = 0;
  for (let t = 0; t < 2; t++) {
    let a0 = a;
    let b0 = b;
    if (t === 1) {
      transpose(a, b);
      a0 = out.a;
      b0 = out.b;
    }
    for (let m = 0; m < 4; m++) {
      let x = a0;
      let y = b0;
      if (m & 1) {
        // Mirror left-right.
        x = REVERSE[x & 0xffff]! | (REVERSE[x >>> 16]! << 16);
        y = REVERSE[y & 0xffff]! | (REVERSE[y >>> 16]! << 16);
      }
      if (m & 2) {
        // Mirror top-bottom: rows 3 2 1 0.
        const nx = (y >>> 16) | (y << 16);
        y = (x >>> 16) | (x << 16);
        x = nx;
      }
      into[k++] = x & 0xffff;
      into[k++] = SHAPE_SIZE + (x >>> 16);
      into[k++] = 2 * SHAPE_SIZE + ((x & 0xff) | ((x >>> 8) & 0xff00));
      into[k++] = 3 * SHAPE_SIZE + (((x >>> 4) & 0xff) | ((x >>> 12) & 0xff00));
      into[k++] = 4 * SHAPE_SIZE + (((x >>> 20) & 0xff) | ((y << 4) & 0xff00));
    }
  }
}

/** The shape weights of the network: the form that learns. */
export class NTupleNet {
  /** SHAPES tables of SHAPE_SIZE weights, one after another. */
  readonly weights: Float32Array;
  private readonly idx = new Int32Array(8 * SHAPES);

  constructor(weights?: Float32Array) {
    if (weights && weights.length !== SHAPES * SHAPE_SIZE) {
      throw new Error(
        `an n-tuple network has ${SHAPES * SHAPE_SIZE} weights, not ${weights.length}`,
      );
    }
    this.weights = weights ?? new Float32Array(SHAPES * SHAPE_SIZE);
  }

  /** The estimated points still to come from this afterstate. */
  value(a: number, b: number): number {
    const idx = this.idx;
    tupleIndices(a, b, idx);
    const w = this.weights;
    let v = 0;
    for (let i = 0; i < idx.length; i++) v += w[idx[i]!]!;
    return v;
  }

  /** Adds `delta` to every weight the board reads (each of the 40). */
  update(a: number, b: number, delta: number): void {
    const idx = this.idx;
    tupleIndices(a, b, idx);
    const w = this.weights;
    for (let i = 0; i < idx.length; i++) w[idx[i]!]! += delta;
  }
}

/** The points a tile of exponent `e` stands for: the merges that made it ((e − 1) · 2^e). */
export function tilePoints(e: number): number {
  return e >= 2 ? (e - 1) * 2 ** e : 0;
}

/** The cells (row * 4 + col) of the nine 2x2 squares, in the order their tables are read. */
const SQUARE_AT = [0, 1, 2, 4, 5, 6, 8, 9, 10];

/**
 * The network folded into per-position tables for the search: `line` for every row and column
 * (read from column 0 / row 0 up, the same table for all four outer lines, `inner` for the four
 * inner ones), and one table per 2x2 square (`squares[i]`, the square whose top-left cell is
 * SQUARE_AT[i], read top-left, top-right, bottom-left, bottom-right). Each line table also holds
 * half the points of its tiles (every cell is in one row and one column).
 */
export interface NTupleTables {
  readonly outer: Float32Array;
  readonly inner: Float32Array;
  readonly squares: readonly Float32Array[];
}

/**
 * Where each image of each shape reads its cells: for image i and shape s, the board cells
 * (row * 4 + col) of the tuple's nibbles 0..3. Found by reading boards with one marked cell.
 */
function shapeCells(): number[][][] {
  const idx = new Int32Array(8 * SHAPES);
  const cells: number[][][] = [];
  for (let i = 0; i < 8; i++) cells.push(Array.from({ length: SHAPES }, () => [-1, -1, -1, -1]));
  for (let q = 0; q < 16; q++) {
    const shift = ((q >> 2) & 1) * 16 + (q & 3) * 4;
    const a = q < 8 ? 1 << shift : 0;
    const b = q < 8 ? 0 : 1 << shift;
    tupleIndices(a, b, idx);
    for (let i = 0; i < 8; i++) {
      for (let s = 0; s < SHAPES; s++) {
        const t = idx[i * SHAPES + s]! - s * SHAPE_SIZE;
        for (let j = 0; j < 4; j++) if ((t >>> (4 * j)) & 0xf) cells[i]![s]![j] = q;
      }
    }
  }
  return cells;
}

/** Folds a network into the search's per-position tables (see {@link NTupleTables}). */
export function foldNetwork(net: NTupleNet): NTupleTables {
  const cells = shapeCells();
  const w = net.weights;
  // A position's table: for every tuple of nibbles read in the position's own cell order, the
  // sum of the weights of every image that reads exactly those cells.
  const build = (position: number[], linePoints: boolean): Float32Array => {
    const table = new Float32Array(SHAPE_SIZE);
    const readers: { shape: number; perm: number[] }[] = [];
    const key = [...position].sort((x, y) => x - y).join(',');
    for (let i = 0; i < 8; i++) {
      for (let s = 0; s < SHAPES; s++) {
        const c = cells[i]![s]!;
        if ([...c].sort((x, y) => x - y).join(',') !== key) continue;
        readers.push({ shape: s, perm: c.map((q) => position.indexOf(q)) });
      }
    }
    for (let x = 0; x < SHAPE_SIZE; x++) {
      let v = 0;
      for (const { shape, perm } of readers) {
        let t = 0;
        for (let j = 0; j < 4; j++) t |= ((x >>> (4 * perm[j]!)) & 0xf) << (4 * j);
        v += w[shape * SHAPE_SIZE + t]!;
      }
      if (linePoints) {
        for (let j = 0; j < 4; j++) v += tilePoints((x >>> (4 * j)) & 0xf) / 2;
      }
      table[x] = v;
    }
    return table;
  };
  return {
    outer: build([0, 1, 2, 3], true),
    inner: build([4, 5, 6, 7], true),
    squares: SQUARE_AT.map((q) => build([q, q + 1, q + 4, q + 5], false)),
  };
}

/**
 * The folded network's value of a board: the estimated final score (points so far, as the
 * tiles stand for them, plus the points to come). Equal to `net.value` plus the tiles' points.
 */
export function tablesValue(t: NTupleTables, a: number, b: number): number {
  transpose(a, b);
  return foldedValue(t, a, b, out.a, out.b);
}

/** {@link tablesValue} of board (a, b) whose transpose (ta, tb) the caller has at hand. */
export function foldedValue(t: NTupleTables, a: number, b: number, ta: number, tb: number): number {
  const { outer, inner, squares: sq } = t;
  return (
    outer[a & 0xffff]! +
    inner[a >>> 16]! +
    inner[b & 0xffff]! +
    outer[b >>> 16]! +
    outer[ta & 0xffff]! +
    inner[ta >>> 16]! +
    inner[tb & 0xffff]! +
    outer[tb >>> 16]! +
    sq[0]![(a & 0xff) | ((a >>> 8) & 0xff00)]! +
    sq[1]![((a >>> 4) & 0xff) | ((a >>> 12) & 0xff00)]! +
    sq[2]![((a >>> 8) & 0xff) | ((a >>> 16) & 0xff00)]! +
    sq[3]![((a >>> 16) & 0xff) | ((b << 8) & 0xff00)]! +
    sq[4]![((a >>> 20) & 0xff) | ((b << 4) & 0xff00)]! +
    sq[5]![((a >>> 24) & 0xff) | (b & 0xff00)]! +
    sq[6]![(b & 0xff) | ((b >>> 8) & 0xff00)]! +
    sq[7]![((b >>> 4) & 0xff) | ((b >>> 12) & 0xff00)]! +
    sq[8]![((b >>> 8) & 0xff) | ((b >>> 16) & 0xff00)]!
  );
}
