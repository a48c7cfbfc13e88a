/**
 * A puzzle size's speedsolving tables on the statistics screen: its averages (single to ao100,
 * the current and the best, of time, moves and TPS) and its recent solves, newest first, the
 * last {@link SOLVES_SHOWN} at first and every kept one on request; and the best relays and
 * marathons. The rows are worked out by pure functions (unit-tested); the tables scroll sideways
 * inside their own box on a phone.
 */
import { formatNumber, formatSolveTime } from '../../front/format.ts';
import type { SolveLine } from '../../front/historySummary.ts';
import { newSeries, seriesName } from '../../front/modelPuzzle.ts';
import type { SeriesRecord } from '../../front/records.ts';
import {
  AVERAGES,
  type AverageName,
  type Averages,
  type Mark,
  METRICS,
  type Metric,
} from '../../front/solves.ts';
import { markText, tpsText } from '../../front/solveText.ts';
import { h } from '../ui/dom.ts';

/** How many recent solves show before "Show all". */
export const SOLVES_SHOWN = 12;

const METRIC_NAMES: Readonly<Record<Metric, string>> = { time: 'Time', moves: 'Moves', tps: 'TPS' };

/** An average's mark; a single's move count is a whole number ("40", not "40.00"). */
function markCell(mark: Mark | null, metric: Metric, name: AverageName): string {
  if (metric === 'moves' && name === 'single' && typeof mark === 'number') {
    return formatNumber(mark);
  }
  return markText(mark, metric);
}

/** One row per average: its name, then the current and the best of time, moves and TPS. */
export function averageRows(averages: Readonly<Record<Metric, Averages>>): string[][] {
  return AVERAGES.map((name) => [
    name,
    ...METRICS.flatMap((m) => [
      markCell(averages[m][name].current, m, name),
      markCell(averages[m][name].best, m, name),
    ]),
  ]);
}

/** A solve's optimal move count: "52", "≥ 48" from a lower bound, "–" when unknown. */
export function optimalCell(s: SolveLine): string {
  if (s.optimal !== null) return formatNumber(s.optimal);
  if (s.lowerBound !== null) return `≥ ${formatNumber(s.lowerBound)}`;
  return '–';
}

/** Optimal over moves as a percentage ("≥" from a lower bound), "–" when unknown or a DNF. */
export function efficiencyCell(s: SolveLine): string {
  if (s.efficiency === null) return '–';
  return `${s.optimal === null ? '≥ ' : ''}${Math.round(s.efficiency * 100)}%`;
}

/** What marks a solve apart: "DNF" (given up), "assisted" (the solver helped), both, or "". */
export function noteCell(s: SolveLine): string {
  return [s.dnf ? 'DNF' : '', s.assisted ? 'assisted' : ''].filter(Boolean).join(' · ');
}

/** The recent-solves table's columns. */
export const SOLVE_COLUMNS = [
  'Date',
  'Time',
  'Moves',
  'TPS',
  'Optimal',
  'Efficiency',
  'Note',
] as const;

/** A solve as a row of {@link SOLVE_COLUMNS} (a DNF's time is the time until it was given up). */
export function solveRow(s: SolveLine): string[] {
  return [
    s.date.slice(0, 10),
    formatSolveTime(s.timeMs),
    formatNumber(s.moves),
    s.tps === null ? '–' : tpsText(s.tps),
    optimalCell(s),
    efficiencyCell(s),
    noteCell(s),
  ];
}

/** The solves, newest first, as rows. */
export function solveRows(solves: readonly SolveLine[]): string[][] {
  return [...solves].reverse().map(solveRow);
}

const scroller = (table: HTMLElement) => h('div', { class: 'table-scroll', tabindex: 0 }, table);

/** The averages table of the puzzle of `size`. */
export function averagesTable(
  size: number,
  averages: Readonly<Record<Metric, Averages>>,
): HTMLElement {
  const top = h(
    'tr',
    {},
    h('td', { class: 'row-name corner' }),
    ...METRICS.map((m) => h('th', { scope: 'colgroup', colspan: 2 }, METRIC_NAMES[m])),
  );
  const sub = h(
    'tr',
    {},
    h('th', { scope: 'col', class: 'row-name' }, 'Average'),
    ...METRICS.flatMap(() => [
      h('th', { scope: 'col' }, 'current'),
      h('th', { scope: 'col' }, 'best'),
    ]),
  );
  const rows = averageRows(averages).map(([name, ...cells]) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row', class: 'row-name' }, name),
      ...cells.map((c) => h('td', { class: 'num' }, c)),
    ),
  );
  const table = h(
    'table',
    { class: 'solve-table', 'data-testid': `puzzle-averages-${size}` },
    h('caption', {}, 'Averages'),
    h('thead', {}, top, sub),
    h('tbody', {}, ...rows),
  );
  return scroller(table);
}

/**
 * The recent solves of the puzzle of `size`, newest first: the last {@link SOLVES_SHOWN}, and a
 * button that shows every kept one (and back).
 */
export function solvesTable(size: number, solves: readonly SolveLine[]): HTMLElement {
  const newest = [...solves].reverse();
  const rows = newest.map((s, i) =>
    h(
      'tr',
      {
        class: [s.dnf ? 'dnf' : '', s.assisted ? 'assisted' : ''].join(' ').trim() || null,
        hidden: i >= SOLVES_SHOWN,
      },
      ...solveRow(s).map((c, col) =>
        col === 0
          ? h('th', { scope: 'row', class: 'row-name' }, c)
          : h('td', { class: col < 6 ? 'num' : 'note' }, c),
      ),
    ),
  );
  const table = h(
    'table',
    { class: 'solve-table', 'data-testid': `puzzle-solves-${size}` },
    h('caption', {}, 'Recent solves, newest first'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ...SOLVE_COLUMNS.map((c, i) =>
          h('th', { scope: 'col', class: i === 0 ? 'row-name' : null }, c),
        ),
      ),
    ),
    h('tbody', {}, ...rows),
  );
  const out = h('div', { class: 'solves' }, scroller(table));
  if (newest.length > SOLVES_SHOWN) out.append(showAll(rows));
  return out;
}

/** The button that shows every solve's row, or only the last {@link SOLVES_SHOWN} again. */
function showAll(rows: readonly HTMLElement[]): HTMLButtonElement {
  const all = `Show all ${rows.length} solves`;
  const few = `Show the last ${SOLVES_SHOWN}`;
  const btn = h(
    'button',
    { type: 'button', class: 'btn btn-show-all', 'aria-expanded': 'false' },
    all,
  );
  btn.addEventListener('click', () => {
    const open = btn.getAttribute('aria-expanded') !== 'true';
    rows.forEach((r, i) => {
      r.hidden = !open && i >= SOLVES_SHOWN;
    });
    btn.setAttribute('aria-expanded', String(open));
    btn.textContent = open ? few : all;
  });
  return btn;
}

/** A series' records key in words: "relay-6" is "Relay 3×3 → 6×6" (an unknown key as it is). */
export function seriesKeyName(key: string): string {
  const relay = /^relay-(\d+)$/.exec(key);
  if (relay) return seriesName(newSeries({ kind: 'relay', upTo: Number(relay[1]) }));
  const m = /^marathon-(\d+)x(\d+)$/.exec(key);
  if (!m) return key;
  return seriesName(newSeries({ kind: 'marathon', width: Number(m[1]), count: Number(m[2]) }));
}

/** The best relays and marathons as rows (name, total, moves): relays first, smallest first. */
export function seriesRows(series: Readonly<Record<string, SeriesRecord>> = {}): string[][] {
  const relayFirst = (k: string) => (k.startsWith('relay') ? 0 : 1);
  return Object.keys(series)
    .sort((a, b) => relayFirst(a) - relayFirst(b) || a.localeCompare(b, 'en', { numeric: true }))
    .map((k) => [
      seriesKeyName(k),
      formatSolveTime(series[k]!.timeMs),
      formatNumber(series[k]!.moves),
    ]);
}

/** The table of the best relays and marathons, or null when none was finished yet. */
export function seriesTable(series?: Readonly<Record<string, SeriesRecord>>): HTMLElement | null {
  const rows = seriesRows(series);
  if (rows.length === 0) return null;
  const table = h(
    'table',
    { class: 'solve-table', 'data-testid': 'series-bests' },
    h('caption', {}, 'Best totals'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col', class: 'row-name' }, 'Series'),
        h('th', { scope: 'col' }, 'Total'),
        h('th', { scope: 'col' }, 'Moves'),
      ),
    ),
    h(
      'tbody',
      {},
      ...rows.map(([name, ...cells]) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row', class: 'row-name' }, name),
          ...cells.map((c) => h('td', { class: 'num' }, c)),
        ),
      ),
    ),
  );
  return scroller(table);
}
