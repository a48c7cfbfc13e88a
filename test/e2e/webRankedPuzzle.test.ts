/**
 * The ranked puzzle in the web app against a real `slidebox serve`, in Debian's Chromium: Play
 * ranked on the puzzle card (3×3) deals a scramble and starts the server's clock at once; the
 * page waits 2 s before its first move, solves it by clicks, and the end says the server's time
 * (at least those 2 s, whatever the page's own clock says), the moves and the rank on the ranked
 * 8-puzzle board. No undo, hint or solver on the screen; a reload in the middle takes the same
 * scramble and clock back. With the hover control, a tile slides as the mouse comes onto it.
 * Today's ranked daily 15-puzzle from the Daily card, resigned unsolved: the end says it is not
 * ranked and why, with no replay (the day's scramble).
 */
import { describe, expect, it } from 'vitest';
import { movableTiles, moveTile, puzzleFromTiles } from '../../src/engine/puzzle.ts';
import type { Leaderboard } from '../../src/net/api.ts';
import { solvePuzzle } from '../../src/solvers/puzzle/solve.ts';
import { testPlayerKey } from '../../src/testing/games.ts';
import { call } from '../../src/testing/serverHarness.ts';
import { DEFAULT_SETTINGS, serializeSettings } from '../../src/web/storage/settings.ts';
import { useServedSite } from './helpers/servedSite.ts';
import { LONG, startRanked, text } from './helpers/webRanked.ts';
import { chromiumOrSkip, openPage, readPuzzle, screenshot, seedStorage } from './webHarness.ts';

const reason = chromiumOrSkip('web ranked puzzle');

/** Seconds a solve time as shown ("2.345", "1:02.350") stands for. */
function seconds(shown: string): number {
  const parts = shown.split(':').map(Number);
  return parts.reduce((total, p) => total * 60 + p, 0);
}

describe.skipIf(reason !== null)('the ranked puzzle in the web app against slidebox serve', () => {
  const site = useServedSite();

  it('solves a ranked 3×3 after waiting 2 s: the server’s time, at least 2 s, and the rank', async () => {
    const { context, page, errors } = await openPage(site.browser, { reducedMotion: true });
    await startRanked(page, site.url, 'play-ranked-puzzle', {
      select: { 'size-puzzle': '3' },
      name: 'Dee',
      ready: '.board-puzzle .ptile',
    });
    await expect.poll(() => new URL(page.url()).hash, LONG).toBe('#ranked-puzzle');
    expect(await page.textContent('.screen-puzzle h1')).toBe('Ranked 8-puzzle');
    for (const action of ['undo', 'hint', 'auto-solve', 'new']) {
      expect(await page.locator(`.toolbar [data-action=${action}]`).isVisible(), action).toBe(
        false,
      );
    }
    await expect.poll(async () => (await readPuzzle(page, 3)).includes(-1), LONG).toBe(false);
    const tiles = await readPuzzle(page, 3);

    // The middle of the solve, after a reload: the same scramble and the same moves.
    let p = puzzleFromTiles(tiles, 3);
    const plan = await solvePuzzle(p.tiles, 3, { optimal: true, store: null });
    expect(plan.moves.length).toBeGreaterThan(2);
    // The server's clock runs from the deal: the first move comes 2 s after it.
    await page.waitForTimeout(2000);
    const first = plan.moves.slice(0, 2);
    for (const t of first) {
      await page.click(`.ptile[data-tile="${t}"]`);
      p = moveTile(p, t);
    }
    await expect.poll(() => readPuzzle(page, 3), LONG).toEqual([...p.tiles]);
    await expect.poll(() => text(page, 'moves'), LONG).toBe(String(p.moves));
    await page.reload();
    await expect.poll(() => readPuzzle(page, 3), LONG).toEqual([...p.tiles]);
    await expect.poll(() => text(page, 'notice'), LONG).toBe('');
    // The clock is the server's: it has run since the deal, over 2 s ago.
    expect(seconds((await text(page, 'time'))!)).toBeGreaterThanOrEqual(2);

    for (const t of plan.moves.slice(2)) {
      expect(movableTiles(p)).toContain(t);
      await page.click(`.ptile[data-tile="${t}"]`);
      p = moveTile(p, t);
    }
    expect(p.solved).toBe(true);
    await page.locator('[data-testid=ranked-end]').waitFor(LONG);
    const end = (await text(page, 'ranked-end'))!;
    expect(await page.textContent('.overlay-ranked-end h2')).toBe('Solved!');
    expect(end).toMatch(
      new RegExp(`^${plan.moves.length} moves in [\\d:.]+ on the server's clock\\.`),
    );
    expect(end).toContain('#1 on the ranked 8-puzzle board.');
    const shown = /moves in ([\d:.]+) on the server's clock/.exec(end)![1]!;
    expect(seconds(shown)).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'ranked-puzzle-end');

    const r = await call(site.server.url, 'GET', '/api/leaderboard?board=puzzle&size=3');
    const board = r.body as Leaderboard;
    expect(board.entries[0]).toMatchObject({ rank: 1, name: 'Dee', moves: plan.moves.length });
    expect(board.entries[0]!.timeMs!).toBeGreaterThanOrEqual(2000);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the leaderboards at the board just ranked on, from the end of a ranked 3×3', async () => {
    const { context, page, errors } = await openPage(site.browser, { reducedMotion: true });
    await seedStorage(page, {
      'slidebox:player': JSON.stringify({ key: testPlayerKey(9), name: 'Jo' }),
    });
    await startRanked(page, site.url, 'play-ranked-puzzle', {
      select: { 'size-puzzle': '3' },
      ready: '.board-puzzle .ptile',
    });
    await expect.poll(() => text(page, 'notice'), LONG).toBe('');
    await expect.poll(async () => (await readPuzzle(page, 3)).includes(-1), LONG).toBe(false);
    await page.click('.toolbar [data-action=resign]');
    await page.click('.toolbar [data-action=resign]');
    await page.locator('[data-testid=ranked-end]').waitFor(LONG);
    // Not the daily: another ranked game can start from here.
    expect(await page.locator('.overlay-ranked-end [data-ranked=again]').count()).toBe(1);
    await page.click('.overlay-ranked-end [data-ranked=boards]');
    await expect.poll(() => new URL(page.url()).hash, LONG).toBe('#leaderboards');
    await expect.poll(() => page.getAttribute('#tab-puzzle', 'aria-selected'), LONG).toBe('true');
    expect(await page.getAttribute('#tab-daily-2048', 'aria-selected')).toBe('false');
    expect(await page.inputValue('[data-testid=board-size-puzzle]')).toBe('3');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('slides a tile as the mouse comes onto it, with the hover control', async () => {
    const { context, page, errors } = await openPage(site.browser, { reducedMotion: true });
    await seedStorage(page, {
      'slidebox:settings': JSON.stringify(
        serializeSettings({ ...DEFAULT_SETTINGS, width: 3, puzzleControl: 'hover' }),
      ),
      'slidebox:player': JSON.stringify({ key: testPlayerKey(7), name: 'Hal' }),
    });
    await startRanked(page, site.url, 'play-ranked-puzzle', { ready: '.board-puzzle .ptile' });
    await expect.poll(() => text(page, 'notice'), LONG).toBe('');
    expect(await page.textContent('.screen-puzzle .keys-help')).toMatch(/^Hover: /);
    const p = puzzleFromTiles(await readPuzzle(page, 3), 3);
    const tile = movableTiles(p)[0]!;
    // From off the board onto the tile: it slides.
    const box = (await page.locator(`.ptile[data-tile="${tile}"]`).boundingBox())!;
    await page.mouse.move(box.x - 200, box.y - 200);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
    await expect.poll(() => readPuzzle(page, 3), LONG).toEqual([...moveTile(p, tile).tiles]);
    await expect.poll(() => text(page, 'moves'), LONG).toBe(String(moveTile(p, tile).moves));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resigns today’s ranked daily 15-puzzle unsolved: not ranked, the server says why', async () => {
    const { context, page, errors } = await openPage(site.browser, { reducedMotion: true });
    await seedStorage(page, {
      'slidebox:player': JSON.stringify({ key: testPlayerKey(8), name: 'Ivy' }),
    });
    await startRanked(page, site.url, 'daily-ranked-puzzle', { ready: '.board-puzzle .ptile' });
    await expect.poll(() => new URL(page.url()).hash, LONG).toBe('#ranked-daily-puzzle');
    expect(await page.textContent('.screen-puzzle h1')).toBe('Ranked daily 15-puzzle');
    await expect.poll(() => text(page, 'notice'), LONG).toBe('');
    const p = puzzleFromTiles(await readPuzzle(page, 4), 4);
    const tile = movableTiles(p)[0]!;
    await page.click(`.ptile[data-tile="${tile}"]`);
    await expect.poll(() => readPuzzle(page, 4), LONG).toEqual([...moveTile(p, tile).tiles]);
    await page.click('.toolbar [data-action=resign]');
    await page.click('.toolbar [data-action=resign]');
    await page.locator('[data-testid=ranked-end]').waitFor(LONG);
    expect(await page.textContent('.overlay-ranked-end h2')).toBe('Resigned');
    const end = (await text(page, 'ranked-end'))!;
    const n = moveTile(p, tile).moves;
    expect(end).toMatch(new RegExp(`^Not solved: ${n} moves?\\.Not ranked: .+\\.$`));
    expect(await page.locator('[data-testid=ranked-replay]').count()).toBe(0);
    expect(await page.textContent('[data-testid=ranked-end]')).toMatch(
      /Its replay opens when the day is over, at 00:00 UTC on \d{4}-\d{2}-\d{2}/,
    );
    // Today's ranked daily is played once: no Play ranked again; Leaderboards opens its board.
    expect(await page.locator('.overlay-ranked-end [data-ranked=again]').count()).toBe(0);
    await page.click('.overlay-ranked-end [data-ranked=boards]');
    await expect
      .poll(() => page.getAttribute('#tab-daily-puzzle', 'aria-selected'), LONG)
      .toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });
});
