/**
 * A server that stops answering (a real `slidebox serve` stopped with SIGSTOP: its sockets stay
 * open, nothing comes back), in Debian's Chromium: in a versus room, your slides are drawn
 * ahead but marked pending (your board dimmed, labelled "pending"), a merging slide's points
 * not in your score, "Waiting for the server (N)" under the notice, nothing said to screen readers about them and nothing on the other's
 * card; within a few seconds both seats on both pages say "not answering" and a key changes
 * nothing; in a ranked 2048 game the slide is drawn pending, the notice counts what waits, then
 * says the server is not answering, and the score stays the server's (the slide's points come
 * with its answer). Let run again (SIGCONT), the server takes the moves, the
 * marks go, the seats say "connected" and the moves are said.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalMoves, slide } from '../../src/engine/game2048.ts';
import { tempDir } from '../../src/testing/tempDir.ts';
import { buildCli, type Served, startServe, stopServe } from './helpers/serve.ts';
import { blur, startRanked } from './helpers/webRanked.ts';
import {
  giveName,
  LONG,
  makeVersusRoom,
  person,
  playOne,
  text,
  versusKey,
} from './helpers/webRoom.ts';
import {
  ARROW,
  buildSite,
  chromiumOrSkip,
  launchBrowser,
  openPage,
  readBoardTiles,
  readTiles,
  screenshot,
} from './webHarness.ts';

const reason = chromiumOrSkip('web pages with a server that stops answering');

const NOT_ANSWERING = 'The server is not answering: your keys do nothing until it does.';
const WAITING = /^Waiting for the server \(\d+\)\.$/;
const SILENT = { timeout: 8000 };

/** Keeps every sentence the page says to screen readers (its live region), in `window.said`. */
async function listen(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { said: string[] };
    w.said = [];
    const start = () => {
      const live = document.getElementById('live');
      if (!live) return;
      new MutationObserver(() => w.said.push(live.textContent ?? '')).observe(live, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
    else start();
  });
}

const said = (page: Page) => page.evaluate(() => (window as unknown as { said: string[] }).said);

describe.skipIf(reason !== null)('pages whose server stops answering', () => {
  let browser: Browser;
  let served: Served | null = null;
  let stopped = false;
  const stop = () => {
    served!.child.kill('SIGSTOP');
    stopped = true;
  };
  const resume = () => {
    served!.child.kill('SIGCONT');
    stopped = false;
  };

  beforeAll(async () => {
    buildCli();
    await buildSite();
    served = await startServe(['--data-dir', tempDir('slidebox-serve-'), '--rate-limit', '0']);
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    if (stopped) served?.child.kill('SIGCONT');
    await browser?.close();
    await stopServe(served);
  });

  it('a versus room: slides drawn pending and unsaid, both seats "not answering", then taken', async () => {
    const url = `${served!.url}/`;
    const one = await person(browser);
    const two = await person(browser);
    await listen(one.page);
    const code = await makeVersusRoom(one.page, url, 'Ada');
    await two.page.goto(`${url}#room=${code}`);
    await giveName(two.page, 'Bob');
    for (const p of [one.page, two.page]) {
      await p.locator('[data-testid=board-1] .tile').first().waitFor(LONG);
      await expect.poll(() => p.locator('[data-testid=room-wait]').isHidden(), LONG).toBe(true);
    }
    // Played on (the server answering) until a slide of Ada's would gain points.
    const board1 = '[data-testid=board-1]';
    const side = one.page.locator('[data-testid=side-1]');
    const gainingSlide = async () => {
      const cells = await readBoardTiles(one.page, board1, 4);
      return legalMoves(cells).find((d) => slide(cells, d).gained > 0) ?? null;
    };
    for (let turn = 0; turn < 40 && (await gainingSlide()) === null; turn++) {
      const drawn = await readBoardTiles(one.page, board1, 4);
      expect(await playOne(one.page, board1, turn)).toBe(true);
      await expect.poll(() => readBoardTiles(one.page, board1, 4), LONG).not.toEqual(drawn);
      await expect.poll(() => side.getAttribute('class'), LONG).not.toMatch(/\bpending\b/);
    }
    const gaining = await gainingSlide();
    expect(gaining).not.toBe(null);
    const incoming = await text(two.page, 'incoming-2');
    const score = await text(one.page, 'score-1');
    const before = (await said(one.page)).length;

    stop();
    await one.page.keyboard.press(versusKey(board1, gaining!));
    await one.page.keyboard.press('s');
    await one.page.keyboard.press('d');
    await expect.poll(() => side.getAttribute('class'), LONG).toMatch(/\bpending\b/);
    // Drawn ahead, its points not in the score before the server took the slide.
    expect(await text(one.page, 'score-1')).toBe(score);
    await expect.poll(() => text(one.page, 'net-waiting'), LONG).toMatch(WAITING);
    // Within a few seconds both pages say the server is not answering, for both seats.
    for (const p of [one.page, two.page]) {
      await expect.poll(() => text(p, 'seat-state-1'), SILENT).toBe('not answering');
      expect(await text(p, 'seat-state-2')).toBe('not answering');
    }
    expect(await text(one.page, 'notice')).toBe(NOT_ANSWERING);
    // Still drawn, still marked, the score the server's; not said, not on the other's card.
    expect(await side.getAttribute('class')).toMatch(/\bpending\b/);
    expect(await text(one.page, 'score-1')).toBe(score);
    await screenshot(one.page, 'web-room-not-answering');
    const silent = (await said(one.page)).slice(before);
    expect(silent.filter((s) => /\bYou\b|score/i.test(s))).toEqual([]);
    expect(await text(one.page, 'incoming-2')).toBe(incoming);
    // A key now changes nothing.
    const drawn = await readTiles(one.page, 4).catch(() => null);
    await one.page.keyboard.press('a');
    await one.page.waitForTimeout(200);
    expect(await readTiles(one.page, 4).catch(() => null)).toEqual(drawn);

    resume();
    await expect.poll(() => side.getAttribute('class'), LONG).not.toMatch(/\bpending\b/);
    await expect.poll(() => text(one.page, 'net-waiting'), LONG).toBe('');
    for (const p of [one.page, two.page]) {
      await expect.poll(() => text(p, 'seat-state-2'), LONG).toBe('connected');
      await expect.poll(() => text(p, 'seat-state-1'), LONG).toBe('connected');
    }
    await expect
      .poll(async () => (await said(one.page)).slice(before).some((s) => /^You\b/.test(s)), LONG)
      .toBe(true);
    expect(await text(one.page, 'notice')).toBe('');
  }, 90_000);

  it('a ranked 2048 game: the slide drawn pending and counted, "not answering", then taken', async () => {
    const { page } = await openPage(browser, { reducedMotion: true });
    await listen(page);
    await startRanked(page, `${served!.url}/`, 'play-ranked-2048', { name: 'Eve' });
    await blur(page);
    // Played on (the server answering) until a slide would gain points.
    let cells = await readTiles(page, 4);
    let moves = 0;
    while (!legalMoves(cells).some((d) => slide(cells, d).gained > 0) && moves < 200) {
      await page.keyboard.press(ARROW[legalMoves(cells)[0]!]);
      moves++;
      await expect.poll(() => text(page, 'moves'), LONG).toBe(String(moves));
      await expect.poll(() => page.locator('.board-2048 .tile.merge-source').count()).toBe(0);
      cells = await readTiles(page, 4);
    }
    const gaining = legalMoves(cells).find((d) => slide(cells, d).gained > 0)!;
    expect(gaining).toBeDefined();
    const score = await text(page, 'score');
    const before = (await said(page)).length;

    stop();
    await page.keyboard.press(ARROW[gaining]);
    const board = page.locator('[data-testid=board]');
    await expect.poll(() => board.getAttribute('class'), LONG).toMatch(/\bpending\b/);
    // The slide is drawn, marked; its points are not in the score before the server took it.
    await expect.poll(() => readTiles(page, 4), LONG).not.toEqual(cells);
    expect(await text(page, 'score')).toBe(score);
    expect(await text(page, 'moves')).toBe(String(moves));
    await expect.poll(() => text(page, 'notice'), LONG).toMatch(WAITING);
    // Not answering, and what waits still counted.
    await expect
      .poll(() => text(page, 'notice'), SILENT)
      .toBe(`${NOT_ANSWERING} Waiting for the server (1).`);
    await screenshot(page, 'web-ranked-not-answering');
    await page.keyboard.press(ARROW.left);
    await expect
      .poll(() => text(page, 'notice'), LONG)
      .toBe('Not sent: the server is not answering. Waiting for the server (1).');
    expect((await said(page)).slice(before).filter((s) => /Moved|Score/.test(s))).toEqual([]);

    expect(await text(page, 'score')).toBe(score);

    resume();
    await expect.poll(() => board.getAttribute('class'), LONG).not.toMatch(/\bpending\b/);
    await expect.poll(() => text(page, 'moves'), LONG).toBe(String(moves + 1));
    const gained = slide(cells, gaining).gained;
    const counted = Number(score!.replace(/,/g, '')) + gained;
    await expect.poll(() => text(page, 'score'), LONG).toBe(counted.toLocaleString('en-US'));
    await expect
      .poll(async () => (await said(page)).slice(before).some((s) => /^Moved /.test(s)), LONG)
      .toBe(true);
    await expect.poll(() => text(page, 'notice'), LONG).toBe('');
  }, 90_000);
});
