import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAILY_DAYS_KEPT,
  type DailyResult,
  type DailyTable,
  dailyLine,
  dailySeed,
  isDay,
  parseDailyTable,
  recordDaily,
  streak,
  utcDay,
} from './daily.ts';

const r2048: DailyResult = { score: 1234, maxTile: 128, moves: 150, won: false, assisted: false };
const rPuzzle: DailyResult = { moves: 58, timeMs: 102_000, won: true, assisted: false };

describe('daily seeds and days', () => {
  it('the seeds of some days, pinned: every player, client and server deals the same boards', () => {
    // Computed once and written here: a change to the hash or its salt changes every day's
    // board for everyone, and makes clients and servers of different versions disagree.
    const pinned: [string, 'puzzle' | '2048', number][] = [
      ['2026-01-01', '2048', 1336190960],
      ['2026-01-01', 'puzzle', 302469460],
      ['2026-11-24', '2048', 3134734862],
      ['2026-11-24', 'puzzle', 3382942335],
      ['2027-02-28', '2048', 4096395134],
      ['2027-02-28', 'puzzle', 347187654],
      ['2030-12-31', '2048', 3358647056],
      ['2030-12-31', 'puzzle', 3973279045],
    ];
    for (const [day, kind, seed] of pinned)
      expect([day, kind, dailySeed(day, kind)]).toEqual([day, kind, seed]);
  });

  it('a day and a kind always give the same seed; other days and kinds give others', () => {
    const seeds = new Set<number>();
    for (let d = 1; d <= 28; d++) {
      const day = `2026-02-${String(d).padStart(2, '0')}`;
      seeds.add(dailySeed(day, '2048'));
      seeds.add(dailySeed(day, 'puzzle'));
    }
    expect(seeds.size).toBe(56);
    for (const s of seeds) expect(s >= 0 && s < 2 ** 32 && Number.isInteger(s)).toBe(true);
  });

  it('reads the UTC day of a clock and tells real days from others', () => {
    expect(utcDay(Date.UTC(2026, 10, 24, 23, 59))).toBe('2026-11-24');
    expect(utcDay(Date.UTC(2026, 10, 25, 0, 0))).toBe('2026-11-25');
    expect(isDay('2026-02-28')).toBe(true);
    for (const bad of ['2026-02-30', '2026-13-01', '26-01-01', '2026-1-1', '']) {
      expect(isDay(bad)).toBe(false);
    }
  });
});

describe('daily results', () => {
  it('the first attempt of a day counts; later ones leave it as it was', () => {
    const a = recordDaily({}, '2026-11-24', '2048', r2048);
    expect(a.counted).toBe(true);
    const b = recordDaily(a.table, '2026-11-24', '2048', { ...r2048, score: 99_999 });
    expect(b).toEqual({ table: a.table, counted: false });
    const c = recordDaily(b.table, '2026-11-24', 'puzzle', rPuzzle);
    expect(c.table['2026-11-24']).toEqual({ '2048': r2048, puzzle: rPuzzle });
  });

  it('keeps only the last days', () => {
    const old = recordDaily({}, '2024-01-01', '2048', r2048).table;
    const now = recordDaily(old, '2026-11-24', '2048', r2048).table;
    expect(Object.keys(now)).toEqual(['2026-11-24']);
    expect(DAILY_DAYS_KEPT).toBeGreaterThan(365);
  });

  it('counts the streak up to today, or to yesterday when today is not played yet', () => {
    let t: DailyTable = {};
    for (const d of ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-05', '2026-01-06']) {
      t = recordDaily(t, d, 'puzzle', rPuzzle).table;
    }
    expect(streak(t, '2026-01-06')).toEqual({ current: 2, longest: 3 });
    expect(streak(t, '2026-01-07')).toEqual({ current: 2, longest: 3 });
    expect(streak(t, '2026-01-08')).toEqual({ current: 0, longest: 3 });
  });

  it('a streak equals the longest run of consecutive days played', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 40 }), (days) => {
        let t: DailyTable = {};
        const name = (n: number) => utcDay(Date.UTC(2026, 0, 1) + n * 86_400_000);
        for (const d of days) t = recordDaily(t, name(d), '2048', r2048).table;
        const set = new Set(days);
        let longest = 0;
        for (let d = 0; d <= 61; d++) {
          let n = 0;
          while (set.has(d + n)) n++;
          longest = Math.max(longest, n);
        }
        expect(streak(t, name(61)).longest).toBe(longest);
      }),
    );
  });

  it('says a result in one shareable line', () => {
    expect(dailyLine('2026-11-24', 'puzzle', rPuzzle)).toBe(
      'slidebox daily 2026-11-24 · 15-puzzle · 58 moves · 1:42',
    );
    expect(dailyLine('2026-11-24', '2048', { ...r2048, assisted: true })).toBe(
      'slidebox daily 2026-11-24 · 2048 · 1,234 points · largest 128 · assisted',
    );
  });

  it('reads back what it keeps, and refuses a bad table', () => {
    const t = recordDaily({}, '2026-11-24', '2048', { ...r2048, code: 'sb.x' }).table;
    expect(parseDailyTable(JSON.parse(JSON.stringify(t)))).toEqual({ ok: true, value: t });
    for (const bad of [
      [],
      { 'not-a-day': {} },
      { '2026-11-24': { chess: rPuzzle } },
      { '2026-11-24': { puzzle: { moves: -1, won: true, assisted: false } } },
    ]) {
      expect(parseDailyTable(bad).ok).toBe(false);
    }
  });
});
