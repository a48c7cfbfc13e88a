/**
 * What the web app says about the leaderboards: a board's name, a submitted game's rank, a
 * player's line, and every failure of the server as a sentence that says what was kept. Pure.
 */
import { formatNumber } from '../../front/format.ts';
import type { BoardName, NetProblem, SubmittedEntry } from '../../net/api.ts';

/** The UTC day of a clock reading ("2026-11-26"), as the server names the daily boards. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The day `n` days after `day` (before, for a negative `n`). */
export function addDays(day: string, n: number): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000);
}

const puzzleName = (size: number) => `${size * size - 1}-puzzle`;

/** What a board is, for a sentence: "today's daily 2048", "the 4×4 2048 board (to 2,048)". */
export function boardLabel(
  board: BoardName,
  o: { size?: number; target?: number; day?: string | null; today: string },
): string {
  if (board === 'daily-2048' || board === 'daily-puzzle') {
    const game = board === 'daily-2048' ? '2048' : puzzleName(4);
    return !o.day || o.day === o.today ? `today's daily ${game}` : `the daily ${game} of ${o.day}`;
  }
  const size = o.size ?? 4;
  if (board === 'puzzle') return `the ${puzzleName(size)} board`;
  const to = o.target === undefined ? '' : ` (to ${formatNumber(o.target)})`;
  return `the ${size}×${size} 2048 board${to}`;
}

/** A rank as shown: "#3". */
export const rankText = (rank: number) => `#${formatNumber(rank)}`;

/**
 * The sentence after a submission: "#3 on today's daily 2048." `created` false: the server had
 * this game already. `target`: the 2048 game's target, named for an all-time board.
 */
export function rankSentence(
  e: SubmittedEntry,
  created: boolean,
  today: string,
  target?: number,
): string {
  const label = boardLabel(e.board, {
    size: e.size,
    day: e.day,
    today,
    ...(target === undefined ? {} : { target }),
  });
  const before = created
    ? ''
    : e.outcome === 'not-better'
      ? 'Not kept, your game there is as good or better: '
      : 'Already submitted: ';
  // A game played in the browser goes on the self-reported boards, never the ranked ones.
  const where = e.ranked === false ? `${label} (self-reported)` : label;
  if (e.rank === null) return `${before}Submitted to ${where}.`;
  const among = e.assisted ? ', among the games played with help' : '';
  return `${before}${rankText(e.rank)} on ${where}${among}.`;
}

/** What the failing request was for: what the sentence says was kept. */
export type Doing = 'submit' | 'board' | 'rename';

const KEPT: Record<Doing, string> = {
  submit: ' Your game is kept in this browser: submit it again later.',
  board: '',
  rename: ' Your name was not changed.',
};

const REFUSED: Record<Doing, string> = {
  submit: 'this game',
  board: 'the request',
  rename: 'the name',
};

/** A failure of the server as a sentence: what went wrong, what was kept, what to do. */
export function netSentence(p: NetProblem, doing: Doing): string {
  const kept = KEPT[doing];
  switch (p.code) {
    case 'unreachable':
      return `The leaderboard server could not be reached (it may be down, or this device offline).${kept}`;
    case 'timeout':
      return `The leaderboard server did not answer in time.${kept}`;
    case 'rate-limited': {
      const why = p.message.replace(/^the server asks to slow down: /, '');
      return `The leaderboard server is busy (${why}).${kept}`;
    }
    case 'refused': {
      const keptToo = doing === 'submit' ? ' Your game is kept in this browser.' : kept;
      return `The leaderboard server refused ${REFUSED[doing]}: ${p.message}.${keptToo}`;
    }
    case 'server-error': {
      const why = p.message.replace(/^the server failed \((.*)\)$/, '$1');
      return `The leaderboard server failed to answer (${why}): try again later.${kept}`;
    }
    default:
      return `The leaderboard server's answer could not be read (${p.message}).${kept}`;
  }
}
