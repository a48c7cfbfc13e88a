/**
 * Everything an online room says in words, for the terminal, line mode and the web alike: a
 * seat's state ("connected", "away — forfeits in 42 s", "not joined yet", "not answering"), how
 * the match ended (a heading and its detail for the page, one sentence for a line), the rematch
 * offers, a duel's clock, and why input is held (one sentence each, in the line's form with its
 * keys or the page's). Pure: from the room client's view. Names are other players' text: `name`
 * makes them safe where a front-end needs it (the terminal's).
 */
import { whoIs } from '../../engine/duel.ts';
import { maxTile } from '../../engine/game2048.ts';
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
  SEAT_NOT_ANSWERING,
  waitingCount,
  waitingSentence,
} from '../../net/linkWords.ts';
import type { RoomView } from '../../net/roomClient.ts';
import type { RoomMatch, SeatInfo, Side } from '../../net/rooms.ts';
import { formatNumber } from '../format.ts';

export const SIDES: readonly Side[] = [0, 1];

const other = (s: Side): Side => (s === 0 ? 1 : 0);

/** A seat's player's name, or "Player N" while the seat is free. */
export function seatName(seats: readonly SeatInfo[], side: Side): string {
  return seats[side]?.name ?? `Player ${side + 1}`;
}

/** A time of day as HH:MM:SS on this machine's clock. */
export function clockTime(ms: number): string {
  const d = new Date(ms);
  return [d.getHours(), d.getMinutes(), d.getSeconds()]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
}

/** A seat's connection, in words, and its kind (for an indicator's colour). */
export interface SeatState {
  readonly text: string;
  readonly kind: 'on' | 'away' | 'free';
}

/**
 * How a seat is connected at `now` (ms): your own from the client (`replaced`: the seat was
 * opened in another tab or window), the other's from the server. A forfeit is counted down
 * ("forfeits in 42 s", a screen redrawn every second) or, where a line is printed once, told as
 * the time of day (`clock: 'time'`: "forfeits at 12:01:30").
 */
export function seatState(
  v: RoomView,
  side: Side,
  now: number,
  o: { readonly replaced?: boolean; readonly clock?: 'countdown' | 'time' } = {},
): SeatState {
  // A silent server: nobody's connection can be told, the other's no more than your own.
  if (v.status === 'not-answering' && v.seats[side]?.name) {
    return { text: SEAT_NOT_ANSWERING, kind: 'away' };
  }
  if (v.you === side) {
    if (o.replaced) {
      return { text: SEAT_ELSEWHERE.replace(/^this seat is now /, ''), kind: 'away' };
    }
    if (v.status === 'open') return { text: 'connected', kind: 'on' };
    if (v.status === 'closed') return { text: 'disconnected', kind: 'away' };
    return { text: v.status === 'connecting' ? 'connecting…' : 'reconnecting…', kind: 'away' };
  }
  const s = v.seats[side];
  if (!s?.name) return { text: 'not joined yet', kind: 'free' };
  if (s.connected) return { text: 'connected', kind: 'on' };
  if (s.forfeitAt !== null && !v.result) {
    if (o.clock === 'time')
      return { text: `away: forfeits at ${clockTime(s.forfeitAt)}`, kind: 'away' };
    const secs = Math.max(0, Math.ceil((s.forfeitAt - now) / 1000));
    return { text: `away — forfeits in ${secs} s`, kind: 'away' };
  }
  return { text: 'away', kind: 'away' };
}

/** Whether the room still waits for its second player (a seat nobody has taken). */
export function waitingForPlayer(v: RoomView): boolean {
  return v.seats.length === 2 && v.seats.some((s) => !s.name) && !v.result;
}

/** Names as a front-end shows them (`clean`: made safe for a terminal, or as they are). */
type Clean = (name: string) => string;
const asIs: Clean = (n) => n;

/**
 * How a match ended, said once for every front-end: who (the heading: "You win", "Ada wins",
 * "Draw", "You forfeited", "You lost on time") and, after a forfeit or a loss on time, why, in
 * words for whoever reads them ("Bob was away too long", "your decision took too long, and Ada
 * wins"); null while the match goes on.
 */
export function resultWords(
  v: RoomView,
  clean: Clean = asIs,
): { readonly heading: string; readonly why: string | null } | null {
  const r = v.result;
  if (!r) return null;
  const name = (s: Side) => clean(seatName(v.seats, s));
  if (r.winner === 'draw') {
    return {
      heading: 'Draw',
      why: r.reason === 'forfeit' ? 'both players were away too long' : null,
    };
  }
  const loser = other(r.winner);
  const lost = v.you === loser;
  const heading = v.you === r.winner ? 'You win' : `${name(r.winner)} wins`;
  if (r.reason === 'forfeit') {
    return lost
      ? { heading: 'You forfeited', why: `you were away too long, and ${name(r.winner)} wins` }
      : { heading, why: `${name(loser)} was away too long` };
  }
  if (r.reason === 'time') {
    return lost
      ? {
          heading: 'You lost on time',
          why: `your decision took too long, and ${name(r.winner)} wins`,
        }
      : { heading, why: `${name(loser)}'s time ran out` };
  }
  return { heading, why: null };
}

/** The result's heading on the page: "You win!", "Ada wins!", "Draw.", "You forfeited." (null while the match goes on). */
export function resultTitle(v: RoomView): string | null {
  const w = resultWords(v);
  if (!w) return null;
  return `${w.heading}${/ wins?$/.test(w.heading) ? '!' : '.'}`;
}

/** Under the heading: why (a forfeit, a loss on time), or the boards' figures. */
export function resultDetail(v: RoomView): string {
  const w = resultWords(v);
  if (!w) return '';
  if (w.why) return asSentence(w.why);
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

/** How a match ended in one sentence, for a line: "You win.", "You win: Bob was away too long.". */
export function resultSentence(v: RoomView, clean: Clean = asIs): string | null {
  const w = resultWords(v, clean);
  if (!w) return null;
  return w.why ? `${w.heading}: ${w.why}.` : `${w.heading}.`;
}

/** The rematch offers from your side: offered, offered to you, or nothing yet (watchers: null). */
export function rematchLine(v: RoomView, clean: Clean = asIs): string | null {
  if (v.you === null || !v.result) return null;
  const them = clean(seatName(v.seats, other(v.you)));
  if (v.rematch[v.you]) return `Rematch offered: waiting for ${them}.`;
  if (v.rematch[other(v.you)]) return `${them} offers a rematch.`;
  return '';
}

/** The rematch's keys once a match is over, on a line: to a player; to a watcher, none. */
export function rematchKeys(v: RoomView): string {
  if (v.you === null) return '';
  if (v.rematch[v.you]) return 'rematch offered: waiting for the other player';
  return v.rematch[other(v.you)] ? 'r: accept the rematch' : 'r: rematch';
}

/**
 * A duel's clock while it runs, to the server's deadline (rounded up; `now`: this clock); null
 * when no clock runs. The page's form: "Your turn: 42 s left", "Ada's turn: 7 s left"; the
 * line's (`line`): "Your turn to place · 42 s left", "Bob is sliding… · 7 s left".
 */
export function clockText(
  v: RoomView,
  now: number,
  line = false,
  clean: Clean = asIs,
): string | null {
  const m = v.match;
  if (!v.deadline || v.result || m?.kind !== 'duel') return null;
  const t = whoIs(m.duel);
  if (t.toAct === null) return null;
  const left = Math.max(0, Math.ceil((v.deadline - now) / 1000));
  const name = clean(seatName(v.seats, t.toAct));
  if (!line) return `${v.you === t.toAct ? 'Your turn' : `${name}'s turn`}: ${left} s left`;
  const placing = t.phase === 'place';
  const who =
    v.you === t.toAct
      ? `Your turn to ${placing ? 'place' : 'slide'}`
      : `${name} is ${placing ? 'placing' : 'sliding'}…`;
  return `${who} · ${left} s left`;
}

/**
 * Why input is held, written once for both forms: the line's (the terminal's notice, line
 * mode: the keys that work then, after " · "; short where a line is narrow) and the page's
 * (sentences; the page offers its own buttons). `refused`: a key was pressed (or a board swiped
 * or tapped) during this hold, and nothing was sent.
 */
function holdWords(hold: Hold, v: RoomView, refused: boolean, form: 'line' | 'page'): string {
  const player = v.you !== null;
  const notSent = refused && player;
  const page = form === 'page';
  switch (hold) {
    case 'connecting': {
      const said = notSent ? 'Not sent: still connecting to the room' : 'Connecting to the room…';
      return page ? asSentence(said) : said;
    }
    case 'not-answering': {
      const said = !player
        ? 'The server is not answering'
        : capital(notSent ? NOT_SENT_NOT_ANSWERING : NOT_ANSWERING_SENTENCE);
      return page ? asSentence(said) : said;
    }
    case 'reconnecting': {
      if (!player) return page ? asSentence(DROPPED_SENTENCE) : capital(DROPPED_SENTENCE);
      if (!notSent)
        return `${capital(DROPPED_SENTENCE)} ${(page ? asSentence : capital)(KEYS_WAIT_SENTENCE)}`;
      // The page has room to say what the board shows meanwhile.
      return page
        ? `${asSentence(NOT_SENT_DROPPED)} Reconnecting… your board shows only the moves the server took.`
        : `${capital(NOT_SENT_DROPPED)} · reconnecting…`;
    }
    case 'replaced': {
      const said = capital(notSent ? `not sent: ${SEAT_ELSEWHERE}` : SEAT_ELSEWHERE);
      if (!page) return `${said} · t: take it back · q: leave`;
      return notSent
        ? `${asSentence(said)} Take it back to play here.`
        : `${said}: keys here do nothing. Take it back to play here, or leave.`;
    }
    case 'closed': {
      const said = capital(v.notice ?? 'the connection to the room is closed');
      if (page) return asSentence(said);
      return `${said} · ${v.closed === 'unreachable' ? 't: try again · ' : ''}q: leave`;
    }
  }
}

/**
 * Why input is held, on a line (the terminal's notice, line mode): why, and the keys that work
 * then; null while input reaches the room. `refused`: a key was pressed meanwhile, and nothing
 * was sent.
 */
export function holdLine(v: RoomView, refused: boolean): string | null {
  const hold = holdOf(v);
  return hold === null ? null : holdWords(hold, v, refused, 'line');
}

/**
 * Why input is held, on the page: why, and what happens to keys (the page offers its own
 * buttons). `refused`: a key was pressed (or a board swiped or tapped) during this hold.
 */
export function holdSentence(hold: Hold, v: RoomView, refused: boolean): string {
  return holdWords(hold, v, refused, 'page');
}

/**
 * The terminal's notice line: why input is held (said until that is over), the actions waiting
 * for the server, the client's sentence (a refusal, the server changed), how the match ended (a
 * forfeit or a loss on time in words for each side), the room's state; in a duel with a clock,
 * the time left for the decision (`now`: this clock). `kind`: the room's command word; `join`:
 * the command that joins the room (`slidebox versus --join CODE --server URL`), said while the
 * other seat is empty.
 */
export function noticeLine(
  v: RoomView,
  kind: string,
  refused: boolean,
  now: number,
  clean: Clean = asIs,
  join = `slidebox ${kind} --join ${v.room?.code ?? ''}`,
): string | null {
  const hold = holdLine(v, refused);
  const n = v.waiting ?? 0;
  if (hold !== null) {
    // A narrow line: the count alone after the sentence.
    return v.status === 'not-answering' && n > 0 ? `${hold} ${waitingCount(n)}` : hold;
  }
  if (n > 0) return capital(waitingSentence(n));
  const code = v.room?.code ?? '';
  if (v.notice) return capital(v.notice);
  if (v.result) {
    const keys = rematchKeys(v);
    if (v.result.reason !== 'play') {
      const said = resultSentence(v, clean)!.replace(/\.$/, '');
      return keys ? `${said} · ${keys}` : said;
    }
    return keys || null;
  }
  if (waitingForPlayer(v)) {
    return `Room ${code}: waiting for the other player (${join})`;
  }
  for (const side of SIDES) {
    const s = v.seats[side];
    if (side !== v.you && s?.name && !s.connected) {
      const forfeit = s.forfeitAt !== null ? `: forfeits at ${clockTime(s.forfeitAt)}` : '';
      return `${clean(seatName(v.seats, side))} is away${forfeit}`;
    }
  }
  // A duel's line under the board says whose turn it is when there is nothing else to say.
  if (kind === 'duel') return clockText(v, now, true, clean);
  return v.you === null ? `Watching room ${code}` : `Room ${code}`;
}
