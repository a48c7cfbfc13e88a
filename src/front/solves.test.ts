import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appendEntry, EMPTY_HISTORY, type History, type HistoryEntry } from './history.ts';
import { summarize } from './historySummary.ts';
import {
  AVERAGE_COUNT,
  AVERAGES,
  type AverageName,
  averageOf,
  currentAverage,
  foldSolve,
  improved,
  type Mark,
  METRICS,
  type Metric,
  NO_BESTS,
  type SolveMark,
  trimOf,
} from './solves.ts';

const s = (timeMs: number | null, moves = 50): SolveMark => ({ timeMs, moves });

/**
 * The plain rule, written out another way: a DNF is an infinitely bad value; sort worst last,
 * drop the `trim` best and the `trim` worst; anything infinite left makes the average a DNF.
 */
function reference(span: readonly SolveMark[], name: AverageName, metric: Metric): Mark {
  const trim = name === 'single' || name === 'mo3' ? 0 : Math.ceil(span.length * 0.05);
  const worst = metric === 'tps' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  const values = span.map((x) => {
    if (x.timeMs === null) return worst;
    if (metric === 'time') return x.timeMs;
    if (metric === 'moves') return x.moves;
    return x.moves / (Math.max(1, x.timeMs) / 1000);
  });
  values.sort((a, b) => (metric === 'tps' ? b - a : a - b));
  const kept = values.slice(trim, values.length - trim);
  if (kept.some((v) => !Number.isFinite(v))) return 'DNF';
  return kept.reduce((t, v) => t + v, 0) / kept.length;
}

/** The best average over every window of a series, by the reference rule. */
function referenceBest(series: readonly SolveMark[], name: AverageName, metric: Metric) {
  const n = AVERAGE_COUNT[name];
  let best: Mark | null = null;
  for (let end = n; end <= series.length; end++) {
    const a = reference(series.slice(end - n, end), name, metric);
    const isBetter =
      best === null ||
      (a !== 'DNF' && (best === 'DNF' || (metric === 'tps' ? a > best : a < best)));
    if (isBetter) best = a;
  }
  return best;
}

describe('averages by the speedsolvers’ rule', () => {
  it('drops one at each end of ao5 and ao12, 5% rounded up of ao50 and ao100, none of mo3', () => {
    expect(AVERAGES.map(trimOf)).toEqual([0, 0, 1, 1, 3, 5]);
  });

  it('ao5: the middle three; a DNF is the worst and is dropped; two DNFs make a DNF', () => {
    const five = [s(10_000), s(12_000), s(11_000), s(9_000), s(20_000)];
    expect(averageOf(five, 'ao5', 'time')).toBe(11_000);
    const oneDnf = [s(10_000), s(12_000), s(11_000), s(null), s(9_000)];
    expect(averageOf(oneDnf, 'ao5', 'time')).toBe(11_000);
    const twoDnfs = [s(10_000), s(null), s(11_000), s(null), s(9_000)];
    expect(averageOf(twoDnfs, 'ao5', 'time')).toBe('DNF');
  });

  it('mo3 is a plain mean, and any DNF makes it a DNF', () => {
    expect(averageOf([s(1000), s(2000), s(6000)], 'mo3', 'time')).toBe(3000);
    expect(averageOf([s(1000), s(null), s(6000)], 'mo3', 'time')).toBe('DNF');
  });

  it('TPS: more is better, so the fastest solve is the one dropped as the best', () => {
    // 10, 20, 30, 40, 50 moves in one second each: drop 50 and 10 → 30.
    const five = [10, 20, 30, 40, 50].map((m) => s(1000, m));
    expect(averageOf(five, 'ao5', 'tps')).toBe(30);
    // A DNF is the worst TPS, below any solve: dropped as the worst (40 as the best) → 20.
    expect(averageOf([...five.slice(0, 4), s(null, 999)], 'ao5', 'tps')).toBe(20);
  });

  it('ao50 drops three at each end: three DNFs still average, four make a DNF', () => {
    const times = Array.from({ length: 47 }, (_, i) => s(1000 + i * 10));
    const three = [...times, s(null), s(null), s(null)];
    expect(averageOf(three, 'ao50', 'time')).toBe(
      times.slice(3).reduce((t, x) => t + x.timeMs!, 0) / 44,
    );
    expect(averageOf([...times.slice(1), s(null), s(null), s(null), s(null)], 'ao50', 'time')).toBe(
      'DNF',
    );
  });

  it('is null while there are too few solves', () => {
    expect(currentAverage([s(1), s(2), s(3), s(4)], 'ao5', 'time')).toBeNull();
    expect(currentAverage([s(1)], 'single', 'time')).toBe(1);
  });
});

const markArb = fc.record({
  timeMs: fc.option(fc.integer({ min: 0, max: 120_000 }), { freq: 6 }),
  moves: fc.integer({ min: 0, max: 400 }),
});

describe('property: against the plain reference', () => {
  it('every average of every window, in every metric', () => {
    fc.assert(
      fc.property(fc.array(markArb, { minLength: 1, maxLength: 120 }), (series) => {
        for (const name of AVERAGES) {
          const n = AVERAGE_COUNT[name];
          if (series.length < n) continue;
          const span = series.slice(-n);
          for (const metric of METRICS) {
            expect(averageOf(span, name, metric)).toEqual(reference(span, name, metric));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('bests folded one solve at a time are the bests over every window', () => {
    fc.assert(
      fc.property(fc.array(markArb, { maxLength: 130 }), (series) => {
        let bests = NO_BESTS;
        series.forEach((x, i) => {
          bests = foldSolve(bests, series.slice(0, i), x);
        });
        for (const metric of METRICS) {
          for (const name of AVERAGES) {
            expect(bests[metric][name] ?? null).toEqual(referenceBest(series, name, metric));
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('the history’s averages leave the solver’s solves out and survive old games folded away', () => {
    const entryArb = fc.record({ mark: markArb, assisted: fc.nat(5).map((n) => n === 0) }).map(
      ({ mark, assisted }): HistoryEntry => ({
        kind: 'puzzle',
        size: 4,
        date: '2026-01-01T00:00:00.000Z',
        moves: mark.moves,
        timeMs: mark.timeMs ?? 5000,
        won: mark.timeMs !== null,
        assisted,
      }),
    );
    fc.assert(
      fc.property(fc.array(entryArb, { minLength: 1, maxLength: 150 }), (entries) => {
        // Kept whole, and kept to its newest 7 games (the rest folded into totals).
        const whole = entries.reduce<History>((h, e) => appendEntry(h, e, 10_000), EMPTY_HISTORY);
        const cut = entries.reduce<History>((h, e) => appendEntry(h, e, 7), EMPTY_HISTORY);
        const own = entries
          .filter((e) => !e.assisted)
          .map((e) => s(e.won ? e.timeMs! : null, e.moves));
        for (const h of [whole, cut]) {
          const g = summarize(h).groups[0]!;
          expect(g.dnfs).toBe(entries.filter((e) => !e.won).length);
          for (const metric of METRICS) {
            for (const name of AVERAGES) {
              const n = AVERAGE_COUNT[name];
              const current = own.length < n ? null : reference(own.slice(-n), name, metric);
              expect(g.averages![metric][name]).toEqual({
                current,
                best: referenceBest(own, name, metric),
              });
            }
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('which averages a solve improved', () => {
  it('names the bests that got better, not the ones that stayed or came new as a DNF', () => {
    const series = [s(10_000), s(11_000), s(12_000), s(13_000), s(14_000)];
    let bests = NO_BESTS;
    series.forEach((x, i) => {
      bests = foldSolve(bests, series.slice(0, i), x);
    });
    // mo3 13, 14, 1 → 9.33 (was 11); ao5 drops the 1 and the 14 → 12, as before.
    const next = foldSolve(bests, series, s(1_000));
    const fig = (b: typeof bests) =>
      Object.fromEntries(AVERAGES.map((n) => [n, { current: null, best: b.time[n] ?? null }]));
    expect(improved(fig(bests) as never, fig(next) as never, 'time')).toEqual(['single', 'mo3']);
  });
});
