/**
 * The keys of both ranked screens (screen2048.ts, screenPuzzle.ts): with the help shown, any key
 * but a modifier closes it; q or Escape goes home, ? shows the help, and a direction key is the
 * screen's move. There is nothing else to press in ranked play (no undo, hint or new game).
 */

import type { Direction } from '../../engine/types.ts';
import { bare, type KeyInput, keyDirection } from '../../front/keymap.ts';

/** Keys that close nothing while the help is shown. */
const MODIFIERS = ['Shift', 'Control', 'Alt', 'Meta', 'Tab', 'CapsLock'];

/** What a ranked screen does with its keys. */
export interface RankedKeys {
  /** Whether the help is shown. */
  readonly helpShown: boolean;
  /** Shows or hides the help. */
  help(shown: boolean): void;
  home(): void;
  move(dir: Direction): void;
}

/** A key pressed on a ranked screen: true when the screen took it. */
export function rankedKey(e: KeyInput, on: RankedKeys): boolean {
  const k = bare(e);
  if (on.helpShown) {
    if (k === null || MODIFIERS.includes(k)) return false;
    on.help(false);
    return true;
  }
  if (k === 'q' || k === 'Escape') {
    on.home();
    return true;
  }
  if (k === '?') {
    on.help(true);
    return true;
  }
  const dir = keyDirection(e);
  if (!dir) return false;
  on.move(dir);
  return true;
}
