/**
 * The browser's game history in IndexedDB, in the real web build in Debian's Chromium: the old
 * local-storage history moved in once (codes and all, never twice, even when its key outlived
 * the move); 1,050 games kept as the newest 1,000 with their codes and 50 folded into totals
 * whose figures are the terminal's (front/history.ts, worked out here on the same games); two
 * tabs finishing games at the same moment; damaged records removed with a sentence; and a
 * browser without a usable database (none, refusing to open, full), where games go to local
 * storage with one sentence and still show in Statistics.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Game, maxTile, newGame, play, slideValid } from '../../src/engine/game2048.ts';
import type { Direction } from '../../src/engine/types.ts';
import { formatNumber, formatSolveTime } from '../../src/front/format.ts';
import {
  appendEntry,
  EMPTY_HISTORY,
  type History,
  type HistoryEntry,
  serializeHistory,
} from '../../src/front/history.ts';
import { type GroupSummary, summarize } from '../../src/front/historySummary.ts';
import { PENDING_PREFIX } from '../../src/web/storage/historyLocal.ts';
import {
  damageNotice,
  fallbackNotice,
  readTotalsRecord,
} from '../../src/web/storage/historyRecords.ts';
import { HISTORY_KEY, loadHistory } from '../../src/web/storage/persistHistory.ts';
import {
  chromiumOrSkip,
  openPage,
  readTiles,
  type Site,
  seedStorage,
  useBrowser,
} from './webHarness.ts';
import {
  gameRecord,
  pendingItem,
  readHistoryDb,
  storedEntries,
  writeHistoryDb,
} from './webHistoryDb.ts';

const reason = chromiumOrSkip('web game history');

const DIRS: readonly Direction[] = ['left', 'down', 'right', 'up'];
const KEY: Readonly<Record<Direction, string>> = {
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
};
const LONG = { timeout: 20_000 };

/** A small seeded generator (mulberry32). */
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

/** `n` made-up finished games of every kind, a minute apart, each with a share code. */
function madeUpGames(n: number, seed: number): HistoryEntry[] {
  const rnd = random(seed);
  const start = Date.UTC(2025, 0, 1);
  return Array.from({ length: n }, (_, i): HistoryEntry => {
    const date = new Date(start + i * 60_000).toISOString();
    const code = `sb1.test-${seed}-${i}-${'x'.repeat(rnd(40))}`;
    const pick = rnd(10);
    if (pick < 5) {
      const won = rnd(4) === 0;
      return {
        kind: '2048',
        size: 3 + rnd(2),
        date,
        score: rnd(30_000),
        moves: 50 + rnd(900),
        maxTile: won ? 2048 : 2 ** (4 + rnd(6)),
        won,
        assisted: rnd(5) === 0,
        ...(rnd(8) === 0 ? { evil: true as const } : {}),
        code,
      };
    }
    if (pick < 8) {
      const size = 3 + rnd(2);
      return {
        kind: 'puzzle',
        size,
        date,
        moves: 20 + rnd(200),
        timeMs: 3000 + rnd(400_000),
        won: true,
        assisted: rnd(6) === 0,
        code,
      };
    }
    const result = (['win', 'loss', 'draw'] as const)[rnd(3)]!;
    return {
      kind: 'versus',
      size: 4,
      date,
      score: rnd(5000),
      moves: 30 + rnd(300),
      maxTile: 2 ** (5 + rnd(4)),
      won: result === 'win',
      result,
      opponent: rnd(2) ? 'human' : 'ai-hard',
      assisted: false,
      code,
    };
  });
}

/** The history the terminal would keep for these games (appendEntry, one at a time). */
const historyOf = (entries: readonly HistoryEntry[]): History =>
  entries.reduce((h, e) => appendEntry(h, e), EMPTY_HISTORY);

const keyOf = (g: { kind: string; size: number; evil?: true }) =>
  `${g.kind}:${g.size}${g.evil ? ':evil' : ''}`;

/** The figures a group's card shows, from the summary of the terminal's computation. */
function figuresOf(g: GroupSummary): Record<string, string> {
  const pct = `${Math.round(g.winRate * 100)}%`;
  const out: Record<string, string> = {
    Games: formatNumber(g.games),
    [g.kind === 'puzzle' ? 'Solved' : 'Wins']: `${formatNumber(g.wins)} (${pct})`,
  };
  if (g.bestScore !== undefined) out['Best score'] = formatNumber(g.bestScore);
  if (g.medianScore !== undefined) out['Median score'] = formatNumber(Math.round(g.medianScore));
  if (g.bestTimeMs !== undefined) out.Fastest = formatSolveTime(g.bestTimeMs);
  if (g.fewestMoves !== undefined) out['Fewest moves'] = formatNumber(g.fewestMoves);
  if (g.kind !== 'puzzle') out['Win streak'] = `${g.streak} (longest ${g.longestStreak})`;
  return out;
}

/** Every group's figures as the page shows them. */
async function shownFigures(page: Page): Promise<Record<string, Record<string, string>>> {
  return page.$$eval('.stats-group[data-group]', (els) =>
    Object.fromEntries(
      els.map((el) => {
        const figures: Record<string, string> = {};
        for (const dt of el.querySelectorAll('dl.stats-figures dt')) {
          figures[dt.textContent!] = dt.nextElementSibling!.textContent!;
        }
        return [(el as HTMLElement).dataset.group!, figures];
      }),
    ),
  );
}

/** Checks that the Statistics screen shows what the terminal would for `entries`. */
async function expectStatsOf(page: Page, entries: readonly HistoryEntry[]): Promise<void> {
  const summary = summarize(historyOf(entries));
  await expect
    .poll(() => page.textContent('[data-testid=stats-total]'), LONG)
    .toBe(
      `${formatNumber(summary.games)} game${summary.games === 1 ? '' : 's'} · ${formatNumber(summary.wins)} won`,
    );
  const shown = await shownFigures(page);
  expect(Object.keys(shown).sort()).toEqual(summary.groups.map(keyOf).sort());
  for (const g of summary.groups)
    expect.soft(shown[keyOf(g)], keyOf(g)).toMatchObject(figuresOf(g));
}

async function openStats(page: Page, url: string): Promise<void> {
  await page.goto(`${url}#stats`);
  await page.waitForSelector('.screen-stats');
}

const localHistoryText = (page: Page) => page.evaluate((k) => localStorage.getItem(k), HISTORY_KEY);

const pendingKeys = (page: Page) =>
  page.evaluate(
    (prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix)),
    PENDING_PREFIX,
  );

/** A 2048 game played to its end with a rotating order of moves, and its keys. */
function playedOut(size: number, seed: number): { game: Game; beforeLast: Game; keys: string[] } {
  let game = newGame({ size, target: 2048, seed });
  let beforeLast = game;
  const keys: string[] = [];
  for (let i = 0; !game.over; i++) {
    const order = [...DIRS.slice(i % 4), ...DIRS.slice(0, i % 4)];
    const dir = order.find((d) => slideValid(game.cells, d).moved)!;
    keys.push(KEY[dir]);
    beforeLast = game;
    game = play(game, dir);
  }
  return { game, beforeLast, keys };
}

/** Opens a 2048 game of `size`, seeded, from the home screen. */
async function start2048(page: Page, url: string, size: number, seed: number): Promise<void> {
  await page.goto(`${url}?seed=${seed}`);
  await page.selectOption('[data-testid=size-2048]', String(size));
  await page.click('button[data-play="2048"]');
  await expect.poll(() => readTiles(page, size)).toEqual(newGame({ size, seed }).cells);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

async function expectGameOver(page: Page, game: Game): Promise<void> {
  await expect.poll(() => page.locator('.overlay-over h2').textContent(), LONG).toBe('Game over');
  await expect.poll(() => readTiles(page, game.size)).toEqual(game.cells);
}

/** The entry the page records for a 2048 game (its date and code are the page's). */
const expected2048 = (g: Game) => ({
  kind: '2048',
  size: g.size,
  score: g.score,
  moves: g.moves,
  maxTile: maxTile(g.cells),
  won: false,
  assisted: false,
});

describe.skipIf(reason !== null)('the web game history in Chromium', () => {
  let browser: Browser;
  let site: Site;

  useBrowser((b, s) => {
    browser = b;
    site = s;
  });

  it('moves the local-storage history in once, with every share code, and never twice', async () => {
    // An old history past 1,000 games (30 in its totals) that kept every code.
    const entries = madeUpGames(1030, 5);
    const old = historyOf(entries);
    const text = JSON.stringify(serializeHistory(old));
    const { context, page, errors } = await openPage(browser);
    await seedStorage(page, { [HISTORY_KEY]: text });
    await openStats(page, site.url);
    await expectStatsOf(page, entries);
    expect(await page.textContent('[data-testid=notice]')).toBe('');
    expect(await localHistoryText(page)).toBeNull();
    const stored = await readHistoryDb(page);
    const kept = stored!.games.map((g) => (g.value as { entry: HistoryEntry }).entry);
    expect(kept).toEqual(old.entries);
    expect(kept.every((e, i) => e.code === old.entries[i]!.code)).toBe(true);
    expect(readTotalsRecord(stored!.totals)).toEqual({ rolledUp: old.rolledUp, damaged: false });

    // Reloaded: the same games, not doubled.
    await page.reload();
    await expectStatsOf(page, entries);
    expect(await storedEntries(page)).toHaveLength(old.entries.length);

    // The tab closed after the move but before the key was removed: the key is back, the
    // next visit only removes it.
    await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [HISTORY_KEY, text]);
    await page.reload();
    await expectStatsOf(page, entries);
    expect(await storedEntries(page)).toHaveLength(old.entries.length);
    expect(await localHistoryText(page)).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the newest 1,000 of 1,050 games with their codes, the 50 oldest in totals as the terminal folds them', async () => {
    const entries = madeUpGames(1050, 9);
    const { context, page, errors } = await openPage(browser);
    await openStats(page, site.url);
    await expect.poll(() => page.textContent('.stats-empty')).toMatch(/^No finished games yet/);
    // 1,000 games in the database, as the app writes them, and 50 more waiting in local
    // storage as the app leaves a game that has just ended.
    await writeHistoryDb(page, entries.slice(0, 1000).map(gameRecord));
    await page.evaluate((items) => {
      for (const [k, v] of items) localStorage.setItem(k, v);
    }, entries.slice(1000).map(pendingItem));
    await page.reload();
    await expectStatsOf(page, entries);
    expect(await pendingKeys(page)).toEqual([]);

    const terminal = historyOf(entries);
    const stored = await readHistoryDb(page);
    const kept = stored!.games.map((g) => (g.value as { entry: HistoryEntry }).entry);
    expect(kept).toHaveLength(1000);
    expect(kept).toEqual(terminal.entries);
    expect(kept.every((e) => e.code !== undefined)).toBe(true);
    expect(readTotalsRecord(stored!.totals)).toEqual({
      rolledUp: terminal.rolledUp,
      damaged: false,
    });
    expect(terminal.rolledUp.reduce((n, t) => n + t.games, 0)).toBe(50);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps both games when two tabs finish one at the same moment', async () => {
    const a = playedOut(3, 3131);
    const b = playedOut(4, 4242);
    expect(maxTile(b.game.cells)).toBeLessThan(2048);
    const { context, page, errors } = await openPage(browser);
    const second = await context.newPage();
    await start2048(page, site.url, 3, 3131);
    await start2048(second, site.url, 4, 4242);
    // Every move but the last in each tab, then both last moves at once.
    for (const k of a.keys.slice(0, -1)) await page.keyboard.press(k);
    for (const k of b.keys.slice(0, -1)) await second.keyboard.press(k);
    await expect.poll(() => readTiles(page, 3), LONG).toEqual(a.beforeLast.cells);
    await expect.poll(() => readTiles(second, 4), LONG).toEqual(b.beforeLast.cells);
    await Promise.all([page.keyboard.press(a.keys.at(-1)!), second.keyboard.press(b.keys.at(-1)!)]);
    await Promise.all([expectGameOver(page, a.game), expectGameOver(second, b.game)]);

    await expect.poll(async () => (await storedEntries(page)).length, LONG).toBe(2);
    const stored = await storedEntries(page);
    expect(stored.map((e) => e.size).sort()).toEqual([3, 4]);
    expect(stored.find((e) => e.size === 3)).toMatchObject(expected2048(a.game));
    expect(stored.find((e) => e.size === 4)).toMatchObject(expected2048(b.game));
    expect(stored.every((e) => e.code !== undefined)).toBe(true);
    await expect.poll(() => pendingKeys(page)).toEqual([]);
    await openStats(second, site.url);
    await expectStatsOf(second, stored);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('removes damaged records with one sentence; the rest is shown and the app goes on', async () => {
    const entries = madeUpGames(8, 13);
    const { context, page, errors } = await openPage(browser);
    await openStats(page, site.url);
    await expect.poll(() => page.textContent('.stats-empty')).toMatch(/^No finished games yet/);
    const junk = [
      'just a string',
      { id: 'x1', entry: { kind: 'chess', size: 4 } },
      { entry: entries[0] },
      { id: 'x2', entry: { ...entries[1], size: 42 } },
    ];
    const records = [
      ...entries.slice(0, 4).map(gameRecord),
      ...junk,
      ...entries.slice(4).map(gameRecord),
    ];
    await writeHistoryDb(page, records, {
      kind: 'slidebox/history-totals',
      version: 1,
      rolledUp: 'junk',
    });
    await page.reload();
    await expect
      .poll(() => page.textContent('[data-testid=notice]'), LONG)
      .toBe(damageNotice(junk.length, true));
    await expectStatsOf(page, entries);
    const stored = await readHistoryDb(page);
    expect(stored!.games).toHaveLength(entries.length);
    expect(stored!.totals).toBeUndefined();

    // Said once: the next visit reads a clean history.
    await page.reload();
    await expectStatsOf(page, entries);
    expect(await page.textContent('[data-testid=notice]')).toBe('');
    // The games go on.
    await page.click('[data-action=menu]');
    await page.click('button[data-play="2048"]');
    await page.waitForSelector('.board-2048 .tile');
    expect(errors).toEqual([]);
    await context.close();
  });

  const broken = {
    'no IndexedDB at all': () => Object.defineProperty(window, 'indexedDB', { value: undefined }),
    'IndexedDB refusing to open': () => {
      IDBFactory.prototype.open = () => {
        throw new DOMException('refused', 'SecurityError');
      };
    },
    'a full database': () => {
      IDBObjectStore.prototype.add = () => {
        throw new DOMException('full', 'QuotaExceededError');
      };
    },
  } as const;

  for (const [name, breakIt] of Object.entries(broken)) {
    it(`with ${name}, keeps games in local storage and says so once`, async () => {
      const seed = 700 + name.length;
      const { game, keys } = playedOut(3, seed);
      const { context, page, errors } = await openPage(browser);
      await page.addInitScript(breakIt);
      // An old history is there already: it stays where it is, and shows too.
      const old = madeUpGames(3, 21);
      await seedStorage(page, { [HISTORY_KEY]: JSON.stringify(serializeHistory(historyOf(old))) });
      await start2048(page, site.url, 3, seed);
      for (const k of keys) await page.keyboard.press(k);
      await expectGameOver(page, game);
      const sentence = fallbackNotice(name === 'a full database' ? 'full' : 'unavailable');
      // The sentence is said at once, and shown on the home screen.
      await page.click('[data-action=menu]');
      await expect
        .poll(() => page.textContent('[data-testid=home-notice]'), LONG)
        .toContain(sentence);
      const text = await localHistoryText(page);
      const kept = loadHistory({ getItem: () => text, setItem: () => {}, removeItem: () => {} });
      expect(kept.value.entries.slice(0, old.length)).toEqual(old);
      expect(kept.value.entries.at(-1)).toMatchObject(expected2048(game));
      expect(kept.value.entries.at(-1)!.code).toBeDefined();
      expect(await pendingKeys(page)).toEqual([]);
      await page.click('[data-testid=open-stats]');
      await expectStatsOf(page, kept.value.entries);
      // Once a visit: not again on the Statistics screen.
      expect(await page.textContent('[data-testid=notice]')).toBe('');
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('a game whose tab closes before the database answers is added on the next visit', async () => {
    const { game, keys } = playedOut(3, 8080);
    const { context, page, errors } = await openPage(browser);
    // The database never answers in this tab (its open request never fires).
    await page.addInitScript(() => {
      IDBFactory.prototype.open = () => ({}) as IDBOpenDBRequest;
    });
    await start2048(page, site.url, 3, 8080);
    for (const k of keys) await page.keyboard.press(k);
    await expectGameOver(page, game);
    // The game waits in local storage under its own key; the tab closes.
    await expect.poll(() => pendingKeys(page)).toHaveLength(1);
    await page.close();
    const next = await context.newPage();
    await openStats(next, site.url);
    await expectStatsOf(next, await storedEntries(next));
    const stored = await storedEntries(next);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject(expected2048(game));
    expect(await pendingKeys(next)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
