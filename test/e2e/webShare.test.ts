/**
 * The Share button's other paths in the real web build, in Debian's Chromium (which has no Web
 * Share API on Linux: a stand-in plays it, as a browser would): the share sheet dismissed (an
 * AbortError), Web Share refused for another reason (a NotAllowedError: the clipboard instead),
 * and no Web Share with the clipboard refused (the link shown to copy by hand). Each on a
 * finished 2048 game, a solved puzzle and a finished versus match, and the home screen's Daily
 * card; after each, the game on the page (boards, scores, its overlay) and its saves are as they
 * were, and it can still be shared.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Game, newGame, play, slideValid } from '../../src/engine/game2048.ts';
import { movableTiles, moveTile, newPuzzle, type Puzzle } from '../../src/engine/puzzle.ts';
import { serializeGame } from '../../src/engine/save2048.ts';
import { serializePuzzle } from '../../src/engine/savePuzzle.ts';
import { decodeShared, encodeShared, shared2048 } from '../../src/engine/shareCode.ts';
import type { Direction } from '../../src/engine/types.ts';
import { newVersus, type Side, type VersusMatch, versusMove } from '../../src/engine/versus.ts';
import { dailySeed, utcDay } from '../../src/front/daily.ts';
import { initialModelVersus } from '../../src/front/modelVersus.ts';
import { serializeVersusSession } from '../../src/front/sessions.ts';
import { bfsDistances, encode } from '../../src/testutil/puzzleBfs.ts';
import {
  DEFAULT_SETTINGS,
  type Settings,
  serializeSettings,
} from '../../src/web/storage/settings.ts';
import {
  chromiumOrSkip,
  openPage,
  PHONE,
  readBoardTiles,
  readClipboard,
  readPuzzle,
  readTiles,
  type Site,
  seedStorage,
  useBrowser,
} from './webHarness.ts';

const reason = chromiumOrSkip('web sharing: cancelled, refused, by hand');

const DIRS: readonly Direction[] = ['left', 'down', 'right', 'up'];
const LONG = { timeout: 10_000 };

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function settingsWith(s: Partial<Settings>): string {
  return JSON.stringify(serializeSettings({ ...DEFAULT_SETTINGS, ...s }));
}

/** A 3×3 game played to its end (the first of DIRS that moves, each turn). */
function gameToEnd(seed: number): Game {
  let g = newGame({ size: 3, target: 2048, seed });
  while (!g.over) g = play(g, DIRS.find((d) => slideValid(g.cells, d).moved)!);
  return g;
}

/** A versus match, the sides taking turns (a side that is out sits out), to its end. */
function versusToEnd(seed: number): VersusMatch {
  let m = unwrap(newVersus({ seed, size: 4 }));
  for (let i = 0; !m.over; i++) {
    let side: Side = (i % 2) as Side;
    if (m.games[side].over) side = side === 0 ? 1 : 0;
    const game = m.games[side];
    m = unwrap(versusMove(m, side, DIRS.find((d) => slideValid(game.cells, d).moved)!));
  }
  return m;
}

/** A 3×3 puzzle one move from solved (each move one step nearer the goal), and that move. */
function puzzleNearlySolved(seed: number): { puzzle: Puzzle; last: number } {
  const dist = bfsDistances(3, 3);
  let p = newPuzzle({ width: 3, seed });
  for (;;) {
    const d = dist.get(encode(p.tiles))!;
    const t = movableTiles(p).find((x) => dist.get(encode(moveTile(p, x).tiles)) === d - 1)!;
    if (d === 1) return { puzzle: p, last: t };
    p = moveTile(p, t);
  }
}

/** How the stand-ins behave: Web Share dismissed, refused or absent; the clipboard works or not. */
interface Stubs {
  share: 'cancel' | 'refuse' | 'absent';
  clipboard: 'works' | 'refuses';
}

/** What the stand-ins were given. */
interface Given {
  shared: ShareData[];
  copied: string[];
}

/**
 * Before the app's code runs: a Web Share API and a clipboard that behave as `window.stubs_`
 * says (set with {@link stub}) and record what they are given (read with {@link given}). The
 * clipboard that works is the browser's own.
 */
async function installStubs(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { stubs_: Stubs; given_: Given };
    w.stubs_ = { share: 'cancel', clipboard: 'works' };
    w.given_ = { shared: [], copied: [] };
    const share = async (data: ShareData) => {
      w.given_.shared.push(data);
      // What Chromium's share sheet does when the player closes it, or when sharing is refused.
      if (w.stubs_.share === 'cancel') throw new DOMException('Share canceled', 'AbortError');
      throw new DOMException('Permission denied', 'NotAllowedError');
    };
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      get: () => (w.stubs_.share === 'absent' ? undefined : share),
    });
    const clipboard = navigator.clipboard;
    const write = clipboard.writeText.bind(clipboard);
    Object.defineProperty(clipboard, 'writeText', {
      configurable: true,
      value: async (text: string) => {
        w.given_.copied.push(text);
        if (w.stubs_.clipboard === 'refuses') {
          throw new DOMException('Write permission denied.', 'NotAllowedError');
        }
        return write(text);
      },
    });
  });
}

async function stub(page: Page, s: Stubs): Promise<void> {
  await page.evaluate((next) => {
    const w = window as unknown as { stubs_: Stubs; given_: Given };
    w.stubs_ = next;
    w.given_ = { shared: [], copied: [] };
  }, s);
}

function given(page: Page): Promise<Given> {
  return page.evaluate(() => (window as unknown as { given_: Given }).given_);
}

/** The page's localStorage, every entry. */
function storage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...localStorage }));
}

/** What a finished game's page shows: `state` reads its boards and figures. */
interface Kind {
  readonly overlay: string;
  state(page: Page): Promise<unknown>;
}

const notice = (page: Page) => page.textContent('[data-testid=notice]');

/**
 * The three paths on a finished game's overlay: each leaves the game, its overlay and its saves
 * as they were; the link handed to Web Share, copied and shown by hand is one link, to `site`.
 */
async function sharePaths(page: Page, site: Site, kind: Kind): Promise<string> {
  const share = `${kind.overlay} [data-action=share]`;
  const before = { state: await kind.state(page), saved: await storage(page) };
  const same = async () => {
    expect(await kind.state(page)).toEqual(before.state);
    expect(await page.locator(share).count()).toBe(1);
    expect(await storage(page)).toEqual(before.saved);
  };

  // (a) The share sheet dismissed: nothing copied, no error, a calm word.
  await stub(page, { share: 'cancel', clipboard: 'works' });
  await page.click(share);
  await expect.poll(() => notice(page), LONG).toBe('Not shared.');
  const link = (await given(page)).shared[0]?.url;
  expect(link).toMatch(new RegExp(`^${site.url.replace(/[.?]/g, '\\$&')}#replay=`));
  expect((await given(page)).copied).toEqual([]);
  await same();

  // (b) Web Share refused: the link is copied instead, and the notice says so.
  await stub(page, { share: 'refuse', clipboard: 'works' });
  await page.click(share);
  await expect.poll(() => notice(page), LONG).toMatch(/^Link copied: /);
  expect(await given(page)).toEqual({
    shared: [expect.objectContaining({ url: link })],
    copied: [link],
  });
  expect(await readClipboard(page)).toBe(link);
  await same();

  // (c) No Web Share and the clipboard refused: the notice says so and shows the link.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await stub(page, { share: 'absent', clipboard: 'refuses' });
  await page.click(share);
  await expect.poll(() => notice(page), LONG).toContain(link!);
  const text = (await notice(page))!;
  expect(text).toMatch(/^The browser did not let this page copy the link\b.*: /);
  expect(text.endsWith(` ${link}`)).toBe(true);
  // All of it in view, however long the link: it wraps within the notice line.
  const el = page.locator('[data-testid=notice]');
  expect(await el.isVisible()).toBe(true);
  expect(await el.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  expect(await readClipboard(page)).toBe('');
  await same();
  return link!;
}

describe.skipIf(reason !== null)('web sharing in Chromium: cancelled, refused, by hand', () => {
  let browser: Browser;
  let site: Site;

  useBrowser((b, s) => {
    browser = b;
    site = s;
  });

  async function openWith(entries: Record<string, string>, opts = {}) {
    const opened = await openPage(browser, opts);
    const origin = new URL(site.url).origin;
    await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await seedStorage(opened.page, entries);
    await installStubs(opened.page);
    return opened;
  }

  it('2048 game over: a dismissed sheet, refused Web Share and a refused clipboard leave the game as it was', async () => {
    const game = gameToEnd(812);
    const { context, page, errors } = await openWith({
      'slidebox:settings': settingsWith({ size: 3 }),
      'slidebox:2048:3': JSON.stringify(serializeGame(game)),
    });
    await page.goto(`${site.url}#2048`);
    await expect.poll(() => readTiles(page, 3)).toEqual(game.cells);
    await expect.poll(() => page.locator('.overlay-over h2').textContent()).toBe('Game over');
    const link = await sharePaths(page, site, {
      overlay: '.overlay-over',
      state: async (p) => ({
        tiles: await readTiles(p, 3),
        score: await p.textContent('[data-testid=score]'),
        moves: await p.textContent('[data-testid=moves]'),
        overlay: await p.locator('.overlay-over h2').textContent(),
      }),
    });
    // The link replays this very game.
    const code = decodeURIComponent(link.slice(link.indexOf('#replay=') + 8));
    expect(code).toBe(encodeShared(unwrap(shared2048(game))));
    // Still shareable: Web Share back, the link goes.
    await stub(page, { share: 'absent', clipboard: 'works' });
    await page.click('.overlay-over [data-action=share]');
    await expect.poll(() => notice(page), LONG).toMatch(/^Link copied: /);
    expect(await readClipboard(page)).toBe(link);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the solved puzzle: the same three paths, the puzzle and its clock as they were', async () => {
    const { puzzle, last } = puzzleNearlySolved(1717);
    const { context, page, errors } = await openWith({
      'slidebox:settings': settingsWith({ game: 'puzzle', width: 3 }),
      'slidebox:puzzle:3': JSON.stringify(serializePuzzle(puzzle, Date.now())),
    });
    await page.goto(`${site.url}#puzzle`);
    await expect.poll(() => readPuzzle(page, 3)).toEqual(puzzle.tiles);
    await page.click(`.ptile[data-tile="${last}"]`);
    await expect.poll(() => page.locator('.overlay-won h2').textContent(), LONG).toBe('Solved!');
    const link = await sharePaths(page, site, {
      overlay: '.overlay-won',
      state: async (p) => ({
        tiles: await readPuzzle(p, 3),
        moves: await p.textContent('[data-testid=moves]'),
        time: await p.textContent('[data-testid=time]'),
        overlay: await p.locator('.overlay-won h2').textContent(),
      }),
    });
    const d = unwrap(decodeShared(decodeURIComponent(link.slice(link.indexOf('#replay=') + 8))));
    expect(d.game.kind === 'puzzle' && d.game.tiles.length).toBe(puzzle.moves + 1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a finished versus match, on a phone: the same three paths, both boards as they were, the link in view', async () => {
    const match = versusToEnd(3377);
    const { context, page, errors } = await openWith(
      {
        'slidebox:settings': settingsWith({ versusOpponent: 'human' }),
        'slidebox:versus': JSON.stringify(
          serializeVersusSession(initialModelVersus(match, { kind: 'human' })),
        ),
      },
      { viewport: PHONE, mobile: true },
    );
    await page.goto(`${site.url}#versus`);
    await page.waitForSelector('.overlay-over');
    await expect
      .poll(() => readBoardTiles(page, '[data-testid=board-1]', 4))
      .toEqual(match.games[0].cells);
    await sharePaths(page, site, {
      overlay: '.overlay-over',
      state: async (p) => ({
        boards: [
          await readBoardTiles(p, '[data-testid=board-1]', 4),
          await readBoardTiles(p, '[data-testid=board-2]', 4),
        ],
        scores: [
          await p.textContent('[data-testid=score-1]'),
          await p.textContent('[data-testid=score-2]'),
        ],
        overlay: await p.locator('.overlay-over h2').textContent(),
      }),
    });
    // The link to copy by hand fits the phone's width: the page is not widened to hold it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the Daily card’s Share: dismissed, refused, and by hand, on the home screen', async () => {
    const day = utcDay(Date.now());
    const game = gameToEnd(dailySeed(day, '2048'));
    const records = {
      kind: 'slidebox/web-bests',
      version: 1,
      best2048: {},
      puzzle: {},
      daily: {
        [day]: {
          '2048': { score: game.score, maxTile: 8, moves: game.moves, won: false, assisted: false },
        },
      },
    };
    const { context, page, errors } = await openWith({ 'slidebox:bests': JSON.stringify(records) });
    await page.goto(site.url);
    const share = '[data-share-daily="2048"]';
    await page.waitForSelector(share);
    const home = page.locator('[data-testid=home-notice]');
    const card = await page.textContent('[data-testid=daily]');
    await stub(page, { share: 'cancel', clipboard: 'works' });
    await page.click(share);
    await expect.poll(() => home.textContent()).toBe('Not shared.');
    await stub(page, { share: 'refuse', clipboard: 'works' });
    await page.click(share);
    await expect.poll(() => home.textContent()).toBe('Result copied.');
    const line = (await page.textContent('[data-testid=daily-line-2048]'))!;
    expect(await readClipboard(page)).toBe(line);
    await stub(page, { share: 'absent', clipboard: 'refuses' });
    await page.click(share);
    await expect
      .poll(() => home.textContent())
      .toMatch(/^The browser did not let this page copy the result\b.*: /);
    expect((await home.textContent())!.endsWith(` ${line}`)).toBe(true);
    expect(await page.textContent('[data-testid=daily]')).toBe(card);
    expect(errors).toEqual([]);
    await context.close();
  });
});
