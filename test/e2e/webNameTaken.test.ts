/**
 * A name held by another player, in the browser: today's 2048 played to its end and submitted
 * under a look-alike of another player's name; the server refuses it (409 name-taken), the name
 * field comes back saying so, and the game goes in under the next name, which is kept.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { newGame } from '../../src/engine/game2048.ts';
import { dailySeed, utcDay } from '../../src/front/daily.ts';
import { play2048, testPlayerKey } from '../../src/testing/games.ts';
import { call } from '../../src/testing/serverHarness.ts';
import { useServedSite } from './helpers/servedSite.ts';
import {
  chromiumOrSkip,
  losingGame,
  openPage,
  pressMoves,
  readTiles,
  settledStorage,
} from './webHarness.ts';

const reason = chromiumOrSkip('web name taken');
const LONG = { timeout: 15_000 };

describe.skipIf(reason !== null)('a name another player holds, in the browser', () => {
  const site = useServedSite();

  beforeAll(async () => {
    const held = await call(site.server.url, 'POST', '/api/scores', {
      code: play2048(8201, 40).code,
      name: 'Champion',
      playerKey: testPlayerKey(8201),
    });
    expect(held.status).toBe(201);
  });

  it('asks again with the reason, then submits under the new name', async () => {
    const start = newGame({ size: 4, target: 2048, seed: dailySeed(utcDay(Date.now()), '2048') });
    const lost = losingGame(start);
    const { page, errors } = await openPage(site.browser, { reducedMotion: true });
    await page.goto(`${site.server.url}/`);
    await page.locator('[data-testid=open-leaderboards]').waitFor(LONG);
    await page.click('[data-testid=daily-2048]');
    await expect.poll(() => readTiles(page, 4)).toEqual(start.cells);
    await pressMoves(page, lost.dirs);
    await page.locator('.overlay-over').waitFor();

    await page.click('.overlay-over [data-action=submit]');
    await page.locator('[data-testid=name-dialog]').waitFor();
    await page.fill('[data-testid=name-input]', 'CHAMPI0N');
    await page.click('[data-testid=name-ok]');
    // The server said no: the field comes back with the reason, the name in it.
    await expect
      .poll(() => page.textContent('#player-name-title'), LONG)
      .toBe('That name belongs to another player: choose another');
    expect(await page.inputValue('[data-testid=name-input]')).toBe('CHAMPI0N');
    await page.fill('[data-testid=name-input]', 'Challenger');
    await page.click('[data-testid=name-ok]');
    await expect
      .poll(() => page.textContent('[data-testid=notice]'), LONG)
      .toMatch(/^#\d+ on today's daily 2048 \(self-reported\)\.$/);
    const kept = await settledStorage(page);
    expect(JSON.parse(kept['slidebox:player']!)).toMatchObject({ name: 'Challenger' });
    expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  });
});
