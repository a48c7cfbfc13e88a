/**
 * `slidebox bench ai`: how strong and how fast the 2048 AI is. Plays N seeded games per preset
 * through the reference engine, spread over worker threads, and times the packed board engine
 * on millions of seeded random boards (checking it against the reference engine as it goes).
 * Figures, not a test: nothing here passes or fails except the engine check.
 */
import { availableParallelism } from 'node:os';
import { err, ok, type Problem, problem, type Result } from '../engine/result.ts';
import { AiWorker } from '../solvers/ai2048/aiWorker.ts';
import { checkAgainstReference, randomBoards, timeMoves } from '../solvers/ai2048/engineBench.ts';
import {
  formatPlacerFigures,
  type PlacerFigures,
  placerFigures,
} from '../solvers/ai2048/placerBench.ts';
import { searchBackend } from '../solvers/ai2048/player.ts';
import { isPresetName, type PresetName } from '../solvers/ai2048/presets.ts';
import type { GameRecord } from '../solvers/ai2048/selfplay.ts';
import { HELP } from './help.ts';

const USAGE = HELP.bench;

/** Tile thresholds reported. */
export const THRESHOLDS = [2048, 4096, 8192, 16384, 32768] as const;

/** The summary of one preset's games. */
export interface PresetSummary {
  preset: PresetName;
  games: number;
  /** Share of games reaching each tile, 0..1, keyed by the tile. */
  reached: Record<string, number>;
  avgScore: number;
  medianScore: number;
  maxScore: number;
  moves: number;
  /** Moves per second of thinking on one core (moves / summed game time). */
  movesPerSecPerCore: number;
  msPerMoveMedian: number;
  msPerMoveP99: number;
  msPerMoveMean: number;
  /**
   * Process CPU time (all threads) per move while the games ran: unlike the wall-clock figures
   * above, it does not grow when other programs share the cores.
   */
  cpuMsPerMove: number;
  wallSeconds: number;
  threads: number;
  /** First and last seed of the games summarised. */
  seeds: [number, number];
}

export interface EngineSummary {
  boards: number;
  movesTimed: number;
  /** Best of the timed rounds, single-threaded. */
  movesPerSec: number;
  /** Median of the timed rounds. */
  movesPerSecMedian: number;
  checkedMoves: number;
  mismatches: number;
}

interface Args {
  /** --help: print the usage, run nothing. */
  help: boolean;
  games: number;
  presets: PresetName[];
  seed: number;
  threads: number;
  maxMoves?: number;
  noCap: boolean;
  engineBoards: number;
  checkBoards: number;
  json: boolean;
  quiet: boolean;
  placer: number;
  evil: number;
  evilPreset: PresetName;
  evilStop: number;
}

/** Why a command line was refused. */
export type ArgsProblem = Problem<
  'missing-value' | 'bad-number' | 'unknown-preset' | 'unknown-option'
>;

/** Reads the command line (after `bench ai`). */
export function parseArgs(argv: readonly string[]): Result<Args, ArgsProblem> {
  const args: Args = {
    help: false,
    games: 20,
    presets: ['fast'],
    seed: 1,
    threads: availableParallelism(),
    noCap: false,
    engineBoards: 2_000_000,
    checkBoards: 1_000_000,
    json: false,
    quiet: false,
    placer: 0,
    evil: 0,
    evilPreset: 'strong',
    evilStop: 2048,
  };
  const given = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const v = argv[i + 1];
    // The options that take a value: a whole number from `min` (and the presets).
    const min = WHOLE_OPTIONS.get(a);
    if (min !== undefined || PRESET_OPTIONS.includes(a)) {
      if (v === undefined) return err(problem('missing-value', `${a} needs a value`));
      i++;
      given.add(a);
      if (min === undefined) {
        const names = v.split(',');
        const unknown = names.find((n) => !isPresetName(n));
        if (unknown !== undefined) {
          return err(problem('unknown-preset', `unknown preset ${unknown}`));
        }
        if (a === '--evil-preset' && names.length !== 1) {
          return err(problem('unknown-preset', `--evil-preset takes one preset, got ${v}`));
        }
        if (a === '--evil-preset') args.evilPreset = names[0] as PresetName;
        else args.presets = names as PresetName[];
        continue;
      }
      const n = Number(v);
      if (!Number.isSafeInteger(n) || n < min) {
        return err(problem('bad-number', `${a} must be a whole number >= ${min}, got ${v}`));
      }
      setWhole(args, a, n);
      continue;
    }
    const flag = FLAGS.get(a);
    if (flag === undefined) return err(problem('unknown-option', `unknown option ${a}`));
    // --help wins over whatever follows it.
    if (flag === 'help') return ok({ ...args, help: true });
    args[flag] = true;
  }
  // The placer's figures alone unless the games or the engine are asked for too.
  if (args.placer > 0 || args.evil > 0) {
    if (!given.has('--games')) args.games = 0;
    if (!given.has('--engine-boards')) args.engineBoards = 0;
  }
  return ok(args);
}

/** Options taking preset names. */
const PRESET_OPTIONS: readonly string[] = ['--preset', '--presets', '--evil-preset'];

/** Options taking a whole number, with its least value. */
const WHOLE_OPTIONS: ReadonlyMap<string, number> = new Map([
  ['--games', 0],
  ['--seed', 0],
  ['--threads', 1],
  ['--max-moves', 1],
  ['--engine-boards', 0],
  ['--check-boards', 0],
  ['--placer', 0],
  ['--evil', 0],
  ['--evil-stop', 4],
]);

function setWhole(args: Args, option: string, n: number): void {
  if (option === '--games') args.games = n;
  else if (option === '--seed') args.seed = n;
  else if (option === '--threads') args.threads = n;
  else if (option === '--max-moves') args.maxMoves = n;
  else if (option === '--engine-boards') args.engineBoards = n;
  else if (option === '--placer') args.placer = n;
  else if (option === '--evil') args.evil = n;
  else if (option === '--evil-stop') args.evilStop = n;
  else args.checkBoards = n;
}

/** Options without a value. */
const FLAGS: ReadonlyMap<string, 'help' | 'noCap' | 'json' | 'quiet'> = new Map([
  ['-h', 'help'],
  ['--help', 'help'],
  ['--no-cap', 'noCap'],
  ['--json', 'json'],
  ['--quiet', 'quiet'],
] as const);

function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** The median of some numbers (NaN for none). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Summarises finished games. */
export function summarise(
  preset: PresetName,
  records: GameRecord[],
  wallMs: number,
  threads: number,
  seed: number,
  cpuMs = Number.NaN,
): PresetSummary {
  const totalMoves = records.reduce((s, r) => s + r.moveMs.length, 0);
  const times = new Float64Array(totalMoves);
  let k = 0;
  let thinking = 0;
  for (const r of records) {
    for (const t of r.moveMs) {
      times[k++] = t;
      thinking += t;
    }
  }
  times.sort();
  const reached: Record<string, number> = {};
  for (const t of THRESHOLDS) {
    reached[t] = records.length ? records.filter((r) => r.maxTile >= t).length / records.length : 0;
  }
  const scores = records.map((r) => r.score);
  return {
    preset,
    games: records.length,
    reached,
    avgScore: scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : Number.NaN,
    medianScore: median(scores),
    maxScore: scores.length ? Math.max(...scores) : Number.NaN,
    moves: records.reduce((s, r) => s + r.moves, 0),
    movesPerSecPerCore: thinking > 0 ? (totalMoves / thinking) * 1000 : Number.NaN,
    msPerMoveMedian: quantile(times, 0.5),
    msPerMoveP99: quantile(times, 0.99),
    msPerMoveMean: totalMoves ? thinking / totalMoves : Number.NaN,
    cpuMsPerMove: totalMoves ? cpuMs / totalMoves : Number.NaN,
    wallSeconds: wallMs / 1000,
    threads,
    seeds: records.length
      ? [Math.min(...records.map((r) => r.seed)), Math.max(...records.map((r) => r.seed))]
      : [seed, seed - 1],
  };
}

/** Times the packed engine (single-threaded) and checks it against the reference. */
export function benchEngine(
  boards: number,
  checkBoards: number,
  log: (s: string) => void,
): EngineSummary {
  const b = randomBoards(boards, 12345);
  const rates: number[] = [];
  let moves = 0;
  // Warm up, then time several rounds over all the boards.
  timeMoves(
    {
      a: b.a.subarray(0, Math.min(boards, 100_000)),
      b: b.b.subarray(0, Math.min(boards, 100_000)),
    },
    3,
  );
  for (let round = 0; round < 7; round++) {
    const r = timeMoves(b, 1);
    moves += r.moves;
    rates.push((r.moves / r.ms) * 1000);
  }
  const best = Math.max(...rates);
  const med = median(rates);
  log(
    `engine: ${(best / 1e6).toFixed(1)} M moves/s best, ${(med / 1e6).toFixed(1)} M median ` +
      `(${boards.toLocaleString('en')} random boards x 4 directions x ${rates.length} rounds, one thread)`,
  );
  const n = Math.min(checkBoards, boards);
  const check = checkAgainstReference({ a: b.a.subarray(0, n), b: b.b.subarray(0, n) });
  log(
    `engine check: ${check.moves.toLocaleString('en')} moves against the reference slide, ${check.mismatches} mismatches`,
  );
  return {
    boards,
    movesTimed: moves,
    movesPerSec: best,
    movesPerSecMedian: med,
    checkedMoves: check.moves,
    mismatches: check.mismatches,
  };
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

/** A plain-text table of preset summaries. */
export function formatTable(rows: PresetSummary[]): string {
  const head = [
    'preset',
    'games',
    ...THRESHOLDS.map(String),
    'avg score',
    'median score',
    'moves/s/core',
    'ms/move med',
    'ms/move p99',
    'cpu ms/move',
  ];
  const lines = rows.map((r) => [
    r.preset,
    String(r.games),
    ...THRESHOLDS.map((t) => pct(r.reached[t] ?? 0)),
    Math.round(r.avgScore).toLocaleString('en'),
    Math.round(r.medianScore).toLocaleString('en'),
    Math.round(r.movesPerSecPerCore).toLocaleString('en'),
    r.msPerMoveMedian.toFixed(3),
    r.msPerMoveP99.toFixed(2),
    Number.isNaN(r.cpuMsPerMove) ? '-' : r.cpuMsPerMove.toFixed(3),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cols: string[]) => cols.map((c, i) => c.padStart(widths[i]!)).join('  ');
  return [fmt(head), ...lines.map(fmt)].join('\n');
}

/** The preset being played, so that Ctrl+C or a TERM still reports the games finished so far. */
interface Playing {
  preset: PresetName;
  records: GameRecord[];
  start: number;
}

/** Runs the benchmark; returns the exit code (0, 1 when the engine check failed, 2 on usage). */
export async function main(argv: string[]): Promise<number> {
  const parsed = parseArgs(argv);
  if (!parsed.ok) {
    process.stderr.write(`${parsed.error.message}\n${USAGE}\n`);
    return 2;
  }
  const args = parsed.value;
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const log = (s: string) => {
    if (!args.quiet) process.stderr.write(`${s}\n`);
  };
  const engine =
    args.engineBoards > 0 ? benchEngine(args.engineBoards, args.checkBoards, log) : null;
  const summaries: PresetSummary[] = [];
  const threads = Math.max(1, Math.min(args.threads, args.games));
  const playing: { current: Playing | null } = { current: null };
  const onSignal = (signal: NodeJS.Signals) => {
    const { current } = playing;
    const done = current
      ? [...summaries, ...partialSummary(current, threads, args.seed)]
      : summaries;
    const games = current ? current.records.length : 0;
    log(`stopped by ${signal}${current ? ` after ${games} finished ${current.preset} games` : ''}`);
    report(engine, done, args.json);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const ai = args.games > 0 ? new AiWorker({ threads }) : null;
  try {
    for (const preset of ai ? args.presets : []) {
      summaries.push(await playPreset(ai!, preset, args, threads, playing, log));
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await ai?.terminate();
  }
  const placer =
    args.placer > 0 || args.evil > 0
      ? placerFigures(
          {
            positions: args.placer,
            games: args.evil,
            seed: args.seed,
            preset: args.evilPreset,
            stopAt: args.evilStop,
          },
          log,
        )
      : null;
  report(engine, summaries, args.json, placer);
  return engine && engine.mismatches > 0 ? 1 : 0;
}

/** The summary of the games of a preset still being played (none when none has finished). */
function partialSummary(p: Playing, threads: number, seed: number): PresetSummary[] {
  if (p.records.length === 0) return [];
  const records = [...p.records].sort((a, b) => a.seed - b.seed);
  // The CPU time is unknown: the process's includes the games still being played.
  return [summarise(p.preset, records, performance.now() - p.start, threads, seed, Number.NaN)];
}

/** Plays one preset's games on the worker's threads, logging each; returns their summary. */
async function playPreset(
  ai: AiWorker,
  preset: PresetName,
  args: Args,
  threads: number,
  playing: { current: Playing | null },
  log: (s: string) => void,
): Promise<PresetSummary> {
  const records: GameRecord[] = [];
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  playing.current = { preset, records, start };
  let next = 0;
  const live = new Map<number, string>();
  const ticker = setInterval(() => {
    if (live.size) log(`[${preset}] playing: ${[...live.values()].join('; ')}`);
  }, 15_000);
  const runThread = async (t: number) => {
    while (next < args.games) {
      const seed = args.seed + next++;
      live.set(t, `seed ${seed} starting`);
      const record = await ai.playGame(seed, {
        preset,
        ...(args.noCap ? { noCap: true } : {}),
        thread: t,
        progressEvery: 500,
        ...(args.maxMoves !== undefined ? { maxMoves: args.maxMoves } : {}),
        onProgress: (p) =>
          live.set(t, `seed ${seed} move ${p.moves} score ${p.score} max ${p.maxTile}`),
      });
      live.delete(t);
      records.push(record);
      const ms = record.moveMs.reduce((a, b) => a + b, 0) / Math.max(1, record.moveMs.length);
      log(
        `[${preset}] ${records.length}/${args.games} seed ${seed}: max ${record.maxTile}, ` +
          `score ${record.score}, ${record.moves} moves, ${ms.toFixed(2)} ms/move`,
      );
    }
  };
  try {
    await Promise.all(Array.from({ length: threads }, (_, t) => runThread(t)));
  } finally {
    clearInterval(ticker);
  }
  records.sort((a, b) => a.seed - b.seed);
  playing.current = null;
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - start;
  return summarise(preset, records, wall, threads, args.seed, (cpu.user + cpu.system) / 1000);
}

/** Prints the results: JSON, or the engine line and the table. */
function report(
  engine: EngineSummary | null,
  summaries: PresetSummary[],
  json: boolean,
  placer: PlacerFigures | null = null,
): void {
  if (json) {
    const search = searchBackend();
    const all = { engine, search, presets: summaries, ...(placer ? { placer } : {}) };
    process.stdout.write(`${JSON.stringify(all, null, 2)}\n`);
    return;
  }
  if (placer) process.stdout.write(formatPlacerFigures(placer));
  if (engine) {
    process.stdout.write(
      `packed engine: ${(engine.movesPerSec / 1e6).toFixed(1)} M moves/s (best of 7 rounds; median ` +
        `${(engine.movesPerSecMedian / 1e6).toFixed(1)} M), ${engine.mismatches} mismatches in ` +
        `${engine.checkedMoves.toLocaleString('en')} checked moves\n`,
    );
  }
  if (summaries.length) {
    // The games' worker threads run the same build as this thread.
    const search = searchBackend() === 'wasm' ? 'WebAssembly' : 'JavaScript (no WebAssembly here)';
    process.stdout.write(`search: ${search}\n${formatTable(summaries)}\n`);
  }
}
