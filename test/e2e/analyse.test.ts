/**
 * `slidebox analyse` end to end with the built CLI: the AI's own 2048 game agrees with the
 * analysis, a game of random moves scores lower and lists its worst moves with the better one,
 * a 5×5 game is judged by the generic search, versus and duel matches made by the engine are
 * judged side by side (a duel's placements by the placer's search), puzzle distances equal a
 * breadth-first search (3×3) and the solver's optimum (4×4, with the test cache's databases),
 * `--last` reads the history, and a bad code is refused with exit 2.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Duel, duelPlace, duelSlide, newDuel, whoIs } from '../../src/engine/duel.ts';
import { type Game, newGame, play } from '../../src/engine/game2048.ts';
import { movableTiles, moveTile, newPuzzle, type Puzzle } from '../../src/engine/puzzle.ts';
import { nextInt, seedRng } from '../../src/engine/rng.ts';
import {
  encodeShared,
  shared2048,
  sharedDuel,
  sharedPuzzle,
  sharedVersus,
} from '../../src/engine/shareCode.ts';
import { playPlaced } from '../../src/engine/spawn.ts';
import { DIRECTIONS, type Direction, type Pos } from '../../src/engine/types.ts';
import { newVersus, versusMove } from '../../src/engine/versus.ts';
import { choosePlacement } from '../../src/solvers/ai2048/placer.ts';
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
function code2048(
  seed: number,
  max: number,
  pick: (g: Game) => Direction | null,
  size = 4,
): string {
  let g = newGame({ seed, size });
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
  size: number;
  search: string;
  scale: string;
  accuracy: number;
  agreement: number;
  counts: Record<string, number>;
  moves: { n: number; played: string; best: string; loss: number; class: string; scale: string }[];
}
interface JsonPlacements {
  accuracy: number;
  agreement: number;
  moves: {
    n: number;
    at: number;
    played: { row: number; col: number; value: number };
    best: { row: number; col: number; value: number };
    loss: number;
    class: string;
  }[];
}
interface JsonSide extends Json2048 {
  side: number;
  moves: (Json2048['moves'][number] & { at: number })[];
  placements: JsonPlacements | null;
}
interface JsonMatch {
  kind: string;
  preset: string;
  sides: JsonSide[];
}

const aiMove = (g: Game) => analyse(g.cells, { preset: 'fast', noCap: true }).move;

/** A versus match: side 1 plays the AI's moves, side 2 random ones (seeded), in turn. */
function versusCode(seed: number, max: number): string {
  const pick = randomPicker(seed);
  const start = newVersus({ seed, size: 4, target: 512 });
  if (!start.ok) throw new Error(start.error.message);
  let m = start.value;
  for (let i = 0; i < max && !m.over; i++) {
    const side = (i % 2) as 0 | 1;
    const g = m.games[side];
    if (DIRECTIONS.every((d) => play(g, d) === g)) continue;
    const r = versusMove(m, side, side === 0 ? aiMove(g)! : pick(g));
    if (!r.ok) throw new Error(r.error.message);
    m = r.value;
  }
  return encodeShared(sharedVersus(m, 'human'));
}

/**
 * A duel: in round 1 random slides against the placer's own placements, in round 2 the AI's
 * slides against random placements (cut after `max` actions).
 */
function duelCode(seed: number, max: number): { code: string; first: 0 | 1 } {
  const pick = randomPicker(seed);
  let rng = seedRng(seed + 1);
  const start = newDuel({ seed, size: 4 });
  if (!start.ok) throw new Error(start.error.message);
  let d: Duel = start.value;
  let round2 = 0;
  while (d.phase !== 'over' && (d.round === 0 || round2++ < max)) {
    let next: ReturnType<typeof duelSlide>;
    if (d.phase === 'slide') next = duelSlide(d, d.round === 0 ? pick(d.game) : aiMove(d.game)!);
    else if (d.round === 0) {
      const p = choosePlacement(d.game.cells)!;
      next = duelPlace(d, p.at, p.value);
    } else {
      const empty: Pos[] = [];
      d.game.cells.forEach((r, row) => {
        r.forEach((v, col) => {
          if (v === 0) empty.push({ row, col });
        });
      });
      const r = nextInt(rng, empty.length * 2);
      rng = r.state;
      next = duelPlace(d, empty[r.value >> 1]!, r.value & 1 ? 4 : 2);
    }
    if (!next.ok) throw new Error(next.error.message);
    d = next.value;
  }
  return { code: encodeShared(sharedDuel(d, 'human,ai')), first: whoIs(start.value).slider };
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
    expect(a).toMatchObject({ size: 4, search: 'packed', scale: 'chance' });
    expect(a.moves[0]).toEqual({
      n: 1,
      played: a.moves[0]!.played,
      best: a.moves[0]!.best,
      loss: a.moves[0]!.loss,
      class: a.moves[0]!.class,
      scale: 'chance',
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
    expect(r.accuracy).toBeLessThan(a.accuracy - 15);
    const worst = r.moves.filter((m) => m.played !== m.best).sort((x, y) => y.loss - x.loss)[0]!;
    const text = runCli(['analyse', rnd]).stdout;
    expect(text).toContain('Worst moves (loss: points of the estimated chance to reach 2048)');
    expect(text).toMatch(new RegExp(`move +${worst.n} +${worst.played} +better ${worst.best} `));
  }, 60_000);

  test('a move that differs from the AI’s but loses nothing is not listed among the worst', () => {
    const rnd = code2048(32, 12, randomPicker(3));
    const r = JSON.parse(runCli(['analyse', rnd, '--json']).stdout) as Json2048;
    const text = runCli(['analyse', rnd]).stdout;
    const differing = r.moves.filter((m) => m.played !== m.best);
    const losing = differing.filter((m) => m.class !== 'best');
    for (const m of differing) {
      const listed = new RegExp(`move +${m.n} +${m.played} +better ${m.best} `).test(text);
      expect(listed).toBe(m.class !== 'best');
    }
    expect(losing.length > 0).toBe(text.includes('Worst moves'));
    // The README's replay: five opening moves, each other than the AI's and none losing anything.
    const readme = 'sb.AQAAAAQLBQWNgLKJJ7A';
    const q = JSON.parse(runCli(['analyse', readme, '--json']).stdout) as Json2048;
    expect(q.moves.filter((m) => m.played !== m.best).length).toBeGreaterThan(0);
    expect(q.moves.every((m) => m.class === 'best')).toBe(true);
    const quiet = runCli(['analyse', readme]).stdout;
    expect(quiet).toContain('No move lost anything');
    expect(quiet).not.toContain('Worst moves');
  }, 60_000);

  test('a 5×5 game is judged by the generic search on the value scale', () => {
    const ai = code2048(33, 60, (g) => analyse(g.cells, { preset: 'fast' }).move, 5);
    const rnd = code2048(33, 60, randomPicker(4), 5);
    const a = JSON.parse(runCli(['analyse', ai, '--json']).stdout) as Json2048;
    const r = JSON.parse(runCli(['analyse', rnd, '--json']).stdout) as Json2048;
    expect(a).toMatchObject({ kind: '2048', size: 5, search: 'generic', scale: 'value' });
    expect(a.agreement).toBeGreaterThanOrEqual(95);
    expect(r.agreement).toBeLessThan(60);
    expect(r.accuracy).toBeLessThan(a.accuracy - 10);
    const text = runCli(['analyse', rnd]).stdout;
    expect(text).toMatch(/^2048 5×5, 60 moves, judged by the AI \(its generic search for 5×5\)\n/);
    expect(text).toContain('Worst moves (loss: the share of the best move’s value given up)');
  }, 120_000);

  test("an evil game (the placer's tiles) is judged on the value scale", () => {
    let g = newGame({ seed: 34 });
    const place = (cells: readonly (readonly number[])[]) =>
      choosePlacement(cells.map((r) => [...r]));
    for (let i = 0; i < 40 && !g.over; i++) g = playPlaced(g, aiMove(g)!, place);
    const s = shared2048(g, { evil: true });
    if (!s.ok) throw new Error(s.error.message);
    const r = runCli(['analyse', encodeShared(s.value), '--json']);
    expect(r.code).toBe(0);
    const a = JSON.parse(r.stdout) as Json2048;
    expect(a).toMatchObject({ size: 4, search: 'packed', scale: 'value' });
    expect(a.moves).toHaveLength(g.moves);
    expect(a.moves.every((m) => m.scale === 'value')).toBe(true);
    expect(a.agreement).toBeGreaterThanOrEqual(95);
  }, 120_000);

  test('a versus match is judged side by side', () => {
    const code = versusCode(35, 160);
    const r = runCli(['analyse', code, '--json']);
    expect(r.code).toBe(0);
    const a = JSON.parse(r.stdout) as JsonMatch;
    expect(a.kind).toBe('versus');
    expect(a.sides.map((s) => s.side)).toEqual([0, 1]);
    const [ai, rnd] = a.sides as [JsonSide, JsonSide];
    for (const s of a.sides) {
      expect(s).toMatchObject({ kind: '2048', size: 4, scale: 'value', placements: null });
      expect(s.moves.map((m) => m.n)).toEqual(s.moves.map((_, i) => i + 1));
    }
    const ats = [...ai.moves, ...rnd.moves].map((m) => m.at).sort((x, y) => x - y);
    expect(ats).toEqual(ats.map((_, i) => i + 1));
    expect(rnd.moves.length).toBeGreaterThan(20);
    expect(ai.agreement).toBeGreaterThanOrEqual(95);
    expect(rnd.agreement).toBeLessThan(60);
    expect(rnd.accuracy).toBeLessThan(ai.accuracy - 15);
    expect(r.stderr).toContain(`analysing: move ${ats.length} of ${ats.length}`);
    const text = runCli(['analyse', code]).stdout;
    expect(text).toMatch(/^Versus match 4×4, slides judged by the AI \(fast preset\)\n/);
    expect(text).toContain(`Player 1: ${ai.moves.length} moves`);
    expect(text).toContain(`Player 2 (human): ${rnd.moves.length} moves`);
  }, 120_000);

  test("a duel's slides are judged by the AI and its placements by the placer's search", () => {
    const { code, first } = duelCode(36, 80);
    const r = runCli(['analyse', code, '--json']);
    expect(r.code).toBe(0);
    const a = JSON.parse(r.stdout) as JsonMatch;
    expect(a.kind).toBe('duel');
    // The first slider slid at random and placed at random; the other used the AIs.
    const rnd = a.sides[first]!;
    const ai = a.sides[1 - first]!;
    expect(ai.agreement).toBeGreaterThanOrEqual(95);
    expect(rnd.agreement).toBeLessThan(60);
    expect(ai.placements!.moves.length).toBeGreaterThan(5);
    expect(rnd.placements!.moves.length).toBeGreaterThan(20);
    expect(ai.placements!.agreement).toBeGreaterThanOrEqual(95);
    expect(rnd.placements!.agreement).toBeLessThan(30);
    expect(rnd.placements!.accuracy).toBeLessThan(ai.placements!.accuracy - 15);
    const p = rnd.placements!.moves.find((m) => m.loss > 0)!;
    expect(p.played).not.toEqual(p.best);
    const text = runCli(['analyse', code]).stdout;
    expect(text).toMatch(
      /^Duel 4×4, slides judged by the AI \(fast preset\), placements by the placer\n/,
    );
    expect(text).toContain(
      `Placements: ${rnd.placements!.moves.length}   Accuracy ${rnd.placements!.accuracy.toFixed(1)}`,
    );
    expect(text).toContain('Worst placements');
  }, 180_000);

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
    expect(empty.stderr).toMatch(/nothing to analyse: no finished game with a share code/);
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
