/**
 * Manhattan distance, optionally plus linear conflict, for any board: the heuristic for 3x3 and
 * the fallback for larger boards. Incremental: a slide changes one tile's distance and the
 * conflicts of two lines.
 *
 * Linear conflict is counted the admissible way: in each line, the tiles that belong to it and
 * must leave it to let the others pass (the line's tiles minus the longest run already in goal
 * order) each cost two extra moves.
 */
import type { Heuristic } from './heuristic.ts';

export class ManhattanHeuristic implements Heuristic {
  private readonly n: number;
  /** Distance of tile t at cell c: dist[t * n + c]. */
  private readonly dist: Uint8Array;
  private readonly goalRow: Uint8Array;
  private readonly goalCol: Uint8Array;
  private readonly rowConflict: Int32Array;
  private readonly colConflict: Int32Array;
  private readonly scratch: Int32Array;
  private readonly lis: Int32Array;
  private tiles: Uint8Array = new Uint8Array(0);
  private md = 0;
  private lc = 0;

  constructor(
    private readonly width: number,
    private readonly height: number,
    private readonly linearConflict = true,
  ) {
    const n = width * height;
    this.n = n;
    this.dist = new Uint8Array(n * n);
    this.goalRow = new Uint8Array(n);
    this.goalCol = new Uint8Array(n);
    for (let t = 1; t < n; t++) {
      const g = t - 1;
      this.goalRow[t] = Math.floor(g / width);
      this.goalCol[t] = g % width;
      for (let c = 0; c < n; c++) {
        this.dist[t * n + c] =
          Math.abs(Math.floor(c / width) - Math.floor(g / width)) +
          Math.abs((c % width) - (g % width));
      }
    }
    this.rowConflict = new Int32Array(height);
    this.colConflict = new Int32Array(width);
    this.scratch = new Int32Array(Math.max(width, height));
    this.lis = new Int32Array(Math.max(width, height));
  }

  reset(tiles: Uint8Array): number {
    this.tiles = tiles;
    let md = 0;
    for (let c = 0; c < this.n; c++) {
      const t = tiles[c]!;
      if (t !== 0) md += this.dist[t * this.n + c]!;
    }
    this.md = md;
    this.lc = 0;
    if (this.linearConflict) {
      for (let r = 0; r < this.height; r++) {
        this.rowConflict[r] = this.rowCost(r);
        this.lc += this.rowConflict[r]!;
      }
      for (let c = 0; c < this.width; c++) {
        this.colConflict[c] = this.colCost(c);
        this.lc += this.colConflict[c]!;
      }
    }
    return this.md + this.lc;
  }

  move(tile: number, from: number, to: number): number {
    const base = tile * this.n;
    this.md += this.dist[base + to]! - this.dist[base + from]!;
    if (this.linearConflict) {
      const w = this.width;
      const fr = Math.floor(from / w);
      const tr = Math.floor(to / w);
      if (fr === tr) {
        // A horizontal slide keeps the order within its row; the two columns change.
        this.updateCol(from % w);
        this.updateCol(to % w);
      } else {
        this.updateRow(fr);
        this.updateRow(tr);
      }
    }
    return this.md + this.lc;
  }

  private updateRow(r: number): void {
    const v = this.rowCost(r);
    this.lc += v - this.rowConflict[r]!;
    this.rowConflict[r] = v;
  }

  private updateCol(c: number): void {
    const v = this.colCost(c);
    this.lc += v - this.colConflict[c]!;
    this.colConflict[c] = v;
  }

  private rowCost(r: number): number {
    let k = 0;
    const w = this.width;
    for (let c = 0; c < w; c++) {
      const t = this.tiles[r * w + c]!;
      if (t !== 0 && this.goalRow[t] === r) this.scratch[k++] = this.goalCol[t]!;
    }
    return 2 * (k - this.longestIncreasing(k));
  }

  private colCost(c: number): number {
    let k = 0;
    const w = this.width;
    for (let r = 0; r < this.height; r++) {
      const t = this.tiles[r * w + c]!;
      if (t !== 0 && this.goalCol[t] === c) this.scratch[k++] = this.goalRow[t]!;
    }
    return 2 * (k - this.longestIncreasing(k));
  }

  /** Length of the longest increasing subsequence of scratch[0..k). */
  private longestIncreasing(k: number): number {
    if (k < 2) return k;
    let best = 0;
    for (let i = 0; i < k; i++) {
      let l = 1;
      const v = this.scratch[i]!;
      for (let j = 0; j < i; j++) {
        if (this.scratch[j]! < v && this.lis[j]! + 1 > l) l = this.lis[j]! + 1;
      }
      this.lis[i] = l;
      if (l > best) best = l;
    }
    return best;
  }
}
