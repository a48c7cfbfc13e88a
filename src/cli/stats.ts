/**
 * `slidebox stats`: the figures of the finished games in the history, as text (coloured on a
 * terminal that shows colour, plain otherwise) or as JSON for scripts. The text is a pure
 * function of the summary and the colour depth.
 */
import { resolve } from 'node:path';
import { formatNumber, formatTime } from '../front/format.ts';
import { type GroupSummary, type Summary, summarize } from '../front/historySummary.ts';
import { puzzleName } from '../front/modelPuzzle.ts';
import { defaultDataDir } from '../storage/files.ts';
import { loadHistory } from '../storage/history.ts';
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

/** "12 games · 5 won (42%) · 3 with the AI's help" (a puzzle: "12 solved · 2 by the solver"). */
function countLine(g: GroupSummary): string {
  if (g.kind === 'puzzle') {
    return `${formatNumber(g.games)} solved${g.assisted ? ` · ${formatNumber(g.assisted)} by the solver` : ''}`;
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
      g.bestTimeMs !== undefined ? `best ${formatTime(g.bestTimeMs)}` : null,
      g.medianTimeMs !== undefined ? `median ${formatTime(g.medianTimeMs)}` : null,
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

function groupLines(g: GroupSummary, paint: Paint): string[] {
  const figures = figuresLine(g);
  return [
    paint(heading(g), HEADING),
    `  ${countLine(g)}`,
    ...(figures ? [`  ${figures}`] : []),
    ...resultLines(g, paint),
    ...sparkLines(g, paint),
    ...tileLines(g, paint),
  ];
}

export const NO_GAMES =
  'No finished games yet: play one with `slidebox` (or `slidebox puzzle`, `slidebox versus`, `slidebox duel`), then run `slidebox stats` again.';

/** The summary as text; `size`: the one board size asked for, if any. */
export function renderStats(summary: Summary, depth: ColorDepth, size?: number): string {
  if (summary.groups.length === 0) {
    return size === undefined
      ? `${NO_GAMES}\n`
      : `No finished games on ${size}×${size} boards yet.\n`;
  }
  const paint = painter(depth);
  const rate = summary.games ? ` (${percent(summary.wins / summary.games)})` : '';
  const title = `Your slidebox games: ${plural(summary.games, 'finished game')}, ${formatNumber(summary.wins)} won${rate}`;
  const blocks = summary.groups.map((g) => groupLines(g, paint).join('\n'));
  return `${paint(title, { bold: true })}\n\n${blocks.join('\n\n')}\n`;
}

export interface StatsIo {
  readonly output: { write(s: string): unknown };
  readonly error: { write(s: string): unknown };
  readonly env: NodeJS.ProcessEnv;
  /** Standard output is a terminal. */
  readonly isTTY: boolean;
}

/** Runs `slidebox stats`; resolves with the exit code. */
export function runStats(o: CliOptions, io: StatsIo): number {
  const dir = resolve(o.dataDir ?? defaultDataDir(io.env));
  const { history, notices } = loadHistory(dir);
  for (const n of notices) io.error.write(`${n}\n`);
  const summary = summarize(history, o.size === undefined ? {} : { size: o.size });
  if (o.json) {
    io.output.write(`${JSON.stringify(summary, null, 2)}\n`);
  } else {
    io.output.write(renderStats(summary, detectColorDepth(io.env, io.isTTY), o.size));
  }
  return 0;
}
