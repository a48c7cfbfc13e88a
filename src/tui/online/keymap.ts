/**
 * The online screen's keys: what a key does on the room's screen, from the room's model (the
 * keys it offers now) and the local screen's model (help shown, the duel's cursor). Pure.
 */
import type { Pos } from '../../engine/types.ts';
import { keyDirection } from '../../front/keymap.ts';
import { keyDuel } from '../../front/keymapMatch.ts';
import type { ModelDuel } from '../../front/modelDuel.ts';
import type { ModelVersus } from '../../front/modelVersus.ts';
import type { RoomKeys } from '../../front/online/modelRoom.ts';
import type { RoomAction } from '../../net/rooms.ts';
import { type Key, keyInput } from '../keys.ts';

/** What the room's screen does: act for your side, the duel's cursor, rematch, retake, help, quit. */
export type OnlineCommand =
  | { readonly type: 'act'; readonly action: RoomAction }
  | { readonly type: 'cursor'; readonly at: Pos }
  | { readonly type: 'rematch' }
  | { readonly type: 'retake' }
  | { readonly type: 'help' }
  | { readonly type: 'close-help' }
  | { readonly type: 'quit' };

/**
 * What a key does on the room's screen (`keys`: what the room's model offers now; `cell`: the
 * board cell under a click): a watcher's keys only help and leave; a player's act for their own
 * side, `r` offers a rematch only once the match is over, and `t` takes the seat back only when
 * it can be.
 */
export function onlineCommand(
  key: Key,
  m: ModelVersus | ModelDuel | null,
  keys: RoomKeys | null,
  cell: (x: number, y: number) => Pos | null,
): OnlineCommand | null {
  if (key.name === 'ctrl-c' || key.name === 'ctrl-d') return { type: 'quit' };
  const k = keyInput(key);
  if (!k) {
    if (m && 'duel' in m && key.name === 'mouse' && key.button === 0) {
      const at = cell(key.x!, key.y!);
      return at && m.duel.phase === 'place' && m.online?.you !== null
        ? { type: 'cursor', at }
        : null;
    }
    return null;
  }
  if (m?.overlay === 'help') return k.key === 'q' ? { type: 'quit' } : { type: 'close-help' };
  if (k.key === 'q' || k.key === 'Escape') return { type: 'quit' };
  if (k.key === '?') return { type: 'help' };
  if (k.key === 't' && keys?.retake) return { type: 'retake' };
  if (!m || !keys?.act) return null;
  if (k.key === 'r') return keys.rematch ? { type: 'rematch' } : null;
  if ('match' in m) {
    const dir = keyDirection(k);
    return dir ? { type: 'act', action: { kind: 'slide', dir } } : null;
  }
  const cmd = keyDuel(k, m);
  if (cmd?.type === 'slide') return { type: 'act', action: { kind: 'slide', dir: cmd.dir } };
  if (cmd?.type === 'place') {
    const at = cmd.at ?? m.cursor;
    return { type: 'act', action: { kind: 'place', row: at.row, col: at.col, value: cmd.value } };
  }
  if (cmd?.type === 'cursor') {
    const step = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] }[cmd.dir];
    const size = m.duel.size;
    const row = Math.min(size - 1, Math.max(0, m.cursor.row + step[0]!));
    const col = Math.min(size - 1, Math.max(0, m.cursor.col + step[1]!));
    return { type: 'cursor', at: { row, col } };
  }
  return null;
}
