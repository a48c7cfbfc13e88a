/**
 * What the web app says about ranked play: the screen's title, the line under it, why keys do
 * nothing while the connection is down, the end of a game (its figures as the server counted
 * them, its rank and board), and a start the server refused (a second daily attempt). Pure.
 */
import { formatNumber, formatSolveTime } from '../../front/format.ts';
import type { SubmittedEntry } from '../../net/api.ts';
import {
  capital,
  DROPPED_SENTENCE,
  KEYS_WAIT_SENTENCE,
  NOT_ANSWERING_SENTENCE,
  NOT_SENT_DROPPED,
  NOT_SENT_NOT_ANSWERING,
} from '../../net/linkWords.ts';
import type { RankedBoard, RankedKind, RankedResult } from '../../net/ranked.ts';
import type { RankedStatus } from '../../net/rankedClient.ts';
import { addDays, boardLabel, rankText } from '../leaderboards/words.ts';

const puzzleName = (size: number) => `${size * size - 1}-puzzle`;

/** "1 move", "24 moves". */
const moves = (n: number) => `${formatNumber(n)} move${n === 1 ? '' : 's'}`;

/** The screen's title: "Ranked 2048", "Ranked daily 15-puzzle". */
export function rankedTitle(kind: RankedKind, size: number, daily: boolean): string {
  const game = kind === '2048' ? '2048' : puzzleName(size);
  return `Ranked ${daily ? 'daily ' : ''}${game}`;
}

/** The line under the title: what ranked play is. */
export function rankedGoal(b: RankedBoard): string {
  if (b.kind === 'puzzle') {
    return `Ranked: the server dealt this scramble and times the solve on its own clock (${b.size}×${b.size}).`;
  }
  const day = b.day ? ` Daily of ${b.day}: your first attempt counts.` : '';
  return `Ranked: the server deals each tile. Reach ${formatNumber(b.target ?? 2048)} and play on until no move is left.${day}`;
}

/** The state of the connection to the game, as the screen knows it (the client's status). */
export type Link = RankedStatus;

/**
 * What the notice says while keys do nothing (null: they play). `refused`: a key was pressed
 * during this hold, and nothing was sent. `why`: the reason a closed connection gave.
 */
export function holdSentence(link: Link, refused: boolean, why: string | null): string | null {
  switch (link) {
    case 'open':
      return null;
    case 'connecting':
      return refused ? 'Not sent: still connecting to the server.' : 'Connecting…';
    case 'not-answering':
      return `${capital(refused ? NOT_SENT_NOT_ANSWERING : NOT_ANSWERING_SENTENCE)}.`;
    case 'reconnecting':
      return refused
        ? `${capital(NOT_SENT_DROPPED)}. Reconnecting… the board shows only what the server took.`
        : `${capital(DROPPED_SENTENCE)} ${capital(KEYS_WAIT_SENTENCE)}.`;
    case 'closed':
      return why ?? 'The connection to the server is closed.';
  }
}

/** The board a ranked entry is on, for a sentence: "the ranked 4×4 2048 board (to 2,048)". */
export function rankedBoardLabel(e: SubmittedEntry, target: number | null, today: string): string {
  const label = boardLabel(e.board, {
    size: e.size,
    day: e.day,
    today,
    ...(target === null ? {} : { target }),
  });
  return label.replace(/^(the |today's )/, '$1ranked ');
}

/** A game's figures as the server counted them: "12,345 points" or "87 moves in 1:02.350". */
export function figures(kind: RankedKind, b: { score: number; elapsedMs: number }): string {
  return kind === '2048'
    ? `${formatNumber(b.score)} points`
    : `${moves(b.score)} in ${formatSolveTime(b.elapsedMs)}`;
}

/**
 * When a ranked daily's replay opens (the server withholds its code until the day is over):
 * the UTC midnight after its day, or, that midnight past, once the day's attempts still played
 * have ended.
 */
export function replayOpens(day: string, today: string): string {
  if (today > day) {
    return "Its replay opens once the day's last attempts (started before midnight) have ended; then it is on the day's ranked board.";
  }
  return `Its replay opens when the day is over, at 00:00 UTC on ${addDays(day, 1)}: the day's tiles stay secret until then.`;
}

/** The end dialog: its title and lines. */
export interface EndText {
  readonly title: string;
  readonly lines: readonly string[];
}

/**
 * The end of a ranked game: how it ended, its figures (the time the server's), its rank and
 * board, or why it ranks nowhere. `today`: the UTC day.
 */
export function endText(b: RankedBoard, r: RankedResult, today: string): EndText {
  const solved = b.kind === 'puzzle' && b.won;
  const title =
    r.reason === 'resigned'
      ? 'Resigned'
      : r.reason === 'left'
        ? 'Game ended'
        : solved
          ? 'Solved!'
          : 'Game over';
  const time = r.entry?.timeMs ?? b.elapsedMs;
  // 2048: the points; the puzzle: the moves (a puzzle board's score is its moves).
  const score = (b.kind === '2048' ? r.entry?.score : r.entry?.moves) ?? b.score;
  const said =
    b.kind === '2048'
      ? `You scored ${figures('2048', { score, elapsedMs: time })}.`
      : solved
        ? `${figures('puzzle', { score, elapsedMs: time })} on the server's clock.`
        : `Not solved: ${moves(b.score)}.`;
  const lines = [said];
  if (b.kind === '2048' && b.won) lines.push(`You made ${formatNumber(b.target ?? 2048)}.`);
  if (r.reason === 'left')
    lines.push('It was left longer than the server keeps a game: it counts as it stood.');
  if (r.entry && r.entry.rank !== null) {
    lines.push(`${rankText(r.entry.rank)} on ${rankedBoardLabel(r.entry, b.target, today)}.`);
  } else if (r.entry) {
    lines.push(`On ${rankedBoardLabel(r.entry, b.target, today)}, below your best there.`);
  } else {
    lines.push(r.why ? `Not ranked: ${r.why}.` : 'Not ranked.');
  }
  if (r.code === null && b.day !== null) lines.push(replayOpens(b.day, today));
  return { title, lines };
}
