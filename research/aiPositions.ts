/**
 * Position-based tuning for the 2048 AI (the method behind docs/ai.md): positions from
 * real games are labelled with a deep search's value of every move; a setting is then scored by
 * how much value its chosen moves lose against that deep search ("loss", relative to the best
 * move's value, averaged), with the positions it evaluated. Much quicker than whole games, so
 * many settings can be compared; the good ones are then checked on games (research/aiTune.ts).
 *
 *   npx tsx research/aiPositions.ts gen --seeds 201-210 --every 7 --out pos.jsonl
 *   npx tsx research/aiPositions.ts label --in pos.jsonl --out lab.jsonl --by strong [--part 0 --parts 2]
 *   npx tsx research/aiPositions.ts score --in lab.jsonl --spec '{"preset":"fast"}'
 *   npx tsx research/aiPositions.ts tune --in lab.jsonl --spec '{"preset":"fast"}' \
 *     --params monotonicityWeight,emptyWeight --steps 1.5,1.2
 *   npx tsx research/aiPositions.ts cost --in pos.jsonl --spec '{"preset":"fast"}' --spec '{...}'
 *
 * `--by cpp` labels with the well-known C++ player's depth rule (depth = distinct tiles - 1, at
 * least 4; cut-off 1e-4): about 3x the strong preset's work. `--stride K` keeps every Kth
 * position. The spec: see research/aiSpec.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpuUsage } from 'node:process';
import { quietOnClosedPipe } from '../src/cli/closedPipe.ts';
import { awaitingWinChoice, keepGoing, newGame, play } from '../src/engine/game2048.ts';
import { analysePlan, evaluatedCount, type SearchPlan } from '../src/solvers/ai2048/player.ts';
import { PRESETS, type Preset, uncapped } from '../src/solvers/ai2048/presets.ts';
import { DEFAULT_WEIGHTS, type EvalWeights } from '../src/solvers/ai2048/tables.ts';
import { specPlan } from './aiSpec.ts';

quietOnClosedPipe();

const [command = '--help', ...rest] = process.argv.slice(2);
function arg(name: string, fallback?: string): string {
  const i = rest.indexOf(name);
  const v = i >= 0 ? rest[i + 1] : fallback;
  if (v === undefined) throw new Error(`${command} needs ${name}`);
  return v;
}

interface Row {
  seed: number;
  m: number;
  c: number[][];
  /** Deep values of up, down, left, right (null: the move changes nothing). */
  v?: (number | null)[];
}

const readRows = (file: string): Row[] =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Row);

const DIRS = ['up', 'down', 'left', 'right'] as const;

/** Positions are grouped by empty cells: 0 to 4, and 5 or more. */
const BUCKETS = 6;
const bucketOf = (cells: number[][]): number =>
  Math.min(BUCKETS - 1, cells.flat().filter((x) => x === 0).length);
const bucketName = (e: number): string => (e === BUCKETS - 1 ? `${e}+` : `${e}`);

interface Score {
  n: number;
  /** Per number of empty cells (the last for that many or more): positions, loss sum, evaluations. */
  byEmpty: { n: number; loss: number; evals: number }[];
  /** Mean relative value lost against the labels. */
  loss: number;
  agree: number;
  evals: number;
  cpuMs: number;
}

/** How a setting does on labelled positions: the value its moves lose, and its work. */
function scoreRows(rows: readonly Row[], plan: SearchPlan): Score {
  let loss = 0;
  let agree = 0;
  let n = 0;
  const byEmpty = Array.from({ length: BUCKETS }, () => ({ n: 0, loss: 0, evals: 0 }));
  const e0 = evaluatedCount();
  const c0 = cpuUsage();
  for (const r of rows) {
    const vals = (r.v ?? []).map((x) => (x === null ? Number.NEGATIVE_INFINITY : x));
    const best = Math.max(...vals);
    if (!(best > 0)) continue;
    const before = evaluatedCount();
    const move = analysePlan(r.c, plan).move;
    const l = (best - vals[DIRS.indexOf(move!)]!) / best;
    n++;
    loss += l;
    if (l === 0) agree++;
    const bucket = byEmpty[bucketOf(r.c)]!;
    bucket.n++;
    bucket.loss += l;
    bucket.evals += evaluatedCount() - before;
  }
  const c = cpuUsage(c0);
  return {
    n,
    byEmpty,
    loss: loss / n,
    agree: agree / n,
    evals: (evaluatedCount() - e0) / n,
    cpuMs: (c.user + c.system) / 1000 / n,
  };
}

const describe = (s: Score): string =>
  `${s.n} positions, loss ${(s.loss * 1e4).toFixed(3)}e-4, same move ${(s.agree * 100).toFixed(1)}%, ` +
  `${Math.round(s.evals)} evaluations and ${s.cpuMs.toFixed(3)} ms CPU a position`;

if (command === 'gen') {
  const [from, to] = arg('--seeds', '201-210').split('-').map(Number) as [number, number];
  const every = Number(arg('--every', '7'));
  const lines: string[] = [];
  const preset = uncapped(PRESETS.fast);
  for (let seed = from; seed <= to; seed++) {
    let g = newGame({ seed });
    while (!g.over) {
      if (awaitingWinChoice(g)) g = keepGoing(g);
      if (g.moves % every === 0) lines.push(JSON.stringify({ seed, m: g.moves, c: g.cells }));
      const d = analysePlan(g.cells, { preset }).move;
      if (!d) break;
      g = play(g, d);
    }
    console.error(`seed ${seed}: ${g.moves} moves`);
  }
  writeFileSync(arg('--out'), `${lines.join('\n')}\n`);
} else if (command === 'label') {
  const by = arg('--by', 'strong');
  const preset: Preset =
    by === 'cpp'
      ? { name: 'cpp', distinctOffset: 1, minDepth: 4, maxDepth: 14, minProb: 1e-4, capMs: 0 }
      : PRESETS.strong;
  const part = Number(arg('--part', '0'));
  const parts = Number(arg('--parts', '1'));
  const stride = Number(arg('--stride', '1'));
  const rows = readRows(arg('--in')).filter((_, i) => i % stride === 0);
  const out: string[] = [];
  rows.forEach((r, i) => {
    if (i % parts !== part) return;
    const a = analysePlan(r.c, { preset: uncapped(preset) });
    out.push(JSON.stringify({ ...r, v: DIRS.map((d) => a.values[d]) }));
    if (out.length % 200 === 0) console.error(`${out.length} labelled`);
  });
  writeFileSync(arg('--out'), `${out.join('\n')}\n`);
} else if (command === 'score') {
  const s = scoreRows(readRows(arg('--in')), specPlan(arg('--spec', '{}')));
  console.log(`${arg('--name', 'setting')}: ${describe(s)}`);
  // Where the loss and the work are: loss summed over the bucket, divided by all positions.
  console.log('  empty  positions  loss(share)  evaluations/position');
  s.byEmpty.forEach((b, e) => {
    console.log(
      `  ${bucketName(e)}`.padEnd(9) +
        `${b.n}`.padStart(9) +
        `${((b.loss / s.n) * 1e4).toFixed(3)}`.padStart(13) +
        `${Math.round(b.evals / Math.max(1, b.n))}`.padStart(22),
    );
  });
} else if (command === 'tune') {
  // Coordinate descent over evaluation weights: each weight in turn times and divided by each
  // step factor (largest first), kept when the loss on the even positions falls; the odd
  // positions are held out and scored at the end, to show how much of the gain is real.
  const params = arg('--params', 'monotonicityWeight,emptyWeight,mergesWeight,sumWeight').split(
    ',',
  ) as (keyof EvalWeights)[];
  const unknown = params.filter((p) => !(p in DEFAULT_WEIGHTS));
  if (unknown.length) throw new Error(`not evaluation weights: ${unknown.join(', ')}`);
  const steps = arg('--steps', '1.5,1.2').split(',').map(Number);
  const all = readRows(arg('--in'));
  const train = all.filter((_, i) => i % 2 === 0);
  const held = all.filter((_, i) => i % 2 === 1);
  const base = specPlan(arg('--spec', '{}'));
  const start = base.preset.weights ?? DEFAULT_WEIGHTS;
  let weights: EvalWeights = { ...start };
  const score = (w: EvalWeights, rows: Row[]) =>
    scoreRows(rows, { ...base, preset: { ...base.preset, weights: w } });
  let best = score(weights, train);
  console.log(`start ${JSON.stringify(weights)}: ${describe(best)}`);
  for (const f of steps) {
    for (let improved = true; improved; ) {
      improved = false;
      for (const p of params) {
        for (const g of [f, 1 / f]) {
          const w: EvalWeights = { ...weights, [p]: weights[p] * g };
          const s = score(w, train);
          const better = s.loss < best.loss;
          console.log(`${better ? 'keep' : '    '} ${p} x${g.toFixed(3)}: ${describe(s)}`);
          if (better) {
            best = s;
            weights = w;
            improved = true;
            break;
          }
        }
      }
    }
  }
  console.log(`final ${JSON.stringify(weights)}: ${describe(best)}`);
  console.log(`held out, start: ${describe(score(start, held))}`);
  console.log(`held out, final: ${describe(score(weights, held))}`);
} else if (command === 'cost') {
  // The work of each setting on the same positions (labels not needed): evaluations a position,
  // deterministic, by the number of empty cells; and CPU time, which is not.
  const rows = readRows(arg('--in'));
  for (const json of rest.filter((_, i) => rest[i - 1] === '--spec')) {
    const plan = specPlan(json);
    const byEmpty = Array.from({ length: BUCKETS }, () => ({ n: 0, evals: 0 }));
    const c0 = cpuUsage();
    for (const r of rows) {
      const before = evaluatedCount();
      analysePlan(r.c, plan);
      const bucket = byEmpty[bucketOf(r.c)]!;
      bucket.n++;
      bucket.evals += evaluatedCount() - before;
    }
    const c = cpuUsage(c0);
    const total = byEmpty.reduce((t, b) => t + b.evals, 0);
    console.log(
      `${json}: ${Math.round(total / rows.length)} evaluations and ` +
        `${((c.user + c.system) / 1000 / rows.length).toFixed(3)} ms CPU a position; by empty cells ` +
        byEmpty
          .map((b, e) => `${bucketName(e)}: ${Math.round(b.evals / Math.max(1, b.n))}`)
          .join(', '),
    );
  }
} else {
  console.log(
    'usage: npx tsx research/aiPositions.ts gen|label|score|tune|cost [options] (see the comment at the top)',
  );
}
