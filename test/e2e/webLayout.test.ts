/**
 * Every game screen of the real web build fits the window, in Debian's Chromium, at the sizes
 * people have: 1280×800, 1366×657 (a common laptop's browser viewport), 1440×900, and a phone
 * held upright (390×844, touch). For each screen — 2048, its daily, the puzzle at every size, a
 * relay, versus against the AI and between two people, the duel, replays of each kind, and the
 * online rooms of `slidebox serve` — the page does not scroll (its height is at most the
 * window's, it is at its top) and the title, the figures, the board and the controls are all in
 * view; on the phone the player's own board comes first and whole. A screenshot of each is
 * saved (test-output/screenshots/layout-*).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Duel, duelPlace, duelSlide, newDuel } from '../../src/engine/duel.ts';
import { newGame, play, slideValid } from '../../src/engine/game2048.ts';
import { movableTiles, moveTile, newPuzzle } from '../../src/engine/puzzle.ts';
import {
  encodeShared,
  shared2048,
  sharedDuel,
  sharedPuzzle,
  sharedVersus,
} from '../../src/engine/shareCode.ts';
import type { Direction } from '../../src/engine/types.ts';
import { newVersus, type Side, versusMove } from '../../src/engine/versus.ts';
import { createRoom, joined, type TestSocket } from '../../src/testing/roomSockets.ts';
import {
  newDatabaseTarget,
  startTestServer,
  type TestServer,
} from '../../src/testing/serverHarness.ts';
import {
  DEFAULT_SETTINGS,
  type Settings,
  serializeSettings,
} from '../../src/web/storage/settings.ts';
import {
  buildSite,
  chromiumOrSkip,
  DIST,
  launchBrowser,
  openPage,
  outOfView,
  type Site,
  screenshot,
  seedStorage,
  serveSite,
} from './webHarness.ts';

const reason = chromiumOrSkip('web layout');

const LONG = { timeout: 15_000 };
const DIRS: readonly Direction[] = ['left', 'down', 'right', 'up'];

interface Viewport {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly mobile: boolean;
}

const VIEWPORTS: readonly Viewport[] = [
  { name: '1280x800', width: 1280, height: 800, mobile: false },
  { name: '1366x657', width: 1366, height: 657, mobile: false },
  { name: '1440x900', width: 1440, height: 900, mobile: false },
  { name: 'phone', width: 390, height: 844, mobile: true },
];

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Replay codes of each kind of game, a few moves long. */
function replayCodes(): Record<string, string> {
  let g = newGame({ size: 4, target: 2048, seed: 5 });
  for (let i = 0; i < 12; i++) {
    const dir = DIRS.find((d) => slideValid(g.cells, d).moved);
    if (dir) g = play(g, dir);
  }
  let p = newPuzzle({ width: 4, seed: 9 });
  for (let i = 0; i < 10; i++) {
    const tiles = movableTiles(p).filter((t) => t !== p.last?.tile);
    p = moveTile(p, tiles[i % tiles.length]!);
  }
  let v = unwrap(newVersus({ seed: 3, size: 4 }));
  for (let i = 0; i < 10; i++) {
    const side = (i % 2) as Side;
    const game = v.games[side];
    const dir = DIRS.find((d) => slideValid(game.cells, d).moved)!;
    v = unwrap(versusMove(v, side, dir));
  }
  let d: Duel = unwrap(newDuel({ seed: 4, size: 4 }));
  for (let i = 0; i < 6 && d.phase !== 'over'; i++) {
    const cells = d.game.cells;
    if (d.phase === 'place') {
      const r = cells.findIndex((row) => row.includes(0));
      d = unwrap(duelPlace(d, { row: r, col: cells[r]!.indexOf(0) }, 2));
    } else {
      d = unwrap(duelSlide(d, DIRS.find((dir) => slideValid(cells, dir).moved)!));
    }
  }
  return {
    '2048': encodeShared(unwrap(shared2048(g))),
    puzzle: encodeShared(unwrap(sharedPuzzle(p, { timeMs: 9_000 }))),
    versus: encodeShared(sharedVersus(v, 'human')),
    duel: encodeShared(sharedDuel(d, 'human,ai')),
  };
}

/** A screen to open: its URL hash, the settings it is opened with, and what must be in view. */
interface Shot {
  readonly name: string;
  readonly hash: string;
  readonly settings?: Partial<Settings>;
  /** Waits until the screen is drawn. */
  readonly ready: string;
  /** Selectors that must be wholly in the window. */
  readonly inView: readonly string[];
  /** On the phone: the player's own board, which must come first (above the other one). */
  readonly own?: { mine: string; other: string };
}

const single = (board = '[data-testid=board]') => ['h1', '.topbar .stats', board, '.toolbar'];

function shots(codes: Record<string, string>): Shot[] {
  const puzzles = [3, 4, 5, 6, 7, 8].map(
    (n): Shot => ({
      name: `puzzle-${n}`,
      hash: 'puzzle',
      settings: { width: n, game: 'puzzle' },
      ready: '[data-testid=board] .ptile',
      inView: single(),
    }),
  );
  return [
    { name: '2048', hash: '2048', ready: '[data-testid=board] .tile', inView: single() },
    {
      name: 'daily-2048',
      hash: 'daily-2048',
      ready: '[data-testid=board] .tile',
      inView: single(),
    },
    ...puzzles,
    {
      name: 'relay',
      hash: 'relay',
      settings: { relayUpTo: 8 },
      ready: '[data-testid=board] .ptile',
      inView: single(),
    },
    {
      name: 'versus-ai',
      hash: 'versus',
      settings: { versusOpponent: 'medium' },
      ready: '[data-testid=board-1] .tile',
      inView: ['h1', '.topbar .toolbar', '[data-testid=side-1] .stats', '[data-testid=board-1]'],
      own: { mine: '[data-testid=board-1]', other: '[data-testid=board-2]' },
    },
    {
      name: 'versus-friends',
      hash: 'versus',
      settings: { versusOpponent: 'human' },
      ready: '[data-testid=board-2] .tile',
      inView: [
        'h1',
        '.topbar .toolbar',
        '[data-testid=side-1] .stats',
        '[data-testid=board-1]',
        '[data-testid=side-2] .stats',
        '[data-testid=board-2]',
      ],
    },
    {
      name: 'duel',
      hash: 'duel',
      ready: '[data-testid=board] .tile',
      inView: [...single(), '[data-testid=turn]'],
    },
    ...(['2048', 'puzzle', 'duel'] as const).map(
      (kind): Shot => ({
        name: `replay-${kind}`,
        hash: `replay=${codes[kind]}`,
        ready: '[data-testid=replay-position]:not(:empty)',
        inView: ['h1', '[data-testid=board]', '.replay-controls', '.replay-seek'],
      }),
    ),
    {
      name: 'replay-versus',
      hash: `replay=${codes.versus}`,
      ready: '[data-testid=replay-position]:not(:empty)',
      inView: [
        'h1',
        '[data-testid=board-1]',
        '[data-testid=board-2]',
        '.replay-controls',
        '.replay-seek',
      ],
    },
  ];
}

/** Whether the page fits its window: no scrolling, at its top. */
async function pageFit(page: Page): Promise<{ height: number; window: number; y: number }> {
  return page.evaluate(() => ({
    height: document.scrollingElement!.scrollHeight,
    window: innerHeight,
    y: scrollY,
  }));
}

/** Checks that the screen fits the window, its parts are in view and, on a phone, its order. */
async function expectFits(page: Page, shot: Shot, vp: Viewport): Promise<void> {
  const fit = await pageFit(page);
  expect(fit, `${shot.name} at ${vp.name}: page height and scroll`).toEqual({
    height: vp.height,
    window: vp.height,
    y: 0,
  });
  expect(await outOfView(page, shot.inView), `${shot.name} at ${vp.name}`).toEqual([]);
  if (vp.mobile && shot.own) {
    const mine = (await page.locator(shot.own.mine).boundingBox())!;
    const other = (await page.locator(shot.own.other).boundingBox())!;
    expect(mine.y, `${shot.name}: own board first`).toBeLessThan(other.y);
  }
  // The board is no toy: it takes a good part of the window's smaller side.
  const board = (await page.locator(shot.inView.find((s) => s.includes('board'))!).boundingBox())!;
  expect(board.width).toBeGreaterThan(
    Math.min(vp.width, vp.height) * (shot.inView.some((s) => s.includes('board-2')) ? 0.25 : 0.45),
  );
}

const settingsEntry = (s: Partial<Settings> = {}) => ({
  'slidebox:settings': JSON.stringify(serializeSettings({ ...DEFAULT_SETTINGS, ...s })),
});

async function openShot(browser: Browser, url: string, shot: Shot, vp: Viewport) {
  const opened = await openPage(browser, {
    viewport: { width: vp.width, height: vp.height },
    mobile: vp.mobile,
    reducedMotion: true,
  });
  await seedStorage(opened.page, settingsEntry(shot.settings));
  await opened.page.goto(`${url}#${shot.hash}`);
  try {
    await opened.page.locator(shot.ready).first().waitFor(LONG);
  } catch (e) {
    await screenshot(opened.page, `layout-${shot.name}-${vp.name}-failed`);
    throw new Error(`${shot.name} at ${vp.name}: ${(e as Error).message}`);
  }
  return opened;
}

describe.skipIf(reason !== null)('the web app fits the window (Chromium)', () => {
  let browser: Browser;
  let site: Site;
  const codes = replayCodes();

  beforeAll(async () => {
    await buildSite();
    site = await serveSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  for (const vp of VIEWPORTS) {
    it(`every game screen fits ${vp.name} without scrolling, all in view`, async () => {
      for (const shot of shots(codes)) {
        const { context, page, errors } = await openShot(browser, site.url, shot, vp);
        await expectFits(page, shot, vp);
        await screenshot(page, `layout-${shot.name}-${vp.name}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }, 120_000);
  }

  it('shows on-screen arrows on a touch screen only', async () => {
    for (const vp of [VIEWPORTS[0]!, VIEWPORTS[3]!]) {
      const shot = shots(codes)[0]!;
      const { context, page } = await openShot(browser, site.url, shot, vp);
      expect(await page.locator('.pad').isVisible()).toBe(vp.mobile);
      if (vp.mobile) expect(await outOfView(page, ['.pad'])).toEqual([]);
      await context.close();
    }
  });

  it('opens a game at its top after the home page was scrolled (a phone, versus)', async () => {
    const vp = VIEWPORTS[3]!;
    const { context, page, errors } = await openPage(browser, {
      viewport: { width: vp.width, height: vp.height },
      mobile: true,
      reducedMotion: true,
    });
    await page.goto(site.url);
    const play = page.locator('[data-play=versus]');
    await play.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(100);
    await play.click();
    await page.locator('[data-testid=board-1] .tile').first().waitFor(LONG);
    const shot = shots(codes).find((s) => s.name === 'versus-ai')!;
    await expectFits(page, shot, vp);
    // Back on the home page, and into the puzzle from its card far down: at the top again.
    await page.goBack();
    const puzzle = page.locator('[data-play=puzzle]');
    await puzzle.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0);
    await puzzle.click();
    await page.locator('[data-testid=board] .ptile').first().waitFor(LONG);
    expect(await pageFit(page)).toEqual({ height: vp.height, window: vp.height, y: 0 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists the keyboard keys on a desktop, not on a phone held upright', async () => {
    for (const vp of [
      { width: 1280, height: 800, mobile: false },
      { width: 390, height: 844, mobile: true },
    ]) {
      const { context, page, errors } = await openPage(browser, {
        viewport: { width: vp.width, height: vp.height },
        mobile: vp.mobile,
      });
      for (const [hash, ready] of [
        ['2048', '[data-testid=board] .tile'],
        ['puzzle', '[data-testid=board] .ptile'],
      ] as const) {
        await page.goto(`${site.url}#${hash}`);
        await page.locator(ready).first().waitFor(LONG);
        const line = page.locator('.screen-play .keys-help');
        expect(await line.textContent()).toMatch(/WASD/);
        expect(await line.isVisible(), `${hash} at ${vp.width}×${vp.height}`).toBe(!vp.mobile);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('shows the games’ Play buttons on the home page without scrolling', async () => {
    const sizes = [
      { width: 1280, height: 800, mobile: false, play: ['2048', 'puzzle'] },
      { width: 1366, height: 657, mobile: false, play: ['2048', 'puzzle'] },
      // A phone held upright: the cards are stacked, the first one's Play in view.
      { width: 390, height: 844, mobile: true, play: ['2048'] },
    ];
    for (const vp of sizes) {
      const { context, page, errors } = await openPage(browser, {
        viewport: { width: vp.width, height: vp.height },
        mobile: vp.mobile,
      });
      await page.goto(site.url);
      await page.locator('[data-testid=daily] a, [data-testid=daily] button').first().waitFor(LONG);
      const buttons = vp.play.map((g) => `[data-play="${g}"]`);
      expect(await outOfView(page, buttons), `${vp.width}×${vp.height}`).toEqual([]);
      // Nothing wider than the window.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(vp.width);
      await screenshot(page, `home-${vp.width}x${vp.height}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe.skipIf(reason !== null)('online rooms fit the window (Chromium, slidebox serve)', () => {
  let browser: Browser;
  let server: TestServer;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    await buildSite();
    const target = await newDatabaseTarget('sqlite');
    if (typeof target !== 'string') throw new Error(target.skip);
    server = await startTestServer(target, { webRoot: DIST });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.close();
    await browser?.close();
    await server?.close();
  });

  /** A room made and held by Ada (a socket here); the page takes the second seat. */
  async function room(kind: 'versus' | 'duel'): Promise<string> {
    const made = await createRoom(server.url, { kind, name: 'Ada' });
    const ada = await joined(server.url, { room: made.code, seat: made.seat });
    sockets.push(ada.socket);
    return made.code;
  }

  for (const vp of VIEWPORTS) {
    it(`a versus room and a duel room fit ${vp.name}, the player's own board first`, async () => {
      for (const kind of ['versus', 'duel'] as const) {
        const code = await room(kind);
        const opened = await openPage(browser, {
          viewport: { width: vp.width, height: vp.height },
          mobile: vp.mobile,
          reducedMotion: true,
        });
        const { page, context } = opened;
        await page.goto(`${server.url}/#room=${code}`);
        const dialog = page.locator('[data-testid=name-dialog]');
        const board =
          kind === 'versus' ? '[data-testid=board-2]' : '.screen-room [data-testid=board]';
        await Promise.race([dialog.waitFor(LONG), page.locator(board).first().waitFor(LONG)]);
        if (await dialog.isVisible()) {
          await page.fill('[data-testid=name-input]', 'Bob');
          await page.click('[data-testid=name-ok]');
        }
        await page
          .locator(kind === 'versus' ? `${board} .tile` : board)
          .first()
          .waitFor(LONG);
        const shot: Shot =
          kind === 'versus'
            ? {
                name: 'room-versus',
                hash: '',
                ready: board,
                inView: ['h1', '.room-seats', '[data-testid=side-2] .stats', board],
                own: { mine: board, other: '[data-testid=board-1]' },
              }
            : {
                name: 'room-duel',
                hash: '',
                ready: board,
                inView: [
                  'h1',
                  '.room-seats',
                  '.room-duel-head .stats',
                  board,
                  '[data-testid=turn]',
                ],
              };
        await expectFits(page, shot, vp);
        await screenshot(page, `layout-${shot.name}-${vp.name}`);
        await context.close();
      }
    }, 60_000);
  }
});

describe.skipIf(reason !== null)('nothing moves under the player (Chromium)', () => {
  let browser: Browser;
  let site: Site;

  beforeAll(async () => {
    await buildSite();
    site = await serveSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const top = (page: Page) =>
    page.locator('[data-testid=board]').evaluate((el) => el.getBoundingClientRect().top);

  it('hover control: a puzzle that appears under a still mouse makes no move and starts no clock', async () => {
    const viewport = { width: 1280, height: 800 };
    const settings = settingsEntry({ game: 'puzzle', width: 4, puzzleControl: 'hover' });
    const n = 4;
    const start = newPuzzle({ width: n, seed: 77 });
    // Where a tile beside the gap will be on screen (the board's place, measured first).
    const first = await openPage(browser, { viewport });
    await seedStorage(first.page, settings);
    await first.page.goto(`${site.url}?seed=77#puzzle`);
    await first.page.locator('[data-testid=board] .ptile').first().waitFor(LONG);
    const box = (await first.page.locator('[data-testid=board]').boundingBox())!;
    await first.context.close();
    const gap = start.tiles.indexOf(0);
    const beside = gap % n > 0 ? gap - 1 : gap + 1;
    const tile = box.width / (n + (n + 1) * 0.12);
    const centre = (i: number) => tile * 0.12 + i * tile * 1.12 + tile / 2;
    const x = box.x + centre(beside % n);
    const y = box.y + centre(Math.floor(beside / n));

    const { context, page, errors } = await openPage(browser, { viewport });
    await context.clock.install();
    await seedStorage(page, settings);
    await page.goto(`${site.url}?seed=77`);
    // The mouse comes to rest there, over the home page; the puzzle opens under it.
    await page.mouse.move(x - 40, y - 40);
    await page.mouse.move(x, y, { steps: 4 });
    await page.evaluate(() => {
      location.hash = '#puzzle';
    });
    await page.locator('[data-testid=board] .ptile').first().waitFor(LONG);
    expect((await page.locator('[data-testid=board]').boundingBox())!).toEqual(box);
    const tiles = () =>
      page.$$eval('[data-testid=board] .ptile', (els) =>
        els.map((e) => {
          const d = (e as HTMLElement).dataset;
          return `${d.tile}@${d.row},${d.col}`;
        }),
      );
    const dealt = await tiles();
    // The page's own clock runs on; the still mouse moves nothing.
    for (let i = 0; i < 5; i++) {
      await context.clock.runFor(1000);
      await page.waitForTimeout(100);
    }
    expect(await page.textContent('[data-testid=moves]')).toBe('0');
    expect(await page.textContent('[data-testid=time]')).toBe('0:00');
    expect(await tiles()).toEqual(dealt);
    // The mouse moves, still on that tile: it slides, and the clock starts.
    await page.mouse.move(x + 3, y + 2, { steps: 2 });
    await expect.poll(() => page.textContent('[data-testid=moves]')).toBe('1');
    await context.clock.runFor(2000);
    await expect.poll(() => page.textContent('[data-testid=time]')).not.toBe('0:00');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('duel at 1366x657: the board stays put as the turn goes from placing (the tile picker) to sliding', async () => {
    const vp = VIEWPORTS[1]!;
    const { context, page, errors } = await openPage(browser, {
      viewport: { width: vp.width, height: vp.height },
      reducedMotion: true,
    });
    await seedStorage(page, settingsEntry({ duelSlider: 'ai', duelPlacer: 'human' }));
    await page.goto(`${site.url}?seed=8#duel`);
    const board = page.locator('[data-testid=board]');
    await page.locator('[data-testid=board][data-phase=place]').waitFor(LONG);
    expect(await page.locator('.place-bar').isVisible()).toBe(true);
    const placing = await board.boundingBox();
    // The board's box each time the turn changes hands (whoever acts, however fast).
    await page.evaluate(() => {
      const el = document.querySelector('[data-testid=board]') as HTMLElement;
      const boxes: string[] = [];
      (window as unknown as { boxes: string[] }).boxes = boxes;
      new MutationObserver(() => {
        const r = el.getBoundingClientRect();
        boxes.push(`${el.dataset.phase} ${r.x},${r.y},${r.width},${r.height}`);
      }).observe(el, { attributes: true, attributeFilter: ['data-phase'] });
    });
    // The keyboard's cursor starts on an empty cell: 2 places a 2 there; then the AI slides.
    for (let turn = 0; turn < 3; turn++) {
      await page.locator('[data-testid=board][data-phase=place]').waitFor(LONG);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur?.());
      await page.keyboard.press('2');
      await page.keyboard.press('ArrowRight');
    }
    await page.locator('[data-testid=board][data-phase=place]').waitFor(LONG);
    const boxes = await page.evaluate(() => (window as unknown as { boxes: string[] }).boxes);
    const { x, y, width, height } = placing!;
    expect(boxes.some((b) => b.startsWith('ai'))).toBe(true);
    expect(new Set(boxes.map((b) => b.split(' ')[1]))).toEqual(
      new Set([`${x},${y},${width},${height}`]),
    );
    expect(await pageFit(page)).toEqual({ height: vp.height, window: vp.height, y: 0 });
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const vp of [VIEWPORTS[1]!, VIEWPORTS[3]!]) {
    it(`2048 at ${vp.name}: the board stays put as the score, best, hint and autoplay change`, async () => {
      const { context, page, errors } = await openPage(browser, {
        viewport: { width: vp.width, height: vp.height },
        mobile: vp.mobile,
        reducedMotion: true,
      });
      await page.goto(`${site.url}?seed=21#2048`);
      await page.locator('[data-testid=board] .tile').first().waitFor(LONG);
      const before = await top(page);
      let g = newGame({ size: 4, target: 2048, seed: 21 });
      // Moves until the best score changes (a first merge), the board's top never moving.
      for (let i = 0; i < 40 && g.score === 0; i++) {
        const dir = DIRS.find((d) => slideValid(g.cells, d).moved)!;
        g = play(g, dir);
        await page.keyboard.press(
          { left: 'ArrowLeft', right: 'ArrowRight', up: 'ArrowUp', down: 'ArrowDown' }[dir],
        );
        expect(await top(page)).toBe(before);
      }
      await expect.poll(() => page.textContent('[data-testid=best]')).not.toBe('0');
      expect(await top(page)).toBe(before);
      await page.keyboard.press('i');
      await expect.poll(() => page.textContent('[data-testid=hint]'), LONG).toMatch(/^Hint|^No/);
      expect(await top(page)).toBe(before);
      await page.keyboard.press('p');
      await expect.poll(() => page.textContent('[data-action=autoplay]')).toBe('Stop autoplay');
      expect(await top(page)).toBe(before);
      await page.keyboard.press('p');
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`puzzle at ${vp.name}: the board stays put as the clock runs and the best is long`, async () => {
      const { context, page, errors } = await openPage(browser, {
        viewport: { width: vp.width, height: vp.height },
        mobile: vp.mobile,
        reducedMotion: true,
      });
      await context.clock.install();
      await seedStorage(page, {
        ...settingsEntry({ game: 'puzzle', width: 4 }),
        'slidebox:bests': JSON.stringify({
          kind: 'slidebox/web-bests',
          version: 1,
          best2048: {},
          puzzle: { '4': { moves: 18, timeMs: 2153 } },
        }),
      });
      await page.goto(`${site.url}?seed=5#puzzle`);
      await page.locator('[data-testid=board] .ptile').first().waitFor(LONG);
      expect(await page.textContent('[data-testid=best]')).toBe('18 · 2.153');
      const before = await top(page);
      const p = newPuzzle({ width: 4, seed: 5 });
      const t = movableTiles(p)[0]!;
      await page.click(`[data-testid=board] .ptile[data-tile="${t}"]`);
      await expect.poll(() => page.textContent('[data-testid=moves]')).toBe('1');
      expect(await top(page)).toBe(before);
      for (const [ms, shown] of [
        [20_000, '0:20'],
        [40_000, '1:00'],
        [600_000, '11:00'],
      ] as const) {
        await context.clock.runFor(ms);
        await expect.poll(() => page.textContent('[data-testid=time]')).toBe(shown);
        expect(await top(page)).toBe(before);
      }
      await page.keyboard.press('i');
      expect(await top(page)).toBe(before);
      await screenshot(page, `layout-puzzle-stays-${vp.name}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
