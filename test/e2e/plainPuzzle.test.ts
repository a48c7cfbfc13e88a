/**
 * The sliding puzzle's plain mode (`slidebox puzzle --plain`, and by itself when stdin is not a
 * terminal): one command per line in, the status and board as text out after each; and the
 * options that belong to one game only.
 *
 * Expected boards come from the engine (`src/engine/puzzle.ts`) for the same seed and moves;
 * hints and solutions are checked against the optimal solver (`src/puzzle.ts`). Pattern
 * databases go to a temporary $XDG_CACHE_HOME, never to the user's cache.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { moveTile, newPuzzle, type Puzzle, posOf, slideToward } from '../../src/engine/puzzle.ts';
import type { Direction } from '../../src/engine/types.ts';
import { solveOrThrow as solve } from '../../src/puzzle.ts';
import { requireBuiltCli, runCli, TempDirs } from './helpers/cli.ts';
import {
  distance,
  gapInCorner,
  nextToGap,
  parsePlainPuzzle,
  quickestSeed,
  runPlainPuzzle,
  seedWhere,
  WASD_KEYS,
  walk,
  withoutTimes,
} from './helpers/puzzle.ts';

const dirs = new TempDirs();
let cache = '';
const savedCacheHome = process.env.XDG_CACHE_HOME;

beforeAll(() => {
  requireBuiltCli();
  cache = dirs.make('slidebox-e2e-cache-');
  process.env.XDG_CACHE_HOME = cache;
});
afterAll(() => {
  dirs.cleanup();
  if (savedCacheHome === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = savedCacheHome;
});

/** A new seeded 3x3 game in plain mode with these commands (one a line) in a new data folder. */
function plain(
  seed: number,
  commands: readonly string[],
  opts: { extra?: readonly string[]; dataDir?: string } = {},
) {
  const dataDir = opts.dataDir ?? dirs.make();
  const r = runPlainPuzzle(
    ['--size', '3', '--seed', String(seed), '--new', '--data-dir', dataDir, ...(opts.extra ?? [])],
    commands.map((c) => `${c}\n`).join(''),
    { XDG_CACHE_HOME: cache },
  );
  return { ...r, dataDir, states: parsePlainPuzzle(r.stdout) };
}

/** The positions the engine goes through for these directions. */
function positions(start: Puzzle, directions: readonly Direction[]): Puzzle[] {
  const out = [start];
  for (const d of directions) out.push(slideToward(out.at(-1)!, d));
  return out;
}

describe('plain mode', () => {
  test('prints "8-puzzle  Moves: 0  Time: 0:00" and the engine\'s board (right-aligned, "." for the gap), a block after every command, and "Moves: N" at the end', () => {
    const seed = 21;
    const puzzle = newPuzzle({ width: 3, seed });
    const directions = walk(puzzle, 5);
    const r = plain(seed, [...directions.map((d) => WASD_KEYS[d]), 'q']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n')[0]).toBe('8-puzzle  Moves: 0  Time: 0:00');
    const want = positions(puzzle, directions);
    expect(r.states.map((s) => s.tiles)).toEqual(want.map((p) => p.tiles));
    expect(r.states.map((s) => s.moves)).toEqual([0, 1, 2, 3, 4, 5]);
    for (const s of r.states) {
      expect(s.lines).toHaveLength(3);
      for (const line of s.lines) expect(line).toMatch(/^( [.1-8]){3}$/);
    }
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('Moves: 5');
    // The game is saved as it goes.
    const saved = JSON.parse(readFileSync(join(r.dataDir, 'puzzle-3x3.json'), 'utf8'));
    expect(saved.end).toEqual({ tiles: want[5]!.tiles, moves: 5 });
  });

  test('the 15-puzzle by default: "15-puzzle" and four rows of right-aligned numbers', () => {
    const seed = 3;
    const r = runPlainPuzzle(['--seed', String(seed), '--new', '--data-dir', dirs.make()], 'q\n', {
      XDG_CACHE_HOME: cache,
    });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('15-puzzle  Moves: 0  Time: 0:00');
    const [s] = parsePlainPuzzle(r.stdout);
    expect(s!.tiles).toEqual(newPuzzle({ width: 4, seed }).tiles);
    for (const line of s!.lines) expect(line).toMatch(/^( {2}[.\d]| \d\d){4}$/);
  });

  test('deterministic: the same seed and commands give the same output, run after run (another seed does not)', () => {
    const cmds = ['a', 'w', 'd', 's', 'a', 'd', 'u', 'q'];
    const one = plain(31, cmds);
    const two = plain(31, cmds);
    expect(one.code).toBe(0);
    expect(withoutTimes(two.stdout)).toBe(withoutTimes(one.stdout));
    expect(withoutTimes(plain(32, cmds).stdout)).not.toBe(withoutTimes(one.stdout));
  });

  test('w a s d, up down left right, h j k l (in any case) are the same commands', () => {
    const seed = 23;
    const directions = walk(newPuzzle({ width: 3, seed }), 8);
    const letters: Record<Direction, string[]> = {
      up: ['w', 'up', 'k', 'UP'],
      down: ['s', 'down', 'j', 'Down'],
      left: ['a', 'left', 'h', 'A'],
      right: ['d', 'right', 'l', 'Right'],
    };
    const outputs = [0, 1, 2, 3].map(
      (k) => plain(seed, [...directions.map((d) => letters[d][k]!), 'q']).stdout,
    );
    expect(parsePlainPuzzle(outputs[0]!).at(-1)!.moves).toBe(8);
    for (const o of outputs.slice(1)) expect(withoutTimes(o)).toBe(withoutTimes(outputs[0]!));
  });

  test("a tile number slides that tile with the tiles between (each counted); a tile off the gap's row and column is refused on stderr", () => {
    const { seed, puzzle } = seedWhere(3, gapInCorner);
    const gap = posOf(puzzle.tiles.indexOf(0), 3);
    const far = puzzle.tiles[gap.row * 3 + (2 - gap.col)]!;
    const after = moveTile(puzzle, far);
    const stuck = after.tiles.find((t, i) => {
      const p = posOf(i, 3);
      const g = posOf(after.tiles.indexOf(0), 3);
      return t !== 0 && p.row !== g.row && p.col !== g.col;
    })!;
    const r = plain(seed, [String(far), String(stuck), 'q']);
    expect(r.code).toBe(0);
    expect(r.states[1]!.tiles).toEqual(after.tiles);
    expect(r.states[1]!.moves).toBe(2);
    expect(r.stderr.trim()).toMatch(
      new RegExp(`^Tile ${stuck} is not in the (blank|gap)'s row or column\\.$`),
    );
    // Refused: the board is printed again, unchanged.
    expect(r.states[2]!.tiles).toEqual(after.tiles);
    expect(r.states[2]!.moves).toBe(2);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('Moves: 2');
  });

  test('a tile number that is not on the board (0, 9, 99) is refused with a message naming it; nothing changes', () => {
    const r = plain(24, ['a', '0', '9', '99', 'q']);
    expect(r.code).toBe(0);
    expect(r.stderr.trim().split('\n')).toEqual([
      'there is no tile 0 on the 3×3 board',
      'there is no tile 9 on the 3×3 board',
      'there is no tile 99 on the 3×3 board',
    ]);
    expect(withoutTimes(r.stdout)).toBe(withoutTimes(plain(24, ['a', 'q']).stdout));
  });

  test('hint prints "Hint: slide N", an optimal move; solve prints "Solution (K moves): …", the optimal solution, and typing it in solves the puzzle', async () => {
    const { seed, solution: best } = await quickestSeed();
    const puzzle = newPuzzle({ width: 3, seed });
    const r = plain(seed, ['hint', 'i', 'solve']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const hints = [...r.stdout.matchAll(/^Hint: slide (\d+)$/gm)].map((m) => Number(m[1]));
    expect(hints).toHaveLength(2);
    expect(hints[1]).toBe(hints[0]);
    const hint = hints[0]!;
    expect(nextToGap(puzzle, hint), `tile ${hint} next to the gap`).toBe(true);
    expect(await distance(moveTile(puzzle, hint).tiles, 3)).toBe(best.length - 1);
    const m = /^Solution \((\d+) moves\): ([\d ]+)$/m.exec(r.stdout);
    expect(m, r.stdout).not.toBeNull();
    const tiles = m![2]!.split(' ').map(Number);
    expect(Number(m![1])).toBe(tiles.length);
    expect(tiles.length).toBe(best.length);
    expect(tiles[0]).toBe(hint);
    // Printing a hint or a solution moves nothing.
    expect(r.states).toHaveLength(1);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('Moves: 0');

    // The solution, typed in tile by tile, solves the puzzle.
    const end = tiles.reduce((p, t) => moveTile(p, t), puzzle);
    expect(end.solved).toBe(true);
    const played = plain(seed, [...tiles.map(String), 'hint', 'q']);
    expect(played.code).toBe(0);
    expect(played.states.at(-1)!.tiles).toEqual(end.tiles);
    expect(played.stdout).toMatch(
      new RegExp(`^Solved in ${tiles.length} moves \\(\\d+:\\d\\d\\)\\.$`, 'm'),
    );
    expect(played.stdout).toMatch(/^Already solved\.$/m);
    expect(played.stdout.trimEnd().split('\n').at(-1)).toBe(`Moves: ${tiles.length} (solved)`);
  });

  test('an unknown command: one message on stderr naming it, and the game goes on as if it was not there', () => {
    const [d1, d2] = walk(newPuzzle({ width: 3, seed: 25 }), 2).map((d) => WASD_KEYS[d]);
    const r = plain(25, [d1!, 'xyzzy', d2!, 'q']);
    expect(r.code).toBe(0);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/unknown command "xyzzy"/);
    expect(r.states.at(-1)!.moves).toBe(2);
    expect(withoutTimes(r.stdout)).toBe(withoutTimes(plain(25, [d1!, d2!, 'q']).stdout));
    expect(r.stdout).not.toContain('xyzzy');
  });

  test('end of input without q ends like q (exit 0, "Moves: N"); no input at all prints the board and "Moves: 0"; lines after q are ignored', () => {
    const [d1, d2, d3] = walk(newPuzzle({ width: 3, seed: 26 }), 3).map((d) => WASD_KEYS[d]);
    const withQ = plain(26, [d1!, d2!, 'q']);
    const eof = plain(26, [d1!, d2!]);
    expect(eof.code).toBe(0);
    expect(withoutTimes(eof.stdout)).toBe(withoutTimes(withQ.stdout));
    expect(eof.stdout).toMatch(/\nMoves: 2\n$/);
    const afterQ = plain(26, [d1!, d2!, 'q', d3!, 'u']);
    expect(withoutTimes(afterQ.stdout)).toBe(withoutTimes(withQ.stdout));
    const nothing = runPlainPuzzle(
      ['--size', '3', '--seed', '26', '--new', '--data-dir', dirs.make()],
      '',
      { XDG_CACHE_HOME: cache },
    );
    expect(nothing.code).toBe(0);
    expect(parsePlainPuzzle(nothing.stdout)).toHaveLength(1);
    expect(nothing.stdout).toMatch(/\nMoves: 0\n$/);
  });

  test('u undoes ("Nothing to undo." on stderr at the start); n starts a new game', () => {
    const seed = 27;
    const puzzle = newPuzzle({ width: 3, seed });
    const [d1, d2] = walk(puzzle, 2);
    const r = plain(seed, ['u', WASD_KEYS[d1!], WASD_KEYS[d2!], 'u', 'n', 'q']);
    expect(r.code).toBe(0);
    expect(r.stderr.trim()).toBe('Nothing to undo.');
    const [, , , afterD2, undone, fresh] = r.states;
    expect(afterD2!.moves).toBe(2);
    expect(undone!.tiles).toEqual(slideToward(puzzle, d1!).tiles);
    expect(undone!.moves).toBe(1);
    expect(fresh!.moves).toBe(0);
    expect([...fresh!.tiles].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  test('the next run resumes the saved game (a --seed then only gives a notice on stderr)', () => {
    const seed = 28;
    const puzzle = newPuzzle({ width: 3, seed });
    const directions = walk(puzzle, 3);
    const first = plain(
      seed,
      directions.map((d) => WASD_KEYS[d]),
    );
    const again = runPlainPuzzle(
      ['--size', '3', '--seed', '999', '--data-dir', first.dataDir],
      'q\n',
      { XDG_CACHE_HOME: cache },
    );
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('Resumed your saved puzzle');
    const [s] = parsePlainPuzzle(again.stdout);
    expect(s!.tiles).toEqual(positions(puzzle, directions)[3]!.tiles);
    expect(s!.moves).toBe(3);
  });

  test('stdin not a terminal: plain mode without --plain, the same output, no escape sequences', () => {
    const cmds = 'a\nw\nq\n';
    const args = ['puzzle', '--size', '3', '--seed', '29', '--new'];
    const auto = runCli([...args, '--data-dir', dirs.make()], {
      input: cmds,
      env: { XDG_CACHE_HOME: cache },
    });
    expect(auto.code).toBe(0);
    expect(auto.stdout).not.toContain('\x1b[');
    const explicit = runCli([...args, '--plain', '--data-dir', dirs.make()], {
      input: cmds,
      env: { XDG_CACHE_HOME: cache },
    });
    expect(withoutTimes(auto.stdout)).toBe(withoutTimes(explicit.stdout));
  });
});

describe('options for the other game', () => {
  const cases: [args: string[], problem: RegExp][] = [
    [['puzzle', '--target', '8'], /--target is for slidebox 2048 and slidebox versus only/],
    [['--invert'], /--invert is for slidebox puzzle only/],
    [['2048', '--invert'], /--invert is for slidebox puzzle only/],
    [['puzzle', '--size', '9'], /--size.*3 to 8.*9/],
  ];
  for (const [args, problem] of cases) {
    test(`slidebox ${args.join(' ')}: exit 2, a message naming the problem, nothing started`, () => {
      const dataDir = dirs.make();
      const r = runCli([...args, '--data-dir', dataDir], {
        input: 'q\n',
        env: { XDG_CACHE_HOME: cache },
      });
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')[0]).toMatch(/^slidebox: /);
      expect(r.stderr.split('\n')[0]).toMatch(problem);
      expect(r.stdout).toBe('');
      expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
    });
  }
});

describe('relays and marathons in plain mode', () => {
  /** The solver's moves for each puzzle of a series dealt from `seed` on (one seed a puzzle). */
  async function solutions(widths: readonly number[], seed: number): Promise<number[][]> {
    const out: number[][] = [];
    for (const [i, w] of widths.entries()) {
      const p = newPuzzle({ width: w, seed: seed + i });
      out.push(await solve([...p.tiles], w, { optimal: w === 3 }));
    }
    return out;
  }

  function series(args: readonly string[], lines: readonly string[], dataDir = dirs.make()) {
    const r = runPlainPuzzle(
      [...args, '--data-dir', dataDir],
      lines.map((c) => `${c}\n`).join(''),
      { XDG_CACHE_HOME: cache },
    );
    return { ...r, dataDir };
  }

  /** The split lines printed: [width, ms, moves, total ms]. */
  function splits(stdout: string): number[][] {
    const re = /^Split (\d+) of (\d+) · (\d)×\d: ([\d:.]+) \((\d+) moves\) · total ([\d:.]+)$/gm;
    return [...stdout.matchAll(re)].map((m) => [Number(m[3]), ms(m[4]!), Number(m[5]), ms(m[6]!)]);
  }

  /** "1:02.350" or "7.042" in ms. */
  function ms(t: string): number {
    const [a, b] = t.includes(':') ? t.split(':') : ['0', t];
    return Math.round((Number(a) * 60 + Number(b)) * 1000);
  }

  test('--relay 4 --seed 7: 3x3 then 4x4 from the seeds 7 and 8, splits adding up to the total, a record', async () => {
    const moves = await solutions([3, 4], 7);
    const r = series(['--relay', '4', '--seed', '7'], [...moves.flat().map(String), 'q']);
    expect(r.code, r.stderr).toBe(0);
    // The first board of each puzzle is the engine's for its seed.
    const states = parsePlainPuzzle(r.stdout);
    expect(states[0]!.tiles).toEqual(newPuzzle({ width: 3, seed: 7 }).tiles);
    const first4 = states.find((s) => s.width === 4)!;
    // Dealt as the 3x3 is solved, and shown at once.
    expect(first4.tiles).toEqual(newPuzzle({ width: 4, seed: 8 }).tiles);
    expect(r.stdout).toMatch(/^Relay 3×3 → 4×4 · puzzle 1 of 2 · total /m);
    const got = splits(r.stdout);
    expect(got.map(([w, , m]) => [w, m])).toEqual([
      [3, moves[0]!.length],
      [4, moves[1]!.length],
    ]);
    const total = got[0]![1]! + got[1]![1]!;
    expect(got[1]![3]).toBe(total);
    const all = moves[0]!.length + moves[1]!.length;
    expect(r.stdout).toContain(`Relay 3×3 → 4×4: ${fmt(total)} · ${all} moves`);
    expect(r.stdout).toContain('New best!');
    const stats = JSON.parse(readFileSync(join(r.dataDir, 'stats.json'), 'utf8'));
    expect(stats.series).toEqual({ 'relay-4': { timeMs: total, moves: all } });
    // The series' puzzles are not single solves: no history, no saved game.
    expect(stats.puzzle).toEqual({});
    expect(existsSync(join(r.dataDir, 'history.json'))).toBe(false);
    expect(readdirSync(r.dataDir).filter((f) => f.startsWith('puzzle-'))).toEqual([]);
  });

  test('--marathon 3 --size 3: three puzzles in a row; n gives up and starts again from the first', async () => {
    const moves = await solutions([3, 3, 3], 40);
    // One move into the first puzzle, then n: the marathon starts again with a new deal (seed 41).
    const again = await solutions([3, 3, 3], 41);
    const first = newPuzzle({ width: 3, seed: 40 });
    const dir = walk(first, 1)[0]!;
    const lines = [WASD_KEYS[dir], 'n', ...again.flat().map(String), 'q'];
    const r = series(['--marathon', '3', '--size', '3', '--seed', '40'], lines);
    expect(r.code, r.stderr).toBe(0);
    expect(moves[0]).toBeDefined();
    const states = parsePlainPuzzle(r.stdout);
    expect(states[0]!.tiles).toEqual(first.tiles);
    expect(states[1]!.tiles).toEqual(slideToward(first, dir).tiles);
    expect(states[2]!.tiles).toEqual(newPuzzle({ width: 3, seed: 41 }).tiles);
    const got = splits(r.stdout);
    expect(got.map(([w, , m]) => [w, m])).toEqual(again.map((m) => [3, m.length]));
    expect(r.stdout).toMatch(/^Marathon · 3 × 3×3: [\d.:]+ · \d+ moves$/m);
    expect(r.stdout).toMatch(/^Splits [\d.:]+ · [\d.:]+ · [\d.:]+$/m);
    const stats = JSON.parse(readFileSync(join(r.dataDir, 'stats.json'), 'utf8'));
    expect(Object.keys(stats.series)).toEqual(['marathon-3x3']);
  });
});

/** A time as the series lines print it. */
function fmt(total: number): string {
  const s = Math.floor(total / 1000);
  const f = String(total % 1000).padStart(3, '0');
  return s < 60 ? `${s}.${f}` : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}.${f}`;
}
