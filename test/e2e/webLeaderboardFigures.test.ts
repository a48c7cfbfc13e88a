/**
 * The web leaderboard with the server's analysis, in Debian's Chromium against a real
 * `slidebox serve` app (SQLite) whose analyser is a test double answering set figures: each
 * line shows its accuracy and agreement (– until analysed), a game that plays like the AI is
 * marked with a title that says how the line was drawn, its replay shows the board's figures,
 * and the Order and Games controls sort
 * (the analysed games) and filter the board, each line keeping its rank.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Leaderboard } from '../../src/net/api.ts';
import type { GameFigures } from '../../src/server/boards/analysisFigures.ts';
import type { AnalysisOutcome, CodeAnalyser } from '../../src/server/boards/analysisPool.ts';
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
  openPage,
  PHONE,
  screenshot,
} from './webHarness.ts';

const reason = chromiumOrSkip('web leaderboard figures');
const LONG = { timeout: 15_000 };

/** Accuracy and agreement by player; Bo's game agrees with the AI beyond the line. */
const PLAN: readonly [string, number, number][] = [
  ['Ada', 72.5, 41],
  ['Bo', 99.9, 97.5],
  ['Cy', 88, 63.2],
];

const figures = (accuracy: number, agreement: number): GameFigures => ({
  kind: '2048',
  accuracy,
  agreement,
  moves: 400,
  optimal: null,
  wasted: null,
  method: 'fast',
});

/** The board's lines on screen. */
function lines(page: Page) {
  return page.$$eval('[data-testid=entry]', (rows) =>
    rows.map((r) => ({
      rank: r.querySelector('.board-rank')?.textContent,
      name: r.querySelector('[data-testid=entry-name]')?.textContent,
      accuracy: r.querySelector('[data-testid=entry-accuracy]')?.textContent,
      agreement: r.querySelector('[data-testid=entry-agreement]')?.textContent,
      aiLike: r.querySelector('[data-testid=entry-ai-like]') !== null,
    })),
  );
}

describe.skipIf(reason !== null)('the web leaderboard with the analysis', () => {
  let browser: Browser;
  let server: TestServer;
  const answers = new Map<string, GameFigures>();
  /** Answers the figures of the first two games at once, the third's never. */
  const analyser: CodeAnalyser = {
    analyse: (code) =>
      new Promise<AnalysisOutcome>((resolve) => {
        const f = answers.get(code);
        if (f) resolve({ figures: f });
      }),
    close: async () => {},
  };

  beforeAll(async () => {
    await buildSite();
    const target = await newDatabaseTarget('sqlite');
    if (typeof target !== 'string') throw new Error(target.skip);
    server = await startTestServer(target, { webRoot: DIST, analyser });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows accuracy and agreement beside each line, marks the AI-like game, sorts and filters', async () => {
    const ranks = new Map<string, number>();
    for (const [i, [name, accuracy, agreement]] of PLAN.entries()) {
      const { code } = play2048(700 + i, 250);
      // The last game's figures never come: its line shows –.
      if (i < 2) answers.set(code, figures(accuracy, agreement));
      const r = await call(server.url, 'POST', '/api/scores', {
        code,
        name,
        playerKey: testPlayerKey(700 + i),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    // Two of three analysed (the queue takes the games in order: the third waits forever).
    await expect
      .poll(async () => {
        const b = (
          await call(server.url, 'GET', '/api/leaderboard?board=2048&source=self-reported')
        ).body as Leaderboard;
        for (const e of b.entries) ranks.set(e.name, e.rank);
        return b.entries.filter((e) => e.accuracy !== null).length;
      }, LONG)
      .toBe(2);
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${server.url}/`);
    await page.click('[data-testid=open-leaderboards]', LONG);
    await page.click('[data-board="2048"]');
    await page.check('[data-testid=board-self-reported]');
    const shown = (name: string, accuracy: string, agreement: string, aiLike = false) => ({
      rank: `#${ranks.get(name)}`,
      name,
      accuracy,
      agreement,
      aiLike,
    });
    const ada = shown('Ada', '72.5', '41.0%');
    const bo = shown('Bo', '99.9', '97.5%', true);
    const cy = shown('Cy', '–', '–');
    const byRank = [ada, bo, cy].sort((a, b) => a.rank.localeCompare(b.rank));
    await expect.poll(() => lines(page), LONG).toEqual(byRank);
    const heads = await page.$$eval('[data-testid=board] th', (ths) =>
      ths.map((t) => t.textContent),
    );
    expect(heads).toEqual(expect.arrayContaining(['Accuracy', 'Agreement']));
    const mark = page.locator('[data-testid=entry-ai-like]');
    expect(await mark.getAttribute('title')).toMatch(/90% of its moves or more .* over 300 moves/);
    expect(await text(page, 'board-figures-note')).toMatch(/^Accuracy and agreement: the server/);
    await screenshot(page, 'leaderboards-figures');

    // Bo's replay shows the board's figures; Cy's (not analysed) none.
    const boRow = page.locator('[data-testid=entry]', { hasText: 'Bo' });
    expect(await boRow.locator('[data-testid=entry-replay]').getAttribute('href')).toMatch(
      /^#replay=sb\.[^&]+&accuracy=99\.9&agreement=97\.5$/,
    );
    await boRow.locator('[data-testid=entry-replay]').click();
    await expect
      .poll(() => text(page, 'server-figures'), LONG)
      .toBe("The board's analysis: accuracy 99.9 · agreement 97.5%");
    await page.goBack();
    const cyRow = page.locator('[data-testid=entry]', { hasText: 'Cy' });
    await cyRow.waitFor(LONG);
    expect(await cyRow.locator('[data-testid=entry-replay]').getAttribute('href')).toMatch(
      /^#replay=sb\.[^&]+$/,
    );

    // Sorted by accuracy: the analysed games, Bo first; each keeps its rank.
    await page.selectOption('[data-testid=board-sort]', 'accuracy');
    await expect.poll(() => lines(page), LONG).toEqual([bo, ada]);
    await page.selectOption('[data-testid=board-sort]', 'agreement');
    await expect.poll(() => lines(page), LONG).toEqual([bo, ada]);
    // Only the AI-like games, then none of them.
    await page.selectOption('[data-testid=board-ai-like]', 'only');
    await expect.poll(() => lines(page), LONG).toEqual([bo]);
    await page.selectOption('[data-testid=board-ai-like]', 'hide');
    await page.selectOption('[data-testid=board-sort]', 'rank');
    await expect.poll(() => lines(page), LONG).toEqual(byRank.filter((l) => l !== bo));
    expect(errors).toEqual([]);
    await context.close();

    // On a phone: the same lines, the figures reached by scrolling the table sideways.
    const phone = await openPage(browser, { viewport: PHONE, mobile: true });
    await phone.page.goto(`${server.url}/#leaderboards`);
    await phone.page.click('[data-board="2048"]', LONG);
    await phone.page.check('[data-testid=board-self-reported]');
    await expect.poll(() => lines(phone.page), LONG).toEqual(byRank);
    const scroll = phone.page.locator('.board-scroll');
    await scroll.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    expect(
      await phone.page
        .locator('tr', { hasText: 'Bo' })
        .locator('[data-testid=entry-agreement]')
        .isVisible(),
    ).toBe(true);
    await screenshot(phone.page, 'leaderboards-figures-phone');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});

function text(page: Page, testid: string) {
  return page.textContent(`[data-testid=${testid}]`);
}
