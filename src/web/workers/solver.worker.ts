/**
 * The puzzle solver's Web Worker: answers solve requests (see protocol.ts) with the tiles to
 * slide, reporting progress while the 15-puzzle's tables are read or built, and analyses shared
 * puzzles for the replay screen (solverHandler.ts); keeps those tables in IndexedDB (and in
 * memory for as long as the worker lives). A cancel aborts a solve through its AbortSignal; a
 * table build under way goes on for the next request.
 */
import { openBrowserStore } from '../../storage/browserStore.ts';
import type { SolverReply } from './protocol.ts';
import { createSolverHandler } from './solverHandler.ts';

interface WorkerScope {
  onmessage: ((e: MessageEvent) => void) | null;
  postMessage(msg: SolverReply): void;
}
const scope = self as unknown as WorkerScope;

const handle = createSolverHandler({
  post: (reply) => scope.postMessage(reply),
  store: openBrowserStore(),
});
scope.onmessage = (e) => handle(e.data);
