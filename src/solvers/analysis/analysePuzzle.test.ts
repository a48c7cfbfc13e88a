/**
 * The puzzle analysis: every 3×3 distance equals a breadth-first search over all 181,440
 * positions; 4×4 distances equal the solver's optimum (with the real 6-6-3 databases, built on
 * the first run of a checkout, cached under node_modules/.cache afterwards).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { moveTile, newPuzzle, type Puzzle } from '../../engine/puzzle.ts';
import { nextInt, seedRng } from '../../engine/rng.ts';
import { fileCache } from '../../storage/fileCache.ts';
import { TEST_CACHE_DIR } from '../../testutil/testCache.ts';
import { neighbourTable } from '../puzzle/grid.ts';
import type { PatternDb } from '../puzzle/pdb.ts';
import { patternDbs4 } from '../puzzle/pdbProvider.ts';
import { reductionSolve } from '../puzzle/reduce.ts';
import { solvePuzzle } from '../puzzle/solve.ts';
import { analysePuzzle } from './analysePuzzle.ts';

const store = fileCache(TEST_CACHE_DIR);
let dbs: readonly PatternDb[] = [];

beforeAll(async () => {
  dbs = (await patternDbs4(store)).dbs;
}, 120_000);

/** Distances to solved of every 3×3 position, by breadth-first search from the goal. */
function bfs3(): Map<string, number> {
  const goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
  const nbr = neighbourTable(3, 3);
  const dist = new Map<string, number>([[goal.join(','), 0]]);
  let frontier = [goal];
  for (let d = 1; frontier.length > 0; d++) {
    const next: number[][] = [];
    for (const p of frontier) {
      const b = p.indexOf(0);
      for (let k = 0; k < 4; k++) {
        const c = nbr[b * 4 + k]!;
        if (c < 0) continue;
        const q = [...p];
        q[b] = q[c]!;
        q[c] = 0;
        const key = q.join(',');
        if (!dist.has(key)) {
          dist.set(key, d);
          next.push(q);
        }
      }
    }
    frontier = next;
  }
  return dist;
}

/** A seeded game of `count` random moves of tiles next to the blank, from a seeded start. */
function randomGame(width: number, seed: number, count: number) {
  let p = newPuzzle({ width, seed });
  const states: Puzzle[] = [p];
  const tiles: number[] = [];
  let rng = seedRng(seed + 99);
  const nbr = neighbourTable(width, width);
  for (let i = 0; i < count && !p.solved; i++) {
    const b = p.tiles.indexOf(0);
    const cells = [0, 1, 2, 3].map((k) => nbr[b * 4 + k]!).filter((c) => c >= 0);
    const r = nextInt(rng, cells.length);
    rng = r.state;
    const t = p.tiles[cells[r.value]!]!;
    p = moveTile(p, t);
    states.push(p);
    tiles.push(t);
  }
  return { states, tiles };
}

/**
 * A seeded game of `count` random moves of any tile in the blank's row or column: a tile
 * farther along the line slides with every tile between (several moves at once).
 */
function lineGame(width: number, seed: number, count: number) {
  let p = newPuzzle({ width, seed });
  const states: Puzzle[] = [p];
  const tiles: number[] = [];
  let rng = seedRng(seed + 7);
  for (let i = 0; i < count && !p.solved; i++) {
    const b = p.tiles.indexOf(0);
    const inLine = p.tiles.filter(
      (t, at) =>
        t !== 0 && (Math.floor(at / width) === Math.floor(b / width) || at % width === b % width),
    );
    const r = nextInt(rng, inLine.length);
    rng = r.state;
    p = moveTile(p, inLine[r.value]!);
    states.push(p);
    tiles.push(inLine[r.value]!);
  }
  return { states, tiles };
}

/** The game's figures as its moves give them (each pinned exactly, not bounded). */
function figuresOfMoves(a: ReturnType<typeof analysePuzzle>) {
  const played = a.moves.reduce((sum, m) => sum + m.slid, 0);
  const start = a.moves[0]?.before ?? a.optimal;
  const end = a.moves.at(-1)?.after ?? start;
  return {
    optimal: start,
    played,
    wasted: Math.max(0, played - (start - end)),
    detours: a.moves.filter((m) => !m.optimal).map((m) => m.n),
  };
}

let distances3: Map<string, number> | null = null;
/** {@link bfs3}, computed once. */
const dist3 = () => {
  distances3 ??= bfs3();
  return distances3;
};

/** A game that follows a shortest solution, with a detour (a move and its undo) at `at`. */
function solvedGame(start: Puzzle, solution: readonly number[], at: number) {
  const states: Puzzle[] = [start];
  const tiles: number[] = [];
  let p = start;
  const step = (t: number) => {
    p = moveTile(p, t);
    states.push(p);
    tiles.push(t);
  };
  solution.forEach((t, i) => {
    if (i === at) {
      // Slide the tile just moved back, then on again: two wasted moves.
      const back = solution[i - 1]!;
      step(back);
      step(back);
    }
    step(t);
  });
  return { states, tiles };
}

describe('analysePuzzle', () => {
  it('gives 3×3 distances equal to a breadth-first search', () => {
    const dist = dist3();
    expect(dist.size).toBe(181_440);
    for (const seed of [1, 2, 3, 4, 5]) {
      const { states, tiles } = randomGame(3, seed, 60);
      const a = analysePuzzle(states, tiles);
      expect(a.exact).toBe(true);
      expect(a.moves).toHaveLength(tiles.length);
      a.moves.forEach((m, i) => {
        expect(m.before).toBe(dist.get(states[i]!.tiles.join(',')));
        expect(m.after).toBe(dist.get(states[i + 1]!.tiles.join(',')));
        expect(m.optimal).toBe(m.after === m.before - 1);
        // The better move brings the board one move nearer.
        if (m.before > 0) {
          const better = moveTile(states[i]!, m.best!);
          expect(dist.get(better.tiles.join(','))).toBe(m.before - 1);
        }
      });
      expect(a.optimal).toBe(dist.get(states[0]!.tiles.join(',')));
      expect(a.detours).toEqual(a.moves.filter((m) => !m.optimal).map((m) => m.n));
    }
  });

  it('judges slides of several tiles at once by breadth-first distances, each by the tiles slid', () => {
    const dist = dist3();
    let several = 0;
    for (const seed of [31, 32, 33, 34, 35]) {
      const { states, tiles } = lineGame(3, seed, 60);
      const a = analysePuzzle(states, tiles);
      a.moves.forEach((m, i) => {
        const key = (p: Puzzle) => p.tiles.join(',');
        expect(m.slid).toBe(states[i + 1]!.moves - states[i]!.moves);
        expect(m.before, `move ${m.n} of seed ${seed}`).toBe(dist.get(key(states[i]!)));
        expect(m.after, `move ${m.n} of seed ${seed}`).toBe(dist.get(key(states[i + 1]!)));
        expect(m.optimal).toBe(m.before - m.after === m.slid);
        if (m.slid > 1) several++;
      });
      expect(a).toMatchObject(figuresOfMoves(a));
    }
    // Two tiles slid at once change the distance by an even number (0 or 2): judged by the
    // slide of one tile, the answer would be odd.
    expect(several).toBeGreaterThan(20);
  });

  it("gives the game's figures exactly from its moves: optimal, played, wasted, detours", async () => {
    const games = [
      ...[1, 2, 3].map((seed) => randomGame(3, seed, 40)),
      ...[36, 37].map((seed) => lineGame(3, seed, 40)),
    ];
    const start = newPuzzle({ width: 3, seed: 8 });
    const best = await solvePuzzle([...start.tiles], 3);
    const solved = solvedGame(start, best.moves, 5);
    // Games read from a later position too (its first state has moves of its own).
    const later = (g: { states: Puzzle[]; tiles: number[] }, from: number) => ({
      states: g.states.slice(from),
      tiles: g.tiles.slice(from),
    });
    games.push(solved, later(solved, 3), later(games[3]!, 10), { states: [start], tiles: [] });
    for (const { states, tiles } of games) {
      const a = analysePuzzle(states, tiles);
      expect(a).toMatchObject(figuresOfMoves(a));
      expect(a.optimal).toBe(dist3().get(states[0]!.tiles.join(',')));
      expect(a.played).toBe(states.at(-1)!.moves - states[0]!.moves);
    }
  });

  it('follows the shortest solution known only by a single slide (no slide of several starts one)', () => {
    // The first test of analysePuzzle's loop reads `slid === 1 && known[0] === tiles[i]`. Its
    // `slid === 1` cannot change an answer, so no input tells the loop without it apart (an
    // equivalent mutant): `known` is a shortest solution of the position before the move, and
    // its first tile is one that slides alone, next to the blank (a solution is a list of
    // single-tile moves: solutions of the exact searches, or a tile moved and slid back). A move
    // of several tiles names a tile two or more cells along the blank's line, so it is never
    // that tile: whenever `known[0] === tiles[i]` holds, `slid` is 1 already. Its neighbour, the
    // third branch's `slid === 1`, does tell: the slides of several tiles in the test above.
    for (const seed of [31, 32, 33]) {
      const { states, tiles } = lineGame(3, seed, 60);
      const a = analysePuzzle(states, tiles);
      for (const [i, m] of a.moves.entries()) {
        if (m.best === null) continue;
        const nextToBlank = moveTile(states[i]!, m.best).moves - states[i]!.moves === 1;
        expect(nextToBlank, `move ${m.n} of seed ${seed}`).toBe(true);
        if (m.played === m.best) expect(m.slid).toBe(1);
      }
    }
  });

  it('counts the optimal moves and the wasted ones of a solved 3×3 game', async () => {
    const start = newPuzzle({ width: 3, seed: 8 });
    const best = await solvePuzzle([...start.tiles], 3);
    const { states, tiles } = solvedGame(start, best.moves, 5);
    expect(states.at(-1)!.solved).toBe(true);
    const a = analysePuzzle(states, tiles);
    expect(a.optimal).toBe(best.moves.length);
    expect(a.played).toBe(best.moves.length + 2);
    expect(a.wasted).toBe(2);
    expect(a.detours).toEqual([6]);
    expect(a.moves.at(-1)!.after).toBe(0);
  });

  it("gives 4×4 distances equal to the solver's optimum", async () => {
    const { states, tiles } = randomGame(4, 21, 12);
    const heard: number[] = [];
    const a = analysePuzzle(states, tiles, { dbs4: dbs, onProgress: (d) => heard.push(d) });
    expect(a.exact).toBe(true);
    expect(heard).toEqual(tiles.map((_, i) => i + 1));
    for (let i = 0; i <= tiles.length; i++) {
      const solved = await solvePuzzle([...states[i]!.tiles], 4, { store });
      expect(solved.optimal).toBe(true);
      const d = i === 0 ? a.moves[0]!.before : a.moves[i - 1]!.after;
      expect(d).toBe(solved.moves.length);
    }
    for (const m of a.moves) expect(Math.abs(m.after - m.before)).toBe(1);
  }, 120_000);

  it("gives 4×4 distances equal to the solver's optimum from a hard start", async () => {
    // Seed 316's start is the one of seeds 1–400 the solver takes longest over (57 moves, its
    // databases estimate 41). The fast solver's first moves from it go near and away.
    const start = newPuzzle({ width: 4, seed: 316 });
    const { states, tiles } = solvedGame(start, reductionSolve(start.tiles, 4).slice(0, 3), -1);
    const a = analysePuzzle(states, tiles, { dbs4: dbs });
    expect(a.detours.length).toBeGreaterThan(0);
    expect(a.detours.length).toBeLessThan(tiles.length);
    for (let i = 0; i <= tiles.length; i++) {
      const solved = await solvePuzzle([...states[i]!.tiles], 4, { store });
      const d = i === 0 ? a.moves[0]!.before : a.moves[i - 1]!.after;
      expect(d).toBe(solved.moves.length);
    }
  }, 120_000);

  it('judges a returning walk the same as each position on its own', () => {
    // Positions met again are answered from what was found the first time.
    const { states, tiles } = randomGame(4, 2001, 60);
    const whole = analysePuzzle(states, tiles, { dbs4: dbs });
    const keys = new Set(states.map((p) => p.tiles.join(',')));
    expect(keys.size).toBeLessThan(states.length);
    for (const i of [0, 20, 40, 59]) {
      const part = analysePuzzle(states.slice(i, i + 2), tiles.slice(i, i + 1), { dbs4: dbs });
      expect(part.moves[0]).toEqual(
        expect.objectContaining({ before: whole.moves[i]!.before, after: whole.moves[i]!.after }),
      );
    }
  }, 120_000);

  it('follows a 4×4 shortest solution with one detour', async () => {
    const start = newPuzzle({ width: 4, seed: 5 });
    const report = await solvePuzzle([...start.tiles], 4, { store });
    const { states: s, tiles } = solvedGame(start, report.moves, 3);
    const a = analysePuzzle(s, tiles, { dbs4: dbs });
    expect(a.optimal).toBe(report.moves.length);
    expect(a.wasted).toBe(2);
    expect(a.detours).toEqual([4]);
  }, 120_000);

  it('falls back to a lower bound from 5×5 up, and on 4×4 without databases', () => {
    const { states, tiles } = randomGame(5, 2, 10);
    const a = analysePuzzle(states, tiles);
    expect(a.exact).toBe(false);
    expect(a.moves).toHaveLength(10);
    const four = randomGame(4, 2, 5);
    const b = analysePuzzle(four.states, four.tiles);
    expect(b.exact).toBe(false);
  });
});
