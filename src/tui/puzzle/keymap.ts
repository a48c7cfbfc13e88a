/**
 * Terminal keys to puzzle commands: the shared keymap, plus Ctrl+C and Ctrl+D to quit and a
 * mouse click on a tile. `tileAt` maps a mouse position to the tile drawn there.
 */
import { keyPuzzle } from '../../front/keymap.ts';
import type { CommandPuzzle, ModelPuzzle } from '../../front/modelPuzzle.ts';
import { type Key, keyInput } from '../keys.ts';

export function puzzleKeyToCommand(
  key: Key,
  model: ModelPuzzle,
  tileAt: (x: number, y: number) => number | null,
): CommandPuzzle {
  if (key.name === 'ctrl-c' || key.name === 'ctrl-d') return { type: 'quit-confirmed' };
  if (key.name === 'mouse') {
    if (key.button !== 0 || model.overlay || model.autoSolve || model.puzzle.solved) {
      return { type: 'none' };
    }
    const tile = tileAt(key.x!, key.y!);
    return tile ? { type: 'tile', tile } : { type: 'none' };
  }
  const k = keyInput(key);
  return (k && keyPuzzle(k, model)) ?? { type: 'none' };
}
