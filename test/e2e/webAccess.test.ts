/**
 * The web app by keyboard and screen reader, and the details players notice, in the real build
 * in Debian's Chromium: a hint is said (a live region); dialogs keep Tab inside and give the
 * focus back when they close; after a choice from the autoplay pace list the game's keys work
 * again; the home page's Tab order follows its reading order from its top; the daily games say
 * "Daily" from the first move on; the 2048 merge shows its tile when the two tiles meet; "+N"
 * floats up from the score. Animations are read by pausing them at a chosen time (the Web
 * Animations API), never by waiting.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newGame, play, slideValid } from '../../src/engine/game2048.ts';
import type { Direction } from '../../src/engine/types.ts';
import {
  DEFAULT_SETTINGS,
  type Settings,
  serializeSettings,
} from '../../src/web/storage/settings.ts';
import {
  ARROW,
  chromiumOrSkip,
  openPage,
  pressOnPage,
  type Site,
  seedStorage,
  useBrowser,
} from './webHarness.ts';

const reason = chromiumOrSkip('web keyboard and screen readers');
const LONG = { timeout: 15_000 };
const DIRS: readonly Direction[] = ['left', 'down', 'right', 'up'];

const settingsEntry = (s: Partial<Settings> = {}) => ({
  'slidebox:settings': JSON.stringify(serializeSettings({ ...DEFAULT_SETTINGS, ...s })),
});

/** What has the focus: its test id, action or text, and whether it is in a dialog. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      what: el?.dataset.testid ?? el?.dataset.action ?? el?.tagName.toLowerCase() ?? '',
      inDialog: !!el?.closest('[role=dialog]'),
    };
  });
}

describe.skipIf(reason !== null)('keyboard, screen readers and details (Chromium)', () => {
  let browser: Browser;
  let site: Site;
  useBrowser((b, s) => {
    browser = b;
    site = s;
  });

  it('says a hint as it comes (2048 and the puzzle)', async () => {
    const { context, page, errors } = await openPage(browser, { reducedMotion: true });
    await page.goto(`${site.url}?seed=41#2048`);
    await page.locator('[data-testid=board] .tile').first().waitFor(LONG);
    expect(await page.getAttribute('[data-testid=hint]', 'aria-live')).toBe('polite');
    await pressOnPage(page, 'i');
    await expect
      .poll(() => page.textContent('[data-testid=hint]'), LONG)
      .toMatch(/^Hint: . (up|down|left|right)$/);

    await seedStorage(page, settingsEntry({ game: 'puzzle', width: 3 }));
    await page.goto(`${site.url}?seed=42#puzzle`);
    await page.locator('[data-testid=board] .ptile').first().waitFor(LONG);
    const said = page.locator('[data-testid=hint-said]');
    expect(await said.getAttribute('aria-live')).toBe('polite');
    await pressOnPage(page, 'i');
    await expect.poll(() => said.textContent(), LONG).toMatch(/^Hint: slide tile \d$/);
    const tile = (await said.textContent())!.split(' ').pop();
    expect(await page.locator(`.ptile.hinted[data-tile="${tile}"]`).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps Tab inside a dialog and gives the focus back when it closes', async () => {
    const { context, page, errors } = await openPage(browser, { reducedMotion: true });
    await page.goto(`${site.url}?seed=43#2048`);
    await page.locator('[data-testid=board] .tile').first().waitFor(LONG);
    let g = newGame({ size: 4, target: 2048, seed: 43 });
    const dir = DIRS.find((d) => slideValid(g.cells, d).moved)!;
    await pressOnPage(page, ARROW[dir]);
    g = play(g, dir);
    await expect.poll(() => page.textContent('[data-testid=moves]')).toBe('1');
    // From the Undo button, by keyboard: N asks before a new game.
    await page.focus('[data-action=undo]');
    await page.keyboard.press('n');
    await page.locator('.overlay-confirm').waitFor();
    expect(await focused(page)).toEqual({ what: 'new-confirmed', inDialog: true });
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      const f = await focused(page);
      expect(f.inDialog).toBe(true);
      seen.push(f.what);
    }
    expect(seen).toEqual(['cancel', 'new-confirmed', 'cancel', 'new-confirmed', 'cancel']);
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toEqual({ what: 'new-confirmed', inDialog: true });
    await page.keyboard.press('Escape');
    await page.locator('.overlay-confirm').waitFor({ state: 'detached' });
    expect(await focused(page)).toEqual({ what: 'undo', inDialog: false });
    // The help dialog: one button, Tab stays on it; closed, the focus is back on the board.
    await page.focus('[data-testid=board]');
    await page.keyboard.press('?');
    await page.locator('.overlay-help').waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toEqual({ what: 'cancel', inDialog: true });
    await page.keyboard.press('Escape');
    await page.locator('.overlay-help').waitFor({ state: 'detached' });
    expect(await focused(page)).toEqual({ what: 'board', inDialog: false });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives the keys back to the game after a choice from the autoplay pace list', async () => {
    const { context, page, errors } = await openPage(browser, { reducedMotion: true });
    await page.goto(`${site.url}?seed=44#2048`);
    await page.locator('[data-testid=board] .tile').first().waitFor(LONG);
    await page.selectOption('select.speed', '3');
    expect(await page.inputValue('select.speed')).toBe('3');
    const g = newGame({ size: 4, target: 2048, seed: 44 });
    const dir = DIRS.find((d) => slideValid(g.cells, d).moved)!;
    // No click anywhere: the very next arrow key moves the board, not the list.
    await page.keyboard.press(ARROW[dir]);
    await expect.poll(() => page.textContent('[data-testid=moves]')).toBe('1');
    expect(await page.inputValue('select.speed')).toBe('3');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the home page at its top, Tab going through it in reading order', async () => {
    const { context, page, errors } = await openPage(browser, {
      viewport: { width: 1280, height: 800 },
    });
    // The last game played was the duel: its card is far down the page.
    await seedStorage(page, settingsEntry({ game: 'duel' }));
    await page.goto(site.url);
    await page.locator('[data-play=duel]').waitFor();
    await page.locator('[data-testid=daily] a').first().waitFor(LONG);
    expect(await page.evaluate(() => scrollY)).toBe(0);
    const order: { card: number; top: number; left: number; what: string }[] = [];
    for (let i = 0; i < 24; i++) {
      await page.keyboard.press('Tab');
      const at = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const cards = [
          ...document.querySelectorAll('.screen-home .card, .screen-home .home-links'),
        ];
        const card = cards.findIndex((c) => c.contains(el));
        const r = el.getBoundingClientRect();
        const c = card >= 0 ? cards[card]!.getBoundingClientRect() : r;
        return {
          card: Math.round(c.top + scrollY) * 10_000 + Math.round(c.left),
          top: Math.round(r.top + scrollY),
          left: Math.round(r.left),
          what: el.dataset.testid ?? el.dataset.play ?? el.tagName,
        };
      });
      order.push(at);
    }
    // The first stop is the page's first control (the daily challenge), not a card far down.
    expect(order[0]!.what).toMatch(/^daily-/);
    for (let i = 1; i < order.length; i++) {
      const [a, b] = [order[i - 1]!, order[i]!];
      if (b.what === 'BODY' || b.what === order[0]!.what) break; // past the page's end
      // Card by card (top to bottom, left to right), and down each card.
      expect(b.card, `${a.what} then ${b.what}`).toBeGreaterThanOrEqual(a.card);
      if (a.card === b.card)
        expect(b.top, `${a.what} then ${b.what}`).toBeGreaterThanOrEqual(a.top - 4);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says Daily on the daily games from the first move on', async () => {
    const { context, page, errors } = await openPage(browser, { reducedMotion: true });
    await page.goto(`${site.url}#daily-2048`);
    await page.locator('[data-testid=board] .tile').first().waitFor(LONG);
    expect(await page.textContent('h1')).toBe('Daily 2048');
    for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'])
      await pressOnPage(page, key);
    await expect.poll(() => page.textContent('[data-testid=moves]')).not.toBe('0');
    expect(await page.textContent('h1')).toBe('Daily 2048');
    await page.goto(`${site.url}#daily-puzzle`);
    await page.locator('[data-testid=board] .ptile').first().waitFor(LONG);
    expect(await page.textContent('h1')).toMatch(/^Daily \d+-puzzle$/);
    await page.locator('.ptile.movable').first().click();
    // A movable tile two or three cells from the gap slides that many tiles: moves, not 1.
    await expect.poll(() => page.textContent('[data-testid=moves]')).not.toBe('0');
    expect(await page.textContent('h1')).toMatch(/^Daily \d+-puzzle$/);
    // A game that is not the daily one is not called so.
    await page.goto(`${site.url}#2048`);
    await page.locator('[data-testid=board] .tile').first().waitFor(LONG);
    expect(await page.textContent('h1')).toBe('2048');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a merged tile when its two tiles meet, and floats +N up from the score', async () => {
    const { context, page, errors } = await openPage(browser);
    // A seed whose first move merges.
    let seed = 1;
    let dir: Direction = 'left';
    for (; seed < 500; seed++) {
      const g = newGame({ size: 4, target: 2048, seed });
      const d = DIRS.find((x) => slideValid(g.cells, x).moved && play(g, x).score > 0);
      if (d) {
        dir = d;
        break;
      }
    }
    await page.goto(`${site.url}?seed=${seed}#2048`);
    await page.locator('[data-testid=board] .tile').first().waitFor(LONG);
    await page.evaluate(() => {
      for (const a of document.getAnimations()) a.finish();
    });
    // The page's animations a hundred times slower: they are still running when looked at.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Animation.enable');
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.01 });
    await pressOnPage(page, ARROW[dir]);
    await page.locator('.tile.merged').waitFor({ state: 'attached' });
    /** Every running animation set to `at` of its own duration, paused; then a look. */
    const at = (fraction: number) =>
      page.evaluate((f) => {
        for (const a of document.getAnimations()) {
          const t = a.effect!.getTiming();
          a.pause();
          a.currentTime = Number(t.duration) * f;
        }
        const merged = document.querySelector('.tile.merged') as HTMLElement;
        const source = document.querySelector('.tile.merge-source') as HTMLElement;
        const pop = document.querySelector('.score-pop') as HTMLElement;
        const value = document.querySelector('[data-testid=score]') as HTMLElement;
        const mid = (el: Element) => {
          const r = el.getBoundingClientRect();
          return (r.top + r.bottom) / 2;
        };
        return {
          merged: Number(getComputedStyle(merged).opacity),
          sourceAt: source.getAnimations()[0]!.effect!.getComputedTiming().progress,
          popAbove: mid(value) - mid(pop),
        };
      }, fraction);
    // Halfway through the slide the two tiles have not met: no merged tile yet.
    const half = await at(0.5);
    expect(half.merged).toBe(0);
    expect(half.sourceAt).toBe(0.5);
    // The "+N" starts on the score's number and rises above it.
    expect(Math.abs((await at(0)).popAbove)).toBeLessThan(6);
    expect((await at(0.9)).popAbove).toBeGreaterThan(20);
    // The slide done, the merged tile is there.
    await page.evaluate(() => {
      for (const a of document.getAnimations()) a.finish();
    });
    expect(
      await page.$eval('.tile.merged', (el) => Number(getComputedStyle(el as HTMLElement).opacity)),
    ).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
