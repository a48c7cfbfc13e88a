/**
 * The keys of 2048 and the puzzle (versus and duel: keymapMatch.ts), written once for every
 * front-end: a key (named as browsers name them) to a command, given what is on screen. No rules here, only the table. A front-end
 * turns its own key events into {@link KeyInput} and adds what is truly its own (the mouse,
 * swipes, buttons, Ctrl+C in a terminal). Null: the key is not the game's.
 */
import type { Direction } from '../engine/types.ts';
import { type Command2048, type Model2048, phase } from './model2048.ts';
import type { CommandPuzzle, ModelPuzzle } from './modelPuzzle.ts';

/** A key press: `key` as in KeyboardEvent.key ('ArrowUp', 'Enter', 'Escape', ' ', 'a', '?'). */
export interface KeyInput {
  readonly key: string;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  readonly altKey?: boolean;
}

export const MOVE_KEYS: Readonly<Record<string, Direction>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  w: 'up',
  a: 'left',
  s: 'down',
  d: 'right',
  k: 'up',
  h: 'left',
  j: 'down',
  l: 'right',
};

/** Keys that only move focus or modify others: never a game's, so dialogs ignore them too. */
const NEUTRAL = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'Tab']);

/** The key without modifiers, letters in lower case; null when Ctrl, Alt or Meta is held. */
export function bare(k: KeyInput): string | null {
  if (k.ctrlKey || k.metaKey || k.altKey) return null;
  return k.key.length === 1 ? k.key.toLowerCase() : k.key;
}

/** The direction a key names (arrows, WASD, hjkl), or null. */
export function keyDirection(k: KeyInput): Direction | null {
  const key = bare(k);
  return key === null ? null : (MOVE_KEYS[key] ?? null);
}

function isUndo(k: KeyInput): boolean {
  const key = k.key.toLowerCase();
  return bare(k) === 'u' || (key === 'z' && !!(k.ctrlKey || k.metaKey) && !k.altKey);
}

/** Keys of the overlays both games share; undefined when no overlay is up. */
export function overlayCommand(
  k: KeyInput,
  overlay: 'help' | 'confirm-new' | null,
): { type: 'new-confirmed' | 'cancel' | 'quit' } | null | undefined {
  if (overlay === null) return undefined;
  const key = bare(k);
  if (key === null || NEUTRAL.has(key)) return null;
  if (overlay === 'help') return key === 'q' ? { type: 'quit' } : { type: 'cancel' };
  // Any other key keeps the game: only a clear yes starts a new one.
  return key === 'y' || key === 'Enter' ? { type: 'new-confirmed' } : { type: 'cancel' };
}

/** Keys both games read the same way when no overlay is up; undefined for the rest. */
function commonCommand(k: KeyInput): Command2048 | null | undefined {
  const key = bare(k);
  if (key === 'q' || key === 'Escape') return { type: 'quit' };
  if (key === '?') return { type: 'help' };
  if (key === 'n') return { type: 'new' };
  return undefined;
}

/** The 2048 command for a key, or null when the key is not the game's. */
export function key2048(k: KeyInput, model: Model2048): Command2048 | null {
  const over = overlayCommand(k, model.overlay);
  if (over !== undefined) return over;
  const common = commonCommand(k);
  if (common !== undefined) return common;
  if (isUndo(k)) return { type: 'undo' };
  const key = bare(k);
  if (key === null) return null;
  if (key === 'i') return { type: 'hint' };
  if (key === 'p') return { type: 'autoplay' };
  if (key === '+' || key === '=') return { type: 'faster' };
  if (key === '-' || key === '_') return { type: 'slower' };
  const p = phase(model.game);
  if (p === 'won') {
    return key === 'c' || key === 'Enter' || key === ' ' ? { type: 'keep-going' } : null;
  }
  if (p === 'over') return null;
  const dir = keyDirection(k);
  return dir ? { type: 'move', dir } : null;
}

/** The puzzle command for a key, or null when the key is not the game's. */
export function keyPuzzle(k: KeyInput, model: ModelPuzzle): CommandPuzzle | null {
  if (model.overlay === 'confirm-quit') {
    const key = bare(k);
    if (key === null || NEUTRAL.has(key)) return null;
    // Only a clear yes ends the series.
    return key === 'y' || key === 'Enter' ? { type: 'quit-confirmed' } : { type: 'cancel' };
  }
  const over = overlayCommand(k, model.overlay);
  if (over !== undefined) return over;
  const key = bare(k);
  // While the solution plays, any key stops it. Undo, new, help and quit also do what they
  // say (each stops it too); any other key does nothing else.
  const acts = key === 'u' || key === 'n' || key === '?' || key === 'q' || key === 'Escape';
  if (model.autoSolve && !acts && !(key !== null && NEUTRAL.has(key))) {
    return { type: 'auto-solve' };
  }
  const common = commonCommand(k);
  if (common !== undefined) return common as CommandPuzzle;
  if (model.puzzle.solved) return null;
  if (isUndo(k)) return { type: 'undo' };
  if (key === 'i') return { type: 'hint' };
  if (key === 'p') return { type: 'auto-solve' };
  const dir = keyDirection(k);
  return dir ? { type: 'move', dir } : null;
}
