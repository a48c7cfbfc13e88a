import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { show } from '../engine/describe.ts';
import { problem, type Result, SlideboxError } from '../engine/result.ts';
import { MAX_CODE_LENGTH } from '../engine/shareCode.ts';
import { type Verified, type VerifyProblem, verifyCode } from '../engine/verify.ts';
import { workerScript } from '../node/workerScript.ts';
import type { VerifyReply, VerifyRequest } from './verifyPoolProtocol.ts';

/**
 * Codes up to this many characters (about 1,170 2048 moves, 3 to a character; 600 to 900
 * puzzle moves) are verified on the calling thread by default. Measured with
 * `npm run bench:verify` (2-core EPYC, Node 20): a round trip to a thread costs about 20 µs,
 * and verifying about 30 ns a move on 4x4 boards and up to 220 ns on 8x8 ones. So a code at
 * this limit holds the event loop for about 35 µs (4x4, two round trips' worth) to 250 µs
 * (8x8); longer codes, up to the longest (50,000 characters: about 30 ms on 8x8), go to a
 * thread.
 */
export const INLINE_MAX_CHARS = 400;

export interface VerifyPoolOptions {
  /** Worker threads, a whole number from 1 to 64 (default: the cores less one, 1 to 4). */
  threads?: number;
  /**
   * Codes up to this many characters are verified on the calling thread (default
   * {@link INLINE_MAX_CHARS}; 0 sends every code to a thread).
   */
  inlineMaxChars?: number;
  /** The worker script (default: verify-worker.js beside the bundle, or the sources bundled). */
  workerUrl?: URL;
}

/** Verifies share codes; long codes on worker threads. */
export interface VerifyPool {
  /**
   * `verifyCode(code)`, on a thread when the code is long. Rejects only when the pool is
   * closed or its thread died (a bug), never for a bad code: that is an error `Result`.
   */
  verify(code: string): Promise<Result<Verified, VerifyProblem>>;
  /** Ends the threads; codes still waiting are rejected. */
  close(): Promise<void>;
  /** Threads running now (0 once closed). */
  readonly threads: number;
}

interface Pending {
  resolve: (r: Result<Verified, VerifyProblem>) => void;
  reject: (e: Error) => void;
}

/** One worker and the requests it has not answered yet. */
interface Thread {
  readonly worker: Worker;
  readonly pending: Map<number, Pending>;
}

function checkPoolOptions(opts: unknown): Required<Omit<VerifyPoolOptions, 'workerUrl'>> & {
  workerUrl?: URL;
} {
  const bad = (message: string): never => {
    throw new SlideboxError(problem('bad-options', message));
  };
  if (typeof opts !== 'object' || opts === null || Array.isArray(opts))
    bad(`options must be an object, got ${show(opts)}`);
  const o = opts as VerifyPoolOptions;
  const threads = o.threads ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  if (!Number.isInteger(threads) || threads < 1 || threads > 64)
    bad(`threads must be a whole number from 1 to 64, got ${show(o.threads)}`);
  const inlineMaxChars = o.inlineMaxChars ?? INLINE_MAX_CHARS;
  if (!Number.isInteger(inlineMaxChars) || inlineMaxChars < 0)
    bad(`inlineMaxChars must be a whole number from 0, got ${show(o.inlineMaxChars)}`);
  if (o.workerUrl !== undefined && !(o.workerUrl instanceof URL))
    bad(`workerUrl must be a URL, got ${show(o.workerUrl)}`);
  return { threads, inlineMaxChars, ...(o.workerUrl ? { workerUrl: o.workerUrl } : {}) };
}

/**
 * A pool of `threads` worker threads verifying share codes. The threads start at once and do
 * not keep the process alive while idle. Throws a SlideboxError (code `bad-options`) for
 * options that are not sound.
 *
 * ```ts
 * const pool = createVerifyPool();
 * const r = await pool.verify(code); // as verifyCode(code)
 * await pool.close();
 * ```
 */
export function createVerifyPool(opts: VerifyPoolOptions = {}): VerifyPool {
  const o = checkPoolOptions(opts);
  const url =
    o.workerUrl ?? workerScript(import.meta.url, './verifyPoolWorker.ts', 'verify-worker.js');
  let closed = false;
  let nextId = 1;
  const threads: Thread[] = [];

  const start = (): Thread => {
    const worker = new Worker(url);
    worker.unref();
    const t: Thread = { worker, pending: new Map() };
    let dead = false;
    const fail = (e: Error) => {
      // 'error' is followed by 'exit': the thread is given up once.
      if (dead) return;
      dead = true;
      for (const p of t.pending.values()) p.reject(e);
      t.pending.clear();
      const i = threads.indexOf(t);
      if (i >= 0) threads.splice(i, 1);
      // A thread that died is replaced, so the pool keeps its size.
      if (!closed) threads.push(start());
    };
    worker.on('message', (m: VerifyReply) => {
      const p = t.pending.get(m.id);
      if (!p) return;
      t.pending.delete(m.id);
      if (t.pending.size === 0) worker.unref();
      p.resolve(m.result);
    });
    worker.on('error', (e) => fail(e));
    worker.on('exit', (code) => fail(new Error(`a verify thread stopped (exit code ${code})`)));
    return t;
  };
  for (let i = 0; i < o.threads; i++) threads.push(start());

  const verify = (code: string): Promise<Result<Verified, VerifyProblem>> => {
    if (closed) return Promise.reject(new Error('the verify pool is closed'));
    const length = typeof code === 'string' ? code.trim().length : 0;
    // Short codes, and those refused at once for their length, cost less here than a trip.
    if (length <= o.inlineMaxChars || length > MAX_CODE_LENGTH) {
      return Promise.resolve(verifyCode(code));
    }
    let t = threads[0]!;
    for (const u of threads) if (u.pending.size < t.pending.size) t = u;
    const id = nextId++;
    return new Promise((resolve, reject) => {
      t.pending.set(id, { resolve, reject });
      t.worker.ref();
      const req: VerifyRequest = { id, code };
      t.worker.postMessage(req);
    });
  };

  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    const all = threads.splice(0);
    for (const t of all) {
      for (const p of t.pending.values()) p.reject(new Error('the verify pool was closed'));
      t.pending.clear();
    }
    await Promise.all(all.map((t) => t.worker.terminate()));
  };

  return {
    verify,
    close,
    get threads() {
      return threads.length;
    },
  };
}
