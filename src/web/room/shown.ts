/**
 * What an online room's screen says, from the room client's view: each seat's name and
 * connection ("connected", "away — forfeits in 42 s", "reconnecting…"), whether it still waits
 * for the other player, how the match ended (from your side when you play), the rematch offers,
 * and who the keyboard plays. Names are other players' text: the view sets them as text. Pure.
 */

import { type Duel, whoIs } from '../../engine/duel.ts';
import { maxTile } from '../../engine/game2048.ts';
import type { Pos } from '../../engine/types.ts';
import type { VersusMatch } from '../../engine/versus.ts';
import { formatNumber } from '../../front/format.ts';
import { initialModelDuel, type ModelDuel, type PlayerKind } from '../../front/modelDuel.ts';
import { initialModelVersus, type ModelVersus } from '../../front/modelVersus.ts';
import type { NetProblem } from '../../net/api.ts';
import { SEAT_ELSEWHERE, SEAT_NOT_ANSWERING } from '../../net/linkWords.ts';
import type { RoomView } from '../../net/roomClient.ts';
import type { RoomMatch, SeatInfo, Side } from '../../net/rooms.ts';

export const SIDES: readonly Side[] = [0, 1];

const other = (s: Side): Side => (s === 0 ? 1 : 0);

/** A seat's player's name, or "Player N" while the seat is free. */
export function seatName(seats: readonly SeatInfo[], side: Side): string {
  return seats[side]?.name ?? `Player ${side + 1}`;
}

/** A seat's connection, in words, and its kind (for the indicator's colour). */
export interface SeatState {
  readonly text: string;
  readonly kind: 'on' | 'away' | 'free';
}

/**
 * How a seat is connected at `now` (ms): your own from the client (`replaced`: the seat was
 * opened in another tab or window), the other's from the server.
 */
export function seatState(v: RoomView, side: Side, now: number, replaced = false): SeatState {
  // A silent server: nobody's connection can be told, the other's no more than your own.
  if (v.status === 'not-answering' && v.seats[side]?.name) {
    return { text: SEAT_NOT_ANSWERING, kind: 'away' };
  }
  if (v.you === side) {
    if (replaced) return { text: SEAT_ELSEWHERE.replace(/^this seat is now /, ''), kind: 'away' };
    if (v.status === 'open') return { text: 'connected', kind: 'on' };
    if (v.status === 'closed') return { text: 'disconnected', kind: 'away' };
    return { text: v.status === 'connecting' ? 'connecting…' : 'reconnecting…', kind: 'away' };
  }
  const s = v.seats[side];
  if (!s?.name) return { text: 'not joined yet', kind: 'free' };
  if (s.connected) return { text: 'connected', kind: 'on' };
  if (s.forfeitAt !== null && !v.result) {
    const secs = Math.max(0, Math.ceil((s.forfeitAt - now) / 1000));
    return { text: `away — forfeits in ${secs} s`, kind: 'away' };
  }
  return { text: 'away', kind: 'away' };
}

/** Whether the room still waits for its second player (a seat nobody has taken). */
export function waitingForPlayer(v: RoomView): boolean {
  return v.seats.length === 2 && v.seats.some((s) => !s.name) && !v.result;
}

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

/**
 * The result's heading: "You win!", "Ada wins!", "Draw.", or "You forfeited." to the player whose
 * seat was left empty (null while the match goes on).
 */
export function resultTitle(v: RoomView): string | null {
  const r = v.result;
  if (!r) return null;
  if (r.winner === 'draw') return 'Draw.';
  if (v.you === r.winner) return 'You win!';
  if (r.reason === 'forfeit' && v.you === other(r.winner)) return 'You forfeited.';
  if (r.reason === 'time' && v.you === other(r.winner)) return 'You lost on time.';
  return `${seatName(v.seats, r.winner)} wins!`;
}

/**
 * A duel's clock while it runs: "Your turn: 42 s left", "Ada's turn: 7 s left" (to the server's
 * deadline, rounded up; `now`: this clock); null when no clock runs.
 */
export function clockText(v: RoomView, now: number): string | null {
  const m = v.match;
  if (!v.deadline || v.result || m?.kind !== 'duel') return null;
  const toAct = whoIs(m.duel).toAct;
  if (toAct === null) return null;
  const left = Math.max(0, Math.ceil((v.deadline - now) / 1000));
  const who = v.you === toAct ? 'Your turn' : `${seatName(v.seats, toAct)}'s turn`;
  return `${who}: ${left} s left`;
}

/**
 * How the match was decided: by forfeit (who left), on time (who let a duel's decision time run
 * out), or by play (the boards' figures).
 */
export function resultDetail(v: RoomView): string {
  const r = v.result;
  if (!r) return '';
  if (r.reason === 'time' && r.winner !== 'draw') {
    const loser = other(r.winner);
    return v.you === loser
      ? `Your time for a decision ran out: ${seatName(v.seats, r.winner)} wins on time.`
      : `On time: ${seatName(v.seats, loser)} let the clock run out.`;
  }
  if (r.reason === 'forfeit') {
    if (r.winner === 'draw') return 'By forfeit: both seats were left empty too long.';
    const loser = other(r.winner);
    return v.you === loser
      ? `Your seat was left empty too long: ${seatName(v.seats, r.winner)} wins by forfeit.`
      : `By forfeit: ${seatName(v.seats, loser)} left the room too long.`;
  }
  return v.match ? matchSummary(v.match, v.seats) : '';
}

/** The match's figures in one line. */
export function matchSummary(m: RoomMatch, seats: readonly SeatInfo[]): string {
  if (m.kind === 'versus') {
    return m.match.games
      .map(
        (g, i) =>
          `${seatName(seats, i as Side)}: ${formatNumber(g.score)} points, largest ${formatNumber(maxTile(g.cells))}`,
      )
      .join(' · ');
  }
  return m.duel.rounds
    .map(
      (r, i) =>
        `Round ${i + 1}: ${seatName(seats, r.slider)} scored ${formatNumber(r.score)} (largest ${formatNumber(r.maxTile)})`,
    )
    .join(' · ');
}

/** The rematch offers from your side: offered, offered to you, or nothing yet (watchers: null). */
export function rematchLine(v: RoomView): string | null {
  if (v.you === null || !v.result) return null;
  const them = seatName(v.seats, other(v.you));
  if (v.rematch[v.you]) return `Rematch offered: waiting for ${them}.`;
  if (v.rematch[other(v.you)]) return `${them} offers a rematch.`;
  return '';
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
