/**
 * The local-storage side of the browser's game history (see historyPending.ts for the whole
 * design): the games waiting for the database under keys of their own, where games go this visit
 * (the database, or local storage when it cannot be used), and the fallback itself — the one-key
 * history of persistHistory.ts, whose newest 50 games keep their share code.
 */
import { parseHistoryEntry } from '../../front/history.ts';
import { sayHistoryNotice } from './historyNotice.ts';
import {
  entryId,
  type FallbackReason,
  fallbackNotice,
  type HistoryItem,
  NOT_ADDED,
  WAITING,
} from './historyRecords.ts';
import { drop, type KeyValueStore } from './keyValue.ts';
import { appendHistory, loadHistory } from './persistHistory.ts';

/** The prefix of the local-storage keys of games waiting for the database. */
export const PENDING_PREFIX = 'slidebox:history-pending:';

/** Where finished games go this visit: not known until the database first answers. */
type Mode = 'unknown' | 'database' | 'local';
let mode: Mode = 'unknown';
let fallbackSaid = false;

export function historyMode(): Mode {
  return mode;
}

/** The database answered: games go there. */
export function usingDatabase(): void {
  if (mode === 'unknown') mode = 'database';
}

/** Games go to local storage for the rest of the visit; the player is told once. */
export function fallBack(reason: FallbackReason, say = sayHistoryNotice): void {
  mode = 'local';
  if (fallbackSaid) return;
  fallbackSaid = true;
  say(fallbackNotice(reason));
}

/** The text under `key`; null when there is none or the browser refuses to read it. */
export function textOf(kv: KeyValueStore, key: string): string | null {
  try {
    return kv.getItem(key);
  } catch {
    return null;
  }
}

/** Every key of the store (none when it cannot list them). */
function keysOf(kv: KeyValueStore): string[] {
  const s = kv as Partial<Storage>;
  if (typeof s.length !== 'number' || typeof s.key !== 'function') return [];
  const out: string[] = [];
  try {
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i);
      if (k !== null) out.push(k);
    }
  } catch {
    return [];
  }
  return out;
}

/**
 * The games waiting in local storage, oldest first, each checked by the history's validator;
 * an unreadable one is removed and counted.
 */
export function pendingItems(kv: KeyValueStore): { items: HistoryItem[]; damaged: number } {
  const items: HistoryItem[] = [];
  let damaged = 0;
  for (const key of keysOf(kv).filter((k) => k.startsWith(PENDING_PREFIX))) {
    let parsed: ReturnType<typeof parseHistoryEntry> | null = null;
    try {
      parsed = parseHistoryEntry(JSON.parse(textOf(kv, key) ?? 'null'));
    } catch {
      parsed = null;
    }
    if (parsed?.ok) items.push({ id: entryId(parsed.value), entry: parsed.value });
    else {
      damaged++;
      drop(kv, key);
    }
  }
  return { items: uniqueItems(items), damaged };
}

/** Items without repeats (by id), in the order played. */
export function uniqueItems(items: readonly HistoryItem[]): HistoryItem[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  return [...byId.values()].sort(
    (a, b) => a.entry.date.localeCompare(b.entry.date) || a.id.localeCompare(b.id),
  );
}

/** Removes the waiting copies of games now kept elsewhere. */
export function dropPending(kv: KeyValueStore, items: readonly HistoryItem[]): void {
  for (const i of items) drop(kv, PENDING_PREFIX + i.id);
}

/**
 * The fallback: waiting games go into the local-storage history (unless it has them already),
 * and leave their waiting keys. A game that does not fit stays waiting if it could be kept
 * aside, and is lost otherwise; either is said.
 */
export function keepLocally(
  kv: KeyValueStore,
  items: readonly HistoryItem[],
  reason: FallbackReason,
  say = sayHistoryNotice,
): void {
  fallBack(reason, say);
  if (items.length === 0) return;
  const local = loadHistory(kv);
  if (local.notice) say(local.notice);
  const have = new Set(local.value.entries.map(entryId));
  let waiting = false;
  let lost = false;
  for (const item of uniqueItems(items)) {
    const kept = have.has(item.id) || appendHistory(kv, item.entry).ok;
    if (kept) dropPending(kv, [item]);
    else if (textOf(kv, PENDING_PREFIX + item.id) !== null) waiting = true;
    else lost = true;
  }
  if (lost) say(NOT_ADDED);
  else if (waiting) say(WAITING);
}
