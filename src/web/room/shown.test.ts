import { describe, expect, it } from 'vitest';
import {
  clockText,
  rematchLine,
  resultDetail,
  resultTitle,
  seatState,
  waitingForPlayer,
} from '../../front/online/roomWords.ts';
import type { RoomView } from '../../net/roomClient.ts';
import { startMatch } from '../../net/rooms.ts';
import { keyboardPlayers, roomNetSentence } from './shown.ts';

const NOW = 1_000_000;
const rules = { kind: 'versus', size: 4, seed: 7, target: 32, attackCap: null } as const;
const start = startMatch(rules);
if (!start.ok) throw new Error(start.error.message);

/** A room with both seats taken and connected, you in seat 0, the match just begun. */
function room(p: Partial<RoomView> = {}): RoomView {
  return {
    status: 'open',
    room: { code: 'ACDE479', rules },
    you: 0,
    matchNo: 1,
    rules,
    match: start.ok ? start.value : null,
    log: [],
    seats: [
      { name: 'Ada', connected: true, forfeitAt: null },
      { name: '<b>Bob</b>', connected: true, forfeitAt: null },
    ],
    result: null,
    rematch: [false, false],
    notice: null,
    ...p,
  };
}

describe('a seat’s connection in words', () => {
  it('says your own from the client’s status', () => {
    expect(seatState(room(), 0, NOW)).toEqual({ text: 'connected', kind: 'on' });
    expect(seatState(room({ status: 'reconnecting' }), 0, NOW).text).toBe('reconnecting…');
    expect(seatState(room({ status: 'connecting' }), 0, NOW).text).toBe('connecting…');
    expect(seatState(room({ status: 'closed' }), 0, NOW).text).toBe('disconnected');
  });

  it('says the other’s from the server: not joined, connected, away with the forfeit counted down', () => {
    const seats = (s: RoomView['seats'][number]) => room({ seats: [room().seats[0]!, s] });
    expect(seatState(seats({ name: null, connected: false, forfeitAt: null }), 1, NOW)).toEqual({
      text: 'not joined yet',
      kind: 'free',
    });
    expect(seatState(room(), 1, NOW).kind).toBe('on');
    const away = seats({ name: 'Bob', connected: false, forfeitAt: NOW + 41_200 });
    expect(seatState(away, 1, NOW)).toEqual({ text: 'away — forfeits in 42 s', kind: 'away' });
    // Past its time (the server decides): never a negative count.
    expect(seatState(away, 1, NOW + 60_000).text).toBe('away — forfeits in 0 s');
    const result = { winner: 0 as const, reason: 'play' as const, code: 'x', seed: 9 };
    expect(seatState({ ...away, result }, 1, NOW).text).toBe('away');
    // A watcher sees both seats from the server.
    expect(seatState({ ...away, you: null }, 1, NOW).kind).toBe('away');
  });

  it('waits while a seat is free', () => {
    expect(waitingForPlayer(room())).toBe(false);
    const free = { name: null, connected: false, forfeitAt: null };
    expect(waitingForPlayer(room({ seats: [room().seats[0]!, free] }))).toBe(true);
    expect(waitingForPlayer(room({ seats: [] }))).toBe(false);
  });

  it('gives the keyboard your own side only (a watcher: none)', () => {
    expect(keyboardPlayers(0)).toEqual(['human', 'ai']);
    expect(keyboardPlayers(1)).toEqual(['ai', 'human']);
    expect(keyboardPlayers(null)).toEqual(['ai', 'ai']);
  });
});

describe('the result in words', () => {
  const won = (winner: 0 | 1 | 'draw', reason: 'play' | 'forfeit' = 'play') => ({
    winner,
    reason,
    code: 'CODE',
    seed: 9,
  });

  it('from your side, the other’s, or a watcher’s', () => {
    expect(resultTitle(room())).toBeNull();
    expect(resultTitle(room({ result: won(0) }))).toBe('You win!');
    expect(resultTitle(room({ result: won(1) }))).toBe('<b>Bob</b> wins!');
    expect(resultTitle(room({ result: won(0), you: null }))).toBe('Ada wins!');
    expect(resultTitle(room({ result: won('draw') }))).toBe('Draw.');
    // By forfeit: the player whose seat was left empty is told so, not only who won.
    expect(resultTitle(room({ result: won(1, 'forfeit') }))).toBe('You forfeited.');
    expect(resultTitle(room({ result: won(0, 'forfeit'), you: 1 }))).toBe('You forfeited.');
    expect(resultTitle(room({ result: won(0, 'forfeit') }))).toBe('You win!');
    expect(resultTitle(room({ result: won(1, 'forfeit'), you: null }))).toBe('<b>Bob</b> wins!');
  });

  it('says how: the boards’ figures, or who was away too long (the line’s words)', () => {
    expect(resultDetail(room({ result: won(0) }))).toBe(
      'Ada: 0 points, largest 2 · <b>Bob</b>: 0 points, largest 2',
    );
    expect(resultDetail(room({ result: won(0, 'forfeit') }))).toBe('<b>Bob</b> was away too long.');
    expect(resultDetail(room({ result: won(1, 'forfeit') }))).toBe(
      'You were away too long, and <b>Bob</b> wins.',
    );
    expect(resultDetail(room({ result: won(1, 'forfeit'), you: null }))).toBe(
      'Ada was away too long.',
    );
    expect(resultDetail(room({ result: won('draw', 'forfeit') }))).toBe(
      'Both players were away too long.',
    );
  });

  it('says the rematch offers to a player, nothing to a watcher', () => {
    const over = { result: won(0) };
    expect(rematchLine(room())).toBeNull();
    expect(rematchLine(room(over))).toBe('');
    expect(rematchLine(room({ ...over, rematch: [true, false] }))).toBe(
      'Rematch offered: waiting for <b>Bob</b>.',
    );
    expect(rematchLine(room({ ...over, rematch: [false, true] }))).toBe(
      '<b>Bob</b> offers a rematch.',
    );
    expect(rematchLine(room({ ...over, you: null, rematch: [true, false] }))).toBeNull();
  });
});

describe('the server’s failures as sentences', () => {
  it('says no room was made and what to do', () => {
    expect(roomNetSentence({ code: 'unreachable', message: 'x' })).toBe(
      'The server could not be reached (it may be down, or this device offline): no room was made.',
    );
    expect(
      roomNetSentence({
        code: 'rate-limited',
        message: 'the server asks to slow down: Rate limit exceeded',
      }),
    ).toBe('The server is busy (Rate limit exceeded): no room was made. Try again in a minute.');
    expect(roomNetSentence({ code: 'refused', message: 'a name has at most 24 characters' })).toBe(
      'The server refused to make the room: a name has at most 24 characters.',
    );
    expect(roomNetSentence({ code: 'server-error', message: 'the server failed (HTTP 500)' })).toBe(
      'The server failed to make the room (HTTP 500): try again later.',
    );
  });
});

describe("a duel's clock and a loss on time, in words", () => {
  const duelRules = { kind: 'duel', size: 4, seed: 7, target: null, attackCap: null } as const;
  const duel = startMatch({ ...duelRules, turnTime: 60 });
  if (!duel.ok) throw new Error(duel.error.message);
  const first = duel.value.kind === 'duel' ? duel.value.duel.first : 0;
  const placer = first === 0 ? 1 : 0;
  const clocked = (p: Partial<RoomView>) =>
    room({ rules: duelRules, match: duel.value, deadline: NOW + 6_500, ...p });

  it('counts down the decision waited for, to the server deadline', () => {
    expect(clockText(clocked({ you: placer }), NOW)).toBe('Your turn: 7 s left');
    const name = placer === 0 ? 'Ada' : '<b>Bob</b>';
    expect(clockText(clocked({ you: first }), NOW)).toBe(`${name}'s turn: 7 s left`);
    expect(clockText(clocked({ deadline: null }), NOW)).toBe(null);
    expect(clockText(room({ deadline: NOW + 6_500 }), NOW)).toBe(null);
  });

  it('tells the loser and the others who let the clock run out', () => {
    const time = { winner: 0 as const, reason: 'time' as const, code: 'sb.z', seed: 9 };
    expect(resultTitle(clocked({ you: 1, result: time }))).toBe('You lost on time.');
    expect(resultDetail(clocked({ you: 1, result: time }))).toBe(
      'Your decision took too long, and Ada wins.',
    );
    expect(resultTitle(clocked({ you: 0, result: time }))).toBe('You win!');
    expect(resultDetail(clocked({ you: null, result: time }))).toBe("<b>Bob</b>'s time ran out.");
    expect(clockText(clocked({ result: time }), NOW)).toBe(null);
  });
});
