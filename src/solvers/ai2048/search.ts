/**
 * Expectimax over the packed 4x4 board: the player maximises over its moves, the game
 * averages over spawns (every empty cell, a 2 with probability 0.9, a 4 with 0.1). Branches
 * whose probability falls under `minProb` are cut and evaluated; positions after a move are
 * cached in a transposition table of flat typed arrays. Nothing in the search allocates.
 */
import { ROW_LEFT, ROW_LR, ROW_RIGHT } from './tables.ts';

/** Why a search stopped early. */
const NOT_ABORTED = 0;
const ABORTED = 1;

/** How often (in evaluated nodes) the clock is read when a deadline is set. */
const CLOCK_EVERY = 2048;

export interface SearchLimits {
  /** Moves searched, the root move included (1 = greedy on the evaluation). */
  depth: number;
  /** Chance branches less probable than this are evaluated instead of expanded. */
  minProb: number;
  /** Absolute deadline (performance.now() ms) after which the search gives up; or Infinity. */
  deadline: number;
  /** Root moves to search, a bitmask over direction indices (default all four). */
  mask?: number;
  /**
   * log2 of the part of the transposition table this search uses (default: all of it). A small
   * search runs faster in a table that fits the processor's caches.
   */
  ttBits?: number;
}

export interface RootResult {
  /** Best direction index (0 up, 1 down, 2 left, 3 right), or -1 when no move changes the board. */
  move: number;
  /** Value of each root move; -Infinity for a move that changes nothing. */
  values: Float64Array;
  /** False when the deadline stopped the search (the values are then incomplete). */
  complete: boolean;
}

const now: () => number =
  typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();

/** What the player needs of a packed searcher: this JavaScript one or its WebAssembly build. */
export interface PackedSearch {
  /** Positions evaluated since construction (for benchmarks). */
  readonly evaluated: number;
  /** Evaluates with another table from the next search on (cached values are forgotten). */
  useEvalTable(evalTable: Float32Array): void;
  /** Starts a new search: forgets cached values. */
  newSearch(): void;
  /** The static evaluation of a board. */
  evaluate(a: number, b: number): number;
  /** Searches the root (see Expectimax.searchRoot). */
  searchRoot(a: number, b: number, limits: SearchLimits, result: RootResult): void;
}

/** A reusable searcher: one per thread (it owns its transposition table). */
export class Expectimax implements PackedSearch {
  private evalTable: Float32Array;
  private readonly ttBits: number;
  private ttMask = 0;
  /**
   * The transposition table, one 16-byte entry per slot so that a probe touches one cache
   * line: the board's two halves, the value (as float32 bits, read through `ttValue`), and
   * meta = generation << 8 | remaining depth. Generation 0 means never written; bumping the
   * search's generation clears the table.
   */
  private readonly tt: Int32Array;
  private readonly ttValue: Float32Array;
  private gen = 0;
  private readonly caching: boolean;
  private minProb = 1e-4;
  private deadline = Number.POSITIVE_INFINITY;
  private aborted = NOT_ABORTED;
  private clockCountdown = CLOCK_EVERY;
  /** Nodes evaluated since construction (for benchmarks). */
  evaluated = 0;

  /**
   * @param evalTable per-line evaluation term (see tables.ts `buildEvalTable`)
   * @param ttBits log2 of the transposition-table size; 0 turns the cache off (exact values,
   *   for tests: a cached value may come from a deeper search of the same board)
   */
  constructor(evalTable: Float32Array, ttBits = 20) {
    this.evalTable = evalTable;
    this.caching = ttBits > 0;
    const size = 1 << ttBits;
    this.ttBits = ttBits;
    this.tt = new Int32Array(size * 4);
    this.ttValue = new Float32Array(this.tt.buffer);
  }

  /** Evaluates with another table from the next search on (cached values are forgotten). */
  useEvalTable(evalTable: Float32Array): void {
    if (evalTable === this.evalTable) return;
    this.evalTable = evalTable;
    this.newSearch();
  }

  /** Starts a new search: forgets cached values (the root's probabilities differ per move). */
  newSearch(): void {
    this.gen++;
    if (this.gen > 0xffff) {
      this.tt.fill(0);
      this.gen = 1;
    }
  }

  /** The static evaluation of a board: every row's and every column's term. */
  evaluate(a: number, b: number): number {
    // Transpose inline (see board.ts) to read the columns as rows.
    const a1 = (a & 0xf0f00f0f) | ((a & 0x0000f0f0) << 12) | ((a & 0x0f0f0000) >>> 12);
    const b1 = (b & 0xf0f00f0f) | ((b & 0x0000f0f0) << 12) | ((b & 0x0f0f0000) >>> 12);
    const ta = (a1 & 0x00ff00ff) | ((b1 & 0x00ff00ff) << 8);
    const tb = (b1 & 0xff00ff00) | ((a1 & 0xff00ff00) >>> 8);
    return this.value(a, b, ta, tb);
  }

  /**
   * The evaluation of board (a, b) whose transpose is (ta, tb). A subclass may evaluate
   * otherwise (the research n-tuple evaluation does).
   */
  protected value(a: number, b: number, ta: number, tb: number): number {
    const t = this.evalTable;
    return (
      t[a & 0xffff]! +
      t[a >>> 16]! +
      t[b & 0xffff]! +
      t[b >>> 16]! +
      t[ta & 0xffff]! +
      t[ta >>> 16]! +
      t[tb & 0xffff]! +
      t[tb >>> 16]!
    );
  }

  /**
   * Searches the root: every move to `limits.depth`. When the deadline passes, `complete` is
   * false and the values must not be trusted.
   */
  searchRoot(a: number, b: number, limits: SearchLimits, result: RootResult): void {
    this.minProb = limits.minProb;
    this.ttMask = (1 << Math.max(0, Math.min(this.ttBits, limits.ttBits ?? this.ttBits))) - 1;
    this.deadline = limits.deadline;
    this.aborted = NOT_ABORTED;
    this.clockCountdown = CLOCK_EVERY;
    const values = result.values;
    const mask = limits.mask ?? 0xf;
    let best = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    const a1 = (a & 0xf0f00f0f) | ((a & 0x0000f0f0) << 12) | ((a & 0x0f0f0000) >>> 12);
    const b1 = (b & 0xf0f00f0f) | ((b & 0x0000f0f0) << 12) | ((b & 0x0f0f0000) >>> 12);
    const ta = (a1 & 0x00ff00ff) | ((b1 & 0x00ff00ff) << 8);
    const tb = (b1 & 0xff00ff00) | ((a1 & 0xff00ff00) >>> 8);
    for (let d = 0; d < 4; d++) {
      let na: number;
      let nb: number;
      if (d >= 2) {
        const t = d === 2 ? ROW_LEFT : ROW_RIGHT;
        na = t[a & 0xffff]! | (t[a >>> 16]! << 16);
        nb = t[b & 0xffff]! | (t[b >>> 16]! << 16);
      } else {
        const t = d === 0 ? ROW_LEFT : ROW_RIGHT;
        const xa = t[ta & 0xffff]! | (t[ta >>> 16]! << 16);
        const xb = t[tb & 0xffff]! | (t[tb >>> 16]! << 16);
        const c1 = (xa & 0xf0f00f0f) | ((xa & 0x0000f0f0) << 12) | ((xa & 0x0f0f0000) >>> 12);
        const d1 = (xb & 0xf0f00f0f) | ((xb & 0x0000f0f0) << 12) | ((xb & 0x0f0f0000) >>> 12);
        na = (c1 & 0x00ff00ff) | ((d1 & 0x00ff00ff) << 8);
        nb = (d1 & 0xff00ff00) | ((c1 & 0xff00ff00) >>> 8);
      }
      if ((na === a && nb === b) || !((mask >> d) & 1)) {
        values[d] = Number.NEGATIVE_INFINITY;
        continue;
      }
      const v = this.chance(na, nb, 1, limits.depth - 1);
      values[d] = v;
      if (v > bestValue) {
        bestValue = v;
        best = d;
      }
    }
    result.move = best;
    result.complete = this.aborted === NOT_ABORTED;
  }

  /** The player's turn: the best of the moves that change the board; 0 when none does. */
  private max(a: number, b: number, prob: number, depth: number): number {
    let best = 0;
    // Left and right straight on the rows: one look-up per row gives both.
    let p1 = ROW_LR[a & 0xffff]!;
    let q1 = ROW_LR[a >>> 16]!;
    let p2 = ROW_LR[b & 0xffff]!;
    let q2 = ROW_LR[b >>> 16]!;
    let na = (p1 & 0xffff) | (q1 << 16);
    let nb = (p2 & 0xffff) | (q2 << 16);
    if (na !== a || nb !== b) {
      const v = this.chance(na, nb, prob, depth);
      if (v > best) best = v;
    }
    na = (p1 >>> 16) | (q1 & 0xffff0000);
    nb = (p2 >>> 16) | (q2 & 0xffff0000);
    if (na !== a || nb !== b) {
      const v = this.chance(na, nb, prob, depth);
      if (v > best) best = v;
    }
    // Up and down on the transposed board, transposed back.
    const a1 = (a & 0xf0f00f0f) | ((a & 0x0000f0f0) << 12) | ((a & 0x0f0f0000) >>> 12);
    const b1 = (b & 0xf0f00f0f) | ((b & 0x0000f0f0) << 12) | ((b & 0x0f0f0000) >>> 12);
    const ta = (a1 & 0x00ff00ff) | ((b1 & 0x00ff00ff) << 8);
    const tb = (b1 & 0xff00ff00) | ((a1 & 0xff00ff00) >>> 8);
    p1 = ROW_LR[ta & 0xffff]!;
    q1 = ROW_LR[ta >>> 16]!;
    p2 = ROW_LR[tb & 0xffff]!;
    q2 = ROW_LR[tb >>> 16]!;
    let xa = (p1 & 0xffff) | (q1 << 16);
    let xb = (p2 & 0xffff) | (q2 << 16);
    if (xa !== ta || xb !== tb) {
      const c1 = (xa & 0xf0f00f0f) | ((xa & 0x0000f0f0) << 12) | ((xa & 0x0f0f0000) >>> 12);
      const d1 = (xb & 0xf0f00f0f) | ((xb & 0x0000f0f0) << 12) | ((xb & 0x0f0f0000) >>> 12);
      const v = this.chance(
        (c1 & 0x00ff00ff) | ((d1 & 0x00ff00ff) << 8),
        (d1 & 0xff00ff00) | ((c1 & 0xff00ff00) >>> 8),
        prob,
        depth,
      );
      if (v > best) best = v;
    }
    xa = (p1 >>> 16) | (q1 & 0xffff0000);
    xb = (p2 >>> 16) | (q2 & 0xffff0000);
    if (xa !== ta || xb !== tb) {
      const c1 = (xa & 0xf0f00f0f) | ((xa & 0x0000f0f0) << 12) | ((xa & 0x0f0f0000) >>> 12);
      const d1 = (xb & 0xf0f00f0f) | ((xb & 0x0000f0f0) << 12) | ((xb & 0x0f0f0000) >>> 12);
      const v = this.chance(
        (c1 & 0x00ff00ff) | ((d1 & 0x00ff00ff) << 8),
        (d1 & 0xff00ff00) | ((c1 & 0xff00ff00) >>> 8),
        prob,
        depth,
      );
      if (v > best) best = v;
    }
    return best;
  }

  /**
   * The player's turn when every move leads straight to evaluation: the best evaluation over
   * the moves (0 when none moves). Inlined, because this is where most of the time goes.
   */
  private maxLeaf(a: number, b: number): number {
    this.evaluated += 4;
    this.clockCountdown -= 4;
    if (this.clockCountdown <= 0) this.checkClock();
    let best = 0;
    // Left and right: rows straight from the table, columns through a transpose.
    const p1 = ROW_LR[a & 0xffff]!;
    const q1 = ROW_LR[a >>> 16]!;
    const p2 = ROW_LR[b & 0xffff]!;
    const q2 = ROW_LR[b >>> 16]!;
    for (let side = 0; side < 2; side++) {
      const na = side === 0 ? (p1 & 0xffff) | (q1 << 16) : (p1 >>> 16) | (q1 & 0xffff0000);
      const nb = side === 0 ? (p2 & 0xffff) | (q2 << 16) : (p2 >>> 16) | (q2 & 0xffff0000);
      if (na === a && nb === b) continue;
      const a1 = (na & 0xf0f00f0f) | ((na & 0x0000f0f0) << 12) | ((na & 0x0f0f0000) >>> 12);
      const b1 = (nb & 0xf0f00f0f) | ((nb & 0x0000f0f0) << 12) | ((nb & 0x0f0f0000) >>> 12);
      const ta = (a1 & 0x00ff00ff) | ((b1 & 0x00ff00ff) << 8);
      const tb = (b1 & 0xff00ff00) | ((a1 & 0xff00ff00) >>> 8);
      const v = this.value(na, nb, ta, tb);
      if (v > best) best = v;
    }
    // Up and down: the slid transposed rows are the new columns; transposed back, the rows.
    const a1 = (a & 0xf0f00f0f) | ((a & 0x0000f0f0) << 12) | ((a & 0x0f0f0000) >>> 12);
    const b1 = (b & 0xf0f00f0f) | ((b & 0x0000f0f0) << 12) | ((b & 0x0f0f0000) >>> 12);
    const ta = (a1 & 0x00ff00ff) | ((b1 & 0x00ff00ff) << 8);
    const tb = (b1 & 0xff00ff00) | ((a1 & 0xff00ff00) >>> 8);
    const r1 = ROW_LR[ta & 0xffff]!;
    const s1 = ROW_LR[ta >>> 16]!;
    const r2 = ROW_LR[tb & 0xffff]!;
    const s2 = ROW_LR[tb >>> 16]!;
    for (let side = 0; side < 2; side++) {
      const xa = side === 0 ? (r1 & 0xffff) | (s1 << 16) : (r1 >>> 16) | (s1 & 0xffff0000);
      const xb = side === 0 ? (r2 & 0xffff) | (s2 << 16) : (r2 >>> 16) | (s2 & 0xffff0000);
      if (xa === ta && xb === tb) continue;
      const c1 = (xa & 0xf0f00f0f) | ((xa & 0x0000f0f0) << 12) | ((xa & 0x0f0f0000) >>> 12);
      const d1 = (xb & 0xf0f00f0f) | ((xb & 0x0000f0f0) << 12) | ((xb & 0x0f0f0000) >>> 12);
      const na = (c1 & 0x00ff00ff) | ((d1 & 0x00ff00ff) << 8);
      const nb = (d1 & 0xff00ff00) | ((c1 & 0xff00ff00) >>> 8);
      const v = this.value(na, nb, xa, xb);
      if (v > best) best = v;
    }
    return best;
  }

  /** The game's turn after a move: the average over every spawn; `depth` moves remain. */
  private chance(a: number, b: number, prob: number, depth: number): number {
    if (depth <= 0 || prob < this.minProb) {
      this.evaluated++;
      if (--this.clockCountdown <= 0) this.checkClock();
      return this.evaluate(a, b);
    }
    if (this.aborted !== NOT_ABORTED) return 0;
    // Transposition table: a hit counts when it was searched at least as deep.
    let h = Math.imul(a ^ Math.imul(b, 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 15;
    h = Math.imul(h ^ b, 0xc2b2ae35);
    h ^= h >>> 13;
    const tt = this.tt;
    const slot = (h & this.ttMask) << 2;
    if (tt[slot] === a && tt[slot + 1] === b) {
      const meta = tt[slot + 3]!;
      // Written by this search, which must have gone at least as deep.
      if (meta >>> 8 === this.gen && (meta & 0xff) >= depth) {
        return this.ttValue[slot + 2]!;
      }
    }
    // Empty cells: fold each nibble's bits into its low bit, then count the set low bits.
    let ea = a | (a >>> 1);
    ea = ~(ea | (ea >>> 2)) & 0x11111111;
    let eb = b | (b >>> 1);
    eb = ~(eb | (eb >>> 2)) & 0x11111111;
    let e = ea + eb; // at most 2 per nibble
    e = (e & 0x0f0f0f0f) + ((e >>> 4) & 0x0f0f0f0f); // at most 4 per byte
    const empty = Math.imul(e, 0x01010101) >>> 24;
    let sum = 0;
    const p = prob / empty;
    const p2 = p * 0.9;
    const p4 = p * 0.1;
    const next = depth - 1;
    // Children whose own chance nodes would only evaluate go through maxLeaf.
    const leaf2 = next <= 0 || p2 < this.minProb;
    const leaf4 = next <= 0 || p4 < this.minProb;
    // One bit per empty cell (the low bit of its nibble): a spawned 2 is that bit, a 4 the next.
    while (ea !== 0) {
      const bit = ea & -ea;
      ea ^= bit;
      const a2 = a | bit;
      const a4 = a | (bit << 1);
      sum +=
        0.9 * (leaf2 ? this.maxLeaf(a2, b) : this.max(a2, b, p2, next)) +
        0.1 * (leaf4 ? this.maxLeaf(a4, b) : this.max(a4, b, p4, next));
    }
    while (eb !== 0) {
      const bit = eb & -eb;
      eb ^= bit;
      const b2 = b | bit;
      const b4 = b | (bit << 1);
      sum +=
        0.9 * (leaf2 ? this.maxLeaf(a, b2) : this.max(a, b2, p2, next)) +
        0.1 * (leaf4 ? this.maxLeaf(a, b4) : this.max(a, b4, p4, next));
    }
    const value = sum / empty;
    if (this.aborted === NOT_ABORTED && this.caching) {
      tt[slot] = a;
      tt[slot + 1] = b;
      this.ttValue[slot + 2] = value;
      tt[slot + 3] = (this.gen << 8) | depth;
    }
    return value;
  }

  private checkClock(): void {
    this.clockCountdown = CLOCK_EVERY;
    if (this.deadline !== Number.POSITIVE_INFINITY && now() > this.deadline) {
      this.aborted = ABORTED;
    }
  }
}

/** A fresh root result. */
export function newRootResult(): RootResult {
  return { move: -1, values: new Float64Array(4), complete: true };
}
