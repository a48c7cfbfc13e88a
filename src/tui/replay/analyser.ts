/**
 * The replay's analyser in a terminal: each analysis on a worker thread of its own
 * (analysisWorker.ts), ended when the analysis is done or dropped.
 */
import { Worker } from 'node:worker_threads';
import type { Replay } from '../../engine/shareReplay.ts';
import type { GameAnalysis, ReplayAnalyser } from '../../front/modelAnalysis.ts';
import { workerScript } from '../../node/workerScript.ts';
import type { AnalysisWork, FromAnalysisWorker } from './analysisWorker.ts';

/** The game of a replay as the worker takes it (the positions without their undo chains). */
export function analysisWork(r: Replay): AnalysisWork | null {
  const g = r.shared.game;
  if (r.kind === '2048' && g.kind === '2048') {
    return {
      kind: '2048',
      states: r.states.map((s) => ({ ...s, previous: null })),
      moves: g.moves,
      evil: g.evil,
    };
  }
  if (r.kind === 'puzzle' && g.kind === 'puzzle') {
    return {
      kind: 'puzzle',
      states: r.states.map((s) => ({ ...s, previous: null })),
      tiles: g.tiles,
    };
  }
  // A match's positions travel without their boards' undo chains, and without their logs but
  // the last (the analysis reads the actions from the last position's log).
  const last = r.states.length - 1;
  if (r.kind === 'versus') {
    const states = r.states.map((s, i) => ({
      ...s,
      games: [
        { ...s.games[0], previous: null },
        { ...s.games[1], previous: null },
      ] as const,
      log: i === last ? s.log : [],
    }));
    return { kind: 'versus', states };
  }
  if (r.kind === 'duel') {
    const states = r.states.map((s, i) => ({
      ...s,
      game: { ...s.game, previous: null },
      log: i === last ? s.log : [],
    }));
    return { kind: 'duel', states };
  }
  return null;
}

/** Analyses replays on worker threads. */
export const workerAnalyser: ReplayAnalyser = {
  analyse(replay, onProgress) {
    const failed = (e: Error) => {
      const promise = Promise.reject(e);
      promise.catch(() => {});
      return { promise, cancel() {} };
    };
    const work = analysisWork(replay);
    if (!work) return failed(new Error(`${replay.kind} games cannot be analysed here`));
    let worker: Worker;
    try {
      const script = workerScript(import.meta.url, './analysisWorker.ts', 'analysis-worker.js');
      worker = new Worker(script, { workerData: work });
    } catch (e) {
      // A build without the worker's script: the replay goes on, the panel says why.
      return failed(e instanceof Error ? e : new Error(String(e)));
    }
    let settled = false;
    const promise = new Promise<GameAnalysis>((resolve, reject) => {
      worker.on('message', (msg: FromAnalysisWorker) => {
        if (settled) return;
        if (msg.type === 'progress') {
          onProgress(msg.progress);
          return;
        }
        settled = true;
        void worker.terminate();
        if (msg.type === 'done') resolve(msg.analysis as GameAnalysis);
        else reject(new Error(msg.message));
      });
      worker.on('error', (e) => {
        if (settled) return;
        settled = true;
        reject(e);
      });
      worker.on('exit', () => {
        if (settled) return;
        settled = true;
        reject(new Error('the analysis stopped'));
      });
    });
    promise.catch(() => {});
    return {
      promise,
      cancel() {
        // Dropped: the promise never settles, the thread ends.
        settled = true;
        void worker.terminate();
      },
    };
  },
};
