/**
 * The puzzle solver's Web Worker: answers solve requests (see protocol.ts) with the tiles to
 * slide, reporting progress while the 15-puzzle's tables are read or built, and keeps those
 * tables in IndexedDB (and in memory for as long as the worker lives). A cancel aborts the solve
 * through its AbortSignal; a table build under way goes on for the next request.
 */
import { openBrowserStore } from '../../storage/browserStore.ts';
import { parseSolverRequest, type SolverReply } from './protocol.ts';
import { prepare, solve } from './solverBackend.ts';

interface WorkerScope {
  onmessage: ((e: MessageEvent) => void) | null;
  postMessage(msg: SolverReply): void;
}
const scope = self as unknown as WorkerScope;

const store = openBrowserStore();
const running = new Map<number, AbortController>();

scope.onmessage = (e) => {
  const req = parseSolverRequest(e.data);
  if (!req) {
    const id = (e.data as { id?: unknown } | null)?.id;
    scope.postMessage({
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
      () => scope.postMessage({ type: 'ready', id: req.id }),
      (err: unknown) => scope.postMessage({ type: 'error', id: req.id, message: String(err) }),
    );
    return;
  }
  const ctrl = new AbortController();
  running.set(req.id, ctrl);
  solve(req.tiles, req.width, {
    signal: ctrl.signal,
    store,
    progress: (stage, done, total) =>
      scope.postMessage({ type: 'progress', id: req.id, stage, done, total }),
  }).then(
    ({ tiles, optimal }) => {
      running.delete(req.id);
      if (!ctrl.signal.aborted) scope.postMessage({ type: 'solution', id: req.id, tiles, optimal });
    },
    (err: unknown) => {
      running.delete(req.id);
      if (ctrl.signal.aborted) return;
      const message = err instanceof Error ? err.message : String(err);
      scope.postMessage({ type: 'error', id: req.id, message });
    },
  );
};
