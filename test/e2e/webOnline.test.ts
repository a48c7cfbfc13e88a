/**
 * Online rooms in the web app against a real `slidebox serve` (its app and database in this
 * process, serving the built web app with its Content-Security-Policy), in Debian's Chromium,
 * one browser context per person: a versus room made from the card (the name asked for in the
 * page), its code and link shown while it waits, the link copied and opened by a second player,
 * both playing with their keyboards to the end and shown the same result, a third person
 * watching the boards change live, a reload mid-match taking the seat back; and a duel joined
 * by its code on the card, the placer tapping cells and the slider pressing keys in turn, a
 * move out of turn doing nothing, and a player gone shown as away with the forfeit counted down.
 * The server's own view of every room comes from a room client in this process, watching.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { whoIs } from '../../src/engine/duel.ts';
import type { Side } from '../../src/net/rooms.ts';
import { useServedSite } from './helpers/servedSite.ts';
import {
  boardsOf,
  equal,
  giveName,
  home,
  LONG,
  over,
  person,
  playOne,
  SIZE,
  text,
  versusBoards,
  watchRoom,
} from './helpers/webRoom.ts';
import { chromiumOrSkip, readBoardTiles, readClipboard, screenshot } from './webHarness.ts';

const reason = chromiumOrSkip('web online rooms');

/** Names are other players' text: markup here must show as the characters typed. */
const ADA = '<b>Ada</b>';
const BOB = 'Bob & <i>co</i>';

describe.skipIf(reason !== null)('online rooms in the browser against slidebox serve', () => {
  const site = useServedSite();

  it('plays a versus room made from the card to its end, watched live, with a reload taking the seat back', async () => {
    const one = await person(site.browser);
    await home(one.page, site.url);
    await one.page.selectOption('[data-testid=versus-target]', '32');
    await one.page.click('[data-testid=play-online-versus]');
    await giveName(one.page, ADA);
    await one.page.locator('[data-testid=room-code]').waitFor(LONG);
    const code = (await text(one.page, 'room-code'))!;
    expect(code).toMatch(/^[A-Z0-9]{7}$/);
    expect(new URL(one.page.url()).hash).toBe(`#room=${code}`);
    await expect
      .poll(() => text(one.page, 'room-status'), LONG)
      .toBe('Waiting for the other player…');
    await expect.poll(() => text(one.page, 'seat-name-1')).toBe(`${ADA} (you)`);
    expect(await text(one.page, 'seat-state-2')).toBe('not joined yet');
    await one.page.click('[data-action=copy-link]');
    const link = `${site.url}#room=${code}`;
    await expect.poll(() => readClipboard(one.page)).toBe(link);
    await screenshot(one.page, 'online-waiting');

    const server0 = watchRoom(site.server.url, code);
    const two = await person(site.browser);
    await two.page.goto(link);
    await giveName(two.page, BOB);
    for (const p of [one.page, two.page]) {
      await p.locator('[data-testid=board-1] .tile').first().waitFor(LONG);
      expect(await p.locator('[data-testid=room-wait]').isHidden()).toBe(true);
    }
    await expect.poll(() => text(one.page, 'seat-name-2')).toBe(BOB);
    await expect.poll(() => text(one.page, 'seat-state-2')).toBe('connected');
    await expect.poll(() => text(two.page, 'seat-name-2')).toBe(`${BOB} (you)`);
    expect(await text(two.page, 'seat-name-1')).toBe(ADA);
    // Names are text: no element made of them.
    expect(await one.page.locator('.seat b, .seat i, .side b, .side i').count()).toBe(0);

    // A third person opens the link: both seats are taken, so they watch (no name asked).
    const watcher = await person(site.browser);
    await watcher.page.goto(link);
    await watcher.page.locator('[data-testid=board-2] .tile').first().waitFor(LONG);
    expect(await watcher.page.locator('[data-testid=name-dialog]').count()).toBe(0);
    expect(await text(watcher.page, 'seat-name-1')).toBe(ADA);

    const play = async (rounds: number, from: number) => {
      for (let i = from; i < from + rounds; i++) {
        if (await over(one.page)) return;
        await playOne(one.page, '[data-testid=board-1]', i);
        await playOne(two.page, '[data-testid=board-2]', i + 1);
        // A pace the server takes (20 messages a second per connection).
        await one.page.waitForTimeout(60);
      }
    };
    await play(4, 0);
    // Both players' moves reach everyone: the server's boards, on every page.
    await expect.poll(() => server0.view().log.length, LONG).toBeGreaterThan(4);
    /** Every page shows the server's boards (once the actions in flight have arrived). */
    const settled = async (pages: readonly Page[]) => {
      for (const p of pages) {
        await expect
          .poll(async () => equal(await versusBoards(p), boardsOf(server0.view().match)), LONG)
          .toBe(true);
      }
    };
    await settled([one.page, two.page, watcher.page]);
    await screenshot(one.page, 'online-versus-playing');

    // Player two reloads: the seat is taken back (the token kept in the browser), the same boards.
    const before = boardsOf(server0.view().match);
    await two.page.reload();
    await two.page.locator('[data-testid=board-2] .tile').first().waitFor(LONG);
    await expect.poll(() => text(two.page, 'seat-name-2'), LONG).toBe(`${BOB} (you)`);
    await expect.poll(() => versusBoards(two.page), LONG).toEqual(before);
    expect(await two.page.locator('[data-testid=name-dialog]').count()).toBe(0);
    await expect.poll(() => text(one.page, 'seat-state-2'), LONG).toBe('connected');

    // On to the end, the watcher following live.
    for (let r = 4; !(await over(one.page)) && r < 400; r += 8) {
      await play(8, r);
      if (!server0.view().result) await settled([watcher.page]);
    }
    await expect.poll(() => server0.view().result, LONG).not.toBeNull();
    const result = server0.view().result!;
    expect(result.reason).toBe('play');
    const winner = result.winner;
    const names = [ADA, BOB];
    const titles =
      winner === 'draw'
        ? ['Draw.', 'Draw.', 'Draw.']
        : [0, 1, null].map((you) => (you === winner ? 'You win!' : `${names[winner]} wins!`));
    const pages = [one.page, two.page, watcher.page];
    for (const [i, p] of pages.entries()) {
      await expect.poll(() => text(p, 'result-title'), LONG).toBe(titles[i]);
      await expect.poll(() => versusBoards(p), LONG).toEqual(boardsOf(server0.view().match));
    }
    const details = await Promise.all(pages.map((p) => text(p, 'result-detail')));
    expect(new Set(details).size).toBe(1);
    // The replay link of the finished match; players get Rematch, the watcher does not.
    for (const p of pages) {
      expect(await p.getAttribute('[data-testid=replay-link]', 'href')).toBe(
        `#replay=${result.code}`,
      );
    }
    expect(await watcher.page.locator('.overlay-over [data-action=rematch]').count()).toBe(0);
    // Watchers are shown the watcher's keys, never a rematch.
    const watchKeys = 'You are watching: the boards change as the players move · Q or Esc menu';
    expect(await watcher.page.textContent('.screen-room .keys-help')).toBe(watchKeys);
    expect(await watcher.page.textContent('.screen-room')).not.toMatch(/rematch/i);
    await screenshot(one.page, 'online-versus-over');

    // A swipe on the finished match is refused in words, said until the next match begins.
    const box = (await one.page.locator('[data-testid=side-1]').boundingBox())!;
    await one.page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.3);
    await one.page.mouse.down();
    await one.page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.9, { steps: 5 });
    await one.page.mouse.up();
    await expect.poll(() => text(one.page, 'notice')).toBe('The match is over.');

    // A rematch: offered by one, shown to the other, accepted: a new match for everyone.
    await one.page.click('.overlay-over [data-action=rematch]');
    await expect.poll(() => text(two.page, 'rematch-line'), LONG).toBe(`${ADA} offers a rematch.`);
    expect(await text(one.page, 'rematch-line')).toBe(`Rematch offered: waiting for ${BOB}.`);
    await two.page.click('.overlay-over [data-action=rematch]');
    await expect.poll(() => server0.view().matchNo, LONG).toBe(2);
    for (const p of pages) await expect.poll(() => over(p), LONG).toBe(false);
    await expect.poll(() => text(one.page, 'notice'), LONG).toBe('');
    expect(await watcher.page.textContent('.screen-room .keys-help')).toBe(watchKeys);

    server0.close();
    for (const p of [one, two, watcher]) {
      expect(p.errors).toEqual([]);
      await p.context.close();
    }
  });

  it('plays a duel joined by code in turn: taps to place, keys to slide, nothing out of turn', async () => {
    const one = await person(site.browser);
    await home(one.page, site.url);
    await one.page.click('[data-testid=play-online-duel]');
    await giveName(one.page, 'Ada');
    await one.page.locator('[data-testid=room-code]').waitFor(LONG);
    const code = (await text(one.page, 'room-code'))!;
    const server0 = watchRoom(site.server.url, code);

    const two = await person(site.browser);
    await home(two.page, site.url);
    await two.page.fill('[data-testid=join-input-duel]', ` ${code.toLowerCase()} `);
    await two.page.click('[data-testid=join-duel]');
    await giveName(two.page, 'Bob');
    for (const p of [one.page, two.page])
      await p.locator('.screen-duel [data-testid=board]').waitFor(LONG);
    await expect.poll(() => server0.view().seats[1]?.name, LONG).toBe('Bob');

    const duel = () => {
      const m = server0.view().match;
      if (m?.kind !== 'duel') throw new Error('not a duel');
      return m.duel;
    };
    const turn = whoIs(duel());
    const pages: Record<Side, Page> = { 0: one.page, 1: two.page };
    const placer = pages[turn.placer];
    const slider = pages[turn.slider];
    await expect
      .poll(() => text(placer, 'turn'), LONG)
      .toBe('You place a 2 or a 4: tap an empty cell.');
    await expect.poll(() => text(slider, 'turn'), LONG).toMatch(/ places a 2 or a 4…$/);
    // The server's clock for the decision waited for (60 s a decision by default), counted down.
    await expect.poll(() => text(placer, 'room-clock'), LONG).toMatch(/^Your turn: \d+ s left$/);
    await expect
      .poll(() => text(slider, 'room-clock'), LONG)
      .toMatch(/^(Ada|Bob)'s turn: \d+ s left$/);

    /** Clicks the middle of a cell of the page's duel board. */
    const tap = async (page: Page, row: number, col: number) => {
      const box = (await page.locator('.screen-duel [data-testid=board]').boundingBox())!;
      await page.mouse.click(
        box.x + ((col + 0.5) / SIZE) * box.width,
        box.y + ((row + 0.5) / SIZE) * box.height,
      );
    };
    // Out of turn: the slider's keys and taps do nothing, not even a message.
    await slider.keyboard.press('ArrowLeft');
    await tap(slider, 2, 2);
    await slider.keyboard.press('2');
    // The placer taps two cells (the toggle set to 4 for the second), then the slider slides.
    await tap(placer, 0, 0);
    await placer.click('[data-value-choice="4"]');
    await tap(placer, 3, 3);
    await expect
      .poll(() => server0.view().log, LONG)
      .toEqual([`${turn.placer}p002`, `${turn.placer}p334`]);
    expect(await text(slider, 'notice')).toBe('');
    await expect.poll(() => text(slider, 'turn'), LONG).toBe('You slide.');
    // Now the placer's keys do nothing.
    await placer.keyboard.press('4');
    await slider.keyboard.press('ArrowRight');
    await expect.poll(() => server0.view().log.length, LONG).toBe(3);
    expect(server0.view().log[2]).toBe(`${turn.slider}r`);
    const want = boardsOf(server0.view().match)![0];
    for (const p of [one.page, two.page]) {
      await expect
        .poll(() => readBoardTiles(p, '.screen-duel [data-testid=board]', SIZE), LONG)
        .toEqual(want);
    }
    expect(await text(placer, 'notice')).toBe('');
    await screenshot(placer, 'online-duel');

    // The slider leaves: the placer sees them away, the forfeit counted down.
    expect(one.errors).toEqual([]);
    expect(two.errors).toEqual([]);
    await slider.context().close();
    const gone = turn.slider + 1;
    await expect
      .poll(() => text(placer, `seat-state-${gone}`), LONG)
      .toMatch(/^away — forfeits in \d+ s$/);
    server0.close();
    await placer.context().close();
  });
});
