/**
 * The built package entries `slidebox/puzzle` (dist/puzzle.js) and `slidebox/node`
 * (dist/node.js) with its worker bundles, as a user of the package gets them.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

type PuzzleModule = typeof import('../../src/puzzle.ts');
type NodeModule = typeof import('../../src/node.ts');
let lib: PuzzleModule;
let node: NodeModule;

beforeAll(async () => {
  execFileSync('node', ['scripts/build.mjs', '--js-only', '--quiet'], { cwd: root });
  lib = (await import(`${root}/dist/puzzle.js`)) as PuzzleModule;
  node = (await import(`${root}/dist/node.js`)) as NodeModule;
});

describe('slidebox/puzzle (built)', () => {
  it('isSolvable and solve', async () => {
    expect(lib.isSolvable([1, 2, 3, 4, 5, 6, 0, 7, 8], 3)).toBe(true);
    expect(lib.isSolvable([2, 1, 3, 4, 5, 6, 7, 8, 0], 3)).toBe(false);
    expect(await lib.solveOrThrow([1, 2, 3, 4, 5, 6, 0, 7, 8], 3)).toEqual([7, 8]);
    const big = [...lib.newPuzzleOrThrow({ size: 6, seed: 3 }).tiles];
    const moves = await lib.solveOrThrow(big, 6);
    let game = lib.puzzleFromTilesOrThrow(big, 6);
    for (const t of moves) game = lib.moveTileOrThrow(game, t);
    expect(game.solved).toBe(true);
    expect(game.moves).toBe(moves.length);
  });

  it('bad input is an error Result, and solveOrThrow rejects with the package’s SlideboxError', async () => {
    expect(await lib.solve([1, 2, 3], 3)).toMatchObject({
      ok: false,
      error: { code: 'missing-tile' },
    });
    const p = lib.solveOrThrow([1, 2, 3], 3);
    await expect(p).rejects.toBeInstanceOf(lib.SlideboxError);
    await expect(p).rejects.toThrow(/missing/);
    await expect(p).rejects.toMatchObject({ name: 'SlideboxError' });
    expect(lib.SlideboxError.name).toBe('SlideboxError');
  });

  it('startSolve (slidebox/node) runs the bundled worker (dist/puzzle-worker.js)', async () => {
    const tiles = [...lib.newPuzzleOrThrow({ size: 8, seed: 1 }).tiles];
    const r = await node.startSolve(tiles, 8, { cacheDir: null }).promise;
    let game = lib.puzzleFromTilesOrThrow(tiles, 8);
    for (const t of r.moves) game = lib.moveTileOrThrow(game, t);
    expect(game.solved).toBe(true);
    const h = node.startSolve([...lib.newPuzzleOrThrow({ size: 4, seed: 2 }).tiles], 4, {
      cacheDir: null,
    });
    h.cancel();
    await expect(h.promise).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('AiWorker (slidebox/node) runs the bundled worker (dist/ai-worker.js)', async () => {
    const ai = new node.AiWorker();
    try {
      const cells = [
        [2, 2, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ];
      expect(['left', 'right', 'up', 'down']).toContain(await ai.bestMove(cells, { depth: 1 }));
    } finally {
      await ai.terminate();
    }
  });

  it('solve keeps the 4x4 tables in a fileCache (slidebox/node), read by the next process', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slidebox-tables-'));
    try {
      const tiles = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15];
      expect(await lib.solveOrThrow(tiles, 4, { store: node.fileCache(dir) })).toEqual([15]);
      expect(readdirSync(dir).length).toBeGreaterThan(0);
      // Another process solves with the cached tables and a store that refuses to be written.
      const script = `
        import { solveOrThrow } from ${JSON.stringify(`${root}/dist/puzzle.js`)};
        import { fileCache } from ${JSON.stringify(`${root}/dist/node.js`)};
        const files = fileCache(${JSON.stringify(dir)});
        const store = { read: (k) => files.read(k), write: async () => { throw new Error('rebuilt'); } };
        const moves = await solveOrThrow([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15], 4, { store });
        process.stdout.write(JSON.stringify(moves));`;
      const out = execFileSync('node', ['--input-type=module', '-e', script], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(JSON.parse(out)).toEqual([14, 15]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
