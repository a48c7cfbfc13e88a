/**
 * The 15-puzzle heuristic: additive disjoint pattern databases (6-6-3 by default), taking the
 * larger of the lookup on the position and on its reflection about the main diagonal.
 *
 * Reflecting a position (cell (r, c) -> (c, r), tile with home (r, c) -> the tile with home
 * (c, r)) keeps its distance to the goal, so the same databases give a second admissible
 * estimate for free. The estimate is then rounded up to the parity every solution length has
 * (that of the blank's distance from its home), which is also admissible.
 */
import type { Heuristic } from './heuristic.ts';
import type { PatternDb } from './pdb.ts';

/** Korf and Felner's 6-6-3 partition of the 15-puzzle. */
export const PATTERNS_663: readonly (readonly number[])[] = [
  [1, 5, 6, 9, 10, 13],
  [7, 8, 11, 12, 14, 15],
  [2, 3, 4],
];

const W = 4;
const N = 16;

export class PdbHeuristic implements Heuristic {
  private readonly tables: Uint8Array[];
  /** For each tile: its database and its index shift, on the board and on the reflection. */
  private readonly pat = new Int8Array(N);
  private readonly shift = new Int8Array(N);
  private readonly rpat = new Int8Array(N);
  private readonly rshift = new Int8Array(N);
  private readonly transpose = new Int8Array(N);
  private readonly blankParity = new Uint8Array(N);
  private readonly idx: Int32Array;
  private readonly ridx: Int32Array;
  private readonly val: Int32Array;
  private readonly rval: Int32Array;
  private sum = 0;
  private rsum = 0;

  /** @param dbs databases of disjoint patterns covering tiles 1..15 of the 4x4 board. */
  constructor(dbs: readonly PatternDb[]) {
    const covered = new Set<number>();
    for (const db of dbs) {
      if (db.width !== W || db.height !== W)
        throw new RangeError('PdbHeuristic needs 4x4 databases');
      for (const t of db.pattern) {
        if (covered.has(t)) throw new RangeError(`tile ${t} is in two patterns`);
        covered.add(t);
      }
    }
    if (covered.size !== N - 1) throw new RangeError('the patterns must cover tiles 1 to 15');
    this.tables = dbs.map((d) => d.table);
    for (let c = 0; c < N; c++) {
      const r = c >> 2;
      const col = c & 3;
      this.transpose[c] = col * W + r;
      this.blankParity[c] = (3 - r + (3 - col)) & 1;
    }
    dbs.forEach((db, p) => {
      db.pattern.forEach((t, i) => {
        this.pat[t] = p;
        this.shift[t] = 4 * i;
      });
    });
    for (let t = 1; t < N; t++) {
      const mirror = this.transpose[t - 1]! + 1;
      this.rpat[t] = this.pat[mirror]!;
      this.rshift[t] = this.shift[mirror]!;
    }
    const m = dbs.length;
    this.idx = new Int32Array(m);
    this.ridx = new Int32Array(m);
    this.val = new Int32Array(m);
    this.rval = new Int32Array(m);
  }

  reset(tiles: Uint8Array): number {
    this.idx.fill(0);
    this.ridx.fill(0);
    let blank = 0;
    for (let c = 0; c < N; c++) {
      const t = tiles[c]!;
      if (t === 0) {
        blank = c;
        continue;
      }
      const p = this.pat[t]!;
      const q = this.rpat[t]!;
      this.idx[p] = this.idx[p]! + (c << this.shift[t]!);
      this.ridx[q] = this.ridx[q]! + (this.transpose[c]! << this.rshift[t]!);
    }
    this.sum = 0;
    this.rsum = 0;
    for (let p = 0; p < this.tables.length; p++) {
      const table = this.tables[p]!;
      this.val[p] = table[this.idx[p]!]!;
      this.rval[p] = table[this.ridx[p]!]!;
      this.sum += this.val[p]!;
      this.rsum += this.rval[p]!;
    }
    return this.estimate(blank);
  }

  move(tile: number, from: number, to: number): number {
    const p = this.pat[tile]!;
    const i = this.idx[p]! + ((to - from) << this.shift[tile]!);
    this.idx[p] = i;
    const v = this.tables[p]![i]!;
    this.sum += v - this.val[p]!;
    this.val[p] = v;
    const q = this.rpat[tile]!;
    const tr = this.transpose;
    const j = this.ridx[q]! + ((tr[to]! - tr[from]!) << this.rshift[tile]!);
    this.ridx[q] = j;
    const rv = this.tables[q]![j]!;
    this.rsum += rv - this.rval[q]!;
    this.rval[q] = rv;
    return this.estimate(from);
  }

  private estimate(blank: number): number {
    const h = this.sum > this.rsum ? this.sum : this.rsum;
    return h + ((h ^ this.blankParity[blank]!) & 1);
  }
}
