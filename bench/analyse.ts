/**
 * Game analysis benchmark: moves analysed a second on one core (the analysis runs on the
 * calling thread), and the figures of known kinds of games. Figures, not pass/fail.
 *
 *   npm run bench:analyse                          # defaults below
 *   npm run bench:analyse -- --games 3 --moves 1000 --n3 10 --n4 3 --other 200 --matches 1
 *
 * 2048 (4×4, the `fast` preset the CLI uses): `--games` games of the AI's own play at that
 * preset, each cut at `--moves` moves, and as many games of the `strong` preset (its first 300
 * moves: it is slow), a shallow AI (depth 2) and random legal moves (to their end), all seeded,
 * with the quantiles of the losses of their moves that differ from the AI's (on the calibrated
 * chance scale: how the thresholds were set). Other sizes (5×5, 8×8: the generic search, the
 * value scale): one game of the AI's and one of random moves each, cut at `--other` moves.
 * Matches: `--matches` pairs of seeded duels (the AI's slides against the placer's placements,
 * and random slides against random placements; each round cut at 150 actions), analysed. The puzzle: `--n3` 3×3 and `--n4` 4×4 games of
 * 100 random moves from seeded shuffles (the slow case: nearly every move needs a new optimal
 * search), with the 4×4 databases from the user's cache (built and cached the first time, timed
 * apart). Times are the process's CPU time, so other work on the machine does not count.
 */
import { type Duel, duelPlace, duelSlide, newDuel } from '../src/engine/duel.ts';
import { type Game, newGame, play } from '../src/engine/game2048.ts';
import { moveTile, newPuzzle, type Puzzle } from '../src/engine/puzzle.ts';
import { nextInt, type RngState, seedRng } from '../src/engine/rng.ts';
import { DIRECTIONS, type Direction } from '../src/engine/types.ts';
import { choosePlacement } from '../src/solvers/ai2048/placer.ts';
import { analyse } from '../src/solvers/ai2048/player.ts';
import { type Analysis2048, analyse2048 } from '../src/solvers/analysis/analyse2048.ts';
import { analyseDuel } from '../src/solvers/analysis/analyseMatch.ts';
import { analysePuzzle } from '../src/solvers/analysis/analysePuzzle.ts';
import { neighbourTable } from '../src/solvers/puzzle/grid.ts';
import { patternDbs4 } from '../src/solvers/puzzle/pdbProvider.ts';
import { defaultStore } from '../src/storage/defaultStore.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const games = arg('--games', 3);
const maxMoves = arg('--moves', 1000);
const n3 = arg('--n3', 10);
const n4 = arg('--n4', 3);
const other = arg('--other', 200);
const matches = arg('--matches', 1);

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
const f = (x: number, d = 1) => x.toFixed(d);

/** A seeded 2048 game of up to `max` moves chosen by `pick`. */
function game2048(seed: number, max: number, pick: (g: Game) => Direction | null, size = 4) {
  let g = newGame({ size, target: 2048, seed });
  const states = [g];
  const moves: Direction[] = [];
  for (let i = 0; i < max && !g.over; i++) {
    const d = pick(g);
    if (!d) break;
    g = play(g, d);
    states.push(g);
    moves.push(d);
  }
  return { states, moves };
}

function randomPick(seed: number): (g: Game) => Direction {
  let rng: RngState = seedRng(seed);
  return (g) => {
    const legal = DIRECTIONS.filter((d) => play(g, d) !== g);
    const r = nextInt(rng, legal.length);
    rng = r.state;
    return legal[r.value]!;
  };
}

console.log(`slidebox analysis benchmark — node ${process.version}, ${process.arch}, one core`);

const players: [string, (seed: number) => (g: Game) => Direction | null, number][] = [
  [
    'the AI (fast preset)',
    () => (g) => analyse(g.cells, { preset: 'fast', noCap: true }).move,
    maxMoves,
  ],
  [
    'the AI (strong preset, first 300 moves)',
    () => (g) => analyse(g.cells, { preset: 'strong', noCap: true }).move,
    Math.min(300, maxMoves),
  ],
  ['a shallow AI (depth 2)', () => (g) => analyse(g.cells, { depth: 2 }).move, maxMoves],
  ['random legal moves', (seed) => randomPick(seed), Number.POSITIVE_INFINITY],
];
console.log(`\n2048 4×4, analysed at the fast preset (uncapped), ${games} seeded games each:`);
for (const [name, make, max] of games > 0 ? players : []) {
  const rates: number[] = [];
  const results: Analysis2048[] = [];
  const times: string[] = [];
  for (let i = 0; i < games; i++) {
    const seed = 1_000 + i;
    const { states, moves } = game2048(seed, max, make(seed));
    const t0 = cpuMs();
    const a = analyse2048(states, moves, { preset: 'fast' });
    const ms = cpuMs() - t0;
    if (!a.ok) throw new Error(a.error.message);
    results.push(a.value);
    rates.push((moves.length / ms) * 1000);
    times.push(`${moves.length} moves ${f(ms / 1000, 2)} s`);
  }
  const acc = results.map((r) => r.accuracy);
  const agr = results.map((r) => r.agreement);
  console.log(
    `  ${name}: median ${f(median(rates), 0)} moves/s (${times.join(', ')}); accuracy median ${f(median(acc))} (${acc.map((x) => f(x)).join(', ')}), agreement median ${f(median(agr))}% (${agr.map((x) => f(x)).join(', ')})`,
  );
  const differing = results.flatMap((r) =>
    r.moves.filter((m) => m.played !== m.best && m.scale === 'chance').map((m) => m.loss),
  );
  const classes = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'] as const;
  const counts = classes.map((c) => results.reduce((n, r) => n + r.counts[c], 0));
  if (differing.length > 0) {
    console.log(
      `    losses of the ${differing.length} moves unlike the AI's (chance scale, points), 10/25/50/75/90%: ${[0.1, 0.25, 0.5, 0.75, 0.9].map((q) => f(quantile(differing, q), 3)).join(', ')}; classes ${classes.map((c, i) => `${c} ${counts[i]}`).join(' · ')}`,
    );
  }
}

function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

if (other > 0) {
  console.log(`\nOther sizes (the generic search, the value scale), games cut at ${other} moves:`);
  for (const size of [5, 8]) {
    const row: string[] = [];
    for (const [name, pick] of [
      ['the AI', (g: Game) => analyse(g.cells, { preset: 'fast' }).move],
      ['random', randomPick(3_000 + size)],
    ] as const) {
      const { states, moves } = game2048(3_000 + size, other, pick, size);
      const t = cpuMs();
      const a = analyse2048(states, moves);
      const ms = cpuMs() - t;
      if (!a.ok) throw new Error(a.error.message);
      row.push(
        `${name} ${moves.length} moves, ${f((moves.length / ms) * 1000, 0)} moves/s, accuracy ${f(a.value.accuracy)}, agreement ${f(a.value.agreement)}%`,
      );
    }
    console.log(`  ${size}×${size}: ${row.join('; ')}`);
  }
}

/**
 * A seeded duel, each round cut at `cut` actions: the AI's slides against the placer's
 * placements, or (`random`) random slides and random placements (a 2 or a 4 on a random cell).
 */
function duelGame(seed: number, cut: number, random: boolean): Duel[] {
  const start = newDuel({ seed, size: 4 });
  if (!start.ok) throw new Error(start.error.message);
  let d = start.value;
  const states = [d];
  let inRound = 0;
  let round = 0;
  let rng: RngState = seedRng(seed);
  const draw = (n: number) => {
    const r = nextInt(rng, n);
    rng = r.state;
    return r.value;
  };
  while (d.phase !== 'over' && inRound < cut) {
    let next: ReturnType<typeof duelSlide>;
    if (d.phase === 'slide') {
      const legal = DIRECTIONS.filter((x) => play(d.game, x) !== d.game);
      const dir = random
        ? legal[draw(legal.length)]!
        : analyse(d.game.cells, { preset: 'fast' }).move!;
      next = duelSlide(d, dir);
    } else if (random) {
      const empty = d.game.cells.flatMap((r, row) =>
        r.flatMap((v, col) => (v === 0 ? [{ row, col }] : [])),
      );
      const k = draw(empty.length * 2);
      next = duelPlace(d, empty[k >> 1]!, k & 1 ? 4 : 2);
    } else {
      const p = choosePlacement(d.game.cells)!;
      next = duelPlace(d, p.at, p.value);
    }
    if (!next.ok) throw new Error(next.error.message);
    d = next.value;
    states.push(d);
    inRound = d.round === round ? inRound + 1 : 0;
    round = d.round;
  }
  return states;
}

for (let i = 0; i < matches; i++) {
  if (i === 0) console.log('\nDuels, each round cut at 150 actions, analysed:');
  for (const random of [false, true]) {
    const states = duelGame(4_000 + i, 150, random);
    const t = cpuMs();
    const a = analyseDuel(states);
    const ms = cpuMs() - t;
    const placed = a.sides.reduce((n, s) => n + (s.placements?.moves.length ?? 0), 0);
    const slid = a.sides.reduce((n, s) => n + s.moves.length, 0);
    const side = (s: (typeof a.sides)[number]) =>
      `slides ${f(s.accuracy)}/${f(s.agreement)}%, placements ${f(s.placements?.accuracy ?? 100)}/${f(s.placements?.agreement ?? 100)}%`;
    console.log(
      `  ${random ? 'random slides and placements' : 'the AI against the placer'} (seed ${4_000 + i}): ${slid} slides and ${placed} placements in ${f(ms / 1000, 2)} s (${f(((slid + placed) / ms) * 1000, 0)} actions/s); accuracy/agreement: player 1 ${side(a.sides[0])}; player 2 ${side(a.sides[1])}`,
    );
  }
}

/** A seeded puzzle game of `count` random moves of tiles next to the blank. */
function puzzleGame(width: number, seed: number, count: number) {
  let p = newPuzzle({ width, seed });
  const states: Puzzle[] = [p];
  const tiles: number[] = [];
  let rng = seedRng(seed + 1);
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

const t0 = performance.now();
const dbs = (await patternDbs4(defaultStore())).dbs;
console.log(
  `\nPuzzle, games of 100 random moves from seeded shuffles (4×4 tables ready in ${f((performance.now() - t0) / 1000, 2)} s):`,
);
for (const [width, count] of [
  [3, n3],
  [4, n4],
] as const) {
  const rates: number[] = [];
  const secs: number[] = [];
  for (let i = 0; i < count; i++) {
    const { states, tiles } = puzzleGame(width, 2_000 + i, 100);
    const s = cpuMs();
    const a = analysePuzzle(states, tiles, { dbs4: dbs });
    const ms = cpuMs() - s;
    if (!a.exact) throw new Error('not exact');
    rates.push((tiles.length / ms) * 1000);
    secs.push(ms / 1000);
  }
  console.log(
    `  ${width}×${width}, ${count} games: median ${f(median(rates), 0)} moves/s; median ${f(median(secs), 2)} s a 100-move game (max ${f(Math.max(...secs), 2)} s)`,
  );
}
