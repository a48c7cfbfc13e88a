import { describe, expect, it } from 'vitest';
import { boardQuery, sourceNotes } from './leaderboard.ts';

const DAY = '2026-11-24';

describe('slidebox leaderboard: the board asked for', () => {
  const good: [string, string[], Record<string, string | boolean>, unknown][] = [
    [
      'today’s daily 2048 by default',
      [],
      {},
      { board: 'daily-2048', day: DAY, limit: 10, source: 'ranked' },
    ],
    [
      'daily is the daily 2048',
      ['daily'],
      {},
      { board: 'daily-2048', day: DAY, limit: 10, source: 'ranked' },
    ],
    [
      'another day',
      ['daily-puzzle'],
      { day: '2026-02-28' },
      { board: 'daily-puzzle', day: '2026-02-28', limit: 10, source: 'ranked' },
    ],
    [
      'the all-time 2048 board',
      ['2048'],
      { size: '5', target: '4096' },
      { board: '2048', size: 5, target: 4096, limit: 10, source: 'ranked' },
    ],
    [
      'the self-reported puzzle board, 20 lines, assisted too',
      ['puzzle'],
      { size: '3', limit: '20', assisted: true, 'self-reported': true },
      { board: 'puzzle', size: 3, limit: 20, source: 'self-reported', assisted: true },
    ],
  ];
  it.each(good)('%s', (_, positionals, values, expected) => {
    expect(boardQuery(positionals, values, DAY)).toEqual({ ok: true, value: expected });
  });

  const bad: [string[], Record<string, string | boolean>, string][] = [
    [['chess'], {}, 'unknown board "chess" (try: daily, daily-puzzle, 2048, puzzle)'],
    [
      ['2048', 'puzzle'],
      {},
      'unknown board "2048 puzzle" (try: daily, daily-puzzle, 2048, puzzle)',
    ],
    [
      ['daily'],
      { size: '5' },
      '--size is for the 2048 and puzzle boards (the daily ones are 4×4) only',
    ],
    [['puzzle'], { target: '512' }, '--target is for the 2048 board only'],
    [['2048'], { day: DAY }, '--day is for the daily boards only'],
    [['daily'], { day: '2026-02-30' }, '--day needs a day as YYYY-MM-DD, got "2026-02-30"'],
    [['daily'], { limit: '0' }, '--limit needs a whole number from 1 to 100, got "0"'],
    [['daily'], { limit: '101' }, '--limit needs a whole number from 1 to 100, got "101"'],
    [['2048'], { size: '9' }, '--size needs a whole number from 3 to 8, got "9"'],
    [['2048'], { target: '1000' }, '--target needs a power of two from 8, got "1000"'],
    [['2048'], { target: '4' }, '--target needs a power of two from 8, got "4"'],
    [
      ['2048'],
      { assisted: true },
      '--assisted goes with --self-reported: ranked boards hold no assisted games (no AI, hint or solver in ranked play)',
    ],
  ];
  it.each(bad)('%j %j is refused', (positionals, values, message) => {
    const r = boardQuery(positionals, values, DAY);
    expect(!r.ok && r.error.message).toBe(message);
  });
});

describe('what a board says under it', () => {
  it('self-reported boards say what their games prove; today’s ranked daily, why no replay', () => {
    expect(sourceNotes('self-reported', true, [])[0]).toMatch(/^Self-reported: share codes/);
    expect(sourceNotes('ranked', true, [{ code: null }])).toEqual([
      "Today's ranked games show no replay until the day ends (UTC): it would show the",
      "day's tiles.",
    ]);
    expect(sourceNotes('ranked', false, [{ code: 'sb.x' }])).toEqual([]);
    expect(sourceNotes('ranked', true, [{ code: 'sb.x' }])).toEqual([]);
  });
});
