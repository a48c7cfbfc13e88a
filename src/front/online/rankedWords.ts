/**
 * Everything a ranked game says in words, for the terminal, line mode and the web alike: its
 * name and title, why keys do nothing now (connecting, not answering, reconnecting, closed),
 * the notice line, how the game ended (a heading, the figures the server ranked), why it ranks
 * nowhere, and when a ranked daily's withheld replay opens. Fragments without a final stop
 * where a front-end may add one (the web writes sentences with `asSentence`); a narrow line
 * (the terminal's 80 columns) takes the short form where there is one. Pure.
 */

import {
  capital,
  DROPPED_SENTENCE,
  KEYS_WAIT_SENTENCE,
  NOT_ANSWERING_SENTENCE,
  NOT_SENT_DROPPED,
  NOT_SENT_NOT_ANSWERING,
  waitingCount,
  waitingSentence,
} from '../../net/linkWords.ts';
import type { RankedBoard, RankedKind, RankedResult } from '../../net/ranked.ts';
import type { RankedStatus, RankedView } from '../../net/rankedClient.ts';
import { formatNumber, formatSolveTime } from '../format.ts';

/** "8-puzzle", "15-puzzle". */
export const puzzleName = (size: number): string => `${size * size - 1}-puzzle`;

/** "1 move", "24 moves". */
export const movesText = (n: number): string => `${formatNumber(n)} move${n === 1 ? '' : 's'}`;

/** Which ranked game: what was asked for, or what the server dealt. */
export interface RankedWhat {
  readonly kind: RankedKind;
  readonly size: number;
  readonly target: number | null;
  /** A ranked daily's day, or null. */
  readonly day: string | null;
}

/** The game's name: "Ranked 2048", "Ranked daily 15-puzzle", "Ranked 8-puzzle". */
export function rankedName(kind: RankedKind, size: number, daily: boolean): string {
  return `Ranked ${daily ? 'daily ' : ''}${kind === '2048' ? '2048' : puzzleName(size)}`;
}

/**
 * The title line: the name and what sets the game apart — "Ranked 2048 · 4×4 · target 2048",
 * "Ranked 8-puzzle · 3×3", "Ranked daily 15-puzzle · 2026-11-27". `clean`: how a front-end
 * makes the server's text safe to show (the day).
 */
export function rankedTitle(w: RankedWhat, clean: (s: string) => string = (s) => s): string {
  const name = rankedName(w.kind, w.size, w.day !== null);
  if (w.day !== null) return `${name} · ${clean(w.day)}`;
  return w.kind === '2048'
    ? `${name} · ${w.size}×${w.size} · target ${w.target ?? 2048}`
    : `${name} · ${w.size}×${w.size}`;
}

/** The connection's closed for good, when the client says no more of why. */
export const RANKED_CLOSED = 'the connection to the server is closed';

/**
 * Why keys do nothing now (null: they play). `refused`: a key was pressed during this hold and
 * nothing was sent; `why`: the sentence of a connection closed for good (the front-end's own:
 * what to do there differs); `narrow`: the short form for an 80-column line.
 */
export function holdSentence(
  status: RankedStatus,
  refused: boolean,
  why: string | null,
  narrow = false,
): string | null {
  switch (status) {
    case 'open':
      return null;
    case 'connecting':
      return refused ? 'Not sent: still connecting to the server' : 'Connecting to the server…';
    case 'not-answering':
      return capital(refused ? NOT_SENT_NOT_ANSWERING : NOT_ANSWERING_SENTENCE);
    case 'reconnecting':
      if (!refused) return `${capital(DROPPED_SENTENCE)} ${capital(KEYS_WAIT_SENTENCE)}`;
      return narrow
        ? `${capital(NOT_SENT_DROPPED)} · reconnecting…`
        : `${capital(NOT_SENT_DROPPED)}. Reconnecting… the board shows only what the server took`;
    case 'closed':
      return capital(why ?? RANKED_CLOSED);
  }
}

/** A resignation sent, its result not come yet. */
export const RESIGNING = 'Resigning…';

/** Ranked 2048 goes on past its target: the score counts until no move is left. */
export function playOnSentence(target: number | null): string {
  return `You made ${formatNumber(target ?? 2048)}! Play on: the score counts until no move is left`;
}

export interface NoticeOptions {
  /** A key was refused during this hold. */
  readonly refused: boolean;
  /** A resignation was sent and its result has not come. */
  readonly resigning?: boolean;
  /** The screen's own sentence (a resumed game, Resign pressed once), said when nothing else is. */
  readonly said?: string | null;
  /** Why the connection is closed for good, in the front-end's words (see {@link holdSentence}). */
  readonly why?: string | null;
  readonly narrow?: boolean;
  /** Makes the server's text safe to show (the terminal's), at most `max` characters. */
  readonly clean?: (text: string) => string;
}

/**
 * The notice line of a ranked game: why keys do nothing (with the moves still waiting, while
 * the server is silent), else resigning, the moves waiting for the server, the client's last
 * refusal, the screen's own sentence, a 2048 target reached; once the result came, only the
 * screen's sentence. Null: nothing to say.
 */
export function noticeLine(v: RankedView | null, o: NoticeOptions): string | null {
  const said = o.said ?? null;
  if (v?.result) return said;
  const clean = o.clean ?? ((s: string) => s);
  const n = v?.waiting ?? 0;
  const hold = holdSentence(v?.status ?? 'connecting', o.refused, o.why ?? null, o.narrow);
  if (hold !== null) {
    if (v?.status !== 'not-answering' || n === 0) return hold;
    // A narrow line: the count alone after the sentence.
    return o.narrow ? `${hold} ${waitingCount(n)}` : `${hold}. ${capital(waitingSentence(n))}`;
  }
  if (o.resigning) return RESIGNING;
  if (n > 0) return capital(waitingSentence(n));
  if (v?.notice) return capital(clean(v.notice));
  if (said) return said;
  const b = v?.confirmed;
  if (b?.kind === '2048' && b.won && !b.over) return playOnSentence(b.target);
  return null;
}

/** How a ranked game ended: its last board as the server had it (when known) and its result. */
export interface Ended {
  readonly kind: RankedKind;
  readonly board: RankedBoard | null;
  readonly result: RankedResult | null;
}

/** How the game ended, in a few words: "Game over", "You made 2,048!", "Solved!", "Resigned". */
export function endHeading(e: Ended): string {
  const b = e.board;
  if (e.result?.reason === 'resigned') return 'Resigned';
  if (e.result?.reason === 'left') return 'Ended: left too long';
  if (e.kind === 'puzzle') return b?.won ? 'Solved!' : 'Over';
  return b?.won ? `You made ${formatNumber(b.target ?? 2048)}!` : 'Game over';
}

/** The figures the server ranked: "Score 1,234 · 56 moves" or "Solved in 30 moves · 12.345". */
export function endFigures(e: Ended): string {
  const b = e.board;
  const x = e.result?.entry;
  if (e.kind === '2048') {
    const score = x?.score ?? b?.score ?? 0;
    return `Score ${formatNumber(score)} · ${movesText(x?.moves ?? b?.moves ?? 0)}`;
  }
  const moves = x?.moves ?? b?.score ?? 0;
  const said = `${movesText(moves)} · ${formatSolveTime(x?.timeMs ?? b?.elapsedMs ?? 0)}`;
  return b?.won || (x && !b) ? `Solved in ${said}` : said;
}

/** A game's figures as the server counted them: "12,345 points" or "87 moves in 1:02.350". */
export function figures(kind: RankedKind, b: { score: number; elapsedMs: number }): string {
  return kind === '2048'
    ? `${formatNumber(b.score)} points`
    : `${movesText(b.score)} in ${formatSolveTime(b.elapsedMs)}`;
}

/** Why a game ended other than by play, as said after its figures (empty: by play). */
export const END_REASONS: Readonly<Record<RankedResult['reason'], string>> = {
  play: '',
  resigned: 'resigned',
  left: 'left longer than the server keeps a game',
};

/** A game the server ranked nowhere: "Not ranked: an unsolved puzzle is not ranked". */
export function notRanked(why: string | null, clean: (s: string) => string = (s) => s): string {
  return why ? `Not ranked: ${clean(why).replace(/\.$/, '')}` : 'Not ranked';
}

/** The day `n` days after a day (YYYY-MM-DD). */
export function dayAfter(day: string, n = 1): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * When a ranked daily's withheld replay opens, in a sentence: at the end of its day (the UTC
 * midnight after it), or, the day over, once the attempts of it still played have ended.
 */
export function replayOpens(day: string, today: string): string {
  return today > day
    ? "Its replay opens once the day's last attempts (started before midnight) have ended; then it is on the day's ranked board."
    : `Its replay opens when the day is over, at 00:00 UTC on ${dayAfter(day)}: the day's tiles stay secret until then.`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day of an ended ranked daily whose code the server withholds (its replay not open yet),
 * or null: the code given, or not a daily.
 */
export function withheldDay(e: Ended): string | null {
  const r = e.result;
  if (!r || (typeof r.code === 'string' && r.code !== '')) return null;
  const at = r.codeAt;
  // codeAt is the instant the day ends (the midnight after it).
  const day =
    e.board?.day ?? r.entry?.day ?? (typeof at === 'string' ? dayAfter(at.slice(0, 10), -1) : null);
  return day && DAY.test(day) ? day : null;
}
