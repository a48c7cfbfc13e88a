/**
 * A ranked game in words, for the terminal: its title, the board as plain text, why keys do
 * nothing now (connecting, reconnecting, closed), and how it ended — the figures the server
 * ranked (a puzzle's time is the server's), the rank on its board, and the share code or when
 * a ranked daily's replay opens. What comes from the server is shown safe. Pure: tested as
 * strings.
 */

import { formatNumber, formatSolveTime, formatTime } from '../front/format.ts';
import { puzzleName } from '../front/modelPuzzle.ts';
import { type ModelRanked, rankedOver } from '../front/online/controllerRanked.ts';
import {
  capital,
  DROPPED_SENTENCE,
  KEYS_WAIT_SENTENCE,
  NOT_ANSWERING_SENTENCE,
  NOT_SENT_DROPPED,
  NOT_SENT_NOT_ANSWERING,
  waitingCount,
  waitingSentence,
} from '../net/linkWords.ts';
import type { RankedBoard, RankedKind, RankedResult } from '../net/ranked.ts';
import { RANKED_CLOSED_SENTENCES } from '../net/rankedClient.ts';
import { boardTitle, rankSentence, safeText } from './boardText.ts';
import { boardText } from './plain2048.ts';
import { wrapLines } from './plainIo.ts';
import { puzzleText } from './plainPuzzle.ts';

/** Which ranked game: what the command asked for, or what the server dealt. */
export interface RankedWhat {
  readonly kind: RankedKind;
  readonly size: number;
  readonly target: number | null;
  /** A ranked daily's day, or null. */
  readonly day: string | null;
}

/** "Ranked 2048 · 4×4 · to 2048", "Ranked daily 15-puzzle · 2026-11-27". */
export function rankedTitle(w: RankedWhat): string {
  if (w.day !== null) {
    return `Ranked daily ${w.kind === '2048' ? '2048' : '15-puzzle'} · ${safeText(w.day, 10)}`;
  }
  return w.kind === '2048'
    ? `Ranked 2048 · ${w.size}×${w.size} · target ${w.target ?? 2048}`
    : `Ranked ${puzzleName(w.size)} · ${w.size}×${w.size}`;
}

/** What a model is of: the server's board once it came, else what was asked. */
export function rankedWhat(m: ModelRanked, asked: RankedWhat): RankedWhat {
  const b = m.synced ? m.view?.confirmed : null;
  return b ? { kind: b.kind, size: b.size, target: b.target, day: b.day } : asked;
}

/** The server's clock as far as the client can tell: its last stamp, plus the time since. */
export function rankedElapsedMs(m: ModelRanked, now: number): number {
  const v = m.view;
  if (!v) return 0;
  if (rankedOver(m)) return v.confirmed.elapsedMs;
  return v.clock.ms + Math.max(0, now - v.clock.at);
}

/** The server's board once it has been seen on this run, else null. */
function confirmed(m: ModelRanked): RankedBoard | null {
  return m.synced && m.view ? m.view.confirmed : null;
}

/**
 * The figures line as local play writes it: full screen "Score 1,234   Moves 56" or "Moves 12
 * Time 0:07 (server clock)"; line mode "Score: 1,234  Moves: 56" or "8-puzzle  Moves: 12  Time:
 * 0:07". Empty before the server's board.
 */
export function rankedFigures(m: ModelRanked, now: number, plain = false): string {
  const b = m.synced ? m.view?.board : null;
  if (!b) return '';
  // A puzzle's moves are its score (the server's move count counts its messages).
  const moves = formatNumber(m.kind === '2048' ? b.moves : b.score);
  if (m.kind === '2048') {
    const score = formatNumber(b.score);
    return plain ? `Score: ${score}  Moves: ${moves}` : `Score ${score}   Moves ${moves}`;
  }
  const time = formatTime(rankedElapsedMs(m, now));
  return plain
    ? `${puzzleName(b.size)}  Moves: ${moves}  Time: ${time}`
    : `Moves ${moves}   Time ${time} (server clock)`;
}

/** The board as plain text, under its figures line (ends with a newline; empty before the server's board). */
export function rankedBoardText(m: ModelRanked, now: number): string {
  const v = m.view;
  if (!v || !m.synced) return '';
  const lines = [rankedFigures(m, now, true)];
  if (v.game) lines.push(boardText(v.game.cells));
  else if (v.puzzle) lines.push(puzzleText(v.puzzle));
  return `${lines.join('\n')}\n`;
}

/**
 * While your keys cannot reach the game (connecting, reconnecting, closed): why, and the keys
 * that work then; null while they can. `m.refused`: a key was pressed meanwhile, nothing sent.
 */
export function rankedHold(m: ModelRanked): string | null {
  const status = m.view?.status ?? 'connecting';
  switch (status) {
    case 'open':
      return null;
    case 'connecting':
      return m.refused ? 'Not sent: still connecting to the server' : 'Connecting to the server…';
    case 'not-answering':
      return capital(m.refused ? NOT_SENT_NOT_ANSWERING : NOT_ANSWERING_SENTENCE);
    case 'reconnecting':
      return m.refused
        ? `${capital(NOT_SENT_DROPPED)} · reconnecting…`
        : `${capital(DROPPED_SENTENCE)} ${KEYS_WAIT_SENTENCE}`;
    case 'closed': {
      // Why, in the client's words (unreachable: without the address and the time).
      const closed = m.view?.closed;
      const why = closed && closed !== 'left' ? RANKED_CLOSED_SENTENCES[closed] : undefined;
      const said = why ?? safeText(m.view?.notice ?? 'the connection to the server closed', 66);
      return `${capital(said)} · q: leave`;
    }
  }
}

/** The notice line of the full screen: why keys do nothing, else the server's refusal, else the model's. */
export function rankedNotice(m: ModelRanked): string | null {
  const hold = rankedHold(m);
  const n = m.view?.waiting ?? 0;
  if (hold !== null) {
    // A narrow line (80 columns): the count alone after the sentence.
    return m.view?.status === 'not-answering' && n > 0 ? `${hold} ${waitingCount(n)}` : hold;
  }
  if (m.resigning) return 'Resigning…';
  if (n > 0) return capital(waitingSentence(n));
  const said = m.view?.notice ?? m.notice;
  if (said) return capital(safeText(said, 76));
  const b = m.synced ? m.view?.confirmed : null;
  // Ranked 2048 goes on past the target: the score counts until no move is left.
  if (b?.kind === '2048' && b.won && !rankedOver(m)) {
    return `You made ${b.target ?? 2048}! Play on: the score counts until no move is left`;
  }
  return null;
}

const REASONS: Readonly<Record<RankedResult['reason'], string>> = {
  play: '',
  resigned: 'resigned',
  left: 'left longer than the server keeps a game',
};

/** How a ranked game ended: its last board as the server had it (when known) and its result. */
export interface Ended {
  readonly kind: RankedKind;
  readonly board: RankedBoard | null;
  readonly result: RankedResult | null;
}

/** What a model says of the game's end. */
export function endedOf(m: ModelRanked): Ended {
  return { kind: m.kind, board: confirmed(m), result: m.view?.result ?? null };
}

/** How the game ended, in a few words: "Game over", "You made 2048!", "Solved!", "Resigned". */
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
    const moves = x?.moves ?? b?.moves ?? 0;
    return `Score ${formatNumber(score)} · ${formatNumber(moves)} move${moves === 1 ? '' : 's'}`;
  }
  const moves = x?.moves ?? b?.score ?? 0;
  const ms = x?.timeMs ?? b?.elapsedMs ?? 0;
  const said = `${formatNumber(moves)} move${moves === 1 ? '' : 's'} · ${formatSolveTime(ms)}`;
  return b?.won || (x && !b) ? `Solved in ${said}` : said;
}

/** Where the game ranks: "You are #3 on the 4×4 2048 board (to 2048), ranked." or why it does not. */
export function rankLine(e: Ended, asked: RankedWhat, today: string): string {
  const r = e.result;
  if (!r) return '';
  const x = r.entry;
  if (!x) {
    return `Not ranked: ${safeText(r.why ?? 'the server ranked it nowhere', 100).replace(/\.$/, '')}.`;
  }
  const title = boardTitle(x.board, {
    size: x.size,
    target: e.board?.target ?? asked.target ?? undefined,
    day: x.day,
    today,
  });
  const ranked = title.replace(/^the /, 'the ranked ').replace(/^today's /, "today's ranked ");
  return rankSentence(x.rank, ranked);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day `n` days after a day (YYYY-MM-DD). */
function dayAfter(day: string, n = 1): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * When a ranked daily's withheld replay opens, in a sentence: at the end of its day (the UTC
 * midnight after it), or, the day over, once the attempts of it still played have ended.
 */
export function replayOpens(day: string, today: string): string {
  return today > day
    ? "Its replay opens once the day's last attempts (started before midnight) have ended: then it is on the day's ranked board."
    : `Its replay opens when the day is over (00:00 UTC, ${dayAfter(day)}): the day's tiles stay secret until then.`;
}

/**
 * The share code line, or why there is none yet (the server withholds a ranked daily's code
 * until its day is over).
 */
export function codeLine(e: Ended, today: string): string {
  const code = e.result?.code;
  if (typeof code === 'string' && code !== '') {
    return `Share it: slidebox replay ${safeText(code, 4000)}`;
  }
  const at = e.result?.codeAt;
  // codeAt is the instant the day ends (the midnight after it).
  const day =
    e.board?.day ??
    e.result?.entry?.day ??
    (typeof at === 'string' ? dayAfter(at.slice(0, 10), -1) : null);
  return day && DAY.test(day) ? replayOpens(day, today) : '';
}

/** The lines said when a ranked game has ended (plain mode and after the full screen). */
export function resultLines(e: Ended, asked: RankedWhat, today: string): string[] {
  const why = e.result ? REASONS[e.result.reason] : '';
  const head =
    e.kind === '2048'
      ? `Final score: ${endFigures(e).replace(/^Score /, '')}`
      : `${endFigures(e)} by the server's clock`;
  return [`${head}${why ? ` (${why})` : ''}`, rankLine(e, asked, today), codeLine(e, today)].filter(
    (l) => l !== '',
  );
}

/** The box over the board once the game is over (fits 80 columns). */
export function endBox(e: Ended, asked: RankedWhat, today: string): string[] {
  return [
    endHeading(e),
    endFigures(e),
    // A long reason is wrapped: the box stays inside 80 columns.
    ...(e.result
      ? wrapLines(rankLine(e, asked, today).replace(/^You are /, ''), 60).split('\n')
      : ['Waiting for the rank…']),
    // A ranked daily's code is withheld until its day is over: when its replay opens.
    ...(e.result && e.result.code === null && codeLine(e, today) !== ''
      ? ['', ...wrapLines(codeLine(e, today), 60).split('\n')]
      : []),
    '',
    'q: leave',
  ];
}

const KEYS = [
  '←↑↓→ move  x resign  ? help  q leave (resume later)',
  '←↑↓→ move · x resign · ? help · q leave',
  '? help  q leave',
];
const PUZZLE_KEYS = [
  '←↑↓→/click slide  x resign  ? help  q leave (resume later)',
  '←↑↓→ slide · x resign · ? help · q leave',
  '? help  q leave',
];

function helpBox(m: ModelRanked): string[] {
  const what =
    m.kind === '2048'
      ? ['The server deals every tile and', 'ranks the game on its boards.']
      : ['The server dealt the scramble, and', 'its clock times the solve.'];
  return [
    'Ranked play',
    '',
    ...what,
    'No undo, hint, AI or solver.',
    '',
    m.kind === '2048' ? '←↑↓→ WASD hjkl  move' : '←↑↓→ WASD hjkl or click  slide',
    'x   resign: it ranks as it stands',
    'q   leave: the same command resumes it',
    '',
    'q: leave · any other key: back',
  ];
}

/** Every word around the board of the full screen, and its box. */
export function rankedScreenText(
  m: ModelRanked,
  asked: RankedWhat,
  today: string,
  now: number,
): {
  title: string;
  stats: string;
  keys: readonly string[];
  notice: string | null;
  box: string[] | null;
} {
  const over = rankedOver(m);
  let box: string[] | null = null;
  if (m.overlay === 'help') box = helpBox(m);
  else if (m.overlay === 'confirm-resign') {
    box = [
      'Resign this ranked game?',
      'It ranks as it stands.',
      '',
      'y: resign   other keys: back',
    ];
  } else if (over) box = endBox(endedOf(m), asked, today);
  return {
    title: rankedTitle(rankedWhat(m, asked)),
    stats: rankedFigures(m, now),
    keys: over ? ['q leave'] : m.kind === '2048' ? KEYS : PUZZLE_KEYS,
    notice: rankedNotice(m),
    box,
  };
}
