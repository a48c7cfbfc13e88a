/**
 * How a finished game reaches the browser's history. The controllers' `recordGame` is
 * synchronous and the history's database (IndexedDB, historyDb.ts) is not, so a game is kept in
 * two steps:
 *
 * 1. At once, in local storage, under a key of its own (`slidebox:history-pending:<id>`, its id
 *    a hash of its figures): a tab closed right after the game ends still has it, and two tabs
 *    never write the same key. `recordGame` then answers ok and play goes on.
 * 2. Then historyDb.ts (loaded on first use, so not with the home screen) adds every waiting
 *    game to the database in one transaction and removes their keys. Another tab may add the
 *    same waiting game at the same moment: the database keeps one record per id.
 *
 * When the database cannot be used (no IndexedDB, it refuses to open, or it is full), the
 * history falls back to local storage for the rest of the visit — the one-key history of
 * persistHistory.ts, which keeps the share codes of the newest 50 games only — and the player
 * reads one sentence saying so. That history is moved into the database on a later visit. A
 * failure found after `recordGame` has answered reaches the player through historyNotice.ts.
 */
import { err, ok, problem, type Result } from '../../engine/result.ts';
import type { HistoryEntry } from '../../front/history.ts';
import { historyMode, keepLocally, PENDING_PREFIX, pendingItems } from './historyLocal.ts';
import { entryId, type HistoryItem, NOT_ADDED } from './historyRecords.ts';
import type { KeyValueStore } from './keyValue.ts';
import { addOptimalLocally, appendHistory } from './persistHistory.ts';

/** Adds a finished game to the history (the store's `recordGame`). */
export function recordHistory(kv: KeyValueStore, entry: HistoryEntry): Result<void> {
  if (historyMode() === 'local') {
    const r = appendHistory(kv, entry);
    return r.ok ? ok(undefined) : err(problem('save-failed', NOT_ADDED));
  }
  const item = { id: entryId(entry), entry };
  try {
    kv.setItem(PENDING_PREFIX + item.id, JSON.stringify(entry));
  } catch {
    // Local storage is full or refused: the game goes to the database from memory.
  }
  flushSoon(kv, [item]);
  return ok(undefined);
}

/**
 * A game store's `recordGame` ({@link recordHistory}); making it opens the history's database
 * (see {@link warmHistory}), so the game knows where its history goes before it ends.
 */
export function historyRecorder(kv: KeyValueStore): (entry: HistoryEntry) => Result<void> {
  warmHistory(kv);
  return (entry) => recordHistory(kv, entry);
}

/**
 * Adds a puzzle's optimal move count to its game in the history when it was worked out after the
 * game was recorded (the puzzle store's `recordOptimal`): once the game itself is in.
 */
export function recordOptimalLater(
  kv: KeyValueStore,
  entry: HistoryEntry,
  optimal: { readonly moves: number; readonly exact: boolean },
): void {
  import('./historyDb.ts').then(
    (db) => db.recordOptimalInDb(kv, entry, optimal),
    () => addOptimalLocally(kv, entry, optimal),
  );
}

/**
 * Opens the history's database and moves into it what waits (the old local-storage history,
 * games of earlier visits), so the mode is known before a game ends. The game stores call it.
 */
export function warmHistory(kv: KeyValueStore): void {
  flushSoon(kv, []);
}

function flushSoon(kv: KeyValueStore, items: HistoryItem[]): void {
  import('./historyDb.ts').then(
    (db) => db.flushHistory(kv, items),
    // Its code could not load (offline before it was cached): local storage for this visit.
    () => keepLocally(kv, [...pendingItems(kv).items, ...items], 'unavailable'),
  );
}
