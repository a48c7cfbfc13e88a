/**
 * `slidebox stats`: the figures of the finished games in the history, as text (coloured on a
 * terminal that shows colour, plain otherwise) or as JSON for scripts. The text is a pure
 * function of the summary and the colour depth.
 */
import { resolve } from 'node:path';
import { formatNumber, formatSolveTime } from '../front/format.ts';
import { type GroupSummary, type Summary, summarize } from '../front/historySummary.ts';
import { puzzleName } from '../front/modelPuzzle.ts';
import type { Records } from '../front/records.ts';
import { AVERAGES, type Averages, type Mark, METRICS } from '../front/solves.ts';
import { markText, tpsText } from '../front/solveText.ts';
import { defaultDataDir } from '../storage/files.ts';
import { loadHistory } from '../storage/history.ts';
import { loadRecords } from '../storage/stats.ts';
import { RESET } from '../tui/ansi.ts';
import { type ColorDepth, detectColorDepth, type Style, sgr } from '../tui/color.ts';
import { tileStyle } from '../tui/game2048/palette.ts';
import type { CliOptions } from './args.ts';

/** The longest bar of the largest-tile histogram, in columns. */
export const BAR_WIDTH = 30;
const SPARKS = '▁▂▃▄▅▆▇█';

/** One block per value, from ▁ (the smallest) to █ (the largest); all alike: ▄. */
export function sparkline(values: readonly number[]): string {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return values
    .map((v) => SPARKS[hi === lo ? 3 : Math.round(((v - lo) / (hi - lo)) * (SPARKS.length - 1))])
    .join('');
}

/** A bar for `count` out of `most`: at least one block for any count above zero. */
export function barLength(count: number, most: number): number {
  if (count <= 0 || most <= 0) return 0;
  return Math.max(1, Math.round((count / most) * BAR_WIDTH));
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;
const percent = (rate: number) => `${Math.round(rate * 100)}%`;

const HEADING: Style = { bold: true, fg: [242, 177, 121], fg16: 3 };
const SPARK: Style = { fg: [246, 124, 95], fg16: 9 };
const DIM: Style = { fg: [150, 140, 130], fg16: 8 };

/** Paints text in a style at a colour depth; without colour, the text as it is. */
function painter(depth: ColorDepth): (text: string, style: Style) => string {
  return (text, style) => (depth === 'none' ? text : `${sgr(style, depth)}${text}${RESET}`);
}

type Paint = ReturnType<typeof painter>;

const KIND_NAMES = { '2048': '2048', puzzle: 'Sliding puzzle', versus: 'Versus', duel: 'Duel' };
const GAME_WORDS = { '2048': 'game', puzzle: 'solve', versus: 'match', duel: 'duel' };

function heading(g: GroupSummary): string {
  const board = `${g.size}×${g.size}`;
  if (g.kind === 'puzzle') return `${KIND_NAMES.puzzle} · ${board} (${puzzleName(g.size)})`;
  return `${KIND_NAMES[g.kind]} · ${board}${g.evil ? ' · evil spawns' : ''}`;
}

/** "12 games · 5 won (42%) · 3 with the AI's help" (a puzzle: "12 solved · 1 given up · 2 with the solver"). */
function countLine(g: GroupSummary): string {
  if (g.kind === 'puzzle') {
    const parts = [`${formatNumber(g.wins)} solved`];
    if (g.dnfs) parts.push(`${formatNumber(g.dnfs)} given up (DNF)`);
    if (g.assisted) parts.push(`${formatNumber(g.assisted)} with the solver's help`);
    return parts.join(' · ');
  }
  const parts = [plural(g.games, GAME_WORDS[g.kind], g.kind === 'versus' ? 'matches' : undefined)];
  parts.push(`${formatNumber(g.wins)} won (${percent(g.winRate)})`);
  if (g.assisted) parts.push(`${formatNumber(g.assisted)} with the AI's help`);
  return parts.join(' · ');
}

/** Bests, medians and the win streak. */
function figuresLine(g: GroupSummary): string | null {
  if (g.kind === 'puzzle') {
    const parts = [
      g.bestTimeMs !== undefined ? `best ${formatSolveTime(g.bestTimeMs)}` : null,
      g.medianTimeMs !== undefined ? `median ${formatSolveTime(g.medianTimeMs)}` : null,
      g.fewestMoves !== undefined ? `fewest moves ${formatNumber(g.fewestMoves)}` : null,
    ].filter((p) => p !== null);
    return parts.length ? parts.join(' · ') : null;
  }
  const best = g.kind === 'duel' ? 'best round' : 'best';
  const parts = [
    g.bestScore !== undefined ? `${best} ${formatNumber(g.bestScore)}` : null,
    g.medianScore !== undefined ? `median ${formatNumber(g.medianScore)}` : null,
    `win streak ${formatNumber(g.streak)} (longest ${formatNumber(g.longestStreak)})`,
  ];
  return parts.filter((p) => p !== null).join(' · ');
}

function opponentName(kind: GroupSummary['kind'], opponent: string): string {
  if (opponent === 'human') return 'a second player';
  if (opponent === 'ai') return 'the AI';
  return kind === 'versus' ? `AI (${opponent.replace(/^ai-/, '')})` : opponent;
}

function resultLines(g: GroupSummary, paint: Paint): string[] {
  const labels = g.results.map((r) => `against ${opponentName(g.kind, r.opponent)}`);
  const width = Math.max(0, ...labels.map((l) => l.length));
  return g.results.map(
    (r, i) =>
      `  ${paint(labels[i]!.padEnd(width), DIM)}  ${plural(r.wins, 'win')} · ${plural(r.losses, 'loss', 'losses')} · ${plural(r.draws, 'draw')}`,
  );
}

/** The largest tiles reached, the largest first, as bars. */
function tileLines(g: GroupSummary, paint: Paint): string[] {
  if (g.kind !== '2048' || g.maxTiles.length === 0) return [];
  const most = Math.max(...g.maxTiles.map((t) => t.count));
  const width = Math.max(...g.maxTiles.map((t) => String(t.tile).length));
  const rows = [...g.maxTiles].reverse().map(({ tile, count }) => {
    const style = tileStyle(tile);
    const bar = paint('█'.repeat(barLength(count, most)), { fg: style.bg, fg16: style.bg16 });
    const pad = ' '.repeat(BAR_WIDTH - barLength(count, most));
    return `    ${String(tile).padStart(width)} ${bar}${pad} ${formatNumber(count)}`;
  });
  return [`  ${paint('largest tile', DIM)}`, ...rows];
}

function sparkLines(g: GroupSummary, paint: Paint): string[] {
  if (g.kind !== '2048' || g.recentScores.length < 2) return [];
  const s = g.recentScores;
  const range = `last ${s.length}: ${formatNumber(Math.min(...s))} to ${formatNumber(Math.max(...s))}`;
  return [`  ${paint('recent scores', DIM)} ${paint(sparkline(s), SPARK)}  ${paint(range, DIM)}`];
}

/** Columns padded to their widest cell, the first one left-aligned, the rest right-aligned. */
function table(rows: readonly (readonly string[])[], indent: string): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: readonly string[]) =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return rows.map((r) => `${indent}${line(r)}`.trimEnd());
}

/** A puzzle group's averages: current and best of time, moves and TPS. */
function averageLines(g: GroupSummary, paint: Paint): string[] {
  const a = g.averages;
  if (!a || a.time.single.best === null) return [];
  const head = ['', 'time', 'best', 'moves', 'best', 'TPS', 'best'];
  const rows = AVERAGES.filter((n) => a.time[n].current !== null || a.time[n].best !== null).map(
    (n) => [
      n,
      ...METRICS.flatMap((m) => [markText(a[m][n].current, m), markText(a[m][n].best, m)]),
    ],
  );
  const [top, ...rest] = table([head, ...rows], '    ');
  return [
    `  ${paint("averages (yours alone; the solver's solves left out)", DIM)}`,
    paint(top!, DIM),
    ...rest,
  ];
}

/** A puzzle group's last solves, newest first. */
function solveLines(g: GroupSummary, paint: Paint, count: number): string[] {
  const solves = (g.solves ?? []).slice(-count).reverse();
  if (solves.length === 0) return [];
  const head = ['date', 'time', 'moves', 'TPS', 'optimal', 'efficiency', ''];
  const rows = solves.map((s) => [
    s.date.slice(0, 16).replace('T', ' '),
    s.dnf ? `DNF (${formatSolveTime(s.timeMs)})` : formatSolveTime(s.timeMs),
    formatNumber(s.moves),
    s.tps === null ? '–' : tpsText(s.tps),
    s.optimal !== null ? String(s.optimal) : s.lowerBound !== null ? `≥ ${s.lowerBound}` : '–',
    s.efficiency === null
      ? '–'
      : `${s.optimal === null ? '≥ ' : ''}${Math.round(s.efficiency * 100)}%`,
    s.assisted ? 'solver helped' : '',
  ]);
  const [top, ...rest] = table([head, ...rows], '    ');
  return [
    `  ${paint(`last ${solves.length} solves, newest first`, DIM)}`,
    paint(top!, DIM),
    ...rest,
  ];
}

function groupLines(g: GroupSummary, paint: Paint, detail: boolean): string[] {
  const figures = figuresLine(g);
  return [
    paint(heading(g), HEADING),
    `  ${countLine(g)}`,
    ...(figures ? [`  ${figures}`] : []),
    ...averageLines(g, paint),
    ...(detail && g.kind === 'puzzle' ? solveLines(g, paint, RECENT_SHOWN) : []),
    ...resultLines(g, paint),
    ...sparkLines(g, paint),
    ...tileLines(g, paint),
  ];
}

/** How many recent solves `stats --size N` lists. */
export const RECENT_SHOWN = 12;

/** No history yet: two lines that fit 80 columns. */
export const NO_GAMES =
  'No finished games yet: play one with `slidebox` (or `slidebox puzzle`,\n' +
  '`slidebox versus`, `slidebox duel`), then run `slidebox stats` again.';

/**
 * "9 finished games, 3 won of 6 (50%), 3 puzzles solved": games are won, puzzles solved (without
 * puzzles "4 finished games, 1 won (25%)").
 */
function titleCounts(summary: Summary): string {
  const sum = (puzzle: boolean) =>
    summary.groups
      .filter((g) => (g.kind === 'puzzle') === puzzle)
      .reduce((t, g) => ({ games: t.games + g.games, wins: t.wins + g.wins }), {
        games: 0,
        wins: 0,
      });
  const played = sum(false);
  const puzzles = sum(true);
  const parts = [plural(summary.games, 'finished game')];
  if (played.games > 0) {
    const of = puzzles.games > 0 ? ` of ${formatNumber(played.games)}` : '';
    parts.push(`${formatNumber(played.wins)} won${of} (${percent(played.wins / played.games)})`);
  }
  if (puzzles.games > 0) parts.push(`${plural(puzzles.wins, 'puzzle')} solved`);
  return parts.join(', ');
}

/** The summary as text; `size`: the one board size asked for, if any. */
export function renderStats(summary: Summary, depth: ColorDepth, size?: number): string {
  if (summary.groups.length === 0) {
    return size === undefined
      ? `${NO_GAMES}\n`
      : `No finished games on ${size}×${size} boards yet.\n`;
  }
  const paint = painter(depth);
  const title = `Your slidebox games: ${titleCounts(summary)}`;
  const blocks = summary.groups.map((g) => groupLines(g, paint, size !== undefined).join('\n'));
  return `${paint(title, { bold: true })}\n\n${blocks.join('\n\n')}\n`;
}

/** Averages with their numbers to `places` decimals (ms to the whole ms). */
function rounded(a: Averages, places: number): Averages {
  const r = (m: Mark | null) => (typeof m === 'number' ? Number(m.toFixed(places)) : m);
  return Object.fromEntries(
    AVERAGES.map((n) => [n, { current: r(a[n].current), best: r(a[n].best) }]),
  ) as unknown as Averages;
}

/**
 * The summary for scripts: as it is, plus per puzzle size the recent solves and the time
 * averages under `puzzles` ({ current, best } in ms, "DNF", or null while too few solves).
 */
export function statsJson(summary: Summary): Record<string, unknown> {
  const puzzles: Record<string, unknown> = {};
  for (const g of summary.groups) {
    if (g.kind !== 'puzzle' || !g.averages) continue;
    puzzles[String(g.size)] = {
      solves: (g.solves ?? []).map((s) => ({
        date: s.date,
        timeMs: s.timeMs,
        moves: s.moves,
        optimal: s.optimal,
        lowerBound: s.lowerBound,
        assisted: s.assisted,
        dnf: s.dnf,
        ...(s.code !== undefined ? { code: s.code } : {}),
      })),
      averages: rounded(g.averages.time, 0),
      movesAverages: rounded(g.averages.moves, 2),
      tpsAverages: rounded(g.averages.tps, 2),
    };
  }
  return { ...summary, puzzles };
}

export interface StatsIo {
  readonly output: { write(s: string): unknown };
  readonly error: { write(s: string): unknown };
  readonly env: NodeJS.ProcessEnv;
  /** Standard output is a terminal. */
  readonly isTTY: boolean;
}

/** "Relay 3×3 → 6×6", "Marathon · 10 × 4×4" from a series record's key. */
export function seriesKeyName(key: string): string {
  const relay = /^relay-(\d)$/.exec(key);
  if (relay) return `Relay 3×3 → ${relay[1]}×${relay[1]}`;
  const m = /^marathon-(\d)x(\d+)$/.exec(key);
  return m ? `Marathon · ${m[2]} × ${m[1]}×${m[1]}` : key;
}

/** The best relays and marathons (from the records), relays first. */
export function seriesBlock(series: Records['series'], paint: Paint): string {
  const relayFirst = (k: string) => (k.startsWith('relay') ? 0 : 1);
  const keys = Object.keys(series ?? {}).sort(
    (a, b) => relayFirst(a) - relayFirst(b) || a.localeCompare(b, 'en', { numeric: true }),
  );
  if (keys.length === 0) return '';
  const rows = keys.map((k) => {
    const r = series![k]!;
    return [seriesKeyName(k), formatSolveTime(r.timeMs), `${formatNumber(r.moves)} moves`];
  });
  return [paint('Relays and marathons: bests', HEADING), ...table(rows, '  ')].join('\n');
}

/** Runs `slidebox stats`; resolves with the exit code. */
export function runStats(o: CliOptions, io: StatsIo): number {
  const dir = resolve(o.dataDir ?? defaultDataDir(io.env));
  const { history, notices, problem } = loadHistory(dir);
  for (const n of notices) io.error.write(`${n}\n`);
  // Games that cannot be read are not "no games": say why, and fail.
  const records = problem ? null : loadRecords(dir);
  const unreadable = problem ?? records?.unreadable;
  if (unreadable || !records) {
    io.error.write(`slidebox: ${unreadable}\n`);
    return 1;
  }
  const summary = summarize(history, o.size === undefined ? {} : { size: o.size });
  for (const n of records.notices) io.error.write(`${n}\n`);
  const series = o.size === undefined ? records.records.series : undefined;
  if (o.json) {
    const json = { ...statsJson(summary), ...(series ? { series } : {}) };
    io.output.write(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    const depth = detectColorDepth(io.env, io.isTTY);
    const block = seriesBlock(series, painter(depth));
    io.output.write(renderStats(summary, depth, o.size) + (block ? `\n${block}\n` : ''));
  }
  return 0;
}
