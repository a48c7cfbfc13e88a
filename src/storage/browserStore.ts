/**
 * The puzzle solver's {@link BlobStore} in the browser's IndexedDB: byte arrays by key, for the
 * 15-puzzle's pattern databases (built once, read back on later visits). Works in pages and in
 * workers. A store that cannot open (private browsing, storage disabled) degrades to "nothing
 * cached": `read` answers null and `write` does nothing, so the solver still works, only slower
 * to start. What comes back is checked by the solver (see `pdbCodec.ts`), not here.
 */
import type { BlobStore } from '../solvers/puzzle/store.ts';

export const DB_NAME = 'slidebox';
export const BLOB_STORE = 'blobs';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** Opens the database at `version` (its current one when undefined), adding the store if new. */
function openAt(factory: IDBFactory, version: number | undefined): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = version === undefined ? factory.open(DB_NAME) : factory.open(DB_NAME, version);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(BLOB_STORE)) {
        req.result.createObjectStore(BLOB_STORE);
      }
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB could not be opened'));
    req.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  });
}

/**
 * The database with its blob store. A database of that name that lacks the store (made by an
 * older build, or by a script that only looked) gets it in a new version, rather than leaving
 * the tables uncached for good.
 */
async function openDb(factory: IDBFactory): Promise<IDBDatabase> {
  const db = await openAt(factory, undefined);
  if (db.objectStoreNames.contains(BLOB_STORE)) return db;
  const next = db.version + 1;
  db.close();
  return openAt(factory, next);
}

/** A blob store in IndexedDB (`factory` defaults to the global indexedDB). */
export function openBrowserStore(
  factory: IDBFactory | undefined = globalThis.indexedDB,
): BlobStore {
  let db: Promise<IDBDatabase | null> | null = null;
  const connect = () => {
    db ??= factory
      ? openDb(factory).then(
          (d) => {
            // Another tab (or a newer build) wants to upgrade: step aside, reconnect next time.
            d.onversionchange = () => {
              d.close();
              db = null;
            };
            return d;
          },
          () => null,
        )
      : Promise.resolve(null);
    return db;
  };
  return {
    async read(key) {
      const d = await connect();
      if (!d) return null;
      try {
        const value: unknown = await request(
          d.transaction(BLOB_STORE, 'readonly').objectStore(BLOB_STORE).get(key),
        );
        if (value instanceof Uint8Array) return value;
        if (value instanceof ArrayBuffer) return new Uint8Array(value);
        return null;
      } catch {
        return null;
      }
    },
    async write(key, data) {
      const d = await connect();
      if (!d) return;
      try {
        const tx = d.transaction(BLOB_STORE, 'readwrite');
        tx.objectStore(BLOB_STORE).put(data, key);
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
          tx.onabort = () => reject(tx.error);
        });
      } catch {
        // Quota or a closed database: the table is simply not cached this time.
      }
    },
  };
}
