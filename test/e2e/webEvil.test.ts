/**
 * 2048 with evil spawns in the real web build, in Debian's Chromium: chosen on the home screen,
 * every new tile is the placer AI's choice for the board the slide left (checked against the
 * same placer run here, on the board read off the page), the game is saved apart from the
 * natural one and resumed, and its scores are not records.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Game, newGame, play, slideValid } from '../../src/engine/game2048.ts';
import { parseGame } from '../../src/engine/save2048.ts';
import { playPlaced } from '../../src/engine/spawn.ts';
import type { Direction } from '../../src/engine/types.ts';
import { choosePlacement } from '../../src/solvers/ai2048/placer.ts';
import { chromiumOrSkip, openPage, readTiles, type Site, useBrowser } from './webHarness.ts';

const reason = chromiumOrSkip('web evil spawns');

const SIZE = 4;
const DIRS: readonly Direction[] = ['left', 'down', 'right', 'up'];
const KEY: Readonly<Record<Direction, string>> = {
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
};
const LONG = { timeout: 10_000 };
const NATURAL_KEY = 'slidebox:2048:4';
const EVIL_KEY = 'slidebox:2048:4:evil';

const fmt = (n: number) => n.toLocaleString('en-US');
const place = (cells: readonly (readonly number[])[]) => choosePlacement(cells);

async function expectGame(page: Page, game: Game): Promise<void> {
  await expect.poll(() => readTiles(page, SIZE), LONG).toEqual(game.cells);
  await expect.poll(() => page.textContent('[data-testid=score]')).toBe(fmt(game.score));
}

/** The move that scores most now (the first of DIRS on a tie), among those that move. */
function greedy(cells: readonly (readonly number[])[]): Direction {
  let best: Direction | null = null;
  let gained = -1;
  for (const d of DIRS) {
    const s = slideValid(cells, d);
    if (s.moved && s.gained > gained) {
      best = d;
      gained = s.gained;
    }
  }
  if (!best) throw new Error('no move');
  return best;
}

/** A seed whose natural game scores on its first move. */
function scoringSeed(from: number): number {
  for (let seed = from; ; seed++) {
    const g = newGame({ size: SIZE, seed });
    if (DIRS.some((d) => slideValid(g.cells, d).gained > 0)) return seed;
  }
}

/**
 * Plays a natural game a move (so it has a best score and a save), then opens an evil game
 * seeded by `evilSeed` from the home screen.
 */
async function naturalThenEvil(
  page: Page,
  url: string,
  evilSeed: number,
): Promise<{ natural: Game; best: number; evil: Game }> {
  const seed = scoringSeed(9000);
  await page.goto(`${url}?seed=${seed}#2048`);
  let natural = newGame({ size: SIZE, seed });
  await expectGame(page, natural);
  const d = greedy(natural.cells);
  await page.keyboard.press(KEY[d]);
  natural = play(natural, d);
  await expectGame(page, natural);
  expect(natural.score).toBeGreaterThan(0);
  await expect.poll(() => page.textContent('[data-testid=best]')).toBe(fmt(natural.score));
  await page.click('button[data-action=menu]');
  await page.selectOption('[data-testid=spawns]', 'evil');
  // A fresh visit, so the evil game takes its seed from the address.
  await page.goto(`${url}?seed=${evilSeed}`);
  await expect(page.locator('[data-testid=spawns]').inputValue()).resolves.toBe('evil');
  await page.click('button[data-play="2048"]');
  const evil = newGame({ size: SIZE, seed: evilSeed });
  await expectGame(page, evil);
  return { natural, best: natural.score, evil };
}

describe.skipIf(reason !== null)('web 2048 with evil spawns in Chromium', () => {
  let browser: Browser;
  let site: Site;

  useBrowser((b, s) => {
    browser = b;
    site = s;
  });

  it('the placer AI picks every new tile; the game is saved apart and resumed; records untouched', async () => {
    const { context, page, errors } = await openPage(browser);
    const seedEvil = 6161;
    const start = await naturalThenEvil(page, site.url, seedEvil);
    let game = start.evil;
    await expect
      .poll(() => page.textContent('.goal'))
      .toMatch(/Evil spawns: the AI puts each new tile where it hurts most\./);
    const naturalSave = await page.evaluate((k) => localStorage.getItem(k), NATURAL_KEY);
    const bestsBefore = await page.evaluate(() => localStorage.getItem('slidebox:bests'));
    expect(naturalSave).not.toBeNull();

    for (let i = 0; i < 8; i++) {
      const before = await readTiles(page, SIZE);
      const dir = greedy(before);
      // What the placer picks for the board this slide leaves, from the board on the page.
      const slid = slideValid(before, dir).cells;
      const choice = place(slid);
      expect(choice).not.toBeNull();
      expect(slid[choice!.at.row]![choice!.at.col]).toBe(0);
      await page.keyboard.press(KEY[dir]);
      game = playPlaced(game, dir, place);
      // The engine's evil move agrees with that choice…
      expect(game.spawned).toEqual([{ at: choice!.at, value: choice!.value }]);
      // …and the page shows exactly the slide plus that tile.
      const want = slid.map((r) => [...r]);
      want[choice!.at.row]![choice!.at.col] = choice!.value;
      expect(game.cells).toEqual(want);
      await expectGame(page, game);
    }
    // Saved apart, as an evil game; the natural game's save and the records are untouched.
    const saved = await page.evaluate((k) => localStorage.getItem(k), EVIL_KEY);
    expect(saved).not.toBeNull();
    const parsed = parseGame(JSON.parse(saved!), { place });
    expect(parsed.ok && parsed.value.cells).toEqual(game.cells);
    expect(JSON.parse(saved!).spawns).toBe('evil');
    expect(await page.evaluate((k) => localStorage.getItem(k), NATURAL_KEY)).toBe(naturalSave);
    expect(await page.evaluate(() => localStorage.getItem('slidebox:bests'))).toBe(bestsBefore);

    // A reload resumes the evil game, which goes on with evil tiles.
    await page.reload();
    await expectGame(page, game);
    await expect.poll(() => page.textContent('.goal')).toMatch(/Evil spawns/);
    const dir = greedy(game.cells);
    await page.keyboard.press(KEY[dir]);
    game = playPlaced(game, dir, place);
    await expectGame(page, game);

    // Back to natural tiles: the natural game is where it was, its goal line plain.
    await page.click('button[data-action=menu]');
    await page.selectOption('[data-testid=spawns]', 'natural');
    await page.click('button[data-play="2048"]');
    await expectGame(page, start.natural);
    await expect.poll(() => page.textContent('.goal')).not.toMatch(/Evil/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('evil scores do not raise the best score shown', async () => {
    const { context, page, errors } = await openPage(browser);
    const { best, evil } = await naturalThenEvil(page, site.url, 6262);
    await expect.poll(() => page.textContent('[data-testid=best]')).toBe(fmt(best));
    let game = evil;
    // Play until the evil game has scored more than the natural best.
    for (let i = 0; i < 30 && game.score <= best; i++) {
      const dir = greedy(game.cells);
      await page.keyboard.press(KEY[dir]);
      game = playPlaced(game, dir, place);
      await expectGame(page, game);
    }
    expect(game.score).toBeGreaterThan(best);
    expect.soft(await page.textContent('[data-testid=best]')).toBe(fmt(best));
    // Nor after a reload, when the evil game is resumed.
    await page.reload();
    await expectGame(page, game);
    expect(await page.textContent('[data-testid=best]')).toBe(fmt(best));
    // The records never held it.
    const bests = JSON.parse((await page.evaluate(() => localStorage.getItem('slidebox:bests')))!);
    expect(bests.best2048).toEqual({ '4': best });
    expect(errors).toEqual([]);
    await context.close();
  });
});
