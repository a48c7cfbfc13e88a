/**
 * Tuning harness for the 2048 AI: plays seeded games on ONE thread with a search setting given
 * as JSON (preset fields and/or evaluation weights), and prints one line a game and a summary
 * with CPU time per move. Start two of these at once (one per core) to compare two settings
 * side by side under the same load.
 *
 *   npx tsx research/aiTune.ts --name F1 --seeds 101-140 --spec '{"preset":"fast"}'
 *   npx tsx research/aiTune.ts --name X --seeds 101-140 \
 *     --spec '{"preset":{"name":"x","distinctOffset":4,"minDepth":3,"maxDepth":5,"minProb":0.001,"capMs":Infinity}}'
 *
 * Games can be played in stretches: `--stop-at 16384 --save-dir DIR` keeps each game's last
 * state in DIR/seed-S.json, and `--resume DIR` continues the seeds found there (another setting
 * may play the rest; the CPU time and moves printed are the stretch's own).
 *
 * The spec: see research/aiSpec.ts (Preset fields include distinctOffset, minDepth, maxDepth,
 * minProb, ttBits, early, late).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpuUsage } from 'node:process';
import { quietOnClosedPipe } from '../src/cli/closedPipe.ts';
import type { Game } from '../src/engine/game2048.ts';
import { specPlan } from './aiSpec.ts';
import { playStretch, type Stretch } from './selfplay.ts';

quietOnClosedPipe();

if (process.argv.includes('--help')) {
  console.log(
    'usage: npx tsx research/aiTune.ts [--name N] [--seeds FROM-TO] [--max-moves M] [--stop-at TILE]\n' +
      '    [--save-dir DIR] [--resume DIR] --spec JSON\n' +
      '--stop-at 2048: end each game when that tile appears (how often the early game is lost)\n' +
      'spec: {"preset": "fast" | {Preset fields}, "weights": {EvalWeights fields}, "depth": D, "timeMs": T}',
  );
  process.exit(0);
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

const name = arg('--name', 'run');
const [from, to] = arg('--seeds', '101-140').split('-').map(Number) as [number, number];
const maxMoves = Number(arg('--max-moves', 'Infinity'));
const stopAt = Number(arg('--stop-at', 'Infinity'));
const plan = specPlan(arg('--spec', '{"preset":"fast"}'));
const saveDir = arg('--save-dir', '');
const resumeDir = arg('--resume', '');
if (saveDir) mkdirSync(saveDir, { recursive: true });

/** The stretch of `seed`'s game to play: where it starts, and where its end is kept. */
function stretchOf(seed: number): Stretch | undefined {
  let from: Game | undefined;
  if (resumeDir) {
    const file = join(resumeDir, `seed-${seed}.json`);
    if (!existsSync(file)) return undefined;
    from = JSON.parse(readFileSync(file, 'utf8')) as Game;
    if (from.seed !== seed) throw new Error(`${file} holds seed ${from.seed}, not ${seed}`);
  }
  const onEnd = saveDir
    ? (g: Game) => {
        const kept = { ...g, previous: null, last: null };
        writeFileSync(join(saveDir, `seed-${seed}.json`), `${JSON.stringify(kept)}\n`);
      }
    : undefined;
  return { maxMoves, stopAtTile: stopAt, from, onEnd };
}

const reach = [2048, 4096, 8192, 16384, 32768];
const counts = reach.map(() => 0);
let games = 0;
let totalMoves = 0;
let totalCpu = 0;
let totalScore = 0;
const scores: number[] = [];
for (let seed = from; seed <= to; seed++) {
  const stretch = stretchOf(seed);
  if (!stretch) continue;
  const startMoves = stretch.from?.moves ?? 0;
  const c0 = cpuUsage();
  const r = playStretch(seed, plan, stretch);
  const c = cpuUsage(c0);
  const cpuMs = (c.user + c.system) / 1000;
  const played = r.moves - startMoves;
  games++;
  totalMoves += played;
  totalCpu += cpuMs;
  totalScore += r.score;
  scores.push(r.score);
  reach.forEach((t, i) => {
    if (r.maxTile >= t) counts[i]!++;
  });
  console.log(
    `${name} seed ${seed}: max ${r.maxTile} score ${r.score} moves ${r.moves} ` +
      (played > 0 ? `cpu ${(cpuMs / played).toFixed(3)} ms/move` : 'over already') +
      (startMoves ? ` (${played} moves this stretch)` : ''),
  );
}
scores.sort((x, y) => x - y);
console.log(
  `${name} SUMMARY games ${games} | ` +
    reach.map((t, i) => `${t}: ${counts[i]}/${games}`).join(' ') +
    ` | avg ${Math.round(totalScore / games)} median ${scores[Math.floor(games / 2)]}` +
    ` | cpu ${(totalCpu / totalMoves).toFixed(3)} ms/move (${Math.round(totalMoves / (totalCpu / 1000))} moves/cpu-s)`,
);
