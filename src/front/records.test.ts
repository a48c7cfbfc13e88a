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
    expect(first.records.puzzle['3']).toEqual({ moves: 30, timeMs: 20_000 });
    const fewer = recordSolve(first.records, 3, 25, 40_000);
    expect(fewer).toMatchObject({ movesRecord: true, timeRecord: false });
    expect(fewer.records.puzzle['3']).toEqual({ moves: 25, timeMs: 20_000 });
    const none = recordSolve(fewer.records, 3, 26, 20_001);
    expect(none.records).toBe(fewer.records);
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
