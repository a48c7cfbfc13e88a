import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../front/history.ts';
import { type SolveLine, solveLine } from '../../front/historySummary.ts';
import { averagesFrom, METRICS, NO_BESTS, type SolveMark } from '../../front/solves.ts';
import {
  averageRows,
  efficiencyCell,
  noteCell,
  optimalCell,
  SOLVE_COLUMNS,
  seriesKeyName,
  seriesRows,
  solveRow,
  solveRows,
} from './solveTables.ts';

function entry(p: Partial<HistoryEntry>): HistoryEntry {
  return {
    kind: 'puzzle',
    size: 3,
    date: '2026-04-02T10:11:12.000Z',
    moves: 40,
    timeMs: 12_345,
    won: true,
    assisted: false,
    ...p,
  };
}

const line = (p: Partial<HistoryEntry>): SolveLine => solveLine(entry(p));

describe('a solve as a row of the recent solves', () => {
  it('gives the date, the time to the millisecond, moves, TPS, optimal and efficiency', () => {
    const row = solveRow(line({ moves: 40, timeMs: 12_345, optimal: 22 }));
    expect(row).toEqual(['2026-04-02', '12.345', '40', '3.24', '22', '55%', '']);
    expect(row).toHaveLength(SOLVE_COLUMNS.length);
  });

  it('says a lower bound with "≥" in the optimal and the efficiency, "–" when unknown', () => {
    const bound = line({ size: 5, moves: 200, timeMs: 95_000, lowerBound: 110 });
    expect(optimalCell(bound)).toBe('≥ 110');
    expect(efficiencyCell(bound)).toBe('≥ 55%');
    const unknown = line({ moves: 30 });
    expect(optimalCell(unknown)).toBe('–');
    expect(efficiencyCell(unknown)).toBe('–');
  });

  it('marks a DNF (no TPS, no efficiency) and a solve the solver helped with', () => {
    const dnf = line({ won: false, moves: 7, timeMs: 61_002, optimal: 20 });
    expect(solveRow(dnf)).toEqual(['2026-04-02', '1:01.002', '7', '–', '20', '–', 'DNF']);
    expect(noteCell(line({ assisted: true }))).toBe('assisted');
    expect(noteCell(line({ assisted: true, won: false }))).toBe('DNF · assisted');
  });

  it('lists the newest first', () => {
    const solves = [1, 2, 3].map((n) => line({ moves: 10 * n }));
    expect(solveRows(solves).map((r) => r[2])).toEqual(['30', '20', '10']);
  });
});

describe('the averages table', () => {
  it('has a row per average, current and best of time, moves and TPS; "–" and "DNF" as marked', () => {
    const tail: SolveMark[] = [
      { timeMs: 10_000, moves: 30 },
      { timeMs: 20_000, moves: 40 },
      { timeMs: null, moves: 5 },
    ];
    const averages = Object.fromEntries(
      METRICS.map((m) => [m, averagesFrom(tail, NO_BESTS, m)]),
    ) as Parameters<typeof averageRows>[0];
    const rows = averageRows(averages);
    expect(rows.map((r) => r[0])).toEqual(['single', 'mo3', 'ao5', 'ao12', 'ao50', 'ao100']);
    // The last solve was given up: single and mo3 are DNFs now; no best was carried in.
    expect(rows[0]).toEqual(['single', 'DNF', '–', 'DNF', '–', 'DNF', '–']);
    expect(rows[1]).toEqual(['mo3', 'DNF', '–', 'DNF', '–', 'DNF', '–']);
    expect(rows[2]).toEqual(['ao5', '–', '–', '–', '–', '–', '–']);
    const bests = {
      time: { single: 9_876, mo3: 15_000 },
      moves: { single: 30 },
      tps: { single: 3.5 },
    };
    const withBests = Object.fromEntries(
      METRICS.map((m) => [m, averagesFrom(tail.slice(0, 2), bests, m)]),
    ) as Parameters<typeof averageRows>[0];
    expect(averageRows(withBests)[0]).toEqual([
      'single',
      '20.000',
      '9.876',
      '40',
      '30',
      '2.00',
      '3.50',
    ]);
  });
});

describe('the best relays and marathons', () => {
  it('names a series by its records key', () => {
    expect(seriesKeyName('relay-6')).toBe('Relay 3×3 → 6×6');
    expect(seriesKeyName('marathon-4x10')).toBe('Marathon · 10 × 4×4');
    expect(seriesKeyName('something-else')).toBe('something-else');
  });

  it('lists relays first, then marathons, smallest first, with the total and its moves', () => {
    const rows = seriesRows({
      'marathon-4x10': { timeMs: 301_250, moves: 1_520 },
      'relay-8': { timeMs: 3_725_004, moves: 2_310 },
      'marathon-3x5': { timeMs: 41_002, moves: 130 },
      'relay-4': { timeMs: 19_876, moves: 95 },
    });
    expect(rows).toEqual([
      ['Relay 3×3 → 4×4', '19.876', '95'],
      ['Relay 3×3 → 8×8', '1:02:05.004', '2,310'],
      ['Marathon · 5 × 3×3', '41.002', '130'],
      ['Marathon · 10 × 4×4', '5:01.250', '1,520'],
    ]);
    expect(seriesRows()).toEqual([]);
  });
});
