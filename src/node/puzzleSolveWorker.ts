/**
 * The worker_threads side of the puzzle solver: runs solves sent by `startSolve` /
 * `createSolverWorker` and answers with the report or the error. Solves run in slices, so a
 * cancel message is seen within a few milliseconds.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SlideboxError } from '../engine/result.ts';
import { patternDbs4 } from '../solvers/puzzle/pdbProvider.ts';
import { solvePuzzle } from '../solvers/puzzle/solve.ts';
import { fileCache } from '../storage/fileCache.ts';
import type { FromWorker, ToWorker, WorkerConfig } from './solveProtocol.ts';

const port = parentPort;
if (!port) throw new Error('puzzleSolveWorker must run in a worker thread');

const config = (workerData ?? {}) as WorkerConfig;
const store =
  config.cacheDir === null ? null : config.cacheDir ? fileCache(config.cacheDir) : fileCache();
const running = new Map<number, AbortController>();
if (config.preload) {
  // Errors surface again, with their message, in the first solve that needs the databases.
  patternDbs4(store).catch(() => {});
}

function errorOf(e: unknown): { name: string; message: string; code?: string } {
  const error = e as Error;
  return {
    name: error?.name ?? 'Error',
    message: error?.message ?? String(e),
    code: e instanceof SlideboxError ? e.code : undefined,
  };
}

function send(msg: FromWorker): void {
  port!.postMessage(msg);
}

port.on('message', (msg: ToWorker) => {
  if (msg.type === 'cancel') {
    running.get(msg.id)?.abort();
    return;
  }
  if (msg.type === 'prepare') {
    // Only the 15-puzzle's optimal solves need tables; the other widths are ready at once.
    const tables = msg.width === 4 ? patternDbs4(store) : Promise.resolve();
    tables.then(
      () => send({ type: 'ready', id: msg.id }),
      (e: unknown) => send({ type: 'error', id: msg.id, error: errorOf(e) }),
    );
    return;
  }
  const ac = new AbortController();
  running.set(msg.id, ac);
  solvePuzzle(msg.tiles, msg.width, { ...msg.opts, signal: ac.signal, store })
    .then(
      (report) => send({ type: 'done', id: msg.id, report }),
      (e: unknown) => send({ type: 'error', id: msg.id, error: errorOf(e) }),
    )
    .finally(() => running.delete(msg.id));
});
