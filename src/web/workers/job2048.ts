/**
 * The 2048 analysis the AI worker runs for the replay screen, apart from the worker so that it
 * is tested without one: the game is judged a few moves at a time, each slice on a later task,
 * so that a cancel between two slices stops it.
 */
import { readShareCode } from '../../engine/shareReplay.ts';
import type { Direction } from '../../engine/types.ts';
import { choosePlacement } from '../../solvers/ai2048/placer.ts';
import {
  type Analysis2048,
  analyse2048,
  type MoveClass,
  type MoveVerdict2048,
} from '../../solvers/analysis/analyse2048.ts';
import { notAnalysed } from './analysisCode.ts';

/** Milliseconds of 2048 analysis between two looks at the worker's messages (a cancel). */
export const SLICE_MS = 30;

/**
 * A 2048 game's analysis from the analyses of its moves one by one (each a one-move game):
 * each move's verdict depends on its position only, so this equals analysing the whole game
 * (a test checks it against {@link analyse2048}).
 */
export function combine2048(
  preset: Analysis2048['preset'],
  verdicts: readonly MoveVerdict2048[],
): Analysis2048 {
  const counts: Record<MoveClass, number> = {
    best: 0,
    good: 0,
    inaccuracy: 0,
    mistake: 0,
    blunder: 0,
  };
  let agreed = 0;
  let sum = 0;
  const moves = verdicts.map((v, i) => {
    counts[v.class]++;
    if (v.best === v.played) agreed++;
    sum += v.accuracy;
    return { ...v, n: i + 1 };
  });
  const n = moves.length;
  return {
    kind: '2048',
    preset,
    accuracy: n === 0 ? 100 : sum / n,
    agreement: n === 0 ? 100 : (agreed / n) * 100,
    counts,
    moves,
  };
}

export interface Job2048Deps {
  /** Runs `task` on a later task (so messages, a cancel among them, are seen in between). */
  later(task: () => void): void;
  /** A clock in ms (performance.now in the worker). */
  now(): number;
  /** Whether the job was cancelled (checked between slices). */
  cancelled(): boolean;
  progress(done: number, total: number): void;
  done(a: Analysis2048): void;
  fail(message: string): void;
}

/**
 * Analyses a 2048 game at the `fast` preset, {@link SLICE_MS} of moves at a time, each slice
 * on a later task; stops without an answer once `cancelled()` says so.
 */
export function run2048Job(code: string, deps: Job2048Deps): void {
  const r = readShareCode(code, { place: choosePlacement });
  const why = notAnalysed(r, '2048');
  if (why !== null || !r.ok || r.value.kind !== '2048') {
    deps.fail(why ?? '');
    return;
  }
  const states = r.value.states;
  const moves = (r.value.shared.game as { moves: readonly Direction[] }).moves;
  const preset = 'fast';
  // The whole game's refusal (a size the AI does not judge) before any move.
  const empty = analyse2048(states.slice(0, 1), [], { preset });
  if (!empty.ok) {
    deps.fail(empty.error.message);
    return;
  }
  const verdicts: MoveVerdict2048[] = [];
  const slice = (): void => {
    if (deps.cancelled()) return;
    const t0 = deps.now();
    do {
      const i = verdicts.length;
      if (i >= moves.length) break;
      const one = analyse2048(states.slice(i, i + 2), moves.slice(i, i + 1), { preset });
      if (!one.ok) {
        deps.fail(one.error.message);
        return;
      }
      verdicts.push(one.value.moves[0]!);
    } while (deps.now() - t0 < SLICE_MS);
    deps.progress(verdicts.length, moves.length);
    if (verdicts.length >= moves.length) deps.done(combine2048(preset, verdicts));
    else deps.later(slice);
  };
  deps.progress(0, moves.length);
  deps.later(slice);
}
