/**
 * The 15-puzzle heuristic, written plainly as the reference for the fast search: additive
 * disjoint pattern databases (6-6-3 by default), taking the larger of the lookup on the position
 * and on its reflection about the main diagonal. Every lookup ranks its placement from scratch;
 * `Pdb4Search` does the same incrementally and must agree with this node for node.
 *
 * Reflecting a position (cell (r, c) -> (c, r), tile with home (r, c) -> the tile with home
 * (c, r)) keeps its distance to the goal, so the same databases give a second admissible
 * estimate for free. The estimate is then rounded up to the parity every solution length has
 * (that of the blank's distance from its home), which is also admissible.
 */
import type { Heuristic } from './heuristic.ts';
import { lookup, type PatternDb } from './pdb.ts';

/** Korf and Felner's 6-6-3 partition of the 15-puzzle. */
export const PATTERNS_663: readonly (readonly number[])[] = [
  [1, 5, 6, 9, 10, 13],
  [7, 8, 11, 12, 14, 15],
  [2, 3, 4],
];

const N = 16;

/** The cell (r, c) -> (c, r) of a 4x4 board. */
function transpose(c: number): number {
  return (c & 3) * 4 + (c >> 2);
}

export class PdbHeuristic implements Heuristic {
  private tiles: Uint8Array = new Uint8Array(N);

  /** @param dbs 4x4 databases of disjoint patterns covering tiles 1..15. */
  constructor(private readonly dbs: readonly PatternDb[]) {
    const covered = new Set<number>();
    for (const db of dbs) {
      if (db.width !== 4 || db.height !== 4)
        throw new RangeError('PdbHeuristic needs 4x4 databases');
      for (const t of db.pattern) {
        if (covered.has(t)) throw new RangeError(`tile ${t} is in two patterns`);
        covered.add(t);
      }
    }
    if (covered.size !== N - 1) throw new RangeError('the patterns must cover tiles 1 to 15');
  }

  reset(tiles: Uint8Array): number {
    this.tiles = tiles;
    return this.estimate();
  }

  move(_tile: number, _from: number, _to: number): number {
    return this.estimate();
  }

  private estimate(): number {
    const cellOf = new Array<number>(N);
    this.tiles.forEach((t, c) => {
      cellOf[t] = c;
    });
    let sum = 0;
    let rsum = 0;
    for (const db of this.dbs) {
      sum += lookup(
        db,
        db.pattern.map((t) => cellOf[t]!),
      );
      // On the reflection, tile t stands where the board has t's mirror, reflected.
      rsum += lookup(
        db,
        db.pattern.map((t) => transpose(cellOf[transpose(t - 1) + 1]!)),
      );
    }
    const h = Math.max(sum, rsum);
    const blank = cellOf[0]!;
    const parity = (3 - (blank >> 2) + (3 - (blank & 3))) & 1;
    return h + ((h ^ parity) & 1);
  }
}
