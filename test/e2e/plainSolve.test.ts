/**
 * Plain mode's `solve` on a 4x4 gives one answer for one position: the same shortest solution
 * with an empty table cache (the 4x4 tables are built first, saying so once on stderr) as with
 * a warm one. The cache is a temporary $XDG_CACHE_HOME, never the user's.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newPuzzle } from '../../src/engine/puzzle.ts';
import { CLI, cleanEnv, ROOT, requireBuiltCli, TempDirs } from './helpers/cli.ts';

const dirs = new TempDirs();
const savedCacheHome = process.env.XDG_CACHE_HOME;
beforeAll(requireBuiltCli);
afterAll(() => {
  dirs.cleanup();
  if (savedCacheHome === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = savedCacheHome;
});

const SEED = 5;

function solveIn(cacheHome: string) {
  const args = ['puzzle', '--plain', '--size', '4', '--seed', String(SEED), '--new'];
  // Building the tables takes a while on a busy machine: a longer bound than runCli's.
  const r = spawnSync(process.execPath, [CLI, ...args, '--data-dir', dirs.make()], {
    cwd: ROOT,
    input: 'i\nsolve\nq\n',
    encoding: 'utf8',
    env: cleanEnv({ XDG_CACHE_HOME: cacheHome }),
    timeout: 150_000,
  });
  expect(r.status, r.stderr).toBe(0);
  const solution = /^Solution \((\d+) moves\): ([\d ]+)$/m.exec(r.stdout);
  const hint = /^Hint: slide (\d+)$/m.exec(r.stdout);
  expect(solution, r.stdout).not.toBeNull();
  return {
    moves: Number(solution![1]),
    tiles: solution![2]!.split(' ').map(Number),
    hint: Number(hint![1]),
    stderr: r.stderr,
  };
}

describe('plain solve on a 4x4', () => {
  test('the same shortest solution with an empty and a warm table cache', async () => {
    const cache = dirs.make('slidebox-e2e-cache-');
    const cold = solveIn(cache);
    // The tables were built (once, said so) and kept.
    expect(cold.stderr.match(/Building the solver's 4x4 tables/g)).toHaveLength(1);
    expect(readdirSync(join(cache, 'slidebox')).filter((f) => f.endsWith('.bin'))).toHaveLength(3);
    const warm = solveIn(cache);
    expect(warm.stderr).not.toMatch(/Building/);
    expect(warm.tiles).toEqual(cold.tiles);
    expect(warm.moves).toBe(cold.tiles.length);
    // The hint is the solution's first tile, both times.
    expect(cold.hint).toBe(cold.tiles[0]);
    expect(warm.hint).toBe(cold.tiles[0]);
    // A shortest one: the library's optimal solver agrees on the length.
    process.env.XDG_CACHE_HOME = cache;
    const { solveOrThrow: solve } = await import('../../src/puzzle.ts');
    const p = newPuzzle({ width: 4, seed: SEED });
    expect((await solve([...p.tiles], 4)).length).toBe(cold.moves);
  }, 180_000);
});
