/**
 * An online room as text, for plain mode: who is in it and connected, both versus boards side
 * by side (or the duel's board, roles and turn), and how the match ended. Names are other
 * players' text: shown safe.
 */
import { whoIs } from '../engine/duel.ts';
import { formatNumber } from '../front/format.ts';
import { roomModel } from '../front/online/modelRoom.ts';
import { clockTime, noticeLine, rematchLine, resultSentence } from '../front/online/roomWords.ts';
import { SEAT_NOT_ANSWERING } from '../net/linkWords.ts';
import type { RoomView } from '../net/roomClient.ts';
import type { SeatInfo } from '../net/rooms.ts';
import { safeText } from './boardText.ts';
import { boardText } from './plain2048.ts';
import { versusBoardsText } from './plainVersus.ts';

/** A player's name made safe for a terminal (other players' text). */
const clean = (name: string) => safeText(name, 24);

/** A seat's name as shown: its player's (safe), or "Player N" while free. */
export function seatName(seats: readonly SeatInfo[], side: 0 | 1): string {
  const name = seats[side]?.name;
  return name ? clean(name) : `Player ${side + 1}`;
}

/** How the match ended, from your side when you play, with its replay. */
export function resultText(v: RoomView): string | null {
  const said = resultSentence(v, clean);
  return said === null ? null : `${said} Replay: slidebox replay ${v.result!.code}`;
}

/** The room as plain text (ends with a newline). */
export function onlineText(v: RoomView): string {
  const m = v.match;
  if (!m || !v.room) return v.status === 'closed' ? '' : 'Connecting…\n';
  const lines: string[] = [];
  const names = roomModel(v, { now: 0, clock: 'time' }).seats.map((s, side) => {
    // A line names your own seat "you", and what it says of a seat is about the others'.
    const said = s.state.text === SEAT_NOT_ANSWERING || (!s.you && s.state.kind !== 'on');
    const tags = [...(s.you ? ['you'] : []), ...(said ? [s.state.text] : [])];
    return `${seatName(v.seats, side as 0 | 1)}${tags.length > 0 ? ` (${tags.join(', ')})` : ''}`;
  });
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
    // The offers in the room's words, with the line's commands.
    const offers = rematchLine(v, clean);
    if (offers === '') lines.push('Type r to offer a rematch, q to leave.');
    else if (offers !== null && v.you !== null && v.rematch[v.you]) lines.push(offers);
    else if (offers !== null)
      lines.push(`${offers.replace(/\.$/, '')}: type r to accept, q to leave.`);
  } else if (v.seats[1] && !v.seats[1].name) {
    lines.push('Waiting for the other player to join…');
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The full screen's notice line (roomWords.ts's, with the names made safe for a terminal); in a
 * duel with a clock, the time left for the decision (`now`: this clock).
 */
export function onlineNotice(
  v: RoomView,
  kind: string,
  refused = false,
  now = Date.now(),
  join?: string,
): string | null {
  return noticeLine(v, kind, refused, now, clean, join);
}
