/**
 * Gets the 15-puzzle's pattern databases: from memory, else from the store (checked), else by
 * building them (then written back to the store). A damaged or foreign file is rebuilt. A store
 * that fails to read or write only costs the caching, never the solve.
 *
 * Building runs in slices that yield to the event loop, so a process stays responsive; once
 * started, a build finishes and is shared by every caller with the same store, even if the
 * solve that asked for it has been cancelled or has run out of time. Callers may listen to its
 * progress while it runs.
 */
import { buildPatternDb, type PatternDb } from './pdb.ts';
import { decodePatternDb, encodePatternDb } from './pdbCodec.ts';
import { placementCount } from './pdbCompact.ts';
import { PATTERNS_663 } from './pdbHeuristic.ts';
import type { BlobStore } from './store.ts';
import { yieldToEventLoop } from './yield.ts';

/** How one database was obtained, for benchmarks and diagnostics. */
export interface PdbLoadReport {
  readonly key: string;
  readonly source: 'store' | 'built';
  readonly ms: number;
  /** Why a stored copy was not used (absent, damaged, unreadable), if it was not. */
  readonly note?: string;
}

export interface PdbSet {
  readonly dbs: readonly PatternDb[];
  readonly reports: readonly PdbLoadReport[];
}

/** How far getting the databases has come, over all of them. */
export interface PdbProgress {
  /** `building` once any database has to be built; `reading` while stored copies are read. */
  readonly stage: 'reading' | 'building';
  /** Table entries ready (read back, or given their value by the build) of `total`. */
  readonly done: number;
  readonly total: number;
}

export type PdbProgressListener = (p: PdbProgress) => void;

/** Table entries of all the 4x4 databases: the unit of {@link PdbProgress}. */
export const PDB4_TOTAL = PATTERNS_663.reduce((sum, p) => sum + placementCount(16, p.length), 0);

/** A load in flight: who listens, and the last report (for listeners who join late). */
interface Loading {
  readonly listeners: Set<PdbProgressListener>;
  last: PdbProgress | null;
}

/** The cache key of a 4x4 database for a pattern. */
export function pdbKey(pattern: readonly number[]): string {
  return `puzzle-4x4-pdb-v1-${pattern.join('-')}.bin`;
}

const cache = new WeakMap<object, Promise<PdbSet>>();
/** Sets whose promise has resolved, for callers that must not wait. */
const ready = new WeakMap<object, PdbSet>();
const loading = new WeakMap<object, Loading>();
const NO_STORE = {};

/**
 * The databases if they can be had without building: already in memory, or complete and intact
 * in the store. Null otherwise (a build in progress is not waited for, and none is started).
 */
export async function storedPatternDbs4(
  store: BlobStore | null,
  now: () => number = () => performance.now(),
): Promise<PdbSet | null> {
  const slot = store ?? NO_STORE;
  const known = ready.get(slot);
  if (known) return known;
  if (!store || cache.has(slot)) return null;
  const dbs: PatternDb[] = [];
  const reports: PdbLoadReport[] = [];
  for (const pattern of PATTERNS_663) {
    const key = pdbKey(pattern);
    const t0 = now();
    try {
      const bytes = await store.read(key);
      const decoded = bytes ? decodePatternDb(bytes, 4, 4, pattern) : null;
      if (!decoded?.ok) return null;
      dbs.push(decoded.value);
      reports.push({ key, source: 'store', ms: now() - t0 });
    } catch {
      return null;
    }
  }
  const set = { dbs, reports };
  if (!cache.has(slot)) {
    ready.set(slot, set);
    cache.set(slot, Promise.resolve(set));
  }
  return ready.get(slot) ?? set;
}

/**
 * The 6-6-3 databases for the 15-puzzle, loaded or built once per store (per process).
 * `now` is the clock used for the report's timings. `onProgress` hears how the load goes while
 * it is in flight (at once with the latest report if it joins a load already running); it
 * hears nothing when the databases are already in memory.
 */
export function patternDbs4(
  store: BlobStore | null,
  now: () => number = () => performance.now(),
  onProgress?: PdbProgressListener,
): Promise<PdbSet> {
  const slot = store ?? NO_STORE;
  let p = cache.get(slot);
  if (!p) {
    const state: Loading = { listeners: new Set(), last: null };
    loading.set(slot, state);
    p = loadAll(store, now, (progress) => {
      state.last = progress;
      for (const listen of state.listeners) {
        try {
          listen(progress);
        } catch {
          // A listener's failure is its own: the load goes on for everyone.
        }
      }
    });
    cache.set(slot, p);
    p.then((set) => ready.set(slot, set)).catch(() => {});
    // A failed load should not stick: the next caller tries again.
    p.catch(() => cache.delete(slot));
    const done = () => {
      if (loading.get(slot) === state) loading.delete(slot);
    };
    p.then(done, done);
  }
  const state = onProgress ? loading.get(slot) : undefined;
  if (state && onProgress) {
    state.listeners.add(onProgress);
    if (state.last) onProgress(state.last);
  }
  return p;
}

/** Forgets databases held in memory (tests use this to exercise the store again). */
export function forgetPatternDbs(store: BlobStore | null): void {
  cache.delete(store ?? NO_STORE);
  ready.delete(store ?? NO_STORE);
  loading.delete(store ?? NO_STORE);
}

async function loadAll(
  store: BlobStore | null,
  now: () => number,
  report: PdbProgressListener,
): Promise<PdbSet> {
  const dbs: PatternDb[] = [];
  const reports: PdbLoadReport[] = [];
  let before = 0;
  let building = false;
  for (const pattern of PATTERNS_663) {
    const r = await loadOne(store, pattern, now, (placed) => {
      building = true;
      report({ stage: 'building', done: before + placed, total: PDB4_TOTAL });
    });
    before += placementCount(16, pattern.length);
    dbs.push(r.db);
    reports.push(r.report);
    report({ stage: building ? 'building' : 'reading', done: before, total: PDB4_TOTAL });
  }
  return { dbs, reports };
}

async function loadOne(
  store: BlobStore | null,
  pattern: readonly number[],
  now: () => number,
  building: (placed: number) => void,
): Promise<{ db: PatternDb; report: PdbLoadReport }> {
  const key = pdbKey(pattern);
  const t0 = now();
  let note: string | undefined;
  if (store) {
    try {
      const bytes = await store.read(key);
      if (bytes) {
        const decoded = decodePatternDb(bytes, 4, 4, pattern);
        if (decoded.ok) {
          return { db: decoded.value, report: { key, source: 'store', ms: now() - t0 } };
        }
        note = `${decoded.error.message}; rebuilt`;
      } else {
        note = 'not cached yet';
      }
    } catch (e) {
      note = `could not be read (${(e as Error).message}); rebuilt`;
    }
  }
  building(0);
  const gen = buildPatternDb(4, 4, pattern);
  let step = gen.next();
  while (!step.done) {
    building(step.value);
    await yieldToEventLoop();
    step = gen.next();
  }
  const db = step.value;
  if (store) {
    try {
      await store.write(key, encodePatternDb(db));
    } catch (e) {
      note = `${note ?? ''}; could not be cached (${(e as Error).message})`;
    }
  }
  return { db, report: { key, source: 'built', ms: now() - t0, ...(note ? { note } : {}) } };
}
