import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../front/history.ts';
import type { KeyValueStore } from './persist.ts';
import {
  addOptimalLocally,
  appendHistory,
  CODES_KEPT,
  HISTORY_KEY,
  loadHistory,
} from './persistHistory.ts';

function memory(limit = Number.POSITIVE_INFINITY): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      if (v.length > limit) throw new DOMException('full', 'QuotaExceededError');
      map.set(k, v);
    },
    removeItem: (k) => void map.delete(k),
  };
}

const entry = (i: number): HistoryEntry => ({
  kind: '2048',
  size: 4,
  date: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  score: i * 10,
  moves: i,
  maxTile: 64,
  won: false,
  assisted: false,
  code: `sb.${'A'.repeat(200)}${i}`,
});

describe('the browser’s game history', () => {
  it('keeps every game, and the share codes of the newest ones only', () => {
    const kv = memory();
    for (let i = 0; i < CODES_KEPT + 10; i++) expect(appendHistory(kv, entry(i)).ok).toBe(true);
    const h = loadHistory(kv);
    expect(h.notice).toBeNull();
    expect(h.value.entries.map((e) => e.score)).toEqual(
      Array.from({ length: CODES_KEPT + 10 }, (_, i) => i * 10),
    );
    expect(h.value.entries.filter((e) => e.code !== undefined)).toHaveLength(CODES_KEPT);
    expect(h.value.entries.at(-1)!.code).toBe(entry(CODES_KEPT + 9).code);
  });

  it('drops share codes rather than the game when the storage is nearly full', () => {
    const kv = memory(4000);
    for (let i = 0; i < 12; i++) expect(appendHistory(kv, entry(i)).ok).toBe(true);
    const h = loadHistory(kv).value;
    expect(h.entries).toHaveLength(12);
    expect(h.entries.at(-1)!.code).toBe(entry(11).code);
  });

  it('starts afresh with a sentence when the stored history is damaged', () => {
    const kv = memory();
    kv.setItem(HISTORY_KEY, '{"kind":"slidebox/history","version":1,"entries":[{"kind":"chess"}]}');
    const h = loadHistory(kv);
    expect(h.value.entries).toEqual([]);
    expect(h.notice).toMatch(
      /^Your game history could not be read \(.+\) and was started afresh\.$/,
    );
    expect(appendHistory(kv, entry(1)).ok).toBe(true);
    expect(loadHistory(kv).value.entries).toHaveLength(1);
  });

  it('says so when the browser refuses to save at all', () => {
    const r = appendHistory(memory(10), entry(1));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/^Could not save in this browser/);
  });

  it('adds a puzzle’s optimal count that came after the solve to its entry, once', () => {
    const kv = memory();
    const solve: HistoryEntry = {
      kind: 'puzzle',
      size: 3,
      date: '2026-04-02T10:00:00.000Z',
      moves: 30,
      timeMs: 9000,
      won: true,
      assisted: false,
      code: 'sb.puzzle',
    };
    // Without a history there is nothing to change (and nothing is written).
    addOptimalLocally(kv, solve, { moves: 22, exact: true });
    expect(kv.map.size).toBe(0);
    appendHistory(kv, entry(1));
    appendHistory(kv, solve);
    addOptimalLocally(kv, solve, { moves: 22, exact: true });
    expect(loadHistory(kv).value.entries.at(-1)).toEqual({ ...solve, optimal: 22 });
    // A second count (or a lower bound) does not replace it; another game is not touched.
    addOptimalLocally(kv, solve, { moves: 20, exact: false });
    addOptimalLocally(kv, { ...solve, code: 'sb.other' }, { moves: 5, exact: true });
    const entries = loadHistory(kv).value.entries;
    expect(entries.at(-1)).toEqual({ ...solve, optimal: 22 });
    expect(entries[0]).toEqual(entry(1));
  });
});
