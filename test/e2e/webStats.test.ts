/**
 * The statistics screen in the real web build, in Debian's Chromium: a history made here (real
 * 2048 games played to their end on two sizes, a won and an assisted game, an evil one, puzzle
 * solves of two sizes with times, versus results), seeded as the old local-storage history that
 * the app moves into its database, shown group by group with the figures, the SVG charts and
 * their tables worked out here from the same entries; an empty history; damaged histories dropped
 * with a sentence while the app goes on; a 3×3 game played to its end by keys in the page,
 * recorded in the history's database and shown; each puzzle size's averages and recent solves
 * (DNFs, the solver's solves, lower bounds) checked against figures worked out here;
 * screenshots on a desktop and a phone. The
 * database itself is tested in webHistory.test.ts.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Game, maxTile, newGame, play, slideValid } from '../../src/engine/game2048.ts';
import { readShareCode } from '../../src/engine/shareReplay.ts';
import type { Direction } from '../../src/engine/types.ts';
import { formatSolveTime } from '../../src/front/format.ts';
import {
  appendEntry,
  EMPTY_HISTORY,
  type History,
  type HistoryEntry,
  parseHistory,
  serializeHistory,
} from '../../src/front/history.ts';
import { summarize } from '../../src/front/historySummary.ts';
import { HISTORY_KEY, loadHistory } from '../../src/web/storage/persistHistory.ts';
import {
  chromiumOrSkip,
  DESKTOP,
  openPage,
  PHONE,
  pressOnPage,
  readTiles,
  type Site,
  screenshot,
  seedStorage,
  useBrowser,
} from './webHarness.ts';
import { storedEntries } from './webHistoryDb.ts';

const reason = chromiumOrSkip('web statistics');

const DIRS: readonly Direction[] = ['left', 'down', 'right', 'up'];
const KEY: Readonly<Record<Direction, string>> = {
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
};
const LONG = { timeout: 10_000 };
const fmt = (n: number) => n.toLocaleString('en-US');
const pct = (wins: number, games: number) => `${Math.round((wins / games) * 100)}%`;

/** A game played to its end, each move the first of a rotating order that moves the board. */
function playedOut(size: number, seed: number): Game {
  let g = newGame({ size, seed });
  for (let i = 0; !g.over; i++) {
    const order = [...DIRS.slice(i % 4), ...DIRS.slice(0, i % 4)];
    g = play(g, order.find((d) => slideValid(g.cells, d).moved)!);
  }
  return g;
}

/** A small seeded generator (mulberry32) for the made-up parts of the history. */
function random(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * n);
  };
}

/** The history of the test: every entry, in the order played (a day apart). */
function seededEntries(): HistoryEntry[] {
  const rnd = random(77);
  let day = Date.UTC(2026, 2, 1, 12);
  const date = () => {
    day += 86_400_000 + rnd(3_600_000);
    return new Date(day).toISOString();
  };
  const out: HistoryEntry[] = [];
  const game2048 = (g: Game, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
    kind: '2048',
    size: g.size,
    date: date(),
    score: g.score,
    moves: g.moves,
    maxTile: maxTile(g.cells),
    won: false,
    assisted: false,
    ...extra,
  });
  for (const seed of [11, 12, 13, 14]) out.push(game2048(playedOut(4, seed)));
  for (const seed of [21, 22, 23]) out.push(game2048(playedOut(3, seed)));
  // A won 4×4 game, one the AI helped in, and one with evil spawns (a group of its own).
  out.push({
    kind: '2048',
    size: 4,
    date: date(),
    score: 20_000 + rnd(5000),
    moves: 1000 + rnd(100),
    maxTile: 2048,
    won: true,
    assisted: false,
  });
  out.push(game2048(playedOut(4, 15), { assisted: true }));
  out.push(game2048(playedOut(4, 16), { evil: true }));
  // Puzzles: three 3×3 solves (one by the solver) and two 4×4 ones.
  for (const [size, assisted] of [
    [3, false],
    [4, false],
    [3, true],
    [3, false],
    [4, false],
  ] as const) {
    out.push({
      kind: 'puzzle',
      size,
      date: date(),
      moves: 20 + rnd(size === 3 ? 20 : 80),
      timeMs: 5000 + rnd(size === 3 ? 60_000 : 400_000),
      won: true,
      assisted,
    });
  }
  // Versus: against a person and the hard AI.
  for (const [opponent, result] of [
    ['human', 'win'],
    ['ai-hard', 'loss'],
    ['ai-hard', 'win'],
    ['human', 'draw'],
    ['ai-hard', 'loss'],
  ] as const) {
    out.push({
      kind: 'versus',
      size: 4,
      date: date(),
      score: 500 + rnd(3000),
      moves: 50 + rnd(200),
      maxTile: 2 ** (6 + rnd(3)),
      won: result === 'win',
      result,
      opponent,
      assisted: false,
    });
  }
  return out;
}

function historyOf(entries: readonly HistoryEntry[]): History {
  return entries.reduce((h, e) => appendEntry(h, e), EMPTY_HISTORY);
}

/** What one group's card shows, worked out from its entries here. */
interface GroupView {
  title: RegExp;
  figures: Record<string, string>;
  dots: number;
  bars: number;
  tables: string[][][];
}

function groupKeyOf(e: HistoryEntry): string {
  return `${e.kind}:${e.size}${e.evil ? ':evil' : ''}`;
}

function expectedGroups(entries: readonly HistoryEntry[]): Map<string, GroupView> {
  const groups = new Map<string, HistoryEntry[]>();
  for (const e of entries) groups.set(groupKeyOf(e), [...(groups.get(groupKeyOf(e)) ?? []), e]);
  const out = new Map<string, GroupView>();
  for (const [key, list] of groups) {
    const { kind, size } = list[0]!;
    const games = list.length;
    const wins = list.filter((e) => e.won).length;
    const figures: Record<string, string> = { Games: fmt(games) };
    const tables: string[][][] = [];
    let dots = 0;
    let bars = 0;
    if (kind === 'puzzle') {
      figures.Solved = `${fmt(wins)} (${pct(wins, games)})`;
      const skill = list.filter((e) => !e.assisted);
      figures.Fastest = formatSolveTime(Math.min(...skill.map((e) => e.timeMs!)));
      figures['Fewest moves'] = fmt(Math.min(...skill.map((e) => e.moves)));
      dots = skill.length;
      tables.push(skill.map((e) => [e.date.slice(0, 10), formatSolveTime(e.timeMs!)]));
    } else {
      figures.Wins = `${fmt(wins)} (${pct(wins, games)})`;
      figures['Best score'] = fmt(Math.max(...list.map((e) => e.score!)));
      dots = list.length;
      tables.push(list.map((e) => [e.date.slice(0, 10), fmt(e.score!)]));
      const tiles = new Map<number, number>();
      for (const e of list) tiles.set(e.maxTile!, (tiles.get(e.maxTile!) ?? 0) + 1);
      const sorted = [...tiles].sort((a, b) => a[0] - b[0]);
      bars = sorted.length;
      tables.push(sorted.map(([t, n]) => [fmt(t), `${n} game${n === 1 ? '' : 's'}`]));
    }
    if (kind === 'versus') {
      for (const [opponent, name] of [
        ['human', 'a person'],
        ['ai-hard', 'AI (hard)'],
      ]) {
        const mine = list.filter((e) => e.opponent === opponent);
        const n = (r: string) => mine.filter((e) => e.result === r).length;
        figures[`Against ${name}`] = `${n('win')} won · ${n('loss')} lost · ${n('draw')} drawn`;
      }
    }
    const assisted = list.filter((e) => e.assisted).length;
    if (assisted > 0)
      figures[kind === 'puzzle' ? 'With the solver' : 'With the AI'] = fmt(assisted);
    const name =
      kind === 'puzzle' ? `${size * size - 1}-puzzle` : kind === '2048' ? '2048' : 'Versus';
    const evil = key.endsWith(':evil') ? ' · evil spawns' : '';
    out.set(key, {
      title: new RegExp(`^${name} · ${size}×${size}${evil}$`),
      figures,
      dots,
      bars,
      tables,
    });
  }
  return out;
}

/** One group's card as the page shows it. */
async function readGroup(page: Page, key: string) {
  return page.$eval(`.stats-group[data-group="${key}"]`, (el) => {
    const figures: Record<string, string> = {};
    const dts = [...el.querySelectorAll('dl.stats-figures dt')];
    for (const dt of dts) figures[dt.textContent!] = dt.nextElementSibling!.textContent!;
    return {
      title: el.querySelector('h2')!.textContent!,
      figures,
      charts: el.querySelectorAll('svg.chart-svg').length,
      dots: el.querySelectorAll('circle.chart-dot').length,
      bars: el.querySelectorAll('rect.chart-bar').length,
      tables: [...el.querySelectorAll('table.chart-table')].map((t) =>
        [...t.querySelectorAll('tbody tr')].map((tr) =>
          [...tr.children].map((c) => c.textContent!),
        ),
      ),
    };
  });
}

/** Puzzle solves of two sizes: 3×3 with optimal counts, DNFs and a solve the solver helped with, 5×5 with lower bounds. */
function puzzleEntries(): HistoryEntry[] {
  const rnd = random(31);
  let day = Date.UTC(2026, 3, 1, 9);
  const out: HistoryEntry[] = [];
  for (let i = 0; i < 15; i++) {
    day += 86_400_000;
    const optimal = 14 + rnd(10);
    out.push({
      kind: 'puzzle',
      size: 3,
      date: new Date(day).toISOString(),
      moves: optimal + (i === 4 || i === 11 ? 3 : rnd(12)),
      timeMs: 4000 + rnd(20_000),
      won: i !== 4 && i !== 11,
      assisted: i === 8,
      optimal,
    });
  }
  for (const lowerBound of [90, 104]) {
    day += 86_400_000;
    out.push({
      kind: 'puzzle',
      size: 5,
      date: new Date(day).toISOString(),
      moves: lowerBound + 40 + rnd(60),
      timeMs: 60_000 + rnd(120_000),
      won: true,
      assisted: false,
      lowerBound,
    });
  }
  return out;
}

type Metric = 'time' | 'moves' | 'tps';
const AVERAGE_SIZES = { single: 1, mo3: 3, ao5: 5, ao12: 12, ao50: 50, ao100: 100 } as const;

/** An average as speedsolvers take it, worked out here: null is a DNF, worst of all. */
function average(
  values: readonly (number | null)[],
  name: keyof typeof AVERAGE_SIZES,
  more: boolean,
): number | 'DNF' {
  const trim = name === 'single' || name === 'mo3' ? 0 : Math.ceil(AVERAGE_SIZES[name] / 20);
  if (values.filter((v) => v === null).length > trim) return 'DNF';
  const sorted = (values.filter((v) => v !== null) as number[]).sort((a, b) =>
    more ? b - a : a - b,
  );
  const kept = sorted.slice(trim, values.length - trim);
  return kept.reduce((t, v) => t + v, 0) / kept.length;
}

/** A solve's value in a metric (null: a DNF). */
function solveValue(e: HistoryEntry, m: Metric): number | null {
  if (!e.won) return null;
  if (m === 'time') return e.timeMs!;
  if (m === 'moves') return e.moves;
  return e.moves / (e.timeMs! / 1000);
}

/** A mark as the table shows it (a whole number of moves without decimals). */
function markShown(v: number | 'DNF' | null, m: Metric): string {
  if (v === null) return '–';
  if (v === 'DNF') return 'DNF';
  if (m === 'time') return formatSolveTime(v);
  return m === 'moves' && Number.isInteger(v) ? String(v) : v.toFixed(2);
}

/** The averages table's rows for a run of solves (the solver's left out), worked out here. */
function expectedAverages(entries: readonly HistoryEntry[]): string[][] {
  const own = entries.filter((e) => !e.assisted);
  return (Object.keys(AVERAGE_SIZES) as (keyof typeof AVERAGE_SIZES)[]).map((name) => {
    const n = AVERAGE_SIZES[name];
    const cells = (['time', 'moves', 'tps'] as const).flatMap((m) => {
      const more = m === 'tps';
      const series = own.map((e) => solveValue(e, m));
      // Every run of n solves in a row: the last is the current average, the best the best.
      const windows = series.flatMap((_, i) =>
        i + 1 < n ? [] : [average(series.slice(i + 1 - n, i + 1), name, more)],
      );
      const numbers = windows.filter((w): w is number => w !== 'DNF');
      let best: number | 'DNF' | null = windows.length > 0 ? 'DNF' : null;
      if (numbers.length > 0) best = more ? Math.max(...numbers) : Math.min(...numbers);
      return [markShown(windows.at(-1) ?? null, m), markShown(best, m)];
    });
    return [name, ...cells];
  });
}

/** The recent solves' rows, newest first, worked out here. */
function expectedSolves(entries: readonly HistoryEntry[]): string[][] {
  return [...entries].reverse().map((e) => {
    const known = e.optimal ?? e.lowerBound;
    const ge = e.optimal === undefined ? '≥ ' : '';
    return [
      e.date.slice(0, 10),
      formatSolveTime(e.timeMs!),
      String(e.moves),
      e.won ? (e.moves / (e.timeMs! / 1000)).toFixed(2) : '–',
      known === undefined ? '–' : `${ge}${known}`,
      e.won && known !== undefined ? `${ge}${Math.round((known / e.moves) * 100)}%` : '–',
      [e.won ? '' : 'DNF', e.assisted ? 'assisted' : ''].filter(Boolean).join(' · '),
    ];
  });
}

/** A table's shown body rows, cell by cell. */
function shownRows(page: Page, testid: string): Promise<string[][]> {
  return page.$$eval(`[data-testid=${testid}] tbody tr:not([hidden])`, (trs) =>
    trs.map((tr) => [...tr.children].map((c) => c.textContent!)),
  );
}

const storedHistory = (entries: readonly HistoryEntry[]) =>
  JSON.stringify(serializeHistory(historyOf(entries)));

/** Opens the statistics with `history` kept in the browser's local storage (moved in on opening). */
async function openStats(page: Page, url: string, history: string): Promise<void> {
  await seedStorage(page, { [HISTORY_KEY]: history });
  await page.goto(`${url}#stats`);
  await page.waitForSelector('.screen-stats');
}

describe.skipIf(reason !== null)('web statistics in Chromium', () => {
  let browser: Browser;
  let site: Site;

  useBrowser((b, s) => {
    browser = b;
    site = s;
  });

  it('shows each group’s figures, charts and tables as the history says', async () => {
    const entries = seededEntries();
    const history = historyOf(entries);
    const want = expectedGroups(entries);
    // The summary the app uses agrees with the figures worked out here.
    const summary = summarize(history);
    expect(summary.groups.map((g) => `${g.kind}:${g.size}${g.evil ? ':evil' : ''}`).sort()).toEqual(
      [...want.keys()].sort(),
    );
    for (const g of summary.groups) {
      const key = `${g.kind}:${g.size}${g.evil ? ':evil' : ''}`;
      expect(fmt(g.games)).toBe(want.get(key)!.figures.Games);
      if (g.bestScore !== undefined)
        expect(fmt(g.bestScore)).toBe(want.get(key)!.figures['Best score']);
    }

    const { context, page, errors } = await openPage(browser);
    await openStats(page, site.url, JSON.stringify(serializeHistory(history)));
    await expect.poll(() => page.title()).toBe('Statistics · slidebox');
    const wins = entries.filter((e) => e.won).length;
    await expect
      .poll(() => page.textContent('[data-testid=stats-total]'))
      .toBe(`${fmt(entries.length)} games · ${fmt(wins)} won`);
    // One card per group, in the order of kinds, then sizes, natural before evil.
    const keys = await page.$$eval('.stats-group[data-group]', (els) =>
      els.map((e) => (e as HTMLElement).dataset.group!),
    );
    expect(keys).toEqual(['2048:3', '2048:4', '2048:4:evil', 'puzzle:3', 'puzzle:4', 'versus:4']);
    expect(new Set(keys)).toEqual(new Set(want.keys()));
    for (const key of keys) {
      const w = want.get(key)!;
      const shown = await readGroup(page, key);
      expect.soft(shown.title, key).toMatch(w.title);
      expect.soft(shown.figures, key).toMatchObject(w.figures);
      expect.soft(shown.dots, `${key}: dots`).toBe(w.dots);
      expect.soft(shown.bars, `${key}: bars`).toBe(w.bars);
      expect.soft(shown.charts, `${key}: charts`).toBe(w.tables.length);
      expect.soft(shown.tables, `${key}: tables`).toEqual(w.tables);
    }
    // Puzzle times across sizes: one bar per size, the median and the best of each.
    const times = await page.$eval('.stats-group:not([data-group])', (el) => ({
      bars: el.querySelectorAll('rect.chart-bar').length,
      rows: [...el.querySelectorAll('table.chart-table tbody tr')].map((tr) =>
        [...tr.children].map((c) => c.textContent!),
      ),
    }));
    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      const m = s.length >> 1;
      return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
    };
    const timeRows = [3, 4].map((size) => {
      const t = entries
        .filter((e) => e.kind === 'puzzle' && e.size === size && !e.assisted)
        .map((e) => e.timeMs!);
      return [
        `${size}×${size}`,
        `${formatSolveTime(median(t))} (best ${formatSolveTime(Math.min(...t))})`,
      ];
    });
    expect(times).toEqual({ bars: 2, rows: timeRows });
    await screenshot(page, 'stats-desktop');

    // q goes home; the home screen's link opens the statistics again.
    await pressOnPage(page, 'q');
    await page.waitForSelector('.screen-home');
    await page.click('[data-testid=open-stats]');
    await page.waitForSelector('.screen-stats');
    expect(new URL(page.url()).hash).toBe('#stats');
    await expect.poll(() => page.$$eval('.stats-group[data-group]', (els) => els.length)).toBe(6);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone screen', async () => {
    const { context, page, errors } = await openPage(browser, { viewport: PHONE, mobile: true });
    await openStats(page, site.url, storedHistory(seededEntries()));
    await page.waitForSelector('svg.chart-svg');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // Every chart fits across the screen.
    const widths = await page.$$eval('svg.chart-svg', (els) =>
      els.map((e) => e.getBoundingClientRect().right),
    );
    for (const right of widths) expect(right).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'stats-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps every chart’s labels inside its picture', async () => {
    const { context, page, errors } = await openPage(browser);
    await openStats(page, site.url, storedHistory(seededEntries()));
    await page.waitForSelector('svg.chart-svg');
    // Text that runs past the viewBox is cut off where the picture ends.
    const clipped = await page.$$eval('svg.chart-svg', (svgs) =>
      svgs.flatMap((svg) => {
        const box = (svg as SVGSVGElement).viewBox.baseVal;
        return [...svg.querySelectorAll('text')].flatMap((t) => {
          const b = (t as SVGTextElement).getBBox();
          const inside = b.x >= box.x - 0.5 && b.x + b.width <= box.x + box.width + 0.5;
          return inside
            ? []
            : [
                `${t.textContent} (${Math.round(b.x)}–${Math.round(b.x + b.width)} of ${box.width})`,
              ];
        });
      }),
    );
    expect(clipped).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows each puzzle size’s averages and recent solves (the last 12, all on request), on a phone too', async () => {
    const entries = puzzleEntries();
    const three = entries.filter((e) => e.size === 3);
    const five = entries.filter((e) => e.size === 5);
    for (const [name, viewport, mobile] of [
      ['desktop', DESKTOP, false],
      ['phone', PHONE, true],
    ] as const) {
      const { context, page, errors } = await openPage(browser, { viewport, mobile });
      await openStats(page, site.url, storedHistory(entries));
      await page.waitForSelector('[data-testid=puzzle-averages-3]');
      expect(await shownRows(page, 'puzzle-averages-3')).toEqual(expectedAverages(three));
      expect(await shownRows(page, 'puzzle-averages-5')).toEqual(expectedAverages(five));
      const solves = expectedSolves(three);
      expect(await shownRows(page, 'puzzle-solves-3')).toEqual(solves.slice(0, 12));
      expect(await shownRows(page, 'puzzle-solves-5')).toEqual(expectedSolves(five));
      expect(await page.locator('[data-group="puzzle:5"] .btn-show-all').count()).toBe(0);
      const more = page.locator('[data-group="puzzle:3"] .btn-show-all');
      expect(await more.textContent()).toBe('Show all 15 solves');
      await more.click();
      expect(await shownRows(page, 'puzzle-solves-3')).toEqual(solves);
      await expect.poll(() => more.textContent()).toBe('Show the last 12');
      const figures = (await readGroup(page, 'puzzle:3')).figures;
      expect(figures).toMatchObject({ Solved: '13 (87%)', 'Given up (DNF)': '2' });
      // The times chart has the solves only: not the DNFs, not the solver's.
      expect((await readGroup(page, 'puzzle:3')).dots).toBe(12);
      // The page never scrolls sideways: a wide table scrolls inside its own box.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      if (name === 'phone') {
        const box = await page.$eval('[data-testid=puzzle-solves-3]', (t) => {
          const s = t.parentElement!;
          return {
            scroll: s.scrollWidth,
            client: s.clientWidth,
            right: s.getBoundingClientRect().right,
          };
        });
        expect(box.scroll).toBeGreaterThan(box.client);
        expect(box.right).toBeLessThanOrEqual(PHONE.width);
      }
      await screenshot(page, `stats-puzzle-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('says there are no games yet for an empty history', async () => {
    const { context, page, errors } = await openPage(browser, { viewport: DESKTOP });
    await page.goto(`${site.url}#stats`);
    await expect.poll(() => page.textContent('.stats-empty')).toMatch(/^No finished games yet/);
    expect(await page.locator('.stats-group').count()).toBe(0);
    expect(await page.textContent('[data-testid=notice]')).toBe('');
    // An empty history stored as such reads the same.
    const second = await context.newPage();
    await openStats(second, site.url, storedHistory([]));
    await expect.poll(() => second.textContent('.stats-empty')).toMatch(/^No finished games yet/);
    expect(await second.textContent('[data-testid=notice]')).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('drops a damaged history with a sentence, and the app goes on', async () => {
    const cases = [
      'not json {',
      JSON.stringify({ kind: 'someone-else/history', version: 1, entries: [] }),
      JSON.stringify({
        ...serializeHistory(historyOf(seededEntries().slice(0, 3))),
        entries: [{ kind: '2048', size: 4 }],
      }),
    ];
    for (const [i, text] of cases.entries()) {
      // The sentence the app's loader gives for this data, and the reason the parser gives.
      const store = new Map([[HISTORY_KEY, text]]);
      const loaded = loadHistory({
        getItem: (k) => store.get(k) ?? null,
        setItem: (k, v) => void store.set(k, v),
        removeItem: (k) => void store.delete(k),
      });
      if (i > 0) {
        const parsed = parseHistory(JSON.parse(text));
        expect(parsed.ok).toBe(false);
        if (!parsed.ok) expect(loaded.notice).toContain(`(${parsed.error.message})`);
      }
      expect(loaded.notice).toMatch(
        /^Your game history could not be read \(.+\) and was started afresh\.$/,
      );

      const seed = 4040 + i;
      const { context, page, errors } = await openPage(browser);
      await seedStorage(page, { [HISTORY_KEY]: text });
      await page.goto(`${site.url}?seed=${seed}#stats`);
      await expect.poll(() => page.textContent('[data-testid=notice]')).toBe(loaded.notice);
      await expect.poll(() => page.textContent('.stats-empty')).toMatch(/^No finished games yet/);
      // The damaged data is gone; the home screen and the games work.
      expect(await page.evaluate((k) => localStorage.getItem(k), HISTORY_KEY)).toBeNull();
      await page.click('[data-action=menu]');
      await page.waitForSelector('.screen-home');
      await page.click('button[data-play="2048"]');
      let g = newGame({ size: 4, target: 2048, seed });
      await expect.poll(() => readTiles(page, 4)).toEqual(g.cells);
      const dir = DIRS.find((d) => slideValid(g.cells, d).moved)!;
      await pressOnPage(page, KEY[dir]);
      g = play(g, dir);
      await expect.poll(() => readTiles(page, 4)).toEqual(g.cells);
      // The statistics open again, without the sentence.
      await page.goto(`${site.url}#stats`);
      await expect.poll(() => page.textContent('.stats-empty')).toMatch(/^No finished games yet/);
      expect(await page.textContent('[data-testid=notice]')).toBe('');
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('records a 3×3 game played to its end by keys, and shows it', async () => {
    const seed = 9393;
    // The moves of the whole game, found here from the seed.
    let game = newGame({ size: 3, target: 2048, seed });
    const keys: string[] = [];
    while (!game.over) {
      const dir = DIRS.find((d) => slideValid(game.cells, d).moved)!;
      keys.push(KEY[dir]);
      game = play(game, dir);
    }
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${site.url}?seed=${seed}`);
    await page.selectOption('[data-testid=size-2048]', '3');
    await page.click('button[data-play="2048"]');
    await expect.poll(() => readTiles(page, 3)).toEqual(newGame({ size: 3, seed }).cells);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (const k of keys) await page.keyboard.press(k);
    await expect.poll(() => page.locator('.overlay-over h2').textContent(), LONG).toBe('Game over');
    await expect.poll(() => readTiles(page, 3)).toEqual(game.cells);
    expect(await page.textContent('[data-testid=score]')).toBe(fmt(game.score));

    // The history's database holds the game, with a code that replays it.
    await expect.poll(async () => (await storedEntries(page)).length).toBe(1);
    const entries = await storedEntries(page);
    const e = entries[0]!;
    expect(e).toMatchObject({
      kind: '2048',
      size: 3,
      score: game.score,
      moves: game.moves,
      maxTile: maxTile(game.cells),
      won: false,
      assisted: false,
    });
    const replay = readShareCode(e.code!);
    expect(replay.ok && replay.value.kind === '2048' && replay.value.states.at(-1)!.cells).toEqual(
      game.cells,
    );

    await page.click('[data-action=menu]');
    await page.click('[data-testid=open-stats]');
    await expect
      .poll(() => page.textContent('[data-testid=stats-total]'))
      .toMatch(/^1 games? · 0 won$/);
    const shown = await readGroup(page, '2048:3');
    expect(shown.figures).toMatchObject({
      Games: '1',
      Wins: '0 (0%)',
      'Best score': fmt(game.score),
      'Median score': fmt(game.score),
    });
    expect(shown.dots).toBe(1);
    expect(shown.bars).toBe(1);
    expect(shown.tables).toEqual([
      [[e.date.slice(0, 10), fmt(game.score)]],
      [[fmt(maxTile(game.cells)), '1 game']],
    ]);
    // A new game after that one does not add it twice.
    await page.click('[data-action=menu]');
    await page.click('button[data-play="2048"]');
    await page.waitForSelector('.overlay-over');
    await pressOnPage(page, 'n');
    await expect.poll(() => page.locator('.overlay-over').count()).toBe(0);
    await page.goto(`${site.url}#stats`);
    await expect
      .poll(() => page.textContent('[data-testid=stats-total]'))
      .toMatch(/^1 games? · 0 won$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
