/**
 * An online room's page never shows what the server did not take, in Debian's Chromium against
 * a real `slidebox serve` (its app and database in this process, serving the built web app):
 * the server stopped mid-match — keys change neither board nor score, the notice says why and
 * keeps saying it, and once the server is back on the same port the page plays again; the same
 * seat opened in a second tab of the same browser (so with the seat's key) — the first tab says
 * it was replaced, its keys change nothing, its Take the seat back button works and the second
 * tab is then the replaced one (and takes it back with T), and a duel's placer replaced so places
 * nothing by taps or keys; the player whose seat was left empty told they forfeited; and a bad
 * room code's error next to the Join field it was typed in.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whoIs } from '../../src/engine/duel.ts';
import {
  newDatabaseTarget,
  startTestServer,
  type TestServer,
} from '../../src/testing/serverHarness.ts';
import {
  boardsOf,
  equal,
  giveName,
  home,
  LONG,
  legalSlide,
  makeVersusRoom,
  type Person,
  person,
  playOne,
  SIZE,
  text,
  versusBoards,
  versusKey,
  watchRoom,
} from './helpers/webRoom.ts';
import {
  buildSite,
  chromiumOrSkip,
  DIST,
  launchBrowser,
  outOfView,
  readBoardTiles,
  screenshot,
} from './webHarness.ts';

const reason = chromiumOrSkip('web online rooms held back');

const B1 = '[data-testid=board-1]';
const B2 = '[data-testid=board-2]';

const DROPPED = 'The connection dropped: reconnecting… Your keys do nothing until it is back.';
const REPLACED =
  'This seat is now played in another window or tab: keys here do nothing. Take it back to play here, or leave.';

async function sqlite(): Promise<string> {
  const target = await newDatabaseTarget('sqlite');
  if (typeof target !== 'string') throw new Error(target.skip);
  return target;
}

/** Ada makes a versus room, Bob opens its link: both see the boards; the room's code. */
async function twoPlayers(one: Person, two: Person, url: string): Promise<string> {
  const code = await makeVersusRoom(one.page, url, 'Ada');
  await two.page.goto(`${url}#room=${code}`);
  await giveName(two.page, 'Bob');
  for (const p of [one.page, two.page]) {
    await p.locator(`${B1} .tile`).first().waitFor(LONG);
    await expect.poll(() => p.locator('[data-testid=room-wait]').isHidden(), LONG).toBe(true);
  }
  return code;
}

/** Each pressing every slide key of their own board (the boards do not matter). */
async function pressAll(page: Page, board: string): Promise<void> {
  for (const dir of ['left', 'down', 'right', 'up', 'left'] as const) {
    await page.keyboard.press(versusKey(board, dir));
  }
}

/** Page errors, without the browser's notes of a socket that could not connect (server down). */
const pageErrors = (p: Person) =>
  p.errors.filter((e) => !/WebSocket connection to .* failed|Failed to load resource/.test(e));

describe.skipIf(reason !== null)('an online room’s page shows only what the server took', () => {
  let browser: Browser;
  let server: TestServer;
  let target: string;
  let url: string;

  beforeAll(async () => {
    await buildSite();
    target = await sqlite();
    server = await startTestServer(target, { webRoot: DIST });
    url = `${server.url}/`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the server stopped mid-match: keys change nothing, the page says why, and plays again once it is back', async () => {
    const one = await person(browser);
    const two = await person(browser);
    const code = await twoPlayers(one, two, url);
    const seen = watchRoom(server.url, code);
    for (let i = 0; i < 2; i++) {
      await playOne(one.page, B1, i);
      await playOne(two.page, B2, i + 1);
      await one.page.waitForTimeout(60);
    }
    await expect.poll(() => seen.view().log.length, LONG).toBe(4);
    for (const p of [one.page, two.page]) {
      await expect
        .poll(async () => equal(await versusBoards(p), boardsOf(seen.view().match)), LONG)
        .toBe(true);
    }
    const boards = await versusBoards(one.page);
    const score = await text(one.page, 'score-1');
    const log = [...seen.view().log];

    await server.close();
    await expect.poll(() => text(one.page, 'notice'), LONG).toBe(DROPPED);
    expect(await text(one.page, 'seat-state-1')).toBe('reconnecting…');
    expect(await one.page.textContent('.screen-room .keys-help')).toBe(
      'Your keys do nothing until the connection is back · Q or Esc menu',
    );
    // Every key of the board, and a swipe: nothing moves, nothing is counted, and it says so.
    await pressAll(one.page, B1);
    const box = (await one.page.locator(B1).boundingBox())!;
    await one.page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
    await one.page.mouse.down();
    await one.page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 });
    await one.page.mouse.up();
    await one.page.waitForTimeout(300);
    expect(await versusBoards(one.page)).toEqual(boards);
    expect(await text(one.page, 'score-1')).toBe(score);
    expect(await text(one.page, 'notice')).toBe(
      'Not sent: the connection dropped. Reconnecting… your board shows only the moves the server took.',
    );
    // Several tries to reconnect later, it still says so, and still nothing moved.
    await one.page.waitForTimeout(2500);
    expect(await text(one.page, 'notice')).toMatch(/^Not sent: the connection dropped/);
    expect(await versusBoards(one.page)).toEqual(boards);
    expect(await text(one.page, 'score-1')).toBe(score);
    await screenshot(one.page, 'online-server-gone');

    // The server comes back on the same port with the same database: the pages take the room's
    // state, say once that the server changed (until the room changes), and a key plays again
    // (sent, taken, shown).
    server = await startTestServer(target, { webRoot: DIST }, Number(new URL(url).port));
    for (const p of [one.page, two.page]) {
      await expect
        .poll(() => text(p, 'notice'), LONG)
        .toBe('The server changed: the match goes on where its last answered move left it.');
    }
    expect(await text(one.page, 'seat-state-1')).toBe('connected');
    await expect.poll(() => seen.view().status, LONG).toBe('open');
    expect(seen.view().log).toEqual(log);
    expect(await versusBoards(one.page)).toEqual(boards);
    const dir = (await legalSlide(one.page, B1, 0))!;
    await one.page.keyboard.press(versusKey(B1, dir));
    // Taken: the log grows by that slide, with the tile the server dealt for it (`0l/232`).
    await expect.poll(() => seen.view().log.length, LONG).toBe(log.length + 1);
    expect(seen.view().log.slice(0, -1)).toEqual(log);
    expect(seen.view().log.at(-1)).toMatch(new RegExp(`^0${dir[0]}/[0-3]{2}\\d+$`));
    for (const p of [one.page, two.page]) {
      await expect
        .poll(async () => equal(await versusBoards(p), boardsOf(seen.view().match)), LONG)
        .toBe(true);
      // The room changed (a move taken): said no more.
      await expect.poll(() => text(p, 'notice'), LONG).toBe('');
    }
    seen.close();
    expect(pageErrors(one)).toEqual([]);
    expect(pageErrors(two)).toEqual([]);
    await one.context.close();
    await two.context.close();
  });

  it('the same seat opened in a second tab: the first is told, its keys do nothing, and it takes the seat back', async () => {
    const one = await person(browser);
    const two = await person(browser);
    const code = await twoPlayers(one, two, url);
    const seen = watchRoom(server.url, code);
    await playOne(one.page, B1, 0);
    await expect.poll(() => seen.view().log.length, LONG).toBe(1);

    // Ada opens the room again in a second tab of the same browser: it has her seat's key.
    const tab = await one.context.newPage();
    await tab.goto(`${url}#room=${code}`);
    await tab.locator(`${B1} .tile`).first().waitFor(LONG);
    await expect.poll(() => text(tab, 'seat-name-1'), LONG).toBe('Ada (you)');
    expect(await tab.locator('[data-testid=name-dialog]').count()).toBe(0);

    const first = one.page;
    await first.bringToFront();
    await expect.poll(() => text(first, 'notice'), LONG).toBe(REPLACED);
    expect(await first.locator('[data-testid=room-hold]').isVisible()).toBe(true);
    expect(await text(first, 'seat-state-1')).toBe('played in another window or tab');
    const before = await versusBoards(first);
    const score = await text(first, 'score-1');
    await pressAll(first, B1);
    await first.waitForTimeout(300);
    expect(await versusBoards(first)).toEqual(before);
    expect(await text(first, 'score-1')).toBe(score);
    expect(await text(first, 'notice')).toMatch(/^Not sent: this seat is now played/);
    // Nothing reached the server; the other player and the new tab show what it has.
    expect(seen.view().log.length).toBe(1);
    for (const p of [tab, two.page]) {
      expect(await versusBoards(p)).toEqual(boardsOf(seen.view().match));
    }
    // A move in the new tab is the seat's.
    await tab.bringToFront();
    await playOne(tab, B1, 1);
    await expect.poll(() => seen.view().log.length, LONG).toBe(2);
    await screenshot(first, 'online-seat-replaced');

    // Take the seat back in the first tab: it plays again, the new tab is the replaced one.
    await first.bringToFront();
    await first.click('[data-testid=room-hold] [data-action=take-back]');
    await expect.poll(() => text(first, 'notice'), LONG).toBe('');
    expect(await first.locator('[data-testid=room-hold]').isHidden()).toBe(true);
    await expect
      .poll(async () => equal(await versusBoards(first), boardsOf(seen.view().match)), LONG)
      .toBe(true);
    await expect.poll(() => text(tab, 'notice'), LONG).toBe(REPLACED);
    await playOne(first, B1, 2);
    await expect.poll(() => seen.view().log.length, LONG).toBe(3);
    const shown = await versusBoards(tab);
    await tab.bringToFront();
    await pressAll(tab, B1);
    await tab.waitForTimeout(300);
    expect(await versusBoards(tab)).toEqual(shown);
    expect(seen.view().log.length).toBe(3);

    // And back the other way with its key: T in the second tab.
    await tab.keyboard.press('t');
    await expect.poll(() => text(tab, 'notice'), LONG).toBe('');
    await expect.poll(() => text(first, 'notice'), LONG).toBe(REPLACED);
    await playOne(tab, B1, 3);
    await expect.poll(() => seen.view().log.length, LONG).toBe(4);

    seen.close();
    expect(one.errors).toEqual([]);
    expect(two.errors).toEqual([]);
    await one.context.close();
    await two.context.close();
  });

  it('a duel’s placer replaced by a second tab: taps and keys there place nothing', async () => {
    const one = await person(browser);
    await home(one.page, url);
    await one.page.click('[data-testid=play-online-duel]');
    await giveName(one.page, 'Ada');
    await one.page.locator('[data-testid=room-code]').waitFor(LONG);
    const code = (await text(one.page, 'room-code'))!;
    const two = await person(browser);
    await two.page.goto(`${url}#room=${code}`);
    await giveName(two.page, 'Bob');
    const board = '.screen-duel [data-testid=board]';
    for (const p of [one.page, two.page]) await p.locator(board).waitFor(LONG);
    const seen = watchRoom(server.url, code);
    await expect.poll(() => seen.view().seats[1]?.name, LONG).toBe('Bob');
    const m = seen.view().match;
    if (m?.kind !== 'duel') throw new Error('not a duel');
    const placer = whoIs(m.duel).placer === 0 ? one : two;
    await expect
      .poll(() => text(placer.page, 'turn'), LONG)
      .toBe('You place a 2 or a 4: tap an empty cell.');
    const tab = await placer.context.newPage();
    await tab.goto(`${url}#room=${code}`);
    await tab.locator(board).waitFor(LONG);
    await placer.page.bringToFront();
    await expect.poll(() => text(placer.page, 'notice'), LONG).toBe(REPLACED);
    const before = await readBoardTiles(placer.page, board, SIZE);
    const box = (await placer.page.locator(board).boundingBox())!;
    for (const [row, col] of [
      [0, 0],
      [3, 3],
    ]) {
      await placer.page.mouse.click(
        box.x + ((col! + 0.5) / SIZE) * box.width,
        box.y + ((row! + 0.5) / SIZE) * box.height,
      );
    }
    await placer.page.keyboard.press('2');
    await placer.page.waitForTimeout(300);
    expect(await readBoardTiles(placer.page, board, SIZE)).toEqual(before);
    expect(await text(placer.page, 'notice')).toMatch(/^Not sent: this seat is now played/);
    expect(seen.view().log).toEqual([]);
    seen.close();
    await one.context.close();
    await two.context.close();
  });

  it('tells a bad room code next to the Join field it was typed in', async () => {
    const p = await person(browser);
    await home(p.page, url);
    const err = '[data-testid=join-error-versus]';
    expect(await p.page.locator(err).isHidden()).toBe(true);
    await p.page.fill('[data-testid=join-input-versus]', 'hello');
    await p.page.click('[data-testid=join-versus]');
    await expect
      .poll(() => text(p.page, 'join-error-versus'), LONG)
      .toBe('“hello” is not a room: a room code is 7 letters and digits such as ACDE479.');
    // Right under the field, in the card's online part; not on the page's notice line.
    const field = (await p.page.locator('[data-testid=join-input-versus]').boundingBox())!;
    const line = (await p.page.locator(err).boundingBox())!;
    expect(line.y).toBeGreaterThanOrEqual(field.y + field.height - 1);
    expect(line.y - (field.y + field.height)).toBeLessThan(40);
    expect(line.x).toBeLessThan(field.x + field.width);
    expect(await p.page.locator(`[data-testid=online-versus] ${err}`).count()).toBe(1);
    expect(await text(p.page, 'home-notice')).toBe('');
    expect(await p.page.getAttribute('[data-testid=join-input-versus]', 'aria-invalid')).toBe(
      'true',
    );
    expect(new URL(p.page.url()).hash).toBe('');
    await screenshot(p.page, 'online-join-bad-code');
    // Typing again: what was said of the last code is over.
    await p.page.type('[data-testid=join-input-versus]', 'x');
    expect(await p.page.locator(err).isHidden()).toBe(true);

    // A code no room has: said there too, the page stays home.
    await p.page.fill('[data-testid=join-input-duel]', 'acde-fgh');
    await p.page.click('[data-testid=join-duel]');
    await expect
      .poll(() => text(p.page, 'join-error-duel'), LONG)
      .toBe('No room has the code ACDEFGH (it may have expired).');
    expect(new URL(p.page.url()).hash).toBe('');
    expect(await p.page.locator(err).isHidden()).toBe(true);
    // The browser notes the server's 404 for the room looked up; nothing else.
    expect(p.errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await p.context.close();
  });

  it('says a code of the right length that no room can have is no room, in view at 1280×800', async () => {
    const p = await person(browser);
    await p.page.setViewportSize({ width: 1280, height: 800 });
    await home(p.page, url);
    // Seven letters and digits, but 8 is never in a room code (it looks like B).
    await p.page.fill('[data-testid=join-input-versus]', 'ACDE478');
    await p.page.click('[data-testid=join-versus]');
    await expect
      .poll(() => text(p.page, 'join-error-versus'), LONG)
      .toBe('No room has the code ACDE478 (room codes have no 8).');
    expect(await outOfView(p.page, ['[data-testid=join-error-versus]'])).toEqual([]);
    expect(new URL(p.page.url()).hash).toBe('');
    // A room code of the right letters that no room has: the server's reason, in view too.
    await p.page.fill('[data-testid=join-input-duel]', 'ACDE479');
    await p.page.click('[data-testid=join-duel]');
    await expect
      .poll(() => text(p.page, 'join-error-duel'), LONG)
      .toBe('No room has the code ACDE479 (it may have expired).');
    expect(await outOfView(p.page, ['[data-testid=join-error-duel]'])).toEqual([]);
    expect(p.errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await p.context.close();
  });
});

describe.skipIf(reason !== null)('a seat left empty too long', () => {
  let browser: Browser;
  let server: TestServer;

  beforeAll(async () => {
    await buildSite();
    server = await startTestServer(await sqlite(), { webRoot: DIST, forfeitMs: 1500 });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('tells the player who forfeited so, in words meant for them', async () => {
    const url = `${server.url}/`;
    const one = await person(browser);
    const two = await person(browser);
    const code = await twoPlayers(one, two, url);
    // Bob leaves the page; Ada stays.
    await two.page.goto('about:blank');
    await expect.poll(() => text(one.page, 'result-title'), LONG).toBe('You win!');
    expect(await text(one.page, 'result-detail')).toBe('Bob was away too long.');
    // Bob comes back (his seat's key kept in his browser): the result speaks to him.
    await two.page.goto(`${url}#room=${code}`);
    await expect.poll(() => text(two.page, 'result-title'), LONG).toBe('You forfeited.');
    expect(await text(two.page, 'result-detail')).toBe('You were away too long, and Ada wins.');
    expect(await text(two.page, 'seat-name-2')).toBe('Bob (you)');
    expect(one.errors).toEqual([]);
    await one.context.close();
    await two.context.close();
  });
});
