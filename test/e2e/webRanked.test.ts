/**
 * Ranked play in the web app against a real `slidebox serve` (its app and database in this
 * process, serving the built web app), in Debian's Chromium: Play ranked on the 2048 card (a
 * 3×3 board) played to its end by keys — each slide drawn, and the page's board always the
 * server's slide plus exactly one new tile, never a tile of its own — the rank and board said
 * at the end; the ranked daily 2048 started from the Daily card, resigned, its entry on today's
 * ranked board without a replay link, its end saying when the replay opens (the server keeps
 * the code back, and the browser keeps none), a second attempt refused with the server's
 * sentence and the entry, and once the server's day is over the game's screen gets the code,
 * whose replay is the score ranked; a reload in the middle of a ranked game takes the same game back and plays on.
 * On SQLite and PostgreSQL. On a static site (no server) there is no Play ranked anywhere, and a
 * ranked game's address goes to the home screen with a sentence.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Cells, legalMoves, slideValid } from '../../src/engine/game2048.ts';
import { readShareCode } from '../../src/engine/shareReplay.ts';
import type { Direction } from '../../src/engine/types.ts';
import type { Leaderboard } from '../../src/net/api.ts';
import { BACKENDS, call } from '../../src/testing/serverHarness.ts';
import { useServedSite } from './helpers/servedSite.ts';
import { blur, LONG, startRanked, text } from './helpers/webRanked.ts';
import {
  ARROW,
  chromiumOrSkip,
  openPage,
  readTiles,
  type Site,
  screenshot,
  useBrowser,
} from './webHarness.ts';

const reason = chromiumOrSkip('web ranked play');

/** The cells a slide leaves, and how many tiles differ from `after` (one: the dealt tile). */
function oneNewTile(slid: Cells, after: Cells): boolean {
  let added = 0;
  for (let r = 0; r < slid.length; r++) {
    for (let c = 0; c < slid.length; c++) {
      const was = slid[r]![c]!;
      const now = after[r]![c]!;
      if (was === now) continue;
      if (was !== 0 || (now !== 2 && now !== 4)) return false;
      added++;
    }
  }
  return added === 1;
}

/** The legal slide that leaves the fewest empty cells (a game ends soon that way). */
function worstMove(cells: Cells): Direction {
  let best: { dir: Direction; empty: number } | null = null;
  for (const dir of legalMoves(cells)) {
    const empty = slideValid(cells, dir)
      .cells.flat()
      .filter((v) => v === 0).length;
    if (best === null || empty < best.empty) best = { dir, empty };
  }
  return best!.dir;
}

/**
 * Plays `count` moves (all: to the game's end) by keys on the ranked 2048 screen, checking after
 * each that the page shows the slide plus exactly one tile the server dealt. Gives the moves.
 */
async function playRanked(page: Page, size: number, count = Number.POSITIVE_INFINITY) {
  await blur(page);
  let moves = 0;
  const start = Number(await text(page, 'moves'));
  while (moves < count) {
    if (await page.locator('[data-testid=ranked-end]').isVisible()) break;
    const cells = await readTiles(page, size);
    if (legalMoves(cells).length === 0) break;
    const dir = worstMove(cells);
    const slid = slideValid(cells, dir).cells;
    await page.keyboard.press(ARROW[dir]);
    moves++;
    await expect.poll(() => text(page, 'moves'), LONG).toBe(String(start + moves));
    await expect.poll(async () => oneNewTile(slid, await readTiles(page, size)), LONG).toBe(true);
  }
  return moves;
}

describe.skipIf(reason !== null).each(BACKENDS)(
  'ranked play in the web app against slidebox serve on %s',
  (backend) => {
    /** How far the server's clock is ahead of the machine's (ms): moved across midnight. */
    let offset = 0;
    const site = useServedSite({ backend, serve: { now: () => Date.now() + offset } });

    it('plays ranked 2048 from its card to the end: the server’s tiles only, then the rank and board', async () => {
      const { context, page, errors } = await openPage(site.browser, { reducedMotion: true });
      await startRanked(page, site.url, 'play-ranked-2048', {
        select: { 'size-2048': '3', target: '256' },
        name: 'Ada',
      });
      await expect.poll(() => new URL(page.url()).hash, LONG).toBe('#ranked-2048');
      expect(await page.textContent('.screen-2048 h1')).toBe('Ranked 2048');
      // No helpers in ranked play: undo, hint, autoplay and new game are not there.
      for (const action of ['undo', 'hint', 'autoplay', 'new']) {
        expect(await page.locator(`.toolbar [data-action=${action}]`).isVisible(), action).toBe(
          false,
        );
      }
      expect(await page.locator('.toolbar [data-action=resign]').isVisible()).toBe(true);
      expect((await readTiles(page, 3)).flat().filter((v) => v !== 0)).toHaveLength(2);
      // Keys that would help offline do nothing here.
      const before = await readTiles(page, 3);
      for (const key of ['u', 'i', 'p', 'n']) await page.keyboard.press(key);
      expect(await readTiles(page, 3)).toEqual(before);

      const moves = await playRanked(page, 3);
      expect(moves).toBeGreaterThan(3);
      await page.locator('[data-testid=ranked-end]').waitFor(LONG);
      const score = Number((await text(page, 'score'))!.replace(/,/g, ''));
      const end = (await text(page, 'ranked-end'))!;
      expect(end).toContain(`You scored ${score.toLocaleString('en-US')} points.`);
      expect(end).toContain('#1 on the ranked 3×3 2048 board (to 256).');
      expect(await page.locator('[data-testid=ranked-replay]').isVisible()).toBe(true);
      await screenshot(page, 'ranked-2048-end');

      // The server has it: the ranked board's first line, with its replay.
      const r = await call(site.server.url, 'GET', '/api/leaderboard?board=2048&size=3&target=256');
      const board = r.body as Leaderboard;
      expect(board.entries[0]).toMatchObject({ rank: 1, name: 'Ada', score, moves });
      expect(board.entries[0]!.code).not.toBeNull();

      // A reload shows the end again (the game is kept with what it ranked).
      await page.reload();
      await page.locator('[data-testid=ranked-end]').waitFor(LONG);
      expect(await text(page, 'ranked-end')).toBe(end);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('takes a ranked game back after a reload in the middle, and plays on', async () => {
      const { context, page, errors } = await openPage(site.browser, { reducedMotion: true });
      await startRanked(page, site.url, 'play-ranked-2048', { name: 'Bea' });
      await playRanked(page, 4, 5);
      const cells = await readTiles(page, 4);
      const score = await text(page, 'score');

      await page.reload();
      await expect.poll(() => text(page, 'moves'), LONG).toBe('5');
      expect(await readTiles(page, 4)).toEqual(cells);
      expect(await text(page, 'score')).toBe(score);
      await expect.poll(() => text(page, 'notice'), LONG).toBe('');
      await playRanked(page, 4, 2);
      expect(await text(page, 'moves')).toBe('7');
      // From the home screen, the card's button continues the same game rather than dealing another.
      await page.click('[data-action=menu]');
      await expect.poll(() => text(page, 'play-ranked-2048'), LONG).toBe('Continue ranked');
      expect(await text(page, 'play-ranked-puzzle')).toBe('Play ranked');
      await page.click('[data-testid=play-ranked-2048]');
      await expect.poll(() => text(page, 'moves'), LONG).toBe('7');
      await expect
        .poll(() => text(page, 'notice'), LONG)
        .toBe('Continuing your ranked game: finish it, or resign it, to start another.');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('with animations and keys faster than the server: the board is the server’s, as a reload shows', async () => {
      const { context, page, errors } = await openPage(site.browser);
      await startRanked(page, site.url, 'play-ranked-2048', { name: 'Flo' });
      await blur(page);
      for (let round = 0; round < 4; round++) {
        // A burst of keys, some of which may not slide: each waits for the tile before it.
        for (const key of ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowDown']) {
          await page.keyboard.press(key);
        }
        // Every move answered: the board is not busy, and stays so.
        for (let i = 0; i < 2; i++) {
          await expect
            .poll(() => page.getAttribute('[data-testid=board]', 'aria-busy'), LONG)
            .toBe('false');
          await page.waitForTimeout(150);
        }
        const shown = await readTiles(page, 4);
        const moves = await text(page, 'moves');
        await page.reload();
        await expect.poll(() => text(page, 'moves'), LONG).toBe(moves);
        await expect.poll(() => readTiles(page, 4), LONG).toEqual(shown);
        await blur(page);
      }
      expect(Number(await text(page, 'moves'))).toBeGreaterThan(4);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('plays the ranked daily 2048 once: resigned, on today’s board without a replay, a second attempt refused', async () => {
      const { context, page, errors } = await openPage(site.browser, { reducedMotion: true });
      await startRanked(page, site.url, 'daily-ranked-2048', { name: 'Cy' });
      await expect.poll(() => new URL(page.url()).hash, LONG).toBe('#ranked-daily-2048');
      expect(await page.textContent('.screen-2048 h1')).toBe('Ranked daily 2048');
      await playRanked(page, 4, 3);
      // Resign: pressed once it asks, pressed again it ends the game.
      await page.click('.toolbar [data-action=resign]');
      expect(await text(page, 'notice')).toBe(
        'Press Resign again to end this ranked game as it stands.',
      );
      await page.click('.toolbar [data-action=resign]');
      await page.locator('[data-testid=ranked-end]').waitFor(LONG);
      const end = (await text(page, 'ranked-end'))!;
      expect(end).toMatch(/#1 on today's ranked daily 2048\./);
      // Today's ranked daily has no replay yet: it would show the day's tiles. The server
      // withholds its code, and the end says when it opens.
      expect(await page.locator('[data-testid=ranked-replay]').count()).toBe(0);
      expect(end).toMatch(
        /Its replay opens when the day is over, at 00:00 UTC on \d{4}-\d{2}-\d{2}: the day's tiles stay secret until then\./,
      );
      const kept = await page.evaluate(() => localStorage.getItem('slidebox:ranked:daily-2048'));
      expect(JSON.parse(kept!).result).toMatchObject({ code: null, codeAt: expect.any(String) });
      expect(kept).not.toContain('sb.');

      // Today's ranked board: the entry, and no replay link on it.
      await page.click('[data-ranked=boards]');
      await page.locator('[data-testid=entry]').first().waitFor(LONG);
      expect(await text(page, 'board-title')).toMatch(/^Ranked · today's daily 2048/);
      expect(await page.locator('[data-testid=entry]').count()).toBe(1);
      expect(await page.textContent('[data-testid=entry] [data-testid=entry-name]')).toBe('Cy');
      expect(await page.locator('tr.you').count()).toBe(1);
      expect(await page.locator('[data-testid=entry-replay]').count()).toBe(0);
      expect(await page.locator('[data-testid=entry-replay-later]').count()).toBe(1);
      await screenshot(page, 'ranked-daily-board');

      // A second attempt: the server's sentence and the entry, on the home screen.
      await page.click('[data-action=menu]');
      await page.click('[data-testid=daily-ranked-2048]');
      await expect
        .poll(() => text(page, 'home-notice'), LONG)
        .toMatch(/Your entry: [\d,]+ points, #1 on today's ranked daily 2048\.$/);
      expect(new URL(page.url()).hash).toBe('');
      await expect
        .poll(() => text(page, 'daily-rank-2048'), LONG)
        .toBe('Your ranked entry today: #1');

      // The server's day is over: the game's screen asks again, and now has its replay, whose
      // code replays to the score ranked.
      offset += 86_400_000;
      await page.goto(`${site.url}#ranked-daily-2048`);
      const replay = page.locator('[data-testid=ranked-replay]');
      await replay.waitFor(LONG);
      const href = (await replay.getAttribute('href'))!;
      const code = decodeURIComponent(href.replace(/^#replay=/, ''));
      const shared = readShareCode(code);
      if (!shared.ok || shared.value.kind !== '2048') throw new Error('a 2048 code');
      const points = /You scored ([\d,]+) points\./.exec(end)![1]!.replace(/,/g, '');
      expect(shared.value.states.at(-1)!.score).toBe(Number(points));
      expect(await text(page, 'ranked-end')).not.toMatch(/replay opens/);
      const keptNow = await page.evaluate(() => localStorage.getItem('slidebox:ranked:daily-2048'));
      expect(JSON.parse(keptNow!).result.code).toBe(code);
      // The browser notes the server's refusal (409) of the second attempt; nothing else went wrong.
      expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
      await context.close();
    });
  },
);

describe.skipIf(reason !== null)('ranked play on a static site', () => {
  let browser: Browser;
  let site: Site;
  useBrowser((b, s) => {
    browser = b;
    site = s;
  });

  it('has no Play ranked, and a ranked address goes home saying why', async () => {
    const { context, page } = await openPage(browser);
    try {
      await page.goto(site.url);
      await page.locator('[data-testid=daily-2048]').waitFor(LONG);
      // Long enough for the look for a server to have failed.
      await page.waitForTimeout(500);
      expect(await page.locator('[data-testid=play-ranked-2048]').isVisible()).toBe(false);
      expect(await page.locator('[data-testid=play-ranked-puzzle]').isVisible()).toBe(false);
      expect(await page.locator('[data-testid=daily-ranked-2048]').count()).toBe(0);
      await page.goto(`${site.url}#ranked-2048`);
      await expect
        .poll(() => text(page, 'home-notice'), LONG)
        .toBe('No ranked game is being played here: start one with Play ranked on its card.');
      expect(new URL(page.url()).hash).toBe('');
    } finally {
      await context.close();
    }
  });
});
