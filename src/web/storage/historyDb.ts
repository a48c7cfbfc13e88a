/**
 * The browser's history of finished games in IndexedDB: as many games as the terminal's
 * history.json keeps — the newest 1,000, each with its share code — and the totals of older
 * ones, folded in exactly as `appendEntry` does (front/history.ts), so the Statistics screen's
 * figures are the terminal's. Loaded with the screens that need it, never with the home screen.
 *
 * The database `slidebox-history` (its own, with its own versions; the solver's tables are in
 * `slidebox`) has two object stores:
 * - `games`: one record per game, `{ id, entry }`, under an increasing key (the order played)
 *   and a unique index on `id` (a hash of the game's figures, historyRecords.ts);
 * - `meta`: `totals`, the rolled-up totals of the games dropped past the newest 1,000, and
 *   `moved`, the fingerprints of the old local-storage histories already moved in.
 *
 * Every write is one readwrite transaction: the new games are added (one already there by id is
 * skipped, so two tabs adding the same waiting game keep it once), and when there are more than
 * 1,000 games the oldest are deleted and folded into `totals` in the same transaction. IndexedDB
 * runs readwrite transactions on the same stores one after the other, so games finished in two
 * tabs at the same moment are both kept.
 *
 * The old history (local storage, `slidebox:history`) is moved in on first use, with its totals,
 * in the same transaction that records its fingerprint in `moved`; its key is removed after the
 * transaction commits. A tab closed in between leaves the key, and the next visit sees the
 * fingerprint and only removes it: the games are never imported twice.
 *
 * Everything read back goes through the history's validators (`parseHistoryEntry`,
 * `parseRolledUp`): a damaged record is removed, damaged totals are started afresh, and the
 * player reads one sentence. Nothing here throws: a database that cannot be used sends the
 * history to local storage for the visit (historyLocal.ts).
 */
import {
  EMPTY_HISTORY,
  type History,
  type HistoryEntry,
  MAX_ENTRIES,
  mergeRolledUp,
  rollUp,
  type Totals,
  withinMax,
  withOptimal,
} from '../../front/history.ts';
import {
  dropPending,
  fallBack,
  historyMode,
  keepLocally,
  pendingItems,
  textOf,
  uniqueItems,
  usingDatabase,
} from './historyLocal.ts';
import { sayHistoryNotice } from './historyNotice.ts';
import {
  damageNotice,
  entryId,
  fingerprint,
  gameRecord,
  type HistoryItem,
  itemsOf,
  markedRecord,
  readGameRecord,
  readMarks,
  readTotalsRecord,
  totalsRecord,
} from './historyRecords.ts';
import { drop, type KeyValueStore, type Loaded } from './keyValue.ts';
import { addOptimalLocally, HISTORY_KEY, loadHistory } from './persistHistory.ts';

export const HISTORY_DB = 'slidebox-history';
export const GAMES_STORE = 'games';
export const META_STORE = 'meta';
export const ID_INDEX = 'id';
export const TOTALS_KEY = 'totals';
export const MOVED_KEY = 'moved';
/** How long the database may take to open before the history uses local storage instead. */
const OPEN_TIMEOUT_MS = 10_000;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** Settles when the transaction commits (or rejects with why it did not). */
function completion(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function upgrade(db: IDBDatabase): void {
  if (!db.objectStoreNames.contains(GAMES_STORE)) {
    const games = db.createObjectStore(GAMES_STORE, { autoIncrement: true });
    games.createIndex(ID_INDEX, 'id', { unique: true });
  }
  if (!db.objectStoreNames.contains(META_STORE)) db.createObjectStore(META_STORE);
}

/**
 * Opens the database at `version` (its current one when undefined), making its stores if new.
 * Gives up when it is blocked or takes too long; a connection that arrives after that is closed.
 */
function openAt(factory: IDBFactory, version: number | undefined): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req =
      version === undefined ? factory.open(HISTORY_DB) : factory.open(HISTORY_DB, version);
    let settled = false;
    const give = (e: Error) => {
      settled = true;
      clearTimeout(timer);
      reject(e);
    };
    const timer = setTimeout(
      () => give(new Error('IndexedDB did not open in time')),
      OPEN_TIMEOUT_MS,
    );
    req.onupgradeneeded = () => upgrade(req.result);
    req.onsuccess = () => {
      clearTimeout(timer);
      if (settled) req.result.close();
      else resolve(req.result);
    };
    req.onerror = () => give(req.error ?? new Error('IndexedDB could not be opened'));
    req.onblocked = () => give(new Error('IndexedDB is blocked by another tab'));
  });
}

/**
 * Opens the history's database; rejects when the browser has none, refuses, or takes too long.
 * A database of that name without the stores (made by a script that only looked) gets them in
 * a new version.
 */
export async function openHistoryDb(factory: IDBFactory | undefined): Promise<IDBDatabase> {
  if (!factory) throw new Error('this browser has no IndexedDB');
  const db = await openAt(factory, undefined);
  if (db.objectStoreNames.contains(GAMES_STORE) && db.objectStoreNames.contains(META_STORE)) {
    return db;
  }
  const next = db.version + 1;
  db.close();
  return openAt(factory, next);
}

let connection: Promise<IDBDatabase | null> | null = null;

/** The database for this page, opened once (null: it cannot be used this visit). */
function connect(): Promise<IDBDatabase | null> {
  connection ??= openHistoryDb(globalThis.indexedDB).then(
    (db) => {
      // A newer build wants to upgrade it, or the browser closed it: reopen on next use.
      db.onversionchange = () => {
        db.close();
        connection = null;
      };
      db.onclose = () => {
        connection = null;
      };
      return db;
    },
    () => null,
  );
  return connection;
}

/** Adds a game unless one with its id is there already (then false: nothing changes). */
function addUnlessKept(games: IDBObjectStore, item: HistoryItem): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const req = games.add(gameRecord(item));
    req.onsuccess = () => resolve(true);
    req.onerror = (ev) => {
      if (req.error?.name !== 'ConstraintError') {
        reject(req.error);
        return;
      }
      // Kept already (another tab, an earlier visit): skip it, keep the transaction going.
      ev.preventDefault();
      ev.stopPropagation();
      resolve(false);
    };
  });
}

/**
 * Runs `body` in one transaction on both stores; resolves with its answer once committed, or
 * rejects (aborting it) when a request failed or the browser refused to commit.
 */
async function inTransaction<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  body: (games: IDBObjectStore, meta: IDBObjectStore) => Promise<T>,
): Promise<T> {
  const tx = db.transaction([GAMES_STORE, META_STORE], mode);
  const committed = completion(tx);
  // Awaited below; this only keeps an early abort from being reported as unhandled.
  committed.catch(() => undefined);
  try {
    const answer = await body(tx.objectStore(GAMES_STORE), tx.objectStore(META_STORE));
    await committed;
    return answer;
  } catch (e) {
    try {
      tx.abort();
    } catch {
      // Finished already.
    }
    throw e;
  }
}

/** The oldest `n` games, deleted from the store and read back (null: a damaged record). */
async function takeOldest(games: IDBObjectStore, n: number): Promise<(HistoryItem | null)[]> {
  if (n <= 0) return [];
  const [keys, values] = await Promise.all([
    request(games.getAllKeys(null, n)),
    request(games.getAll(null, n)),
  ]);
  if (keys.length > 0) games.delete(IDBKeyRange.bound(keys[0]!, keys.at(-1)!));
  return values.map(readGameRecord);
}

/**
 * Past {@link MAX_ENTRIES} games, deletes the oldest and folds them into the totals (after
 * `moreTotals`, the totals of an old history moved in); what was damaged, as a sentence.
 */
async function rollUpOldest(
  games: IDBObjectStore,
  meta: IDBObjectStore,
  moreTotals: readonly Totals[],
): Promise<string | null> {
  const excess = (await request(games.count())) - MAX_ENTRIES;
  if (excess <= 0 && moreTotals.length === 0) return null;
  const oldest = await takeOldest(games, excess);
  const totals = readTotalsRecord(await request(meta.get(TOTALS_KEY)));
  const kept = oldest.flatMap((i) => (i ? [i.entry] : []));
  const rolledUp = rollUp(mergeRolledUp(totals.rolledUp, moreTotals), kept);
  meta.put(totalsRecord(rolledUp), TOTALS_KEY);
  return damageNotice(oldest.length - kept.length, totals.damaged);
}

/** An old local-storage history to move in: its text's fingerprint and its games. */
interface Moving {
  readonly mark: string;
  readonly history: History;
}

/**
 * One transaction: the old history (unless its fingerprint says it was moved in already), then
 * the new games, then the roll-up past 1,000 games. Resolves once committed, with what was
 * found damaged; rejects when the database refused (full, closed).
 */
function commit(
  db: IDBDatabase,
  items: readonly HistoryItem[],
  moving: Moving | null,
): Promise<string | null> {
  return inTransaction(db, 'readwrite', async (games, meta) => {
    const marks = moving ? readMarks(await request(meta.get(MOVED_KEY))) : [];
    const move = moving !== null && !marks.includes(moving.mark) ? moving : null;
    const adds = [...(move ? itemsOf(move.history.entries) : []), ...items];
    await Promise.all(adds.map((i) => addUnlessKept(games, i)));
    const damage = await rollUpOldest(games, meta, move ? move.history.rolledUp : []);
    if (move) meta.put(markedRecord(marks, move.mark), MOVED_KEY);
    return damage;
  });
}

/** The old local-storage history, if there is one (a damaged one is dropped and said). */
function oldHistory(kv: KeyValueStore, say: (text: string) => void): Moving | null {
  const text = textOf(kv, HISTORY_KEY);
  if (text === null) return null;
  const loaded = loadHistory(kv);
  if (loaded.notice) {
    say(loaded.notice);
    return null;
  }
  return { mark: fingerprint(text), history: loaded.value };
}

const isQuota = (e: unknown) => (e as { name?: string } | null)?.name === 'QuotaExceededError';

async function flushNow(
  kv: KeyValueStore,
  extra: readonly HistoryItem[],
  say: (text: string) => void,
): Promise<void> {
  const pending = pendingItems(kv);
  const damaged = damageNotice(pending.damaged, false);
  if (damaged) say(damaged);
  const items = uniqueItems([...pending.items, ...extra]);
  const db = historyMode() === 'local' ? null : await connect();
  if (!db) {
    keepLocally(kv, items, 'unavailable', say);
    return;
  }
  usingDatabase();
  const text = textOf(kv, HISTORY_KEY);
  const moving = oldHistory(kv, say);
  if (!moving && items.length === 0) return;
  try {
    const damage = await commit(db, items, moving);
    if (damage) say(damage);
  } catch (e) {
    keepLocally(kv, items, isQuota(e) ? 'full' : 'unavailable', say);
    return;
  }
  // Another tab may have added to it since (its games are then moved in next time).
  if (moving && textOf(kv, HISTORY_KEY) === text) drop(kv, HISTORY_KEY);
  dropPending(kv, items);
}

let queue: Promise<void> = Promise.resolve();

/**
 * Moves the waiting games (and `extra`, games kept in memory only) and the old local-storage
 * history into the database, one flush at a time; `say` hears what the player should read.
 */
export function flushHistory(
  kv: KeyValueStore,
  extra: readonly HistoryItem[] = [],
  say: (text: string) => void = sayHistoryNotice,
): Promise<void> {
  queue = queue
    .then(() => flushNow(kv, extra, say))
    .catch(() => keepLocally(kv, extra, 'unavailable', say));
  return queue;
}

/**
 * Adds the optimal move count to the game of `id` in the database (the id it was added under
 * stays, so a copy of it that comes in again is still kept once); false when it is not there.
 */
function optimalInDb(
  db: IDBDatabase,
  id: string,
  entry: HistoryEntry,
  optimal: { readonly moves: number; readonly exact: boolean },
): Promise<boolean> {
  return inTransaction(db, 'readwrite', async (games) => {
    const key = await request(games.index(ID_INDEX).getKey(id));
    if (key === undefined) return false;
    const item = readGameRecord(await request(games.get(key)));
    if (!item) return false;
    const [next] = withOptimal({ entries: [item.entry], rolledUp: [] }, entry, optimal).entries;
    if (next && next !== item.entry) games.put(gameRecord({ id, entry: next }), key);
    return true;
  });
}

/**
 * Adds a puzzle's optimal move count, worked out after the game was recorded, to its game: after
 * the flushes already queued (the game's own among them), in the database, else in the
 * local-storage history (where the game went when the database could not be used).
 */
export function recordOptimalInDb(
  kv: KeyValueStore,
  entry: HistoryEntry,
  optimal: { readonly moves: number; readonly exact: boolean },
): Promise<void> {
  const id = entryId(entry);
  queue = queue
    .then(async () => {
      const db = historyMode() === 'local' ? null : await connect();
      const done = db ? await optimalInDb(db, id, entry, optimal).catch(() => false) : false;
      if (!done) addOptimalLocally(kv, entry, optimal);
    })
    .catch(() => undefined);
  return queue;
}

/** Every game and the totals, checked; damaged records are removed. */
function readAll(db: IDBDatabase): Promise<{ history: History; notice: string | null }> {
  return inTransaction(db, 'readwrite', async (games, meta) => {
    const [keys, values, rawTotals] = await Promise.all([
      request(games.getAllKeys()),
      request(games.getAll()),
      request(meta.get(TOTALS_KEY)),
    ]);
    const entries = [];
    for (const [i, value] of values.entries()) {
      const item = readGameRecord(value);
      if (item) entries.push(item.entry);
      else games.delete(keys[i]!);
    }
    const totals = readTotalsRecord(rawTotals);
    if (totals.damaged) meta.delete(TOTALS_KEY);
    const history = withinMax({ entries, rolledUp: totals.rolledUp });
    return { history, notice: damageNotice(values.length - entries.length, totals.damaged) };
  });
}

/** The database's history followed by the games kept in local storage this visit. */
function withLocal(h: History, local: History): History {
  const ids = new Set(h.entries.map(entryId));
  const entries = [...h.entries, ...local.entries.filter((e) => !ids.has(entryId(e)))];
  return withinMax({ entries, rolledUp: mergeRolledUp(h.rolledUp, local.rolledUp) });
}

/**
 * The whole history for the Statistics screen, after moving in what waits: the database's, and
 * the local-storage history's when the database cannot be used this visit (one sentence says
 * so). The notice gathers what the player should read.
 */
export async function loadBrowserHistory(kv: KeyValueStore): Promise<Loaded<History>> {
  const notices: string[] = [];
  const say = (text: string) => void notices.push(text);
  await flushHistory(kv, [], say);
  // Read even when games go to local storage this visit: a full database still reads.
  const db = await connect();
  let history = EMPTY_HISTORY;
  if (db) {
    try {
      const read = await readAll(db);
      history = read.history;
      if (read.notice) say(read.notice);
    } catch {
      fallBack('unavailable', say);
    }
  }
  if (historyMode() === 'local') {
    const local = loadHistory(kv);
    if (local.notice) say(local.notice);
    history = withLocal(history, local.value);
  }
  return { value: history, notice: notices.length > 0 ? notices.join(' ') : null };
}
