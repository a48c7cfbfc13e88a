/**
 * The worker_threads side of the replay's analysis: analyses the game it is started with (in
 * `workerData`) and posts its progress, now and then, and its answer. It is stopped by ending
 * the thread, so the viewer stays responsive and can drop an analysis at any moment.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Duel } from '../../engine/duel.ts';
import type { Game } from '../../engine/game2048.ts';
import type { Puzzle } from '../../engine/puzzle.ts';
import type { Direction } from '../../engine/types.ts';
import type { VersusMatch } from '../../engine/versus.ts';
import { type AnalysisProgress, matchView } from '../../front/modelAnalysis.ts';
import { analyse2048 } from '../../solvers/analysis/analyse2048.ts';
import { analyseDuel, analyseVersus } from '../../solvers/analysis/analyseMatch.ts';
import { analysePuzzle } from '../../solvers/analysis/analysePuzzle.ts';

/** The game to analyse: a replay's positions and the moves between them. */
export type AnalysisWork =
  | {
      readonly kind: '2048';
      readonly states: readonly Game[];
      readonly moves: readonly Direction[];
      /** Spawns chosen by the adversary: judged on the value scale (the chance assumes random ones). */
      readonly evil: boolean;
    }
  | {
      readonly kind: 'puzzle';
      readonly states: readonly Puzzle[];
      readonly tiles: readonly number[];
    }
  | { readonly kind: 'versus'; readonly states: readonly VersusMatch[] }
  | { readonly kind: 'duel'; readonly states: readonly Duel[] };

/** What the thread posts. */
export type FromAnalysisWorker =
  | { readonly type: 'progress'; readonly progress: AnalysisProgress }
  | { readonly type: 'done'; readonly analysis: unknown }
  | { readonly type: 'error'; readonly message: string };

/** Progress is posted at most this often (the screen is drawn again at each report). */
const REPORT_MS = 100;

const port = parentPort;
if (!port) throw new Error('analysisWorker must run in a worker thread');

let last = 0;
function report(stage: AnalysisProgress['stage'], done: number, total: number): void {
  const now = Date.now();
  if (done < total && now - last < REPORT_MS) return;
  last = now;
  port!.postMessage({
    type: 'progress',
    progress: { stage, done, total },
  } satisfies FromAnalysisWorker);
}

async function run(work: AnalysisWork): Promise<FromAnalysisWorker> {
  if (work.kind === 'versus' || work.kind === 'duel') {
    const opts = { onProgress: (done: number, total: number) => report('moves', done, total) };
    const a =
      work.kind === 'versus' ? analyseVersus(work.states, opts) : analyseDuel(work.states, opts);
    const actions = work.states.length - 1;
    return { type: 'done', analysis: matchView(a, actions) };
  }
  if (work.kind === '2048') {
    const a = analyse2048(work.states, work.moves, {
      calibrated: !work.evil,
      onProgress: (done, total) => report('moves', done, total),
    });
    return a.ok ? { type: 'done', analysis: a.value } : { type: 'error', message: a.error.message };
  }
  let dbs4: Awaited<ReturnType<typeof loadDbs>> | undefined;
  if (work.states[0]!.size === 4) dbs4 = await loadDbs();
  const a = analysePuzzle(work.states, work.tiles, {
    dbs4,
    onProgress: (done, total) => report('moves', done, total),
  });
  return { type: 'done', analysis: a };
}

/** The 4×4 pattern databases from the user's cache (built and cached the first time). */
async function loadDbs() {
  const { defaultStore } = await import('../../storage/defaultStore.ts');
  const { patternDbs4 } = await import('../../solvers/puzzle/pdbProvider.ts');
  report('tables', 0, 1);
  const set = await patternDbs4(defaultStore(), undefined, (p) =>
    report('tables', p.done, p.total),
  );
  return set.dbs;
}

run(workerData as AnalysisWork).then(
  (msg) => port.postMessage(msg),
  (e: unknown) =>
    port.postMessage({
      type: 'error',
      message: e instanceof Error ? e.message : String(e),
    } satisfies FromAnalysisWorker),
);
