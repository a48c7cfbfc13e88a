/**
 * An online room (versus, duel, or watching either) as every front-end shows it, from the room
 * client's view: the match to draw (while input is held, only what the server took), whose turn
 * it is, the seats with their state in words, why input is held and whether a key was refused
 * meanwhile, the actions waiting for the server, how the match ended in words, and the keys
 * that do something now. Pure: the terminal, line mode and the web draw it, none decides it.
 */
import { whoIs } from '../../engine/duel.ts';
import { type Hold, holdOf } from '../../net/linkWords.ts';
import type { RoomView } from '../../net/roomClient.ts';
import type { RoomMatch, Side } from '../../net/rooms.ts';
import {
  rematchLine,
  resultDetail,
  resultSentence,
  resultTitle,
  type SeatState,
  seatName,
  seatState,
  waitingForPlayer,
} from './roomWords.ts';

/** One seat as shown: its player's name (or "Player N"), its state in words, whether it is yours. */
export interface RoomSeat {
  readonly name: string;
  readonly state: SeatState;
  readonly you: boolean;
}

/** How the match ended, in words: the page's heading and detail, a line's sentence, the replay. */
export interface RoomResult {
  readonly title: string;
  readonly detail: string;
  readonly sentence: string;
  /** The match's share code (its replay). */
  readonly code: string;
}

/** What keys do now: act for your side, offer a rematch, take the seat back (or try again). */
export interface RoomKeys {
  /**
   * A player's slides and placings go to the room (refused with a sentence, nothing sent, while
   * input is held or once the match is over); a watcher's do nothing.
   */
  readonly act: boolean;
  readonly rematch: boolean;
  readonly retake: boolean;
}

export interface RoomModel {
  readonly view: RoomView;
  /** Why input does not reach the room now, or null while it does. */
  readonly hold: Hold | null;
  /** A key was refused (nothing sent) during this hold. */
  readonly refused: boolean;
  /** The match to draw: while input is held (the server silent aside), the server's alone. */
  readonly match: RoomMatch | null;
  readonly seats: readonly [RoomSeat, RoomSeat];
  /**
   * The score each board shows, as the server counted it: each versus side's, or the duel's
   * board's (for both sides); an action of yours not answered yet adds its points only once the
   * server took it. Null before the match.
   */
  readonly scores: readonly [number, number] | null;
  /** A duel's side to act (null: versus, over, or before the match). */
  readonly toAct: Side | null;
  readonly waitingForPlayer: boolean;
  /** Your actions sent and not answered; those the screen says it waits for (after 0.5 s). */
  readonly pending: number;
  readonly waiting: number;
  readonly result: RoomResult | null;
  /** The rematch offers from your side ("" none yet; null: watching, or no result). */
  readonly rematch: string | null;
  readonly keys: RoomKeys;
}

export interface RoomModelOptions {
  /** A key was refused during the current hold. */
  readonly refused?: boolean;
  /** The clock now (ms since 1970), for the forfeits counted down. */
  readonly now: number;
  /** How a forfeit is told: counted down (a screen redrawn), or at its time of day (a line). */
  readonly clock?: 'countdown' | 'time';
}

/** Whether `t` can connect the room again: the seat opened elsewhere, or the server away. */
export function canRetake(v: RoomView): boolean {
  return v.status === 'closed' && (v.closed === 'replaced' || v.closed === 'unreachable');
}

/**
 * The match to draw: while input is held, the server's alone (the log it ordered, without your
 * moves it has not answered); else — and while the server is not answering, on the same
 * connection — the client's, your sent moves on top, drawn as pending.
 */
export function shownMatch(v: RoomView, hold: Hold | null): RoomMatch | null {
  if (hold === null || hold === 'not-answering' || !v.match) return v.match;
  return v.confirmed ?? v.match;
}

/** The scores the server counted on the match it took (see {@link RoomModel.scores}). */
export function confirmedScores(v: RoomView): readonly [number, number] | null {
  const c = v.confirmed ?? v.match;
  if (!c) return null;
  if (c.kind === 'duel') return [c.duel.game.score, c.duel.game.score];
  return [c.match.games[0].score, c.match.games[1].score];
}

/** The room as shown, from the client's view. */
export function roomModel(v: RoomView, o: RoomModelOptions): RoomModel {
  const hold = holdOf(v);
  const match =
    hold === null || hold === 'not-answering' || !v.match ? v.match : (v.confirmed ?? v.match);
  const seat = (side: Side): RoomSeat => ({
    name: seatName(v.seats, side),
    state: seatState(v, side, o.now, { replaced: hold === 'replaced', clock: o.clock }),
    you: v.you === side,
  });
  const turn = match?.kind === 'duel' && !v.result ? whoIs(match.duel).toAct : null;
  const result = v.result
    ? {
        title: resultTitle(v)!,
        detail: resultDetail(v),
        sentence: resultSentence(v)!,
        code: v.result.code,
      }
    : null;
  const player = v.you !== null && match !== null;
  return {
    view: v,
    hold,
    refused: o.refused === true && hold !== null,
    match,
    seats: [seat(0), seat(1)],
    scores: confirmedScores(v),
    toAct: turn,
    waitingForPlayer: waitingForPlayer(v),
    pending: v.pending ?? 0,
    waiting: v.waiting ?? 0,
    result,
    rematch: rematchLine(v),
    keys: {
      act: player,
      rematch: player && v.result !== null,
      retake: canRetake(v),
    },
  };
}
