import { describe, expect, it } from 'vitest';
import type { BoardEntry } from '../../net/api.ts';
import { queryOf } from './screen.ts';
import { boardTitle, type Choice, sameEntry, sourceNote } from './view.ts';

const TODAY = '2026-11-27';

const choice = (over: Partial<Choice>): Choice => ({
  board: 'daily-2048',
  size2048: 4,
  target: 2048,
  sizePuzzle: 4,
  source: 'ranked',
  assisted: false,
  day: null,
  ...over,
});

const line = (over: Partial<BoardEntry>): BoardEntry => ({
  rank: 1,
  name: 'Ada',
  score: 100,
  moves: 10,
  timeMs: null,
  maxTile: 16,
  assisted: false,
  code: null,
  day: TODAY,
  ...over,
});

describe('the leaderboards: ranked by default, self-reported boards labelled so', () => {
  it.each([
    [choice({}), `Ranked · today's daily 2048 (${TODAY}, UTC)`],
    [choice({ source: 'self-reported' }), `Self-reported · today's daily 2048 (${TODAY}, UTC)`],
    [
      choice({ board: 'daily-puzzle', day: '2026-11-20' }),
      "Ranked · daily 15-puzzle of 2026-11-20 (UTC) · times on the server's clock",
    ],
    [
      choice({ board: 'puzzle', sizePuzzle: 3, source: 'self-reported' }),
      'Self-reported · 8-puzzle · 3×3 · fewest moves · times are as reported',
    ],
    [
      choice({ board: '2048', size2048: 5, target: 256 }),
      'Ranked · 2048 · 5×5 · to 256 · best scores',
    ],
  ])('titles a board: %#', (c, want) => {
    expect(boardTitle(c, TODAY)).toBe(want);
  });

  it('says what each kind of board proves and what it does not', () => {
    expect(sourceNote('ranked')).toMatch(/dealt every game here and timed it on its own clock/);
    expect(sourceNote('ranked')).toMatch(/cannot tell a person from a program/);
    expect(sourceNote('self-reported')).toMatch(/the player knew the seed and chose which game/);
  });

  it('asks the server for the board chosen: its source, and games with help only when self-reported', () => {
    expect(queryOf(choice({}), 0)).toEqual({
      board: 'daily-2048',
      limit: 20,
      offset: 0,
      source: 'ranked',
      assisted: false,
    });
    expect(queryOf(choice({ assisted: true }), 20).assisted).toBe(false);
    expect(queryOf(choice({ source: 'self-reported', assisted: true }), 20)).toMatchObject({
      source: 'self-reported',
      assisted: true,
      offset: 20,
    });
    expect(queryOf(choice({ board: '2048', size2048: 3, target: 256 }), 0)).toMatchObject({
      board: '2048',
      size: 3,
      target: 256,
    });
    expect(queryOf(choice({ board: 'daily-puzzle', day: '2026-11-01' }), 0)).toMatchObject({
      day: '2026-11-01',
    });
  });

  it('finds the player’s own line by its code, or, while codes are hidden, by its figures', () => {
    expect(sameEntry(line({ code: 'A' }), line({ code: 'A', rank: 9 }))).toBe(true);
    expect(sameEntry(line({ code: 'A' }), line({ code: 'B' }))).toBe(false);
    // Today's ranked daily: no codes; two lines are the same only with the same figures.
    expect(sameEntry(line({}), line({}))).toBe(true);
    expect(sameEntry(line({}), line({ rank: 2, name: 'Bo' }))).toBe(false);
    expect(sameEntry(line({}), line({ score: 200 }))).toBe(false);
  });
});
