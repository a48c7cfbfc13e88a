/**
 * The web app's leaderboards against a real `slidebox serve` (its app and database in this
 * process, serving the built web app with its Content-Security-Policy), in Debian's Chromium:
 * the day's 2048 played in the page to its end, submitted under a name asked for in the page,
 * the rank on the self-reported board said, the player's line on that board (the ranked board,
 * shown first, has none) and its replay; the ranked boards by default, the switch to the
 * self-reported ones, each saying what its games prove; the tabs (daily 2048 and
 * 15-puzzle, all-time 2048 per size and target, puzzle per size, games with help, earlier days);
 * the player's line below a full page, then in it; names written by other players shown as text
 * (no markup, no dialog); and Submit's failures (a name refused, a 429, the server's 400 with
 * its reason, a prompt cancelled), each a sentence with the game and its saves kept.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGame } from '../../src/engine/game2048.ts';
import { movableTiles, moveTile, newPuzzle, type Puzzle } from '../../src/engine/puzzle.ts';
import { decodeShared } from '../../src/engine/shareCode.ts';
import { dailySeed, utcDay } from '../../src/front/daily.ts';
import type { SubmittedEntry } from '../../src/net/api.ts';
import { solvePuzzle } from '../../src/solvers/puzzle/solve.ts';
import { play2048, playPuzzle, testPlayerKey } from '../../src/testing/games.ts';
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
  readTiles,
  screenshot,
  settledStorage,
} from './webHarness.ts';

const reason = chromiumOrSkip('web leaderboards');

const LONG = { timeout: 15_000 };
const PLAYER = 'slidebox:player';

/** Names other players chose: markup, if anything ever read them as such. */
const HOSTILE = ['<img src onerror=alert>', '<b>&amp;bold</b>'];

const text = (page: Page, testid: string) => page.textContent(`[data-testid=${testid}]`);

/** The lines of the board on screen: rank, name, whether marked as the player's. */
function boardLines(page: Page) {
  return page.$$eval('[data-testid=entry]', (rows) =>
    rows.map((r) => ({
      rank: r.querySelector('.board-rank')?.textContent,
      name: r.querySelector('[data-testid=entry-name]')?.textContent,
      you: r.classList.contains('you'),
    })),
  );
}

/** A 2048 game of the day's seed with more points than `score`, from random play. */
function betterDaily(day: string, score: number, skip: number) {
  let found = 0;
  for (let pick = 1; pick < 500; pick++) {
    const g = play2048(dailySeed(day, '2048'), 3000, { pick });
    if (g.game.score > score && found++ === skip) return g;
  }
  throw new Error('no random game beat the score');
}

describe.skipIf(reason !== null)('web leaderboards against slidebox serve', () => {
  let browser: Browser;
  let server: TestServer;
  let url: string;
  const post = async (code: string, name: string, n: number) => {
    const r = await call(server.url, 'POST', '/api/scores', {
      code,
      name,
      playerKey: testPlayerKey(n),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as SubmittedEntry;
  };

  beforeAll(async () => {
    await buildSite();
    const target = await newDatabaseTarget('sqlite');
    if (typeof target !== 'string') throw new Error(target.skip);
    server = await startTestServer(target, { webRoot: DIST });
    url = `${server.url}/`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("plays today's 2048 to its end, submits it under a name, finds itself third and watches its replay", async () => {
    const today = utcDay(Date.now());
    const start = newGame({ size: 4, target: 2048, seed: dailySeed(today, '2048') });
    const lost = losingGame(start);
    // Two players have done better today.
    const others = [betterDaily(today, lost.game.score, 0), betterDaily(today, lost.game.score, 1)];
    await post(others[0]!.code, HOSTILE[0]!, 1);
    await post(others[1]!.code, HOSTILE[1]!, 2);

    const { context, page, errors } = await openPage(browser, { reducedMotion: true });
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(url);
    await page.locator('[data-testid=open-leaderboards]').waitFor(LONG);
    await page.click('[data-testid=daily-2048]');
    await expect.poll(() => readTiles(page, 4)).toEqual(start.cells);
    await pressMoves(page, lost.dirs);
    await page.locator('.overlay-over').waitFor();
    await expect.poll(() => readTiles(page, 4)).toEqual(lost.game.cells);
    const saved = await settledStorage(page);

    // Submit: the name first, asked in the page; a name the rules refuse keeps the dialog open.
    await page.click('.overlay-over [data-action=submit]');
    await page.locator('[data-testid=name-dialog]').waitFor();
    await page.fill('[data-testid=name-input]', '<img src=x onerror=alert(1)>');
    await page.click('[data-testid=name-ok]');
    await expect
      .poll(() => text(page, 'name-error'))
      .toBe('This name cannot be used: a name has at most 24 characters (this one has 28).');
    await screenshot(page, 'leaderboards-name-refused');
    const name = '<svg onload=alert(1)>';
    await page.fill('[data-testid=name-input]', `  ${name} `);
    await page.click('[data-testid=name-ok]');
    await expect
      .poll(() => text(page, 'notice'), LONG)
      .toBe("#3 on today's daily 2048 (self-reported).");
    expect(await page.locator('[data-testid=name-dialog]').count()).toBe(0);
    await screenshot(page, 'leaderboards-submitted');
    // The game and its saves are as they were; the player's key and name are kept.
    await expect.poll(() => readTiles(page, 4)).toEqual(lost.game.cells);
    const after = await settledStorage(page);
    const { [PLAYER]: player, ...rest } = after;
    expect(rest).toEqual(saved);
    expect(JSON.parse(player!)).toMatchObject({ name });

    // The board: the two better games, then the player's, marked; names are text.
    await page.click('[data-action=menu]');
    await expect
      .poll(() => text(page, 'daily-rank-2048'), LONG)
      .toBe('Your rank today: #3 on the self-reported board');
    await page.click('[data-testid=open-leaderboards]');
    // The ranked board comes first: no game of today was dealt by the server.
    await expect
      .poll(() => text(page, 'board-empty'), LONG)
      .toBe('No ranked game of today yet: play it with Play ranked on the Daily challenge card.');
    expect(await text(page, 'board-about')).toMatch(/^Ranked: the server dealt every game here/);
    await page.check('[data-testid=board-self-reported]');
    expect(await text(page, 'board-about')).toMatch(/^Self-reported: games played in the browser/);
    await expect
      .poll(() => boardLines(page), LONG)
      .toEqual([
        { rank: '#1', name: expect.any(String), you: false },
        { rank: '#2', name: expect.any(String), you: false },
        { rank: '#3', name, you: true },
      ]);
    expect((await boardLines(page)).map((l) => l.name).sort()).toEqual([...HOSTILE, name].sort());
    expect(await page.locator('[data-testid=board] :is(img, svg, b)').count()).toBe(0);
    expect(await text(page, 'player-name')).toBe(`You play as ${name}.`);
    await screenshot(page, 'leaderboards-daily');

    // Its replay: the game just played, move for move.
    await page.click('tr.you [data-testid=entry-replay]');
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#replay=/);
    await expect
      .poll(() => page.getAttribute('[data-testid=replay-slider]', 'max'), LONG)
      .toBe(String(lost.dirs.length));
    const code = decodeURIComponent(new URL(page.url()).hash.slice('#replay='.length));
    const shared = decodeShared(code);
    expect(shared.ok && shared.value.game).toMatchObject({
      kind: '2048',
      seed: dailySeed(today, '2048'),
      moves: lost.dirs,
    });
    // Back: the board again.
    await page.goBack();
    await page.locator('tr.you').waitFor(LONG);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has a tab per board, with sizes, targets, games with help and earlier days; the own line below a full page', async () => {
    const today = utcDay(Date.now());
    // The day's puzzle, solved by two players; all-time boards at 3×3.
    const dailyPuzzles = [
      await playPuzzle(dailySeed(today, 'puzzle'), { width: 4 }),
      await playPuzzle(dailySeed(today, 'puzzle'), { width: 4, wander: 6 }),
    ];
    await post(dailyPuzzles[0]!.code, 'Pia', 11);
    await post(dailyPuzzles[1]!.code, 'Quinn', 12);
    const small = await playPuzzle(31, { width: 3 });
    await post(small.code, 'Ren', 13);
    const helped = await playPuzzle(32, { width: 3, wander: 4, assisted: true });
    await post(helped.code, 'Sol', 14);
    // 21 games on the 3×3 2048 board to 256, every one better than the player's.
    const mine = losingGame(newGame({ size: 3, target: 256, seed: 4 })).game;
    for (let i = 0; i < 21; i++) {
      const g = play2048(100 + i, 400, { size: 3, target: 256 });
      expect(g.game.score).toBeGreaterThan(mine.score);
      await post(g.code, `P${i + 1}`, 20 + i);
    }
    const { encodeShared, shared2048 } = await import('../../src/engine/shareCode.ts');
    const myShared = shared2048(mine, { assisted: false });
    if (!myShared.ok) throw new Error(myShared.error.message);
    await post(encodeShared(myShared.value), 'Me', 99);

    const { context, page, errors } = await openPage(browser);
    await page.addInitScript(
      ([k, v]) => localStorage.setItem(k!, v!),
      [PLAYER, JSON.stringify({ key: testPlayerKey(99), name: 'Me' })],
    );
    await page.goto(`${url}#leaderboards`);
    await expect
      .poll(() => text(page, 'board-title'), LONG)
      .toBe(`Ranked · today's daily 2048 (${today}, UTC)`);
    expect(await page.getAttribute('#tab-daily-2048', 'aria-selected')).toBe('true');
    // Games with help are a self-reported board's choice only.
    expect(await page.locator('[data-testid=board-assisted]').isVisible()).toBe(false);
    await page.check('[data-testid=board-self-reported]');
    await expect
      .poll(() => text(page, 'board-title'), LONG)
      .toBe(`Self-reported · today's daily 2048 (${today}, UTC)`);

    // Daily 15-puzzle: fewest moves first.
    await page.click('#tab-daily-puzzle');
    const puzzleOrder = [...dailyPuzzles]
      .map((p, i) => ({ moves: p.puzzle.moves, name: i === 0 ? 'Pia' : 'Quinn' }))
      .sort((a, b) => a.moves - b.moves);
    await expect
      .poll(() => boardLines(page), LONG)
      .toEqual(puzzleOrder.map((p, i) => ({ rank: `#${i + 1}`, name: p.name, you: false })));
    expect(await text(page, 'board-title')).toBe(
      `Self-reported · today's daily 15-puzzle (${today}, UTC) · times are as reported`,
    );

    // An earlier day: nobody played it; the next day is today again.
    await page.click('[data-action=previous-day]');
    await expect.poll(() => text(page, 'board-empty'), LONG).toBe('No games on this board yet.');
    expect(await text(page, 'board-title')).toMatch(
      /^Self-reported · daily 15-puzzle of \d{4}-\d\d-\d\d \(UTC\) · times are as reported$/,
    );
    await page.click('[data-action=next-day]');
    await expect.poll(() => boardLines(page), LONG).toHaveLength(2);

    // All-time 2048, 3×3 to 256: a full page of 20, then the player's line below it.
    await page.click('#tab-2048');
    await page.selectOption('[data-testid=board-size-2048]', '3');
    await page.selectOption('[data-testid=board-target]', '256');
    await expect
      .poll(() => text(page, 'board-title'), LONG)
      .toBe('Self-reported · 2048 · 3×3 · to 256 · best scores');
    await expect.poll(() => boardLines(page), LONG).toHaveLength(21);
    const lines = await boardLines(page);
    expect(lines.slice(0, 20).map((l) => l.rank)).toEqual(
      Array.from({ length: 20 }, (_, i) => `#${i + 1}`),
    );
    expect(lines[20]).toEqual({ rank: '#22', name: 'Me', you: true });
    expect(await page.locator('tr.gap').count()).toBe(1);
    await screenshot(page, 'leaderboards-2048-below');
    await page.click('[data-action=more]');
    await expect.poll(() => page.locator('tr.gap').count(), LONG).toBe(0);
    const all = await boardLines(page);
    expect(all).toHaveLength(22);
    expect(all.filter((l) => l.you)).toEqual([{ rank: '#22', name: 'Me', you: true }]);
    expect(await page.locator('[data-action=more]').isHidden()).toBe(true);

    // Puzzle, 3×3: the clean game; with help, the helped one too, marked.
    await page.click('#tab-puzzle');
    await page.selectOption('[data-testid=board-size-puzzle]', '3');
    await expect
      .poll(() => boardLines(page), LONG)
      .toEqual([{ rank: '#1', name: 'Ren', you: false }]);
    await page.check('[data-testid=board-assisted]');
    await expect.poll(async () => (await boardLines(page)).length, LONG).toBe(2);
    const helpedRow = page.locator('[data-testid=entry]', { hasText: 'Sol' });
    expect(await helpedRow.textContent()).toContain('with help');
    await screenshot(page, 'leaderboards-puzzle');

    // The arrow keys move between the tabs.
    await page.focus('#tab-puzzle');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getAttribute('#tab-2048', 'aria-selected')).toBe('true');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getAttribute('#tab-daily-2048', 'aria-selected')).toBe('true');
    // q goes back to the menu.
    await page.keyboard.press('q');
    await page.locator('.screen-home').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says why a submission failed — a 429, the server's 400, a prompt cancelled — and keeps the game", async () => {
    const { context, page, errors } = await openPage(browser, { reducedMotion: true });
    const seed = 77;
    // The page's clock: running now, stopped for the solve below.
    await context.clock.install();
    await page.goto(`${url}?seed=${seed}`);
    await page.locator('[data-testid=open-leaderboards]').waitFor(LONG);
    await page.selectOption('[data-testid=size-puzzle]', '3');
    await page.click('[data-play=puzzle]');
    await page.locator('.board-puzzle .ptile').first().waitFor();
    const start: Puzzle = newPuzzle({ width: 3, seed });
    const plan = await solvePuzzle(start.tiles, 3, { optimal: true, store: null });
    // A solve while the clock stands still: faster than a person moves tiles, the server says.
    await context.clock.pauseAt(Date.now() + 1000);
    let p = start;
    for (const t of plan.moves) {
      expect(movableTiles(p)).toContain(t);
      await page.click(`.ptile[data-tile="${t}"]`);
      p = moveTile(p, t);
    }
    await page.locator('.overlay-won').waitFor();
    const saved = await settledStorage(page);

    // A prompt cancelled: nothing is sent.
    await page.click('.overlay-won [data-action=submit]');
    await page.click('[data-testid=name-cancel]');
    await expect
      .poll(() => text(page, 'notice'))
      .toBe('Not submitted: the game is kept in this browser.');
    // Escape closes it too, and stays with the dialog (the game is not left for the menu).
    await page.click('.overlay-won [data-action=submit]');
    await page.locator('[data-testid=name-dialog]').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[data-testid=name-dialog]').count()).toBe(0);
    expect(new URL(page.url()).hash).toBe('#puzzle');

    // The server's own refusal, with its reason.
    await page.click('.overlay-won [data-action=submit]');
    await page.fill('[data-testid=name-input]', 'Quick');
    await page.click('[data-testid=name-ok]');
    await expect
      .poll(() => text(page, 'notice'), LONG)
      .toMatch(
        /^The leaderboard server refused this game: \d+ tiles in 0\.0 s is faster than a person moves tiles \(at most 25 a second\)\. Your game is kept in this browser\.$/,
      );

    // Too many requests: said as such (the name is kept: no prompt this time).
    await page.route('**/api/scores', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'rate-limited', message: 'too many requests: try again in 1 minute' },
        }),
      }),
    );
    await page.click('.overlay-won [data-action=submit]');
    await expect
      .poll(() => text(page, 'notice'), LONG)
      .toBe(
        'The leaderboard server is busy (too many requests: try again in 1 minute). Your game is kept in this browser: submit it again later.',
      );
    await screenshot(page, 'leaderboards-429');
    const after = await settledStorage(page);
    const { [PLAYER]: player, ...rest } = after;
    expect(rest).toEqual(saved);
    expect(JSON.parse(player!)).toMatchObject({ name: 'Quick' });
    expect(await page.locator('.overlay-won').count()).toBe(1);
    expect(errors.filter((e) => !/status of (400|429)/.test(e))).toEqual([]);
    await context.close();
  });
});
