/**
 * What an online room's page may do and say about it: input reaches the room only while the
 * connection is open and the seat is this page's. Connecting, reconnecting, closed or replaced
 * (the same seat opened in another tab or window), your keys change nothing, the boards show
 * only what the server took, and one sentence says why until that is over. The screen's other
 * sentences (a refused move, a copied link) last while the room is as it was when they were
 * said: a new match, the result, the other player joining or the connection changing ends them.
 * Pure: from the room client's view.
 */
import {
  asSentence,
  capital,
  DROPPED_SENTENCE,
  type Hold,
  holdOf,
  KEYS_WAIT_SENTENCE,
  NOT_ANSWERING_SENTENCE,
  NOT_SENT_DROPPED,
  NOT_SENT_NOT_ANSWERING,
  SEAT_ELSEWHERE,
} from '../../net/linkWords.ts';
import type { RoomView } from '../../net/roomClient.ts';
import type { RoomMatch } from '../../net/rooms.ts';
import { waitingForPlayer } from './shown.ts';

/** Why this page's input does not reach the room now (the same for every networked game). */
export type { Hold };
/** A fragment of the client's ("the match is over") as a sentence: "The match is over." */
export { asSentence, holdOf };

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
      if (!player) return asSentence(DROPPED_SENTENCE);
      return refused
        ? `${asSentence(NOT_SENT_DROPPED)} Reconnecting… your board shows only the moves the server took.`
        : `${asSentence(DROPPED_SENTENCE)} ${asSentence(KEYS_WAIT_SENTENCE)}`;
    case 'replaced':
      return refused
        ? `${asSentence(`not sent: ${SEAT_ELSEWHERE}`)} Take it back to play here.`
        : `${capital(SEAT_ELSEWHERE)}: keys here do nothing. Take it back to play here, or leave.`;
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
