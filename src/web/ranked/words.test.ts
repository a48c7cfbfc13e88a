import { describe, expect, it } from 'vitest';
import type { SubmittedEntry } from '../../net/api.ts';
import type { RankedResult } from '../../net/ranked.ts';
import { ranked2048, rankedEntry, rankedPuzzle } from '../../testing/rankedBoards.ts';
import { endText, rankedBoardLabel, rankedGoal } from './words.ts';

const TODAY = '2026-11-27';

const board2048 = ranked2048(
  [
    [2, 4, 8, 16],
    [4, 8, 16, 2],
    [8, 16, 2, 4],
    [16, 2, 4, 8],
  ],
  { score: 12_345, moves: 700, elapsedMs: 300_000, over: true },
);

const boardPuzzle = rankedPuzzle([1, 2, 3, 4, 5, 6, 7, 8, 0], {
  score: 24,
  moves: 20,
  elapsedMs: 7042,
  over: true,
  won: true,
});

const entry = (over: Partial<SubmittedEntry>): SubmittedEntry =>
  rankedEntry({ score: 12_345, moves: 700, maxTile: 1024, name: 'Ada', ...over });

const result = (over: Partial<RankedResult>): RankedResult => ({
  code: 'CODE',
  entry: entry({}),
  why: null,
  reason: 'play',
  ...over,
});

describe('ranked words', () => {
  it('says what ranked play is under the title', () => {
    expect(rankedGoal(board2048)).toBe(
      'Ranked: the server deals each tile. Reach 2,048 and play on until no move is left.',
    );
    expect(rankedGoal({ ...board2048, target: 256, day: TODAY })).toBe(
      `Ranked: the server deals each tile. Reach 256 and play on until no move is left. Daily of ${TODAY}: your first attempt counts.`,
    );
    expect(rankedGoal(boardPuzzle)).toMatch(/times the solve on its own clock \(3×3\)\.$/);
  });

  it('names the ranked boards', () => {
    expect(rankedBoardLabel(entry({}), 2048, TODAY)).toBe('the ranked 4×4 2048 board (to 2,048)');
    expect(rankedBoardLabel(entry({ board: 'daily-2048', day: TODAY }), null, TODAY)).toBe(
      "today's ranked daily 2048",
    );
    expect(
      rankedBoardLabel(
        entry({ board: 'daily-puzzle', kind: 'puzzle', day: '2026-11-26' }),
        null,
        TODAY,
      ),
    ).toBe('the ranked daily 15-puzzle of 2026-11-26');
    expect(rankedBoardLabel(entry({ board: 'puzzle', kind: 'puzzle', size: 5 }), null, TODAY)).toBe(
      'the ranked 24-puzzle board',
    );
  });

  it('ends a 2048 game: the score, the rank and board', () => {
    expect(endText(board2048, result({}), TODAY)).toEqual({
      title: 'Game over',
      lines: ['You scored 12,345 points.', '#3 on the ranked 4×4 2048 board (to 2,048).'],
    });
    const won = endText({ ...board2048, won: true }, result({}), TODAY);
    expect(won).toEqual({
      title: 'You made 2,048!',
      lines: ['You scored 12,345 points.', '#3 on the ranked 4×4 2048 board (to 2,048).'],
    });
    const below = endText(board2048, result({ entry: entry({ rank: null }) }), TODAY);
    expect(below.lines[1]).toBe('On the ranked 4×4 2048 board (to 2,048), below your best there.');
  });

  it('ends a ranked daily: its replay opens when the day is over (its code withheld till then)', () => {
    const daily = { ...board2048, day: TODAY };
    const r = result({
      code: null,
      codeAt: '2026-11-28T00:00:00.000Z',
      entry: entry({ day: TODAY }),
    });
    expect(endText(daily, r, TODAY).lines.at(-1)).toBe(
      "Its replay opens when the day is over, at 00:00 UTC on 2026-11-28: the day's tiles stay secret until then.",
    );
    expect(endText(daily, r, '2026-11-28').lines.at(-1)).toMatch(
      /once the day's last attempts .* have ended/,
    );
    // The code given (the day over): nothing more to say.
    expect(
      endText(daily, result({ entry: entry({ day: TODAY }) }), '2026-11-28').lines,
    ).toHaveLength(2);
  });

  it('ends a puzzle: the moves and the server’s time, the rank', () => {
    const e = entry({ board: 'puzzle', kind: 'puzzle', size: 3, moves: 24, timeMs: 7042, rank: 1 });
    expect(endText(boardPuzzle, result({ entry: e }), TODAY)).toEqual({
      title: 'Solved!',
      lines: ["24 moves in 7.042 on the server's clock.", '#1 on the ranked 8-puzzle board.'],
    });
  });

  it('ends a game resigned, or left, and one that ranks nowhere', () => {
    const unsolved = { ...boardPuzzle, won: false, tiles: [1, 2, 3, 4, 5, 6, 7, 0, 8] };
    const r = result({ entry: null, why: 'an unsolved puzzle is not ranked', reason: 'resigned' });
    expect(endText(unsolved, r, TODAY)).toEqual({
      title: 'Resigned',
      lines: ['Not solved: 24 moves.', 'Not ranked: an unsolved puzzle is not ranked.'],
    });
    const left = endText(board2048, result({ reason: 'left', entry: null, why: null }), TODAY);
    expect(left.title).toBe('Ended: left too long');
    expect(left.lines).toEqual([
      'You scored 12,345 points.',
      'It was left longer than the server keeps a game: it counts as it stood.',
      'Not ranked.',
    ]);
  });
});
