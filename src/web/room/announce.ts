/**
 * What an online room says to screen readers (the live region) when it changes: a player
 * joining or coming back, a move (your own, and the other's when it sends or lands an attack,
 * or every duel action), the result, a rematch offered to you, a new match. Pure: from the
 * client's view before and after.
 */
import {
  rematchLine,
  resultDetail,
  resultTitle,
  SIDES,
  seatName,
} from '../../front/online/roomWords.ts';
import type { RoomView } from '../../net/roomClient.ts';
import type { Side } from '../../net/rooms.ts';
import { describeDuel, describeVersus } from '../ui/announceMatch.ts';
import { duelModel, duelNames, versusModel } from './shown.ts';

/**
 * Which versus boards an attack just landed on: the newest move's, when the log grew, or when
 * your slide drawn before its tile got it (the server dealt it the attack).
 */
export function attacksLanded(before: RoomView, after: RoomView): readonly [boolean, boolean] {
  const a = after.match;
  const b = before.match;
  if (a?.kind !== 'versus' || b?.kind !== 'versus' || after.matchNo !== before.matchNo) {
    return [false, false];
  }
  const last = a.match.log.at(-1);
  const grew = a.match.log.length > b.match.log.length;
  const dealt =
    last !== undefined &&
    a.match.log.length === b.match.log.length &&
    b.match.log.at(-1)?.received === null &&
    b.match.games[last.side].spawned.length === 0 &&
    a.match.games[last.side].spawned.length > 0;
  if (!last || !(grew || dealt) || last.received === null) return [false, false];
  return [last.side === 0, last.side === 1];
}

/** The seats' news: who joined, left or came back. */
function seatNews(before: RoomView, after: RoomView): string[] {
  const said: string[] = [];
  if (before.seats.length !== 2) return said;
  for (const side of SIDES) {
    if (side === after.you) continue;
    const was = before.seats[side];
    const is = after.seats[side];
    if (!is?.name) continue;
    const name = seatName(after.seats, side);
    if (!was?.name) said.push(`${name} joined.`);
    else if (was.connected && !is.connected) said.push(`${name} is away.`);
    else if (!was.connected && is.connected) said.push(`${name} is back.`);
  }
  return said;
}

/**
 * The newest move the server took, when its log grew in the same match (your moves drawn before
 * it answered say nothing); the other's plain slides are quiet.
 */
function moveNews(before: RoomView, after: RoomView): string {
  const a = after.confirmed ?? after.match;
  const b = before.confirmed ?? before.match;
  if (!a || !b || after.matchNo !== before.matchNo) return '';
  const you = after.you;
  if (a.kind === 'versus' && b.kind === 'versus') {
    if (a.match.log.length <= b.match.log.length) return '';
    const last = a.match.log.at(-1)!;
    const loud = last.side === you || last.sent !== null || last.received !== null;
    const names = SIDES.map((s: Side) => (s === you ? 'You' : seatName(after.seats, s)));
    return loud
      ? describeVersus(versusModel(b.match), versusModel(a.match), names as [string, string])
      : '';
  }
  if (a.kind === 'duel' && b.kind === 'duel' && a.duel.log.length > b.duel.log.length) {
    const at = { row: 0, col: 0 };
    return describeDuel(duelModel(b.duel, you, at), duelModel(a.duel, you, at), duelNames(after));
  }
  return '';
}

/** What to say about a change of the room, or ''. */
export function announceRoom(before: RoomView, after: RoomView): string {
  const said = [...seatNews(before, after), moveNews(before, after)];
  if (after.matchNo > before.matchNo && before.matchNo > 0) said.push('A new match begins.');
  if (after.result && !before.result) {
    said.push(`${resultTitle(after)} ${resultDetail(after)}`.trim());
  } else if (after.result && after.you !== null && after.rematch !== before.rematch) {
    said.push(rematchLine(after) ?? '');
  }
  return said.filter(Boolean).join(' ');
}
