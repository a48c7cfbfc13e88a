/**
 * Additive pattern databases for boards of at most 16 cells (the 15-puzzle and smaller).
 *
 * A database for a pattern (a set of tiles) holds, for every placement of those tiles, the
 * fewest moves *of pattern tiles* needed to bring them home, the other tiles being
 * indistinguishable and free to move at no cost. Databases of disjoint patterns therefore add
 * up to an admissible heuristic.
 *
 * Finished tables are in rank order (`pdbCompact.ts`). While building, a sparse index is used,
 * four bits per pattern tile (index = sum of pos(tile i) << 4i), which makes moves a shift and
 * an add; the result is then re-laid in rank order.
 *
 * Building is a breadth-first search over (placement, blank region): every cell the blank can
 * reach without moving a pattern tile is one state, found by a bit-parallel flood fill.
 * It is a generator that yields now and then, so callers can slice the work.
 */
import { placementCount, rankOf, rankWeights } from './pdbCompact.ts';

/** Marks placements not reached (none remain in a finished table). */
export const UNSET = 255;

/** A built database: which board and tiles it is for, and its table. */
export interface PatternDb {
  readonly width: number;
  readonly height: number;
  /** The pattern's tiles; tile `pattern[i]` is digit i of the rank. */
  readonly pattern: readonly number[];
  /** Moves for every placement, in rank order (see `rankOf`). */
  readonly table: Uint8Array;
}

/** The table's value for a placement (`positions[i]`: the cell of the pattern's tile i). */
export function lookup(db: PatternDb, positions: ArrayLike<number>): number {
  return db.table[rankOf(positions, rankWeights(db.width * db.height, db.pattern.length))]!;
}

/** Checks a pattern request; throws for programmer errors (the solver's own fixed patterns). */
function checkPattern(width: number, height: number, pattern: readonly number[]): void {
  const n = width * height;
  if (n > 16) throw new RangeError('pattern databases need a board of at most 16 cells');
  if (pattern.length < 1 || pattern.length > 6) throw new RangeError('patterns have 1 to 6 tiles');
  if (new Set(pattern).size !== pattern.length || pattern.some((t) => t < 1 || t >= n)) {
    throw new RangeError(`bad pattern ${pattern.join(',')}`);
  }
}

/** Sparse index (used while building) of a placement given the cells of the pattern tiles. */
export function patternIndex(positions: readonly number[]): number {
  let idx = 0;
  for (let i = 0; i < positions.length; i++) idx += positions[i]! << (4 * i);
  return idx;
}

/**
 * Builds the database, yielding every `sliceStates` states or so. Each yield is the number of
 * placements given their value so far (of {@link placementCount}), for progress reports; the
 * generator's return value is the database. (The work itself runs in {@link PdbBuilder.step},
 * a plain method, because engines optimise generator bodies poorly.)
 */
export function* buildPatternDb(
  width: number,
  height: number,
  pattern: readonly number[],
  sliceStates = 250_000,
): Generator<number, PatternDb, void> {
  const b = new PdbBuilder(width, height, pattern);
  while (!b.step(sliceStates)) yield b.placed;
  return b.result();
}

/** The breadth-first search that builds a database, resumable in slices. */
export class PdbBuilder {
  private readonly k: number;
  private readonly table: Uint8Array;
  /** For each placement: the blank cells already reached (a bit per cell). */
  private readonly seen: Uint16Array;
  private readonly boardMask: number;
  private readonly notFirstCol: number;
  private readonly notLastCol: number;
  private readonly nbrMask: Uint16Array;
  // States are packed as index | blank << 24 (k <= 6, so the index has at most 24 bits).
  private current = new Uint32Array(1024);
  private currentLen = 0;
  private next = new Uint32Array(1024);
  private nextLen = 0;
  private pos = 0;
  private depth = 0;
  /** Placements given their value so far (every one is reachable, so this ends at the count). */
  placed = 0;

  constructor(
    private readonly width: number,
    private readonly height: number,
    private readonly pattern: readonly number[],
  ) {
    checkPattern(width, height, pattern);
    const n = width * height;
    this.k = pattern.length;
    const size = 1 << (4 * this.k);
    this.table = new Uint8Array(size).fill(UNSET);
    this.seen = new Uint16Array(size);
    this.boardMask = (1 << n) - 1;
    let notFirstCol = 0;
    let notLastCol = 0;
    this.nbrMask = new Uint16Array(n);
    for (let c = 0; c < n; c++) {
      const col = c % width;
      if (col !== 0) notFirstCol |= 1 << c;
      if (col !== width - 1) notLastCol |= 1 << c;
      let m = 0;
      if (c >= width) m |= 1 << (c - width);
      if (c + width < n) m |= 1 << (c + width);
      if (col > 0) m |= 1 << (c - 1);
      if (col < width - 1) m |= 1 << (c + 1);
      this.nbrMask[c] = m;
    }
    this.notFirstCol = notFirstCol;
    this.notLastCol = notLastCol;
    this.current[this.currentLen++] = patternIndex(pattern.map((t) => t - 1)) | ((n - 1) << 24);
  }

  /** Expands up to `budget` states; true when the search is complete. */
  step(budget: number): boolean {
    const { k, table, seen, boardMask, notFirstCol, notLastCol, nbrMask, width } = this;
    let current = this.current;
    let currentLen = this.currentLen;
    let next = this.next;
    let nextLen = this.nextLen;
    let q = this.pos;
    let depth = this.depth;
    let placed = this.placed;
    let done = 0;
    while (currentLen > 0 && done < budget) {
      if (q === currentLen) {
        const t = current;
        current = next;
        currentLen = nextLen;
        next = t;
        nextLen = 0;
        q = 0;
        depth++;
        continue;
      }
      const s = current[q++]!;
      const idx = s & 0xffffff;
      const blank = s >>> 24;
      if ((seen[idx]! >>> blank) & 1) continue;
      done++;
      let occupied = 0;
      for (let i = 0; i < k; i++) occupied |= 1 << ((idx >>> (4 * i)) & 15);
      const free = boardMask & ~occupied;
      let region = 1 << blank;
      for (;;) {
        const grown =
          (region |
            ((region << 1) & notFirstCol) |
            ((region >>> 1) & notLastCol) |
            (region << width) |
            (region >>> width)) &
          free;
        if (grown === region) break;
        region = grown;
      }
      seen[idx] = seen[idx]! | region;
      if (table[idx] === UNSET) {
        table[idx] = depth;
        placed++;
      }
      // Each pattern tile next to the region can slide into it: one move, blank where it was.
      for (let i = 0; i < k; i++) {
        const shift = 4 * i;
        const c = (idx >>> shift) & 15;
        let into = nbrMask[c]! & region;
        while (into !== 0) {
          const bit = into & -into;
          into ^= bit;
          const r = 31 - Math.clz32(bit);
          const nidx = idx + ((r - c) << shift);
          if (((seen[nidx]! >>> c) & 1) === 0) {
            if (nextLen === next.length) {
              const grownQueue = new Uint32Array(next.length * 2);
              grownQueue.set(next);
              next = grownQueue;
            }
            next[nextLen++] = nidx | (c << 24);
          }
        }
      }
    }
    this.current = current;
    this.currentLen = currentLen;
    this.next = next;
    this.nextLen = nextLen;
    this.pos = q;
    this.depth = depth;
    this.placed = placed;
    return currentLen === 0;
  }

  /** The database, once {@link step} has returned true. */
  result(): PatternDb {
    const n = this.width * this.height;
    const k = this.k;
    const weights = rankWeights(n, k);
    const order = placementIndices(n, k);
    const table = new Uint8Array(order.length);
    const pos = new Int32Array(k);
    for (let o = 0; o < order.length; o++) {
      const idx = order[o]!;
      for (let i = 0; i < k; i++) pos[i] = (idx >>> (4 * i)) & 15;
      table[rankOf(pos, weights)] = this.table[idx]!;
    }
    return { width: this.width, height: this.height, pattern: [...this.pattern], table };
  }
}

/** Runs {@link buildPatternDb} to the end without yielding to anyone. */
export function buildPatternDbSync(
  width: number,
  height: number,
  pattern: readonly number[],
): PatternDb {
  const gen = buildPatternDb(width, height, pattern, Number.MAX_SAFE_INTEGER);
  for (;;) {
    const r = gen.next();
    if (r.done) return r.value;
  }
}

/**
 * The sparse index of every placement of `k` tiles on `n` cells (the last tile's cell varies
 * slowest, so indices mostly ascend and table access stays sequential).
 */
export function placementIndices(n: number, k: number): Int32Array {
  const out = new Int32Array(placementCount(n, k));
  const pos = new Int32Array(k).fill(-1);
  let used = 0;
  let ordinal = 0;
  let level = 0;
  let idx = 0;
  while (level >= 0) {
    // Release this level's cell, then take the next free one.
    let p = pos[level]!;
    if (p >= 0) {
      used &= ~(1 << p);
      idx -= p << (4 * (k - 1 - level));
    }
    p++;
    while (p < n && (used >>> p) & 1) p++;
    if (p >= n) {
      pos[level] = -1;
      level--;
      continue;
    }
    pos[level] = p;
    used |= 1 << p;
    idx += p << (4 * (k - 1 - level));
    if (level === k - 1) {
      out[ordinal++] = idx;
    } else {
      level++;
    }
  }
  return out;
}
