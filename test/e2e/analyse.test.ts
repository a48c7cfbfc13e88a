/**
 * `slidebox analyse` end to end with the built CLI: the AI's own 2048 game agrees with the
 * analysis, a game of random moves scores lower and lists its worst moves with the better one,
 * puzzle distances equal a breadth-first search (3×3) and the solver's optimum (4×4, with the
 * test cache's databases), `--last` reads the history, and a bad code is refused with exit 2.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Game, newGame, play } from '../../src/engine/game2048.ts';
import { movableTiles, moveTile, newPuzzle, type Puzzle } from '../../src/engine/puzzle.ts';
import { nextInt, seedRng } from '../../src/engine/rng.ts';
import { encodeShared, shared2048, sharedPuzzle } from '../../src/engine/shareCode.ts';
import { DIRECTIONS, type Direction } from '../../src/engine/types.ts';
import { analyse } from '../../src/solvers/ai2048/player.ts';
import { solvePuzzle } from '../../src/solvers/puzzle/solve.ts';
import { fileCache } from '../../src/storage/fileCache.ts';
import { bfsDistances, encode } from '../../src/testutil/puzzleBfs.ts';
import { TEST_CACHE_DIR, TEST_XDG_CACHE_HOME } from '../../src/testutil/testCache.ts';
import { requireBuiltCli, runCli, TempDirs } from './helpers/cli.ts';

const dirs = new TempDirs();
beforeAll(requireBuiltCli);
afterAll(() => dirs.cleanup());

/** The share code of a seeded 2048 game of up to `max` moves chosen by `pick`. */
function code2048(seed: number, max: number, pick: (g: Game) => Direction | null): string {
  let g = newGame({ seed });
  for (let i = 0; i < max && !g.over; i++) {
    const d = pick(g);
    if (!d) break;
    g = play(g, d);
  }
  const s = shared2048(g, {});
  if (!s.ok) throw new Error(s.error.message);
  return encodeShared(s.value);
}

function randomPicker(seed: number): (g: Game) => Direction {
  let rng = seedRng(seed);
  return (g) => {
    const legal = DIRECTIONS.filter((d) => play(g, d) !== g);
    const r = nextInt(rng, legal.length);
    rng = r.state;
    return legal[r.value]!;
  };
}

function puzzleCode(p: Puzzle): string {
  const s = sharedPuzzle(p, {});
  if (!s.ok) throw new Error(s.error.message);
  return encodeShared(s.value);
}

/** A seeded puzzle after `count` moves of tiles next to the blank, chosen at random. */
function randomPuzzle(width: number, seed: number, count: number): Puzzle {
  let p = newPuzzle({ width, seed });
  let rng = seedRng(seed + 5);
  for (let i = 0; i < count && !p.solved; i++) {
    const blank = p.tiles.indexOf(0);
    const near = movableTiles(p).filter((t) => {
      const at = p.tiles.indexOf(t);
      return Math.abs(at - blank) === 1 || Math.abs(at - blank) === width;
    });
    const r = nextInt(rng, near.length);
    rng = r.state;
    p = moveTile(p, near[r.value]!);
  }
  return p;
}

interface Json2048 {
  kind: string;
  accuracy: number;
  agreement: number;
  moves: { n: number; played: string; best: string; loss: number; class: string }[];
}
interface JsonPuzzle {
  kind: string;
  optimal: number;
  wasted: number;
  moves: { n: number; played: number; before: number; after: number }[];
}

describe('slidebox analyse', () => {
  test("the AI's own 2048 game agrees with it; the summary and progress are shown", () => {
    const code = code2048(31, 150, (g) => analyse(g.cells, { preset: 'fast', noCap: true }).move);
    const json = runCli(['analyse', code, '--json']);
    expect(json.code).toBe(0);
    const a = JSON.parse(json.stdout) as Json2048;
    expect(a.kind).toBe('2048');
    expect(a.moves).toHaveLength(150);
    expect(a.agreement).toBeGreaterThanOrEqual(95);
    expect(a.moves[0]).toEqual({
      n: 1,
      played: a.moves[0]!.played,
      best: a.moves[0]!.best,
      loss: a.moves[0]!.loss,
      class: a.moves[0]!.class,
    });
    expect(json.stderr).toContain('analysing: move 150 of 150');
    const text = runCli(['analyze', code]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^2048 4×4, 150 moves, judged by the AI \(fast preset\)\n/);
    expect(text.stdout).toMatch(/Accuracy \d+\.\d {3}Agreement \d+\.\d% \(\d+ of 150 moves\)/);
    expect(text.stdout).toMatch(/best \d+ · good \d+ · inaccuracy \d+ · mistake \d+ · blunder \d+/);
  }, 60_000);

  test('a game of random moves scores far lower and lists its worst moves', () => {
    const ai = code2048(32, 120, (g) => analyse(g.cells, { preset: 'fast', noCap: true }).move);
    const rnd = code2048(32, 120, randomPicker(3));
    const a = JSON.parse(runCli(['analyse', ai, '--json']).stdout) as Json2048;
    const r = JSON.parse(runCli(['analyse', rnd, '--json']).stdout) as Json2048;
    expect(r.agreement).toBeLessThan(60);
    expect(r.accuracy).toBeLessThan(a.accuracy - 25);
    const worst = r.moves.filter((m) => m.played !== m.best).sort((x, y) => y.loss - x.loss)[0]!;
    const text = runCli(['analyse', rnd]).stdout;
    expect(text).toContain('Worst moves');
    expect(text).toMatch(new RegExp(`move +${worst.n} +${worst.played} +better ${worst.best} `));
  }, 60_000);

  test('3×3 puzzle distances equal a breadth-first search', () => {
    const dist = bfsDistances(3, 3);
    const p = randomPuzzle(3, 9, 40);
    const r = runCli(['analyse', puzzleCode(p), '--json']);
    expect(r.code).toBe(0);
    const a = JSON.parse(r.stdout) as JsonPuzzle;
    expect(a.kind).toBe('puzzle');
    expect(a.moves).toHaveLength(40);
    let q = newPuzzle({ width: 3, seed: 9 });
    expect(a.optimal).toBe(dist.get(encode(q.tiles)));
    for (const m of a.moves) {
      expect(m.before).toBe(dist.get(encode(q.tiles)));
      q = moveTile(q, m.played);
      expect(m.after).toBe(dist.get(encode(q.tiles)));
    }
    expect(a.wasted).toBe(40 - (a.optimal - a.moves.at(-1)!.after));
    const text = runCli(['analyse', puzzleCode(p)]).stdout;
    expect(text).toMatch(/^Puzzle 3×3, 40 moves, not solved\n/);
    expect(text).toContain(`Optimal ${a.optimal} (the optimal)   Wasted ${a.wasted}`);
  });

  test("4×4 puzzle distances equal the solver's optimum", async () => {
    const p = randomPuzzle(4, 12, 10);
    const r = runCli(['analyse', puzzleCode(p), '--json'], {
      env: { XDG_CACHE_HOME: TEST_XDG_CACHE_HOME },
      timeoutMs: 120_000,
    });
    expect(r.code).toBe(0);
    const a = JSON.parse(r.stdout) as JsonPuzzle;
    const store = fileCache(TEST_CACHE_DIR);
    const start = newPuzzle({ width: 4, seed: 12 });
    expect(a.optimal).toBe((await solvePuzzle([...start.tiles], 4, { store })).moves.length);
    const end = await solvePuzzle([...p.tiles], 4, { store });
    expect(a.moves.at(-1)!.after).toBe(end.moves.length);
    for (const m of a.moves) expect(Math.abs(m.after - m.before)).toBe(1);
  }, 180_000);

  test('--last analyses the last finished game of the history', () => {
    const dir = dirs.make();
    const solution = runCli(
      ['puzzle', '--plain', '--size', '3', '--seed', '4', '--data-dir', dirs.make()],
      { input: 'solve\n' },
    )
      .stdout.match(/Solution \(\d+ moves\): ([\d ]+)/)![1]!
      .split(' ');
    runCli(['puzzle', '--plain', '--size', '3', '--seed', '4', '--data-dir', dir], {
      input: `${solution.join('\n')}\n`,
    });
    const r = runCli(['analyse', '--last', '--data-dir', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Puzzle 3×3, ${solution.length} moves, solved`);
    expect(r.stdout).toContain(`Optimal ${solution.length} (the optimal)   Wasted 0`);
    expect(r.stdout).toContain('Every move was on a shortest path.');
    const empty = runCli(['analyse', '--last', '--data-dir', dirs.make()]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(
      /nothing to analyse: no finished 2048 game or puzzle with a share code/,
    );
  }, 60_000);

  test('a bad code or a bad command line is refused with exit 2', () => {
    const bad = runCli(['analyse', 'sb.notacode']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^slidebox: cannot analyse this code: /);
    const none = runCli(['analyse']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('give a CODE or --last');
    const preset = runCli(['analyse', 'sb.x', '--preset', 'slow']);
    expect(preset.code).toBe(2);
    const help = runCli(['help', 'analyze']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: slidebox analyse CODE/);
    expect(help.stdout.split('\n').filter((l) => [...l].length > 80)).toEqual([]);
  });
});
