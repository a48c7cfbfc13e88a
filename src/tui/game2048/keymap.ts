/** Keys to commands for the full-screen 2048: one small table, no rules. */

import { type Command, type Model, phase } from '../../front/model2048.ts';
import type { Key } from '../keys.ts';

const MOVE_CHARS: Record<string, Command> = {
  w: { type: 'move', dir: 'up' },
  a: { type: 'move', dir: 'left' },
  s: { type: 'move', dir: 'down' },
  d: { type: 'move', dir: 'right' },
  k: { type: 'move', dir: 'up' },
  h: { type: 'move', dir: 'left' },
  j: { type: 'move', dir: 'down' },
  l: { type: 'move', dir: 'right' },
};

function arrow(key: Key): Command | null {
  if (key.name === 'up' || key.name === 'down' || key.name === 'left' || key.name === 'right') {
    return { type: 'move', dir: key.name };
  }
  return null;
}

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
    case 'playing':
      return arrow(key) ?? MOVE_CHARS[ch] ?? { type: 'none' };
  }
}
