/** The store the Node entry points use by default: one file cache per process. */
import type { BlobStore } from '../solvers/puzzle/store.ts';
import { fileCache } from './fileCache.ts';

let store: BlobStore | null = null;

/** The user's cache folder as a store (see {@link fileCache}), made once. */
export function defaultStore(): BlobStore {
  store ??= fileCache();
  return store;
}
