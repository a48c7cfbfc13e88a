/**
 * THE ADAPTER BETWEEN THE AI WORKER AND THE 2048 AI. This is the one file to change when the
 * real AI (src/solvers/ai2048, with `answerAiRequest` in its protocol.ts) lands in this branch:
 * replace {@link bestMove}'s body with a call into it and set {@link AI_BACKEND} accordingly.
 *
 * Until then it holds a STAND-IN: a one-move greedy player (keep the board empty, keep the
 * largest tile in a corner) built only on the engine's public slide. It is weak on purpose; it
 * exists so the worker, its protocol, hint and autoplay can be built and tested end to end.
 */
import { type Cells, maxTile, parseCells, slideValid } from '../../engine/game2048.ts';
import type { Direction } from '../../engine/types.ts';
import type { Purpose } from './protocol.ts';

export const AI_BACKEND = { name: 'stand-in greedy player', final: false } as const;

// Stand-in preference when scores tie: down and left keep tiles toward one corner.
const ORDER: readonly Direction[] = ['down', 'left', 'right', 'up'];

function score(cells: Cells, gained: number): number {
  const n = cells.length;
  let empty = 0;
  for (const row of cells) for (const v of row) if (v === 0) empty++;
  const top = maxTile(cells);
  const corner = cells[n - 1]![0] === top ? 1 : 0;
  return empty * 100 + gained + corner * 500;
}

/**
 * The move the AI suggests for a board, or null when no move changes it. Throws an Error with
 * a sentence for a board that is not one (the worker turns it into an error reply).
 */
export function bestMove(input: unknown, _purpose: Purpose): Direction | null {
  const parsed = parseCells(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  let best: Direction | null = null;
  let bestScore = -1;
  for (const d of ORDER) {
    const s = slideValid(parsed.value, d);
    if (!s.moved) continue;
    const v = score(s.cells, s.gained);
    if (v > bestScore) {
      best = d;
      bestScore = v;
    }
  }
  return best;
}
