/**
 * The puzzle solver: checks its input, picks a method, runs it in slices (so an AbortSignal
 * and a time limit are honoured and the event loop keeps turning) and checks the answer before
 * returning it.
 *
 * - 3x3: IDA* with Manhattan distance + linear conflict (optimal, milliseconds).
 * - 4x4: IDA* with the 6-6-3 pattern databases and their reflection (optimal).
 * - 5x5 and larger, `optimal: false`, or a 3x3/4x4 solve that runs out of `timeLimitMs`:
 *   the reduction solver (valid, not shortest, tens of milliseconds); from 5x5 up it finishes
 *   on an optimally solved 4x4 corner when the databases are cached.
 */

import { show } from '../../engine/describe.ts';
import { parseTiles } from '../../engine/puzzleBoard.ts';
import { err, problem, SlideboxError, unwrap } from '../../engine/result.ts';
import { solves } from './grid.ts';
import { IdaSearch } from './ida.ts';
import { ManhattanHeuristic } from './manhattan.ts';
import {
  type PdbProgress,
  type PdbProgressListener,
  patternDbs4,
  storedPatternDbs4,
} from './pdbProvider.ts';
import { Pdb4Search } from './pdbSearch.ts';
import { type CornerSolver4, reductionSolve } from './reduce.ts';
import type { BlobStore } from './store.ts';
import { yieldToEventLoop } from './yield.ts';

/** Nodes the fast solver may spend on a 4x4 corner (about a tenth of a second). */
const CORNER_NODE_BUDGET = 1_000_000;

/** Options of the public `solve`. */
export interface SolveOptions {
  /** Fewest moves (default true; only 3x3 and 4x4 are solved optimally). */
  optimal?: boolean;
  /** After this many milliseconds an optimal search gives way to the fast solver. */
  timeLimitMs?: number;
}

/** Options of {@link solvePuzzle}: the public ones plus the wiring. */
export interface SolverOptions extends SolveOptions {
  /** Cancels the solve: the promise rejects with the signal's reason (an AbortError). */
  signal?: AbortSignal;
  /** Where 4x4 pattern databases are cached; null for none (built in memory each process). */
  store?: BlobStore | null;
  /** The clock for the time limit (default `performance.now`). */
  now?: () => number;
  /** Nodes searched between checks of the clock and the signal (default 200,000). */
  sliceNodes?: number;
  /**
   * Hears how reading or building the 4x4 pattern databases goes, while this solve waits for
   * them (not after it has given up waiting, been cancelled or finished).
   */
  onProgress?: PdbProgressListener;
}

export type SolveMethod = 'none' | 'ida-manhattan' | 'ida-pdb' | 'reduction';

/** A solution with how it was found. */
export interface SolveReport {
  /** The tiles to slide, in order. */
  readonly moves: number[];
  readonly method: SolveMethod;
  /** Whether `moves` is known to be a shortest solution. */
  readonly optimal: boolean;
  /** Search nodes generated (0 for the reduction solver). */
  readonly nodes: number;
  /** Wall time in milliseconds, including loading or building databases. */
  readonly ms: number;
  /** The optimal search ran out of time and the fast solver answered. */
  readonly timedOut: boolean;
}

/** Checks solve options (the public ones and the wiring); throws a SlideboxError naming the problem. */
export function checkSolveOptions(opts: unknown): void {
  if (opts === undefined) return;
  const bad = (m: string) => unwrap(err(problem('bad-options', m)));
  if (typeof opts !== 'object' || opts === null)
    bad(`options must be an object, got ${show(opts)}`);
  const o = opts as Record<string, unknown>;
  if (o.optimal !== undefined && typeof o.optimal !== 'boolean') {
    bad(`optimal must be true or false, got ${show(o.optimal)}`);
  }
  if (
    o.timeLimitMs !== undefined &&
    (typeof o.timeLimitMs !== 'number' || Number.isNaN(o.timeLimitMs) || o.timeLimitMs < 0)
  ) {
    bad(`timeLimitMs must be a number of milliseconds from 0, got ${show(o.timeLimitMs)}`);
  }
  if (o.onProgress !== undefined && typeof o.onProgress !== 'function') {
    bad(`onProgress must be a function, got ${show(o.onProgress)}`);
  }
  // The wiring of solvePuzzle. A slice that is not a whole number from 1 would search forever
  // without looking at the clock or the signal.
  if (
    o.sliceNodes !== undefined &&
    !(Number.isSafeInteger(o.sliceNodes) && (o.sliceNodes as number) >= 1)
  ) {
    bad(`sliceNodes must be a whole number from 1, got ${show(o.sliceNodes)}`);
  }
  if (o.now !== undefined && typeof o.now !== 'function') {
    bad(`now must be a function, got ${show(o.now)}`);
  }
  if (o.signal !== undefined && !isSignal(o.signal)) {
    bad(`signal must be an AbortSignal, got ${show(o.signal)}`);
  }
  if (o.store !== undefined && o.store !== null && !isBlobStore(o.store)) {
    bad(
      `store must be null or a BlobStore (an object with read and write functions), got ${show(o.store)}`,
    );
  }
}

/** Duck-typed, so that a signal from another realm (a worker, a test runner) counts. */
function isSignal(x: unknown): boolean {
  return typeof x === 'object' && x !== null && typeof (x as AbortSignal).aborted === 'boolean';
}

function isBlobStore(x: unknown): boolean {
  const s = x as BlobStore;
  return typeof x === 'object' && typeof s.read === 'function' && typeof s.write === 'function';
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The solve was cancelled', 'AbortError');
}

/**
 * Solves a position. Rejects with a SlideboxError for bad input (codes as in `parseTiles`, or
 * 'bad-options'), with the signal's reason when cancelled. Never returns a wrong answer: the
 * solution is replayed and checked first.
 */
export async function solvePuzzle(
  tiles: unknown,
  width: number,
  opts: SolverOptions = {},
): Promise<SolveReport> {
  checkSolveOptions(opts);
  const board = unwrap(parseTiles(tiles, width));
  const now = opts.now ?? (() => performance.now());
  const t0 = now();
  const deadline = t0 + (opts.timeLimitMs ?? Number.POSITIVE_INFINITY);
  const slice = opts.sliceNodes ?? 200_000;
  const signal = opts.signal;
  if (signal?.aborted) throw abortReason(signal);

  let report: Omit<SolveReport, 'ms'>;
  const wantOptimal = opts.optimal !== false && width <= 4;
  const fast = async (timedOut: boolean, nodes: number): Promise<Omit<SolveReport, 'ms'>> => {
    // From 5x5 up, finish on a 4x4 corner solved optimally when the databases are at hand
    // (in memory or in the store; never built for this), within a node budget.
    let finish4: CornerSolver4 | undefined;
    if (width >= 5) {
      const set = await storedPatternDbs4(opts.store ?? null, now);
      if (set) {
        finish4 = (local) => {
          const s = new Pdb4Search(local, set.dbs);
          return s.step(CORNER_NODE_BUDGET) === 'found' ? s.result : null;
        };
      }
    }
    return {
      moves: reductionSolve(board, width, finish4),
      method: 'reduction',
      optimal: false,
      nodes,
      timedOut,
    };
  };
  if (board.every((t, i) => t === (i === board.length - 1 ? 0 : i + 1))) {
    report = { moves: [], method: 'none', optimal: true, nodes: 0, timedOut: false };
  } else if (!wantOptimal) {
    report = await fast(false, 0);
  } else {
    let search: IdaSearch | Pdb4Search | null = null;
    let method: SolveMethod = 'ida-manhattan';
    if (width === 3) {
      search = new IdaSearch(board, 3, 3, new ManhattanHeuristic(3, 3, true));
    } else {
      method = 'ida-pdb';
      // With no time at all, don't start loading (or building) databases nobody will use.
      if (now() < deadline) {
        // The build outlives this solve: only listen while waiting for it.
        let listening = true;
        const listener = opts.onProgress;
        const heard = listener
          ? (p: PdbProgress) => {
              if (listening && !signal?.aborted) listener(p);
            }
          : undefined;
        try {
          const dbs = await untilDeadline(
            patternDbs4(opts.store ?? null, now, heard),
            deadline,
            now,
            signal,
          );
          if (dbs) search = new Pdb4Search(board, dbs.dbs);
        } finally {
          listening = false;
        }
      }
    }
    let found = false;
    while (search && now() < deadline) {
      if (search.step(slice) === 'found') {
        found = true;
        break;
      }
      await yieldToEventLoop();
      if (signal?.aborted) throw abortReason(signal);
    }
    report =
      found && search
        ? { moves: search.result!, method, optimal: true, nodes: search.nodes, timedOut: false }
        : await fast(true, search?.nodes ?? 0);
  }
  if (signal?.aborted) throw abortReason(signal);
  if (!solves(board, width, report.moves)) {
    // A bug, not bad input: say so rather than hand back a wrong answer.
    throw new SlideboxError(
      problem(
        'internal',
        `the solver produced an invalid solution (${report.method}); please report this`,
      ),
    );
  }
  return { ...report, ms: now() - t0 };
}

/** Waits for `p`, but no later than `deadline` (then null); rejects if the signal fires. */
async function untilDeadline<T>(
  p: Promise<T>,
  deadline: number,
  now: () => number,
  signal: AbortSignal | undefined,
): Promise<T | null> {
  let settled = false;
  let value: T | null = null;
  let failure: unknown = null;
  p.then(
    (v) => {
      settled = true;
      value = v;
    },
    (e) => {
      settled = true;
      failure = e;
    },
  );
  // Poll between event-loop turns: the database build itself runs in slices on this loop.
  while (!settled) {
    if (signal?.aborted) throw abortReason(signal);
    if (now() >= deadline) return null;
    await yieldToEventLoop();
  }
  if (failure !== null) throw failure;
  return value;
}
