/**
 * Keyboard keys to game commands for the web front-end: one small table per game, no rules.
 * A key that is not the game's (null) is left to the browser, so Tab, Enter and Space keep
 * working on focused buttons and browser shortcuts keep working.
 */
import type { Direction } from '../engine/types.ts';
import { type Command, type Model, phase } from '../front/model2048.ts';
import type { PuzzleCommand, PuzzleModel } from '../front/modelPuzzle.ts';

/** The parts of a KeyboardEvent the keymap reads. */
export interface KeyInput {
  readonly key: string;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  readonly altKey?: boolean;
}

const MOVE_KEYS: Readonly<Record<string, Direction>> = {
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

/** The direction a key names (arrows, WASD, hjkl), or null. */
export function keyDirection(k: KeyInput): Direction | null {
  if (k.ctrlKey || k.metaKey || k.altKey) return null;
  const key = k.key.length === 1 ? k.key.toLowerCase() : k.key;
  return MOVE_KEYS[key] ?? null;
}

function isUndo(k: KeyInput): boolean {
  const key = k.key.toLowerCase();
  return (
    (key === 'u' && !k.ctrlKey && !k.metaKey && !k.altKey) ||
    (key === 'z' && !!(k.ctrlKey || k.metaKey))
  );
}

function plain(k: KeyInput): string | null {
  if (k.ctrlKey || k.metaKey || k.altKey) return null;
  return k.key.length === 1 ? k.key.toLowerCase() : k.key;
}

/** The 2048 command for a key, or null when the key is not the game's. */
export function key2048(k: KeyInput, model: Model): Command | null {
  if (model.overlay === 'confirm-new') {
    const key = plain(k);
    if (key === 'y') return { type: 'new-confirmed' };
    if (key === 'n' || key === 'Escape') return { type: 'cancel' };
    return null;
  }
  if (isUndo(k)) return { type: 'undo' };
  const key = plain(k);
  if (key === null) return null;
  if (key === 'n') return { type: 'new' };
  if (key === 'i') return { type: 'hint' };
  if (key === 'p') return { type: 'autoplay' };
  if (key === '+' || key === '=') return { type: 'faster' };
  if (key === '-' || key === '_') return { type: 'slower' };
  if (phase(model.game) === 'won' && key === 'c') return { type: 'keep-going' };
  const dir = keyDirection(k);
  return dir ? { type: 'move', dir } : null;
}

/** The puzzle command for a key, or null when the key is not the game's. */
export function keyPuzzle(k: KeyInput, model: PuzzleModel): PuzzleCommand | null {
  if (model.overlay === 'confirm-new') {
    const key = plain(k);
    if (key === 'y') return { type: 'new-confirmed' };
    if (key === 'n' || key === 'Escape') return { type: 'cancel' };
    return null;
  }
  const key = plain(k);
  // While the solution plays, a move key stops it (and does nothing else).
  if (model.autoSolve && (keyDirection(k) || key === 'p' || key === 'Escape')) {
    return { type: 'auto-solve' };
  }
  if (key === 'n') return { type: 'new' };
  if (model.puzzle.solved) return null;
  if (isUndo(k)) return { type: 'undo' };
  if (key === 'i') return { type: 'hint' };
  if (key === 'p') return { type: 'auto-solve' };
  const dir = keyDirection(k);
  return dir ? { type: 'move', dir } : null;
}
