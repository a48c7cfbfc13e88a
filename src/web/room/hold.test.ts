import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../engine/game2048.ts';
import { shownMatch } from '../../front/online/modelRoom.ts';
import { holdSentence } from '../../front/online/roomWords.ts';
import type { RoomView } from '../../net/roomClient.ts';
import { applyAction, loggedText, type RoomMatch, type Side, startMatch } from '../../net/rooms.ts';
import { asSentence, holdOf, noticeText, situation, stillSaid } from './hold.ts';

const rules = { kind: 'versus', size: 4, seed: 11, target: 2048, attackCap: null } as const;

function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const start = must(startMatch(rules));

function room(p: Partial<RoomView> = {}): RoomView {
  return {
    status: 'open',
    room: { code: 'ACDE479', rules },
    you: 0,
    matchNo: 1,
    rules,
    match: start,
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

/** `side`'s first legal slide, and its log text. */
function step(m: RoomMatch, side: Side): { match: RoomMatch; text: string } {
  if (m.kind !== 'versus') throw new Error('versus only');
  const dir = legalMoves(m.match.games[side].cells)[0]!;
  const action = { kind: 'slide', dir } as const;
  return { match: must(applyAction(m, side, action)), text: loggedText({ side, action }) };
}

describe('when input reaches the room', () => {
  it('only while the connection is open and the seat is this page’s', () => {
    expect(holdOf(room())).toBeNull();
    expect(holdOf(room({ status: 'connecting' }))).toBe('connecting');
    expect(holdOf(room({ status: 'reconnecting' }))).toBe('reconnecting');
    expect(holdOf(room({ status: 'closed' }))).toBe('closed');
    // The server closed the seat here because another tab took it: replaced, whatever the status.
    expect(holdOf(room({ status: 'closed', closed: 'replaced' }))).toBe('replaced');
  });
});

describe('what the page says while input is held', () => {
  it('tells a player why their keys do nothing, and that a key pressed was not sent', () => {
    const lost = room({ status: 'reconnecting' });
    expect(holdSentence('reconnecting', lost, false)).toBe(
      'The connection dropped: reconnecting… Your keys do nothing until it is back.',
    );
    expect(holdSentence('reconnecting', lost, true)).toMatch(/^Not sent: the connection/);
    expect(holdSentence('replaced', lost, false)).toBe(
      'This seat is now played in another window or tab: keys here do nothing. Take it back to play here, or leave.',
    );
    expect(holdSentence('replaced', lost, true)).toMatch(/^Not sent: this seat is now played/);
  });

  it('tells a watcher only that the line dropped, and a closed room the client’s reason as a sentence', () => {
    expect(holdSentence('reconnecting', room({ you: null }), true)).toBe(
      'The connection dropped: reconnecting…',
    );
    expect(
      holdSentence(
        'closed',
        room({ notice: 'no room has this code (it may have expired)' }),
        false,
      ),
    ).toBe('No room has this code (it may have expired).');
  });

  it('makes the client’s fragments sentences', () => {
    expect(asSentence('the match is over')).toBe('The match is over.');
    expect(asSentence('reconnecting…')).toBe('Reconnecting…');
    expect(asSentence('Done!')).toBe('Done!');
    expect(asSentence('  ')).toBe('');
  });
});

describe('the notice line', () => {
  it('says the hold over anything else, and keeps saying it while the hold lasts', () => {
    const said = { text: 'Link copied: send it to the other player.', about: null };
    const lost = room({ status: 'reconnecting', notice: 'the connection dropped: reconnecting…' });
    expect(noticeText(lost, 'reconnecting', false, said)).toBe(
      holdSentence('reconnecting', lost, false),
    );
    expect(noticeText(lost, 'reconnecting', true, said)).toBe(
      holdSentence('reconnecting', lost, true),
    );
    // Before there is a match, the waiting panel says it (not twice).
    const first = room({ status: 'connecting', match: null });
    expect(noticeText(first, 'connecting', false, null)).toBe('');
  });

  it('drops a sentence once the room it spoke of has changed: the match over → a new match', () => {
    const over = room({ result: { winner: 1, reason: 'play', code: 'C', seed: 9 } });
    const said = { text: 'The match is over.', about: situation(over) };
    expect(noticeText(over, null, false, said)).toBe('The match is over.');
    expect(stillSaid(said, over)).toBe(true);
    const again = room({ matchNo: 2 });
    expect(noticeText(again, null, false, said)).toBe('');
    expect(stillSaid(said, again)).toBe(false);
  });

  it('drops one said while waiting once the other player joins, or when the line drops', () => {
    const waiting = room({
      seats: [
        { name: 'Ada', connected: true, forfeitAt: null },
        { name: null, connected: false, forfeitAt: null },
      ],
    });
    const said = { text: 'Link copied: send it to the other player.', about: situation(waiting) };
    expect(stillSaid(said, waiting)).toBe(true);
    expect(stillSaid(said, room())).toBe(false);
    expect(stillSaid(said, { ...waiting, status: 'reconnecting' })).toBe(false);
    // Said of no situation: until the next sentence.
    expect(stillSaid({ text: 'x', about: null }, room({ matchNo: 9 }))).toBe(true);
  });
});

describe('the match shown', () => {
  it('is the client’s (your moves on top) while connected, the server’s alone while held', () => {
    const taken = step(start, 1);
    const mine = step(taken.match, 0);
    // The server took Bob's move; yours is drawn on top, not answered yet.
    const v = room({ match: mine.match, confirmed: taken.match, log: [taken.text] });
    expect(shownMatch(v, null)).toBe(mine.match);
    for (const hold of ['reconnecting', 'replaced', 'closed'] as const) {
      expect(shownMatch(v, hold)).toEqual(taken.match);
    }
  });

  it('is nothing before the room’s state comes', () => {
    expect(shownMatch(room({ match: null, status: 'connecting' }), 'connecting')).toBeNull();
  });
});
