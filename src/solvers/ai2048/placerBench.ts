/**
 * Figures for the adversarial placer (for `slidebox bench ai --placer/--evil`): its decision
 * time on seeded positions from real games, and how the AI fares when the placer chooses every
 * spawn ("evil" games) against the seeded natural draw. Figures, not tests.
 */
import {
  awaitingWinChoice,
  type Game,
  keepGoing,
  maxTile,
  newGame,
  play,
  slide,
  slideValid,
} from '../../engine/game2048.ts';
import { analysePlacement } from './placer.ts';
import { analyse } from './player.ts';
import type { PresetName } from './presets.ts';

const now: () => number =
  typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();

/** Positions taken per game, and moves between two of them. */
const PER_GAME = 60;
const STRIDE = 37;

/**
 * `count` positions the placer meets: boards just after a slide (before the spawn) in seeded
 * natural games of the `fast` preset (seeds `seed`, `seed` + 1, ...), every 37th move, at most
 * 60 a game (so the early and middle game, up to about move 2,200).
 */
export function placerPositions(count: number, seed: number): number[][][] {
  const positions: number[][][] = [];
  for (let s = seed; positions.length < count; s++) {
    let game: Game = newGame({ seed: s });
    let taken = 0;
    while (!game.over && taken < PER_GAME && positions.length < count) {
      if (awaitingWinChoice(game)) game = keepGoing(game);
      const dir = analyse(game.cells, { preset: 'fast', noCap: true }).move;
      if (dir === null) break;
      if ((game.moves + 1) % STRIDE === 0) {
        positions.push(slideValid(game.cells, dir).cells);
        taken++;
      }
      game = play(game, dir);
    }
  }
  return positions;
}

/** The placer's decision times over some positions. */
export interface PlacerTiming {
  positions: number;
  msMedian: number;
  msP95: number;
  msMax: number;
  msMean: number;
  /** How many decisions completed each depth, keyed by the depth. */
  depths: Record<string, number>;
}

/** The q-quantile of sorted numbers (the lower one). */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Summarises decision times (ms) and depths. */
export function timingOf(ms: readonly number[], depths: readonly number[]): PlacerTiming {
  const sorted = [...ms].sort((a, b) => a - b);
  const byDepth: Record<string, number> = {};
  for (const d of depths) byDepth[d] = (byDepth[d] ?? 0) + 1;
  return {
    positions: ms.length,
    msMedian: quantile(sorted, 0.5),
    msP95: quantile(sorted, 0.95),
    msMax: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
    msMean: ms.length ? ms.reduce((a, b) => a + b, 0) / ms.length : Number.NaN,
    depths: byDepth,
  };
}

/** Times the placer's default search on each position (after a warm-up on the first few). */
export function timePlacer(positions: readonly number[][][]): PlacerTiming {
  for (const p of positions.slice(0, 10)) analysePlacement(p);
  const ms: number[] = [];
  const depths: number[] = [];
  for (const p of positions) {
    const t0 = now();
    const a = analysePlacement(p);
    ms.push(now() - t0);
    if (a) depths.push(a.depth);
  }
  return timingOf(ms, depths);
}

/** One game's outcome. */
export interface DuelRecord {
  seed: number;
  score: number;
  moves: number;
  maxTile: number;
  /** The game stopped at the tile cap, not because the slider could not move. */
  capped: boolean;
  /** The placer's decision times, ms (evil games). */
  placerMs: number[];
  /** The last board. */
  cells: number[][];
}

/**
 * An evil game: the first two tiles drawn with the seed (the engine's `newGame`), then the AI
 * (`preset`, no wall-clock cap) slides through the engine's `slide` and the placer chooses
 * every tile. Ends when the slider cannot move, or after `maxMoves`.
 */
export function playEvil(seed: number, preset: PresetName, maxMoves: number): DuelRecord {
  let cells = newGame({ seed }).cells.map((row) => [...row]);
  const placerMs: number[] = [];
  let score = 0;
  let moves = 0;
  while (moves < maxMoves) {
    const dir = analyse(cells, { preset, noCap: true }).move;
    if (dir === null) break;
    const s = slide(cells, dir);
    cells = s.cells;
    score += s.gained;
    moves++;
    const t0 = now();
    const p = analysePlacement(cells);
    placerMs.push(now() - t0);
    if (p) cells[p.at.row]![p.at.col] = p.value;
  }
  const capped = moves >= maxMoves;
  return { seed, score, moves, maxTile: maxTile(cells), capped, placerMs, cells };
}

/**
 * A natural game: the seeded draw (the engine's `newGame`/`play`), the AI (`preset`, no
 * wall-clock cap) sliding, until it cannot move or a tile reaches `stopAt`.
 */
export function playNatural(seed: number, preset: PresetName, stopAt: number): DuelRecord {
  let game: Game = newGame({ seed });
  while (!game.over && maxTile(game.cells) < stopAt) {
    if (awaitingWinChoice(game)) game = keepGoing(game);
    const dir = analyse(game.cells, { preset, noCap: true }).move;
    if (dir === null) break;
    game = play(game, dir);
  }
  const top = maxTile(game.cells);
  return {
    seed,
    score: game.score,
    moves: game.moves,
    maxTile: top,
    capped: top >= stopAt,
    placerMs: [],
    cells: game.cells.map((row) => [...row]),
  };
}

/** The summary of one mode's games. */
export interface DuelSummary {
  mode: string;
  games: number;
  /** Games by largest tile reached, keyed by the tile (a capped game counts at its cap). */
  largest: Record<string, number>;
  /** Games stopped at the cap. */
  capped: number;
  scoreMedian: number;
  scoreMean: number;
  movesMedian: number;
  movesMean: number;
}

function med(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const mean = (xs: readonly number[]) =>
  xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN;

/** Summarises one mode's games. */
export function summariseDuels(mode: string, records: readonly DuelRecord[]): DuelSummary {
  const largest: Record<string, number> = {};
  for (const r of records) largest[r.maxTile] = (largest[r.maxTile] ?? 0) + 1;
  return {
    mode,
    games: records.length,
    largest,
    capped: records.filter((r) => r.capped).length,
    scoreMedian: med(records.map((r) => r.score)),
    scoreMean: mean(records.map((r) => r.score)),
    movesMedian: med(records.map((r) => r.moves)),
    movesMean: mean(records.map((r) => r.moves)),
  };
}

/** A plain-text table of mode summaries: games per largest tile, scores and moves. */
export function formatDuels(rows: readonly DuelSummary[]): string {
  const tiles = [...new Set(rows.flatMap((r) => Object.keys(r.largest).map(Number)))].sort(
    (a, b) => a - b,
  );
  const head = ['mode', 'games', ...tiles.map(String), 'score med', 'score mean'];
  head.push('moves med', 'moves mean');
  const lines = rows.map((r) => [
    r.mode,
    String(r.games),
    ...tiles.map((t) => String(r.largest[t] ?? 0)),
    Math.round(r.scoreMedian).toLocaleString('en'),
    Math.round(r.scoreMean).toLocaleString('en'),
    String(r.movesMedian),
    r.movesMean.toFixed(1),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cols: string[]) => cols.map((c, i) => c.padStart(widths[i]!)).join('  ');
  return [fmt(head), ...lines.map(fmt)].join('\n');
}

/** The placer's figures: decision time, and evil against natural games. */
export interface PlacerFigures {
  timing: PlacerTiming | null;
  evil: { preset: PresetName; stopAt: number; modes: DuelSummary[]; placer: PlacerTiming } | null;
}

/** What the benchmark asks for: positions to time, evil games to play (and their settings). */
export interface PlacerBenchSpec {
  positions: number;
  games: number;
  seed: number;
  preset: PresetName;
  stopAt: number;
}

/** Runs the placer's benchmark on this thread (one core). */
export function placerFigures(spec: PlacerBenchSpec, log: (s: string) => void): PlacerFigures {
  let timing: PlacerTiming | null = null;
  if (spec.positions > 0) {
    log(`placer: collecting ${spec.positions} positions from fast games from seed ${spec.seed}`);
    timing = timePlacer(placerPositions(spec.positions, spec.seed));
  }
  if (spec.games === 0) return { timing, evil: null };
  const evil: DuelRecord[] = [];
  const natural: DuelRecord[] = [];
  const preset = spec.preset;
  for (let k = 0; k < spec.games; k++) {
    const seed = spec.seed + k;
    const e = playEvil(seed, preset, 100_000);
    evil.push(e);
    const n = playNatural(seed, preset, spec.stopAt);
    natural.push(n);
    log(
      `[evil ${k + 1}/${spec.games}] seed ${seed}: evil max ${e.maxTile}, score ${e.score}, ` +
        `${e.moves} moves; natural max ${n.maxTile}${n.capped ? ' (stopped)' : ''}, ` +
        `score ${n.score}, ${n.moves} moves`,
    );
  }
  const ms = evil.flatMap((r) => r.placerMs);
  return {
    timing,
    evil: {
      preset,
      stopAt: spec.stopAt,
      modes: [
        summariseDuels(`${preset}, evil`, evil),
        summariseDuels(`${preset}, natural (to ${spec.stopAt})`, natural),
      ],
      placer: timingOf(ms, []),
    },
  };
}

function timingLine(what: string, t: PlacerTiming): string {
  const depths = Object.entries(t.depths)
    .map(([d, k]) => `${d}: ${k}`)
    .join(', ');
  return (
    `${what}: ${t.positions} decisions, median ${t.msMedian.toFixed(2)} ms, p95 ` +
    `${t.msP95.toFixed(2)} ms, max ${t.msMax.toFixed(2)} ms, mean ${t.msMean.toFixed(2)} ms` +
    (depths ? ` (depth reached: ${depths})` : '')
  );
}

/** The placer's figures as text (lines ending in a newline). */
export function formatPlacerFigures(p: PlacerFigures): string {
  const lines: string[] = [];
  if (p.timing) lines.push(timingLine('placer decision time', p.timing));
  if (p.evil) {
    lines.push(
      `evil games: the first two tiles drawn with the seed, then every tile chosen by the ` +
        `placer; natural games: the seeded draw, stopped once a tile reaches ${p.evil.stopAt}`,
      formatDuels(p.evil.modes),
      timingLine('placer decision time in the evil games', p.evil.placer),
    );
  }
  return `${lines.join('\n')}\n`;
}
