/**
 * What only the web's room page adds to the room's model (front/online/modelRoom.ts) and words
 * (front/online/roomWords.ts): who the keyboard plays on the duel's board, the boards' models
 * for the shared board views, the names in a duel's lines, the page's title, and why no room was
 * made. Names are other players' text: the view sets them as text. Pure.
 */

import type { Duel } from '../../engine/duel.ts';
import type { Pos } from '../../engine/types.ts';
import type { VersusMatch } from '../../engine/versus.ts';
import { initialModelDuel, type ModelDuel, type PlayerKind } from '../../front/modelDuel.ts';
import { initialModelVersus, type ModelVersus } from '../../front/modelVersus.ts';
import { seatName } from '../../front/online/roomWords.ts';
import type { NetProblem } from '../../net/api.ts';
import type { RoomView } from '../../net/roomClient.ts';
import type { Side } from '../../net/rooms.ts';

/** The players of a duel as the duel's board takes them: only your own side is the keyboard's. */
export function keyboardPlayers(you: Side | null): readonly [PlayerKind, PlayerKind] {
  return [you === 0 ? 'human' : 'ai', you === 1 ? 'human' : 'ai'];
}

/** A duel as the duel's board shows it: the keyboard plays your side only, at `cursor`. */
export function duelModel(duel: Duel, you: Side | null, cursor: Pos): ModelDuel {
  return { ...initialModelDuel(duel, keyboardPlayers(you)), cursor };
}

/** A versus match as the side panels show it (the names are the room's). */
export function versusModel(match: VersusMatch): ModelVersus {
  return initialModelVersus(match, { kind: 'human' });
}

/** The names in a duel's lines: "You" for your own side (so its verbs agree), else the player's. */
export function duelNames(v: RoomView): readonly [string, string] {
  return [v.you === 0 ? 'You' : seatName(v.seats, 0), v.you === 1 ? 'You' : seatName(v.seats, 1)];
}

/** The page's title: the room and, once known, its game. */
export function roomTitle(v: RoomView, code: string): string {
  const kind = v.rules?.kind ?? v.room?.rules.kind;
  return `${kind === 'duel' ? 'Duel' : kind === 'versus' ? 'Versus' : 'Room'} ${code} · slidebox`;
}

/** Why the server did not make a room, as a sentence. */
export function roomNetSentence(p: NetProblem): string {
  switch (p.code) {
    case 'unreachable':
      return 'The server could not be reached (it may be down, or this device offline): no room was made.';
    case 'timeout':
      return 'The server did not answer in time: no room was made. Try again.';
    case 'rate-limited':
      return `The server is busy (${p.message.replace(/^the server asks to slow down: /, '')}): no room was made. Try again in a minute.`;
    case 'refused':
      return `The server refused to make the room: ${p.message}.`;
    case 'server-error':
      return `The server failed to make the room (${p.message.replace(/^the server failed \((.*)\)$/, '$1')}): try again later.`;
    default:
      return `The server's answer could not be read (${p.message}): no room was made.`;
  }
}
