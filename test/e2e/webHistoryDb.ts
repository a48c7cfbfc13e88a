/**
 * The browser's history database as the tests see it: read its records and write records in
 * the app's format straight into it, from the page (IndexedDB belongs to the page's origin).
 * Opening never makes the database: when the app has not made it yet, reading answers null.
 */
import type { Page } from 'playwright-core';
import type { HistoryEntry } from '../../src/front/history.ts';
import {
  GAMES_STORE,
  HISTORY_DB,
  META_STORE,
  MOVED_KEY,
  TOTALS_KEY,
} from '../../src/web/storage/historyDb.ts';
import { PENDING_PREFIX } from '../../src/web/storage/historyLocal.ts';
import { entryId } from '../../src/web/storage/historyRecords.ts';

const NAMES = { db: HISTORY_DB, games: GAMES_STORE, meta: META_STORE } as const;

/** What the database holds: its games in key order, and its meta records. */
export interface StoredHistory {
  readonly games: { key: number; value: unknown }[];
  readonly totals: unknown;
  readonly moved: unknown;
}

/** The database's records, or null when the app has not made it. */
export async function readHistoryDb(page: Page): Promise<StoredHistory | null> {
  const raw = await page.evaluate(async (n) => {
    const db = await new Promise<IDBDatabase | null>((resolve) => {
      const req = indexedDB.open(n.db);
      // Not there yet: abort rather than make it.
      req.onupgradeneeded = () => req.transaction?.abort();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
    });
    if (!db) return null;
    const tx = db.transaction([n.games, n.meta], 'readonly');
    const ask = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const games = tx.objectStore(n.games);
    const meta = tx.objectStore(n.meta);
    const [keys, values, metaKeys, metaValues] = await Promise.all([
      ask(games.getAllKeys()),
      ask(games.getAll()),
      ask(meta.getAllKeys()),
      ask(meta.getAll()),
    ]);
    db.close();
    return {
      games: keys.map((key, i) => ({ key: key as number, value: values[i] })),
      meta: Object.fromEntries(metaKeys.map((k, i) => [String(k), metaValues[i]])),
    };
  }, NAMES);
  if (!raw) return null;
  return { games: raw.games, totals: raw.meta[TOTALS_KEY], moved: raw.meta[MOVED_KEY] };
}

/** The entries of the database's game records, in the order played. */
export async function storedEntries(page: Page): Promise<HistoryEntry[]> {
  const stored = await readHistoryDb(page);
  return (stored?.games ?? []).map((g) => (g.value as { entry: HistoryEntry }).entry);
}

/** A game's record in the app's format. */
export const gameRecord = (entry: HistoryEntry) => ({ id: entryId(entry), entry });

/**
 * Adds `records` to the games store as they are (valid or not), and puts `totals` as the totals
 * record when given; the app must have made the database.
 */
export async function writeHistoryDb(
  page: Page,
  records: readonly unknown[],
  totals?: unknown,
): Promise<void> {
  await page.evaluate(
    async ({ n, records, totals, totalsKey }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(n.db);
        req.onupgradeneeded = () => req.transaction?.abort();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(new Error('the app has not made its history database'));
      });
      const tx = db.transaction([n.games, n.meta], 'readwrite');
      for (const r of records) tx.objectStore(n.games).add(r);
      if (totals !== undefined) tx.objectStore(n.meta).put(totals, totalsKey);
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onabort = () => reject(tx.error);
      });
      db.close();
    },
    { n: NAMES, records, totals, totalsKey: TOTALS_KEY },
  );
}

/** A finished game waiting in local storage for the database, as the app leaves it. */
export function pendingItem(entry: HistoryEntry): [string, string] {
  return [PENDING_PREFIX + entryId(entry), JSON.stringify(entry)];
}
