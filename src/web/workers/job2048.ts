/**
 * The 2048 analysis the AI worker runs for the replay screen, apart from the worker so that it
 * is tested without one: the code read by the engine (an evil game with the placer AI), the
 * game judged by `analyse2048` in one go, its progress reported in whole percents. A cancel
 * that comes before it starts skips it; once it runs, the page ends the worker to stop it (the
 * search does not yield between two moves).
 */
import { readShareCode } from '../../engine/shareReplay.ts';
import type { Direction } from '../../engine/types.ts';
import { choosePlacement } from '../../solvers/ai2048/placer.ts';
import { type Analysis2048, analyse2048 } from '../../solvers/analysis/analyse2048.ts';
import { notAnalysed, throttled } from './analysisCode.ts';

export interface Job2048Deps {
  progress(done: number, total: number): void;
  done(a: Analysis2048): void;
  fail(message: string): void;
}

/** Analyses a shared 2048 game at the `fast` preset (the analysis's default). */
export function run2048Job(code: string, deps: Job2048Deps): void {
  const r = readShareCode(code, { place: choosePlacement });
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
