/**
 * Replay links and Share buttons in the real web build, in Debian's Chromium: `#replay=CODE`
 * links of 2048 (natural and evil), puzzle, versus and duel games made here with the engine,
 * stepped through with keys, buttons and the slider and played at a chosen pace (a puzzle with
 * move times at its real speed, ×4 measured four times faster); refused codes
 * (damaged, illegal, not a code) with the app still working; and the Share button of every
 * finished game's overlay (2048 over and won, the solved puzzle, versus, duel), whose link is
 * opened in a new page and replays that very game.
 * Every expected board comes from the engine, from the moves played here.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Duel, duelPlace, duelSlide, newDuel } from '../../src/engine/duel.ts';
import {
  awaitingWinChoice,
  type Game,
  maxTile,
  newGame,
  play,
  slideValid,
} from '../../src/engine/game2048.ts';
import { movableTiles, moveTile, newPuzzle, type Puzzle } from '../../src/engine/puzzle.ts';
import { serializeGame } from '../../src/engine/save2048.ts';
import {
  decodeShared,
  encodeShared,
  type Shared,
  shared2048,
  sharedDuel,
  sharedPuzzle,
  sharedVersus,
} from '../../src/engine/shareCode.ts';
import { readShareCode } from '../../src/engine/shareReplay.ts';
import { playPlaced } from '../../src/engine/spawn.ts';
import type { Direction } from '../../src/engine/types.ts';
import { newVersus, type Side, type VersusMatch, versusMove } from '../../src/engine/versus.ts';
import { initialModelDuel } from '../../src/front/modelDuel.ts';
import { initialModelVersus } from '../../src/front/modelVersus.ts';
import { serializeDuelSession, serializeVersusSession } from '../../src/front/sessions.ts';
import { choosePlacement } from '../../src/solvers/ai2048/placer.ts';
import { bfsDistances, encode } from '../../src/testutil/puzzleBfs.ts';
import {
  DEFAULT_SETTINGS,
  type Settings,
  serializeSettings,
} from '../../src/web/storage/settings.ts';
import {
  chromiumOrSkip,
  openPage,
  pressOnPage,
  readBoardTiles,
  readClipboard,
  readPuzzle,
  readTiles,
  type Site,
  seedStorage,
  useBrowser,
} from './webHarness.ts';

const reason = chromiumOrSkip('web replays and sharing');

const DIRS: readonly Direction[] = ['left', 'down', 'right', 'up'];
const LONG = { timeout: 10_000 };
const fmt = (n: number) => n.toLocaleString('en-US');
const place = (cells: readonly (readonly number[])[]) => choosePlacement(cells);

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Every position of a game, from its start back through `previous`. */
function positions(game: Game): Game[] {
  const out: Game[] = [];
  for (let g: Game | null = game; g; g = g.previous) out.push(g);
  return out.reverse();
}

/** Plays up to `n` moves, each the first of a rotating order that moves the board. */
function rotating(start: Game, n: number, move = play): Game {
  let g = start;
  for (let i = 0; i < n && !g.over && !awaitingWinChoice(g); i++) {
    const order = [...DIRS.slice(i % 4), ...DIRS.slice(0, i % 4)];
    const dir = order.find((d) => slideValid(g.cells, d).moved);
    if (!dir) break;
    g = move(g, dir);
  }
  return g;
}

/** A 3×3 game played to its end (the first of DIRS that moves, each turn). */
function gameToEnd(seed: number): Game {
  let g = newGame({ size: 3, target: 2048, seed });
  while (!g.over) g = play(g, DIRS.find((d) => slideValid(g.cells, d).moved)!);
  return g;
}

/** A 3×3 game to 16 that reaches it (the win overlay waits). */
function wonGame(): Game {
  for (let seed = 1; seed < 500; seed++) {
    let g = newGame({ size: 3, target: 16, seed });
    while (!g.over && !awaitingWinChoice(g)) {
      g = play(g, DIRS.find((d) => slideValid(g.cells, d).moved)!);
    }
    if (awaitingWinChoice(g)) return g;
  }
  throw new Error('no 3×3 game reaches 16');
}

/** `k` puzzle moves that never slide back the tile just moved. */
function puzzleLine(seed: number, width: number, k: number): Puzzle {
  let p = newPuzzle({ width, seed });
  for (let i = 0; i < k; i++) {
    const last = p.last?.tile;
    const tiles = movableTiles(p).filter((t) => t !== last);
    p = moveTile(p, tiles[i % tiles.length]!);
  }
  return p;
}

function puzzleStates(p: Puzzle): Puzzle[] {
  const out: Puzzle[] = [];
  for (let q: Puzzle | null = p; q; q = q.previous) out.push(q);
  return out.reverse();
}

/** A versus match, the sides taking turns (a side that is out sits out), `n` moves or its end. */
function versusLine(seed: number, n = Number.POSITIVE_INFINITY): VersusMatch[] {
  let m = unwrap(newVersus({ seed, size: 4 }));
  const states = [m];
  for (let i = 0; i < n && !m.over; i++) {
    let side: Side = (i % 2) as Side;
    if (m.games[side].over) side = side === 0 ? 1 : 0;
    const game = m.games[side];
    const dir = DIRS.find((d) => slideValid(game.cells, d).moved)!;
    m = unwrap(versusMove(m, side, dir));
    states.push(m);
  }
  return states;
}

/** A duel: every placement a 2 on the first empty cell, every slide the first that moves. */
function duelLine(seed: number, n = Number.POSITIVE_INFINITY): Duel[] {
  let d = unwrap(newDuel({ seed, size: 4 }));
  const states = [d];
  for (let i = 0; i < n && d.phase !== 'over'; i++) {
    if (d.phase === 'place') {
      const cells = d.game.cells;
      const r = cells.findIndex((row) => row.includes(0));
      d = unwrap(duelPlace(d, { row: r, col: cells[r]!.indexOf(0) }, 2));
    } else {
      const cells = d.game.cells;
      d = unwrap(duelSlide(d, DIRS.find((dir) => slideValid(cells, dir).moved)!));
    }
    states.push(d);
  }
  return states;
}

const readPuzzleTiles = async (page: Page, width: number) =>
  (await readPuzzle(page, width)).map((t) => (t === -1 ? 0 : t));

const position = (page: Page) => page.textContent('[data-testid=replay-position]');

/** Opens a replay link and waits until its position line shows (the code was read). */
async function openReplay(page: Page, url: string, last: number): Promise<void> {
  await page.goto(url);
  await expect.poll(() => position(page), LONG).toMatch(new RegExp(`^Move \\d+ of ${last}$`));
}

/** Pauses the replay (it plays from the start when opened). */
async function pause(page: Page): Promise<void> {
  const btn = page.locator('[data-action=play-pause]');
  if ((await btn.getAttribute('aria-pressed')) === 'true') await pressOnPage(page, ' ');
  await expect.poll(() => btn.getAttribute('aria-pressed'), LONG).toBe('false');
  await expect.poll(() => btn.textContent()).toBe('Play');
}

/** The 2048 replay shows position `i` of `states`. */
async function expect2048At(page: Page, states: readonly Game[], i: number): Promise<void> {
  const g = states[i]!;
  await expect.poll(() => position(page)).toBe(`Move ${i} of ${states.length - 1}`);
  await expect.poll(() => readTiles(page, g.size)).toEqual(g.cells);
  await expect
    .poll(() => page.textContent('[data-testid=replay-detail]'))
    .toBe(`Score ${fmt(g.score)}`);
  expect(await page.inputValue('[data-testid=replay-slider]')).toBe(String(i));
}

function settingsWith(s: Partial<Settings>): string {
  return JSON.stringify(serializeSettings({ ...DEFAULT_SETTINGS, ...s }));
}

/** A page whose storage holds `entries` when the app starts; no Web Share, so links are copied. */
async function sharePage(
  browser: Browser,
  origin: string,
  entries: Record<string, string>,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await openPage(browser);
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await seedStorage(opened.page, entries);
  return opened;
}

/** Clicks the overlay's Share button and returns the link copied, after the notice says so. */
async function shareByClipboard(page: Page, overlay: string): Promise<string> {
  await page.click(`${overlay} [data-action=share]`);
  await expect.poll(() => page.textContent('[data-testid=notice]'), LONG).toMatch(/^Link copied: /);
  return readClipboard(page);
}

/** The code in a replay link made by this site. */
function codeOf(link: string, siteUrl: string): string {
  expect(link.startsWith(`${siteUrl}#replay=`)).toBe(true);
  return decodeURIComponent(link.slice(link.indexOf('#replay=') + '#replay='.length));
}

describe.skipIf(reason !== null)('web replays and sharing in Chromium', () => {
  let browser: Browser;
  let site: Site;

  useBrowser((b, s) => {
    browser = b;
    site = s;
  });

  it('replays a 2048 code: pause, End, Home, steps by keys and buttons, the slider, pace and play to the end', async () => {
    const seed = 7301;
    const game = rotating(newGame({ size: 4, seed }), 24);
    const states = positions(game);
    const last = states.length - 1;
    expect(last).toBe(24);
    expect(game.score).toBeGreaterThan(0);
    const code = encodeShared(unwrap(shared2048(game)));
    const { context, page, errors } = await openPage(browser);
    await openReplay(page, `${site.url}#replay=${code}`, last);
    await expect.poll(() => page.title()).toBe('Replay · slidebox');
    // It plays from the start by itself; space pauses it.
    await expect(page.getAttribute('[data-action=play-pause]', 'aria-pressed')).resolves.toBe(
      'true',
    );
    await pause(page);

    const summary = await page.textContent('[data-testid=replay-summary]');
    for (const part of [
      '2048',
      '4×4',
      `target ${fmt(game.target)}`,
      `seed ${seed}`,
      `${fmt(last)} moves`,
      `score ${fmt(game.score)}`,
      `largest ${fmt(maxTile(game.cells))}`,
    ]) {
      expect(summary).toContain(part);
    }
    expect(summary).not.toMatch(/helped|game over|evil/);
    expect(await page.getAttribute('[data-testid=replay-slider]', 'max')).toBe(String(last));

    // End and Home, by keys.
    await pressOnPage(page, 'End');
    await expect2048At(page, states, last);
    await pressOnPage(page, 'Home');
    await expect2048At(page, states, 0);
    // Steps by the arrows…
    for (let i = 1; i <= 3; i++) {
      await pressOnPage(page, 'ArrowRight');
      await expect2048At(page, states, i);
    }
    await pressOnPage(page, 'ArrowLeft');
    await expect2048At(page, states, 2);
    // …and by the buttons; the End and Start buttons too.
    await page.click('[data-action=forward]');
    await page.click('[data-action=forward]');
    await expect2048At(page, states, 4);
    await page.click('[data-action=back]');
    await expect2048At(page, states, 3);
    await page.click('[data-action=end]');
    await expect2048At(page, states, last);
    // A step past the end stays there.
    await page.click('[data-action=forward]');
    await expect2048At(page, states, last);
    await page.click('[data-action=start]');
    await expect2048At(page, states, 0);

    // The slider, to the middle.
    const mid = Math.floor(last / 2);
    await page.locator('[data-testid=replay-slider]').fill(String(mid));
    await expect2048At(page, states, mid);
    await pressOnPage(page, 'ArrowRight');
    await expect2048At(page, states, mid + 1);

    // The pace: + and − step through the paces; the select picks one.
    const speed = () => page.inputValue('[data-testid=replay-speed]');
    const before = Number(await speed());
    await pressOnPage(page, '+');
    await expect.poll(speed).toBe(String(before + 1));
    await pressOnPage(page, '-');
    await pressOnPage(page, '-');
    await expect.poll(speed).toBe(String(before - 1));
    const options = await page.$$eval('[data-testid=replay-speed] option', (els) => els.length);
    await page.selectOption('[data-testid=replay-speed]', String(options - 1));
    await expect.poll(speed).toBe(String(options - 1));
    // Played from here, it runs to the end and stops there.
    await pressOnPage(page, ' ');
    await expect
      .poll(() => page.getAttribute('[data-action=play-pause]', 'aria-pressed'))
      .toBe('true');
    await expect.poll(() => position(page), LONG).toBe(`Move ${last} of ${last}`);
    await expect
      .poll(() => page.getAttribute('[data-action=play-pause]', 'aria-pressed'))
      .toBe('false');
    await expect2048At(page, states, last);
    // Space at the end plays again from the start.
    await pressOnPage(page, ' ');
    await expect.poll(() => position(page), LONG).toBe(`Move ${last} of ${last}`);
    await expect
      .poll(() => page.getAttribute('[data-action=play-pause]', 'aria-pressed'))
      .toBe('false');

    // q goes home.
    await pressOnPage(page, 'q');
    await page.waitForSelector('.screen-home');
    expect(new URL(page.url()).hash).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('replays a puzzle code (tiles as the engine moved them) and a game the AI helped', async () => {
    const seed = 5151;
    const p = puzzleLine(seed, 4, 18);
    const states = puzzleStates(p);
    const last = states.length - 1;
    expect(last).toBe(18);
    // Some moves slide several tiles at once: the summary counts tiles, the positions moves.
    expect(p.moves).toBeGreaterThan(last);
    const code = encodeShared(unwrap(sharedPuzzle(p, { timeMs: 83_000 })));
    const { context, page, errors } = await openPage(browser);
    await openReplay(page, `${site.url}#replay=${code}`, last);
    await pause(page);
    const summary = await page.textContent('[data-testid=replay-summary]');
    for (const part of [
      '15-puzzle',
      '4×4',
      `seed ${seed}`,
      `${p.moves} moves`,
      '1:23',
      'not solved',
    ]) {
      expect(summary).toContain(part);
    }
    const puzzleAt = async (i: number) => {
      await expect.poll(() => position(page)).toBe(`Move ${i} of ${last}`);
      await expect.poll(() => readPuzzleTiles(page, 4)).toEqual(states[i]!.tiles);
      expect(await page.textContent('[data-testid=replay-detail]')).toBe(
        `${states[i]!.moves} moves`,
      );
    };
    await pressOnPage(page, 'End');
    await puzzleAt(last);
    await pressOnPage(page, 'Home');
    await puzzleAt(0);
    await pressOnPage(page, 'ArrowRight');
    await puzzleAt(1);
    await page.locator('[data-testid=replay-slider]').fill(String(11));
    await puzzleAt(11);
    await pressOnPage(page, 'ArrowLeft');
    await puzzleAt(10);

    // A 2048 game the AI helped in says so.
    const helped = rotating(newGame({ size: 4, seed: 99 }), 6);
    const helpedCode = encodeShared(unwrap(shared2048(helped, { assisted: true })));
    await openReplay(page, `${site.url}#replay=${helpedCode}`, helped.moves);
    await expect
      .poll(() => page.textContent('[data-testid=replay-summary]'))
      .toMatch(/ · the AI helped$/);
    await pressOnPage(page, 'End');
    await expect2048At(page, positions(helped), helped.moves);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('plays a puzzle code with move times at its real speed, ×4 four times faster, to the solved board', async () => {
    // A 3x3 solved along a shortest path, each move some 150 to 450 ms after the one before.
    const seed = 2626;
    const dist = bfsDistances(3, 3);
    const gaps = [180, 320, 450, 150, 260, 390, 210];
    let p = newPuzzle({ width: 3, seed });
    let now = 10_000;
    for (let i = 0; !p.solved; i++) {
      const q = p;
      const t = movableTiles(q).find((x) => {
        const next = moveTile(q, x);
        return (
          next.moves === q.moves + 1 && dist.get(encode(next.tiles))! < dist.get(encode(q.tiles))!
        );
      })!;
      now += i === 0 ? 0 : gaps[i % gaps.length]!;
      p = moveTile(q, t, now);
    }
    const shared = unwrap(sharedPuzzle(p));
    const g = shared.game;
    if (g.kind !== 'puzzle' || !g.moveMs) throw new Error('no move times');
    const solveMs = g.moveMs.reduce((a, b) => a + b, 0);
    expect(g.timeMs).toBe(solveMs);
    expect(solveMs).toBeGreaterThan(4000);
    const last = g.tiles.length;
    const code = encodeShared(shared);
    const { context, page, errors } = await openPage(browser);
    await openReplay(page, `${site.url}#replay=${code}`, last);
    await pause(page);
    // The paces are times the real speed, ×1 first; + twice makes it ×4.
    const labels = await page.$$eval('[data-testid=replay-speed] option', (els) =>
      els.map((e) => e.textContent),
    );
    expect(labels).toEqual(['×0.25', '×0.5', '×1', '×2', '×4']);
    const paceShown = () =>
      page.$eval('[data-testid=replay-speed]', (el) => {
        const s = el as HTMLSelectElement;
        return s.options[s.selectedIndex]?.textContent;
      });
    expect(await paceShown()).toBe('×1');
    await pressOnPage(page, '+');
    await pressOnPage(page, '+');
    await expect.poll(paceShown).toBe('×4');
    await pressOnPage(page, 'Home');
    const detail = () => page.textContent('[data-testid=replay-detail]');
    const end = (ms: number) => {
      const s = ms / 1000;
      return `${Math.floor(s)}.${String(ms % 1000).padStart(3, '0')}`;
    };
    await expect.poll(detail).toBe(`0 moves · 0.000 of ${end(solveMs)}`);
    const t0 = Date.now();
    await pressOnPage(page, ' ');
    await expect
      .poll(() => position(page), { timeout: 20_000, interval: 20 })
      .toBe(`Move ${last} of ${last}`);
    const wall = Date.now() - t0;
    // The start shows for a second of the solve, then every move: at ×4, a quarter of that.
    expect(wall).toBeGreaterThanOrEqual((solveMs + 1000) / 4 - 50);
    expect(wall).toBeLessThan(solveMs / 2);
    await expect.poll(() => readPuzzleTiles(page, 3)).toEqual(p.tiles);
    expect(p.solved).toBe(true);
    expect(await detail()).toBe(`${p.moves} moves · solved · ${end(solveMs)} of ${end(solveMs)}`);
    await expect
      .poll(() => page.getAttribute('[data-action=play-pause]', 'aria-pressed'))
      .toBe('false');
    // Paused, the arrows still step one move at a time, the clock with them.
    await pressOnPage(page, 'ArrowLeft');
    await expect.poll(() => position(page)).toBe(`Move ${last - 1} of ${last}`);
    const before = solveMs - g.moveMs.at(-1)!;
    await expect.poll(detail).toMatch(new RegExp(` · ${end(before).replace('.', '\\.')} of `));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('replays a versus code (both boards) and a duel code', async () => {
    const states = versusLine(4411, 30);
    const last = states.length - 1;
    const end = states[last]!;
    expect(end.log.some((m) => m.sent !== null)).toBe(true);
    const code = encodeShared(sharedVersus(end, 'human'));
    const { context, page, errors } = await openPage(browser);
    await openReplay(page, `${site.url}#replay=${code}`, last);
    await pause(page);
    expect(await page.locator('.side').count()).toBe(2);
    const versusAt = async (i: number) => {
      const m = states[i]!;
      await expect.poll(() => position(page)).toBe(`Move ${i} of ${last}`);
      for (const n of [1, 2] as const) {
        const g = m.games[n - 1]!;
        await expect
          .poll(() => readBoardTiles(page, `[data-testid=board-${n}]`, 4))
          .toEqual(g.cells);
        expect(await page.textContent(`[data-testid=score-${n}]`)).toBe(fmt(g.score));
      }
    };
    await pressOnPage(page, 'End');
    await versusAt(last);
    const summary = await page.textContent('[data-testid=replay-summary]');
    expect(summary).toContain(`${fmt(end.games[0].score)} – ${fmt(end.games[1].score)}`);
    await pressOnPage(page, 'Home');
    await versusAt(0);
    for (const i of [1, 2, 3]) {
      await pressOnPage(page, 'ArrowRight');
      await versusAt(i);
    }
    await page.locator('[data-testid=replay-slider]').fill(String(Math.floor(last / 2)));
    await versusAt(Math.floor(last / 2));

    // A duel: its board, round by round.
    const duels = duelLine(2024, 40);
    const dLast = duels.length - 1;
    const dCode = encodeShared(sharedDuel(duels[dLast]!, 'human,ai'));
    await openReplay(page, `${site.url}#replay=${dCode}`, dLast);
    await pause(page);
    expect(await page.textContent('[data-testid=replay-summary]')).toMatch(
      new RegExp(`^Duel · 4×4 · seed 2024 · ${dLast} turns · not finished$`),
    );
    for (const i of [dLast, 0, 17]) {
      if (i === dLast) await pressOnPage(page, 'End');
      else if (i === 0) await pressOnPage(page, 'Home');
      else await page.locator('[data-testid=replay-slider]').fill(String(i));
      await expect.poll(() => position(page)).toBe(`Move ${i} of ${dLast}`);
      await expect.poll(() => readTiles(page, 4)).toEqual(duels[i]!.game.cells);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('replays an evil 2048 code with the placer AI, loaded for it', async () => {
    let game = newGame({ size: 4, seed: 6060 });
    game = rotating(game, 10, (g, d) => playPlaced(g, d, place));
    const states = positions(game);
    const code = encodeShared(unwrap(shared2048(game, { evil: true })));
    // Without the placer, the engine refuses it: the page must have loaded one.
    expect(readShareCode(code).ok).toBe(false);
    const { context, page, errors } = await openPage(browser);
    await openReplay(page, `${site.url}#replay=${code}`, states.length - 1);
    await pause(page);
    expect(await page.textContent('[data-testid=replay-summary]')).toContain('evil spawns');
    await pressOnPage(page, 'End');
    await expect2048At(page, states, states.length - 1);
    await page.locator('[data-testid=replay-slider]').fill('5');
    await expect2048At(page, states, 5);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses damaged, illegal and foreign codes with the reason, and the app keeps working', async () => {
    const game = rotating(newGame({ size: 4, seed: 1234 }), 12);
    const good = encodeShared(unwrap(shared2048(game)));
    // One character changed in the middle of the code.
    const at = Math.floor(good.length / 2);
    const swap = good[at] === 'A' ? 'B' : 'A';
    const damaged = good.slice(0, at) + swap + good.slice(at + 1);
    // A code whose second move does not move the board (a seed where one cannot).
    let stuckSeed = 1;
    let one = newGame({ size: 4, seed: stuckSeed });
    for (; ; stuckSeed++) {
      const g = newGame({ size: 4, seed: stuckSeed });
      one = play(g, DIRS.find((d) => slideValid(g.cells, d).moved)!);
      if (DIRS.some((d) => !slideValid(one.cells, d).moved)) break;
    }
    const stuck = DIRS.find((d) => !slideValid(one.cells, d).moved)!;
    const illegal = encodeShared({
      game: {
        kind: '2048',
        size: 4,
        target: 2048,
        seed: stuckSeed,
        evil: false,
        moves: [one.last!.direction, stuck],
      },
      assisted: false,
      players: '',
    } satisfies Shared);
    const foreign = 'hello-world';
    const seed = 3131;
    const { context, page, errors } = await openPage(browser);
    for (const code of [damaged, illegal, foreign]) {
      const r = readShareCode(code);
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(decodeShared(code).ok).toBe(code === illegal);
      await page.goto(`${site.url}?seed=${seed}#replay=${encodeURIComponent(code)}`);
      await expect
        .poll(() => page.textContent('[data-testid=notice]'), LONG)
        .toBe(`This replay cannot be shown: ${r.error.message}.`);
      expect(await page.locator('[data-testid=board]').count()).toBe(0);
      expect(await position(page)).toBe('');
      expect(await page.textContent('#live')).toMatch(/^This replay cannot be shown/);
      // No control that would do nothing: only the Menu button is on the screen.
      const shown = await page.$$eval('.screen-replay :is(button, input, select)', (els) =>
        els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => e.textContent),
      );
      expect(shown).toEqual(['☰ Menu']);
    }
    // q goes home from a refused code; so does the Menu button.
    await pressOnPage(page, 'q');
    await page.waitForSelector('.screen-home');
    await page.goto(`${site.url}?seed=${seed}#replay=${damaged}`);
    await expect.poll(() => page.textContent('[data-testid=notice]'), LONG).toMatch(/^This replay/);
    await page.click('[data-action=menu]');
    await page.waitForSelector('.screen-home');
    expect(new URL(page.url()).hash).toBe('');
    // A good code after a refused one is shown (the same page, a new link).
    await openReplay(page, `${site.url}?seed=${seed}#replay=${good}`, game.moves);
    expect(await page.textContent('[data-testid=notice]')).toBe('');
    await page.click('[data-action=menu]');
    // The game is played as ever: the first new game is the address's seed.
    await page.click('button[data-play="2048"]');
    let g = newGame({ size: 4, target: 2048, seed });
    await expect.poll(() => readTiles(page, 4)).toEqual(g.cells);
    const dir = DIRS.find((d) => slideValid(g.cells, d).moved)!;
    await pressOnPage(
      page,
      { left: 'ArrowLeft', down: 'ArrowDown', right: 'ArrowRight', up: 'ArrowUp' }[dir],
    );
    g = play(g, dir);
    await expect.poll(() => readTiles(page, 4)).toEqual(g.cells);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a link whose code is not valid URL text (a broken %-escape) with the sentence', async () => {
    const { context, page, errors } = await openPage(browser);
    // A code cut in the middle of a %-escape, as a mangled link may be.
    await page.goto(`${site.url}#replay=sb.%E0%A4%A`);
    await expect
      .poll(() => page.textContent('[data-testid=notice]'), LONG)
      .toMatch(/^This replay cannot be shown: .+\.$/);
    expect(errors).toEqual([]);
    // Another such link after a refused code: its own refusal, not the one before it.
    const other = 'sb.AAAA';
    await page.goto(`${site.url}#replay=${other}`);
    const first = readShareCode(other);
    expect(first.ok).toBe(false);
    await expect
      .poll(() => page.textContent('[data-testid=notice]'), LONG)
      .toBe(`This replay cannot be shown: ${first.ok ? '' : first.error.message}.`);
    await page.goto(`${site.url}#replay=%`);
    await expect
      .poll(() => page.textContent('[data-testid=notice]'), LONG)
      .not.toBe(`This replay cannot be shown: ${first.ok ? '' : first.error.message}.`);
    expect(errors).toEqual([]);
    await context.close();
  });

  describe('Share buttons', () => {
    const origin = () => new URL(site.url).origin;

    /** Opens `link` in a new page of the context and checks its last position's 2048 board. */
    async function expectReplayEnd(context: BrowserContext, link: string, game: Game) {
      const page = await context.newPage();
      await openReplay(page, link, game.moves);
      await pause(page);
      await pressOnPage(page, 'End');
      await expect2048At(page, positions(game), game.moves);
      return page;
    }

    it('2048 game over: Share copies a link that replays the game', async () => {
      const game = gameToEnd(812);
      const { context, page, errors } = await sharePage(browser, origin(), {
        'slidebox:settings': settingsWith({ size: 3 }),
        'slidebox:2048:3': JSON.stringify(serializeGame(game)),
      });
      await page.goto(`${site.url}#2048`);
      await expect.poll(() => readTiles(page, 3)).toEqual(game.cells);
      await expect.poll(() => page.locator('.overlay-over h2').textContent()).toBe('Game over');
      const link = await shareByClipboard(page, '.overlay-over');
      const code = codeOf(link, site.url);
      // The code holds this game's moves from its seed.
      const replay = unwrap(readShareCode(code));
      expect(replay.kind === '2048' && replay.states.at(-1)!.cells).toEqual(game.cells);
      const watch = await expectReplayEnd(context, link, game);
      expect(await watch.textContent('[data-testid=replay-summary]')).toMatch(
        new RegExp(`score ${fmt(game.score)} · largest ${fmt(maxTile(game.cells))} · game over$`),
      );
      expect(errors).toEqual([]);
      await context.close();
    });

    it('2048 won: the win overlay’s Share copies a link that replays the game', async () => {
      const game = wonGame();
      const { context, page, errors } = await sharePage(browser, origin(), {
        'slidebox:settings': settingsWith({ size: 3 }),
        'slidebox:2048:3': JSON.stringify(serializeGame(game)),
      });
      await page.goto(`${site.url}#2048`);
      await expect.poll(() => readTiles(page, 3)).toEqual(game.cells);
      await expect.poll(() => page.locator('.overlay-won h2').textContent()).toBe('You win!');
      const link = await shareByClipboard(page, '.overlay-won');
      const watch = await expectReplayEnd(context, link, game);
      expect(await watch.textContent('[data-testid=replay-summary]')).toContain('target 16');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('the solved puzzle: Share hands the link to the Web Share API where there is one', async () => {
      const seed = 1717;
      const start = newPuzzle({ width: 3, seed });
      const dist = bfsDistances(3, 3);
      // The tiles to click: each one step nearer the goal.
      const clicks: number[] = [];
      let p = start;
      while (!p.solved) {
        const t = movableTiles(p).find((x) => {
          const q = moveTile(p, x);
          return (
            q.moves === p.moves + 1 && dist.get(encode(q.tiles)) === dist.get(encode(p.tiles))! - 1
          );
        })!;
        clicks.push(t);
        p = moveTile(p, t);
      }
      const { context, page, errors } = await sharePage(browser, origin(), {
        'slidebox:settings': settingsWith({ game: 'puzzle', width: 3 }),
      });
      // A Web Share API that records what it was given.
      await page.addInitScript(() => {
        Object.defineProperty(navigator, 'share', {
          configurable: true,
          value: async (data: ShareData) => {
            (window as unknown as { shared_: ShareData[] }).shared_ ??= [];
            (window as unknown as { shared_: ShareData[] }).shared_.push(data);
          },
        });
      });
      await page.goto(`${site.url}?seed=${seed}#puzzle`);
      await expect.poll(() => readPuzzleTiles(page, 3)).toEqual(start.tiles);
      for (const t of clicks) await page.click(`.ptile[data-tile="${t}"]`);
      await expect.poll(() => page.locator('.overlay-won h2').textContent(), LONG).toBe('Solved!');
      await page.click('.overlay-won [data-action=share]');
      await expect
        .poll(() => page.textContent('[data-testid=notice]'))
        .toBe('Shared: whoever opens the link watches this game.');
      const shared = await page.evaluate(
        () => (window as unknown as { shared_: ShareData[] }).shared_,
      );
      expect(shared).toHaveLength(1);
      expect(shared[0]!.title).toBe('8-puzzle on slidebox');
      const link = shared[0]!.url!;
      const code = codeOf(link, site.url);
      const d = unwrap(decodeShared(code));
      expect(d.game.kind === 'puzzle' && d.game.tiles).toEqual(clicks);
      const watch = await context.newPage();
      await openReplay(watch, link, clicks.length);
      await pause(watch);
      await pressOnPage(watch, 'End');
      await expect.poll(() => position(watch)).toBe(`Move ${clicks.length} of ${clicks.length}`);
      await expect.poll(() => readPuzzleTiles(watch, 3)).toEqual(p.tiles);
      expect(await watch.textContent('[data-testid=replay-summary]')).toMatch(
        new RegExp(
          `^8-puzzle · 3×3 · seed ${seed} · ${clicks.length} moves · \\d+:\\d\\d · solved$`,
        ),
      );
      expect(errors).toEqual([]);
      await context.close();
    });

    it('versus and duel results: Share copies a link that replays the match', async () => {
      const match = versusLine(3377).at(-1)!;
      expect(match.over).toBe(true);
      const duel = duelLine(4488).at(-1)!;
      expect(duel.phase).toBe('over');
      // Who plays the duel as the default settings choose (the first slider a person).
      const players: ['human' | 'ai', 'human' | 'ai'] =
        duel.first === 0 ? ['human', 'ai'] : ['ai', 'human'];
      const { context, page, errors } = await sharePage(browser, origin(), {
        'slidebox:settings': settingsWith({ versusOpponent: 'human' }),
        'slidebox:versus': JSON.stringify(
          serializeVersusSession(initialModelVersus(match, { kind: 'human' })),
        ),
        'slidebox:duel': JSON.stringify(serializeDuelSession(initialModelDuel(duel, players))),
      });

      await page.goto(`${site.url}#versus`);
      await page.waitForSelector('.overlay-over');
      for (const n of [1, 2] as const) {
        await expect
          .poll(() => readBoardTiles(page, `[data-testid=board-${n}]`, 4))
          .toEqual(match.games[n - 1]!.cells);
      }
      const vLink = await shareByClipboard(page, '.overlay-over');
      const vCode = codeOf(vLink, site.url);
      expect(unwrap(decodeShared(vCode))).toEqual(sharedVersus(match, 'human'));
      const watch = await context.newPage();
      await openReplay(watch, vLink, match.log.length);
      await pause(watch);
      await pressOnPage(watch, 'End');
      for (const n of [1, 2] as const) {
        await expect
          .poll(() => readBoardTiles(watch, `[data-testid=board-${n}]`, 4))
          .toEqual(match.games[n - 1]!.cells);
      }

      await page.goto(`${site.url}#duel`);
      await page.waitForSelector('.overlay-over');
      await expect.poll(() => readTiles(page, 4)).toEqual(duel.game.cells);
      const dLink = await shareByClipboard(page, '.overlay-over');
      const dCode = codeOf(dLink, site.url);
      expect(unwrap(decodeShared(dCode))).toEqual(sharedDuel(duel, players.join(',')));
      await openReplay(watch, dLink, duel.log.length);
      await pause(watch);
      await pressOnPage(watch, 'End');
      await expect.poll(() => readTiles(watch, 4)).toEqual(duel.game.cells);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});
