/**
 * The history's helpers for stores that keep one record per game (the browser's database):
 * checking one entry and a list of totals, and rolling the oldest games up, which must give
 * exactly what appendEntry gives; combining two runs' totals.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appendEntry,
  combineTotals,
  EMPTY_HISTORY,
  emptyTotals,
  foldTotals,
  groupKey,
  type History,
  type HistoryEntry,
  mergeRolledUp,
  parseHistoryEntry,
  parseRolledUp,
  rollUp,
  type Totals,
  withinMax,
} from './history.ts';
import { type AverageName, betterMark, METRICS } from './solves.ts';

const dateArb = fc
  .date({ min: new Date('2020-01-01Z'), max: new Date('2030-01-01Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

const entryArb: fc.Arbitrary<HistoryEntry> = fc.oneof(
  fc
    .record({
      size: fc.integer({ min: 3, max: 4 }),
      date: dateArb,
      score: fc.nat(50_000),
      moves: fc.nat(3000),
      maxTile: fc.integer({ min: 1, max: 12 }).map((x) => 2 ** x),
      won: fc.boolean(),
      assisted: fc.boolean(),
      evil: fc.boolean(),
    })
    .map(
      ({ evil, ...e }): HistoryEntry => ({ kind: '2048', ...e, ...(evil ? { evil: true } : {}) }),
    ),
  fc
    .record({
      size: fc.integer({ min: 3, max: 4 }),
      date: dateArb,
      moves: fc.nat(400),
      timeMs: fc.nat(600_000),
      assisted: fc.boolean(),
    })
    .map((e) => ({ kind: 'puzzle' as const, won: true, ...e })),
  fc
    .record({
      date: dateArb,
      score: fc.nat(9000),
      moves: fc.nat(800),
      maxTile: fc.integer({ min: 1, max: 11 }).map((x) => 2 ** x),
      result: fc.constantFrom('win' as const, 'loss' as const, 'draw' as const),
      opponent: fc.constantFrom('human', 'ai-hard'),
    })
    .map((e) => ({
      kind: 'versus' as const,
      size: 4,
      ...e,
      won: e.result === 'win',
      assisted: false,
    })),
);

const appendAll = (games: readonly HistoryEntry[], max?: number): History =>
  games.reduce((h, e) => appendEntry(h, e, max), EMPTY_HISTORY);

const byKey = (ts: readonly Totals[]) => new Map(ts.map((t) => [groupKey(t), t]));

describe('one stored game', () => {
  const game: HistoryEntry = {
    kind: '2048',
    size: 4,
    date: '2026-01-02T03:04:05.000Z',
    score: 1200,
    moves: 140,
    maxTile: 128,
    won: false,
    assisted: false,
    code: 'sb1.abc',
  };

  it('is taken as the history takes its games, unknown fields dropped', () => {
    expect(parseHistoryEntry({ ...game, extra: 1 })).toEqual({ ok: true, value: game });
  });

  it.each([
    ['not an object', 'junk', /^the game is invalid \(not an object\)$/],
    ['a made-up kind', { ...game, kind: 'chess' }, /\(kind\)/],
    ['a size out of range', { ...game, size: 12 }, /\(size\)/],
    ['a time for 2048', { ...game, timeMs: 5 }, /\(timeMs for 2048\)/],
    ['an unsolved puzzle', { ...game, kind: 'puzzle', won: false, score: undefined }, /\(/],
  ])('is refused with a phrase when it is %s', (_name, raw, message) => {
    const r = parseHistoryEntry(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(message);
  });
});

describe('stored totals', () => {
  const totals = [
    ...foldTotals(
      [],
      [
        {
          kind: 'puzzle',
          size: 3,
          date: '2026-01-01T00:00:00Z',
          moves: 30,
          timeMs: 9000,
          won: true,
          assisted: false,
        },
      ],
    ).values(),
  ];

  it('are taken when each is valid, sorted by group', () => {
    const t2048 = emptyTotals({ kind: '2048', size: 4 });
    expect(parseRolledUp([...totals, t2048])).toEqual({ ok: true, value: [t2048, ...totals] });
    expect(parseRolledUp([])).toEqual({ ok: true, value: [] });
  });

  it.each([
    ['not a list', { rolledUp: [] }],
    ['a total with more wins than games', [{ ...totals[0], wins: 5 }]],
    ['a group twice', [...totals, ...totals]],
  ])('are refused when %s', (_name, raw) => {
    expect(parseRolledUp(raw).ok).toBe(false);
  });
});

describe('rolling the oldest games up', () => {
  it('property: withinMax and rollUp give what appendEntry gives, game by game', () => {
    fc.assert(
      fc.property(
        fc.array(entryArb, { maxLength: 80 }),
        fc.integer({ min: 1, max: 20 }),
        (games, max) => {
          const expected = appendAll(games, max);
          expect(withinMax({ entries: games, rolledUp: [] }, max)).toEqual(expected);
          // As the database does it: keep adding, and past `max` fold the oldest in.
          let entries: HistoryEntry[] = [];
          let rolledUp: Totals[] = [];
          for (const g of games) {
            entries.push(g);
            const excess = entries.length - max;
            if (excess > 0) {
              rolledUp = rollUp(rolledUp, entries.slice(0, excess));
              entries = entries.slice(excess);
            }
          }
          expect({ entries, rolledUp }).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('combining two runs of games', () => {
  it('property: counts and bests are those of both runs together', () => {
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 60 }), fc.nat(60), (games, cut) => {
        const older = [...foldTotals([], games.slice(0, cut)).values()];
        const newer = [...foldTotals([], games.slice(cut)).values()];
        const all = byKey([...foldTotals([], games).values()]);
        const merged = byKey(mergeRolledUp(older, newer));
        expect([...merged.keys()].sort()).toEqual([...all.keys()].sort());
        for (const [key, t] of all) {
          const m = merged.get(key)!;
          const { streak, longestStreak, bestAverages, ...counts } = t;
          const { streak: s, longestStreak: l, bestAverages: mBests, ...mCounts } = m;
          expect(mCounts).toEqual(counts);
          expect(l).toBeLessThanOrEqual(longestStreak);
          expect(s).toBe(streak);
          // Averages over solves from both runs are not known: a best can only come out worse.
          for (const metric of METRICS) {
            for (const [name, v] of Object.entries(mBests?.[metric] ?? {})) {
              const full = bestAverages?.[metric][name as AverageName];
              expect(full).toBeDefined();
              expect(betterMark(metric, v, full!)).toBe(false);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('carries a win streak on when the newer run has only wins', () => {
    const win = (date: string): HistoryEntry => ({
      kind: 'versus',
      size: 4,
      date,
      score: 10,
      moves: 5,
      maxTile: 8,
      won: true,
      result: 'win',
      opponent: 'human',
      assisted: false,
    });
    const loss = { ...win('2026-01-01T00:00:00Z'), won: false, result: 'loss' as const };
    const fold = (gs: HistoryEntry[]) => [...foldTotals([], gs).values()][0]!;
    const a = fold([loss, win('2026-01-02T00:00:00Z'), win('2026-01-03T00:00:00Z')]);
    const b = fold([win('2026-01-04T00:00:00Z'), win('2026-01-05T00:00:00Z')]);
    expect(combineTotals(a, b)).toMatchObject({ games: 5, wins: 4, streak: 4, longestStreak: 4 });
    const c = fold([win('2026-01-04T00:00:00Z'), loss]);
    expect(combineTotals(a, c)).toMatchObject({ games: 5, wins: 3, streak: 0, longestStreak: 2 });
  });
});
