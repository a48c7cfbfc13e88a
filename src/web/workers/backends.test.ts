/**
 * The stand-in AI and solver behind the worker adapters: they must at least play legal moves
 * and reach the goal, since the end-to-end tests drive the page through them.
 */
import { describe, expect, it } from 'vitest';
import { newGame, play } from '../../engine/game2048.ts';
import { moveTile, newPuzzle, puzzleFromTiles } from '../../engine/puzzle.ts';
import { memoryBlobStore } from '../../storage/browserStore.ts';
import { bfsDistances, encode } from '../../testutil/puzzleBfs.ts';
import { bestMove } from './aiBackend.ts';
import { SolverUnavailable, solve, TABLE_KEY } from './solverBackend.ts';

describe('stand-in AI', () => {
  it('only suggests moves that change the board, and null when none does', () => {
    let g = newGame({ size: 4, seed: 7 });
    for (let i = 0; i < 200 && !g.over; i++) {
      const dir = bestMove(g.cells, 'autoplay');
      expect(dir).not.toBeNull();
      const next = play(g, dir!);
      expect(next).not.toBe(g);
      g = next;
    }
    expect(
      bestMove(
        [
          [2, 4, 2],
          [4, 2, 4],
          [2, 4, 2],
        ],
        'hint',
      ),
    ).toBeNull();
  });

  it('throws a sentence for a board that is not one', () => {
    expect(() =>
      bestMove(
        [
          [3, 0, 0],
          [0, 0, 0],
          [0, 0, 0],
        ],
        'hint',
      ),
    ).toThrow(/power of two/);
  });
});

describe('stand-in solver', () => {
  const opts = () => {
    const progress: number[] = [];
    return {
      signal: new AbortController().signal,
      store: memoryBlobStore(),
      progress: (_stage: string, done: number) => void progress.push(done),
      seen: progress,
    };
  };

  it('solves 3×3 boards optimally, building its table once and caching it', async () => {
    const o = opts();
    const dist = bfsDistances(3, 3);
    for (const seed of [1, 2, 3]) {
      let p = newPuzzle({ width: 3, seed });
      const tiles = await solve(p.tiles, 3, o);
      expect(tiles.length).toBe(dist.get(encode(p.tiles)));
      for (const t of tiles) {
        const next = moveTile(p, t);
        expect(next).not.toBe(p);
        p = next;
      }
      expect(p.solved).toBe(true);
    }
    expect(o.seen.length).toBeGreaterThan(5);
    expect(o.store.map.get(TABLE_KEY)?.length).toBe(362880);
  });

  it('gives an empty solution for the goal', async () => {
    expect(await solve(puzzleFromTiles([1, 2, 3, 4, 5, 6, 7, 8, 0], 3).tiles, 3, opts())).toEqual(
      [],
    );
  });

  it('says plainly that larger boards need the real solver', async () => {
    await expect(solve(newPuzzle({ width: 4, seed: 1 }).tiles, 4, opts())).rejects.toBeInstanceOf(
      SolverUnavailable,
    );
  });

  it('rejects a bad board with the engine’s sentence', async () => {
    await expect(solve([1, 2, 3, 4, 5, 6, 8, 7, 0], 3, opts())).rejects.toThrow(/cannot be solved/);
  });
});
