/**
 * The packed 2048 search's two builds side by side: JavaScript (search.ts) and WebAssembly
 * (wasm/kernel.as.ts), on the same positions with the same settings, alternating round by round
 * so that both see the same machine load. Prints the median time a position of each, their ratio,
 * and whether every value agreed.
 *
 *   npx tsx research/aiKernel.ts [--preset fast|strong] [--positions N] [--rounds R] [--seed S]
 *     [--spec JSON]   a setting as research/aiSpec.ts reads it, instead of --preset
 *     [--only wasm]   time one build (no comparison)
 *
 * Positions: every k-th move of a seeded game played by the fast preset to its end (the
 * same positions for the same seed).
 */
import { median } from '../src/cli/benchAi.ts';
import { quietOnClosedPipe } from '../src/cli/closedPipe.ts';
import { awaitingWinChoice, keepGoing, maxTile, newGame, play } from '../src/engine/game2048.ts';
import { fitsPacked, out, pack } from '../src/solvers/ai2048/board.ts';
import { analysePlan } from '../src/solvers/ai2048/player.ts';
import {
  isPresetName,
  PRESETS,
  type Preset,
  presetDepth,
  presetMinProb,
  uncapped,
} from '../src/solvers/ai2048/presets.ts';
import { Expectimax, newRootResult, type PackedSearch } from '../src/solvers/ai2048/search.ts';
import { buildEvalTable, DEFAULT_WEIGHTS } from '../src/solvers/ai2048/tables.ts';
import { WasmExpectimax } from '../src/solvers/ai2048/wasmSearch.ts';
import { specPlan } from './aiSpec.ts';

quietOnClosedPipe();

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

const presetName = arg('--preset', 'fast');
if (!isPresetName(presetName)) {
  console.error(`unknown preset ${presetName}: fast or strong`);
  process.exit(2);
}
const spec = arg('--spec', '');
const preset: Preset = spec ? specPlan(spec).preset : PRESETS[presetName];
const only = arg('--only', '');
const count = Number(arg('--positions', presetName === 'fast' ? '1000' : '60'));
const rounds = Number(arg('--rounds', '5'));
const seed = Number(arg('--seed', '1'));

// The positions: a whole game of the fast preset (in JavaScript, to be independent of the
// kernel under test), then every k-th of its moves.
const player = {
  preset: uncapped(PRESETS.fast),
  search: new Expectimax(buildEvalTable(PRESETS.fast.weights ?? DEFAULT_WEIGHTS), 20),
};
const all: { a: number; b: number; depth: number; minProb: number }[] = [];
let game = newGame({ seed });
while (!game.over) {
  if (awaitingWinChoice(game)) game = keepGoing(game);
  if (fitsPacked(game.cells)) {
    pack(game.cells);
    const a = out.a | 0;
    const b = out.b | 0;
    const distinct = new Set(game.cells.flat().filter((v) => v > 0)).size;
    all.push({
      a,
      b,
      depth: presetDepth(preset, distinct),
      minProb: presetMinProb(preset, maxTile(game.cells)),
    });
  }
  const move = analysePlan(game.cells, player).move;
  if (!move) break;
  game = play(game, move);
}
const step = Math.max(1, Math.floor(all.length / count));
const positions = all.filter((_, i) => i % step === 0).slice(0, count);

const table = buildEvalTable(preset.weights ?? DEFAULT_WEIGHTS);
const builds: [string, PackedSearch][] = [
  ['js', new Expectimax(table, 20)],
  ['wasm', WasmExpectimax.create(table, 20)!],
].filter(([name]) => !only || name === only) as [string, PackedSearch][];
const times: Record<string, number[]> = { js: [], wasm: [] };
const values: Record<string, number[]> = { js: [], wasm: [] };
const result = newRootResult();
for (let r = 0; r < rounds; r++) {
  for (const [name, s] of r % 2 === 0 ? builds : [...builds].reverse()) {
    const v: number[] = [];
    const t0 = performance.now();
    for (const p of positions) {
      s.newSearch();
      s.searchRoot(
        p.a,
        p.b,
        {
          depth: p.depth,
          minProb: p.minProb,
          deadline: Infinity,
          ttBits: preset.ttBits,
        },
        result,
      );
      v.push(...result.values);
    }
    times[name]!.push((performance.now() - t0) / positions.length);
    values[name] = v;
  }
}
if (only) {
  console.log(
    `${preset.name} (${only}): ${positions.length} positions (seed ${seed}), ${rounds} rounds: ` +
      `${median(times[only]!).toFixed(3)} ms a position (median of rounds)`,
  );
  process.exit(0);
}
const differing = values.js!.filter((x, i) => x !== values.wasm![i]).length;
const mj = median(times.js!);
const mw = median(times.wasm!);
console.log(
  `${presetName}: ${positions.length} positions (seed ${seed}), ${rounds} rounds\n` +
    `  javascript   ${mj.toFixed(3)} ms a position (median of rounds)\n` +
    `  webassembly  ${mw.toFixed(3)} ms a position\n` +
    `  ratio        ${(mj / mw).toFixed(2)}x\n` +
    `  values       ${differing === 0 ? 'all equal' : `${differing} differ`} (${values.js!.length})`,
);
if (differing > 0) process.exitCode = 1;
