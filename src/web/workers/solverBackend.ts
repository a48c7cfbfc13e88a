/**
 * THE ADAPTER BETWEEN THE SOLVER WORKER AND THE PUZZLE SOLVER. This is the one file to change
 * when the real solver (src/solvers/puzzle/solve.ts: `solvePuzzle(tiles, width, {signal,
 * store})`) lands in this branch: call it from {@link solve}, pass `store` through, and turn its
 * table-building reports into `progress` calls.
 *
 * Until then it holds a STAND-IN that only solves 3×3 boards: a table of the exact distance to
 * the goal for all 181,440 positions, built by breadth-first search, cached in the blob store
 * (IndexedDB in the browser) and walked downhill. It exercises the same paths the real solver
 * will use: progress while building, the cached table on later visits, cancellation.
 * Larger boards get a clear "not available yet" error.
 */
import { parseTiles } from '../../engine/puzzleBoard.ts';
import type { BlobStore } from '../../storage/browserStore.ts';

export const SOLVER_BACKEND = { name: 'stand-in 3×3 table solver', final: false } as const;

export interface SolveOptions {
  readonly signal: AbortSignal;
  readonly store: BlobStore;
  /** Table building: `done` of `total` steps of `stage`. */
  progress(stage: string, done: number, total: number): void;
}

/** Thrown when the stand-in cannot solve a board of this size. */
export class SolverUnavailable extends Error {}

const N = 9;
const FACT = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880];
const STATES = FACT[N]!;
const REACHABLE = STATES / 2;
const UNSEEN = 255;
export const TABLE_KEY = 'standin-3x3-distances-v1';

/** The permutation's index among all permutations of 0..8 (Lehmer code). */
function rank(p: ArrayLike<number>): number {
  let r = 0;
  for (let i = 0; i < N; i++) {
    let smaller = 0;
    for (let j = i + 1; j < N; j++) if (p[j]! < p[i]!) smaller++;
    r += smaller * FACT[N - 1 - i]!;
  }
  return r;
}

function unrank(r: number, out: Uint8Array): void {
  const left = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  let rest = r;
  for (let i = 0; i < N; i++) {
    const f = FACT[N - 1 - i]!;
    const k = Math.floor(rest / f);
    rest %= f;
    out[i] = left.splice(k, 1)[0]!;
  }
}

/** Cells next to `b` on the 3×3 board. */
function neighbours(b: number): number[] {
  const out: number[] = [];
  const r = Math.floor(b / 3);
  const c = b % 3;
  if (r > 0) out.push(b - 3);
  if (r < 2) out.push(b + 3);
  if (c > 0) out.push(b - 1);
  if (c < 2) out.push(b + 1);
  return out;
}

const yieldToEvents = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function aborted(): Error {
  return new DOMException('the solve was cancelled', 'AbortError');
}

async function buildTable(opts: SolveOptions): Promise<Uint8Array> {
  const dist = new Uint8Array(STATES).fill(UNSEEN);
  const queue = new Int32Array(REACHABLE);
  const p = new Uint8Array(N);
  queue[0] = rank([1, 2, 3, 4, 5, 6, 7, 8, 0]);
  dist[queue[0]] = 0;
  let head = 0;
  let tail = 1;
  while (head < tail) {
    const cur = queue[head++]!;
    unrank(cur, p);
    const b = p.indexOf(0);
    for (const m of neighbours(b)) {
      p[b] = p[m]!;
      p[m] = 0;
      const r = rank(p);
      if (dist[r] === UNSEEN) {
        dist[r] = dist[cur]! + 1;
        queue[tail++] = r;
      }
      p[m] = p[b]!;
      p[b] = 0;
    }
    if (head % 8192 === 0) {
      opts.progress('Building the 8-puzzle table', head, REACHABLE);
      await yieldToEvents();
      if (opts.signal.aborted) throw aborted();
    }
  }
  return dist;
}

let table: Uint8Array | null = null;

async function loadTable(opts: SolveOptions): Promise<Uint8Array> {
  if (table) return table;
  opts.progress('Reading the 8-puzzle table', 0, 1);
  const cached = await opts.store.get(TABLE_KEY);
  if (cached && cached.length === STATES && cached[rank([1, 2, 3, 4, 5, 6, 7, 8, 0])] === 0) {
    table = cached;
    return table;
  }
  const built = await buildTable(opts);
  opts.progress('Saving the 8-puzzle table', REACHABLE, REACHABLE);
  await opts.store.put(TABLE_KEY, built);
  table = built;
  return table;
}

/**
 * The tiles to slide, in order, to take `tiles` (validated by the engine) to the goal.
 * Rejects with a SolverUnavailable for sizes the stand-in cannot do, with an AbortError when
 * cancelled, and with an Error naming the problem for a bad board.
 */
export async function solve(tiles: unknown, width: number, opts: SolveOptions): Promise<number[]> {
  const parsed = parseTiles(tiles, width);
  if (!parsed.ok) throw new Error(parsed.error.message);
  if (width !== 3) {
    throw new SolverUnavailable(
      `hints and solving for ${width}×${width} boards come with the full solver; this build solves 3×3 only`,
    );
  }
  const dist = await loadTable(opts);
  const p = Uint8Array.from(parsed.value);
  const moves: number[] = [];
  let d = dist[rank(p)]!;
  while (d > 0) {
    const b = p.indexOf(0);
    let stepped = false;
    for (const m of neighbours(b)) {
      p[b] = p[m]!;
      p[m] = 0;
      if (dist[rank(p)] === d - 1) {
        moves.push(p[b]!);
        d--;
        stepped = true;
        break;
      }
      p[m] = p[b]!;
      p[b] = 0;
    }
    if (!stepped) throw new Error('the 8-puzzle table is damaged');
  }
  return moves;
}
