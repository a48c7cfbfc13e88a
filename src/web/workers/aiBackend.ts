/**
 * The adapter between the AI worker and the 2048 AI (src/solvers/ai2048/player.ts), the same
 * one the terminal uses: the `strong` preset for hints, where a good answer matters most, and
 * the `fast` one for autoplay, which has to keep up with the chosen pace. Boards other than
 * 4×4 get the AI's simpler search.
 */
import type { Direction } from '../../engine/types.ts';
import { analyse, searchBackend } from '../../solvers/ai2048/player.ts';
import type { PresetName } from '../../solvers/ai2048/presets.ts';
import type { AiEngine, Purpose } from './protocol.ts';

export const AI_BACKEND = { name: 'slidebox expectimax player', final: true } as const;

/** The AI's preset for each purpose. */
export const PRESET_FOR: Readonly<Record<Purpose, PresetName>> = {
  hint: 'strong',
  autoplay: 'fast',
};

/**
 * The move the AI suggests for a board, or null when no move changes it. Throws an Error with
 * a sentence for a board that is not one (the worker turns it into an error reply).
 */
export function bestMove(cells: unknown, purpose: Purpose): Direction | null {
  return analyse(cells as number[][], { preset: PRESET_FOR[purpose] }).move;
}

/** Which build of the search answers here: WebAssembly where the browser runs it. */
export function aiEngine(): AiEngine {
  return searchBackend();
}
