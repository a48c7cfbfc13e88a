/**
 * The web app as `slidebox serve` serves it (its app and database in this process, the built web
 * app with the pages' Content-Security-Policy), in Debian's Chromium: every screen works under
 * the policy with no violation reported (the AI's WebAssembly in its worker, the solver's worker,
 * pictures, the service worker); the service worker never answers or caches `./api/` requests;
 * and a server stopped in the middle of a visit: Submit and the boards say so in a sentence, the
 * game and its saves stay as they were, and the page, reloaded from the service worker's cache,
 * works without the leaderboards.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGame } from '../../src/engine/game2048.ts';
import { CSP } from '../../src/server/app.ts';
import { play2048, testPlayerKey } from '../../src/testing/games.ts';
import {
  call,
  newDatabaseTarget,
  startTestServer,
  type TestServer,
} from '../../src/testing/serverHarness.ts';
import {
  buildSite,
  chromiumOrSkip,
  DIST,
  launchBrowser,
  losingGame,
  openPage,
  pressMoves,
  pressOnPage,
  readTiles,
  screenshot,
  settledStorage,
} from './webHarness.ts';

const reason = chromiumOrSkip('web app under slidebox serve');

const LONG = { timeout: 20_000 };

const text = (page: Page, testid: string) => page.textContent(`[data-testid=${testid}]`);

async function serve(): Promise<TestServer> {
  const target = await newDatabaseTarget('sqlite');
  if (typeof target !== 'string') throw new Error(target.skip);
  return startTestServer(target, { webRoot: DIST });
}

/** Collects the page's Content-Security-Policy violations (the page's own events). */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
}

/** Waits until the service worker controls the page. */
async function controlled(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), LONG)
    .toBe(true);
}

/** Every URL in the page's caches. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
    }
    return urls;
  });
}

describe.skipIf(reason !== null)('the web app under slidebox serve', () => {
  let browser: Browser;

  beforeAll(async () => {
    await buildSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('works on every screen under the Content-Security-Policy, with no violation', async () => {
    const server = await serve();
    const url = `${server.url}/`;
    const { code } = play2048(5, 200);
    const sent = await call(server.url, 'POST', '/api/scores', {
      code,
      name: 'Ada',
      playerKey: testPlayerKey(1),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const { context, page, errors } = await openPage(browser);
    const violations = await watchPolicy(page);
    const res = await page.goto(`${url}?seed=12`);
    expect(res?.headers()['content-security-policy']).toBe(CSP);
    await page.locator('[data-testid=open-leaderboards]').waitFor(LONG);
    await controlled(page);

    // 2048: a hint from the AI's worker, in WebAssembly.
    await page.click('[data-play="2048"]');
    await page.locator('.board-2048 .tile').first().waitFor();
    await pressOnPage(page, 'i');
    await expect.poll(() => text(page, 'hint'), LONG).toMatch(/^Hint: /);
    expect(await page.getAttribute('html', 'data-ai-engine')).toBe('wasm');
    // Evil spawns: the placer on the page.
    await page.click('[data-action=menu]');
    await page.selectOption('[data-testid=spawns]', 'evil');
    await page.click('[data-play="2048"]');
    await expect.poll(() => page.locator('.board-2048 .tile').count(), LONG).toBeGreaterThan(0);
    await pressOnPage(page, 'ArrowLeft');
    await pressOnPage(page, 'ArrowDown');
    await page.click('[data-action=menu]');
    await page.selectOption('[data-testid=spawns]', 'natural');

    // The puzzle with the built-in picture, then the player's own; a hint from the solver.
    await page.selectOption('[data-testid=size-puzzle]', '3');
    await page.selectOption('[data-testid=picture]', 'builtin');
    await page.click('[data-play=puzzle]');
    // The puzzle screen loads on first use: a key pressed before it is there goes nowhere.
    await page.locator('.ptile').first().waitFor(LONG);
    await pressOnPage(page, 'i');
    await page.locator('.ptile.hinted').waitFor({ timeout: 30_000 });
    await screenshot(page, 'serve-puzzle-picture');
    await page.click('[data-action=menu]');
    const png = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 60;
      c.height = 40;
      const g = c.getContext('2d')!;
      g.fillStyle = '#3a3';
      g.fillRect(0, 0, 30, 40);
      return c.toDataURL('image/png').split(',')[1]!;
    });
    await page.selectOption('[data-testid=picture]', 'custom');
    await page.setInputFiles('[data-testid=picture-file]', {
      name: 'own.png',
      mimeType: 'image/png',
      buffer: Buffer.from(png, 'base64'),
    });
    await expect.poll(() => text(page, 'home-notice')).toBe('Picture ready.');
    await page.click('[data-play=puzzle]');
    await expect
      .poll(() =>
        page.evaluate(() => getComputedStyle(document.querySelector('.ptile')!).backgroundImage),
      )
      .toMatch(/^url\("data:image\//);

    // Versus against the AI, and a duel.
    await page.click('[data-action=menu]');
    await page.selectOption('[data-testid=versus-opponent]', 'easy');
    await page.click('[data-play=versus]');
    await page.locator('[data-testid=board-2] .tile').first().waitFor(LONG);
    await pressOnPage(page, 'ArrowLeft');
    await page.click('[data-action=menu]');
    await page.click('[data-play=duel]');
    await page.locator('.screen-duel').waitFor(LONG);
    await page.click('[data-action=menu]');

    // Statistics, the daily game, the leaderboards and a replay from them.
    await page.click('[data-testid=open-stats]');
    await page.locator('.screen-stats').waitFor();
    await page.goBack();
    await page.click('[data-testid=daily-puzzle]');
    await page.locator('.board-puzzle .ptile').first().waitFor();
    await page.click('[data-action=menu]');
    await page.click('[data-testid=open-leaderboards]');
    await page.click('#tab-2048');
    // The codes sent above are on the self-reported boards (the ranked ones are the default).
    await page.check('[data-testid=board-self-reported]');
    await page.locator('[data-testid=entry-replay]').first().click();
    await page.locator('[data-testid=replay-slider]').waitFor(LONG);
    await screenshot(page, 'serve-replay');

    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
    await server.close();
  });

  it('never answers or caches ./api/ requests in the service worker', async () => {
    const server = await serve();
    const url = `${server.url}/`;
    const { context, page, errors } = await openPage(browser);
    await page.goto(url);
    await page.locator('[data-testid=open-leaderboards]').waitFor(LONG);
    await controlled(page);
    // The same request twice, with a game submitted in between: the second answer is fresh.
    const board = () =>
      page.evaluate(() =>
        fetch('./api/leaderboard?source=self-reported&board=2048&size=3&target=256').then((r) =>
          r.json(),
        ),
      ) as Promise<{ entries: unknown[] }>;
    expect((await board()).entries).toHaveLength(0);
    const { code } = play2048(9, 100, { size: 3, target: 256 });
    const sent = await call(server.url, 'POST', '/api/scores', {
      code,
      name: 'Bo',
      playerKey: testPlayerKey(2),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect((await board()).entries).toHaveLength(1);
    await page.click('[data-testid=open-leaderboards]');
    await page.locator('#tab-daily-2048[aria-selected=true]').waitFor();
    await expect
      .poll(() => text(page, 'board-empty'), LONG)
      .toMatch(/^No ranked game of today yet/);
    // The worker cached the app, and nothing of the API.
    const cached = await cachedUrls(page);
    expect(cached.some((u) => u.endsWith('/sw.js') || /\/assets\/index-.+\.js$/.test(u))).toBe(
      true,
    );
    expect(cached.filter((u) => u.includes('/api/'))).toEqual([]);
    // With the server gone, an API request fails: no stale answer from a cache.
    await server.close();
    const health = await page.evaluate(() =>
      fetch('./api/health').then(
        (r) => `answered ${r.status}`,
        () => 'failed',
      ),
    );
    expect(health).toBe('failed');
    expect(errors.filter((e) => !/ERR_CONNECTION_REFUSED|Failed to load resource/.test(e))).toEqual(
      [],
    );
    await context.close();
  });

  it('says so when the server stops during a visit, keeps the game, and works on without it', async () => {
    const server = await serve();
    const url = `${server.url}/`;
    const { context, page, errors } = await openPage(browser, { reducedMotion: true });
    await page.goto(`${url}?seed=4`);
    await page.locator('[data-testid=open-leaderboards]').waitFor(LONG);
    await controlled(page);
    await page.selectOption('[data-testid=size-2048]', '3');
    await page.selectOption('[data-testid=target]', '256');
    await page.click('[data-play="2048"]');
    const start = newGame({ size: 3, target: 256, seed: 4 });
    await expect.poll(() => readTiles(page, 3)).toEqual(start.cells);
    const lost = losingGame(start);
    await pressMoves(page, lost.dirs);
    await page.locator('.overlay-over').waitFor();
    const saved = await settledStorage(page);

    await server.close();
    await page.click('.overlay-over [data-action=submit]');
    await page.fill('[data-testid=name-input]', 'Cy');
    await page.click('[data-testid=name-ok]');
    await expect
      .poll(() => text(page, 'notice'), LONG)
      .toBe(
        'The leaderboard server could not be reached (it may be down, or this device offline). Your game is kept in this browser: submit it again later.',
      );
    await screenshot(page, 'serve-stopped-submit');
    await expect.poll(() => readTiles(page, 3)).toEqual(lost.game.cells);
    const { 'slidebox:player': player, ...rest } = await settledStorage(page);
    expect(rest).toEqual(saved);
    expect(JSON.parse(player!)).toMatchObject({ name: 'Cy' });

    // The boards: a sentence instead.
    await page.click('[data-action=menu]');
    await page.click('[data-testid=open-leaderboards]');
    await expect
      .poll(() => text(page, 'notice'), LONG)
      .toBe(
        'The leaderboard server could not be reached (it may be down, or this device offline).',
      );

    // Reloaded from the service worker's cache: the app without the leaderboards, the game kept.
    const probed = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/api/health'));
    await page.goto(url);
    await page.locator('.screen-home').waitFor();
    await probed;
    expect(await page.locator('[data-testid=open-leaderboards]').isHidden()).toBe(true);
    await page.click('[data-play="2048"]');
    await expect.poll(() => readTiles(page, 3)).toEqual(lost.game.cells);
    await page.locator('.overlay-over').waitFor();
    expect(await page.locator('.overlay-over [data-action=submit]').isHidden()).toBe(true);
    await screenshot(page, 'serve-stopped-reloaded');
    expect(errors.filter((e) => !/ERR_CONNECTION_REFUSED|Failed to load resource/.test(e))).toEqual(
      [],
    );
    await context.close();
  });
});
