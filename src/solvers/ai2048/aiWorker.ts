/**
 * The AI off the main thread, for Node front-ends (the terminal game, the benchmark): a
 * cancellable {@link AiWorker} over worker_threads that can also split the root moves
 * between several threads. A browser front-end runs `answerAiRequest` in a Web Worker of its
 * own instead (see protocol.ts).
 */
import { SlideboxError, unwrap } from '../../engine/result.ts';
import type { Direction } from '../../engine/types.ts';
import { workerScript } from '../../node/workerScript.ts';
import { move, out, pack, sameBoard } from './board.ts';
import {
  type AiOptions,
  checkOptions,
  PLAY_KEYS,
  type PlayOptions,
  SEARCH_KEYS,
} from './options.ts';
import type { AiReply, AiRequest, MoveReply, ProgressReply } from './protocol.ts';
import type { GameRecord } from './selfplay.ts';

/** The slice of worker_threads' Worker used here. */
interface NodeWorker {
  postMessage(m: unknown): void;
  on(event: 'message', f: (m: AiReply) => void): void;
  on(event: 'error', f: (e: Error) => void): void;
  on(event: 'exit', f: (code: number) => void): void;
  terminate(): Promise<number>;
  unref(): void;
  ref(): void;
}

/** Rejection reason of a request cancelled by {@link AiWorker.cancel} or terminate. */
export class AiCancelledError extends Error {
  constructor() {
    super('the AI request was cancelled');
    this.name = 'AbortError';
  }
}

export interface AiWorkerOptions {
  /** Threads to split a search over (a whole number from 1, default 1): root moves are shared out. */
  threads?: number;
  /** Where the worker script is (default: ai-worker.js beside the built library). */
  workerUrl?: URL | string;
}

interface Pending {
  resolve: (r: AiReply) => void;
  reject: (e: Error) => void;
  onProgress?: ((p: ProgressReply) => void) | undefined;
}

/**
 * The worker script next to the built library (dist/ai-worker.js, from dist/ or dist/chunks/),
 * or, run from the TypeScript sources, the worker's entry bundled in memory.
 */
export async function defaultWorkerUrl(): Promise<URL> {
  return workerScript(import.meta.url, './workerEntry.ts', 'ai-worker.js');
}

/** One worker thread with a queue of requests by id. */
class Thread {
  private readonly worker: NodeWorker;
  private readonly pending = new Map<number, Pending>();
  private dead = false;

  constructor(worker: NodeWorker) {
    this.worker = worker;
    worker.unref();
    worker.on('message', (m) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      if (m.type === 'progress') {
        p.onProgress?.(m);
        return;
      }
      this.pending.delete(m.id);
      if (this.pending.size === 0) worker.unref();
      p.resolve(m);
    });
    worker.on('error', (e) => this.failAll(e));
    worker.on('exit', () => this.failAll(new AiCancelledError()));
  }

  get idle(): boolean {
    return this.pending.size === 0;
  }

  request(req: AiRequest, onProgress?: (p: ProgressReply) => void): Promise<AiReply> {
    if (this.dead) return Promise.reject(new AiCancelledError());
    return new Promise((resolve, reject) => {
      this.pending.set(req.id, { resolve, reject, onProgress });
      this.worker.ref();
      this.worker.postMessage(req);
    });
  }

  private failAll(e: Error): void {
    this.dead = true;
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  async terminate(): Promise<void> {
    this.failAll(new AiCancelledError());
    await this.worker.terminate();
  }
}

let nextId = 1;

/**
 * A 2048 AI on worker threads. Requests queue; {@link cancel} drops the running search at once
 * (the threads are replaced on the next request), {@link terminate} ends it for good.
 *
 * ```ts
 * const ai = new AiWorker();
 * const dir = await ai.bestMove(game.cells, { preset: 'fast' });
 * ai.terminate();
 * ```
 */
export class AiWorker {
  private readonly threadCount: number;
  private readonly workerUrl: URL | string | undefined;
  private threads: Thread[] | null = null;
  private starting: Promise<Thread[]> | null = null;
  private terminated = false;

  /** Throws a SlideboxError (code `bad-options`) for options that are not sound. */
  constructor(opts: AiWorkerOptions = {}) {
    const o = unwrap(checkOptions<AiWorkerOptions>(opts, ['threads', 'workerUrl']));
    this.threadCount = o.threads ?? 1;
    this.workerUrl = o.workerUrl;
  }

  private async getThreads(): Promise<Thread[]> {
    if (this.terminated) throw new AiCancelledError();
    if (this.threads) return this.threads;
    if (!this.starting) {
      this.starting = (async () => {
        const { Worker } = await import('node:worker_threads');
        const url = this.workerUrl ?? (await defaultWorkerUrl());
        const threads: Thread[] = [];
        for (let i = 0; i < this.threadCount; i++) {
          threads.push(new Thread(new Worker(url) as unknown as NodeWorker));
        }
        this.threads = threads;
        this.starting = null;
        return threads;
      })();
    }
    return this.starting;
  }

  /**
   * The best move for a board, like the synchronous `bestMove` (same options, plus a signal).
   * With several threads, the legal root moves of a 4x4 board are shared out among them.
   * Rejects with a SlideboxError for bad options (code `bad-options`) or an invalid board, and
   * with an AbortError when cancelled.
   */
  async bestMove(
    cells: readonly (readonly number[])[],
    opts: AiOptions & { signal?: AbortSignal } = {},
  ): Promise<Direction | null> {
    const checked = unwrap(
      checkOptions<AiOptions & { signal?: AbortSignal }>(opts, [...SEARCH_KEYS, 'signal']),
    );
    const { signal, ...wire } = checked;
    if (signal?.aborted) throw new AiCancelledError();
    // The listener is attached before the first await, so an abort that comes at any point
    // (even right after this call returns) rejects the promise rather than being missed.
    let onAbort = () => {};
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        this.cancel();
        reject(new AiCancelledError());
      };
    });
    aborted.catch(() => {});
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const threads = await Promise.race([this.getThreads(), aborted]);
      const masks = splitRoot(cells, threads.length, wire.rootMask ?? 0xf);
      const replies = await Promise.race([
        Promise.all(
          masks.map((mask, i) =>
            threads[i]!.request({
              type: 'move',
              id: nextId++,
              cells,
              opts: masks.length > 1 ? { ...wire, rootMask: mask } : wire,
            }),
          ),
        ),
        aborted,
      ]);
      let best: Direction | null = null;
      let bestValue = Number.NEGATIVE_INFINITY;
      for (const r of replies) {
        if (r.type === 'error') throw rebuildError(r);
        const m = r as MoveReply;
        if (m.move === null) continue;
        const v = masks.length > 1 ? m.values[m.move] : 0;
        if (best === null || v > bestValue) {
          best = m.move;
          bestValue = v;
        }
      }
      return best;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Plays a whole seeded game on one thread (the benchmark), like the synchronous `playGame`
   * (same options, plus `thread`: which of the threads plays it, modulo their number).
   * Rejects with a SlideboxError for bad options (code `bad-options`) or a bad seed.
   */
  async playGame(seed: number, opts: PlayOptions & { thread?: number } = {}): Promise<GameRecord> {
    const checked = unwrap(
      checkOptions<PlayOptions & { thread?: number }>(opts, [...PLAY_KEYS, 'thread']),
    );
    const { maxMoves, progressEvery, onProgress, thread: index, ...search } = checked;
    const threads = await this.getThreads();
    const req: AiRequest = { type: 'game', id: nextId++, seed, opts: search };
    if (maxMoves !== undefined) req.maxMoves = maxMoves;
    if (progressEvery !== undefined) req.progressEvery = progressEvery;
    const thread = threads[(index ?? 0) % threads.length]!;
    const r = await thread.request(
      req,
      onProgress &&
        ((p: ProgressReply) => onProgress({ moves: p.moves, score: p.score, maxTile: p.maxTile })),
    );
    if (r.type === 'error') throw rebuildError(r);
    if (r.type !== 'game') throw new Error(`unexpected reply ${r.type}`);
    return r.record;
  }

  /** Stops whatever is running; its promises reject with an AbortError. Reusable afterwards. */
  cancel(): void {
    const threads = this.threads;
    this.threads = null;
    if (threads) for (const t of threads) void t.terminate();
  }

  /** Ends the worker threads for good. */
  async terminate(): Promise<void> {
    this.terminated = true;
    const threads = this.threads ?? (this.starting ? await this.starting.catch(() => null) : null);
    this.threads = null;
    if (threads) await Promise.all(threads.map((t) => t.terminate()));
  }
}

function rebuildError(r: { name: string; code?: string; message: string }): Error {
  if (r.name === 'SlideboxError' && r.code)
    return new SlideboxError({ code: r.code, message: r.message });
  const e = new Error(r.message);
  e.name = r.name;
  return e;
}

/**
 * Root masks for `parts` threads: the legal moves of a 4x4 board dealt out in turn (one mask
 * when the board is not a packable 4x4 or has one legal move).
 */
function splitRoot(cells: readonly (readonly number[])[], parts: number, mask: number): number[] {
  if (parts <= 1 || !isPackable(cells)) return [mask];
  pack(cells);
  const a = out.a;
  const b = out.b;
  const legal: number[] = [];
  for (let d = 0; d < 4; d++) {
    if (!((mask >> d) & 1)) continue;
    move(a, b, d);
    if (!sameBoard(a, b, out.a, out.b)) legal.push(d);
  }
  if (legal.length <= 1) return [mask];
  const masks = new Array<number>(Math.min(parts, legal.length)).fill(0);
  legal.forEach((d, i) => {
    masks[i % masks.length]! |= 1 << d;
  });
  return masks;
}

function isPackable(cells: unknown): cells is readonly (readonly number[])[] {
  return (
    Array.isArray(cells) &&
    cells.length === 4 &&
    cells.every(
      (row) =>
        Array.isArray(row) &&
        row.length === 4 &&
        row.every(
          (v) =>
            typeof v === 'number' && v >= 0 && v <= 16384 && Number.isInteger(Math.log2(v || 1)),
        ),
    )
  );
}

let shared: AiWorker | null = null;

/**
 * {@link AiWorker.bestMove} on a shared worker with one thread per core (the root moves of a
 * 4x4 board searched in parallel). The threads do not keep the process alive while idle.
 */
export async function bestMoveAsync(
  cells: readonly (readonly number[])[],
  opts: AiOptions & { signal?: AbortSignal } = {},
): Promise<Direction | null> {
  if (!shared) {
    const { availableParallelism } = await import('node:os');
    shared ??= new AiWorker({ threads: Math.min(4, availableParallelism()) });
  }
  return shared.bestMove(cells, opts);
}
