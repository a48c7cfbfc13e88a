import { Worker } from 'node:worker_threads';
import { show } from '../engine/describe.ts';
import { err, ok, type Problem, problem, type Result, SlideboxError } from '../engine/result.ts';
import type { SolveOptions, SolveReport } from '../solvers/puzzle/solve.ts';
import type { FromWorker, ToWorker, WorkerConfig } from './solveProtocol.ts';
import { workerScript } from './workerScript.ts';

/** A running solve. */
export interface SolveHandle {
  /** The report; rejects with a SlideboxError for bad input, an AbortError when cancelled. */
  readonly promise: Promise<SolveReport>;
  /** Stops the solve (the promise rejects with an AbortError); no effect once it has settled. */
  cancel(): void;
}

/** A long-lived solver thread: keeps its pattern databases loaded between solves. */
export interface SolverWorker {
  solve(tiles: readonly number[], width: number, opts?: SolveOptions): SolveHandle;
  /** Loads or builds what optimal solves of this width need; resolves when they are ready. */
  prepare(width: number): Promise<void>;
  /** Ends the thread; pending solves reject with an AbortError. */
  close(): Promise<void>;
}

export interface SolverWorkerOptions {
  /** Cache folder for pattern databases (default: the user cache folder; null: no cache). */
  cacheDir?: string | null;
  /**
   * Load the 15-puzzle's pattern databases as soon as the thread starts (building them if they
   * are not cached), so the first 4x4 hint does not wait for them.
   */
  preload?: boolean;
}

/** Checks the options of a solver thread, keeping only its own (cacheDir, preload). */
function checkWorkerOptions(opts: unknown): Result<WorkerConfig, Problem<'bad-options'>> {
  const bad = (m: string) => err(problem('bad-options', m));
  if (typeof opts !== 'object' || opts === null) {
    return bad(`options must be an object, got ${show(opts)}`);
  }
  const o = opts as SolverWorkerOptions;
  if (o.cacheDir !== undefined && o.cacheDir !== null && typeof o.cacheDir !== 'string') {
    return bad(`cacheDir must be a folder path or null, got ${show(o.cacheDir)}`);
  }
  if (o.preload !== undefined && typeof o.preload !== 'boolean') {
    return bad(`preload must be true or false, got ${show(o.preload)}`);
  }
  return ok({
    ...(o.cacheDir === undefined ? {} : { cacheDir: o.cacheDir }),
    ...(o.preload ? { preload: true } : {}),
  });
}

/** A handle whose promise has already failed (bad input found before any thread started). */
function failed(e: unknown): SolveHandle {
  const promise = Promise.reject(e);
  promise.catch(() => {});
  return { promise, cancel() {} };
}

function abortError(): Error {
  return new DOMException('The solve was cancelled', 'AbortError');
}

/** Starts a solver thread. Throws a SlideboxError (code 'bad-options') for bad options. */
export function createSolverWorker(opts: SolverWorkerOptions = {}): SolverWorker {
  const checked = checkWorkerOptions(opts);
  if (!checked.ok) throw new SlideboxError(checked.error);
  const config = checked.value;
  const script = workerScript(import.meta.url, './puzzleSolveWorker.ts', 'puzzle-worker.js');
  const worker = new Worker(script, { workerData: config });
  worker.unref();
  let nextId = 1;
  let closed = false;
  const pending = new Map<
    number,
    { resolve: (r: SolveReport | null) => void; reject: (e: unknown) => void }
  >();
  const settle = (id: number) => {
    pending.delete(id);
    if (pending.size === 0) worker.unref();
  };
  worker.on('message', (msg: FromWorker) => {
    const p = pending.get(msg.id);
    if (!p) return;
    settle(msg.id);
    if (msg.type === 'done') p.resolve(msg.report);
    else if (msg.type === 'ready') p.resolve(null);
    else if (msg.error.name === 'AbortError') p.reject(abortError());
    else if (msg.error.code)
      p.reject(new SlideboxError({ code: msg.error.code, message: msg.error.message }));
    else p.reject(new Error(msg.error.message));
  });
  const failAll = (e: unknown) => {
    for (const [id, p] of pending) {
      settle(id);
      p.reject(e);
    }
  };
  worker.on('error', failAll);
  worker.on('exit', () => {
    closed = true;
    failAll(abortError());
  });
  const request = (id: number, msg: ToWorker) =>
    new Promise<SolveReport | null>((resolve, reject) => {
      if (closed) {
        reject(abortError());
        return;
      }
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage(msg);
    });
  return {
    prepare(width) {
      const id = nextId++;
      // Like a solve, a pending prepare keeps the process alive until the tables are ready:
      // a script that awaits it must see it resolve (close() ends it sooner).
      return request(id, { type: 'prepare', id, width }).then(() => undefined);
    },
    solve(tiles, width, solveOpts = {}) {
      const id = nextId++;
      const msg: ToWorker = { type: 'solve', id, tiles: [...tiles], width, opts: solveOpts };
      const promise = request(id, msg) as Promise<SolveReport>;
      // A caller that cancels and drops the promise must not crash the process with an
      // unhandled rejection; callers that await it still see the rejection.
      promise.catch(() => {});
      return {
        promise,
        cancel() {
          const p = pending.get(id);
          if (!p) return;
          settle(id);
          p.reject(abortError());
          if (!closed) worker.postMessage({ type: 'cancel', id } satisfies ToWorker);
        },
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      failAll(abortError());
      await worker.terminate();
    },
  };
}

/**
 * One solve on a thread of its own, ended when the solve settles or is cancelled. Bad options
 * (like bad tiles) reject the promise with a SlideboxError.
 */
export function startSolve(
  tiles: readonly number[],
  width: number,
  opts: SolveOptions & SolverWorkerOptions = {},
): SolveHandle {
  const checked = checkWorkerOptions(opts);
  if (!checked.ok) return failed(new SlideboxError(checked.error));
  // The solve's own options are checked on the thread, like the tiles.
  const { cacheDir, ...solveOpts } = opts;
  const w = createSolverWorker(cacheDir === undefined ? {} : { cacheDir });
  const h = w.solve(tiles, width, solveOpts);
  const promise = h.promise.finally(() => {
    void w.close();
  });
  // Callers that only cancel should not see an unhandled rejection from this chain.
  promise.catch(() => {});
  return {
    promise,
    cancel() {
      h.cancel();
      void w.close();
    },
  };
}
