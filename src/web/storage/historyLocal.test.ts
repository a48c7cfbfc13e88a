/**
 * The local-storage side of the browser's history: games waiting for the database, and the
 * fallback to the one-key history when the database cannot be used. The module keeps where games
 * go this visit, so each test loads it afresh.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../../front/history.ts';
import { entryId, fallbackNotice, NOT_ADDED, WAITING } from './historyRecords.ts';
import type { KeyValueStore } from './keyValue.ts';
import { appendHistory, CODES_KEPT, HISTORY_KEY, loadHistory } from './persistHistory.ts';

type Local = typeof import('./historyLocal.ts');
let local: Local;

beforeEach(async () => {
  vi.resetModules();
  local = await import('./historyLocal.ts');
});

/** A Storage-like store in memory (it lists its keys); `room` caps the text it holds. */
function storage(limit = Number.POSITIVE_INFINITY) {
  const map = new Map<string, string>();
  const used = () => [...map].reduce((n, [k, v]) => n + k.length + v.length, 0);
  const s: KeyValueStore & {
    map: Map<string, string>;
    length: number;
    key(i: number): string | null;
    room: number;
  } = {
    map,
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      if (used() - (map.get(k)?.length ?? 0) + v.length > s.room) {
        throw new DOMException('full', 'QuotaExceededError');
      }
      map.set(k, v);
    },
    removeItem: (k) => void map.delete(k),
    room: limit,
  };
  return s;
}

const entry = (i: number, code = true): HistoryEntry => ({
  kind: '2048',
  size: 4,
  date: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  score: i * 10,
  moves: i,
  maxTile: 64,
  won: false,
  assisted: false,
  ...(code ? { code: `sb.${'A'.repeat(100)}${i}` } : {}),
});

function wait(kv: KeyValueStore, e: HistoryEntry): string {
  const key = local.PENDING_PREFIX + entryId(e);
  kv.setItem(key, JSON.stringify(e));
  return key;
}

describe('games waiting for the database', () => {
  it('are read back checked, oldest first, once each; a damaged one is removed and counted', () => {
    const kv = storage();
    wait(kv, entry(3));
    wait(kv, entry(1));
    kv.setItem(`${local.PENDING_PREFIX}junk`, '{"kind":"chess"}');
    kv.setItem(`${local.PENDING_PREFIX}notjson`, '{');
    kv.setItem('slidebox:settings', '{}');
    const { items, damaged } = local.pendingItems(kv);
    expect(items).toEqual([
      { id: entryId(entry(1)), entry: entry(1) },
      { id: entryId(entry(3)), entry: entry(3) },
    ]);
    expect(damaged).toBe(2);
    expect([...kv.map.keys()].filter((k) => k.startsWith(local.PENDING_PREFIX))).toHaveLength(2);
  });

  it('are none in a store that cannot list its keys', () => {
    const map = new Map([[`${'slidebox:history-pending:'}x`, JSON.stringify(entry(1))]]);
    const kv: KeyValueStore = {
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
    };
    expect(local.pendingItems(kv)).toEqual({ items: [], damaged: 0 });
  });
});

describe('the fallback to local storage', () => {
  it('moves waiting games into the one-key history, once, and says so once a visit', () => {
    const kv = storage();
    const said: string[] = [];
    const say = (t: string) => void said.push(t);
    wait(kv, entry(1));
    wait(kv, entry(2));
    // One of them is in the local history already (another tab moved it).
    appendHistory(kv, entry(1));
    const items = local.pendingItems(kv).items;
    local.keepLocally(
      kv,
      [...items, { id: entryId(entry(3)), entry: entry(3) }],
      'unavailable',
      say,
    );
    expect(loadHistory(kv).value.entries).toEqual([entry(1), entry(2), entry(3)]);
    expect(local.pendingItems(kv).items).toEqual([]);
    expect(said).toEqual([fallbackNotice('unavailable')]);
    expect(local.historyMode()).toBe('local');
    local.keepLocally(kv, [{ id: entryId(entry(4)), entry: entry(4) }], 'full', say);
    expect(said).toHaveLength(1);
    expect(loadHistory(kv).value.entries).toHaveLength(4);
  });

  it('keeps the share codes of the newest 50 games only', () => {
    const kv = storage();
    const items = Array.from({ length: CODES_KEPT + 5 }, (_, i) => ({
      id: entryId(entry(i)),
      entry: entry(i),
    }));
    local.keepLocally(kv, items, 'unavailable', () => {});
    const entries = loadHistory(kv).value.entries;
    expect(entries).toHaveLength(CODES_KEPT + 5);
    expect(entries.filter((e) => e.code !== undefined)).toHaveLength(CODES_KEPT);
  });

  it('leaves a game that does not fit waiting, and says it will be added later', () => {
    const kv = storage();
    const key = wait(kv, entry(1));
    kv.room = kv.getItem(key)!.length + key.length + 100;
    const said: string[] = [];
    local.keepLocally(kv, local.pendingItems(kv).items, 'unavailable', (t) => said.push(t));
    expect(kv.getItem(key)).not.toBeNull();
    expect(said).toEqual([fallbackNotice('unavailable'), WAITING]);
  });

  it('says a game was lost when nothing could keep it', () => {
    const kv = storage(10);
    const said: string[] = [];
    local.keepLocally(kv, [{ id: entryId(entry(1)), entry: entry(1) }], 'full', (t) =>
      said.push(t),
    );
    expect(said).toEqual([fallbackNotice('full'), NOT_ADDED]);
    expect(kv.getItem(HISTORY_KEY)).toBeNull();
  });

  it('the database answering first means games go there', () => {
    expect(local.historyMode()).toBe('unknown');
    local.usingDatabase();
    expect(local.historyMode()).toBe('database');
    local.fallBack('full', () => {});
    expect(local.historyMode()).toBe('local');
    local.usingDatabase();
    expect(local.historyMode()).toBe('local');
  });
});
