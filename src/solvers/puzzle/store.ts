/**
 * Where pattern databases are cached between runs. The solver is given a store; the Node file
 * cache lives in `src/storage/`, and a browser can supply one backed by IndexedDB. A store is a
 * plain key -> bytes map: checking what comes back is the solver's job (see `pdbCodec.ts`).
 */
export interface BlobStore {
  /** The bytes stored under `key`, or null if there are none. May reject on I/O errors. */
  read(key: string): Promise<Uint8Array | null>;
  /** Stores bytes under `key`, replacing what was there, all or nothing. */
  write(key: string, data: Uint8Array): Promise<void>;
}

/** A store kept in memory (tests, and a place to put databases without a disk). */
export function memoryStore(): BlobStore & { readonly data: Map<string, Uint8Array> } {
  const data = new Map<string, Uint8Array>();
  return {
    data,
    async read(key) {
      return data.get(key) ?? null;
    },
    async write(key, bytes) {
      data.set(key, Uint8Array.from(bytes));
    },
  };
}
