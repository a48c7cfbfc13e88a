/**
 * An online room as text, for plain mode: who is in it and connected, both versus boards side
 * by side (or the duel's board, roles and turn), and how the match ended. Names are other
 * players' text: shown safe.
 */
import { whoIs } from '../engine/duel.ts';
import { formatNumber } from '../front/format.ts';
import {
  capital,
  DROPPED_SENTENCE,
  holdOf,
  KEYS_WAIT_SENTENCE,
  NOT_ANSWERING_SENTENCE,
  NOT_SENT_DROPPED,
  NOT_SENT_NOT_ANSWERING,
  SEAT_ELSEWHERE,
  SEAT_NOT_ANSWERING,
  waitingCount,
  waitingSentence,
} from '../net/linkWords.ts';
import type { RoomView } from '../net/roomClient.ts';
import type { SeatInfo } from '../net/rooms.ts';
import { safeText } from './boardText.ts';
import { boardText } from './plain2048.ts';
import { versusBoardsText } from './plainVersus.ts';

/** A seat's name as shown: its player's (safe), or "Player N" while free. */
export function seatName(seats: readonly SeatInfo[], side: 0 | 1): string {
  const name = seats[side]?.name;
  return name ? safeText(name, 24) : `Player ${side + 1}`;
}

/** A time of day as HH:MM:SS on this machine's clock. */
function clockTime(ms: number): string {
  const d = new Date(ms);
  return [d.getHours(), d.getMinutes(), d.getSeconds()]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
}

/** What a seat's state adds to its name: "(you)", "(away: forfeits at 12:01:30)", "(not joined yet)". */
function seatState(v: RoomView, side: 0 | 1): string {
  const s = v.seats[side];
  const tags: string[] = [];
  if (v.you === side) tags.push('you');
  if (!s?.name) tags.push('not joined yet');
  else if (v.status === 'not-answering') tags.push(SEAT_NOT_ANSWERING);
  else if (!s.connected) {
    tags.push(s.forfeitAt !== null ? `away: forfeits at ${clockTime(s.forfeitAt)}` : 'away');
  }
  return tags.length > 0 ? ` (${tags.join(', ')})` : '';
}

/**
 * How a match ended, in words for whoever reads them: "You win.", "Bob wins.", "Draw."; a
 * forfeit names who was away, and tells the player who forfeited in words meant for them.
 */
export function resultSentence(v: RoomView): string | null {
  const r = v.result;
  if (!r) return null;
  if (r.reason === 'forfeit') {
    if (r.winner === 'draw') return 'Draw: both players were away too long.';
    const loser = r.winner === 0 ? 1 : 0;
    const winner = seatName(v.seats, r.winner);
    if (v.you === loser) {
      return `You forfeited: you were away too long, and ${winner} wins.`;
    }
    const said = v.you === r.winner ? 'You win' : `${winner} wins`;
    return `${said}: ${seatName(v.seats, loser)} was away too long.`;
  }
  if (r.reason === 'time' && r.winner !== 'draw') {
    const loser = r.winner === 0 ? 1 : 0;
    const winner = seatName(v.seats, r.winner);
    if (v.you === loser)
      return `You lost on time: your decision took too long, and ${winner} wins.`;
    const said = v.you === r.winner ? 'You win' : `${winner} wins`;
    return `${said}: ${seatName(v.seats, loser)}'s time ran out.`;
  }
  if (r.winner === 'draw') return 'Draw.';
  return v.you === r.winner ? 'You win.' : `${seatName(v.seats, r.winner)} wins.`;
}

/** How the match ended, from your side when you play, with its replay. */
export function resultText(v: RoomView): string | null {
  const said = resultSentence(v);
  return said === null ? null : `${said} Replay: slidebox replay ${v.result!.code}`;
}

/** The room as plain text (ends with a newline). */
export function onlineText(v: RoomView): string {
  const m = v.match;
  if (!m || !v.room) return v.status === 'closed' ? '' : 'Connecting…\n';
  const lines: string[] = [];
  const names = [0, 1].map((s) => `${seatName(v.seats, s as 0 | 1)}${seatState(v, s as 0 | 1)}`);
  if (m.kind === 'versus') {
    lines.push(...versusBoardsText(m.match, names));
  } else {
    const d = m.duel;
    const t = whoIs(d);
    lines.push(
      `${names[0]} · ${names[1]}`,
      `Round ${d.round + 1} of 2  Sliding: ${seatName(v.seats, t.slider)}  Placing: ${seatName(v.seats, t.placer)}  Score: ${formatNumber(d.game.score)}`,
      boardText(d.game.cells),
    );
    for (const [i, r] of d.rounds.entries()) {
      lines.push(
        `Round ${i + 1}: ${seatName(v.seats, r.slider)} scored ${formatNumber(r.score)} (largest tile ${r.maxTile})`,
      );
    }
    if (!v.result && t.toAct !== null) {
      const who = v.you === t.toAct ? 'Your turn' : `${seatName(v.seats, t.toAct)}'s turn`;
      const by = v.deadline ? `, by ${clockTime(v.deadline)} or the match is lost on time` : '';
      lines.push(`${who} to ${t.phase === 'slide' ? 'slide' : 'place a 2 or a 4'}${by}.`);
    }
  }
  const result = resultText(v);
  if (result) {
    lines.push(result);
    if (v.you !== null) {
      const offered = v.rematch[v.you === 0 ? 1 : 0];
      lines.push(
        v.rematch[v.you]
          ? 'Rematch offered: waiting for the other player.'
          : offered
            ? 'The other player offers a rematch: type r to accept, q to leave.'
            : 'Type r to offer a rematch, q to leave.',
      );
    }
  } else if (v.seats[1] && !v.seats[1].name) {
    lines.push('Waiting for the other player to join…');
  }
  return `${lines.join('\n')}\n`;
}

/**
 * While your keys cannot reach the room (connecting, reconnecting, the seat played in another
 * window, closed): why, and the keys that work then; null while they can. `refused`: a key was
 * pressed meanwhile, and nothing was sent.
 */
export function onlineHold(v: RoomView, refused: boolean): string | null {
  const player = v.you !== null;
  const notSent = refused && player;
  switch (holdOf(v)) {
    case null:
      return null;
    case 'connecting':
      return notSent ? 'Not sent: still connecting to the room' : 'Connecting to the room…';
    case 'not-answering':
      if (notSent) return capital(NOT_SENT_NOT_ANSWERING);
      return player ? capital(NOT_ANSWERING_SENTENCE) : 'The server is not answering';
    case 'reconnecting':
      if (!player) return capital(DROPPED_SENTENCE);
      return notSent
        ? `${capital(NOT_SENT_DROPPED)} · reconnecting…`
        : `${capital(DROPPED_SENTENCE)} ${KEYS_WAIT_SENTENCE}`;
    case 'replaced':
      return `${capital(notSent ? `not sent: ${SEAT_ELSEWHERE}` : SEAT_ELSEWHERE)} · t: take it back · q: leave`;
    case 'closed':
      return `${capital(v.notice ?? 'the connection to the room closed')} · ${
        v.closed === 'unreachable' ? 't: try again · ' : ''
      }q: leave`;
  }
}

/** The keys offered once a match is over: to a player, the rematch's; to a watcher, none. */
function rematchKeys(v: RoomView): string {
  if (v.you === null) return '';
  if (v.rematch[v.you]) return 'rematch offered: waiting for the other player';
  return v.rematch[v.you === 0 ? 1 : 0] ? 'r: accept the rematch' : 'r: rematch';
}

/**
 * A duel's turn with its clock while it runs: "Your turn to place · 42 s left", "Bob is
 * sliding… · 7 s left"; null when no clock runs. The seconds left are to the server's deadline,
 * rounded up.
 */
export function clockLine(v: RoomView, now: number): string | null {
  const m = v.match;
  if (!v.deadline || v.result || m?.kind !== 'duel') return null;
  const t = whoIs(m.duel);
  if (t.toAct === null) return null;
  const left = Math.max(0, Math.ceil((v.deadline - now) / 1000));
  const placing = t.phase === 'place';
  const who =
    v.you === t.toAct
      ? `Your turn to ${placing ? 'place' : 'slide'}`
      : `${seatName(v.seats, t.toAct)} is ${placing ? 'placing' : 'sliding'}…`;
  return `${who} · ${left} s left`;
}

/**
 * The full screen's notice line: why your keys cannot reach the room (said until that is over),
 * a refusal, how the match ended (a forfeit or a loss on time in words for each side), the
 * room's state; in a duel with a clock, the time left for the decision (`now`: this clock).
 */
export function onlineNotice(
  v: RoomView,
  kind: string,
  refused = false,
  now = Date.now(),
): string | null {
  const hold = onlineHold(v, refused);
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
      const said = resultSentence(v)!.replace(/\.$/, '');
      return keys ? `${said} · ${keys}` : said;
    }
    return keys || null;
  }
  if (v.seats[1] && !v.seats[1].name) {
    return `Room ${code}: waiting for the other player (slidebox ${kind} --join ${code})`;
  }
  for (const side of [0, 1] as const) {
    const s = v.seats[side];
    if (side !== v.you && s?.name && !s.connected) {
      return `${seatName(v.seats, side)} is away${s.forfeitAt !== null ? `: forfeits at ${clockTime(s.forfeitAt)}` : ''}`;
    }
  }
  // A duel's line under the board says whose turn it is when there is nothing else to say.
  if (kind === 'duel') return clockLine(v, now);
  return v.you === null ? `Watching room ${code}` : `Room ${code}`;
}
