/**
 * 2048 in the real web build, in Debian's Chromium: keyboard, mouse-drag and touch swipes,
 * queued inputs, undo, reload, damaged saves, hints and autoplay from the real AI in its worker
 * (checked against the same AI run here), screenshots.
 * Expected boards come from the engine itself, seeded like the page (`?seed=`).
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Game, newGame, play, slideValid, undo } from '../../src/engine/game2048.ts';
import type { Direction } from '../../src/engine/types.ts';
import { analyse } from '../../src/solvers/ai2048/player.ts';
import {
  ARROW,
  chromiumOrSkip,
  openPage,
  PHONE,
  pressOnPage,
  readTiles,
  type Site,
  screenshot,
  useBrowser,
} from './webHarness.ts';

const reason = chromiumOrSkip('web 2048');

const SEED = 20480;

/** Plays `dirs` on the engine, skipping the moves that change nothing (as the page does). */
function replay(start: Game, dirs: Direction[]): Game {
  return dirs.reduce((g, d) => play(g, d), start);
}

async function expectBoard(page: Page, game: Game): Promise<void> {
  await expect.poll(() => readTiles(page, game.size)).toEqual(game.cells);
  await expect
    .poll(() => page.textContent('[data-testid=score]'))
    .toBe(game.score.toLocaleString('en-US'));
  await expect.poll(() => page.textContent('[data-testid=moves]')).toBe(String(game.moves));
}

describe.skipIf(reason !== null)('web 2048 in Chromium', () => {
  let browser: Browser;
  let site: Site;

  useBrowser((b, s) => {
    browser = b;
    site = s;
  });

  it('plays by keyboard (arrows, WASD, hjkl), queues fast keys in order, undoes and restores on reload', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${site.url}?seed=${SEED}#2048`);
    let game = newGame({ size: 4, target: 2048, seed: SEED });
    await expectBoard(page, game);

    // One key at a time; the move is announced to screen readers.
    await page.keyboard.press('ArrowLeft');
    game = replay(game, ['left']);
    await expectBoard(page, game);
    await expect(page.locator('#live').textContent()).resolves.toMatch(
      /^Moved left\. .*Score \d+\./,
    );

    // A burst of keys during the animations: all are applied, in order.
    const burst: [string, Direction][] = [
      ['ArrowDown', 'down'],
      ['a', 'left'],
      ['d', 'right'],
      ['w', 'up'],
      ['h', 'left'],
      ['j', 'down'],
      ['l', 'right'],
      ['k', 'up'],
      ['ArrowRight', 'right'],
      ['s', 'down'],
    ];
    for (const [key] of burst) await page.keyboard.press(key);
    game = replay(
      game,
      burst.map(([, d]) => d),
    );
    await expectBoard(page, game);
    expect(game.moves).toBeGreaterThan(3);

    // Undo twice by button and key.
    await page.click('button[data-action=undo]');
    await page.keyboard.press('u');
    game = undo(undo(game));
    await expectBoard(page, game);

    // Reload: the same game comes back from the browser's storage.
    await page.reload();
    await expectBoard(page, game);
    // …with its undo history.
    await page.keyboard.press('u');
    game = undo(game);
    await expectBoard(page, game);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps one game across two tabs: each continues from the other’s last move', async () => {
    const { context, page: first, errors } = await openPage(browser);
    await first.goto(`${site.url}?seed=${SEED}#2048`);
    let game = newGame({ size: 4, target: 2048, seed: SEED });
    await expectBoard(first, game);
    const second = await context.newPage();
    second.on('pageerror', (e) => errors.push(`pageerror (second tab): ${e.message}`));
    await second.goto(`${site.url}#2048`);
    await expectBoard(second, game);

    // Moves in the first tab show up in the second, which says where they came from…
    await first.keyboard.press('ArrowLeft');
    await first.keyboard.press('ArrowDown');
    game = replay(game, ['left', 'down']);
    await expectBoard(first, game);
    await expectBoard(second, game);
    await expect
      .poll(() => second.textContent('#live'))
      .toMatch(/^This game was played in another tab/);
    // …and the second tab's moves carry on from there, and show up in the first.
    await second.keyboard.press('ArrowRight');
    game = replay(game, ['right']);
    await expectBoard(second, game);
    await expectBoard(first, game);
    // Undo in the first tab takes back the second tab's move: one history.
    await first.keyboard.press('u');
    game = undo(game);
    await expectBoard(first, game);
    await expectBoard(second, game);
    // The autoplay pace is shared too, and a move does not put the old one back.
    await first.selectOption('select.speed', '3');
    await expect.poll(() => second.inputValue('select.speed')).toBe('3');
    await second.keyboard.press('ArrowUp');
    game = replay(game, ['up']);
    await expectBoard(first, game);
    expect(await first.inputValue('select.speed')).toBe('3');
    // Nothing was lost: a reload of either shows the same game.
    await second.reload();
    await expectBoard(second, game);
    expect(await second.inputValue('select.speed')).toBe('3');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves by a mouse drag; a desktop shows no on-screen arrows', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${site.url}?seed=${SEED + 1}#2048`);
    let game = newGame({ size: 4, target: 2048, seed: SEED + 1 });
    await expectBoard(page, game);
    const box = (await page.locator('[data-testid=board]').boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const drags: [Direction, number, number][] = [
      ['right', 120, 0],
      ['down', 0, 120],
      ['left', -120, 10],
      ['up', 5, -120],
    ];
    for (const [dir, dx, dy] of drags) {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx + dx, cy + dy, { steps: 6 });
      await page.mouse.up();
      game = replay(game, [dir]);
      await expectBoard(page, game);
    }
    // A short wobble is not a swipe.
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + 5, cy + 4, { steps: 2 });
    await page.mouse.up();
    await expectBoard(page, game);

    // A mouse and a keyboard: the arrows are keys, not buttons on the screen.
    expect(await page.locator('.pad').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('swipes with touch on a phone without scrolling the page, and screenshots both widths', async () => {
    const { context, page, errors } = await openPage(browser, { viewport: PHONE, mobile: true });
    await page.goto(`${site.url}?seed=${SEED + 2}#2048`);
    let game = newGame({ size: 4, target: 2048, seed: SEED + 2 });
    await expectBoard(page, game);
    const cdp = await context.newCDPSession(page);
    const box = (await page.locator('[data-testid=board]').boundingBox())!;
    const touchSwipe = async (dx: number, dy: number) => {
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      for (let i = 1; i <= 5; i++) {
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x: x + (dx * i) / 5, y: y + (dy * i) / 5 }],
        });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const scrollBefore = await page.evaluate(() => window.scrollY);
    for (const [dir, dx, dy] of [
      ['up', 0, -110],
      ['left', -110, 0],
      ['down', 0, 110],
    ] as [Direction, number, number][]) {
      await touchSwipe(dx, dy);
      game = replay(game, [dir]);
      await expectBoard(page, game);
    }
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    // A touch screen has no arrow keys: the on-screen arrows move too.
    await page.click('button[data-dir=right]');
    game = replay(game, ['right']);
    await expectBoard(page, game);
    await screenshot(page, '2048-phone');
    await context.close();

    const desk = await openPage(browser);
    await desk.page.goto(`${site.url}?seed=${SEED + 3}#2048`);
    await expectBoard(desk.page, newGame({ size: 4, target: 2048, seed: SEED + 3 }));
    for (const k of [
      'ArrowLeft',
      'ArrowDown',
      'ArrowLeft',
      'ArrowDown',
      'ArrowRight',
      'ArrowDown',
    ]) {
      await desk.page.keyboard.press(k);
    }
    await desk.page.waitForTimeout(400);
    await screenshot(desk.page, '2048-desktop');
    const dark = await openPage(browser, { viewport: PHONE, mobile: true, dark: true });
    await dark.page.goto(`${site.url}?seed=${SEED + 3}#2048`);
    await dark.page.waitForSelector('.board-2048 .tile');
    await dark.page.waitForTimeout(300);
    await screenshot(dark.page, '2048-phone-dark');
    expect([...errors, ...desk.errors, ...dark.errors]).toEqual([]);
    await desk.context.close();
    await dark.context.close();
  });

  it('starts a fresh game with a one-line notice when the saved game is damaged', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${site.url}?seed=${SEED + 4}#2048`);
    const fresh = newGame({ size: 4, target: 2048, seed: SEED + 4 });
    await expectBoard(page, fresh);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    // Both moves applied (and saved) before the save is damaged: a queued move saving later
    // would overwrite the damage.
    await expectBoard(page, replay(fresh, ['left', 'up']));

    for (const damage of [
      '{"kind":"slidebox/2048","version":1,"size":4,"log":"zz"}',
      'not json at all {',
      '{"kind":"someone-else","data":[1,2,3]}',
    ]) {
      await page.evaluate((d) => localStorage.setItem('slidebox:2048:4', d), damage);
      await page.reload();
      const notice = page.locator('[data-testid=notice]');
      await expect
        .poll(() => notice.textContent())
        .toMatch(/could not be restored.*new game has started/);
      // The page still plays: a fresh game (seeded again by the test hook).
      await expectBoard(page, fresh);
      // The notice is one line and goes away with the next command.
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => notice.textContent()).toBe('');
    }
    // Damaged records and settings too.
    await page.evaluate(() => {
      localStorage.setItem(
        'slidebox:bests',
        '{"kind":"slidebox/web-bests","version":1,"best2048":{"4":-5},"puzzle":{}}',
      );
      localStorage.setItem('slidebox:settings', '[]');
    });
    await page.reload();
    await expect
      .poll(() => page.textContent('[data-testid=notice]'))
      .toMatch(/records could not be read/);
    await expect(page.locator('.board-2048 .tile').count()).resolves.toBeGreaterThan(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the win overlay and keeps going; new game asks first', async () => {
    const { context, page, errors } = await openPage(browser);
    // A near-win saved game: 1024 + 1024 in a row, target 2048, built with the engine's save.
    const { gameFromCells } = await import('../../src/engine/game2048.ts');
    const { serializeGame } = await import('../../src/engine/save2048.ts');
    const start = gameFromCells(
      [
        [1024, 1024, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 2, 0],
        [0, 0, 0, 0],
      ],
      { target: 2048, seed: 5 },
    );
    const saved = serializeGame(start);
    await page.goto(`${site.url}#`);
    await page.evaluate((s) => localStorage.setItem('slidebox:2048:4', JSON.stringify(s)), saved);
    await page.goto(`${site.url}#2048`);
    await expectBoard(page, start);
    await page.keyboard.press('ArrowLeft');
    const won = play(start, 'left');
    await expectBoard(page, won);
    await expect(page.locator('.overlay-won h2').textContent()).resolves.toBe('You win!');
    await screenshot(page, '2048-win-desktop');
    await page.click('.overlay-won button[data-action=keep-going]');
    await expect.poll(() => page.locator('.overlay-won').count()).toBe(0);
    await page.keyboard.press('ArrowRight');
    await expectBoard(page, play({ ...won, keepPlaying: true }, 'right'));
    // New game with moves made asks for confirmation; Escape keeps the game.
    await page.keyboard.press('n');
    await expect.poll(() => page.locator('.overlay-confirm').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.overlay-confirm').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('autoplays with the real AI in its worker: its moves, and frames keep coming', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${site.url}?seed=${SEED + 5}#2048`);
    const start = newGame({ size: 4, target: 2048, seed: SEED + 5 });
    await expectBoard(page, start);
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    // Count animation frames (and note long tasks, over 50 ms) on the main thread while the AI plays.
    await page.evaluate(() => {
      const w = window as unknown as { frames_: number; long_: number[] };
      w.frames_ = 0;
      w.long_ = [];
      const tick = () => {
        w.frames_++;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.long_.push(e.duration);
      }).observe({ type: 'longtask', buffered: false });
    });
    await page.selectOption('select.speed', '0');
    // The AI is loaded on first use only.
    expect(workers).toEqual([]);
    await page.click('button[data-action=autoplay]');
    await expect
      .poll(async () => Number(await page.textContent('[data-testid=moves]')), { timeout: 20_000 })
      .toBeGreaterThan(40);
    await page.click('button[data-action=autoplay]');
    await expect
      .poll(() => page.getAttribute('button[data-action=autoplay]', 'aria-pressed'))
      .toBe('false');
    const stats = await page.evaluate(() => {
      const w = window as unknown as { frames_: number; long_: number[] };
      return { frames: w.frames_, long: w.long_ };
    });
    console.info(
      `autoplay: ${stats.frames} frames, long tasks (ms): ${JSON.stringify(stats.long)}`,
    );
    // Frames kept coming while the AI played, and no main-thread task went over 50 ms.
    expect(stats.frames).toBeGreaterThan(10);
    // Long tasks are printed, not asserted: their length depends on the machine's load.
    // The AI ran in its own worker.
    expect(workers).toEqual([expect.stringMatching(/ai\.worker-[\w-]+\.js$/)]);
    // Every move was the real AI's (its `fast` preset, the one for autoplay): the same game,
    // played here by the AI in this process, reaches the board on screen.
    const moves = Number(await page.textContent('[data-testid=moves]'));
    let game = start;
    while (game.moves < moves) {
      const dir = analyse(game.cells, { preset: 'fast' }).move;
      expect(dir).not.toBeNull();
      game = play(game, dir!);
    }
    await expectBoard(page, game);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loses no move of autoplay on reload: the game is saved as the page goes', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${site.url}?seed=${SEED + 6}#2048`);
    await expectBoard(page, newGame({ size: 4, target: 2048, seed: SEED + 6 }));
    await page.selectOption('select.speed', '0');
    await page.click('button[data-action=autoplay]');
    await expect
      .poll(async () => Number(await page.textContent('[data-testid=moves]')), { timeout: 20_000 })
      .toBeGreaterThan(30);
    // The moves on screen, read in the same task that starts the reload: the AI plays on.
    const shown = await page.evaluate(() => {
      const moves = Number(document.querySelector('[data-testid=moves]')!.textContent);
      location.reload();
      return moves;
    });
    await page.waitForLoadState('load');
    await expect
      .poll(async () => Number(await page.textContent('[data-testid=moves]')))
      .toBeGreaterThan(0);
    // Every move shown before the reload came back (the AI may have made more before the page went).
    expect(Number(await page.textContent('[data-testid=moves]'))).toBeGreaterThanOrEqual(shown);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hints the real AI’s move (its strong preset) and follows it', async () => {
    const { context, page, errors } = await openPage(browser);
    const { gameFromCells } = await import('../../src/engine/game2048.ts');
    const { serializeGame } = await import('../../src/engine/save2048.ts');
    // A position where the strong preset (hints) and the fast one (autoplay) disagree, so the
    // hint shows which one answered. Few distinct tiles: the search is far within its time cap,
    // so its answer does not depend on the machine.
    let game = gameFromCells(
      [
        [64, 2, 0, 2],
        [32, 4, 0, 0],
        [16, 2, 2, 0],
        [4, 4, 8, 4],
      ],
      { target: 2048, seed: 5 },
    );
    expect(analyse(game.cells, { preset: 'strong' }).move).not.toBe(
      analyse(game.cells, { preset: 'fast' }).move,
    );
    await page.goto(`${site.url}#`);
    await page.evaluate(
      (s) => localStorage.setItem('slidebox:2048:4', JSON.stringify(s)),
      serializeGame(game),
    );
    await page.goto(`${site.url}#2048`);
    await expectBoard(page, game);
    for (let round = 0; round < 4; round++) {
      await page.keyboard.press('i');
      await expect
        .poll(() => page.textContent('[data-testid=hint]'), { timeout: 20_000 })
        .toMatch(/^Hint: . (up|down|left|right)$/);
      const dir = (await page.textContent('[data-testid=hint]'))!.split(' ').pop() as Direction;
      expect(dir).toBe(analyse(game.cells, { preset: 'strong' }).move);
      expect(slideValid(game.cells, dir).moved).toBe(true);
      if (round === 0) {
        await screenshot(page, '2048-hint-desktop');
        // The AI's worker runs the WebAssembly build of the search in Chromium.
        expect(await page.getAttribute('html', 'data-ai-engine')).toBe('wasm');
      }
      await pressOnPage(page, ARROW[dir]);
      game = replay(game, [dir]);
      await expectBoard(page, game);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a hint from the AI, and moves without animation when less motion is asked for', async () => {
    const { context, page, errors } = await openPage(browser, { reducedMotion: true });
    await page.goto(`${site.url}?seed=${SEED + 7}#2048`);
    let game = newGame({ size: 4, target: 2048, seed: SEED + 7 });
    await expectBoard(page, game);
    await page.keyboard.press('i');
    await expect
      .poll(() => page.textContent('[data-testid=hint]'))
      .toMatch(/^Hint: . (up|down|left|right)$/);
    const dir = (await page.textContent('[data-testid=hint]'))!.split(' ').pop() as Direction;
    await expect.poll(() => page.locator(`button[data-dir=${dir}].hinted`).count()).toBe(1);
    await pressOnPage(page, ARROW[dir]);
    game = replay(game, [dir]);
    await expectBoard(page, game);
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes board size and target from the home screen (3×3 to 8×8), big numbers fit', async () => {
    const { context, page, errors } = await openPage(browser, { viewport: PHONE, mobile: true });
    await page.goto(`${site.url}?seed=${SEED + 6}`);
    await page.selectOption('[data-testid=size-2048]', '8');
    await page.selectOption('[data-testid=target]', '256');
    await page.click('button[data-play="2048"]');
    await expectBoard(page, newGame({ size: 8, target: 256, seed: SEED + 6 }));
    expect(await page.locator('.board-2048 .cell').count()).toBe(64);
    await expect(page.locator('.goal').textContent()).resolves.toMatch(/get to 256/);
    // The choice is remembered: back to the menu and reload.
    await page.click('button[data-action=menu]');
    await page.reload();
    await expect(page.locator('[data-testid=size-2048]').inputValue()).resolves.toBe('8');
    await expect(page.locator('[data-testid=target]').inputValue()).resolves.toBe('256');

    // Large tiles on the smallest cells: a saved game with six-digit numbers.
    const { gameFromCells } = await import('../../src/engine/game2048.ts');
    const { serializeGame } = await import('../../src/engine/save2048.ts');
    const row = [131072, 65536, 32768, 16384, 8192, 4096, 2048, 1024];
    const cells = [
      row,
      [...row].reverse(),
      ...Array.from({ length: 6 }, (_, r) =>
        row.map((v, c) => ((r + c) % 3 === 0 ? 0 : v / 2 ** (r + 3) >= 2 ? v / 2 ** (r + 3) : 2)),
      ),
    ];
    const big = gameFromCells(cells, { target: 256, seed: 1 });
    await page.evaluate(
      (s) => localStorage.setItem('slidebox:2048:8', JSON.stringify(s)),
      serializeGame(big),
    );
    await page.goto(`${site.url}#2048`);
    await page.reload();
    await expectBoard(page, big);
    // No number spills out of its tile.
    const spills = await page.$$eval('.board-2048 .tile-inner', (els) =>
      els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
    );
    expect(spills).toEqual([]);
    await screenshot(page, '2048-8x8-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
