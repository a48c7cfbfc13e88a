/**
 * `slidebox/node`: what needs Node (worker threads, files). `slidebox/2048`, `slidebox/puzzle`
 * and `slidebox/ai` run anywhere, browsers included; this entry adds, under Node:
 *
 * - `AiWorker` and `bestMoveAsync`: the 2048 AI on worker threads, cancellable;
 * - `startSolve` and `createSolverWorker`: the puzzle solver on a worker thread;
 * - `fileCache(dir?)`: a folder that keeps the 4x4 solver's pattern databases between runs
 *   (about 11 MB; without it they are rebuilt in every process, about 6 s), for
 *   `solve(tiles, 4, { store: fileCache() })`.
 *
 * ```ts
 * import { solve } from 'slidebox/puzzle';
 * import { AiWorker, fileCache } from 'slidebox/node';
 * await solve(tiles, 4, { store: fileCache() }); // tables in ~/.cache/slidebox
 * const ai = new AiWorker({ threads: 2 });
 * await ai.bestMove(game.cells, { preset: 'fast' });
 * ```
 */
export {
  createSolverWorker,
  type SolveHandle,
  type SolverWorker,
  type SolverWorkerOptions,
  startSolve,
} from './node/startSolve.ts';
export {
  AiCancelledError,
  AiWorker,
  type AiWorkerOptions,
  bestMoveAsync,
  defaultWorkerUrl,
} from './solvers/ai2048/aiWorker.ts';
export { type BlobStore, memoryStore } from './solvers/puzzle/store.ts';
export { cacheDir, fileCache } from './storage/fileCache.ts';
