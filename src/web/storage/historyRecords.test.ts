import { describe, expect, it } from 'vitest';
import { emptyTotals, type HistoryEntry } from '../../front/history.ts';
import {
  damageNotice,
  entryId,
  fallbackNotice,
  fingerprint,
  itemsOf,
  MARKS_KEPT,
  markedRecord,
  readGameRecord,
  readMarks,
  readTotalsRecord,
  TOTALS_KIND,
  totalsRecord,
} from './historyRecords.ts';

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

describe('a game’s id', () => {
  it('is the same without its share code and whatever the order of its fields', () => {
    const { code: _code, ...bare } = game;
    const reordered = Object.fromEntries(Object.entries(game).reverse()) as HistoryEntry;
    expect(entryId(bare)).toBe(entryId(game));
    expect(entryId(reordered)).toBe(entryId(game));
    expect(entryId(game)).toMatch(/^[0-9a-z]{22}$/);
  });

  it('differs when any figure differs', () => {
    const others = [
      { ...game, score: 1204 },
      { ...game, date: '2026-01-02T03:04:05.001Z' },
      { ...game, size: 5 },
      { ...game, won: true },
      { ...game, evil: true as const },
    ];
    const ids = new Set([game, ...others].map(entryId));
    expect(ids.size).toBe(others.length + 1);
  });

  it('of a game repeated in one history is told apart by its copy number', () => {
    const other = { ...game, score: 8 };
    expect(itemsOf([game, other, game, game]).map((i) => i.id)).toEqual([
      entryId(game),
      entryId(other),
      `${entryId(game)}~2`,
      `${entryId(game)}~3`,
    ]);
  });

  it('fingerprints texts apart', () => {
    expect(fingerprint('{"a":1}')).not.toBe(fingerprint('{"a":2}'));
    expect(fingerprint('x')).toBe(fingerprint('x'));
  });
});

describe('records read back', () => {
  it('a game record goes through the history’s validator', () => {
    expect(readGameRecord({ id: 'abc', entry: { ...game, extra: 1 } })).toEqual({
      id: 'abc',
      entry: game,
    });
    for (const junk of [null, 'text', { id: 'abc' }, { entry: game }, { id: '', entry: game }]) {
      expect(readGameRecord(junk)).toBeNull();
    }
    expect(readGameRecord({ id: 'abc', entry: { ...game, size: 99 } })).toBeNull();
  });

  it('totals: none yet is none; damaged or of another version is reset, and says so', () => {
    const totals = [emptyTotals({ kind: '2048', size: 4 })];
    expect(readTotalsRecord(undefined)).toEqual({ rolledUp: [], damaged: false });
    expect(readTotalsRecord(totalsRecord(totals))).toEqual({ rolledUp: totals, damaged: false });
    for (const junk of [
      null,
      'junk',
      { kind: TOTALS_KIND, version: 2, rolledUp: totals },
      { kind: TOTALS_KIND, version: 1, rolledUp: [{ kind: 'chess' }] },
      { kind: 'other', version: 1, rolledUp: totals },
    ]) {
      expect(readTotalsRecord(junk)).toEqual({ rolledUp: [], damaged: true });
    }
  });

  it('the move-over marker remembers the newest fingerprints, each once', () => {
    expect(readMarks(undefined)).toEqual([]);
    expect(readMarks({ moved: ['a', 3, 'b'] })).toEqual(['a', 'b']);
    expect(markedRecord(['a', 'b'], 'a')).toEqual({ moved: ['b', 'a'] });
    const many = Array.from({ length: MARKS_KEPT }, (_, i) => `m${i}`);
    const next = markedRecord(many, 'new').moved;
    expect(next).toHaveLength(MARKS_KEPT);
    expect(next.at(-1)).toBe('new');
    expect(next).not.toContain('m0');
  });
});

describe('sentences', () => {
  it('say what was removed, in one sentence', () => {
    expect(damageNotice(0, false)).toBeNull();
    expect(damageNotice(1, false)).toBe(
      'Your game history had 1 damaged game, which was removed; the rest is kept.',
    );
    expect(damageNotice(3, true)).toBe(
      'Your game history had 3 damaged games and damaged totals of older games, which were removed; the rest is kept.',
    );
    expect(damageNotice(0, true)).toBe(
      'Your game history had damaged totals of older games, which were removed; the rest is kept.',
    );
  });

  it('say where the history is kept when the database cannot be used', () => {
    expect(fallbackNotice('unavailable')).toBe(
      "Your game history is kept in this browser's local storage for now (its database is unavailable): only the newest 50 games keep their share code.",
    );
    expect(fallbackNotice('full')).toMatch(/\(its database is full\)/);
  });
});
