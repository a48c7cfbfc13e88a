/**
 * A ranked game's page holds while the server is away, in Debian's Chromium against a real
 * `slidebox serve`: the server stopped in the middle of a ranked 2048 game — the notice says the
 * connection dropped and keys do nothing, a key pressed then is said not sent, the board and
 * the score stay what the server took — and once the server is back on the same port with the
 * same database, the page reconnects with the game's token, the notice goes, and a key plays
 * again: the slide and the server's tile, one tile more than the slide left. The same game opened
 * in a second tab: the first says it is played there and its keys do nothing, until a reload
 * takes it back (and the second tab says so in turn). The server's answers held back on their way
 * to the page: the slide is drawn alone, no tile of the page's own, the moves not counted yet,
 * and the board is busy; let through, the tile appears where the server dealt it and the move
 * counts; no frame the page got told the seed.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Cells, legalMoves, slideValid } from '../../src/engine/game2048.ts';
import { holdServerFrames, useServedSite } from './helpers/servedSite.ts';
import { blur, LONG, startRanked, text } from './helpers/webRanked.ts';
import { ARROW, chromiumOrSkip, openPage, readTiles, screenshot } from './webHarness.ts';

const reason = chromiumOrSkip('web ranked play held back');

const DROPPED = 'The connection dropped: reconnecting… Your keys do nothing until it is back.';
const NOT_SENT =
  'Not sent: the connection dropped. Reconnecting… the board shows only what the server took.';

const REPLACED =
  'This game is now played in another window or tab: keys here do nothing. Reload this page to play it here.';

/** Tiles on `after` that are not on `slid` (a slide's cells): the cells the server dealt. */
function added(slid: Cells, after: Cells): number {
  let n = 0;
  for (let r = 0; r < slid.length; r++) {
    for (let c = 0; c < slid.length; c++) {
      const v = slid[r]![c]!;
      if (v !== after[r]![c]) n += v === 0 ? 1 : 100;
    }
  }
  return n;
}

/** Presses one legal slide and waits for the server's tile. */
async function playOne(page: Page): Promise<void> {
  const cells = await readTiles(page, 4);
  const dir = legalMoves(cells)[0]!;
  const slid = slideValid(cells, dir).cells;
  const moves = Number(await text(page, 'moves'));
  await page.keyboard.press(ARROW[dir]);
  await expect.poll(() => text(page, 'moves'), LONG).toBe(String(moves + 1));
  await expect.poll(async () => added(slid, await readTiles(page, 4)), LONG).toBe(1);
}

/** Page errors, without the browser's notes of a socket that could not connect (server down). */
const pageErrors = (errors: string[]) =>
  errors.filter((e) => !/WebSocket connection to .* failed|Failed to load resource/.test(e));

describe.skipIf(reason !== null)('a ranked game’s page while the server is away', () => {
  const site = useServedSite();

  it('holds, says why, and plays on once the server is back', async () => {
    const { context, page, errors } = await openPage(site.browser, { reducedMotion: true });
    await startRanked(page, site.url, 'play-ranked-2048', { name: 'Eve' });
    await blur(page);
    for (let i = 0; i < 3; i++) await playOne(page);
    const cells = await readTiles(page, 4);
    const score = await text(page, 'score');

    await site.server.close();
    await expect.poll(() => text(page, 'notice'), LONG).toBe(DROPPED);
    for (const dir of ['left', 'down', 'right', 'up'] as const)
      await page.keyboard.press(ARROW[dir]);
    // A swipe on the board too.
    const box = (await page.locator('[data-testid=board]').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await page.waitForTimeout(300);
    expect(await readTiles(page, 4)).toEqual(cells);
    expect(await text(page, 'moves')).toBe('3');
    expect(await text(page, 'score')).toBe(score);
    expect(await text(page, 'notice')).toBe(NOT_SENT);
    await page.waitForTimeout(2500);
    expect(await text(page, 'notice')).toBe(NOT_SENT);
    expect(await readTiles(page, 4)).toEqual(cells);
    await screenshot(page, 'ranked-server-gone');

    await site.restart();
    await expect.poll(() => text(page, 'notice'), LONG).toBe('');
    expect(await readTiles(page, 4)).toEqual(cells);
    expect(await text(page, 'moves')).toBe('3');
    await playOne(page);
    expect(await text(page, 'moves')).toBe('4');
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  it('a second tab takes the game: the first says so and holds, until a reload takes it back', async () => {
    const { context, page, errors } = await openPage(site.browser, { reducedMotion: true });
    await startRanked(page, site.url, 'play-ranked-2048', { name: 'Gus' });
    await blur(page);
    await playOne(page);

    const tab = await context.newPage();
    await tab.goto(`${site.url}#ranked-2048`);
    await expect.poll(() => text(tab, 'moves'), LONG).toBe('1');
    await page.bringToFront();
    await expect.poll(() => text(page, 'notice'), LONG).toBe(REPLACED);
    const cells = await readTiles(page, 4);
    for (const dir of ['left', 'down', 'right', 'up'] as const)
      await page.keyboard.press(ARROW[dir]);
    await page.waitForTimeout(300);
    expect(await readTiles(page, 4)).toEqual(cells);
    expect(await text(page, 'moves')).toBe('1');

    // The second tab plays on; the first, reloaded, takes the game back where it now stands.
    await blur(tab);
    await playOne(tab);
    const now = await readTiles(tab, 4);
    await page.reload();
    await expect.poll(() => text(page, 'moves'), LONG).toBe('2');
    expect(await readTiles(page, 4)).toEqual(now);
    await expect.poll(() => text(tab, 'notice'), LONG).toBe(REPLACED);
    await blur(page);
    await playOne(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws the slide alone while the server’s answer is held, then the tile where it was dealt', async () => {
    const { context, page, errors } = await openPage(site.browser, { reducedMotion: true });
    const socket = await holdServerFrames(page, /\/api\/ranked\/socket(?:\?|$)/);
    await startRanked(page, site.url, 'play-ranked-2048', { name: 'Ida' });
    await expect.poll(() => text(page, 'notice'), LONG).toBe('');
    await blur(page);

    for (let i = 0; i < 3; i++) {
      const cells = await readTiles(page, 4);
      const dir = legalMoves(cells)[0]!;
      const slid = slideValid(cells, dir).cells;
      socket.holding = true;
      await page.keyboard.press(ARROW[dir]);
      await expect.poll(() => socket.held.length, LONG).toBeGreaterThan(0);
      // The server took it and dealt its tile; the page shows the slide alone, and waits: the
      // moves counted are the server's answers that came.
      await page.waitForTimeout(200);
      expect(await readTiles(page, 4)).toEqual(slid);
      expect(await text(page, 'moves')).toBe(String(i));
      expect(await page.getAttribute('[data-testid=board]', 'aria-busy')).toBe('true');
      const moved = socket.held.map((m) => JSON.parse(m)).find((m) => m.type === 'moved');
      expect(moved?.tile).toBeTruthy();
      // Let through: the tile appears where the server dealt it, and nowhere else.
      socket.release();
      const want = slid.map((row) => row.slice());
      want[moved.tile.row]![moved.tile.col] = moved.tile.value;
      await expect.poll(() => readTiles(page, 4), LONG).toEqual(want);
      expect(await text(page, 'moves')).toBe(String(i + 1));
      await expect
        .poll(() => page.getAttribute('[data-testid=board]', 'aria-busy'), LONG)
        .toBe('false');
    }
    // Nothing the page received told the seed.
    expect(socket.frames.length).toBeGreaterThan(3);
    for (const f of socket.frames) expect(f).not.toMatch(/"seed"|"rng"/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
