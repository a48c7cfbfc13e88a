/**
 * The 15-puzzle solver with its real 6-6-3 databases (built on the first run of a checkout,
 * about 15 s; cached under node_modules/.cache afterwards).
 */
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPuzzle } from '../../engine/puzzle.ts';
import { nextInt, type RngState, seedRng } from '../../engine/rng.ts';
import { fileCache } from '../../storage/fileCache.ts';
import { TEST_CACHE_DIR } from '../../testutil/testCache.ts';
import { neighbourTable, solves } from './grid.ts';
import { IdaSearch } from './ida.ts';
import { ManhattanHeuristic } from './manhattan.ts';
import type { PatternDb } from './pdb.ts';
import { placementCount } from './pdbCompact.ts';
import { PdbHeuristic } from './pdbHeuristic.ts';
import { PDB4_TOTAL, type PdbProgress, patternDbs4, pdbKey } from './pdbProvider.ts';
import { Pdb4Search } from './pdbSearch.ts';
import { reductionSolve } from './reduce.ts';
import { solvePuzzle } from './solve.ts';
import { type BlobStore, memoryStore } from './store.ts';

const store = fileCache(TEST_CACHE_DIR);
let dbs: readonly PatternDb[] = [];

beforeAll(async () => {
  dbs = (await patternDbs4(store)).dbs;
}, 120_000);

/** Byte equality without vitest's deep diff (tables have 16.7 million entries). */
function same(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(
    Buffer.from(b.buffer, b.byteOffset, b.byteLength),
  );
}

function pdbSolve(tiles: readonly number[]): { moves: number[]; nodes: number } {
  const s = new Pdb4Search(tiles, dbs);
  while (s.step(1_000_000) !== 'found');
  return { moves: s.result!, nodes: s.nodes };
}

/** IDA* with the given heuristic, or null if it needs more than `maxNodes`. */
function referenceSolve(
  tiles: readonly number[],
  h: ManhattanHeuristic | PdbHeuristic,
  maxNodes: number,
): { moves: number[]; nodes: number } | null {
  const s = new IdaSearch(tiles, 4, 4, h);
  while (s.nodes < maxNodes)
    if (s.step(250_000) === 'found') return { moves: s.result!, nodes: s.nodes };
  return null;
}

/** A seeded random walk of `length` slides from the goal, never undoing the previous slide. */
function randomWalk(seed: number, length: number): number[] {
  const tiles = Array.from({ length: 16 }, (_, i) => (i === 15 ? 0 : i + 1));
  const nbr = neighbourTable(4, 4);
  let rng: RngState = seedRng(seed);
  let blank = 15;
  let prev = -1;
  for (let i = 0; i < length; i++) {
    const options: number[] = [];
    for (let k = 0; k < 4; k++) {
      const m = nbr[blank * 4 + k]!;
      if (m >= 0 && m !== prev) options.push(m);
    }
    const r = nextInt(rng, options.length);
    rng = r.state;
    const m = options[r.value]!;
    tiles[blank] = tiles[m]!;
    tiles[m] = 0;
    prev = blank;
    blank = m;
  }
  return tiles;
}

describe('15-puzzle: pattern-database IDA* is optimal', () => {
  it('matches IDA* with Manhattan distance only on random positions it can solve quickly', () => {
    let compared = 0;
    const lengths: number[] = [];
    for (let seed = 1; compared < 10 && seed < 60; seed++) {
      const tiles = randomWalk(seed, 40 + ((seed * 7) % 41));
      const ref = referenceSolve(tiles, new ManhattanHeuristic(4, 4, false), 3_000_000);
      if (!ref) continue;
      const fast = pdbSolve(tiles);
      expect(fast.moves.length).toBe(ref.moves.length);
      expect(solves(tiles, 4, fast.moves)).toBe(true);
      expect(fast.nodes).toBeLessThanOrEqual(ref.nodes);
      lengths.push(ref.moves.length);
      compared++;
    }
    expect(compared).toBe(10);
    // The sample should not be trivial.
    expect(Math.max(...lengths)).toBeGreaterThanOrEqual(30);
  });

  it('the specialised search equals the generic one with the same heuristic (uniform positions)', () => {
    for (const seed of [3, 10, 12, 15, 19]) {
      const tiles = [...newPuzzle({ width: 4, seed }).tiles];
      const fast = pdbSolve(tiles);
      const ref = referenceSolve(tiles, new PdbHeuristic(dbs), 50_000_000)!;
      expect(fast.moves.length).toBe(ref.moves.length);
      expect(fast.nodes).toBe(ref.nodes);
      expect(solves(tiles, 4, fast.moves)).toBe(true);
      // Optimal lengths have the parity of the blank's distance from home.
      const b = tiles.indexOf(0);
      expect(fast.moves.length % 2).toBe((3 - (b >> 2) + (3 - (b & 3))) % 2);
    }
  });

  it('solvePuzzle returns checked optimal solutions for 4x4', async () => {
    const tiles = [...newPuzzle({ width: 4, seed: 9 }).tiles];
    const r = await solvePuzzle(tiles, 4, { store });
    expect(r.method).toBe('ida-pdb');
    expect(r.optimal).toBe(true);
    expect(r.moves.length).toBe(pdbSolve(tiles).moves.length);
    expect(solves(tiles, 4, r.moves)).toBe(true);
  });
});

describe('fast solver finishing on an optimal 4x4 corner', () => {
  it('stays valid from 5x5 to 8x8 and is shorter on average', async () => {
    let withCorner = 0;
    let without = 0;
    for (const width of [5, 6, 7, 8]) {
      for (let seed = 0; seed < 3; seed++) {
        const tiles = [...newPuzzle({ width, seed: 100 + seed }).tiles];
        const finish = (local: readonly number[]) => {
          const s = new Pdb4Search(local, dbs);
          return s.step(1_000_000) === 'found' ? s.result : null;
        };
        const a = reductionSolve(tiles, width, finish);
        const b = reductionSolve(tiles, width);
        expect(solves(tiles, width, a)).toBe(true);
        withCorner += a.length;
        without += b.length;
      }
    }
    expect(withCorner).toBeLessThan(without);
  });

  it('a corner solver that gives up falls back to the 3x3 finish', () => {
    const tiles = [...newPuzzle({ width: 6, seed: 1 }).tiles];
    const moves = reductionSolve(tiles, 6, () => null);
    expect(moves).toEqual(reductionSolve(tiles, 6));
    expect(solves(tiles, 6, moves)).toBe(true);
  });

  it('solvePuzzle uses the stored databases for big boards', async () => {
    const tiles = [...newPuzzle({ width: 7, seed: 4 }).tiles];
    const r = await solvePuzzle(tiles, 7, { store });
    expect(r.method).toBe('reduction');
    const withCorner = reductionSolve(tiles, 7, (local) => {
      const s = new Pdb4Search(local, dbs);
      return s.step(1_000_000) === 'found' ? s.result : null;
    });
    expect(r.moves).toEqual(withCorner);
    expect(withCorner).not.toEqual(reductionSolve(tiles, 7));
    expect(solves(tiles, 7, r.moves)).toBe(true);
  });
});

describe('15-puzzle: cancellation and time limits during the search', () => {
  // One of the hardest 15-puzzle positions (80 moves): a search far longer than either test
  // lets it run. A fixed position, so the test does not depend on what a seed shuffles.
  const hard = [0, 12, 9, 13, 15, 11, 10, 14, 3, 7, 2, 5, 4, 8, 6, 1];

  it('an AbortSignal stops a long search', async () => {
    const ac = new AbortController();
    const p = solvePuzzle(hard, 4, { store, signal: ac.signal, sliceNodes: 20_000 });
    setTimeout(() => ac.abort(), 100);
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('an exceeded time limit gives a valid solution from the fast solver', async () => {
    const r = await solvePuzzle(hard, 4, { store, timeLimitMs: 100, sliceNodes: 20_000 });
    expect(r.timedOut).toBe(true);
    expect(r.optimal).toBe(false);
    expect(solves(hard, 4, r.moves)).toBe(true);
  });
});

describe('the database cache', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'slidebox-cache-'));
    for (const db of dbs)
      await copyFile(join(TEST_CACHE_DIR, pdbKey(db.pattern)), join(dir, pdbKey(db.pattern)));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const small = pdbKey([2, 3, 4]);

  it('loads intact files from the store', async () => {
    const r = await patternDbs4(fileCache(dir));
    expect(r.reports.map((x) => x.source)).toEqual(['store', 'store', 'store']);
    r.dbs.forEach((db, i) => {
      expect(same(db.table, dbs[i]!.table)).toBe(true);
    });
  });

  for (const [name, damage, note] of [
    ['truncated', (b: Buffer) => b.subarray(0, b.length - 100), /wrong length/],
    ['garbage', (b: Buffer) => Buffer.from(b.map((_, i) => (i * 37) & 255)), /magic/],
    [
      'one flipped byte',
      (b: Buffer) => {
        const c = Buffer.from(b);
        c[c.length - 5] = c[c.length - 5]! ^ 1;
        return c;
      },
      /checksum/,
    ],
  ] as const) {
    it(`a ${name} file is detected and rebuilt`, async () => {
      const path = join(dir, small);
      const good = await readFile(path);
      await writeFile(path, damage(good));
      const r = await patternDbs4(fileCache(dir));
      const report = r.reports.find((x) => x.key === small)!;
      expect(report.source).toBe('built');
      expect(report.note).toMatch(note);
      expect(same(r.dbs[2]!.table, dbs[2]!.table)).toBe(true);
      // Rewritten: the next load takes it from the store again.
      expect((await readFile(path)).equals(good)).toBe(true);
      const again = await patternDbs4(fileCache(dir));
      expect(again.reports.find((x) => x.key === small)!.source).toBe('store');
    });
  }

  it('a store that cannot be written still solves', async () => {
    const failing = {
      read: (key: string) => fileCache(dir).read(key),
      write: async () => {
        throw new Error('disk full');
      },
    };
    await rm(join(dir, small));
    const r = await patternDbs4(failing);
    expect(r.reports[2]!.note).toMatch(/could not be cached \(disk full\)/);
    expect(same(r.dbs[2]!.table, dbs[2]!.table)).toBe(true);
  });
});

describe('progress while the databases are read or built', () => {
  const small = pdbKey([2, 3, 4]);
  /** A store in memory holding the cached databases, all but those named. */
  async function storeWithout(
    ...missing: string[]
  ): Promise<BlobStore & { data: Map<string, Uint8Array> }> {
    const s = memoryStore();
    for (const db of dbs) {
      const key = pdbKey(db.pattern);
      if (!missing.includes(key)) s.data.set(key, await readFile(join(TEST_CACHE_DIR, key)));
    }
    return s;
  }
  const seed8 = () => [...newPuzzle({ width: 4, seed: 8 }).tiles];

  it('reads, then builds what is missing: done rises to the total; the built table is stored', async () => {
    const s = await storeWithout(small);
    const heard: PdbProgress[] = [];
    const r = await solvePuzzle(seed8(), 4, { store: s, onProgress: (p) => heard.push(p) });
    expect(r.method).toBe('ida-pdb');
    expect(heard.length).toBeGreaterThan(3);
    expect(heard.every((p) => p.total === PDB4_TOTAL)).toBe(true);
    expect(heard.every((p, i) => i === 0 || p.done >= heard[i - 1]!.done)).toBe(true);
    expect(heard[0]!.stage).toBe('reading');
    expect(heard.at(-1)).toEqual({ stage: 'building', done: PDB4_TOTAL, total: PDB4_TOTAL });
    // Both 6-tile tables were read in one report each; the 3-tile one was built in steps.
    const sixes = placementCount(16, 6);
    expect(heard.slice(0, 2).map((p) => p.done)).toEqual([sixes, 2 * sixes]);
    expect(s.data.has(small)).toBe(true);
    // In memory now: nothing to wait for, nothing reported.
    const again: PdbProgress[] = [];
    await solvePuzzle(seed8(), 4, { store: s, onProgress: (p) => again.push(p) });
    expect(again).toEqual([]);
  });

  it('a full store reports reading only', async () => {
    const heard: PdbProgress[] = [];
    await solvePuzzle(seed8(), 4, {
      store: await storeWithout(),
      onProgress: (p) => heard.push(p),
    });
    expect(heard.map((p) => p.stage)).toEqual(['reading', 'reading', 'reading']);
    expect(heard.at(-1)!.done).toBe(PDB4_TOTAL);
  });

  it('a solve that stops waiting (time limit) hears no more, while the load goes on', async () => {
    const mem = await storeWithout(small);
    // Writing the built table waits for the test: the load is still running after the solve.
    let open = () => {};
    const gate = new Promise<void>((r) => {
      open = r;
    });
    const s: BlobStore = {
      read: (key) => mem.read(key),
      write: async (key, data) => {
        await gate;
        await mem.write(key, data);
      },
    };
    const heard: PdbProgress[] = [];
    // A clock that runs out once the build has begun.
    const now = () => (heard.some((p) => p.stage === 'building') ? 1e9 : 0);
    const r = await solvePuzzle(seed8(), 4, {
      store: s,
      now,
      timeLimitMs: 1000,
      onProgress: (p) => heard.push(p),
    });
    expect(r.timedOut).toBe(true);
    expect(r.method).toBe('reduction');
    const count = heard.length;
    expect(heard.at(-1)!.stage).toBe('building');
    expect(heard.at(-1)!.done).toBeLessThan(PDB4_TOTAL);
    const late: PdbProgress[] = [];
    // Joining the load still running: told the latest report at once, then the rest.
    const loaded = patternDbs4(s, undefined, (p) => late.push(p));
    expect(late).toEqual([heard.at(-1)]);
    open();
    await loaded;
    expect(heard.length).toBe(count);
    expect(late.at(-1)).toEqual({ stage: 'building', done: PDB4_TOTAL, total: PDB4_TOTAL });
    expect(mem.data.has(small)).toBe(true);
  });

  it('rejects an onProgress that is not a function', async () => {
    await expect(
      solvePuzzle(seed8(), 4, { onProgress: 5 as unknown as () => void }),
    ).rejects.toThrow(/onProgress must be a function/);
  });
});
