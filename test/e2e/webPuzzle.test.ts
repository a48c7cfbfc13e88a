/**
 * The sliding puzzle in the real web build, in Debian's Chromium: chosen from the home screen,
 * solved by clicks (moves from a breadth-first search in the test, then from the real solver's
 * hints in its worker), the win overlay's solve summary (time, moves, TPS, the optimal count that
 * comes after the solve) and the statistics' averages and recent solves with it and a DNF,
 * auto-solved to the win overlay on 3×3 and 4×4, the 15-puzzle's tables
 * built in the worker with progress and kept in IndexedDB (read back after a reload), solves
 * cancelled by undo and new game, records, picture mode, screenshots, and the app working
 * offline after the first visit. The hover control solves a puzzle by mouse moves alone; a relay
 * (3×3 then 4×4) is played from the home card to its end box and its best on Statistics, the
 * saved single puzzles left as they were.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGame, play } from '../../src/engine/game2048.ts';
import {
  moveTile,
  newPuzzle,
  type Puzzle,
  puzzleFromTiles,
  tileToward,
} from '../../src/engine/puzzle.ts';
import { DIRECTIONS } from '../../src/engine/types.ts';
import { solveOrThrow as solve } from '../../src/puzzle.ts';
import { solvePuzzle } from '../../src/solvers/puzzle/solve.ts';
import { fileCache } from '../../src/storage/fileCache.ts';
import { bfsDistances, encode } from '../../src/testutil/puzzleBfs.ts';
import { TEST_CACHE_DIR } from '../../src/testutil/testCache.ts';
import {
  ARROW,
  chromiumOrSkip,
  DESKTOP,
  openPage,
  PHONE,
  pressOnPage,
  readPuzzle,
  readTiles,
  type Site,
  screenshot,
  serveSite,
  useBrowser,
} from './webHarness.ts';
import { storedEntries } from './webHistoryDb.ts';

const reason = chromiumOrSkip('web puzzle');

const SEED = 1515;

/** The tiles to click to solve a 3×3 position, from exact distances. */
function solution(tiles: readonly number[]): number[] {
  const dist = bfsDistances(3, 3);
  const p = [...tiles];
  const out: number[] = [];
  let d = dist.get(encode(p))!;
  while (d > 0) {
    const b = p.indexOf(0);
    const around = [b - 3, b + 3, b % 3 > 0 ? b - 1 : -1, b % 3 < 2 ? b + 1 : -1];
    for (const m of around) {
      if (m < 0 || m > 8) continue;
      p[b] = p[m]!;
      p[m] = 0;
      if (dist.get(encode(p)) === d - 1) {
        out.push(p[b]!);
        d--;
        break;
      }
      p[m] = p[b]!;
      p[b] = 0;
    }
  }
  return out;
}

/**
 * The keys in the page's IndexedDB blob store (the solver's tables), with each value's length
 * when `sizes` (reading the values costs the main thread a while: not while measuring it).
 */
function storedTables(page: Page, sizes = false): Promise<Record<string, number>> {
  return page.evaluate(
    (withSizes) =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const read = () => {
          const req = indexedDB.open('slidebox');
          req.onsuccess = () => {
            const db = req.result;
            const done = (out: Record<string, number>) => {
              db.close();
              resolve(out);
            };
            if (!db.objectStoreNames.contains('blobs')) return done({});
            const store = db.transaction('blobs').objectStore('blobs');
            const out: Record<string, number> = {};
            if (!withSizes) {
              const keys = store.getAllKeys();
              keys.onsuccess = () => {
                for (const k of keys.result) out[String(k)] = -1;
                done(out);
              };
              keys.onerror = () => reject(keys.error);
              return;
            }
            const cursor = store.openCursor();
            cursor.onsuccess = () => {
              const c = cursor.result;
              if (!c) return done(out);
              out[String(c.key)] = (c.value as Uint8Array).length;
              c.continue();
            };
            cursor.onerror = () => reject(cursor.error);
          };
          req.onerror = () => reject(req.error);
        };
        // Look without creating the database (that is the worker's job).
        indexedDB.databases().then((dbs) => {
          if (dbs.some((d) => d.name === 'slidebox')) read();
          else resolve({});
        }, reject);
      }),
    sizes,
  );
}

/**
 * Starts recording, in the page: every text the solver status line shows, animation frames,
 * and main-thread long tasks.
 */
async function watchPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as {
      watch_: { statuses: string[]; frames: number; long: number[] };
    };
    const watch = { statuses: [] as string[], frames: 0, long: [] as number[] };
    w.watch_ = watch;
    const status = document.querySelector('[data-testid=solver-status]')!;
    new MutationObserver(() => {
      const t = status.textContent ?? '';
      if (t && watch.statuses.at(-1) !== t) watch.statuses.push(t);
    }).observe(status, { childList: true, characterData: true, subtree: true });
    const tick = () => {
      watch.frames++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) watch.long.push(e.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
}

function watched(page: Page): Promise<{ statuses: string[]; frames: number; long: number[] }> {
  return page.evaluate(
    () =>
      (window as unknown as { watch_: { statuses: string[]; frames: number; long: number[] } })
        .watch_,
  );
}

/** A solve time as the app writes it ("7.042", "1:02.350") in milliseconds. */
function solveMs(text: string): number {
  const parts = text.split(':').map(Number);
  const seconds = parts.reduce((t, x) => t * 60 + x, 0);
  return Math.round(seconds * 1000);
}

/** The centre of a cell of the n×n board on screen (the board's tiles and gaps: board.ts). */
async function cellCentre(page: Page, n: number, cell: number): Promise<{ x: number; y: number }> {
  const box = (await page.locator('[data-testid=board]').boundingBox())!;
  const gap = 0.12;
  const tile = box.width / (n + (n + 1) * gap);
  const at = (i: number) => tile * gap + i * tile * (1 + gap) + tile / 2;
  return { x: box.x + at(cell % n), y: box.y + at(Math.floor(cell / n)) };
}

/** The puzzle entries in the page's localStorage (the saved single puzzles). */
function savedPuzzles(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      Object.entries(localStorage).filter(([k]) => k.startsWith('slidebox:puzzle:')),
    ),
  );
}

/** Clicks the tiles in order, each checked against the engine's position after it. */
async function clickTiles(page: Page, from: Puzzle, tiles: readonly number[]): Promise<Puzzle> {
  let p = from;
  for (const t of tiles) {
    await page.click(`.ptile[data-tile="${t}"]`);
    p = moveTile(p, t);
  }
  await expect.poll(() => readPuzzle(page, p.width)).toEqual(p.tiles);
  return p;
}

async function choosePuzzle(page: Page, width: number, picture = 'none'): Promise<void> {
  await page.selectOption('[data-testid=size-puzzle]', String(width));
  await page.selectOption('[data-testid=picture]', picture);
  await page.click('button[data-play=puzzle]');
  await page.waitForSelector('.board-puzzle .ptile');
}

describe.skipIf(reason !== null)('web sliding puzzle in Chromium', () => {
  let browser: Browser;
  let site: Site;

  useBrowser((b, s) => {
    browser = b;
    site = s;
  });

  it('is solved by clicking tiles, shows the win overlay and keeps the record', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${site.url}?seed=${SEED}`);
    await choosePuzzle(page, 3);
    const start = newPuzzle({ width: 3, seed: SEED });
    await expect.poll(() => readPuzzle(page, 3)).toEqual(start.tiles);

    // A tile outside the blank's row and column does not move, and says why.
    const blank = start.tiles.indexOf(0);
    const stuck = start.tiles.find(
      (t, i) => t !== 0 && Math.floor(i / 3) !== Math.floor(blank / 3) && i % 3 !== blank % 3,
    )!;
    await page.click(`.ptile[data-tile="${stuck}"]`);
    await expect
      .poll(() => page.textContent('[data-testid=notice]'))
      .toMatch(/not in the (gap|blank)/);

    const clicks = solution(start.tiles);
    for (const t of clicks) await page.click(`.ptile[data-tile="${t}"]`);
    await expect.poll(() => page.locator('.overlay-won h2').textContent()).toBe('Solved!');
    await expect.poll(() => readPuzzle(page, 3)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
    expect(await page.textContent('[data-testid=moves]')).toBe(String(clicks.length));
    await expect(page.locator('.overlay-won p').textContent()).resolves.toMatch(/New record/);
    await screenshot(page, 'puzzle-solved-desktop');
    // The record is kept across a reload; the solved game stays solved.
    await page.reload();
    await expect
      .poll(() => page.textContent('[data-testid=best]'))
      .toMatch(new RegExp(`^${clicks.length} · `));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hovers: a resting mouse slides its tile once it can move, never back and forth', async () => {
    const { context, page, errors } = await openPage(browser);
    const seed = SEED + 31;
    await page.goto(`${site.url}?seed=${seed}`);
    await page.selectOption('[data-testid=puzzle-control]', 'hover');
    await page.check('[data-testid=puzzle-invert]');
    await choosePuzzle(page, 3);
    const start = newPuzzle({ width: 3, seed });
    await expect.poll(() => readPuzzle(page, 3)).toEqual(start.tiles);
    expect(await page.textContent('.keys-help')).toMatch(/arrows\/WASD\/hjkl move the gap/);
    // The arrow key that slides `tile` (inverted: the arrows move the gap).
    const keyFor = (p: Puzzle, tile: number) =>
      ARROW[DIRECTIONS.find((d) => tileToward(p, d, true) === tile)!];
    const settled = async (p: Puzzle) => {
      await page.waitForTimeout(300);
      expect(await readPuzzle(page, 3)).toEqual(p.tiles);
      expect(await page.textContent('[data-testid=moves]')).toBe(String(p.moves));
    };
    // The mouse rests on a tile diagonal to the gap: it cannot move.
    const g = start.tiles.indexOf(0);
    const col = g % 3 < 2 ? (g % 3) + 1 : (g % 3) - 1;
    const row = Math.floor(g / 3) < 2 ? Math.floor(g / 3) + 1 : Math.floor(g / 3) - 1;
    const x = start.tiles[row * 3 + col]!;
    const beside = start.tiles[Math.floor(g / 3) * 3 + col]!;
    const at = await cellCentre(page, 3, row * 3 + col);
    await page.mouse.move(at.x, at.y);
    await settled(start);
    // A key slides the tile beside the gap: the gap comes into the resting tile's column, and
    // the tile slides at once.
    await page.keyboard.press(keyFor(start, beside));
    const p2 = moveTile(moveTile(start, beside), x);
    await expect.poll(() => readPuzzle(page, 3)).toEqual(p2.tiles);
    await settled(p2);
    // A key slides it back under the still mouse: it stays there.
    await page.keyboard.press(keyFor(p2, x));
    const p3 = moveTile(p2, x);
    await settled(p3);
    // The mouse moves a little, still on it: now it slides.
    await page.mouse.move(at.x + 4, at.y + 3);
    const p4 = moveTile(p3, x);
    await expect.poll(() => readPuzzle(page, 3)).toEqual(p4.tiles);
    await settled(p4);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is solved by hovering alone: each tile slides as the mouse comes onto it; the choice is kept', async () => {
    const { context, page, errors } = await openPage(browser);
    const seed = SEED + 30;
    await page.goto(`${site.url}?seed=${seed}`);
    await page.selectOption('[data-testid=puzzle-control]', 'hover');
    await choosePuzzle(page, 3);
    const start = newPuzzle({ width: 3, seed });
    await expect.poll(() => readPuzzle(page, 3)).toEqual(start.tiles);
    // The keys line and the help say how tiles move.
    expect(await page.textContent('.keys-help')).toMatch(/^Hover: the tile under the mouse/);
    await pressOnPage(page, '?');
    await expect.poll(() => page.textContent('.overlay-help')).toMatch(/Hover: the tile under/);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.overlay-help').count()).toBe(0);
    // The repo's solver's solution, played by moving the mouse onto each tile: no click, no key.
    const plan = (await solvePuzzle([...start.tiles], 3)).moves;
    let p = start;
    for (const t of plan) {
      const at = await cellCentre(page, 3, p.tiles.indexOf(t));
      await page.mouse.move(at.x, at.y);
      p = moveTile(p, t);
      await expect.poll(() => readPuzzle(page, 3)).toEqual(p.tiles);
      expect(await page.textContent('[data-testid=moves]')).toBe(String(p.moves));
    }
    expect(p.solved).toBe(true);
    await expect.poll(() => page.locator('.overlay-won h2').textContent()).toBe('Solved!');
    // The mouse rests over the gap: nothing more moves.
    await page.waitForTimeout(300);
    expect(await page.textContent('[data-testid=moves]')).toBe(String(plan.length));
    // The solve is recorded: the best, the summary, the history.
    await expect
      .poll(() => page.textContent('[data-testid=best]'))
      .toMatch(new RegExp(`^${plan.length} · `));
    await expect(page.textContent('[data-testid=solve-summary]')).resolves.toMatch(
      new RegExp(`· ${plan.length} moves ·`),
    );
    await expect
      .poll(async () => (await storedEntries(page)).at(-1))
      .toMatchObject({ kind: 'puzzle', size: 3, moves: plan.length, won: true, assisted: false });
    // The control is kept across a reload.
    await page.click('button[data-action=menu]');
    await page.reload();
    expect(await page.inputValue('[data-testid=puzzle-control]')).toBe('hover');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('plays a relay 3×3 → 4×4 from the card: splits, a running total, the end box, its best; the saved puzzles untouched', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${site.url}?seed=${SEED + 40}`);
    // A single 3×3 with a move made, and a 4×4: both saved in the browser.
    await choosePuzzle(page, 3);
    const single = await readPuzzle(page, 3);
    const gap = single.indexOf(0);
    await page.click(`.ptile[data-tile="${single[gap % 3 < 2 ? gap + 1 : gap - 1]}"]`);
    await expect.poll(() => page.textContent('[data-testid=moves]')).toBe('1');
    await page.click('button[data-action=menu]');
    await choosePuzzle(page, 4);
    await page.click('button[data-action=menu]');
    const saved = await savedPuzzles(page);
    expect(Object.keys(saved).sort()).toEqual(['slidebox:puzzle:3', 'slidebox:puzzle:4']);

    await page.selectOption('[data-testid=relay-size]', '4');
    await page.click('[data-testid=play-relay]');
    await expect.poll(() => page.textContent('.screen-puzzle h1')).toBe('Relay 3×3 → 4×4');
    expect(await page.textContent('[data-testid=series-at]')).toBe('1 of 2');
    expect(await page.textContent('[data-testid=best]')).toBe('—');
    await expect.poll(() => page.locator('.board-puzzle .ptile').count()).toBe(9);
    const first = puzzleFromTiles(await readPuzzle(page, 3), 3);
    const plan1 = (await solvePuzzle([...first.tiles], 3)).moves;
    await clickTiles(page, first, plan1.slice(0, -1));
    await page.click(`.ptile[data-tile="${plan1.at(-1)}"]`);

    // Solved: the split is said, and the 4×4 is dealt with its clock running.
    await expect.poll(() => page.textContent('[data-testid=series-at]')).toBe('2 of 2');
    await expect.poll(() => page.locator('.board-puzzle .ptile').count()).toBe(16);
    const split = new RegExp(
      `^Split 1 of 2 · 3×3: [\\d.:]+ \\(${plan1.length} moves\\) · total [\\d.:]+`,
    );
    expect(await page.textContent('[data-testid=notice]')).toMatch(split);
    expect(await page.textContent('#live')).toMatch(split);
    expect(await page.textContent('#live')).toMatch(/New 4 by 4 puzzle\./);
    const total = await page.textContent('[data-testid=series-total]');
    await expect
      .poll(() => page.textContent('[data-testid=series-total]'), { timeout: 5000 })
      .not.toBe(total);
    await screenshot(page, 'puzzle-relay-desktop');

    const second = puzzleFromTiles(await readPuzzle(page, 4), 4);
    const plan2 = await solve([...second.tiles], 4, { optimal: false });
    await clickTiles(page, second, plan2.slice(0, -1));
    await page.click(`.ptile[data-tile="${plan2.at(-1)}"]`);
    await expect.poll(() => page.locator('.overlay-won h2').textContent()).toBe('Done!');
    const lines = await page.locator('[data-testid=series-summary] > div').allTextContents();
    const head = /^Relay 3×3 → 4×4: ([\d.:]+) · ([\d,]+) moves$/.exec(lines[0]!);
    expect(head, lines[0]).not.toBeNull();
    expect(Number(head![2]!.replace(/,/g, ''))).toBe(plan1.length + plan2.length);
    const splits = /^Splits ([\d.:]+) · ([\d.:]+)$/.exec(lines[1]!);
    expect(splits, lines[1]).not.toBeNull();
    expect(solveMs(splits![1]!) + solveMs(splits![2]!)).toBe(solveMs(head![1]!));
    expect(lines[2]).toBe('New best!');
    expect(await page.textContent('[data-testid=best]')).toBe(head![1]);
    expect(await page.textContent('[data-testid=series-total]')).toBe(head![1]);
    await screenshot(page, 'puzzle-relay-done-desktop');

    // Again: the relay starts over from its 3×3.
    await page.click('.overlay-won button[data-action=new]');
    await expect.poll(() => page.textContent('[data-testid=series-at]')).toBe('1 of 2');
    await expect.poll(() => page.locator('.board-puzzle .ptile').count()).toBe(9);

    // Statistics: the relay's best; no single solve of the relay is in the history.
    await page.click('button[data-action=menu]');
    await page.click('[data-testid=open-stats]');
    const rows = () =>
      page.$$eval('[data-testid=series-bests] tbody tr', (trs) =>
        trs.map((tr) => [...tr.children].map((c) => c.textContent!)),
      );
    await expect
      .poll(rows)
      .toEqual([['Relay 3×3 → 4×4', head![1], String(plan1.length + plan2.length)]]);
    expect(await storedEntries(page)).toEqual([]);
    // The saved single puzzles are as they were.
    expect(await savedPuzzles(page)).toEqual(saved);
    await page.click('button[data-action=menu]');
    await choosePuzzle(page, 3);
    expect(await page.textContent('[data-testid=moves]')).toBe('1');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sums the solve up, the optimal count coming after it, and the statistics show it; a DNF too', async () => {
    // No service worker (its cache would answer the worker's script), and the solver's worker
    // held back a few seconds: the puzzle is solved before its optimal count is known.
    const context = await browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    await context.route('**/solver.worker-*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 4000));
      await route.continue();
    });
    const seed = SEED + 20;
    await page.goto(`${site.url}?seed=${seed}`);
    await choosePuzzle(page, 3);
    const start = newPuzzle({ width: 3, seed });
    await expect.poll(() => readPuzzle(page, 3)).toEqual(start.tiles);
    // The optimal count, worked out here two ways: breadth-first and the repo's solver.
    const optimal = bfsDistances(3, 3).get(encode(start.tiles))!;
    expect((await solvePuzzle([...start.tiles], 3)).moves.length).toBe(optimal);
    // A tile slid out and back, then the shortest solution: two moves over the optimal.
    const b = start.tiles.indexOf(0);
    const aside = start.tiles[b % 3 < 2 ? b + 1 : b - 1]!;
    const clicks = [aside, aside, ...solution(start.tiles)];
    for (const t of clicks) await page.click(`.ptile[data-tile="${t}"]`);
    await expect.poll(() => page.locator('.overlay-won h2').textContent()).toBe('Solved!');
    const summary = page.locator('[data-testid=solve-summary] > div');
    await expect.poll(() => summary.allTextContents()).toContain('Optimal: being worked out…');
    const moves = clicks.length;
    const efficiency = Math.round((optimal / moves) * 100);
    await expect
      .poll(() => summary.nth(1).textContent(), { timeout: 30_000 })
      .toBe(`Optimal ${optimal} moves · efficiency ${efficiency}%`);
    const lines = await summary.allTextContents();
    const m = /^Time (\d+)\.(\d{3}) · (\d+) moves · (\d+\.\d{2}) TPS$/.exec(lines[0]!);
    expect(m, lines[0]).not.toBeNull();
    const timeMs = Number(m![1]) * 1000 + Number(m![2]);
    expect(Number(m![3])).toBe(moves);
    expect(m![4]).toBe((moves / (timeMs / 1000)).toFixed(2));
    expect(lines).toContain('New best: single!');
    await expect(page.locator('.overlay-won p').textContent()).resolves.toMatch(/New record/);
    await screenshot(page, 'puzzle-summary-desktop');

    // The history has the solve with its optimal count, added after the solve was.
    await expect
      .poll(async () => (await storedEntries(page)).at(-1)?.optimal, { timeout: 10_000 })
      .toBe(optimal);
    const solved = (await storedEntries(page)).at(-1)!;
    expect(solved).toMatchObject({ kind: 'puzzle', size: 3, moves, timeMs, won: true });
    const rows = (table: string) =>
      page.$$eval(`[data-testid=${table}] tbody tr:not([hidden])`, (trs) =>
        trs.map((tr) => [...tr.children].map((c) => c.textContent!)),
      );
    const time = `${m![1]}.${m![2]}`;
    const tps = m![4];
    await page.click('button[data-action=menu]');
    await page.click('[data-testid=open-stats]');
    await expect
      .poll(() => rows('puzzle-solves-3'))
      .toEqual([
        [solved.date.slice(0, 10), time, String(moves), tps, String(optimal), `${efficiency}%`, ''],
      ]);
    const averages = await rows('puzzle-averages-3');
    expect(averages.map((r) => r[0])).toEqual(['single', 'mo3', 'ao5', 'ao12', 'ao50', 'ao100']);
    expect(averages[0]).toEqual(['single', time, time, String(moves), String(moves), tps, tps]);
    for (const r of averages.slice(1)) expect(r.slice(1)).toEqual(Array(6).fill('–'));

    // A puzzle given up after one move is a DNF.
    await page.click('[data-action=menu]');
    await choosePuzzle(page, 3);
    await page.click('.overlay-won button[data-action=new]');
    await expect.poll(() => page.locator('.overlay-won').count()).toBe(0);
    const fresh = await readPuzzle(page, 3);
    const gap = fresh.indexOf(0);
    await page.click(`.ptile[data-tile="${fresh[gap % 3 < 2 ? gap + 1 : gap - 1]}"]`);
    await expect.poll(() => page.textContent('[data-testid=moves]')).toBe('1');
    await page.click('button[data-action=new]');
    await page.click('.overlay-confirm button[data-action=new-confirmed]');
    await expect.poll(() => page.textContent('[data-testid=moves]')).toBe('0');
    await page.click('button[data-action=menu]');
    await page.click('[data-testid=open-stats]');
    await expect.poll(async () => (await rows('puzzle-solves-3')).length).toBe(2);
    const [dnf] = await rows('puzzle-solves-3');
    expect(dnf!.slice(2)).toEqual(['1', '–', expect.any(String), '–', 'DNF']);
    const after = await rows('puzzle-averages-3');
    expect(after[0]!.slice(0, 3)).toEqual(['single', 'DNF', time]);
    expect(
      await page.textContent('.stats-group[data-group="puzzle:3"] dl.stats-figures'),
    ).toContain('Given up (DNF)1');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('slides a whole row with one click and by keyboard; undo; the timer runs', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${site.url}?seed=${SEED + 1}`);
    await choosePuzzle(page, 4);
    const start = newPuzzle({ width: 4, seed: SEED + 1 });
    await expect.poll(() => readPuzzle(page, 4)).toEqual(start.tiles);
    // The tile at the far end of the blank's row.
    const b = start.tiles.indexOf(0);
    const row = Math.floor(b / 4);
    const farCol = b % 4 < 2 ? 3 : 0;
    const far = start.tiles[row * 4 + farCol]!;
    await page.click(`.ptile[data-tile="${far}"]`);
    const slid = Math.abs(farCol - (b % 4));
    await expect.poll(() => page.textContent('[data-testid=moves]')).toBe(String(slid));
    const after = await readPuzzle(page, 4);
    expect(after[row * 4 + farCol]).toBe(0);
    await page.keyboard.press('u');
    await expect.poll(() => readPuzzle(page, 4)).toEqual(start.tiles);
    // Arrow keys move the tile next to the gap.
    await page.keyboard.press(b % 4 < 3 ? 'ArrowLeft' : 'ArrowRight');
    await expect.poll(() => page.textContent('[data-testid=moves]')).toBe('1');
    await expect
      .poll(() => page.textContent('[data-testid=time]'), { timeout: 5000 })
      .not.toBe('0:00');
    // While the page is hidden the clock stops: the time saved when it hides is the time it
    // resumes with, however long it stayed hidden.
    const savedMs = () =>
      page.evaluate(
        () => JSON.parse(localStorage.getItem('slidebox:puzzle:4')!).clock.elapsedMs as number,
      );
    const setVisibility = (state: 'hidden' | 'visible') =>
      page.evaluate((st) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => st });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await setVisibility('hidden');
    const hiddenAt = await savedMs();
    await page.waitForTimeout(1500);
    await setVisibility('visible');
    // A move saves the game with the time on the clock now: the hidden 1.5 s are not in it.
    await page.keyboard.press('u');
    await expect.poll(() => page.textContent('[data-testid=moves]')).toBe('0');
    const resumed = await savedMs();
    expect(resumed).toBeGreaterThanOrEqual(hiddenAt);
    expect(resumed - hiddenAt).toBeLessThan(1000);
    await screenshot(page, 'puzzle-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps one puzzle across two tabs: each continues from the other’s last move', async () => {
    const { context, page: first, errors } = await openPage(browser);
    await first.goto(`${site.url}?seed=${SEED + 7}`);
    await choosePuzzle(first, 4);
    const start = newPuzzle({ width: 4, seed: SEED + 7 });
    await expect.poll(() => readPuzzle(first, 4)).toEqual(start.tiles);
    const second = await context.newPage();
    second.on('pageerror', (e) => errors.push(`pageerror (second tab): ${e.message}`));
    await second.goto(`${site.url}#puzzle`);
    await expect.poll(() => readPuzzle(second, 4)).toEqual(start.tiles);
    const same = async (moves: number) => {
      const tiles = await readPuzzle(first, 4);
      await expect.poll(() => readPuzzle(second, 4)).toEqual(tiles);
      for (const page of [first, second]) {
        await expect.poll(() => page.textContent('[data-testid=moves]')).toBe(String(moves));
      }
    };
    // A tile next to the blank, clicked in the first tab, moves in the second too.
    const b = start.tiles.indexOf(0);
    await first.click(`.ptile[data-tile="${start.tiles[b % 4 < 3 ? b + 1 : b - 1]}"]`);
    await same(1);
    await expect
      .poll(() => second.textContent('#live'))
      .toMatch(/^This game was played in another tab/);
    // A key in the second tab carries on from there, and shows up in the first.
    await second.keyboard.press(Math.floor(b / 4) < 3 ? 'ArrowUp' : 'ArrowDown');
    await expect.poll(() => second.textContent('[data-testid=moves]')).toBe('2');
    await same(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes hints from the solver worker until solved in the fewest moves, then auto-solves', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${site.url}?seed=${SEED + 2}`);
    await choosePuzzle(page, 3);
    const start = newPuzzle({ width: 3, seed: SEED + 2 });
    await expect.poll(() => readPuzzle(page, 3)).toEqual(start.tiles);
    await page.keyboard.press('i');
    let clicks = 0;
    while (!(await page.locator('.overlay-won').count())) {
      const hinted = page.locator('.ptile.hinted');
      await hinted.waitFor({ timeout: 30_000 });
      const moves = await page.textContent('[data-testid=moves]');
      await hinted.click();
      clicks++;
      // One click at a time: the next hint is for the position after this move.
      await expect.poll(() => page.textContent('[data-testid=moves]')).not.toBe(moves);
      expect(clicks).toBeLessThan(40);
    }
    // The solver is optimal on 3×3: exactly the breadth-first distance.
    expect(clicks).toBe(bfsDistances(3, 3).get(encode(start.tiles)));
    // With help, no record: the overlay's summary says so.
    await expect(page.textContent('[data-testid=solve-summary]')).resolves.toMatch(
      /The solver helped: not counted in averages or records\./,
    );
    // 3×3 needs no tables: nothing is stored.
    expect(await storedTables(page)).toEqual({});
    // Auto-solve a new puzzle.
    await page.click('.overlay-won button[data-action=new]');
    await expect.poll(() => page.locator('.overlay-won').count()).toBe(0);
    await page.keyboard.press('p');
    await expect
      .poll(() => page.getAttribute('button[data-action=auto-solve]', 'aria-pressed'))
      .toBe('true');
    await expect.poll(() => page.locator('.overlay-won').count(), { timeout: 30_000 }).toBe(1);
    await expect(page.textContent('[data-testid=solve-summary]')).resolves.toMatch(
      /The solver helped/,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  describe('the 15-puzzle’s tables: built in the worker, kept in IndexedDB', () => {
    // One browser context for both tests: the second reloads the page the first left, with
    // the tables the first built in its IndexedDB.
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    const seed = SEED + 10;

    beforeAll(async () => {
      ({ context, page, errors } = await openPage(browser));
    });
    afterAll(async () => {
      await context?.close();
    });

    it('shows progress while building; a cancelled solve leaves the page responsive; a hint comes', async () => {
      await page.goto(`${site.url}?seed=${seed}`);
      await choosePuzzle(page, 4);
      const start = newPuzzle({ width: 4, seed });
      await expect.poll(() => readPuzzle(page, 4)).toEqual(start.tiles);
      await watchPage(page);
      expect(await storedTables(page)).toEqual({});
      // A database of the app's name without the blob store (as an older build, or a script
      // that only looked, could leave): the worker adds the store rather than cache nothing.
      await page.evaluate(
        () =>
          new Promise<void>((resolve, reject) => {
            const req = indexedDB.open('slidebox', 1);
            req.onsuccess = () => {
              req.result.close();
              resolve();
            };
            req.onerror = () => reject(req.error);
          }),
      );
      const t0 = Date.now();

      // A move, then Solve: the tables start building, with progress shown.
      await page.locator('.ptile.movable').first().click();
      await expect.poll(() => page.textContent('[data-testid=moves]')).toBe('1');
      await page.keyboard.press('p');
      await expect
        .poll(() => page.textContent('[data-testid=solver-status]'), { timeout: 10_000 })
        .toMatch(/^Building tables… \d+%$/);
      expect(await page.locator('.solver-line progress').isVisible()).toBe(true);
      await screenshot(page, 'puzzle-4x4-building-desktop');

      // Undo during the solve: it is cancelled, and the page answers at once.
      await page.keyboard.press('u');
      await expect.poll(() => readPuzzle(page, 4)).toEqual(start.tiles);
      await expect.poll(() => page.textContent('[data-testid=solver-status]')).toBe('');
      expect(await page.getAttribute('button[data-action=auto-solve]', 'aria-pressed')).toBe(
        'false',
      );
      await page.locator('.ptile.movable').first().click();
      await expect.poll(() => page.textContent('[data-testid=moves]')).toBe('1');

      // Solve again (it joins the build under way), then New puzzle: cancelled too.
      await page.keyboard.press('p');
      await expect
        .poll(() => page.textContent('[data-testid=solver-status]'), { timeout: 10_000 })
        .toMatch(/^Building tables… \d+%$/);
      await page.keyboard.press('n');
      await expect.poll(() => page.locator('.overlay-confirm').count()).toBe(1);
      await expect.poll(() => page.textContent('[data-testid=solver-status]')).toBe('');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('.overlay-confirm').count()).toBe(0);
      const position = await readPuzzle(page, 4);
      expect(position).not.toEqual(start.tiles);

      // A hint comes while the tables are still being built (the fast solver answers after
      // the optimal search's time limit), and it names a tile that can move.
      await page.keyboard.press('i');
      await page.locator('.ptile.hinted').waitFor({ timeout: 30_000 });
      expect(await page.locator('.ptile.hinted.movable').count()).toBe(1);

      // The build goes on in the worker until all three tables are in IndexedDB.
      await expect
        .poll(async () => Object.keys(await storedTables(page)).length, {
          timeout: 150_000,
          interval: 500,
        })
        .toBe(3);
      const seconds = (Date.now() - t0) / 1000;
      const w = await watched(page);
      const sizes = await storedTables(page, true);
      console.info(
        `4x4 tables built and stored in the browser in ${seconds.toFixed(1)} s: ${JSON.stringify(sizes)}`,
      );
      expect(Object.values(sizes).every((n) => n > 3000)).toBe(true);
      // Progress rose in whole percents while building.
      const percents = w.statuses
        .map((t) => /^Building tables… (\d+)%$/.exec(t)?.[1])
        .filter((x): x is string => x !== undefined)
        .map(Number);
      expect(percents.length).toBeGreaterThan(2);
      expect(percents.every((p, i) => i === 0 || p >= percents[i - 1]!)).toBe(true);
      console.info(
        `while building: ${w.frames} frames, main-thread long tasks (ms): ${JSON.stringify(w.long)}`,
      );
      // The build kept to its worker: frames kept coming. Long tasks are printed above, not
      // asserted: their length depends on the machine's load.
      expect(w.frames).toBeGreaterThan(10);

      // The hint came from the fast solver while the tables were built; now that they are
      // ready it is replaced by an optimal one: one move less to go after the hinted tile.
      const here = await readPuzzle(page, 4);
      const store = fileCache(TEST_CACHE_DIR);
      const distance = async (tiles: readonly number[]) =>
        (await solvePuzzle([...tiles], 4, { store })).moves.length;
      const togo = await distance(here);
      const hintedDistance = async () => {
        const tile = Number(await page.getAttribute('.ptile.hinted', 'data-tile'));
        return distance(moveTile(puzzleFromTiles(here, 4), tile).tiles);
      };
      await expect.poll(hintedDistance, { timeout: 30_000, interval: 500 }).toBe(togo - 1);
      expect(errors).toEqual([]);
    }, 240_000);

    it('after a reload, reads the stored tables: the hint is optimal; Solve plays to the win', async () => {
      await page.reload();
      await page.waitForSelector('.board-puzzle .ptile');
      await watchPage(page);
      const before = await readPuzzle(page, 4);
      await page.keyboard.press('i');
      await page.locator('.ptile.hinted').waitFor({ timeout: 30_000 });
      const w = await watched(page);
      // Read from IndexedDB (in the background, as soon as the 4×4 board opened), not built
      // again: no building shown, and the hint below is optimal.
      expect(w.statuses.filter((t) => /Building/.test(t))).toEqual([]);
      // The hint is a first move of a shortest solution: one move less to go after it
      // (distances from the same solver, run here with its own tables).
      const tile = Number(await page.getAttribute('.ptile.hinted', 'data-tile'));
      const store = fileCache(TEST_CACHE_DIR);
      const distance = async (tiles: number[]) => {
        const r = await solvePuzzle(tiles, 4, { store });
        expect(r.optimal).toBe(true);
        return r.moves.length;
      };
      const after = moveTile(puzzleFromTiles(before, 4), tile).tiles;
      expect(after).not.toEqual(before);
      expect(await distance([...after])).toBe((await distance(before)) - 1);

      await page.keyboard.press('p');
      await expect
        .poll(() => page.locator('.overlay-won').count(), { timeout: 90_000, interval: 500 })
        .toBe(1);
      await expect
        .poll(() => readPuzzle(page, 4))
        .toEqual([...Array(15).keys()].map((i) => i + 1).concat(0));
      await expect(page.textContent('[data-testid=solve-summary]')).resolves.toMatch(
        /The solver helped/,
      );
      await screenshot(page, 'puzzle-4x4-solved-desktop');
      expect(errors).toEqual([]);
    }, 180_000);
  });

  it('shows picture tiles with numbers toggled, at desktop and phone widths', async () => {
    for (const [name, viewport, mobile, dark] of [
      ['desktop', DESKTOP, false, false],
      ['phone', PHONE, true, false],
      ['phone-dark', PHONE, true, true],
    ] as const) {
      const { context, page, errors } = await openPage(browser, { viewport, mobile, dark });
      await page.goto(`${site.url}?seed=${SEED + 3}`);
      await screenshot(page, `home-${name}`);
      await choosePuzzle(page, 4, 'builtin');
      await expect.poll(() => page.locator('.board-puzzle.picture').count()).toBe(1);
      await screenshot(page, `puzzle-picture-${name}`);
      await page.click('[data-testid=numbers]');
      await expect.poll(() => page.locator('.board-puzzle.no-numbers').count()).toBe(1);
      if (name === 'desktop') await screenshot(page, 'puzzle-picture-no-numbers-desktop');
      if (name === 'phone') {
        await page.click('button[data-action=menu]');
        await choosePuzzle(page, 8, 'none');
        await screenshot(page, 'puzzle-8x8-phone');
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('uses a picture file the player picks, and keeps it', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${site.url}?seed=${SEED + 5}`);
    // A 300×200 PNG drawn in the page: four coloured quarters.
    const png = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 300;
      c.height = 200;
      const g = c.getContext('2d')!;
      const colours = ['#d33', '#3a3', '#33d', '#dd3'];
      colours.forEach((col, i) => {
        g.fillStyle = col;
        g.fillRect((i % 2) * 150, Math.floor(i / 2) * 100, 150, 100);
      });
      return c.toDataURL('image/png').split(',')[1]!;
    });
    await page.selectOption('[data-testid=picture]', 'custom');
    await page.setInputFiles('[data-testid=picture-file]', {
      name: 'quarters.png',
      mimeType: 'image/png',
      buffer: Buffer.from(png, 'base64'),
    });
    await expect.poll(() => page.textContent('[data-testid=home-notice]')).toBe('Picture ready.');
    // A file that is not an image is refused with a sentence.
    await page.setInputFiles('[data-testid=picture-file]', {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect
      .poll(() => page.textContent('[data-testid=home-notice]'))
      .toMatch(/is not an image/);
    await page.selectOption('[data-testid=size-puzzle]', '3');
    await page.click('button[data-play=puzzle]');
    const pic = () =>
      page.$eval('.board-puzzle', (b) => getComputedStyle(b).getPropertyValue('--pic'));
    await expect.poll(pic).toMatch(/^url\("data:image\/jpeg;base64,/);
    await page.reload();
    await expect.poll(pic).toMatch(/^url\("data:image\/jpeg;base64,/);
    await screenshot(page, 'puzzle-own-picture-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works offline after the first visit (service worker)', async () => {
    const own = await serveSite();
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${own.url}?seed=${SEED + 4}#2048`);
    await page.waitForSelector('.board-2048 .tile');
    // The service worker has installed (cached the app) and controls the page.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
        timeout: 20_000,
      })
      .toBe(true);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowDown');
    const game = play(play(newGame({ size: 4, target: 2048, seed: SEED + 4 }), 'left'), 'down');
    await expect.poll(() => readTiles(page, 4)).toEqual(game.cells);
    // The server goes away and the browser goes offline.
    await own.close();
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => readTiles(page, 4)).toEqual(game.cells);
    // Both games, and the workers, load from the cache.
    await page.click('button[data-action=menu]');
    await choosePuzzle(page, 3);
    await page.keyboard.press('i');
    await page.locator('.ptile.hinted').waitFor({ timeout: 30_000 });
    expect(
      errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e)),
    ).toEqual([]);
    await context.close();
  });
});
