/**
 * The puzzle solver against known answers. Solutions are checked with `whyNotSolved`, which
 * shares no code with the solver (whose own check is `solves`), so a fault in both still fails.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newPuzzle } from '../../engine/puzzle.ts';
import { goalTiles } from '../../engine/puzzleBoard.ts';
import { SlideboxError } from '../../engine/result.ts';
import { bfsDistances, decode, encode } from '../../testutil/puzzleBfs.ts';
import { whyNotSolved } from '../../testutil/puzzleCheck.ts';
import { reductionSolve } from './reduce.ts';
import { solvePuzzle } from './solve.ts';
import type { BlobStore } from './store.ts';

describe('3x3: optimal against exact breadth-first distances', () => {
  const dist = bfsDistances(3, 3);

  it('both 31-move positions', async () => {
    const hardest = [...dist].filter(([, d]) => d === 31).map(([k]) => decode(k, 9));
    // The known pair: 8 6 7 / 2 5 4 / 3 0 1 and 6 4 7 / 8 5 0 / 3 2 1.
    expect(hardest.map((t) => t.join('')).sort()).toEqual(['647850321', '867254301']);
    for (const tiles of hardest) {
      const r = await solvePuzzle(tiles, 3);
      expect(r.moves.length).toBe(31);
      expect(r.optimal).toBe(true);
      expect(whyNotSolved(tiles, 3, r.moves)).toBeNull();
    }
  });

  it('random positions (property): length = BFS distance, solution valid', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), async (seed) => {
        const tiles = [...newPuzzle({ width: 3, seed }).tiles];
        const r = await solvePuzzle(tiles, 3);
        expect(whyNotSolved(tiles, 3, r.moves)).toBeNull();
        expect(r.moves.length).toBe(dist.get(encode(tiles)));
      }),
      { numRuns: 150 },
    );
  });

  it('the goal needs no moves', async () => {
    expect((await solvePuzzle(goalTiles(3), 3)).moves).toEqual([]);
    expect((await solvePuzzle(goalTiles(7), 7)).moves).toEqual([]);
  });
});

describe('fast solver: valid for every size', () => {
  for (const width of [3, 4, 5, 6, 7, 8]) {
    it(`${width}x${width}: random positions solved and checked`, () => {
      for (let seed = 0; seed < (width >= 7 ? 4 : 10); seed++) {
        const tiles = [...newPuzzle({ width, seed: seed * 7919 + width }).tiles];
        const moves = reductionSolve(tiles, width);
        expect(whyNotSolved(tiles, width, moves)).toBeNull();
      }
    });
  }

  it('solves any shuffle of any size (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 8 }), fc.nat(), (width, seed) => {
        const tiles = [...newPuzzle({ width, seed }).tiles];
        return whyNotSolved(tiles, width, reductionSolve(tiles, width)) === null;
      }),
      { numRuns: 40 },
    );
  });

  it('solvePuzzle uses it for 5x5 and up, for optimal: false, and at a time limit of 0', async () => {
    const big = [...newPuzzle({ width: 8, seed: 5 }).tiles];
    const r8 = await solvePuzzle(big, 8);
    expect(r8.method).toBe('reduction');
    expect(whyNotSolved(big, 8, r8.moves)).toBeNull();
    const t4 = [...newPuzzle({ width: 4, seed: 5 }).tiles];
    const quick = await solvePuzzle(t4, 4, { optimal: false });
    expect(quick.method).toBe('reduction');
    expect(whyNotSolved(t4, 4, quick.moves)).toBeNull();
    const limited = await solvePuzzle(t4, 4, { timeLimitMs: 0, store: null });
    expect(limited.timedOut).toBe(true);
    expect(whyNotSolved(t4, 4, limited.moves)).toBeNull();
    const t3 = [...newPuzzle({ width: 3, seed: 5 }).tiles];
    const l3 = await solvePuzzle(t3, 3, { timeLimitMs: 0 });
    expect(whyNotSolved(t3, 3, l3.moves)).toBeNull();
  });
});

describe('bad input rejects with a SlideboxError naming the problem', () => {
  const cases: [string, unknown, number, unknown, string, RegExp][] = [
    ['width 2', [1, 2, 3, 0], 2, undefined, 'bad-width', /from 3 to 8, got 2/],
    ['width 9', goalTiles(9), 9, undefined, 'bad-width', /got 9/],
    ['width NaN', goalTiles(3), Number.NaN, undefined, 'bad-width', /got NaN/],
    ['too long', [...goalTiles(3), 9], 3, undefined, 'bad-length', /10 tiles/],
    ['too short', [1, 2, 3, 4, 5, 6, 7, 8], 3, undefined, 'missing-tile', /tile 0 is missing/],
    ['duplicate', [1, 1, 3, 4, 5, 6, 7, 8, 0], 3, undefined, 'duplicate-tile', /tile 1 appears/],
    ['out of range', [1, 2, 3, 4, 5, 6, 7, 10, 0], 3, undefined, 'bad-tile', /holds 10/],
    ['not an array', null, 3, undefined, 'bad-tiles', /must be an array/],
    ['unsolvable', [2, 1, 3, 4, 5, 6, 7, 8, 0], 3, undefined, 'unsolvable', /cannot be solved/],
    [
      'unsolvable 8x8',
      (() => {
        const g = goalTiles(8);
        [g[0], g[1]] = [g[1]!, g[0]!];
        return g;
      })(),
      8,
      undefined,
      'unsolvable',
      /cannot be solved/,
    ],
    [
      'bad optimal',
      goalTiles(3),
      3,
      { optimal: 'yes' },
      'bad-options',
      /optimal must be true or false/,
    ],
    ['negative time', goalTiles(3), 3, { timeLimitMs: -1 }, 'bad-options', /timeLimitMs/],
    ['options not an object', goalTiles(3), 3, 5, 'bad-options', /options must be an object/],
  ];
  for (const [name, tiles, width, opts, code, message] of cases) {
    it(name, async () => {
      const p = solvePuzzle(tiles, width, opts as object);
      await expect(p).rejects.toBeInstanceOf(SlideboxError);
      await expect(p).rejects.toMatchObject({ code });
      await expect(p).rejects.toThrow(message);
    });
  }
});

describe('cancellation', () => {
  it('an already aborted signal rejects at once', async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(solvePuzzle(goalTiles(3), 3, { signal: ac.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('aborting while the 4x4 databases are loading rejects promptly', async () => {
    const ac = new AbortController();
    const t4 = [...newPuzzle({ width: 4, seed: 1 }).tiles];
    // A store that never answers: the solve waits for it until the signal fires.
    const stuck: BlobStore = { read: () => new Promise(() => {}), write: async () => {} };
    const p = solvePuzzle(t4, 4, { signal: ac.signal, store: stuck });
    setTimeout(() => ac.abort(), 30);
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('a time limit while the databases are loading falls back to the fast solver', async () => {
    const t4 = [...newPuzzle({ width: 4, seed: 2 }).tiles];
    const stuck: BlobStore = { read: () => new Promise(() => {}), write: async () => {} };
    const r = await solvePuzzle(t4, 4, { timeLimitMs: 30, store: stuck });
    expect(r.timedOut).toBe(true);
    expect(r.method).toBe('reduction');
    expect(whyNotSolved(t4, 4, r.moves)).toBeNull();
  });
});
