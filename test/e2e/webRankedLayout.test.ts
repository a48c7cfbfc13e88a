/**
 * The ranked screens fit the window, in Debian's Chromium against a real `slidebox serve`, at
 * 1280×800, 1366×657 and a phone held upright (390×844, touch): ranked 2048, its daily, and the
 * ranked puzzle at 4×4 and 8×8 — the page does not scroll, and the title, the figures, the board
 * and the Resign button are in view (on the phone, the on-screen arrows too); the board is no
 * toy. The controls have names a screen reader says (the Resign button, the cards' Play ranked
 * buttons described by their line). A screenshot of each is saved (ranked-layout-*).
 */
import { describe, expect, it } from 'vitest';
import { testPlayerKey } from '../../src/testing/games.ts';
import {
  DEFAULT_SETTINGS,
  type Settings,
  serializeSettings,
} from '../../src/web/storage/settings.ts';
import { useServedSite } from './helpers/servedSite.ts';
import { chromiumOrSkip, openPage, outOfView, screenshot, seedStorage } from './webHarness.ts';

const reason = chromiumOrSkip('web ranked layout');

/**
 * What a step waits for, at most (it ends as soon as the thing is there): generous, since a
 * loaded machine may answer the page's first `./api/health` late, and the page asks again.
 */
const LONG = { timeout: 45_000 };

const VIEWPORTS = [
  { name: '1280x800', width: 1280, height: 800, mobile: false },
  { name: '1366x657', width: 1366, height: 657, mobile: false },
  { name: 'phone', width: 390, height: 844, mobile: true },
] as const;

/** A ranked screen to open: from which button, with what settings, and what is drawn. */
interface Shot {
  readonly name: string;
  readonly button: string;
  readonly settings: Partial<Settings>;
  readonly ready: string;
}

const SHOTS: readonly Shot[] = [
  {
    name: '2048',
    button: 'play-ranked-2048',
    settings: { size: 4 },
    ready: '[data-testid=board] .tile',
  },
  {
    name: 'daily-2048',
    button: 'daily-ranked-2048',
    settings: {},
    ready: '[data-testid=board] .tile',
  },
  {
    name: 'puzzle-4',
    button: 'play-ranked-puzzle',
    settings: { width: 4 },
    ready: '[data-testid=board] .ptile',
  },
  {
    name: 'puzzle-8',
    button: 'play-ranked-puzzle',
    settings: { width: 8 },
    ready: '[data-testid=board] .ptile',
  },
];

const IN_VIEW = ['h1', '.topbar .stats', '[data-testid=board]', '.toolbar [data-action=resign]'];

describe.skipIf(reason !== null)('the ranked screens fit the window (Chromium)', () => {
  const site = useServedSite();
  let players = 0;

  for (const vp of VIEWPORTS) {
    it(`every ranked screen fits ${vp.name} without scrolling, all in view`, async () => {
      for (const shot of SHOTS) {
        const { context, page, errors } = await openPage(site.browser, {
          viewport: { width: vp.width, height: vp.height },
          mobile: vp.mobile,
          reducedMotion: true,
        });
        // A player of their own (the daily is one attempt a player), with a name already.
        const player = { key: testPlayerKey(100 + players++), name: `Fit ${players}` };
        await seedStorage(page, {
          'slidebox:settings': JSON.stringify(
            serializeSettings({ ...DEFAULT_SETTINGS, ...shot.settings }),
          ),
          'slidebox:player': JSON.stringify(player),
        });
        await page.goto(site.url);
        const play = page.locator(`[data-testid=${shot.button}]`);
        await play.waitFor({ state: 'visible', ...LONG });
        await play.click();
        await page.locator(shot.ready).first().waitFor(LONG);
        await expect.poll(() => page.textContent('[data-testid=notice]'), LONG).toBe('');
        const fit = await page.evaluate(() => ({
          height: document.scrollingElement!.scrollHeight,
          y: scrollY,
        }));
        expect(fit, `${shot.name} at ${vp.name}`).toEqual({ height: vp.height, y: 0 });
        const parts = vp.mobile && shot.name.includes('2048') ? [...IN_VIEW, '.pad'] : IN_VIEW;
        expect(await outOfView(page, parts), `${shot.name} at ${vp.name}`).toEqual([]);
        const board = (await page.locator('[data-testid=board]').boundingBox())!;
        expect(board.width).toBeGreaterThan(Math.min(vp.width, vp.height) * 0.45);
        // The title is whole, not cut short.
        const title = await page
          .locator('.topbar h1')
          .evaluate((el) => el.scrollWidth <= el.clientWidth);
        expect(title, `${shot.name} at ${vp.name}: title whole`).toBe(true);
        await screenshot(page, `ranked-layout-${shot.name}-${vp.name}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }, 300_000);
  }

  it('names its controls: Resign, and the cards’ Play ranked buttons with their line', async () => {
    const { context, page } = await openPage(site.browser, { reducedMotion: true });
    await seedStorage(page, {
      'slidebox:player': JSON.stringify({ key: testPlayerKey(99), name: 'Named' }),
    });
    await page.goto(site.url);
    const play = page.getByRole('button', { name: 'Play ranked' }).first();
    await play.waitFor({ state: 'visible', ...LONG });
    expect(await page.getByRole('button', { name: 'Play ranked', exact: true }).count()).toBe(2);
    const described = await play.evaluate(
      (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent,
    );
    expect(described).toMatch(/^The server deals and times it/);
    await page.getByRole('button', { name: "Play today's ranked daily 2048" }).waitFor(LONG);
    await page.click('[data-testid=play-ranked-2048]');
    await page.locator('[data-testid=board] .tile').first().waitFor(LONG);
    expect(await page.getByRole('button', { name: 'Resign' }).isVisible()).toBe(true);
    expect(await page.getByRole('application').getAttribute('aria-label')).toMatch(/^2048 board/);
    await context.close();
  });
});
