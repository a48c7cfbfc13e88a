/**
 * What only the web app's ranked screens say (the sentences of ranked play are
 * front/online/rankedWords.ts, the terminal's and line mode's too): the line under the title,
 * the board a ranked entry is on in the leaderboards' words, and the end dialog's lines. Pure.
 */
import { formatNumber } from '../../front/format.ts';
import {
  END_REASONS,
  endHeading,
  figures,
  movesText,
  notRanked,
  replayOpens,
} from '../../front/online/rankedWords.ts';
import type { SubmittedEntry } from '../../net/api.ts';
import { asSentence } from '../../net/linkWords.ts';
import type { RankedBoard, RankedResult } from '../../net/ranked.ts';
import { boardLabel, rankText } from '../leaderboards/words.ts';

/** The line under the title: what ranked play is. */
export function rankedGoal(b: RankedBoard): string {
  if (b.kind === 'puzzle') {
    return `Ranked: the server dealt this scramble and times the solve on its own clock (${b.size}×${b.size}).`;
  }
  const day = b.day ? ` Daily of ${b.day}: your first attempt counts.` : '';
  return `Ranked: the server deals each tile. Reach ${formatNumber(b.target ?? 2048)} and play on until no move is left.${day}`;
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
  const title = endHeading({ kind: b.kind, board: b, result: r });
  const time = r.entry?.timeMs ?? b.elapsedMs;
  // 2048: the points; the puzzle: the moves (a puzzle board's score is its moves).
  const score = (b.kind === '2048' ? r.entry?.score : r.entry?.moves) ?? b.score;
  const said =
    b.kind === '2048'
      ? `You scored ${figures('2048', { score, elapsedMs: time })}.`
      : solved
        ? `${figures('puzzle', { score, elapsedMs: time })} on the server's clock.`
        : `Not solved: ${movesText(b.score)}.`;
  const lines = [said];
  if (r.reason === 'left') lines.push(`It was ${END_REASONS.left}: it counts as it stood.`);
  if (r.entry && r.entry.rank !== null) {
    lines.push(`${rankText(r.entry.rank)} on ${rankedBoardLabel(r.entry, b.target, today)}.`);
  } else if (r.entry) {
    lines.push(`On ${rankedBoardLabel(r.entry, b.target, today)}, below your best there.`);
  } else {
    lines.push(asSentence(notRanked(r.why)));
  }
  if (r.code === null && b.day !== null) lines.push(replayOpens(b.day, today));
  return { title, lines };
}
