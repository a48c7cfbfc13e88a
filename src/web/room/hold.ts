/**
 * What an online room's page may do and say about it: input reaches the room only while the
 * connection is open and the seat is this page's. Connecting, reconnecting, closed or replaced
 * (the same seat opened in another tab or window), your keys change nothing, the boards show
 * only what the server took, and one sentence says why until that is over. The screen's other
 * sentences (a refused move, a copied link) last while the room is as it was when they were
 * said: a new match, the result, the other player joining or the connection changing ends them.
 * Pure: from the room client's view.
 */
import { NOT_ANSWERING_SENTENCE, NOT_SENT_NOT_ANSWERING } from '../../net/linkWords.ts';
import type { RoomView } from '../../net/roomClient.ts';
import type { RoomMatch } from '../../net/rooms.ts';
import { waitingForPlayer } from './shown.ts';

/** Why this page's input does not reach the room now. */
export type Hold = 'connecting' | 'not-answering' | 'reconnecting' | 'replaced' | 'closed';

/** Why input is held, or null when it reaches the room (`replaced`: the server said so). */
export function holdOf(v: RoomView): Hold | null {
  if (v.status === 'closed' && v.closed === 'replaced') return 'replaced';
  return v.status === 'open' ? null : v.status;
}

/** A fragment of the client's ("the match is over") as a sentence: "The match is over." */
export function asSentence(text: string): string {
  const t = text.trim();
  if (t === '') return '';
  const s = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?…]$/.test(s) ? s : `${s}.`;
}

/**
 * What the page says while input is held: why, and what happens to keys. `refused`: a key was
 * pressed (or a board swiped or tapped) during this hold, and nothing was sent.
 */
export function holdSentence(hold: Hold, v: RoomView, refused: boolean): string {
  const player = v.you !== null;
  switch (hold) {
    case 'connecting':
      return player && refused ? 'Not sent: still connecting to the room.' : 'Connecting…';
    case 'not-answering':
      if (!player) return 'The server is not answering.';
      return asSentence(refused ? NOT_SENT_NOT_ANSWERING : NOT_ANSWERING_SENTENCE);
    case 'reconnecting':
      if (!player) return 'The connection to the server dropped: reconnecting…';
      return refused
        ? 'Not sent: the connection to the server dropped. Reconnecting… your board shows only the moves the server took.'
        : 'The connection to the server dropped: reconnecting… Your keys do nothing until it is back.';
    case 'replaced':
      return refused
        ? 'Not sent: this seat is now played in another tab or window. Take it back to play here.'
        : 'This seat is now played in another tab or window: keys here do nothing. Take it back to play here, or leave.';
    case 'closed':
      return asSentence(v.notice ?? 'The connection to the room is closed.');
  }
}

/**
 * The room's state a sentence speaks of: when it changes, the sentence is over (a new match,
 * the result, the other player joining, the connection going or coming back).
 */
export function situation(v: RoomView): string {
  const over = v.result ? 'over' : 'on';
  const waiting = waitingForPlayer(v) ? 'waiting' : 'full';
  return `${v.status} ${v.matchNo} ${over} ${waiting} ${v.you ?? 'watching'}`;
}

/** A sentence the screen said, and the situation it spoke of (null: until the next one). */
export interface Said {
  readonly text: string;
  readonly about: string | null;
}

/** Whether a sentence said is still true of the room. */
export function stillSaid(said: Said | null, v: RoomView): said is Said {
  return said !== null && said.text !== '' && (said.about === null || said.about === situation(v));
}

/** The notice line: the hold's sentence while input is held, else a sentence still true, else nothing. */
export function noticeText(
  v: RoomView,
  hold: Hold | null,
  refused: boolean,
  said: Said | null,
): string {
  if (hold !== null && !(hold === 'connecting' && !v.match)) return holdSentence(hold, v, refused);
  return stillSaid(said, v) ? said.text : '';
}

/**
 * The match the page shows: while input is held, the server's alone (the log it ordered, without
 * your moves it has not answered); else — and while the server is not answering, on the same
 * connection — the client's, your sent moves on top, drawn as pending.
 */
export function shownMatch(v: RoomView, hold: Hold | null): RoomMatch | null {
  if (hold === null || hold === 'not-answering' || !v.match) return v.match;
  return v.confirmed ?? v.match;
}
