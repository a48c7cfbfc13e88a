import { describe, expect, it } from 'vitest';
import type { NetProblem, SubmittedEntry } from '../../net/api.ts';
import { addDays, boardLabel, dayOf, netSentence, rankSentence } from './words.ts';

const TODAY = '2026-11-26';

function entry(over: Partial<SubmittedEntry>): SubmittedEntry {
  return {
    id: 1,
    board: '2048',
    kind: '2048',
    size: 4,
    score: 1000,
    moves: 100,
    timeMs: null,
    maxTile: 128,
    assisted: false,
    day: null,
    rank: 3,
    name: 'Ada',
    ...over,
  } as SubmittedEntry;
}

describe('days', () => {
  it.each([
    ['the day of a clock reading, UTC', dayOf(Date.UTC(2026, 10, 26, 23, 59)), TODAY],
    ['the day before, across a month', addDays('2026-12-01', -1), '2026-11-30'],
    ['the day after, across a year', addDays('2026-12-31', 1), '2027-01-01'],
    ['a leap day', addDays('2028-02-28', 1), '2028-02-29'],
  ])('%s', (_name, got, want) => {
    expect(got).toBe(want);
  });
});

describe('boardLabel', () => {
  it.each([
    [
      'daily 2048 today',
      boardLabel('daily-2048', { day: TODAY, today: TODAY }),
      "today's daily 2048",
    ],
    [
      'daily puzzle, no day',
      boardLabel('daily-puzzle', { today: TODAY }),
      "today's daily 15-puzzle",
    ],
    [
      'daily 2048 of yesterday (the grace hour)',
      boardLabel('daily-2048', { day: '2026-11-25', today: TODAY }),
      'the daily 2048 of 2026-11-25',
    ],
    [
      '2048 with its target',
      boardLabel('2048', { size: 5, target: 4096, today: TODAY }),
      'the 5×5 2048 board (to 4,096)',
    ],
    ['2048 without a target', boardLabel('2048', { size: 3, today: TODAY }), 'the 3×3 2048 board'],
    ['a puzzle size', boardLabel('puzzle', { size: 3, today: TODAY }), 'the 8-puzzle board'],
  ])('%s', (_name, got, want) => {
    expect(got).toBe(want);
  });
});

describe('rankSentence', () => {
  it.each([
    [
      "today's daily",
      rankSentence(entry({ board: 'daily-2048', day: TODAY }), true, TODAY),
      "#3 on today's daily 2048.",
    ],
    [
      'a game the server had already',
      rankSentence(entry({ board: 'daily-puzzle', kind: 'puzzle', day: TODAY }), false, TODAY),
      "Already submitted: #3 on today's daily 15-puzzle.",
    ],
    [
      'a game checked but not kept: the player has as good a game there',
      rankSentence(entry({ board: 'daily-2048', day: TODAY, outcome: 'not-better' }), false, TODAY),
      "Not kept, your game there is as good or better: #3 on today's daily 2048.",
    ],
    [
      'an all-time board, with thousands',
      rankSentence(entry({ rank: 12345 }), true, TODAY, 2048),
      '#12,345 on the 4×4 2048 board (to 2,048).',
    ],
    [
      'a game played with help',
      rankSentence(entry({ assisted: true, kind: 'puzzle', board: 'puzzle' }), true, TODAY),
      '#3 on the 15-puzzle board, among the games played with help.',
    ],
    [
      'a game played in the browser: on the self-reported board',
      rankSentence(entry({ board: 'daily-2048', day: TODAY, ranked: false }), true, TODAY),
      "#3 on today's daily 2048 (self-reported).",
    ],
    [
      'no rank',
      rankSentence(entry({ rank: null }), true, TODAY, 256),
      'Submitted to the 4×4 2048 board (to 256).',
    ],
  ])('%s', (_name, got, want) => {
    expect(got).toBe(want);
  });
});

describe('netSentence', () => {
  const p = (code: NetProblem['code'], message: string): NetProblem => ({ code, message });
  it.each([
    [
      'unreachable, submitting: the game is kept',
      netSentence(p('unreachable', 'the server at http://x could not be reached'), 'submit'),
      'The leaderboard server could not be reached (it may be down, or this device offline). Your game is kept in this browser: submit it again later.',
    ],
    [
      'a timeout reading a board',
      netSentence(p('timeout', 'no answer within 5 s'), 'board'),
      'The leaderboard server did not answer in time.',
    ],
    [
      '429: the server is busy',
      netSentence(
        p('rate-limited', 'the server asks to slow down: too many requests: try again in 1 minute'),
        'submit',
      ),
      'The leaderboard server is busy (too many requests: try again in 1 minute). Your game is kept in this browser: submit it again later.',
    ],
    [
      "400: the server's own reason",
      netSentence(p('refused', 'a puzzle ranks only when solved'), 'submit'),
      'The leaderboard server refused this game: a puzzle ranks only when solved. Your game is kept in this browser.',
    ],
    [
      'a name refused',
      netSentence(p('refused', 'a name has at least one character'), 'rename'),
      'The leaderboard server refused the name: a name has at least one character. Your name was not changed.',
    ],
    [
      '5xx',
      netSentence(p('server-error', 'the server failed (the database cannot be reached)'), 'board'),
      'The leaderboard server failed to answer (the database cannot be reached): try again later.',
    ],
    [
      'not the API',
      netSentence(
        p('bad-answer', 'the server answered something that is not the slidebox API'),
        'board',
      ),
      "The leaderboard server's answer could not be read (the server answered something that is not the slidebox API).",
    ],
  ])('%s', (_name, got, want) => {
    expect(got).toBe(want);
  });
});
