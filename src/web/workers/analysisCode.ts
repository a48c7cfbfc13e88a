/** What both workers' analyses share: which codes they take, and how often they report. */
import type { Result } from '../../engine/result.ts';
import type { ShareProblem } from '../../engine/shareCode.ts';
import type { Replay } from '../../engine/shareReplay.ts';

/**
 * Why a code read by the engine cannot be analysed as a game of `kind` (a sentence without its
 * full stop), or null when it can.
 */
export function notAnalysed(
  r: Result<Replay, ShareProblem>,
  kind: '2048' | 'puzzle',
): string | null {
  if (!r.ok) return `this code cannot be analysed: ${r.error.message}`;
  if (r.value.kind === kind) return null;
  const who = kind === '2048' ? 'the AI judges 2048 games' : 'the solver judges puzzles';
  return `${who}, and this code is a ${r.value.kind} game`;
}

/** Reports only when the stage or the whole percent changes (and always the last step). */
export function throttled(
  report: (stage: string, done: number, total: number) => void,
): (stage: string, done: number, total: number) => void {
  let last = '';
  return (stage, done, total) => {
    const key = `${stage} ${total > 0 ? Math.floor((done / total) * 100) : 100}`;
    if (key === last) return;
    last = key;
    report(stage, done, total);
  };
}
