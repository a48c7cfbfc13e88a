/** Terminal keys to versus commands: the shared keymap, plus Ctrl+C and Ctrl+D to quit. */
import { keyVersus } from '../../front/keymapMatch.ts';
import type { CommandVersus, ModelVersus } from '../../front/modelVersus.ts';
import { type Key, keyInput } from '../keys.ts';

export function versusKeyToCommand(key: Key, model: ModelVersus): CommandVersus {
  if (key.name === 'ctrl-c' || key.name === 'ctrl-d') return { type: 'quit' };
  const k = keyInput(key);
  return (k && keyVersus(k, model)) ?? { type: 'none' };
}
