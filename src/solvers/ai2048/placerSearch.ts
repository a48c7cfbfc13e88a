/**
 * The adversarial placer's search on the packed 4x4 board (see board.ts): minimax with
 * alpha-beta. The placer puts a 2 or a 4 in an empty cell and minimises; the slider replies
 * with a move and maximises; after the slider's last move the board is evaluated with the
 * expectimax player's row tables. Placer nodes are cached in a transposition table (the
 * value of a board depends only on the board and the moves left, so entries stay good across
 * the iterations of one decision). Children are searched best-first (the placer's by the
 * slider's best one-move value, the slider's by the evaluation), which is what lets alpha-beta
 * cut most of the tree.
 */
import { ROW_LR } from './tables.ts';

/**
 * The value of a position where the slider cannot move. Far below any evaluation; the moves
 * left are subtracted, so that the placer prefers the quicker kill and the slider the later loss.
 */
export const LOST = -1e10;

/** Bounds stored in the transposition table. */
const EXACT = 0;
const LOWER = 1;
const UPPER = 2;

/** How often (in evaluations) the clock is read when a deadline is set. */
const CLOCK_EVERY = 1024;

/** The deepest search the scratch arrays allow, in slider moves. */
export const MAX_PLACER_DEPTH = 12;

const now: () => number =
  typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();

/** What makes a search stop early. */
export interface PlacerLimits {
  /** Abandon the search once this many positions have been evaluated (Infinity: never). */
  budget: number;
  /** Abandon the search after this time (performance.now() ms; Infinity: never). */
  deadline: number;
}

/**
 * Slides (a, b) in every direction that changes it, in the engine's order (up, down, left,
 * right); the boards go to `ma`/`mb` from index `at`. Returns how many moved.
 */
export function slides(a: number, b: number, ma: Int32Array, mb: Int32Array, at: number): number {
  let n = at;
  const a1 = (a & 0xf0f00f0f) | ((a & 0x0000f0f0) << 12) | ((a & 0x0f0f0000) >>> 12);
  const b1 = (b & 0xf0f00f0f) | ((b & 0x0000f0f0) << 12) | ((b & 0x0f0f0000) >>> 12);
  const ta = (a1 & 0x00ff00ff) | ((b1 & 0x00ff00ff) << 8);
  const tb = (b1 & 0xff00ff00) | ((a1 & 0xff00ff00) >>> 8);
  // Up and down: left and right on the transposed board, transposed back.
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
    ma[n] = (c1 & 0x00ff00ff) | ((d1 & 0x00ff00ff) << 8);
    mb[n] = (d1 & 0xff00ff00) | ((c1 & 0xff00ff00) >>> 8);
    n++;
  }
  const p1 = ROW_LR[a & 0xffff]!;
  const q1 = ROW_LR[a >>> 16]!;
  const p2 = ROW_LR[b & 0xffff]!;
  const q2 = ROW_LR[b >>> 16]!;
  for (let side = 0; side < 2; side++) {
    const na = side === 0 ? (p1 & 0xffff) | (q1 << 16) : (p1 >>> 16) | (q1 & 0xffff0000);
    const nb = side === 0 ? (p2 & 0xffff) | (q2 << 16) : (p2 >>> 16) | (q2 & 0xffff0000);
    if (na === a && nb === b) continue;
    ma[n] = na;
    mb[n] = nb;
    n++;
  }
  return n - at;
}

/**
 * The placements of (a, b) in the fixed order (cells row by row, a 2 before a 4), to `ca`/`cb`
 * from index `at`; returns how many (twice the empty cells).
 */
export function placements(
  a: number,
  b: number,
  ca: Int32Array,
  cb: Int32Array,
  at: number,
): number {
  let n = at;
  // One bit per empty cell, the low bit of its nibble: a 2 is that bit, a 4 the next.
  let ea = a | (a >>> 1);
  ea = ~(ea | (ea >>> 2)) & 0x11111111;
  let eb = b | (b >>> 1);
  eb = ~(eb | (eb >>> 2)) & 0x11111111;
  while (ea !== 0) {
    const bit = ea & -ea;
    ea ^= bit;
    ca[n] = a | bit;
    cb[n++] = b;
    ca[n] = a | (bit << 1);
    cb[n++] = b;
  }
  while (eb !== 0) {
    const bit = eb & -eb;
    eb ^= bit;
    ca[n] = a;
    cb[n++] = b | bit;
    ca[n] = a;
    cb[n++] = b | (bit << 1);
  }
  return n - at;
}

/** Scratch space of one level of the search (children and their ordering keys). */
interface Level {
  a: Int32Array;
  b: Int32Array;
  key: Float64Array;
  order: Int32Array;
}

function newLevel(size: number): Level {
  return {
    a: new Int32Array(size),
    b: new Int32Array(size),
    key: new Float64Array(size),
    order: new Int32Array(size),
  };
}

/** Sorts `order[0..n)` by `key`, ascending (`sign` 1) or descending (-1); stable. */
export function sortByKey(order: Int32Array, key: Float64Array, n: number, sign: number): void {
  for (let i = 0; i < n; i++) order[i] = i;
  for (let i = 1; i < n; i++) {
    const x = order[i]!;
    const kx = key[x]! * sign;
    let j = i - 1;
    while (j >= 0 && key[order[j]!]! * sign > kx) {
      order[j + 1] = order[j]!;
      j--;
    }
    order[j + 1] = x;
  }
}

/**
 * What both placer searches share: the count of evaluations and the limits that stop a search.
 * The root search (placer.ts) asks for one placement's value at a time.
 */
export abstract class PlacerTree {
  private budget = Number.POSITIVE_INFINITY;
  private deadline = Number.POSITIVE_INFINITY;
  private clock = CLOCK_EVERY;
  /** Set when a limit stopped the search: values found since are not to be trusted. */
  aborted = false;
  /** Positions evaluated since construction. */
  evaluated = 0;
  /** Placements at the root, in the fixed order (cells row by row, a 2 before a 4). */
  abstract readonly rootCount: number;

  /** Sets the limits of the next searches. */
  limit(limits: PlacerLimits): void {
    this.budget = this.evaluated + limits.budget;
    this.deadline = limits.deadline;
    this.aborted = false;
    this.clock = CLOCK_EVERY;
  }

  /**
   * The value of root placement `i` (the slider's best outcome after it) searched to `depth`
   * slider moves; fail-soft: a value from `beta` up is only a lower bound.
   */
  abstract rootChild(i: number, depth: number, beta: number): number;

  /** Counts evaluations and stops the search at the budget or the deadline. */
  protected count(n: number): void {
    this.evaluated += n;
    if (this.evaluated > this.budget) this.aborted = true;
    this.clock -= n;
    if (this.clock <= 0) {
      this.clock = CLOCK_EVERY;
      if (this.deadline !== Number.POSITIVE_INFINITY && now() > this.deadline) this.aborted = true;
    }
  }
}

/** A reusable placer search: one per thread (it owns its transposition table). */
export class PackedPlacer extends PlacerTree {
  private readonly evalTable: Float32Array;
  /** Entries of 4 words: the board's halves, meta = generation << 8 | depth << 2 | bound. */
  private readonly tt: Int32Array;
  private readonly ttValue: Float64Array;
  private readonly ttMask: number;
  private readonly caching: boolean;
  private gen = 0;
  /** Scratch by moves left: the slider's moves, the placer's placements. */
  private readonly sliderLevels: Level[] = [];
  private readonly placerLevels: Level[] = [];
  /** The root's placements, in the fixed order. */
  private readonly rootA = new Int32Array(32);
  private readonly rootB = new Int32Array(32);
  rootCount = 0;

  /**
   * @param evalTable per-line evaluation term (tables.ts `buildEvalTable`)
   * @param ttBits log2 of the transposition table's entries; 0 turns the cache off (for tests:
   *   the cached search must choose as the uncached one does)
   */
  constructor(evalTable: Float32Array, ttBits = 16) {
    super();
    this.evalTable = evalTable;
    this.caching = ttBits > 0;
    this.tt = new Int32Array((1 << ttBits) * 4);
    this.ttValue = new Float64Array(1 << ttBits);
    this.ttMask = (1 << ttBits) - 1;
    for (let d = 0; d <= MAX_PLACER_DEPTH; d++) {
      this.sliderLevels.push(newLevel(4));
      this.placerLevels.push(newLevel(32));
    }
  }

  /** The static evaluation of a board: every row's and every column's term. */
  evaluate(a: number, b: number): number {
    const a1 = (a & 0xf0f00f0f) | ((a & 0x0000f0f0) << 12) | ((a & 0x0f0f0000) >>> 12);
    const b1 = (b & 0xf0f00f0f) | ((b & 0x0000f0f0) << 12) | ((b & 0x0f0f0000) >>> 12);
    const ta = (a1 & 0x00ff00ff) | ((b1 & 0x00ff00ff) << 8);
    const tb = (b1 & 0xff00ff00) | ((a1 & 0xff00ff00) >>> 8);
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
   * Starts a decision on board (a, b): forgets cached values and lists the placements.
   * Returns their number (0 on a full board).
   */
  begin(a: number, b: number): number {
    this.gen++;
    if (this.gen > 0xffff) {
      this.tt.fill(0);
      this.gen = 1;
    }
    this.rootCount = placements(a, b, this.rootA, this.rootB, 0);
    return this.rootCount;
  }

  /** The exponents of root placement `i`'s board, as two words. */
  rootBoard(i: number): [number, number] {
    return [this.rootA[i]!, this.rootB[i]!];
  }

  rootChild(i: number, depth: number, beta: number): number {
    return this.slider(this.rootA[i]!, this.rootB[i]!, depth, Number.NEGATIVE_INFINITY, beta);
  }

  /** The slider's turn with `depth` moves left: the best of its moves (fail-soft). */
  private slider(a: number, b: number, depth: number, alpha: number, beta: number): number {
    const lv = this.sliderLevels[depth]!;
    const n = slides(a, b, lv.a, lv.b, 0);
    if (n === 0) {
      this.count(1);
      return LOST - depth;
    }
    this.count(n);
    for (let i = 0; i < n; i++) lv.key[i] = this.evaluate(lv.a[i]!, lv.b[i]!);
    if (depth === 1) {
      let best = lv.key[0]!;
      for (let i = 1; i < n; i++) if (lv.key[i]! > best) best = lv.key[i]!;
      return best;
    }
    sortByKey(lv.order, lv.key, n, -1);
    let best = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < n; k++) {
      const i = lv.order[k]!;
      const v = this.placer(lv.a[i]!, lv.b[i]!, depth - 1, best > alpha ? best : alpha, beta);
      if (this.aborted) return 0;
      if (v > best) {
        best = v;
        if (best >= beta) break;
      }
    }
    return best;
  }

  /** The placer's turn, `depth` slider moves left after it: the least of its placements. */
  private placer(a: number, b: number, depth: number, alpha: number, beta: number): number {
    let h = Math.imul(a ^ Math.imul(b, 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 15;
    h = Math.imul(h ^ b, 0xc2b2ae35);
    h ^= h >>> 13;
    const slot = h & this.ttMask;
    const tt = this.tt;
    const base = slot << 2;
    if (this.caching && tt[base] === a && tt[base + 1] === b) {
      const meta = tt[base + 2]!;
      if (meta >>> 8 === this.gen && ((meta >>> 2) & 0x3f) === depth) {
        const v = this.ttValue[slot]!;
        const bound = meta & 3;
        if (bound === EXACT || (bound === LOWER && v >= beta) || (bound === UPPER && v <= alpha)) {
          return v;
        }
      }
    }
    const lv = this.placerLevels[depth]!;
    const n = placements(a, b, lv.a, lv.b, 0);
    // The slider's best single move after each placement: the placer tries the worst first.
    for (let i = 0; i < n; i++) lv.key[i] = this.slider(lv.a[i]!, lv.b[i]!, 1, 0, 0);
    sortByKey(lv.order, lv.key, n, 1);
    let best = Number.POSITIVE_INFINITY;
    for (let k = 0; k < n; k++) {
      const i = lv.order[k]!;
      const v =
        depth === 1
          ? lv.key[i]!
          : this.slider(lv.a[i]!, lv.b[i]!, depth, alpha, best < beta ? best : beta);
      if (this.aborted) return 0;
      if (v < best) {
        best = v;
        if (best <= alpha) break;
      }
    }
    if (!this.caching) return best;
    tt[base] = a;
    tt[base + 1] = b;
    const bound = best <= alpha ? UPPER : best >= beta ? LOWER : EXACT;
    tt[base + 2] = (this.gen << 8) | (depth << 2) | bound;
    this.ttValue[slot] = best;
    return best;
  }
}
