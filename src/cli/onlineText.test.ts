/**
 * The words of an online room: a forfeit told to each side in its own words, the notice line
 * while keys cannot reach the room (said until that is over), and a watcher never offered a
 * rematch.
 */
import { describe, expect, it } from 'vitest';
import { clockText, holdLine, resultSentence } from '../front/online/roomWords.ts';
import { emptyRoomView, type RoomView } from '../net/roomClient.ts';
import { type SeededRules, startMatch } from '../net/rooms.ts';
import { onlineNotice, onlineText, resultText } from './onlineText.ts';

/** A duel's clock in a line's form. */
const clockLine = (v: RoomView, now: number) => clockText(v, now, true);

const RULES: SeededRules = { kind: 'versus', size: 4, seed: 3, target: 512, attackCap: null };
const start = startMatch(RULES);
if (!start.ok) throw new Error('start');

function room(p: Partial<RoomView> = {}): RoomView {
  return {
    ...emptyRoomView('open', null),
    room: { code: 'ACDEFGH', rules: RULES },
    you: 0,
    matchNo: 1,
    rules: RULES,
    match: start.ok ? start.value : null,
    seats: [
      { name: 'Ann', connected: true, forfeitAt: null },
      { name: 'Bob', connected: true, forfeitAt: null },
    ],
    ...p,
  };
}

const forfeit = { winner: 0 as const, reason: 'forfeit' as const, code: 'sb.x', seed: 9 };

describe('a forfeit, in words for each side', () => {
  it('tells the player who forfeited, the winner and a watcher what happened', () => {
    expect(resultSentence(room({ you: 1, result: forfeit }))).toBe(
      'You forfeited: you were away too long, and Ann wins.',
    );
    expect(resultSentence(room({ you: 0, result: forfeit }))).toBe(
      'You win: Bob was away too long.',
    );
    expect(resultSentence(room({ you: null, result: forfeit }))).toBe(
      'Ann wins: Bob was away too long.',
    );
    expect(resultText(room({ you: 1, result: forfeit }))).toMatch(
      /^You forfeited: .* Replay: slidebox replay sb\.x$/,
    );
    expect(onlineNotice(room({ you: 1, result: forfeit }), 'versus')).toBe(
      'You forfeited: you were away too long, and Ann wins · r: rematch',
    );
  });

  it('by play: you win, they win, or a draw', () => {
    const play = (winner: 0 | 1 | 'draw') => ({
      winner,
      reason: 'play' as const,
      code: 'sb.y',
      seed: 9,
    });
    expect(resultSentence(room({ result: play(0) }))).toBe('You win.');
    expect(resultSentence(room({ result: play(1) }))).toBe('Bob wins.');
    expect(resultSentence(room({ result: play('draw') }))).toBe('Draw.');
  });
});

describe('watchers', () => {
  it('are never offered a rematch', () => {
    const over = { winner: 1 as const, reason: 'play' as const, code: 'sb.z', seed: 9 };
    expect(onlineNotice(room({ you: null, result: over }), 'versus')).toBe(null);
    expect(onlineNotice(room({ you: 0, result: over }), 'versus')).toBe('r: rematch');
    expect(onlineText(room({ you: null, result: over }))).not.toMatch(/rematch/);
    expect(onlineNotice(room({ you: null, result: forfeit }), 'versus')).not.toMatch(/rematch/);
  });
});

describe('the rematch offers', () => {
  it('are the room’s words, with the line’s commands', () => {
    const over = { winner: 1 as const, reason: 'play' as const, code: 'sb.z', seed: 9 };
    const offers = (rematch: [boolean, boolean]) =>
      onlineText(room({ result: over, rematch }))
        .trimEnd()
        .split('\n')
        .at(-1);
    expect(offers([false, false])).toBe('Type r to offer a rematch, q to leave.');
    expect(offers([true, false])).toBe('Rematch offered: waiting for Bob.');
    expect(offers([false, true])).toBe('Bob offers a rematch: type r to accept, q to leave.');
  });
});

describe('while the keys cannot reach the room', () => {
  it('says why until it is over, and that a refused key sent nothing', () => {
    const down = room({ status: 'reconnecting', notice: 'the connection dropped: reconnecting…' });
    expect(onlineNotice(down, 'versus')).toMatch(
      /^The connection dropped: reconnecting… Your keys/,
    );
    expect(onlineNotice(down, 'versus', true)).toMatch(/^Not sent: the connection dropped/);
    // A refusal the client said before the drop does not hide it.
    expect(onlineNotice({ ...down, notice: 'the match is over' }, 'versus')).toMatch(
      /reconnecting/,
    );
    const replaced = room({ status: 'closed', closed: 'replaced', notice: 'x' });
    expect(onlineNotice(replaced, 'duel')).toBe(
      'This seat is now played in another window or tab · t: take it back · q: leave',
    );
    expect(onlineNotice(replaced, 'duel', true)).toMatch(/^Not sent: this seat .* t: take it back/);
    const gone = room({
      status: 'closed',
      closed: 'unreachable',
      notice: 'the server at http://x could not be reached',
    });
    expect(onlineNotice(gone, 'versus')).toBe(
      'The server at http://x could not be reached · t: try again · q: leave',
    );
    expect(holdLine(room(), false)).toBe(null);
    // A watcher is not told that its keys were refused: it has none to send.
    expect(onlineNotice({ ...down, you: null }, 'versus', true)).toBe(
      'The connection dropped: reconnecting…',
    );
  });
});

describe("a duel's clock, in words", () => {
  const duelRules: SeededRules = {
    kind: 'duel',
    size: 4,
    seed: 3,
    target: null,
    attackCap: null,
    turnTime: 60,
  };
  const duel = startMatch(duelRules);
  if (!duel.ok) throw new Error('duel');
  const first = duel.value.kind === 'duel' ? duel.value.duel.first : 0;
  // The placer of round 1 acts first.
  const placer = first === 0 ? 1 : 0;
  const NOW = 1_000_000;
  const clocked = (p: Partial<RoomView>) =>
    room({ rules: duelRules, match: duel.value, deadline: NOW + 41_200, ...p });

  it('counts down the time left to the server deadline, for whoever is to act', () => {
    expect(clockLine(clocked({ you: placer }), NOW)).toBe('Your turn to place · 42 s left');
    const other = placer === 0 ? 'Ann' : 'Bob';
    expect(clockLine(clocked({ you: first }), NOW)).toBe(`${other} is placing… · 42 s left`);
    expect(clockLine(clocked({ you: placer }), NOW + 50_000)).toBe('Your turn to place · 0 s left');
    expect(onlineNotice(clocked({ you: placer }), 'duel', false, NOW)).toBe(
      'Your turn to place · 42 s left',
    );
    expect(onlineText(clocked({ you: placer }))).toMatch(
      /Your turn to place a 2 or a 4, by \d\d:\d\d:\d\d or the match is lost on time\./,
    );
  });

  it('says nothing without a clock, and tells a loss on time to each side', () => {
    expect(clockLine(clocked({ deadline: null }), NOW)).toBe(null);
    const time = { winner: 0 as const, reason: 'time' as const, code: 'sb.z', seed: 9 };
    expect(clockLine(clocked({ result: time }), NOW)).toBe(null);
    expect(resultSentence(clocked({ you: 1, result: time }))).toBe(
      'You lost on time: your decision took too long, and Ann wins.',
    );
    expect(resultSentence(clocked({ you: 0, result: time }))).toBe("You win: Bob's time ran out.");
    expect(onlineNotice(clocked({ you: 1, result: time }), 'duel')).toBe(
      'You lost on time: your decision took too long, and Ann wins · r: rematch',
    );
  });
});
