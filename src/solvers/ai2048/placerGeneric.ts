/**
 * The placer's search on boards the packed one does not cover (sizes 3x3 to 8x8 other than
 * 4x4, and 4x4 boards with tiles past 32768): the same minimax as placerSearch.ts on plain
 * exponent grids, with generic.ts's moves and evaluation. No transposition table: it runs
 * shallow.
 */
import { type ExpGrid, evaluateGrid, moveGrid } from './generic.ts';
import { LOST, PlacerTree } from './placerSearch.ts';

/** Every placement of `g` in the fixed order (cells row by row, a 2 before a 4). */
export function gridPlacements(g: ExpGrid): ExpGrid[] {
  const out: ExpGrid[] = [];
  for (let i = 0; i < g.length; i++) {
    if (g[i] !== 0) continue;
    for (const exp of [1, 2]) {
      const child = new Int8Array(g);
      child[i] = exp;
      out.push(child);
    }
  }
  return out;
}

/** Indices 0..n-1 sorted by key, ascending (`sign` 1) or descending (-1); stable. */
function orderBy(keys: readonly number[], sign: number): number[] {
  return keys.map((_, i) => i).sort((x, y) => (keys[x]! - keys[y]!) * sign || x - y);
}

/** The placer's search on one exponent grid of side `n`. */
export class GenericPlacer extends PlacerTree {
  private readonly n: number;
  private readonly roots: ExpGrid[];
  readonly rootCount: number;

  constructor(g: ExpGrid, n: number) {
    super();
    this.n = n;
    this.roots = gridPlacements(g);
    this.rootCount = this.roots.length;
  }

  rootChild(i: number, depth: number, beta: number): number {
    return this.slider(this.roots[i]!, depth, Number.NEGATIVE_INFINITY, beta);
  }

  /** The slider's turn with `depth` moves left: the best of its moves (fail-soft). */
  private slider(g: ExpGrid, depth: number, alpha: number, beta: number): number {
    const after: ExpGrid[] = [];
    for (let d = 0; d < 4; d++) {
      const next = new Int8Array(g.length);
      if (moveGrid(g, this.n, d, next)) after.push(next);
    }
    if (after.length === 0) {
      this.count(1);
      return LOST - depth;
    }
    this.count(after.length);
    const keys = after.map((x) => evaluateGrid(x, this.n));
    if (depth === 1) return Math.max(...keys);
    let best = Number.NEGATIVE_INFINITY;
    for (const i of orderBy(keys, -1)) {
      const v = this.placer(after[i]!, depth - 1, best > alpha ? best : alpha, beta);
      if (this.aborted) return 0;
      if (v > best) {
        best = v;
        if (best >= beta) break;
      }
    }
    return best;
  }

  /** The placer's turn, `depth` slider moves left after it: the least of its placements. */
  private placer(g: ExpGrid, depth: number, alpha: number, beta: number): number {
    const kids = gridPlacements(g);
    // The slider's best single move after each placement: the placer tries the worst first.
    const keys = kids.map((k) => this.slider(k, 1, 0, 0));
    if (depth === 1) return Math.min(...keys);
    let best = Number.POSITIVE_INFINITY;
    for (const i of orderBy(keys, 1)) {
      const v = this.slider(kids[i]!, depth, alpha, best < beta ? best : beta);
      if (this.aborted) return 0;
      if (v < best) {
        best = v;
        if (best <= alpha) break;
      }
    }
    return best;
  }
}
