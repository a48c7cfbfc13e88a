/**
 * The server deals, as a browser sees it: a versus room played in Debian's Chromium against a
 * real `slidebox serve`, the second player's page behind a socket route that can hold the
 * server's messages. With them held, that player's move is drawn at once as its slide alone —
 * the tile the server has already dealt (a watcher in this process has it) is not on the page —
 * and once they are let through, the tile appears where the server dealt it. Every frame the
 * page received before the result is read: no seed.
 */
import { describe, expect, it } from 'vitest';
import { previewAction } from '../../src/net/rooms.ts';
import { holdServerFrames, useServedSite } from './helpers/servedSite.ts';
import {
  boardsOf,
  equal,
  giveName,
  LONG,
  legalSlide,
  makeVersusRoom,
  person,
  text,
  versusBoards,
  versusKey,
  watchRoom,
} from './helpers/webRoom.ts';
import { chromiumOrSkip } from './webHarness.ts';

const reason = chromiumOrSkip('web online dealing');
const B2 = '[data-testid=board-2]';

describe.skipIf(reason !== null)('a web room shows a tile only once the server dealt it', () => {
  const site = useServedSite();

  it('draws your slide at once without its tile, and the tile when the server sends it', async () => {
    const one = await person(site.browser);
    const code = await makeVersusRoom(one.page, site.url, 'Ada');
    const two = await person(site.browser);
    // Bob's page talks to the server through this route: every frame is kept, and the server's
    // frames are held while `holding`.
    const socket = await holdServerFrames(two.page, /\/api\/rooms\/socket(\?|$)/);
    await two.page.goto(`${site.url}#room=${code}`);
    await giveName(two.page, 'Bob');
    await expect.poll(() => text(two.page, 'seat-name-2'), LONG).toBe('Bob (you)');
    await expect.poll(() => text(one.page, 'seat-name-2'), LONG).toBe('Bob');
    const seen = watchRoom(site.server.url, code);
    await expect.poll(() => seen.view().match !== null, LONG).toBe(true);
    const start = seen.view().match!;
    await expect
      .poll(async () => equal(await versusBoards(two.page), boardsOf(start)), LONG)
      .toBe(true);

    // Bob slides with the server's answers held: the server takes it and deals its tile (the
    // watcher has it), and Bob's page shows the slide alone.
    const dir = (await legalSlide(two.page, B2, 0))!;
    socket.holding = true;
    await two.page.keyboard.press(versusKey(B2, dir));
    await expect.poll(() => seen.view().log.length, LONG).toBe(1);
    const dealt = seen.view().match!;
    expect(seen.view().log[0]).toMatch(new RegExp(`^1${dir[0]}/[0-3]{2}[24]$`));
    const slid = previewAction(start, 1, { kind: 'slide', dir });
    if (!slid.ok) throw new Error(slid.error.message);
    await expect
      .poll(async () => equal((await versusBoards(two.page))[1], boardsOf(slid.value)![1]), LONG)
      .toBe(true);
    const shown = (await versusBoards(two.page))[1]!;
    const tiles = (b: number[][]) => b.flat().filter((v) => v !== 0).length;
    expect(tiles(shown)).toBe(tiles(boardsOf(dealt)![1]!) - 1);
    expect(socket.held.length).toBeGreaterThan(0);

    // The server's messages let through: the tile appears where the server dealt it.
    socket.release();
    await expect
      .poll(async () => equal(await versusBoards(two.page), boardsOf(dealt)), LONG)
      .toBe(true);
    // Nothing the page received told the seed.
    expect(socket.frames.length).toBeGreaterThan(2);
    for (const f of socket.frames) expect(f).not.toMatch(/"seed"|"rng"/);
    expect(two.errors).toEqual([]);
    seen.close();
    for (const p of [one, two]) await p.context.close();
  }, 60_000);
});
