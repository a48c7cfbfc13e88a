/**
 * IDA* specialised for the 15-puzzle with three additive pattern databases and the reflected
 * lookup: the heuristic is inlined and its six table indices live on the search stack, so a
 * child is estimated with two index updates and six table reads, and a pruned child costs no
 * undo. Resumable like {@link IdaSearch}: {@link Pdb4Search.step} runs a budget of nodes.
 * Same answers and node counts as `IdaSearch` with `PdbHeuristic` (tested), which ranks every
 * placement from scratch; several times faster.
 *
 * Tables are in rank order (`pdbCompact.ts`). A horizontal slide changes the moving
 * tile's rank digit by one; a vertical slide jumps the three cells between, which in row-major
 * order lie between the tile's old and new cell: each pattern tile there shifts either the
 * moving tile's digit (if it comes earlier in the pattern) or its own (if later) by one. On the
 * reflection, horizontal and vertical swap roles.
 */
import { neighbourTable } from './grid.ts';
import type { StepResult } from './ida.ts';
import type { PatternDb } from './pdb.ts';
import { placementCount, rankOf, rankWeights } from './pdbCompact.ts';

const MAX_DEPTH = 200;
const W = 4;
const N = 16;

export class Pdb4Search {
  nodes = 0;
  bound = 0;
  iterations = 0;
  private readonly tiles: Uint8Array;
  private readonly nbr = neighbourTable(W, W);
  private readonly t0: Uint8Array;
  private readonly t1: Uint8Array;
  private readonly t2: Uint8Array;
  /** For each tile: its database, digit and digit weight, on the board and the reflection. */
  private readonly pat = new Int8Array(N);
  private readonly dig = new Int8Array(N);
  private readonly mul = new Int32Array(N);
  private readonly rpat = new Int8Array(N);
  private readonly rdig = new Int8Array(N);
  private readonly rmul = new Int32Array(N);
  private readonly transpose = new Int8Array(N);
  private readonly parity = new Uint8Array(N);
  private readonly blanks = new Int16Array(MAX_DEPTH + 2);
  private readonly dirs = new Int8Array(MAX_DEPTH + 2);
  private readonly moved = new Uint8Array(MAX_DEPTH + 2);
  /** Six indices per depth: three on the board, three on its reflection. */
  private readonly ix = new Int32Array((MAX_DEPTH + 2) * 6);
  private depth = 0;
  private nextBound = Number.POSITIVE_INFINITY;
  private solution: number[] | null = null;

  /**
   * @param tiles a solvable 4x4 position (not checked here).
   * @param dbs three 4x4 databases of disjoint patterns covering tiles 1..15.
   */
  constructor(tiles: readonly number[], dbs: readonly PatternDb[]) {
    if (dbs.length !== 3) throw new RangeError('Pdb4Search takes exactly three databases');
    const covered = new Set<number>();
    const weights = dbs.map((db) => rankWeights(N, db.pattern.length));
    dbs.forEach((db, p) => {
      if (db.width !== W || db.height !== W) throw new RangeError('Pdb4Search needs 4x4 databases');
      if (db.table.length !== placementCount(N, db.pattern.length)) {
        throw new RangeError('Pdb4Search needs tables in rank order');
      }
      db.pattern.forEach((t, i) => {
        if (covered.has(t)) throw new RangeError(`tile ${t} is in two patterns`);
        covered.add(t);
        this.pat[t] = p;
        this.dig[t] = i;
        this.mul[t] = weights[p]![i]!;
      });
    });
    if (covered.size !== N - 1) throw new RangeError('the patterns must cover tiles 1 to 15');
    this.t0 = dbs[0]!.table;
    this.t1 = dbs[1]!.table;
    this.t2 = dbs[2]!.table;
    for (let c = 0; c < N; c++) {
      const r = c >> 2;
      const col = c & 3;
      this.transpose[c] = col * W + r;
      this.parity[c] = (3 - r + (3 - col)) & 1;
    }
    for (let t = 1; t < N; t++) {
      const mirror = this.transpose[t - 1]! + 1;
      this.rpat[t] = this.pat[mirror]!;
      this.rdig[t] = this.dig[mirror]!;
      this.rmul[t] = this.mul[mirror]!;
    }
    this.tiles = Uint8Array.from(tiles);
    // Starting ranks, from scratch: cells of each pattern's tiles, on the board and reflected.
    const cells = dbs.map((db) => new Int32Array(db.pattern.length));
    const rcells = dbs.map((db) => new Int32Array(db.pattern.length));
    let blank = 0;
    for (let c = 0; c < N; c++) {
      const t = this.tiles[c]!;
      if (t === 0) {
        blank = c;
        continue;
      }
      cells[this.pat[t]!]![this.dig[t]!] = c;
      rcells[this.rpat[t]!]![this.rdig[t]!] = this.transpose[c]!;
    }
    for (let p = 0; p < 3; p++) {
      this.ix[p] = rankOf(cells[p]!, weights[p]!);
      this.ix[3 + p] = rankOf(rcells[p]!, weights[p]!);
    }
    this.blanks[0] = blank;
    const ix = this.ix;
    const hn = this.t0[ix[0]!]! + this.t1[ix[1]!]! + this.t2[ix[2]!]!;
    const hr = this.t0[ix[3]!]! + this.t1[ix[4]!]! + this.t2[ix[5]!]!;
    const h = hn > hr ? hn : hr;
    this.bound = h + ((h ^ this.parity[blank]!) & 1);
    if (this.bound === 0) this.solution = [];
  }

  /** The tiles to slide, once {@link step} has returned 'found'. */
  get result(): number[] | null {
    return this.solution;
  }

  /** Searches until a solution is found or about `budget` more nodes have been generated. */
  step(budget: number): StepResult {
    if (this.solution) return 'found';
    const { tiles, nbr, blanks, dirs, moved, ix, t0, t1, t2, pat, dig, mul, rpat, rdig, rmul } =
      this;
    const tr = this.transpose;
    const parity = this.parity;
    const limit = this.nodes + budget;
    let nodes = this.nodes;
    let d = this.depth;
    let bound = this.bound;
    let nextBound = this.nextBound;
    while (nodes < limit) {
      const dir = dirs[d]!;
      if (dir === 4) {
        if (d === 0) {
          if (nextBound > MAX_DEPTH) throw new Error('IDA*: no solution within the depth limit');
          bound = nextBound;
          nextBound = Number.POSITIVE_INFINITY;
          dirs[0] = 0;
          this.iterations++;
          continue;
        }
        tiles[blanks[d]!] = moved[d - 1]!;
        tiles[blanks[d - 1]!] = 0;
        d--;
        continue;
      }
      dirs[d] = dir + 1;
      const b = blanks[d]!;
      const nb = nbr[b * 4 + dir]!;
      if (nb < 0 || (d > 0 && nb === blanks[d - 1])) continue;
      const t = tiles[nb]!;
      const o = d * 6;
      let a0 = ix[o]!;
      let a1 = ix[o + 1]!;
      let a2 = ix[o + 2]!;
      let a3 = ix[o + 3]!;
      let a4 = ix[o + 4]!;
      let a5 = ix[o + 5]!;
      // The tile goes from nb to b on the board, and from tr[nb] to tr[b] on the reflection.
      const p = pat[t]!;
      const mv = b - nb;
      let delta: number;
      if (mv === 1 || mv === -1) {
        delta = mv * mul[t]!;
      } else {
        const di = dig[t]!;
        const m = mul[t]!;
        let acc = 4 * m;
        const lo = mv > 0 ? nb : b;
        for (let c = lo + 1; c < lo + 4; c++) {
          const u = tiles[c]!;
          if (pat[u] === p) acc += dig[u]! < di ? -m : mul[u]!;
        }
        delta = mv > 0 ? acc : -acc;
      }
      if (p === 0) a0 += delta;
      else if (p === 1) a1 += delta;
      else a2 += delta;
      const q = rpat[t]!;
      const rb = tr[b]!;
      const rnb = tr[nb]!;
      const rd = rb - rnb;
      let rdelta: number;
      if (rd === 1 || rd === -1) {
        rdelta = rd * rmul[t]!;
      } else {
        const di = rdig[t]!;
        const m = rmul[t]!;
        let acc = 4 * m;
        const lo = rd > 0 ? rnb : rb;
        for (let x = lo + 1; x < lo + 4; x++) {
          const u = tiles[tr[x]!]!;
          if (rpat[u] === q) acc += rdig[u]! < di ? -m : rmul[u]!;
        }
        rdelta = rd > 0 ? acc : -acc;
      }
      if (q === 0) a3 += rdelta;
      else if (q === 1) a4 += rdelta;
      else a5 += rdelta;
      const hn = t0[a0]! + t1[a1]! + t2[a2]!;
      const hr = t0[a3]! + t1[a4]! + t2[a5]!;
      let h = hn > hr ? hn : hr;
      h += (h ^ parity[nb]!) & 1;
      nodes++;
      const f = d + 1 + h;
      if (f > bound) {
        if (f < nextBound) nextBound = f;
        continue;
      }
      moved[d] = t;
      tiles[b] = t;
      tiles[nb] = 0;
      d++;
      blanks[d] = nb;
      if (h === 0) {
        this.solution = Array.from(moved.subarray(0, d));
        this.save(nodes, d, bound, nextBound);
        return 'found';
      }
      dirs[d] = 0;
      const o2 = d * 6;
      ix[o2] = a0;
      ix[o2 + 1] = a1;
      ix[o2 + 2] = a2;
      ix[o2 + 3] = a3;
      ix[o2 + 4] = a4;
      ix[o2 + 5] = a5;
    }
    this.save(nodes, d, bound, nextBound);
    return 'running';
  }

  private save(nodes: number, d: number, bound: number, nextBound: number): void {
    this.nodes = nodes;
    this.depth = d;
    this.bound = bound;
    this.nextBound = nextBound;
  }
}
