/**
 * 4×4 puzzle analysis benchmark: seconds a game, on one core (the analysis runs on the calling
 * thread), beside the optimal solver's time (`solvePuzzle`, what `slidebox solve` runs) on the
 * same start. Figures, not pass/fail. Times are the process's CPU time.
 *
 *   npm run bench:analyse:puzzle
 *   node --import tsx bench/analysePuzzle.ts --walks 3 --solves 10 --wanders 10
 *
 * Three kinds of seeded games, each from `newPuzzle({ width: 4, seed })`:
 * - walks: 100 random moves from a shuffle (seeds 2000 on, as in bench/analyse.ts): the slow
 *   case, the board never gets nearer to solved, so nearly every move needs its own search;
 * - solves: the fast solver's solution (`reductionSolve`, row by row as people do) from seeds
 *   1 on, then from the four starts of seeds 1–400 that the optimal solver finds hardest;
 * - wanders: a player who plays the fast solver's next move three times in four and a random
 *   move (not undoing the last) otherwise, until solved or 300 moves; same starts.
 * The 4×4 databases come from the user's cache (built and cached the first time, timed apart).
 */
import { moveTile, newPuzzle, type Puzzle } from '../src/engine/puzzle.ts';
import { nextInt, type RngState, seedRng } from '../src/engine/rng.ts';
import { analysePuzzle } from '../src/solvers/analysis/analysePuzzle.ts';
import { neighbourTable } from '../src/solvers/puzzle/grid.ts';
import { patternDbs4 } from '../src/solvers/puzzle/pdbProvider.ts';
import { reductionSolve } from '../src/solvers/puzzle/reduce.ts';
import { solvePuzzle } from '../src/solvers/puzzle/solve.ts';
import { defaultStore } from '../src/storage/defaultStore.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const walks = arg('--walks', 3);
const solves = arg('--solves', 10);
const wanders = arg('--wanders', 10);
/** Seeds of 1–400 whose starts take the optimal solver the most nodes (5 to 17 million). */
const HARD_SEEDS = [316, 253, 307, 105];

/** CPU time of this process in ms (user + system): a machine busy elsewhere does not count. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
const f = (x: number, d = 2) => x.toFixed(d);

interface PuzzleGame {
  readonly states: Puzzle[];
  readonly tiles: number[];
}

function gameOf(start: Puzzle, next: (p: Puzzle, last: number) => number | null): PuzzleGame {
  let p = start;
  const states = [p];
  const tiles: number[] = [];
  for (let t = next(p, 0); t !== null; t = next(p, t)) {
    p = moveTile(p, t);
    states.push(p);
    tiles.push(t);
  }
  return { states, tiles };
}

const nbr = neighbourTable(4, 4);
/** The tiles next to the blank. */
function movable(p: Puzzle): number[] {
  const b = p.tiles.indexOf(0);
  return [0, 1, 2, 3].map((k) => nbr[b * 4 + k]!).flatMap((c) => (c >= 0 ? [p.tiles[c]!] : []));
}

function walk(seed: number): PuzzleGame {
  let rng: RngState = seedRng(seed + 1);
  let n = 0;
  return gameOf(newPuzzle({ width: 4, seed }), (p) => {
    if (n++ === 100 || p.solved) return null;
    const cells = movable(p);
    const r = nextInt(rng, cells.length);
    rng = r.state;
    return cells[r.value]!;
  });
}

function fastSolve(seed: number): PuzzleGame {
  const start = newPuzzle({ width: 4, seed });
  const moves = reductionSolve(start.tiles, 4);
  let i = 0;
  return gameOf(start, () => (i < moves.length ? moves[i++]! : null));
}

function wander(seed: number): PuzzleGame {
  let rng: RngState = seedRng(seed + 7);
  let n = 0;
  return gameOf(newPuzzle({ width: 4, seed }), (p, last) => {
    if (p.solved || n++ === 300) return null;
    const r = nextInt(rng, 4);
    rng = r.state;
    if (r.value > 0) return reductionSolve(p.tiles, 4)[0]!;
    const cells = movable(p).filter((t) => t !== last);
    const c = nextInt(rng, cells.length);
    rng = c.state;
    return cells[c.value]!;
  });
}

const store = defaultStore();
const t0 = performance.now();
const dbs = (await patternDbs4(store)).dbs;
console.log(
  `slidebox 4×4 puzzle analysis benchmark — node ${process.version}, ${process.arch}, one core; tables ready in ${f((performance.now() - t0) / 1000)} s`,
);

const firstSeeds = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const kinds: [string, (seed: number) => PuzzleGame, number[]][] = [
  ['100 random moves from a shuffle', walk, firstSeeds(walks).map((i) => 1_999 + i)],
  ["the fast solver's solve", fastSolve, [...firstSeeds(solves), ...HARD_SEEDS]],
  [
    'a wandering player (a random move one time in four)',
    wander,
    [...firstSeeds(wanders), ...HARD_SEEDS],
  ],
];
for (const [name, make, seeds] of kinds) {
  if (seeds.length === 0) continue;
  console.log(`\n${name}:`);
  const secs: number[] = [];
  const moves: number[] = [];
  for (const seed of seeds) {
    const { states, tiles } = make(seed);
    let s = cpuMs();
    const solved = await solvePuzzle([...states[0]!.tiles], 4, { store });
    const solveMs = cpuMs() - s;
    s = cpuMs();
    const a = analysePuzzle(states, tiles, { dbs4: dbs });
    const ms = cpuMs() - s;
    if (!a.exact || a.optimal !== solved.moves.length) throw new Error('analysis disagrees');
    secs.push(ms / 1000);
    moves.push(tiles.length);
    console.log(
      `  seed ${seed}: ${tiles.length} moves (optimal ${a.optimal}, wasted ${a.wasted}); analysis ${f(ms / 1000)} s, solver on the start ${f(solveMs / 1000)} s`,
    );
  }
  console.log(
    `  ${seeds.length} games of ${Math.min(...moves)} to ${Math.max(...moves)} moves: median ${f(median(secs))} s a game, max ${f(Math.max(...secs))} s; median ${f(median(moves.map((m, i) => m / secs[i]!)), 0)} moves/s`,
  );
}
