/** Which shared games a worker's analysis takes, in words. */
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
