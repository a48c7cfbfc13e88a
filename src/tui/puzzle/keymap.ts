/** Keys to commands for the full-screen sliding puzzle: one small table, no rules. */

import type { PuzzleCommand, PuzzleModel } from '../../front/modelPuzzle.ts';
import { type Key, keyDirection } from '../keys.ts';

/**
 * The command for a key. `tileAt` maps a mouse position to the tile drawn there (the screen
 * knows where it drew the board).
 */
export function puzzleKeyToCommand(
  key: Key,
  model: PuzzleModel,
  tileAt: (x: number, y: number) => number | null,
): PuzzleCommand {
  const ch = key.name === 'char' ? key.ch!.toLowerCase() : '';
  if (key.name === 'ctrl-c' || key.name === 'ctrl-d') return { type: 'quit' };
  if (model.overlay === 'help') return ch === 'q' ? { type: 'quit' } : { type: 'cancel' };
  if (model.overlay === 'confirm-new') {
    return ch === 'y' || key.name === 'enter' ? { type: 'new-confirmed' } : { type: 'cancel' };
  }
  // While the solution plays, any key but quit stops it (and does nothing else).
  if (model.autoSolve && ch !== 'q' && key.name !== 'escape' && key.name !== 'mouse') {
    return { type: 'auto-solve' };
  }
  if (ch === 'q' || key.name === 'escape') return { type: 'quit' };
  if (ch === '?') return { type: 'help' };
  if (ch === 'n') return { type: 'new' };
  if (model.puzzle.solved) return { type: 'none' };
  if (ch === 'u') return { type: 'undo' };
  if (ch === 'i') return { type: 'hint' };
  if (ch === 'p') return { type: 'auto-solve' };
  if (key.name === 'mouse' && key.button === 0) {
    const tile = tileAt(key.x!, key.y!);
    return tile ? { type: 'tile', tile } : { type: 'none' };
  }
  const dir = keyDirection(key);
  return dir ? { type: 'move', dir } : { type: 'none' };
}
