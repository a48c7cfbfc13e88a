/**
 * What an online room's page says on its notice line: while input is held (connecting,
 * reconnecting, closed, or the same seat opened in another tab or window), the hold's sentence
 * (front/online/roomWords.ts) until that is over. The screen's other
 * sentences (a refused move, a copied link) last while the room is as it was when they were
 * said: a new match, the result, the other player joining or the connection changing ends them.
 * Pure: from the room client's view.
 */
import { holdSentence, waitingForPlayer } from '../../front/online/roomWords.ts';
import { asSentence, type Hold, holdOf } from '../../net/linkWords.ts';
import type { RoomView } from '../../net/roomClient.ts';

/** Why this page's input does not reach the room now (the same for every networked game). */
export type { Hold };
/** A fragment of the client's ("the match is over") as a sentence: "The match is over." */
export { asSentence, holdOf };

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
