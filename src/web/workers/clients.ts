/**
 * The page's side of the two workers. Each worker is created on first use (so the AI and the
 * solver are downloaded only when a player asks for a hint, autoplay or a solve) and speaks the
 * messages in protocol.ts. Answers to cancelled requests are dropped; a worker that
 * fails to load or crashes fails its pending requests with a sentence, and is started afresh
 * on the next request. The replay screen's analyses have workers of their own
 * ({@link createAnalyser}), so that stopping one stops nothing else.
 */
import type { Direction } from '../../engine/types.ts';
import type { AnalysisMatchView } from '../../front/modelAnalysis.ts';
import type { PuzzleSolver, Solution, SolveProgress } from '../../front/ports.ts';
import type { Analysis2048 } from '../../solvers/analysis/analyse2048.ts';
import type { AnalysisPuzzle } from '../../solvers/analysis/analysePuzzle.ts';
import {
  type AiEngine,
  type AiWorkerRequest,
  type AnalyseRequest,
  aiMoveRequest,
  type Purpose,
  parseAiReply,
  parseSolverReply,
  type SolverRequest,
} from './protocol.ts';

export interface AiClient {
  bestMove(cells: number[][], purpose: Purpose, signal: AbortSignal): Promise<Direction | null>;
  /** The search build the worker last answered with (null before its first answer). */
  readonly engine: AiEngine | null;
  close(): void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
  progress?(p: SolveProgress): void;
}

/** A worker created on demand, with request ids and crash handling. */
class LazyWorker<Req extends { id: number }> {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly create: () => Worker,
    private readonly name: string,
    private readonly onReply: (data: unknown, pending: Map<number, Pending>) => void,
  ) {}

  id(): number {
    return this.nextId++;
  }

  send(req: Req, p: Pending | null): void {
    // A cancel for a worker that is gone has nothing to stop.
    if (!this.worker && !p) return;
    if (!this.worker) {
      const w = this.create();
      w.onmessage = (e) => this.onReply(e.data, this.pending);
      w.onerror = (e) => {
        e.preventDefault();
        this.fail(`the ${this.name} could not run (${e.message || 'it failed to load'})`);
      };
      w.onmessageerror = () => this.fail(`the ${this.name} sent an unreadable message`);
      this.worker = w;
    }
    if (p) this.pending.set(req.id, p);
    this.worker.postMessage(req);
  }

  forget(id: number): void {
    this.pending.delete(id);
  }

  private fail(message: string): void {
    this.worker?.terminate();
    this.worker = null;
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) p.reject(new Error(message));
  }

  close(): void {
    this.worker?.terminate();
    this.worker = null;
    this.pending.clear();
  }
}

export function createAiClient(): AiClient {
  let engine: AiEngine | null = null;
  const lazy = new LazyWorker<AiWorkerRequest>(
    () => new Worker(new URL('./ai.worker.ts', import.meta.url), { type: 'module' }),
    'AI',
    (data, pending) => {
      const r = parseAiReply(data);
      if (!r) return;
      const p = pending.get(r.id);
      if (!p) return;
      pending.delete(r.id);
      if (r.type === 'move') {
        if (r.engine) engine = r.engine;
        p.resolve(r.move);
      } else if (r.type === 'error') p.reject(new Error(r.message));
    },
  );
  return {
    bestMove(cells, purpose, signal) {
      return new Promise<Direction | null>((resolve, reject) => {
        const id = lazy.id();
        const onAbort = () => {
          lazy.forget(id);
          lazy.send({ type: 'cancel', id }, null);
          reject(new DOMException('cancelled', 'AbortError'));
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        lazy.send(aiMoveRequest(id, cells, purpose), {
          resolve: (v) => {
            signal.removeEventListener('abort', onAbort);
            resolve(v as Direction | null);
          },
          reject: (e) => {
            signal.removeEventListener('abort', onAbort);
            reject(e);
          },
        });
      });
    },
    get engine() {
      return engine;
    },
    close: () => lazy.close(),
  };
}

export function createSolverClient(): PuzzleSolver {
  const lazy = new LazyWorker<SolverRequest>(
    () => new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' }),
    'solver',
    (data, pending) => {
      const r = parseSolverReply(data);
      if (!r) return;
      const p = pending.get(r.id);
      if (!p) return;
      if (r.type === 'progress') {
        p.progress?.({ stage: r.stage, done: r.done, total: r.total });
        return;
      }
      pending.delete(r.id);
      if (r.type === 'solution') p.resolve({ tiles: r.tiles, optimal: r.optimal });
      else if (r.type === 'ready') p.resolve(undefined);
      else if (r.type === 'error') p.reject(new Error(r.message));
    },
  );
  return {
    async lowerBound(tiles, width) {
      const { movesLowerBound } = await import('../../solvers/puzzle/bound.ts');
      return movesLowerBound(tiles, width);
    },
    prepare(width) {
      const id = lazy.id();
      return new Promise<void>((resolve, reject) => {
        lazy.send({ type: 'prepare', id, width }, { resolve: () => resolve(), reject });
      });
    },
    solve(tiles, width, onProgress) {
      const id = lazy.id();
      const promise = new Promise<Solution>((resolve, reject) => {
        lazy.send(
          { type: 'solve', id, tiles: [...tiles], width },
          { resolve: (v) => resolve(v as Solution), reject, progress: onProgress },
        );
      });
      return {
        promise,
        cancel: () => {
          lazy.forget(id);
          lazy.send({ type: 'cancel', id }, null);
        },
      };
    },
    close: () => lazy.close(),
  };
}

/** A finished analysis: a 2048 game's by the AI, a puzzle's by the solver. */
export type WorkerAnalysis =
  | { readonly kind: '2048'; readonly analysis: Analysis2048 | AnalysisMatchView }
  | {
      readonly kind: 'puzzle';
      readonly analysis: AnalysisPuzzle;
      /** Why the distances are lower bounds where they could have been exact, else null. */
      readonly note: string | null;
    };

/** The replay screen's analyses, each in the worker of its kind. */
export interface Analyser {
  /**
   * Analyses the shared game `code` (a 2048 game or a puzzle), hearing its progress; rejects
   * with the worker's sentence, or with an AbortError once `signal` aborts: the work stops,
   * its worker is ended (a new one starts for the next analysis).
   */
  analyse(
    kind: WorkerAnalysis['kind'],
    code: string,
    onProgress: (p: SolveProgress) => void,
    signal: AbortSignal,
  ): Promise<WorkerAnalysis>;
  close(): void;
}

export function createAnalyser(): Analyser {
  const onReply = (
    parse: (data: unknown) => { type: string; id: number } | null,
    toResult: (r: never) => WorkerAnalysis,
  ) => {
    return (data: unknown, pending: Map<number, Pending>) => {
      const r = parse(data);
      if (!r) return;
      const p = pending.get(r.id);
      if (!p) return;
      if (r.type === 'progress') {
        const { stage, done, total } = r as unknown as SolveProgress;
        p.progress?.({ stage, done, total });
        return;
      }
      if (r.type !== 'analysis' && r.type !== 'error') return;
      pending.delete(r.id);
      if (r.type === 'error') p.reject(new Error((r as unknown as { message: string }).message));
      else p.resolve(toResult(r as never));
    };
  };
  const ai = new LazyWorker<AiWorkerRequest>(
    () => new Worker(new URL('./ai.worker.ts', import.meta.url), { type: 'module' }),
    'AI',
    onReply(parseAiReply, (r: { analysis: Analysis2048 | AnalysisMatchView }) => ({
      kind: '2048',
      analysis: r.analysis,
    })),
  );
  const solver = new LazyWorker<SolverRequest>(
    () => new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' }),
    'solver',
    onReply(parseSolverReply, (r: { analysis: AnalysisPuzzle; note: string | null }) => ({
      kind: 'puzzle',
      analysis: r.analysis,
      note: r.note,
    })),
  );
  return {
    analyse(kind, code, onProgress, signal) {
      return new Promise<WorkerAnalysis>((resolve, reject) => {
        const lazy = kind === '2048' ? ai : solver;
        const id = lazy.id();
        const onAbort = () => {
          lazy.forget(id);
          // The searches do not yield between two moves: the worker is ended (a new one
          // starts next time).
          lazy.close();
          reject(new DOMException('cancelled', 'AbortError'));
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        const req: AnalyseRequest = { type: 'analyse', id, code };
        lazy.send(req, {
          resolve: (v) => {
            signal.removeEventListener('abort', onAbort);
            resolve(v as WorkerAnalysis);
          },
          reject: (e) => {
            signal.removeEventListener('abort', onAbort);
            reject(e);
          },
          progress: onProgress,
        });
      });
    },
    close: () => {
      ai.close();
      solver.close();
    },
  };
}
