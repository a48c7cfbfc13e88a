/** Keys to commands for the full-screen 2048: one small table, no rules. */

import { type Command, type Model, phase } from '../../front/model2048.ts';
import { type Key, keyDirection } from '../keys.ts';

/** The command for a key in the current state of the screen. */
export function keyToCommand(key: Key, model: Model): Command {
  const ch = key.name === 'char' ? key.ch!.toLowerCase() : '';
  if (key.name === 'ctrl-c' || key.name === 'ctrl-d') return { type: 'quit' };
  if (model.overlay === 'help') {
    return ch === 'q' ? { type: 'quit' } : { type: 'cancel' };
  }
  if (model.overlay === 'confirm-new') {
    return ch === 'y' || key.name === 'enter' ? { type: 'new-confirmed' } : { type: 'cancel' };
  }
  if (ch === 'q' || key.name === 'escape') return { type: 'quit' };
  if (ch === '?') return { type: 'help' };
  if (ch === 'u') return { type: 'undo' };
  if (ch === 'n') return { type: 'new' };
  if (ch === 'i') return { type: 'hint' };
  if (ch === 'p') return { type: 'autoplay' };
  if (ch === '+' || ch === '=') return { type: 'faster' };
  if (ch === '-' || ch === '_') return { type: 'slower' };
  switch (phase(model.game)) {
    case 'won':
      if (ch === 'c' || key.name === 'enter' || key.name === 'space') return { type: 'keep-going' };
      return { type: 'none' };
    case 'over':
      return { type: 'none' };
    case 'playing': {
      const dir = keyDirection(key);
      return dir ? { type: 'move', dir } : { type: 'none' };
    }
  }
}
