/**
 * The adapter behind the solver worker (the AI worker's handler is tested in aiHandler.test.ts):
 * it asks the real puzzle solver, with its blob store, a time limit, cancellation and table
 * progress turned into phrases for the page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { moveTile, newPuzzle, puzzleFromTiles } from '../../engine/puzzle.ts';
import { solves } from '../../solvers/puzzle/grid.ts';
import { PATTERNS_663 } from '../../solvers/puzzle/pdbHeuristic.ts';
import { patternDbs4, pdbKey } from '../../solvers/puzzle/pdbProvider.ts';
import { memoryStore } from '../../solvers/puzzle/store.ts';
import { fileCache } from '../../storage/fileCache.ts';
import { bfsDistances, encode } from '../../testutil/puzzleBfs.ts';
import { TEST_CACHE_DIR } from '../../testutil/testCache.ts';
import { SOLVER_BACKEND, STAGES, solve } from './solverBackend.ts';

describe('solver backend', () => {
  /** The three stored 4×4 tables, as the solver's own test cache holds them. */
  const stored = new Map<string, Uint8Array>();
  beforeAll(async () => {
    const cache = fileCache(TEST_CACHE_DIR);
    await patternDbs4(cache);
    for (const p of PATTERNS_663) stored.set(pdbKey(p), (await cache.read(pdbKey(p)))!);
  }, 120_000);

  const opts = (over: { keep?: (key: string) => boolean; signal?: AbortSignal } = {}) => {
    const store = memoryStore();
    for (const [k, v] of stored) if (over.keep?.(k) ?? true) store.data.set(k, v);
    const heard: [string, number, number][] = [];
    return {
      signal: over.signal ?? new AbortController().signal,
      store,
      progress: (stage: string, done: number, total: number) =>
        void heard.push([stage, done, total]),
      heard,
    };
  };

  it('is the real solver', () => {
    expect(SOLVER_BACKEND.final).toBe(true);
  });

  it('solves 3×3 boards optimally, with no tables', async () => {
    const dist = bfsDistances(3, 3);
    for (const seed of [1, 2, 3]) {
      const o = opts();
      let p = newPuzzle({ width: 3, seed });
      const { tiles, optimal } = await solve(p.tiles, 3, o);
      expect(optimal).toBe(true);
      expect(tiles.length).toBe(dist.get(encode(p.tiles)));
      for (const t of tiles) {
        const next = moveTile(p, t);
        expect(next).not.toBe(p);
        p = next;
      }
      expect(p.solved).toBe(true);
      expect(o.heard).toEqual([]);
    }
  });

  it('reads stored 4×4 tables, saying so, and solves optimally', async () => {
    const o = opts();
    const tiles = [...newPuzzle({ width: 4, seed: 12 }).tiles];
    const { tiles: moves, optimal } = await solve(tiles, 4, o);
    expect(solves(tiles, 4, moves)).toBe(true);
    expect(optimal).toBe(true);
    expect(o.heard.length).toBeGreaterThan(0);
    expect(o.heard.every(([stage]) => stage === STAGES.reading)).toBe(true);
    const [, done, total] = o.heard.at(-1)!;
    expect(done).toBe(total);
  });

  it('builds a missing table, saying so in whole percents, and stores it', async () => {
    const small = pdbKey([2, 3, 4]);
    const o = opts({ keep: (k) => k !== small });
    const tiles = [...newPuzzle({ width: 4, seed: 13 }).tiles];
    const { tiles: moves } = await solve(tiles, 4, o);
    expect(solves(tiles, 4, moves)).toBe(true);
    expect(o.heard.map(([s]) => s)).toContain(STAGES.building);
    // No two reports in a row with the same stage and whole percent.
    const keys = o.heard.map(([s, d, t]) => `${s} ${Math.floor((d / t) * 100)}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(o.store.data.get(small)).toEqual(stored.get(small));
  });

  it('answers from the fast solver when the optimal search runs out of time', async () => {
    // One of the hardest 15-puzzle positions (80 moves): far beyond 100 ms of search.
    const hard = [0, 12, 9, 13, 15, 11, 10, 14, 3, 7, 2, 5, 4, 8, 6, 1];
    const { tiles: moves, optimal } = await solve(hard, 4, { ...opts(), timeLimitMs: 100 });
    expect(solves(hard, 4, moves)).toBe(true);
    expect(moves.length).toBeGreaterThan(80);
    expect(optimal).toBe(false);
  });

  it('is cancelled by its signal', async () => {
    const ac = new AbortController();
    const hard = [0, 12, 9, 13, 15, 11, 10, 14, 3, 7, 2, 5, 4, 8, 6, 1];
    const p = solve(hard, 4, opts({ signal: ac.signal }));
    setTimeout(() => ac.abort(), 50);
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('solves large boards with the fast solver, and gives the goal no moves', async () => {
    const tiles = [...newPuzzle({ width: 6, seed: 3 }).tiles];
    expect(solves(tiles, 6, (await solve(tiles, 6, opts())).tiles)).toBe(true);
    const goal = puzzleFromTiles([1, 2, 3, 4, 5, 6, 7, 8, 0], 3).tiles;
    expect(await solve(goal, 3, opts())).toEqual({ tiles: [], optimal: true });
  });

  it('rejects a bad board with the engine’s sentence', async () => {
    await expect(solve([1, 2, 3, 4, 5, 6, 8, 7, 0], 3, opts())).rejects.toThrow(/cannot be solved/);
    await expect(solve([1, 2, 3], 3, opts())).rejects.toThrow(/./);
  });
});
