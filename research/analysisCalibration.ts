/**
 * Calibrates the 2048 analysis on self-play: turns the AI's search value of a position into an
 * estimated chance to reach 2048 from it (src/solvers/analysis/calibration2048.ts).
 *
 *   node --import tsx research/analysisCalibration.ts                 # fit and print
 *   node --import tsx research/analysisCalibration.ts --write         # … and write the table
 *   options: --games N (default 300) --seed S (first seed, default 7000) --cont ε (default
 *            0.05) --prefix 0.05,0.1,0.2,0.5,1 --max-moves N (default 3000)
 *
 * The reference player whose chance is estimated: the AI at the analysis preset (`fast`,
 * uncapped) that plays a seeded random legal move instead of its own with probability ε =
 * `--cont` (0.05: a strong player who slips once in twenty moves; the AI itself all but never
 * fails to reach 2048, so its chance would say nothing of a position it can rescue). The
 * positions it is judged from: game k (seed S + k) starts with a prefix of a noisier player,
 * ε = the k-th of `--prefix` in turn (1 is random play), for a seeded number of moves (0 to
 * 400; 0 to 250 at ε 0.5; 0 to 120 for random play), so that the untidy boards of weaker play
 * are covered; then the reference player plays on until a 2048 appears, the board is stuck, or
 * `--max-moves`. Every position from the switch on is recorded (positions of the prefix are
 * not: what follows them is not the reference player's play): its stage (the
 * sum of the tiles in steps of 256, the last from 2048 up), the search value V of the AI's
 * best move there plus the position's tile charge (src/solvers/analysis/chance2048.ts: the
 * evaluation charges big tiles, so a raw value falls as a game advances), and at the end
 * whether the game reached 2048.
 *
 * The fit, per stage: the positions sorted by V and cut into bins at fixed quantiles (finer in
 * the low tail, where the chance changes), each bin's share of games that reached 2048, made
 * non-decreasing in V by pooling adjacent violators (isotonic regression weighted by the bin
 * counts), and one knot per pooled block of bins (its share, at the value midway between the
 * medians of its first and last bins). The analysis reads the chance of a value by linear
 * interpolation between the knots (below the first: towards 0 at V = 0, a lost board; above
 * the last: the last share).
 */
import { writeFileSync } from 'node:fs';
import { type Game, maxTile, newGame, play } from '../src/engine/game2048.ts';
import { nextFloat, nextInt, type RngState, seedRng } from '../src/engine/rng.ts';
import { DIRECTIONS, type Direction } from '../src/engine/types.ts';
import { analyse } from '../src/solvers/ai2048/player.ts';
import {
  levelled,
  STAGE_STEP,
  STAGES,
  stageOf,
  tileCharge,
} from '../src/solvers/analysis/chance2048.ts';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}

const games = Number(arg('--games', '300'));
const firstSeed = Number(arg('--seed', '7000'));
const cont = Number(arg('--cont', '0.05'));
const prefixes = arg('--prefix', '0.05,0.1,0.2,0.5,1').split(',').map(Number);
const maxMoves = Number(arg('--max-moves', '3000'));
const write = process.argv.includes('--write');
const TARGET = 2048;

/** The longest prefix (moves) of a noise level: random play is over in about 120 moves. */
function prefixCap(eps: number): number {
  return eps >= 1 ? 120 : eps >= 0.5 ? 250 : 400;
}

/** Quantiles cutting a stage's positions into bins: finer in the low tail. */
const CUTS = [
  0, 0.002, 0.005, 0.01, 0.02, 0.035, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8,
  0.9, 1,
];

interface Sample {
  stage: number;
  value: number;
  game: number;
}

const samples: Sample[] = [];
const reached: boolean[] = [];
const perPrefix = prefixes.map((eps) => ({
  eps,
  games: 0,
  overInPrefix: 0,
  reached: 0,
  positions: 0,
}));
const t0 = performance.now();

/** The AI's move and its value of the best move. */
function searched(g: Game): { move: Direction | null; value: number } {
  const a = analyse(g.cells, { preset: 'fast', noCap: true });
  let v = Number.NEGATIVE_INFINITY;
  for (const d of DIRECTIONS) v = Math.max(v, a.values[d]);
  return { move: a.move, value: v };
}

for (let k = 0; k < games; k++) {
  const seed = firstSeed + k;
  const row = perPrefix[k % prefixes.length]!;
  const eps = row.eps;
  let rng: RngState = seedRng(seed * 31 + 17);
  const draw = nextInt(rng, prefixCap(eps) + 1);
  rng = draw.state;
  const switchAt = draw.value;
  let g: Game = newGame({ size: 4, target: TARGET, seed });
  row.games++;
  while (!g.over && g.moves < maxMoves && maxTile(g.cells) < TARGET) {
    const inPrefix = g.moves < switchAt;
    const e = inPrefix ? eps : cont;
    const r = nextFloat(rng);
    rng = r.state;
    let move: Direction | null = null;
    if (!inPrefix || r.value >= e) {
      const s = searched(g);
      if (!inPrefix) {
        const value = levelled(s.value, tileCharge(g.cells));
        samples.push({ stage: stageOf(g.cells), value, game: k });
      }
      if (!inPrefix) row.positions++;
      move = s.move;
    }
    if (move === null || r.value < e) {
      const legal = DIRECTIONS.filter((d) => play(g, d) !== g);
      if (legal.length === 0) break;
      const p = nextInt(rng, legal.length);
      rng = p.state;
      move = legal[p.value]!;
    }
    g = play(g, move);
  }
  if (g.moves < switchAt) row.overInPrefix++;
  const won = maxTile(g.cells) >= TARGET;
  reached[k] = won;
  if (won && g.moves >= switchAt) row.reached++;
  if ((k + 1) % 25 === 0) {
    console.error(
      `${k + 1} of ${games} games, ${samples.length} positions (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
    );
  }
}
for (const r of perPrefix) {
  console.log(
    `prefix ε ${r.eps}: ${r.games} games, ${r.overInPrefix} over in the prefix, ${r.reached} reached ${TARGET} after it, ${r.positions} positions`,
  );
}

/** Pool adjacent violators: a non-decreasing fit of `ys` weighted by `ws`. */
function isotonic(ys: readonly number[], ws: readonly number[]): number[] {
  const blocks: { y: number; w: number; n: number }[] = [];
  for (let i = 0; i < ys.length; i++) {
    blocks.push({ y: ys[i]!, w: ws[i]!, n: 1 });
    while (blocks.length > 1 && blocks.at(-2)!.y > blocks.at(-1)!.y) {
      const b = blocks.pop()!;
      const a = blocks.pop()!;
      const w = a.w + b.w;
      blocks.push({ y: (a.y * a.w + b.y * b.w) / w, w, n: a.n + b.n });
    }
  }
  return blocks.flatMap((b) => new Array<number>(b.n).fill(b.y));
}

const stages: { sumBelow: number | null; positions: number; knots: [number, number][] }[] = [];
for (let s = 0; s < STAGES; s++) {
  const xs = samples.filter((x) => x.stage === s).sort((a, b) => a.value - b.value);
  const bins: { v: number; rate: number; n: number }[] = [];
  let from = 0;
  for (let c = 1; c < CUTS.length; c++) {
    const to = Math.round(CUTS[c]! * xs.length);
    if (to <= from) continue;
    const part = xs.slice(from, to);
    const won = part.filter((x) => reached[x.game]).length;
    bins.push({ v: part[part.length >> 1]!.value, rate: won / part.length, n: part.length });
    from = to;
  }
  const fitted = isotonic(
    bins.map((b) => b.rate),
    bins.map((b) => b.n),
  );
  const knots: [number, number][] = [];
  for (let i = 0; i < bins.length; i++) {
    const k: [number, number] = [Math.round(bins[i]!.v), Math.round(fitted[i]! * 10000)];
    // Equal values (a pooled block of one value) keep one knot.
    if (knots.length > 0 && knots.at(-1)![0] >= k[0]) knots[knots.length - 1] = k;
    else knots.push(k);
  }
  // One knot per pooled block (a run of equal chances), midway between its first and last
  // bins: the map then rises between blocks instead of in steps, so that a lower value always
  // reads as a lower chance inside the table's range.
  for (let i = 0; i < knots.length; i++) {
    let j = i;
    while (j + 1 < knots.length && knots[j + 1]![1] === knots[i]![1]) j++;
    if (j > i) {
      knots.splice(i, j - i + 1, [Math.round((knots[i]![0] + knots[j]![0]) / 2), knots[i]![1]]);
    }
  }
  stages.push({
    sumBelow: s < STAGES - 1 ? (s + 1) * STAGE_STEP : null,
    positions: xs.length,
    knots,
  });
  console.log(
    `stage ${s}: sum ${s * STAGE_STEP}–${s < STAGES - 1 ? (s + 1) * STAGE_STEP - 1 : '…'} (${xs.length} positions): ${bins
      .map(
        (b, i) =>
          `${(b.v / 1e6).toFixed(3)}M ${(b.rate * 100).toFixed(1)}→${(fitted[i]! * 100).toFixed(1)}%`,
      )
      .join(', ')}`,
  );
}

const command = `node --import tsx research/analysisCalibration.ts --games ${games} --seed ${firstSeed} --cont ${cont} --prefix ${prefixes.join(',')} --max-moves ${maxMoves} --write`;
console.log(
  `\n${samples.length} positions from ${games} games in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
);

if (write) {
  const body = `/**
 * The 2048 analysis's calibration: per stage (the sum of the tiles, in steps of 256), knots
 * [levelled search value, chance to reach 2048 in hundredths of a percent] of a non-decreasing
 * map from the AI's value of a position (the \`fast\` preset, uncapped) to the share of self-play games of the reference player (the
 * AI with a random move instead of its own with probability ${cont}) that reached 2048 from
 * positions of that value. Generated, do not edit: produced by
 *
 *   ${command}
 *
 * (research/analysisCalibration.ts says how; docs/analysis.md what it means). The games, by the
 * share of random moves of their prefix:
${perPrefix.map((r) => ` * ε ${r.eps}: ${r.games} games, ${r.overInPrefix} over in the prefix, ${r.reached} reached 2048 after it (${r.positions} positions).`).join('\n')}
 */

/** The calibration table (see the file's comment). */
export const CALIBRATION_2048 = {
  preset: 'fast',
  target: ${TARGET},
  command:
    '${command}',
  games: ${games},
  continuation: ${cont},
  positions: ${samples.length},
  stages: [
${stages.map((s) => `    {\n      sumBelow: ${s.sumBelow},\n      positions: ${s.positions},\n      knots: [\n${s.knots.map(([v, p]) => `        [${v}, ${p}],`).join('\n')}\n      ],\n    },`).join('\n')}
  ],
} as const;
`;
  writeFileSync(new URL('../src/solvers/analysis/calibration2048.ts', import.meta.url), body);
  console.log('wrote src/solvers/analysis/calibration2048.ts');
}
