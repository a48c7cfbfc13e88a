/**
 * The daily challenge in the real web build, in Debian's Chromium, on days set by Playwright's
 * clock: the home screen's Daily card, the day's 2048 game and 15-puzzle (the boards the engine
 * deals from the day's seeds), the first game to end counting (a new game after a move ends the
 * attempt; later games are practice), the puzzle given up, the streak over days played, skipped
 * and not yet played, and the card's Share button (the result line with a link that replays the
 * counted game). The same day gives the same boards in separate browsers.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Game, maxTile, newGame, play, slideValid } from '../../src/engine/game2048.ts';
import { movableTiles, moveTile, newPuzzle } from '../../src/engine/puzzle.ts';
import { decodeShared } from '../../src/engine/shareCode.ts';
import type { Direction } from '../../src/engine/types.ts';
import { dailySeed } from '../../src/front/daily.ts';
import { formatTime } from '../../src/front/format.ts';
import {
  chromiumOrSkip,
  openPage,
  pressOnPage,
  readClipboard,
  readPuzzle,
  readTiles,
  type Site,
  useBrowser,
} from './webHarness.ts';

const reason = chromiumOrSkip('web daily challenge');

const DIRS: readonly Direction[] = ['left', 'down', 'right', 'up'];
const KEY: Readonly<Record<Direction, string>> = {
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
};
const LONG = { timeout: 10_000 };
const fmt = (n: number) => n.toLocaleString('en-US');
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Mid-morning UTC of a day. */
const at = (day: string) => new Date(`${day}T10:00:00Z`);

const day2048 = (day: string) => newGame({ size: 4, target: 2048, seed: dailySeed(day, '2048') });
const dayPuzzle = (day: string) => newPuzzle({ width: 4, seed: dailySeed(day, 'puzzle') });

const readPuzzleTiles = async (page: Page) =>
  (await readPuzzle(page, 4)).map((t) => (t === -1 ? 0 : t));

const text = (page: Page, testid: string) => page.textContent(`[data-testid=${testid}]`);

/** The daily results kept with the records. */
async function dailyTable(page: Page): Promise<Record<string, Record<string, unknown>>> {
  const raw = await page.evaluate(() => localStorage.getItem('slidebox:bests'));
  return (
    (JSON.parse(raw ?? '{}') as { daily?: Record<string, Record<string, unknown>> }).daily ?? {}
  );
}

/** A new context whose clock reads `day`, mid-morning UTC, and may use the clipboard. */
async function dayContext(
  browser: Browser,
  origin: string,
  day: string,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await openPage(browser);
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await opened.context.clock.install({ time: at(day) });
  return opened;
}

/** The home screen's Daily card reads `day`, with these lines and streak. */
async function expectCard(
  page: Page,
  day: string,
  want: { line2048: string | RegExp; linePuzzle: string | RegExp; streak: string },
): Promise<void> {
  await page.waitForSelector('.screen-home');
  await expect.poll(() => text(page, 'daily')).toContain(`(${day}, UTC)`);
  const match = (v: string | null, w: string | RegExp) =>
    typeof w === 'string' ? expect(v).toBe(w) : expect(v).toMatch(w);
  match(await text(page, 'daily-line-2048'), want.line2048);
  match(await text(page, 'daily-line-puzzle'), want.linePuzzle);
  expect(await text(page, 'daily-streak')).toBe(want.streak);
}

/** Plays `n` moves by keys on the page and the engine (each the first of DIRS that moves). */
async function playMoves(page: Page, start: Game, n: number): Promise<Game> {
  let g = start;
  for (let i = 0; i < n; i++) {
    const dir = DIRS.find((d) => slideValid(g.cells, d).moved)!;
    await pressOnPage(page, KEY[dir]);
    g = play(g, dir);
  }
  await expect.poll(() => readTiles(page, 4)).toEqual(g.cells);
  return g;
}

/** n, then y once the dialog asks: a new game, ending the one on screen. */
async function newGameConfirmed(page: Page): Promise<void> {
  await pressOnPage(page, 'n');
  await page.waitForSelector('.overlay-confirm');
  await page.keyboard.press('y');
  await expect.poll(() => page.locator('.overlay-confirm').count()).toBe(0);
}

describe.skipIf(reason !== null)('web daily challenge in Chromium', () => {
  let browser: Browser;
  let site: Site;

  useBrowser((b, s) => {
    browser = b;
    site = s;
  });

  it('counts the first 2048 game to end, then practice; the streak over days; Share; the puzzle given up', async () => {
    const origin = new URL(site.url).origin;
    const day1 = '2026-11-24';
    const { context, page, errors } = await dayContext(browser, origin, day1);
    await page.goto(site.url);
    await expectCard(page, day1, {
      line2048: '2048: not played yet today',
      linePuzzle: '15-puzzle: not played yet today',
      streak: 'Streak: 0 days (longest 0 days)',
    });
    expect(await page.locator('[data-share-daily]').count()).toBe(0);

    // The day's 2048: the engine's board from the day's seed.
    await page.click('[data-testid=daily-2048]');
    await expect.poll(() => new URL(page.url()).hash).toBe('#daily-2048');
    const start = day2048(day1);
    await expect.poll(() => readTiles(page, 4)).toEqual(start.cells);
    await expect
      .poll(() => text(page, 'notice'))
      .toBe(`Daily 2048 · ${day1} · your first game to end counts.`);
    const attempt = await playMoves(page, start, 6);
    expect(attempt.score).toBeGreaterThan(0);
    // A new game after a move ends the attempt: it counts.
    await newGameConfirmed(page);
    const line = `slidebox daily ${day1} · 2048 · ${fmt(attempt.score)} points · largest ${fmt(maxTile(attempt.cells))}`;
    await expect.poll(() => text(page, 'notice')).toBe(`Counted for today: ${line}`);
    // The new game is the day's board again.
    await expect.poll(() => readTiles(page, 4)).toEqual(start.cells);
    const counted = (await dailyTable(page))[day1]?.['2048'] as Record<string, unknown>;
    expect(counted).toMatchObject({
      score: attempt.score,
      maxTile: maxTile(attempt.cells),
      moves: attempt.moves,
      won: false,
      assisted: false,
    });
    const shared = decodeShared(counted.code as string);
    const dirs: Direction[] = [];
    for (let g: Game | null = attempt; g?.last; g = g.previous) dirs.unshift(g.last.direction);
    expect(shared.ok && shared.value.game).toEqual({
      kind: '2048',
      size: 4,
      target: 2048,
      seed: dailySeed(day1, '2048'),
      evil: false,
      moves: dirs,
    });

    // A second game that ends is practice: the day's result stays the first.
    await playMoves(page, start, 2);
    await newGameConfirmed(page);
    await expect.poll(() => readTiles(page, 4)).toEqual(start.cells);
    expect(await text(page, 'notice')).not.toMatch(/^Counted/);
    expect((await dailyTable(page))[day1]?.['2048']).toEqual(counted);

    // The card shows the result and the streak; its Share copies the line and a replay link.
    await page.click('[data-action=menu]');
    await expectCard(page, day1, {
      line2048: line,
      linePuzzle: '15-puzzle: not played yet today',
      streak: 'Streak: 1 day (longest 1 day)',
    });
    expect(await text(page, 'daily-2048')).toMatch(/^Practice/);
    await page.click('[data-share-daily="2048"]');
    await expect.poll(() => text(page, 'home-notice')).toBe('Result copied.');
    const copied = await readClipboard(page);
    const [copiedLine, link, ...rest] = copied.split('\n');
    expect(copiedLine).toBe(line);
    expect(rest).toEqual([]);
    expect(link).toBe(`${site.url}#replay=${counted.code}`);
    const watch = await context.newPage();
    await watch.goto(link!);
    await expect
      .poll(() => watch.textContent('[data-testid=replay-position]'), LONG)
      .toMatch(new RegExp(`of ${attempt.moves}$`));
    await pressOnPage(watch, 'End');
    await expect.poll(() => readTiles(watch, 4)).toEqual(attempt.cells);
    await watch.close();
    // Back on the day's game: practice, and it says so.
    await page.click('[data-testid=daily-2048]');
    await expect
      .poll(() => text(page, 'notice'))
      .toBe(`Today's 2048 already counted (${line}): this game is practice.`);

    // The next day: yesterday's streak stands until today is played.
    const day2 = '2026-11-25';
    await context.clock.setSystemTime(at(day2));
    await page.goto(`${site.url}?day=2`);
    await expectCard(page, day2, {
      line2048: '2048: not played yet today',
      linePuzzle: '15-puzzle: not played yet today',
      streak: 'Streak: 1 day (longest 1 day)',
    });
    // The day's puzzle: one move, a minute and five seconds, then given up.
    await page.click('[data-testid=daily-puzzle]');
    const puzzle = dayPuzzle(day2);
    await expect.poll(() => readPuzzleTiles(page)).toEqual(puzzle.tiles);
    await expect
      .poll(() => text(page, 'notice'))
      .toBe(`Daily 15-puzzle · ${day2} · your first game to end counts.`);
    const tile = movableTiles(puzzle).find((t) => moveTile(puzzle, t).moves === 1)!;
    await page.click(`.ptile[data-tile="${tile}"]`);
    await expect.poll(() => readPuzzleTiles(page)).toEqual(moveTile(puzzle, tile).tiles);
    await context.clock.fastForward('01:05');
    await newGameConfirmed(page);
    const given = (await dailyTable(page))[day2]?.puzzle as { timeMs: number } | undefined;
    expect(given).toMatchObject({ moves: 1, won: false, assisted: false });
    // The clock ran from the move: at least the minute and five seconds skipped.
    expect(given!.timeMs).toBeGreaterThanOrEqual(65_000);
    expect(given!.timeMs).toBeLessThan(65_000 + 30_000);
    const puzzleLine = new RegExp(
      `^${esc(`slidebox daily ${day2} · 15-puzzle · 1`)} moves? · ${esc(formatTime(given!.timeMs))} · given up$`,
    );
    await expect.poll(() => text(page, 'notice')).toMatch(/^Counted for today: /);
    expect((await text(page, 'notice'))!.replace('Counted for today: ', '')).toMatch(puzzleLine);
    await expect.poll(() => readPuzzleTiles(page)).toEqual(puzzle.tiles);
    await page.click('[data-action=menu]');
    await expectCard(page, day2, {
      line2048: '2048: not played yet today',
      linePuzzle: puzzleLine,
      streak: 'Streak: 2 days (longest 2 days)',
    });
    // The puzzle's Share copies its line (and a link, if one came with it, to the day's puzzle).
    await page.click('[data-share-daily="puzzle"]');
    await expect.poll(() => text(page, 'home-notice')).toBe('Result copied.');
    const [pLine, pLink, ...pRest] = (await readClipboard(page)).split('\n');
    expect(pLine).toMatch(puzzleLine);
    expect(pRest).toEqual([]);
    if (pLink !== undefined) {
      const d = decodeShared(decodeURIComponent(pLink.slice(pLink.indexOf('#replay=') + 8)));
      expect(d.ok && d.value.game).toMatchObject({
        kind: 'puzzle',
        seed: dailySeed(day2, 'puzzle'),
      });
    }

    // A day skipped: the streak is broken; the longest is remembered.
    const day4 = '2026-11-27';
    await context.clock.setSystemTime(at(day4));
    await page.goto(`${site.url}?day=4`);
    await expectCard(page, day4, {
      line2048: '2048: not played yet today',
      linePuzzle: '15-puzzle: not played yet today',
      streak: 'Streak: 0 days (longest 2 days)',
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('deals the same boards to every browser on the same day, and new ones the next day', async () => {
    const origin = new URL(site.url).origin;
    const day = '2026-12-31';
    const next = '2027-01-01';
    const start = day2048(day);
    const puzzle = dayPuzzle(day);
    // The engine's boards for two days differ: the page must follow the day.
    expect(day2048(next).cells).not.toEqual(start.cells);
    expect(dayPuzzle(next).tiles).not.toEqual(puzzle.tiles);
    const seen: { cells: number[][]; tiles: number[] }[] = [];
    for (const [time, want] of [
      [day, { cells: start.cells, tiles: puzzle.tiles }],
      [day, { cells: start.cells, tiles: puzzle.tiles }],
      [next, { cells: day2048(next).cells, tiles: dayPuzzle(next).tiles }],
    ] as const) {
      const { context, page, errors } = await dayContext(browser, origin, time);
      // A late hour of the day, the last before midnight UTC, is still that day.
      await context.clock.setSystemTime(new Date(`${time}T23:59:00Z`));
      await page.goto(`${site.url}#daily-2048`);
      await expect.poll(() => readTiles(page, 4)).toEqual(want.cells);
      const cells = await readTiles(page, 4);
      await page.goto(`${site.url}#daily-puzzle`);
      await expect.poll(() => readPuzzleTiles(page)).toEqual(want.tiles);
      seen.push({ cells, tiles: await readPuzzleTiles(page) });
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]).not.toEqual(seen[0]);
  });
});
