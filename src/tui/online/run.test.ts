/**
 * The keys of the online screen: a watcher's only help and leave (no rematch), a player's act
 * for their own side, `r` only once the match is over, `t` only when the seat can be taken back.
 */
import { describe, expect, it } from 'vitest';
import { roomModel } from '../../front/online/modelRoom.ts';
import { emptyRoomView, type RoomView } from '../../net/roomClient.ts';
import { type SeededRules, startMatch } from '../../net/rooms.ts';
import type { Key } from '../keys.ts';
import { onlineCommand } from './keymap.ts';
import { onlineModel } from './run.ts';

const VERSUS: SeededRules = { kind: 'versus', size: 4, seed: 5, target: 512, attackCap: null };
const DUEL: SeededRules = { kind: 'duel', size: 4, seed: 5, target: null, attackCap: null };

function room(rules: SeededRules, p: Partial<RoomView> = {}): RoomView {
  const m = startMatch(rules);
  if (!m.ok) throw new Error(m.error.message);
  return {
    ...emptyRoomView('open', null),
    room: { code: 'ACDEFGH', rules },
    you: 0,
    matchNo: 1,
    rules,
    match: m.value,
    seats: [
      { name: 'Ann', connected: true, forfeitAt: null },
      { name: 'Bob', connected: true, forfeitAt: null },
    ],
    ...p,
  };
}

const char = (ch: string): Key => ({ name: 'char', ch });
const LEFT: Key = { name: 'left' };
const command = (v: RoomView, key: Key) =>
  onlineCommand(
    key,
    onlineModel(v, { help: false, quit: false, cursor: null }, null),
    roomModel(v, { now: 0 }).keys,
    () => ({ row: 0, col: 0 }),
  );
const over = { winner: 0 as const, reason: 'play' as const, code: 'sb.x', seed: 9 };

describe('the online screen’s keys', () => {
  it('a watcher only asks for help and leaves', () => {
    for (const rules of [VERSUS, DUEL]) {
      const v = room(rules, { you: null });
      expect(command(v, LEFT)).toBe(null);
      expect(command(v, char('r'))).toBe(null);
      expect(command({ ...v, result: over }, char('r'))).toBe(null);
      expect(command(v, char('?'))).toEqual({ type: 'help' });
      expect(command(v, char('q'))).toEqual({ type: 'quit' });
    }
    expect(command(room(DUEL, { you: null }), { name: 'mouse', button: 0, x: 1, y: 1 })).toBe(null);
  });

  it('a player slides their board; r offers a rematch only once the match is over', () => {
    const v = room(VERSUS);
    expect(command(v, LEFT)).toEqual({ type: 'act', action: { kind: 'slide', dir: 'left' } });
    expect(command(v, char('r'))).toBe(null);
    expect(command({ ...v, result: over }, char('r'))).toEqual({ type: 'rematch' });
  });

  it('t takes the seat back only after it was opened elsewhere, or the server was away', () => {
    const v = room(VERSUS);
    expect(command(v, char('t'))).toBe(null);
    expect(command({ ...v, status: 'closed', closed: 'replaced' }, char('t'))).toEqual({
      type: 'retake',
    });
    expect(command({ ...v, status: 'closed', closed: 'unreachable' }, char('t'))).toEqual({
      type: 'retake',
    });
    expect(command({ ...v, status: 'closed', closed: 'no-room' }, char('t'))).toBe(null);
    // While held, a move is still asked of the client, which refuses it (nothing is sent).
    expect(command({ ...v, status: 'reconnecting' }, LEFT)).toMatchObject({ type: 'act' });
  });
});
