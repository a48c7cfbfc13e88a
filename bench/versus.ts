/**
 * Versus AI levels against each other: figures, not pass/fail.
 *
 *   npm run bench:versus                    # 50 seeded matches per pair of levels
 *   npm run bench:versus -- --matches 20 --target 256 --seed 1 --cap 8   # attacks capped at 8
 *
 * Each side plays as in the terminal: the AI's autoplay move (the `fast` preset, uncapped so
 * matches replay move for move), at its level's pace and blunder rate. Time is simulated: a
 * side moves every `paceMs` of match time, so the figures do not depend on the machine.
 */
import { analyseOrThrow as analyse } from '../src/ai.ts';
import { seedWord } from '../src/engine/rng.ts';
import { newVersus, type Side, type VersusMatch, versusMove } from '../src/engine/versus.ts';
import { AI_LEVELS, type AiLevel, LEVELS, levelMove } from '../src/front/versusAi.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const matches = arg('--matches', 50);
const target = arg('--target', 512);
const firstSeed = arg('--seed', 1);
const cap = arg('--cap', 0);
const attackCap = cap > 0 ? cap : null;

/** One AI move for a side at its level, or null when it cannot move. */
function aiMove(m: VersusMatch, side: Side, level: AiLevel) {
  const game = m.games[side];
  if (game.over) return null;
  const cells = game.cells.map((r) => [...r]);
  const best = analyse(cells, { preset: 'fast', noCap: true }).move;
  return levelMove(level, cells, best, seedWord(m.rules.seed) + side, game.moves);
}

/** A match between two levels in simulated time; returns the winner and the match time. */
function play(seed: number, levels: readonly [AiLevel, AiLevel]) {
  const start = newVersus({ seed, target, attackCap });
  if (!start.ok) throw new Error(start.error.message);
  let m = start.value;
  const next: [number, number] = [LEVELS[levels[0]].paceMs, LEVELS[levels[1]].paceMs];
  let now = 0;
  while (!m.over) {
    const side: Side = next[0] <= next[1] ? 0 : 1;
    now = next[side];
    next[side] += LEVELS[levels[side]].paceMs;
    const dir = aiMove(m, side, levels[side]);
    if (dir === null) {
      // Out of moves: it waits while the other side plays on (the engine decides the end).
      next[side] = Number.POSITIVE_INFINITY;
      if (!Number.isFinite(next[0]) && !Number.isFinite(next[1])) break;
      continue;
    }
    const r = versusMove(m, side, dir);
    if (!r.ok) throw new Error(r.error.message);
    m = r.value;
  }
  return { winner: m.winner, seconds: now / 1000 };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : Number.NaN;
}

console.log(
  `versus, AI levels against each other: ${matches} matches per pair, target ${target}, attacks ${attackCap === null ? 'uncapped' : `capped at ${attackCap}`}, seeds ${firstSeed}..${firstSeed + matches - 1}`,
);
console.log('pair              wins (first)  wins (second)  draws  median match time');
for (let i = 0; i < AI_LEVELS.length; i++) {
  for (let j = i + 1; j < AI_LEVELS.length; j++) {
    const pair = [AI_LEVELS[i]!, AI_LEVELS[j]!] as const;
    const wins = [0, 0];
    let draws = 0;
    const times: number[] = [];
    for (let k = 0; k < matches; k++) {
      const r = play(firstSeed + k, pair);
      if (r.winner === 'draw' || r.winner === null) draws++;
      else wins[r.winner]!++;
      times.push(r.seconds);
    }
    const name = `${pair[0]} v ${pair[1]}`.padEnd(18);
    console.log(
      `${name}${String(wins[0]).padStart(13)}${String(wins[1]).padStart(15)}${String(draws).padStart(7)}${`${median(times).toFixed(0)} s`.padStart(19)}`,
    );
  }
}
