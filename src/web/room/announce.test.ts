import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../engine/game2048.ts';
import type { RoomView } from '../../net/roomClient.ts';
import {
  applyAction,
  previewAction,
  type RoomMatch,
  type Side,
  startMatch,
} from '../../net/rooms.ts';
import { announceRoom, attacksLanded } from './announce.ts';

const rules = { kind: 'versus', size: 4, seed: 3, target: 2048, attackCap: null } as const;

function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function room(match: RoomMatch, p: Partial<RoomView> = {}): RoomView {
  return {
    status: 'open',
    room: { code: 'ACDE479', rules },
    you: 0,
    matchNo: 1,
    rules,
    match,
    log: [],
    seats: [
      { name: 'Ada', connected: true, forfeitAt: null },
      { name: 'Bob', connected: true, forfeitAt: null },
    ],
    result: null,
    rematch: [false, false],
    notice: null,
    ...p,
  };
}

/** One move of `side` (its first legal one). */
function step(m: RoomMatch, side: Side): RoomMatch {
  if (m.kind !== 'versus') throw new Error('versus only');
  const dir = legalMoves(m.match.games[side].cells)[0]!;
  return must(applyAction(m, side, { kind: 'slide', dir }));
}

/** Sides 0 and 1 in turn from the start until a move of `side` matches `want`. */
function until(side: Side, want: (m: RoomMatch & { kind: 'versus' }) => boolean) {
  let m = must(startMatch(rules));
  for (let i = 0; i < 400; i++) {
    const s = (i % 2) as Side;
    const next = step(m, s);
    if (s === side && next.kind === 'versus' && want(next)) return { before: m, after: next };
    m = next;
  }
  throw new Error('not found');
}

describe('what an online room says', () => {
  it('says your own moves, and the other’s only when an attack is sent or lands', () => {
    const mine = until(0, () => true);
    expect(announceRoom(room(mine.before), room(mine.after))).toMatch(/^You: \w+, score \d+\.$/);
    const quiet = until(
      1,
      (m) => m.match.log.at(-1)!.sent === null && m.match.log.at(-1)!.received === null,
    );
    expect(announceRoom(room(quiet.before), room(quiet.after))).toBe('');
    const sent = until(1, (m) => m.match.log.at(-1)!.sent !== null);
    expect(announceRoom(room(sent.before), room(sent.after))).toMatch(
      /^Bob: \w+, score \d+\. Sends \d+ to You\./,
    );
  });

  it('says nothing when the same match comes back from the server (the log did not grow)', () => {
    const { after } = until(0, () => true);
    expect(announceRoom(room(after), room({ ...after }))).toBe('');
  });

  it('flashes the board an attack landed on', () => {
    const hit = until(1, (m) => m.match.log.at(-1)!.received !== null);
    expect(attacksLanded(room(hit.before), room(hit.after))).toEqual([false, true]);
    const plain = until(0, (m) => m.match.log.at(-1)!.received === null);
    expect(attacksLanded(room(plain.before), room(plain.after))).toEqual([false, false]);
  });

  it('flashes your board when the tile dealt for your slide, drawn before it, is an attack', () => {
    const hit = until(0, (m) => m.match.log.at(-1)!.received !== null);
    const last = hit.after.kind === 'versus' ? hit.after.match.log.at(-1)! : null;
    const slid = must(previewAction(hit.before, 0, { kind: 'slide', dir: last!.direction }));
    // The slide alone: nothing landed yet; its tile dealt: the attack landed on your board.
    expect(attacksLanded(room(hit.before), room(slid))).toEqual([false, false]);
    expect(attacksLanded(room(slid), room(hit.after))).toEqual([true, false]);
    const plain = until(0, (m) => m.match.log.at(-1)!.received === null);
    const last2 = plain.after.kind === 'versus' ? plain.after.match.log.at(-1)! : null;
    const slid2 = must(previewAction(plain.before, 0, { kind: 'slide', dir: last2!.direction }));
    expect(attacksLanded(room(slid2), room(plain.after))).toEqual([false, false]);
  });

  it('says who joined, left and came back, the result, the rematch offered and the new match', () => {
    const m = must(startMatch(rules));
    const free = { name: null, connected: false, forfeitAt: null };
    const ada = { name: 'Ada', connected: true, forfeitAt: null };
    const bob = { name: 'Bob', connected: true, forfeitAt: null };
    const away = { name: 'Bob', connected: false, forfeitAt: 5 };
    expect(announceRoom(room(m, { seats: [ada, free] }), room(m))).toBe('Bob joined.');
    expect(announceRoom(room(m), room(m, { seats: [ada, away] }))).toBe('Bob is away.');
    expect(announceRoom(room(m, { seats: [ada, away] }), room(m, { seats: [ada, bob] }))).toBe(
      'Bob is back.',
    );
    const result = { winner: 1 as const, reason: 'forfeit' as const, code: 'C', seed: 9 };
    const over = room(m, { result });
    expect(announceRoom(room(m), over)).toBe(
      'You forfeited. You were away too long, and Bob wins.',
    );
    expect(announceRoom(over, room(m, { result, rematch: [false, true] }))).toBe(
      'Bob offers a rematch.',
    );
    expect(announceRoom(over, room(m, { matchNo: 2 }))).toBe('A new match begins.');
  });
});
