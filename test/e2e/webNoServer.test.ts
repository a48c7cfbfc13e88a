/**
 * The web app served without the leaderboard server, in Debian's Chromium: from a plain static
 * server (where `./api/health` is a 404) and from Vite's preview (where it is the app's own
 * page), the app asks once, finds no server and is as it always was: no Leaderboards link, no
 * Submit on a finished game or on the Daily card, no rank line; the leaderboards' address says
 * in a sentence that they come with the server.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { preview } from 'vite';
import { describe, expect, it } from 'vitest';
import { newGame } from '../../src/engine/game2048.ts';
import { solvePuzzle } from '../../src/solvers/puzzle/solve.ts';
import {
  chromiumOrSkip,
  losingGame,
  openPage,
  pressMoves,
  ROOT,
  readTiles,
  type Site,
  screenshot,
  useBrowser,
} from './webHarness.ts';

const reason = chromiumOrSkip('web app without a leaderboard server');

const NO_SERVER =
  'The leaderboards come with the slidebox server: this page is served without one, or the server cannot be reached now. Your games are kept in this browser as always.';

/** Opens `url` and waits for the app's look for a leaderboard server to be answered. */
async function openAndProbe(page: Page, url: string): Promise<void> {
  const probed = page.waitForResponse((r) => r.url().endsWith('/api/health'));
  await page.goto(url);
  await page.locator('.screen-home').waitFor();
  await probed;
  // The answer is read and judged: give the page a turn to act on it.
  await page.evaluate(() => new Promise((r) => setTimeout(r, 50)));
}

/** Nothing of the leaderboards shows on the home screen. */
async function expectNoLeaderboards(page: Page): Promise<void> {
  expect(await page.locator('[data-testid=open-leaderboards]').isHidden()).toBe(true);
  await expect.poll(() => page.locator('[data-testid=daily-line-2048]').count()).toBe(1);
  expect(await page.locator('.daily-rank, [data-submit-daily]').count()).toBe(0);
}

describe.skipIf(reason !== null)('web app without a leaderboard server', () => {
  let browser: Browser;
  let site: Site;

  useBrowser((b, s) => {
    browser = b;
    site = s;
  });

  it('on a static site: no Leaderboards, no Submit, and a sentence at their address', async () => {
    const { context, page, errors } = await openPage(browser, { reducedMotion: true });
    await openAndProbe(page, `${site.url}?seed=4`);
    expect(site.hits.get('/games/slidebox/api/health')).toBe(1);
    await expectNoLeaderboards(page);
    await screenshot(page, 'no-server-home');

    // A 2048 game to its end: Share, and no Submit.
    await page.selectOption('[data-testid=size-2048]', '3');
    await page.selectOption('[data-testid=target]', '256');
    await page.click('[data-play="2048"]');
    const start = newGame({ size: 3, target: 256, seed: 4 });
    await expect.poll(() => readTiles(page, 3)).toEqual(start.cells);
    const lost = losingGame(start);
    await pressMoves(page, lost.dirs);
    await page.locator('.overlay-over').waitFor();
    expect(await page.locator('.overlay-over [data-action=share]').isVisible()).toBe(true);
    expect(await page.locator('.overlay-over [data-action=submit]').isHidden()).toBe(true);

    // A solved puzzle: no Submit either.
    await page.click('[data-action=menu]');
    await page.selectOption('[data-testid=size-puzzle]', '3');
    await page.click('[data-play=puzzle]');
    await page.locator('.board-puzzle .ptile').first().waitFor();
    const tiles = await page.$$eval('.board-puzzle .ptile', (els) =>
      els.map((e) => ({
        i: Number((e as HTMLElement).dataset.row) * 3 + Number((e as HTMLElement).dataset.col),
        t: Number((e as HTMLElement).dataset.tile),
      })),
    );
    const board = new Array<number>(9);
    for (const { i, t } of tiles) board[i] = t;
    const plan = await solvePuzzle(board, 3, { optimal: true, store: null });
    for (const t of plan.moves) await page.click(`.ptile[data-tile="${t}"]`);
    await page.locator('.overlay-won').waitFor();
    expect(await page.locator('.overlay-won [data-action=share]').isVisible()).toBe(true);
    expect(await page.locator('.overlay-won [data-action=submit]').isHidden()).toBe(true);

    // The leaderboards' address: the sentence, no tabs; q goes back.
    await page.goto(`${site.url}#leaderboards`);
    await expect.poll(() => page.textContent('[data-testid=notice]')).toBe(NO_SERVER);
    expect(await page.locator('.tabs').isHidden()).toBe(true);
    expect(await page.locator('[data-testid=board]').isHidden()).toBe(true);
    await screenshot(page, 'no-server-leaderboards');
    await page.keyboard.press('q');
    await page.locator('.screen-home').waitFor();
    await expectNoLeaderboards(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("under Vite's preview, whose ./api/health is the app's page: no Leaderboards", async () => {
    const server = await preview({
      configFile: join(ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      preview: { host: '127.0.0.1', port: 0, strictPort: false },
    });
    try {
      const url = server.resolvedUrls?.local[0];
      expect(url).toBeDefined();
      const { context, page, errors } = await openPage(browser);
      await openAndProbe(page, url!);
      await expectNoLeaderboards(page);
      await page.click('[data-testid=open-stats]');
      await page.locator('.screen-stats').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await server.close();
    }
  });
});
