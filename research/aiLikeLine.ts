/**
 * Where the boards' "plays like the AI" line is drawn: the agreement with the AI (fast preset,
 * as the server analyses) of seeded 4×4 games played in ways people play — the corner rule
 * (down, left, right, up: the first that moves), the corner rule with a slip now and then, the
 * greedy move (most points, then most empty cells), a shallow search — beside the AI's own
 * games. Each line: the player, the games' lengths, agreement per game, and the agreement over
 * the first 200 moves and over every window of 200 moves (its highest).
 *
 *   node --import tsx research/aiLikeLine.ts [--games 4] [--moves 1500] [--only 4,5,6]
 */
import { type Game, newGame, play } from '../src/engine/game2048.ts';
import { nextInt, type RngState, seedRng } from '../src/engine/rng.ts';
import { DIRECTIONS, type Direction } from '../src/engine/types.ts';
import { analyse } from '../src/solvers/ai2048/player.ts';
import { analyse2048 } from '../src/solvers/analysis/analyse2048.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const games = arg('--games', 4);
const maxMoves = arg('--moves', 1500);
const WINDOW = 200;

type Pick = (g: Game) => Direction | null;

function game2048(seed: number, pick: Pick) {
  let g = newGame({ size: 4, target: 2048, seed });
  const states = [g];
  const moves: Direction[] = [];
  for (let i = 0; i < maxMoves && !g.over; i++) {
    const d = pick(g);
    if (!d) break;
    g = play(g, d);
    states.push(g);
    moves.push(d);
  }
  return { states, moves };
}

const legal = (g: Game) => DIRECTIONS.filter((d) => play(g, d) !== g);
const CORNER: readonly Direction[] = ['down', 'left', 'right', 'up'];
const corner: Pick = (g) => CORNER.find((d) => play(g, d) !== g) ?? null;

function slipping(seed: number, every: number): Pick {
  let rng: RngState = seedRng(seed);
  return (g) => {
    const r = nextInt(rng, every);
    rng = r.state;
    const l = legal(g);
    if (r.value !== 0 || l.length === 0) return corner(g);
    const s = nextInt(rng, l.length);
    rng = s.state;
    return l[s.value]!;
  };
}

const greedy: Pick = (g) => {
  let best: Direction | null = null;
  let score = -1;
  for (const d of legal(g)) {
    const n = play(g, d);
    const empty = n.cells.flat().filter((c) => c === 0).length;
    const v = (n.score - g.score) * 100 + empty;
    if (v > score) {
      score = v;
      best = d;
    }
  }
  return best;
};

const only = process.argv.indexOf('--only');
const all: [string, (seed: number) => Pick][] = [
  ['the AI (fast preset)', () => (g) => analyse(g.cells, { preset: 'fast', noCap: true }).move],
  ['corner rule (down, left, right, up)', () => corner],
  ['corner rule, a random move 1 in 5', (s) => slipping(s, 5)],
  ['greedy (most points, then empty cells)', () => greedy],
  ['a shallow search (depth 2)', () => (g) => analyse(g.cells, { depth: 2 }).move],
  ['a search of depth 3', () => (g) => analyse(g.cells, { depth: 3 }).move],
  ['the AI (strong preset)', () => (g) => analyse(g.cells, { preset: 'strong', noCap: true }).move],
];
// --only N[,N]: the players by their place in the list (from 0).
const players =
  only >= 0 ? process.argv[only + 1]!.split(',').map((i) => all[Number(i)]!) : all.slice(0, -1);

const f = (x: number) => x.toFixed(1);
console.log(`agreement with the AI (fast preset) of 4×4 games, ${games} seeded games each`);
for (const [name, make] of players) {
  const rows: string[] = [];
  let windowMax = 0;
  for (let i = 0; i < games; i++) {
    const seed = 5_000 + i;
    const { states, moves } = game2048(seed, make(seed));
    const a = analyse2048(states, moves, { preset: 'fast' });
    if (!a.ok) throw new Error(a.error.message);
    const agrees = a.value.moves.map((m) => (m.best === m.played ? 1 : 0));
    let inWindow = 0;
    let best = 0;
    for (let k = 0; k < agrees.length; k++) {
      inWindow += agrees[k]!;
      if (k >= WINDOW) inWindow -= agrees[k - WINDOW]!;
      if (k >= WINDOW - 1) best = Math.max(best, inWindow / WINDOW);
    }
    windowMax = Math.max(windowMax, best);
    const first = (n: number) =>
      agrees.length >= n
        ? `${f((100 * agrees.slice(0, n).reduce((x: number, y) => x + y, 0)) / n)}%`
        : '–';
    rows.push(
      `${moves.length} moves ${f(a.value.agreement)}% (first 200: ${first(200)}, first 500: ${first(500)}, best ${WINDOW}: ${f(best * 100)}%)`,
    );
  }
  console.log(
    `  ${name}: ${rows.join('; ')}; highest ${WINDOW}-move window ${f(windowMax * 100)}%`,
  );
}
