/**
 * A ranked game in words, for the terminal: its title, the board as plain text, why keys do
 * nothing now (connecting, reconnecting, closed), and how it ended — the figures the server
 * ranked (a puzzle's time is the server's), the rank on its board, and the share code or when
 * a ranked daily's replay opens. What comes from the server is shown safe. Pure: tested as
 * strings.
 */

import { formatNumber, formatTime } from '../front/format.ts';
import { type ModelRanked, rankedOver, rankedPicture } from '../front/online/modelRanked.ts';
import {
  END_REASONS,
  type Ended,
  endFigures,
  endHeading,
  holdSentence,
  noticeLine,
  notRanked,
  puzzleName,
  RANKED_CLOSED,
  type RankedWhat,
  rankedTitle as rankedTitleOf,
  replayOpens,
  withheldDay,
} from '../front/online/rankedWords.ts';
import { RANKED_CLOSED_SENTENCES } from '../net/rankedClient.ts';
import { boardTitle, rankSentence, safeText } from './boardText.ts';
import { boardText } from './plain2048.ts';
import { wrapLines } from './plainIo.ts';
import { puzzleText } from './plainPuzzle.ts';

export type { Ended, RankedWhat };

/** "Ranked 2048 · 4×4 · target 2048", "Ranked daily 15-puzzle · 2026-11-27". */
export function rankedTitle(w: RankedWhat): string {
  return rankedTitleOf(w, (day) => safeText(day, 10));
}

/** What a model is of: the server's board once it came, else what was asked. */
export function rankedWhat(m: ModelRanked, asked: RankedWhat): RankedWhat {
  const b = m.synced ? m.view?.confirmed : null;
  return b ? { kind: b.kind, size: b.size, target: b.target, day: b.day } : asked;
}

/** The server's clock as far as the client can tell: its last stamp, plus the time since. */
export function rankedElapsedMs(m: ModelRanked, now: number): number {
  return rankedPicture(m, now)?.elapsedMs ?? 0;
}

/**
 * The figures line as local play writes it, with the figures the server confirmed (a move not
 * answered yet adds nothing): full screen "Score 1,234   Moves 56" or "Moves 12   Time 0:07
 * (server clock)"; line mode "Score: 1,234  Moves: 56" or "8-puzzle  Moves: 12  Time: 0:07".
 * Empty before the server's board.
 */
export function rankedFigures(m: ModelRanked, now: number, plain = false): string {
  const p = rankedPicture(m, now);
  if (!p) return '';
  const moves = formatNumber(p.moves);
  if (p.points !== null) {
    const score = formatNumber(p.points);
    return plain ? `Score: ${score}  Moves: ${moves}` : `Score ${score}   Moves ${moves}`;
  }
  const time = formatTime(p.elapsedMs);
  return plain
    ? `${puzzleName(p.board.size)}  Moves: ${moves}  Time: ${time}`
    : `Moves ${moves}   Time ${time} (server clock)`;
}

/** The board as plain text, under its figures line (ends with a newline; empty before the server's board). */
export function rankedBoardText(m: ModelRanked, now: number): string {
  const p = rankedPicture(m, now);
  if (!p) return '';
  const lines = [rankedFigures(m, now, true)];
  if (p.game) lines.push(boardText(p.game.cells));
  else if (p.puzzle) lines.push(puzzleText(p.puzzle));
  return `${lines.join('\n')}\n`;
}

/** Why a connection closed for good, in the client's words (unreachable: without the address and the time). */
function closedWhy(m: ModelRanked): string {
  const closed = m.view?.closed;
  const why = closed && closed !== 'left' ? RANKED_CLOSED_SENTENCES[closed] : undefined;
  return why ?? safeText(m.view?.notice ?? RANKED_CLOSED, 66);
}

/**
 * While your keys cannot reach the game (connecting, reconnecting, closed): why, and the keys
 * that work then; null while they can. `m.refused`: a key was pressed meanwhile, nothing sent.
 */
export function rankedHold(m: ModelRanked): string | null {
  const status = m.view?.status ?? 'connecting';
  const said = holdSentence(status, m.refused, status === 'closed' ? closedWhy(m) : null, true);
  return status === 'closed' ? `${said} · q: leave` : said;
}

/** The notice line of the full screen (80 columns): why keys do nothing, else the server's refusal, else the model's. */
export function rankedNotice(m: ModelRanked): string | null {
  const closed = m.view?.status === 'closed';
  const line = noticeLine(m.view, {
    refused: m.refused,
    resigning: m.resigning,
    said: m.notice === null ? null : safeText(m.notice, 76),
    why: closed ? closedWhy(m) : null,
    narrow: true,
    clean: (text) => safeText(text, 76),
  });
  return closed && line !== null && !m.view?.result ? `${line} · q: leave` : line;
}

/** What a model says of the game's end. */
export function endedOf(m: ModelRanked): Ended {
  const b = m.synced && m.view ? m.view.confirmed : null;
  return { kind: m.kind, board: b, result: m.view?.result ?? null };
}

export { endFigures, endHeading, replayOpens };

/** Where the game ranks: "You are #3 on the 4×4 2048 board (to 2048), ranked." or why it does not. */
export function rankLine(e: Ended, asked: RankedWhat, today: string): string {
  const r = e.result;
  if (!r) return '';
  const x = r.entry;
  if (!x) return `${notRanked(r.why ?? 'the server ranked it nowhere', (w) => safeText(w, 100))}.`;
  const title = boardTitle(x.board, {
    size: x.size,
    target: e.board?.target ?? asked.target ?? undefined,
    day: x.day,
    today,
  });
  const ranked = title.replace(/^the /, 'the ranked ').replace(/^today's /, "today's ranked ");
  return rankSentence(x.rank, ranked);
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
  const day = withheldDay(e);
  return day ? replayOpens(day, today) : '';
}

/** The lines said when a ranked game has ended (plain mode and after the full screen). */
export function resultLines(e: Ended, asked: RankedWhat, today: string): string[] {
  const why = e.result ? END_REASONS[e.result.reason] : '';
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
