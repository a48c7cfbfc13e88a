/**
 * The keys of versus and duel, written once for every front-end, on the shared key helpers of
 * keymap.ts (apart from it, so a front-end loads them only with those games). Null: the key is
 * not the game's.
 */
import type { Direction } from '../engine/types.ts';
import { bare, type KeyInput, keyDirection, MOVE_KEYS, overlayCommand } from './keymap.ts';
import { aiToAct, type CommandDuel, type ModelDuel } from './modelDuel.ts';
import type { CommandVersus, ModelVersus } from './modelVersus.ts';

/** Side 1's keys when two play at one keyboard; side 2 has the arrows. */
const WASD: Readonly<Record<string, Direction>> = { w: 'up', a: 'left', s: 'down', d: 'right' };

/**
 * The versus command for a key, or null. Two players at one keyboard: W A S D move board 1, the
 * arrows board 2. Against the AI every move key (arrows, WASD, hjkl) moves the player's board.
 */
export function keyVersus(k: KeyInput, model: ModelVersus): CommandVersus | null {
  const over = overlayCommand(k, model.overlay);
  if (over !== undefined) return over;
  const key = bare(k);
  if (key === 'q' || key === 'Escape') return { type: 'quit' };
  if (key === '?') return { type: 'help' };
  if (key === 'n') return { type: 'new' };
  if (model.match.over) return key === 'r' ? { type: 'rematch' } : null;
  if (model.opponent.kind === 'ai') {
    const dir = keyDirection(k);
    return dir ? { type: 'move', side: 0, dir } : null;
  }
  const left = key === null ? undefined : WASD[key];
  if (left) return { type: 'move', side: 0, dir: left };
  const right = key === null ? undefined : MOVE_KEYS[key];
  return right && key!.startsWith('Arrow') ? { type: 'move', side: 1, dir: right } : null;
}

/**
 * The duel command for a key, or null. A person sliding: arrows, WASD or hjkl. A person
 * placing: the same keys move the cursor, and 2 or 4 places that tile there.
 */
export function keyDuel(k: KeyInput, model: ModelDuel): CommandDuel | null {
  const over = overlayCommand(k, model.overlay);
  if (over !== undefined) return over;
  const key = bare(k);
  if (key === 'q' || key === 'Escape') return { type: 'quit' };
  if (key === '?') return { type: 'help' };
  if (key === 'n') return { type: 'new' };
  if (model.duel.phase === 'over') return key === 'r' ? { type: 'rematch' } : null;
  if (aiToAct(model) !== null) return null;
  const dir = keyDirection(k);
  if (model.duel.phase === 'slide') return dir ? { type: 'slide', dir } : null;
  if (key === '2' || key === '4') return { type: 'place', value: key === '2' ? 2 : 4 };
  return dir ? { type: 'cursor', dir } : null;
}
