/**
 * What the puzzle solver's Web Worker does with each message, apart from the worker itself so
 * that it is tested without one: solves (cancelled through their AbortSignal), `prepare` (the
 * tables of a width) and analyses of shared puzzles (jobPuzzle.ts; a cancel while the tables
 * load stops it before the moves are judged, and the page ends the worker to stop it later).
 */
import type { BlobStore } from '../../solvers/puzzle/store.ts';
import { type JobPuzzleDeps, runPuzzleJob } from './jobPuzzle.ts';
import { parseSolverRequest, type SolverReply } from './protocol.ts';
import { prepare, solve } from './solverBackend.ts';

export interface SolverHandlerDeps {
  post(reply: SolverReply): void;
  /** Where the 4×4 tables are kept (IndexedDB in the worker). */
  readonly store: BlobStore;
  /** The 4×4 tables for analyses (default: the solver's provider over `store`). */
  readonly tables?: JobPuzzleDeps['tables'];
}

/** The worker's message handler: give it each message's data. */
export function createSolverHandler(deps: SolverHandlerDeps): (data: unknown) => void {
  const { post, store } = deps;
  const running = new Map<number, AbortController>();
  return (data) => {
    const req = parseSolverRequest(data);
    if (!req) {
      const id = (data as { id?: unknown } | null)?.id;
      post({
        type: 'error',
        id: typeof id === 'number' ? id : -1,
        message: 'the solver worker received a malformed request',
      });
      return;
    }
    if (req.type === 'cancel') {
      running.get(req.id)?.abort();
      running.delete(req.id);
      return;
    }
    if (req.type === 'prepare') {
      prepare(req.width, store).then(
        () => post({ type: 'ready', id: req.id }),
        (err: unknown) => post({ type: 'error', id: req.id, message: String(err) }),
      );
      return;
    }
    const ctrl = new AbortController();
    running.set(req.id, ctrl);
    const id = req.id;
    if (req.type === 'analyse') {
      void runPuzzleJob(req.code, {
        store,
        ...(deps.tables ? { tables: deps.tables } : {}),
        cancelled: () => ctrl.signal.aborted,
        progress: (stage, done, total) => post({ type: 'progress', id, stage, done, total }),
        done: (analysis, note) => {
          running.delete(id);
          post({ type: 'analysis', id, analysis, note });
        },
        fail: (message) => {
          running.delete(id);
          post({ type: 'error', id, message });
        },
      });
      return;
    }
    solve(req.tiles, req.width, {
      signal: ctrl.signal,
      store,
      progress: (stage, done, total) => post({ type: 'progress', id, stage, done, total }),
    }).then(
      ({ tiles, optimal }) => {
        running.delete(id);
        if (!ctrl.signal.aborted) post({ type: 'solution', id, tiles, optimal });
      },
      (err: unknown) => {
        running.delete(id);
        if (ctrl.signal.aborted) return;
        const message = err instanceof Error ? err.message : String(err);
        post({ type: 'error', id, message });
      },
    );
  };
}
