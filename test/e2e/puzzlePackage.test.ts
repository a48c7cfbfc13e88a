/**
 * The built package entry `slidebox/puzzle` (dist/puzzle.js) and its worker bundle, as a user
 * of the package gets them.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

type PuzzleModule = typeof import('../../src/puzzle.ts');
let lib: PuzzleModule;

beforeAll(async () => {
  execFileSync('node', ['scripts/build.mjs', '--js-only', '--quiet'], { cwd: root });
  lib = (await import(`${root}/dist/puzzle.js`)) as PuzzleModule;
});

describe('slidebox/puzzle (built)', () => {
  it('isSolvable and solve', async () => {
    expect(lib.isSolvable([1, 2, 3, 4, 5, 6, 0, 7, 8], 3)).toBe(true);
    expect(lib.isSolvable([2, 1, 3, 4, 5, 6, 7, 8, 0], 3)).toBe(false);
    expect(await lib.solve([1, 2, 3, 4, 5, 6, 0, 7, 8], 3)).toEqual([7, 8]);
    const big = [...lib.newPuzzle({ width: 6, seed: 3 }).tiles];
    const moves = await lib.solve(big, 6);
    let game = lib.puzzleFromTiles(big, 6);
    for (const t of moves) game = lib.moveTile(game, t);
    expect(game.solved).toBe(true);
    expect(game.moves).toBe(moves.length);
  });

  it('bad input rejects with the package’s SlideboxError', async () => {
    const p = lib.solve([1, 2, 3], 3);
    await expect(p).rejects.toBeInstanceOf(lib.SlideboxError);
    await expect(p).rejects.toThrow(/missing/);
  });

  it('startSolve runs the bundled worker (dist/puzzle-worker.js)', async () => {
    const tiles = [...lib.newPuzzle({ width: 8, seed: 1 }).tiles];
    const r = await lib.startSolve(tiles, 8, { cacheDir: null }).promise;
    let game = lib.puzzleFromTiles(tiles, 8);
    for (const t of r.moves) game = lib.moveTile(game, t);
    expect(game.solved).toBe(true);
    const h = lib.startSolve([...lib.newPuzzle({ width: 4, seed: 2 }).tiles], 4, {
      cacheDir: null,
    });
    h.cancel();
    await expect(h.promise).rejects.toMatchObject({ name: 'AbortError' });
  });
});
