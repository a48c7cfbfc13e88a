/**
 * The replay's analyser in the browser (the front's ReplayAnalyser): a 2048 game, a versus
 * match or a duel judged in the AI worker, a puzzle in the solver worker ({@link createAnalyser}), each analysis's progress
 * passed on and its stop made real (the AI worker stops at its next slice of moves, the solver
 * worker is ended).
 */
import { encodeShared } from '../../engine/shareCode.ts';
import type { AnalysisProgress, GameAnalysis, ReplayAnalyser } from '../../front/modelAnalysis.ts';
import { type Analyser, createAnalyser } from './clients.ts';
import { ANALYSING } from './protocol.ts';

export interface WebAnalyser extends ReplayAnalyser {
  /**
   * Why the last puzzle analysis's distances are lower bounds where they could have been
   * exact (the 4×4 tables could not be had), else null.
   */
  note(): string | null;
  close(): void;
}

/** The analyser of the replay screen; its workers are started on first use. */
export function webAnalyser(make: () => Analyser = createAnalyser): WebAnalyser {
  let workers: Analyser | null = null;
  let note: string | null = null;
  return {
    analyse(replay, onProgress) {
      const ctrl = new AbortController();
      workers ??= make();
      // The AI worker judges 2048 games, versus matches and duels; the solver worker puzzles.
      const promise: Promise<GameAnalysis> = workers
        .analyse(
          replay.kind === 'puzzle' ? 'puzzle' : '2048',
          encodeShared(replay.shared),
          (p) => {
            const stage: AnalysisProgress['stage'] = p.stage === ANALYSING ? 'moves' : 'tables';
            onProgress({ stage, done: p.done, total: p.total });
          },
          ctrl.signal,
        )
        .then((r) => {
          note = r.kind === 'puzzle' ? r.note : null;
          return r.analysis;
        });
      promise.catch(() => {});
      return { promise, cancel: () => ctrl.abort() };
    },
    note: () => note,
    close() {
      workers?.close();
      workers = null;
    },
  };
}
