/**
 * The 2048 analysis the AI worker runs for the replay screen, apart from the worker so that it
 * is tested without one: the code read by the engine (an evil game with the placer AI), the
 * game judged by `analyse2048` in one go, its progress reported in whole percents. A cancel
 * that comes before it starts skips it; once it runs, the page ends the worker to stop it (the
 * search does not yield between two moves).
 */
import type { Duel } from '../../engine/duel.ts';
import { readShareCode } from '../../engine/shareReplay.ts';
import type { Direction } from '../../engine/types.ts';
import type { VersusMatch } from '../../engine/versus.ts';
import { type AnalysisMatchView, matchView } from '../../front/modelAnalysis.ts';
import { choosePlacement } from '../../solvers/ai2048/placer.ts';
import { type Analysis2048, analyse2048 } from '../../solvers/analysis/analyse2048.ts';
import { analyseDuel, analyseVersus } from '../../solvers/analysis/analyseMatch.ts';
import { notAnalysed, throttled } from './analysisCode.ts';

export interface Job2048Deps {
  progress(done: number, total: number): void;
  /** A 2048 game's analysis, or a versus match's or a duel's (as the viewers show it). */
  done(a: Analysis2048 | AnalysisMatchView): void;
  fail(message: string): void;
}

/**
 * Analyses a shared 2048 game, versus match or duel at the `fast` preset (the analysis's
 * default).
 */
export function run2048Job(code: string, deps: Job2048Deps): void {
  const r = readShareCode(code, { place: choosePlacement });
  if (r.ok && (r.value.kind === 'versus' || r.value.kind === 'duel')) {
    // Each side's slides judged by the AI, a duel's placements by the placer's search.
    const actions = r.value.states.length - 1;
    const report = throttled((_stage, done, total) => deps.progress(done, total));
    report('', 0, actions);
    const opts = { onProgress: (done: number, total: number) => report('', done, total) };
    const a =
      r.value.kind === 'versus'
        ? analyseVersus(r.value.states as readonly VersusMatch[], opts)
        : analyseDuel(r.value.states as readonly Duel[], opts);
    deps.done(matchView(a, actions));
    return;
  }
  const why = notAnalysed(r, '2048');
  if (why !== null || !r.ok || r.value.kind !== '2048') {
    deps.fail(why ?? '');
    return;
  }
  const game = r.value.shared.game as { moves: readonly Direction[]; evil: boolean };
  const moves = game.moves;
  const report = throttled((_stage, done, total) => deps.progress(done, total));
  report('', 0, moves.length);
  const a = analyse2048(r.value.states, moves, {
    // The chance is calibrated with random spawns: an evil game's tiles are the adversary's.
    calibrated: !game.evil,
    onProgress: (done, total) => report('', done, total),
  });
  if (a.ok) deps.done(a.value);
  else deps.fail(a.error.message);
}
