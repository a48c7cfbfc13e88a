import { describe, expect, it } from 'vitest';
import {
  EMPTY_RECORDS,
  parseRecordTables,
  raiseBest2048,
  recordDuelRound,
  recordSolve,
  recordVersus,
} from './records.ts';

describe('records', () => {
  it('raise the best 2048 score only when beaten, per size', () => {
    const a = raiseBest2048(EMPTY_RECORDS, 4, 100);
    expect(a.best2048).toEqual({ '4': 100 });
    expect(raiseBest2048(a, 4, 100)).toBe(a);
    expect(raiseBest2048(a, 4, 99)).toBe(a);
    expect(raiseBest2048(a, 5, 10).best2048).toEqual({ '4': 100, '5': 10 });
  });

  it('keep fewest moves and fastest time separately, rounding the time', () => {
    const first = recordSolve(EMPTY_RECORDS, 3, 30, 20_000.4);
    expect(first).toMatchObject({ movesRecord: true, timeRecord: true });
    expect(first.records.puzzle['3']).toMatchObject({ moves: 30, timeMs: 20_000 });
    const fewer = recordSolve(first.records, 3, 25, 40_000);
    expect(fewer).toMatchObject({ movesRecord: true, timeRecord: false });
    expect(fewer.records.puzzle['3']).toMatchObject({ moves: 25, timeMs: 20_000 });
    const none = recordSolve(fewer.records, 3, 26, 20_001);
    // No record, but the solve joins the series of the averages.
    expect(none).toMatchObject({ movesRecord: false, timeRecord: false });
    expect(none.records.puzzle['3']?.tail).toEqual([
      [20_000, 30],
      [40_000, 25],
      [20_001, 26],
    ]);
  });

  it.each([
    [{ best2048: { '9': 5 } }, /size 9/],
    [{ best2048: { '4': -1 } }, /size 4/],
    [{ best2048: { '4': 1.5 } }, /size 4/],
    [{ puzzle: { '3': { moves: 'x' } } }, /puzzle record for size 3/],
    [{ puzzle: { '3': null } }, /puzzle record for size 3/],
    [{ puzzle: 7 }, /not a table/],
  ])('reject %j', (data, message) => {
    const r = parseRecordTables(data as never);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('bad-records');
      expect(r.error.message).toMatch(message);
    }
  });

  it('accept missing tables as empty and drop unknown fields', () => {
    expect(parseRecordTables({})).toEqual({ ok: true, value: EMPTY_RECORDS });
    expect(parseRecordTables({ puzzle: { '4': { moves: 50, extra: 1 } } } as never)).toEqual({
      ok: true,
      value: { best2048: {}, puzzle: { '4': { moves: 50 } } },
    });
  });
});

describe('versus and duel records', () => {
  it('reads the versus table and the best duel round, and refuses bad ones', () => {
    const good = parseRecordTables({
      versus: { 'ai-hard': { wins: 2, losses: 1, draws: 0 } },
      duelBest: 1204,
    });
    expect(good.ok && good.value).toMatchObject({
      versus: { 'ai-hard': { wins: 2, losses: 1, draws: 0 } },
      duelBest: 1204,
    });
    for (const bad of [
      { versus: { 'ai-hard': { wins: -1, losses: 0, draws: 0 } } },
      { versus: { 'robot!': { wins: 0, losses: 0, draws: 0 } } },
      { versus: 'none' },
      { duelBest: 1.5 },
    ]) {
      expect(parseRecordTables(bad as never).ok).toBe(false);
    }
  });

  it('counts versus results and keeps the best duel round', () => {
    const once = recordVersus(EMPTY_RECORDS, 'ai-easy', 'win');
    const twice = recordVersus(once, 'ai-easy', 'draw');
    expect(twice.versus).toEqual({ 'ai-easy': { wins: 1, losses: 0, draws: 1 } });
    const first = recordDuelRound(EMPTY_RECORDS, 300);
    expect(first).toMatchObject({ newBest: true, records: { duelBest: 300 } });
    expect(recordDuelRound(first.records, 200)).toMatchObject({ newBest: false });
    expect(recordDuelRound(first.records, 200).records).toBe(first.records);
  });
});

describe('a width’s series of solves', () => {
  it('counts a puzzle given up as a DNF: no record, and the averages it spoils', () => {
    let r = EMPTY_RECORDS;
    for (const t of [10_000, 11_000, 12_000, 13_000]) r = recordSolve(r, 4, 60, t).records;
    const dnf = recordSolve(r, 4, 20, null);
    expect(dnf).toMatchObject({ movesRecord: false, timeRecord: false });
    expect(dnf.records.puzzle['4']).toMatchObject({ moves: 60, timeMs: 10_000 });
    expect(dnf.records.puzzle['4']?.tail?.at(-1)).toEqual([-1, 20]);
    // ao5 of 10, 11, 12, 13 and a DNF: the DNF and the 10 dropped → 12.
    expect(dnf.averages.time.ao5).toEqual({ current: 12_000, best: 12_000 });
    expect(dnf.averages.time.mo3).toEqual({ current: 'DNF', best: 11_000 });
    expect(dnf.improved.time).toEqual(['ao5']);
  });

  it('keeps the last 100 solves and reads them back; a bad series is refused', () => {
    let r = EMPTY_RECORDS;
    for (let i = 0; i < 120; i++) r = recordSolve(r, 3, 30, 5000 + i).records;
    expect(r.puzzle['3']?.tail).toHaveLength(100);
    expect(parseRecordTables(JSON.parse(JSON.stringify(r)))).toEqual({ ok: true, value: r });
    const bad = { puzzle: { '3': { tail: [[1, 2, 3]] } } };
    expect(parseRecordTables(bad).ok).toBe(false);
    const badBest = { puzzle: { '3': { bests: { time: { ao7: 5 } } } } };
    expect(parseRecordTables(badBest).ok).toBe(false);
  });
});
