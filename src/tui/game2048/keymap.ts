/** Terminal keys to 2048 commands: the shared keymap, plus Ctrl+C and Ctrl+D to quit. */
import { key2048 } from '../../front/keymap.ts';
import type { Command2048, Model2048 } from '../../front/model2048.ts';
import { type Key, keyInput } from '../keys.ts';

export function keyToCommand(key: Key, model: Model2048): Command2048 {
  if (key.name === 'ctrl-c' || key.name === 'ctrl-d') return { type: 'quit' };
  const k = keyInput(key);
  return (k && key2048(k, model)) ?? { type: 'none' };
}
