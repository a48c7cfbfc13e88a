/**
 * A solve and its averages in words, the same in the terminal, plain mode and the browser:
 * the summary after a solve, and the marks of the averages (a time, a move count, a TPS, DNF).
 */
import { formatNumber, formatSolveTime } from './format.ts';
import {
  type ModelPuzzle,
  type OptimalCount,
  type SolveSummary,
  seriesDone,
  seriesName,
} from './modelPuzzle.ts';
import type { AverageName, Averages, Mark, Metric } from './solves.ts';

/** An average's mark in a metric: "12.345", "87.40", "7.05", "DNF", "–" (too few solves). */
export function markText(mark: Mark | null, metric: Metric): string {
  if (mark === null) return '–';
  if (mark === 'DNF') return 'DNF';
  if (metric === 'time') return formatSolveTime(mark);
  // A single's moves (or any whole count) without decimals.
  return metric === 'moves' && Number.isInteger(mark) ? String(mark) : mark.toFixed(2);
}

/** Moves a second, to two places. */
export const tpsText = (tps: number) => tps.toFixed(2);

/** "Optimal 52 moves · efficiency 60%", or from a lower bound "Optimal ≥ 48 moves (lower bound) · efficiency ≥ 55%". */
export function optimalText(o: OptimalCount, moves: number): string {
  const eff = moves > 0 ? Math.round((o.moves / moves) * 100) : 100;
  return o.exact
    ? `Optimal ${o.moves} moves · efficiency ${eff}%`
    : `Optimal ≥ ${o.moves} moves (lower bound) · efficiency ≥ ${eff}%`;
}

/** The averages that are there yet, current ones: "mo3 9.120 · ao5 10.004". */
export function currentAveragesText(a: Averages): string {
  const names: AverageName[] = ['mo3', 'ao5', 'ao12', 'ao50', 'ao100'];
  return names
    .filter((n) => a[n].current !== null)
    .map((n) => `${n} ${markText(a[n].current, 'time')}`)
    .join(' · ');
}

/** The lines under a solved puzzle. */
export function summaryLines(s: SolveSummary): string[] {
  const lines = [`Time ${formatSolveTime(s.timeMs)} · ${s.moves} moves · ${tpsText(s.tps)} TPS`];
  if (s.optimal === 'pending') lines.push('Optimal: being worked out…');
  else if (s.optimal) lines.push(optimalText(s.optimal, s.moves));
  if (s.assisted) {
    lines.push('The solver helped: not counted in averages or records.');
    return lines;
  }
  if (s.improved.length > 0) lines.push(`New best: ${s.improved.join(', ')}!`);
  const now = s.averages ? currentAveragesText(s.averages) : '';
  if (now) lines.push(now);
  return lines;
}

/** The lines a series prints when one of its puzzles is solved, and when it is over. */
export function seriesLines(before: ModelPuzzle, after: ModelPuzzle): string[] {
  const s = after.series;
  if (!s || s.splits.length <= (before.series?.splits.length ?? 0)) return [];
  const split = s.splits.at(-1)!;
  const total = s.splits.reduce((t, x) => t + x.timeMs, 0);
  const lines = [
    `Split ${s.splits.length} of ${s.widths.length} · ${split.width}×${split.width}: ${formatSolveTime(split.timeMs)} (${formatNumber(split.moves)} moves) · total ${formatSolveTime(total)}`,
  ];
  return seriesDone(s) ? [...lines, ...seriesEndLines(after)] : lines;
}

/** A finished series: its total and moves, its splits, and whether it is a new best. */
export function seriesEndLines(m: ModelPuzzle): string[] {
  const s = m.series!;
  const total = s.splits.reduce((t, x) => t + x.timeMs, 0);
  const moves = s.splits.reduce((t, x) => t + x.moves, 0);
  const times = s.splits.map((x) => x.timeMs);
  const lines = [
    `${seriesName(s)}: ${formatSolveTime(total)} · ${formatNumber(moves)} moves`,
    times.length <= 8
      ? `Splits ${times.map(formatSolveTime).join(' · ')}`
      : `Fastest ${formatSolveTime(Math.min(...times))} · slowest ${formatSolveTime(Math.max(...times))}`,
  ];
  if (m.assisted) lines.push('The solver helped: no record.');
  else if (m.records?.time) lines.push('New best!');
  else if (m.seriesBest) lines.push(`Best ${formatSolveTime(m.seriesBest.timeMs)}`);
  return lines;
}
