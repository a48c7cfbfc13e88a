import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToTotals,
  appendEntry,
  EMPTY_HISTORY,
  emptyTotals,
  type History,
  type HistoryEntry,
  MAX_CODE_LENGTH,
  MAX_ENTRIES,
  parseHistory,
  serializeHistory,
} from './history.ts';
import { type GroupSummary, median, summarize } from './historySummary.ts';

const DATE = '2025-03-01T10:00:00.000Z';

function g2048(score: number, won = false, more: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    kind: '2048',
    size: 4,
    date: DATE,
    score,
    moves: score >> 2,
    maxTile: 2 ** Math.max(1, Math.floor(Math.log2(score / 4 + 2))),
    won,
    assisted: false,
    ...more,
  };
}

function solve(timeMs: number, moves: number, assisted = false): HistoryEntry {
  return { kind: 'puzzle', size: 3, date: DATE, moves, timeMs, won: true, assisted };
}

function versus(result: 'win' | 'loss' | 'draw', opponent: string, score = 100): HistoryEntry {
  return {
    kind: 'versus',
    size: 4,
    date: DATE,
    score,
    moves: 40,
    maxTile: 64,
    won: result === 'win',
    result,
    opponent,
    assisted: false,
  };
}

function appendAll(entries: readonly HistoryEntry[], max?: number): History {
  return entries.reduce((h, e) => appendEntry(h, e, max), EMPTY_HISTORY);
}

// ------------------------------------------------------------------ random entries

const dateArb = fc
  .date({ min: new Date('2020-01-01Z'), max: new Date('2030-01-01Z'), noInvalidDate: true })
  .map((d) => d.toISOString());
const tileArb = fc.integer({ min: 1, max: 17 }).map((x) => 2 ** x);
const sizeArb = fc.integer({ min: 3, max: 5 });

const entry2048Arb = fc
  .record({
    size: sizeArb,
    date: dateArb,
    score: fc.nat(200_000),
    moves: fc.nat(5000),
    maxTile: tileArb,
    won: fc.boolean(),
    assisted: fc.boolean(),
    evil: fc.boolean(),
  })
  .map(({ evil, ...e }): HistoryEntry => ({ kind: '2048', ...e, ...(evil ? { evil: true } : {}) }));

const puzzleArb = fc
  .record({
    size: sizeArb,
    date: dateArb,
    moves: fc.nat(500),
    timeMs: fc.nat(600_000),
    assisted: fc.boolean(),
    // One in five puzzles given up (a DNF).
    won: fc.nat(4).map((n) => n > 0),
  })
  .map((e): HistoryEntry => ({ kind: 'puzzle', ...e }));

const matchArb = fc
  .record({
    kind: fc.constantFrom('versus' as const, 'duel' as const),
    size: sizeArb,
    date: dateArb,
    score: fc.nat(50_000),
    moves: fc.nat(1000),
    maxTile: tileArb,
    result: fc.constantFrom('win' as const, 'loss' as const, 'draw' as const),
    opponent: fc.constantFrom('human', 'ai', 'ai-easy', 'ai-hard'),
  })
  .map((e): HistoryEntry => ({ ...e, won: e.result === 'win', assisted: false }));

const entryArb = fc.oneof(entry2048Arb, puzzleArb, matchArb);

/** Games, wins, bests and streaks per group, counted straight from the whole list. */
function reference(games: readonly HistoryEntry[]) {
  const groups = new Map<string, HistoryEntry[]>();
  for (const e of games) {
    const key = `${e.kind}:${e.size}${e.evil ? ':evil' : ''}`;
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  const out: Record<string, unknown> = {};
  for (const [key, list] of groups) {
    const scores = list.flatMap((e) => (e.score === undefined ? [] : [e.score]));
    const times = list.flatMap((e) =>
      e.timeMs === undefined || e.assisted || !e.won ? [] : [e.timeMs],
    );
    let run = 0;
    let longest = 0;
    for (const e of list) {
      run = e.won ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    out[key] = {
      games: list.length,
      wins: list.filter((e) => e.won).length,
      bestScore: scores.length ? Math.max(...scores) : undefined,
      bestTimeMs: times.length ? Math.min(...times) : undefined,
      streak: run,
      longestStreak: longest,
    };
  }
  return out;
}

/** The same figures as the summary gives them. */
function summarized(h: History) {
  const out: Record<string, unknown> = {};
  for (const g of summarize(h).groups) {
    const { games, wins, bestScore, bestTimeMs, streak, longestStreak } = g;
    out[`${g.kind}:${g.size}${g.evil ? ':evil' : ''}`] = {
      games,
      wins,
      bestScore,
      bestTimeMs,
      streak,
      longestStreak,
    };
  }
  return out;
}

/** The figures that must not change when old games are folded into totals. */
function lasting(g: GroupSummary) {
  const { medianScore: _m, medianTimeMs: _t, recentScores: _r, solves: _s, ...rest } = g;
  return rest;
}

describe('appending games', () => {
  it('keeps every game while under the cap, newest last', () => {
    const games = [g2048(100), g2048(300, true), solve(9000, 30)];
    const h = appendAll(games);
    expect(h.entries).toEqual(games);
    expect(h.rolledUp).toEqual([]);
  });

  it('folds the oldest games into their group’s totals past the cap', () => {
    const h = appendAll([g2048(500, true), solve(9000, 30), g2048(100), g2048(200)], 2);
    expect(h.entries).toEqual([g2048(100), g2048(200)]);
    expect(h.rolledUp).toEqual([
      addToTotals(emptyTotals({ kind: '2048', size: 4 }), g2048(500, true)),
      addToTotals(emptyTotals({ kind: 'puzzle', size: 3 }), solve(9000, 30)),
    ]);
    const s = summarize(h).groups[0]!;
    expect(s).toMatchObject({ games: 3, wins: 1, bestScore: 500, medianScore: 150 });
  });

  it('property: at most the cap is kept, and every lasting figure equals the full list’s', () => {
    fc.assert(
      fc.property(
        fc.array(entryArb, { maxLength: 60 }),
        fc.integer({ min: 1, max: 12 }),
        (games, max) => {
          const kept = appendAll(games, max);
          const full = appendAll(games, Number.POSITIVE_INFINITY);
          expect(kept.entries.length).toBe(Math.min(games.length, max));
          expect(kept.entries).toEqual(games.slice(games.length - kept.entries.length));
          const a = summarize(kept);
          const b = summarize(full);
          expect(a.games).toBe(games.length);
          expect(a.wins).toBe(games.filter((e) => e.won).length);
          expect(a.groups.map(lasting)).toEqual(b.groups.map(lasting));
          expect(summarized(kept)).toEqual(reference(games));
        },
      ),
      { numRuns: 300 },
    );
  });

  it(`property: with the real cap (${MAX_ENTRIES}), games, wins and bests stay those of all games`, () => {
    fc.assert(
      fc.property(fc.array(entryArb, { minLength: 1000, maxLength: 1300 }), (games) => {
        const h = appendAll(games);
        expect(h.entries.length).toBe(Math.min(games.length, MAX_ENTRIES));
        const all = summarize(appendAll(games, Number.POSITIVE_INFINITY));
        expect(summarize(h).groups.map(lasting)).toEqual(all.groups.map(lasting));
        expect(summarized(h)).toEqual(reference(games));
      }),
      // Shrinking a thousand games takes minutes: report the first failure as it is.
      { numRuns: 5, endOnFailure: true },
    );
  });
});

describe('the stored form', () => {
  it('property: parse(serialize(h)) gives h back, also through JSON', () => {
    fc.assert(
      fc.property(
        fc.array(entryArb, { maxLength: 40 }),
        fc.integer({ min: 1, max: 15 }),
        (games, max) => {
          const h = appendAll(games, max);
          const back = parseHistory(JSON.parse(JSON.stringify(serializeHistory(h))));
          expect(back).toEqual({ ok: true, value: h });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('drops unknown fields and keeps a share code', () => {
    const data = serializeHistory({ entries: [{ ...g2048(8), code: 'abc' }], rolledUp: [] });
    const withExtra = {
      ...data,
      extra: 1,
      entries: [{ ...(data.entries as object[])[0], colour: 'red' }],
    };
    expect(parseHistory(withExtra)).toEqual({
      ok: true,
      value: { entries: [{ ...g2048(8), code: 'abc' }], rolledUp: [] },
    });
  });

  it('folds more than the cap into the totals (a file written by hand)', () => {
    const games = Array.from({ length: MAX_ENTRIES + 3 }, (_, i) => g2048(i, i % 2 === 0));
    const r = parseHistory(serializeHistory({ entries: games, rolledUp: [] }));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.entries).toHaveLength(MAX_ENTRIES);
    expect(summarize(r.value).groups[0]).toMatchObject({
      games: games.length,
      bestScore: MAX_ENTRIES + 2,
    });
  });

  const file = (entries: unknown[], rolledUp: unknown[] = []) => ({
    kind: 'slidebox/history',
    version: 1,
    entries,
    rolledUp,
  });
  const totals = {
    ...emptyTotals({ kind: '2048', size: 4 }),
    games: 2,
    wins: 1,
    streak: 1,
    longestStreak: 1,
  };

  it.each([
    ['not an object', [], /^it is not an object$/],
    [
      'another kind of file',
      { kind: 'slidebox/stats', version: 1 },
      /^it is not a slidebox game history$/,
    ],
    ['no version', { kind: 'slidebox/history', entries: [] }, /^it has no version$/],
    ['a newer format', { ...file([]), version: 3 }, /newer slidebox \(format 3\)/],
    ['games that are not a list', { ...file([]), entries: {} }, /^its games are not a list$/],
    ['a size of 9', file([{ ...g2048(4), size: 9 }]), /^its game 1 is invalid \(size\)$/],
    [
      'a date that is not ISO',
      file([g2048(4), { ...g2048(4), date: 'yesterday' }]),
      /game 2 .*\(date\)/,
    ],
    ['a negative score', file([{ ...g2048(4), score: -1 }]), /\(score\)/],
    ['a largest tile of 3', file([{ ...g2048(4), maxTile: 3 }]), /\(maxTile\)/],
    ['an unknown kind', file([{ ...g2048(4), kind: 'chess' }]), /\(kind\)/],
    ['a puzzle with a score', file([{ ...solve(1, 1), score: 5 }]), /\(score for puzzle\)/],
    [
      'a puzzle with both an optimal count and a bound',
      file([{ ...solve(1, 1), optimal: 20, lowerBound: 18 }]),
      /\(lowerBound\)/,
    ],
    [
      'a puzzle optimal count that is not one',
      file([{ ...solve(1, 1), optimal: -2 }]),
      /\(optimal\)/,
    ],
    [
      'a 2048 game with an optimal count',
      file([{ ...g2048(4), optimal: 3 }]),
      /\(optimal for 2048\)/,
    ],
    [
      'averages on 2048 totals',
      { ...file([]), rolledUp: [{ ...emptyTotals({ kind: '2048', size: 4 }), tail: [] }] },
      /\(averages\)/,
    ],
    [
      'a versus game without a result',
      file([{ ...versus('win', 'human'), result: undefined }]),
      /\(result\)/,
    ],
    ['a win that says it lost', file([{ ...versus('loss', 'human'), won: true }]), /\(won\)/],
    ['a bad opponent', file([versus('win', 'Robot')]), /\(opponent\)/],
    ['evil spawns in a puzzle', file([{ ...solve(1, 1), evil: true }]), /\(evil\)/],
    [
      'a share code too long',
      file([{ ...g2048(4), code: 'x'.repeat(MAX_CODE_LENGTH + 1) }]),
      /\(code\)/,
    ],
    [
      'more wins than games',
      file([], [{ ...totals, wins: 3 }]),
      /^its totals 1 are invalid \(games\)$/,
    ],
    ['a group twice', file([], [totals, totals]), /^its totals 2 repeat a group$/],
    ['a bad tile table', file([], [{ ...totals, maxTiles: { '5': 1 } }]), /largest tiles/],
  ])('refuses %s with a bad-history phrase', (_name, data, message) => {
    const r = parseHistory(data);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('bad-history');
      expect(r.error.message).toMatch(message);
    }
  });
});

describe('summarize', () => {
  it('medians: the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeUndefined();
    expect(median([5])).toBe(5);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('2048: games, wins, win rate, best and median, tiles reached, streaks, recent scores', () => {
    const games = [g2048(1000, true), g2048(400), g2048(3000, true), g2048(3200, true), g2048(10)];
    const s = summarize(appendAll(games));
    expect(s.games).toBe(5);
    expect(s.groups).toHaveLength(1);
    const g = s.groups[0]!;
    expect(g).toMatchObject({
      kind: '2048',
      size: 4,
      games: 5,
      wins: 3,
      winRate: 0.6,
      bestScore: 3200,
      medianScore: 1000,
      streak: 0,
      longestStreak: 2,
      recentScores: [1000, 400, 3000, 3200, 10],
    });
    const tiles = new Map<number, number>();
    for (const e of games) tiles.set(e.maxTile!, (tiles.get(e.maxTile!) ?? 0) + 1);
    expect(g.maxTiles).toEqual(
      [...tiles].sort((a, b) => a[0] - b[0]).map(([tile, count]) => ({ tile, count })),
    );
  });

  it('groups by kind and size, evil 2048 apart, in reading order; a filter picks groups', () => {
    const h = appendAll([
      versus('win', 'ai-hard'),
      g2048(50, false, { size: 5 }),
      g2048(60, false, { evil: true }),
      solve(5000, 22),
      g2048(70),
    ]);
    const keys = summarize(h).groups.map((g) => `${g.kind} ${g.size}${g.evil ? ' evil' : ''}`);
    expect(keys).toEqual(['2048 4', '2048 4 evil', '2048 5', 'puzzle 3', 'versus 4']);
    expect(summarize(h, { kind: '2048', size: 4 }).groups.map((g) => g.games)).toEqual([1, 1]);
    expect(summarize(h, { size: 3 }).groups.map((g) => g.kind)).toEqual(['puzzle']);
  });

  it('puzzle times leave out the solver’s solves; the count does not', () => {
    const g = summarize(
      appendAll([solve(20_000, 40), solve(1000, 10, true), solve(30_000, 35), solve(26_000, 50)]),
    ).groups[0]!;
    expect(g).toMatchObject({
      games: 4,
      wins: 4,
      assisted: 1,
      bestTimeMs: 20_000,
      medianTimeMs: 26_000,
      fewestMoves: 35,
    });
  });

  it('versus: results per opponent, people first, then the AI by level', () => {
    const g = summarize(
      appendAll([
        versus('win', 'ai-hard'),
        versus('loss', 'ai-easy'),
        versus('draw', 'human'),
        versus('win', 'ai-hard'),
      ]),
    ).groups[0]!;
    expect(g.results).toEqual([
      { opponent: 'human', wins: 0, losses: 0, draws: 1 },
      { opponent: 'ai-easy', wins: 0, losses: 1, draws: 0 },
      { opponent: 'ai-hard', wins: 2, losses: 0, draws: 0 },
    ]);
    expect(g).toMatchObject({ games: 4, wins: 2, winRate: 0.5, streak: 1, longestStreak: 1 });
  });

  it('an empty history has no groups', () => {
    expect(summarize(EMPTY_HISTORY)).toEqual({ games: 0, wins: 0, groups: [] });
  });
});

describe('the stored form: field order', () => {
  it('an entry read back keeps the order the controllers write, so the file stays stable', () => {
    const shuffled = {
      assisted: false,
      won: true,
      maxTile: 8,
      score: 8,
      moves: 1,
      date: DATE,
      size: 4,
      kind: '2048',
    };
    const r = parseHistory({
      kind: 'slidebox/history',
      version: 1,
      entries: [shuffled],
      rolledUp: [],
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(Object.keys(r.value.entries[0]!)).toEqual([
      'kind',
      'size',
      'date',
      'score',
      'moves',
      'maxTile',
      'won',
      'assisted',
    ]);
  });
});
