/**
 * The statistics screen: the history's figures group by group (a game kind and a board size),
 * with charts — scores over time, the largest tiles reached, puzzle times per size — each with
 * its table, for each puzzle size its averages and recent solves (solveTables.ts), and the best
 * relays and marathons (from the records). It shows what it is given; the wiring file reads the
 * history.
 */
import { formatNumber, formatSolveTime } from '../../front/format.ts';
import { type GroupKey, groupKey, type History, type HistoryEntry } from '../../front/history.ts';
import { type GroupSummary, summarize } from '../../front/historySummary.ts';
import { puzzleName } from '../../front/modelPuzzle.ts';
import type { SeriesRecord } from '../../front/records.ts';
import { button, h } from '../ui/dom.ts';
import { barChart, lineChart } from './charts.ts';
import { averagesTable, seriesTable, solvesTable } from './solveTables.ts';

export interface ViewStatsHandlers {
  menu(): void;
}

function groupTitle(g: GroupSummary): string {
  const size = `${g.size}×${g.size}`;
  if (g.kind === 'puzzle') return `${puzzleName(g.size)} · ${size}`;
  const name = { '2048': '2048', versus: 'Versus', duel: 'Duel' }[g.kind];
  return `${name} · ${size}${g.evil ? ' · evil spawns' : ''}`;
}

/** An opponent as the history names it ("ai-hard"), in words. */
function opponentName(o: string): string {
  if (o === 'human') return 'a person';
  if (o === 'ai') return 'the AI';
  return o.startsWith('ai-') ? `AI (${o.slice(3)})` : o;
}

const percent = (x: number) => `${Math.round(x * 100)}%`;

/** The group's figures as a definition list. */
function figures(g: GroupSummary): HTMLElement {
  const items: [string, string][] = [
    ['Games', formatNumber(g.games)],
    [g.kind === 'puzzle' ? 'Solved' : 'Wins', `${formatNumber(g.wins)} (${percent(g.winRate)})`],
  ];
  if (g.bestScore !== undefined) items.push(['Best score', formatNumber(g.bestScore)]);
  if (g.medianScore !== undefined)
    items.push(['Median score', formatNumber(Math.round(g.medianScore))]);
  if (g.bestTimeMs !== undefined) items.push(['Fastest', formatSolveTime(g.bestTimeMs)]);
  if (g.medianTimeMs !== undefined) items.push(['Median time', formatSolveTime(g.medianTimeMs)]);
  if (g.fewestMoves !== undefined) items.push(['Fewest moves', formatNumber(g.fewestMoves)]);
  if (g.dnfs) items.push(['Given up (DNF)', formatNumber(g.dnfs)]);
  if (g.kind !== 'puzzle') items.push(['Win streak', `${g.streak} (longest ${g.longestStreak})`]);
  if (g.assisted > 0)
    items.push([g.kind === 'puzzle' ? 'With the solver' : 'With the AI', formatNumber(g.assisted)]);
  for (const r of g.results) {
    items.push([
      `Against ${opponentName(r.opponent)}`,
      `${r.wins} won · ${r.losses} lost · ${r.draws} drawn`,
    ]);
  }
  return h(
    'dl',
    { class: 'stats-figures' },
    ...items.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]),
  );
}

const day = (e: HistoryEntry) => e.date.slice(0, 10);

/** A group's charts: scores over time and largest tiles, or puzzle times over time. */
function charts(g: GroupSummary, entries: readonly HistoryEntry[]): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (g.kind === 'puzzle') {
    const timed = entries.filter((e) => e.timeMs !== undefined && e.won && !e.assisted);
    if (timed.length > 0) {
      const points = timed.map((e) => ({ label: day(e), value: e.timeMs! }));
      out.push(lineChart('Times, oldest first', ['Date', 'Time'], points, formatSolveTime));
    }
    return out;
  }
  const scored = entries.filter((e) => e.score !== undefined);
  if (scored.length > 0) {
    const points = scored.map((e) => ({ label: day(e), value: e.score! }));
    out.push(lineChart('Score over time', ['Date', 'Score'], points, formatNumber));
  }
  if (g.maxTiles.length > 0) {
    const bars = g.maxTiles.map((t) => ({
      label: formatNumber(t.tile),
      value: t.count,
      text: `${t.count} game${t.count === 1 ? '' : 's'}`,
    }));
    out.push(barChart('Largest tile reached', ['Tile', 'Games'], bars));
  }
  return out;
}

/**
 * A puzzle size's card: its figures, its averages and recent solves, its times chart. Across the
 * screen on a wide one, the tables beside the figures and the chart; one under the other on a
 * phone, the tables before the chart.
 */
function puzzleGroup(g: GroupSummary, key: string, chartEls: HTMLElement[]): HTMLElement {
  const tables: HTMLElement[] = [];
  if (g.averages) tables.push(averagesTable(g.size, g.averages));
  if (g.solves && g.solves.length > 0) tables.push(solvesTable(g.size, g.solves));
  return h(
    'section',
    { class: 'card stats-group stats-puzzle', 'data-group': key },
    h('h2', {}, groupTitle(g)),
    h(
      'div',
      { class: 'stats-puzzle-body' },
      figures(g),
      h('div', { class: 'stats-tables' }, ...tables),
      h('div', { class: 'stats-charts' }, ...chartEls),
    ),
  );
}

/** Puzzle times across sizes: the median time of each size, with the fastest. */
function puzzleTimes(groups: readonly GroupSummary[]): HTMLElement | null {
  const timed = groups.filter((g) => g.kind === 'puzzle' && g.medianTimeMs !== undefined);
  if (timed.length === 0) return null;
  const bars = timed.map((g) => ({
    label: `${g.size}×${g.size}`,
    value: g.medianTimeMs!,
    text: `${formatSolveTime(g.medianTimeMs!)} (best ${formatSolveTime(g.bestTimeMs!)})`,
  }));
  return barChart('Puzzle times per size (median)', ['Size', 'Median (best)'], bars);
}

/** The best relays and marathons, a card of its own (null: none finished yet). */
function seriesCard(series?: Readonly<Record<string, SeriesRecord>>): HTMLElement | null {
  const table = seriesTable(series);
  if (!table) return null;
  return h(
    'section',
    { class: 'card stats-group stats-series', 'data-testid': 'stats-series' },
    h('h2', {}, 'Relays and marathons'),
    table,
  );
}

export class ViewStats {
  readonly root: HTMLElement;
  private readonly body = h('div', { class: 'stats-body', 'data-testid': 'stats-body' });
  private readonly notice = h('p', { class: 'notice', 'data-testid': 'notice' });

  constructor(on: ViewStatsHandlers) {
    this.root = h(
      'section',
      { class: 'screen screen-stats', 'aria-label': 'Statistics' },
      h(
        'header',
        { class: 'topbar' },
        button('☰ Menu', { action: 'menu', cls: 'btn btn-menu', title: 'Back to the menu' }),
        h('h1', {}, 'Statistics'),
      ),
      this.notice,
      this.body,
    );
    this.root.addEventListener('click', (e) => {
      if ((e.target as Element).closest('[data-action="menu"]')) on.menu();
    });
  }

  /** While the history is read. */
  loading(): void {
    this.notice.textContent = '';
    this.body.replaceChildren(h('p', { class: 'stats-loading' }, 'Loading…'));
  }

  /** The history's figures, and the best relays and marathons (`series`, from the records). */
  render(
    history: History,
    notice: string | null,
    series?: Readonly<Record<string, SeriesRecord>>,
  ): void {
    this.notice.textContent = notice ?? '';
    const s = summarize(history);
    const bests = seriesCard(series);
    if (s.games === 0) {
      this.body.replaceChildren(
        h(
          'p',
          { class: 'stats-empty' },
          bests
            ? 'No finished single games yet.'
            : 'No finished games yet: play one from the menu, and its figures appear here.',
        ),
        ...(bests ? [bests] : []),
      );
      return;
    }
    const sections = s.groups.map((g) => {
      const key = groupKey(g as GroupKey);
      const entries = history.entries.filter((e) => groupKey(e) === key);
      return g.kind === 'puzzle'
        ? puzzleGroup(g, key, charts(g, entries))
        : h(
            'section',
            { class: 'card stats-group', 'data-group': key },
            h('h2', {}, groupTitle(g)),
            figures(g),
            ...charts(g, entries),
          );
    });
    // The series' bests go under the puzzle groups.
    const lastPuzzle = s.groups.findLastIndex((g) => g.kind === 'puzzle');
    if (bests) sections.splice(lastPuzzle + 1, 0, bests);
    const times = puzzleTimes(s.groups);
    this.body.replaceChildren(
      h(
        'p',
        { class: 'goal', 'data-testid': 'stats-total' },
        `${formatNumber(s.games)} game${s.games === 1 ? '' : 's'} · ${formatNumber(s.wins)} won`,
      ),
      ...(times ? [h('section', { class: 'card stats-group' }, times)] : []),
      ...sections,
    );
  }
}
