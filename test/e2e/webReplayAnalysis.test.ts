/**
 * The replay's analysis in the real web build, in Debian's Chromium: a 4×4 2048 game made here
 * by the engine (seeded: the AI's moves to 2048, then its moves mixed with random ones) is
 * opened as a replay link, Analyse is pressed, and the page shows the same analysis as the
 * library gives in Node: the summary, one bar a move on the chart, each position's mark; n and
 * N jump between the mistakes and blunders with the better move drawn as an arrow on the board
 * (the board being the position the move was played from), a click on the chart shows that
 * move, and the mark is said in the live region. The analysis shows its progress and is
 * cancelled: its worker is ended, the button comes back and nothing comes later; I starts it
 * again and stops it. A 3×3 puzzle's analysis outlines the better tile of a detour and draws
 * the distance to solved; a 4×4 one is exact with the solver's tables read from IndexedDB (put
 * there as a first solve leaves them), a 5×5 one says its distances are lower bounds. A leaderboard's link shows the server's figures. Every analysed
 * screen fits 1280×800, 1366×657, 1440×900 and a phone (390×844) without scrolling
 * (screenshots in test-output/screenshots/analysis-*).
 */
import type { Browser, Page, Worker as PwWorker } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  awaitingWinChoice,
  type Game,
  keepGoing,
  legalMoves,
  maxTile,
  newGame,
  play,
} from '../../src/engine/game2048.ts';
import { movableTiles, moveTile, newPuzzle, type Puzzle } from '../../src/engine/puzzle.ts';
import { nextInt, type RngState, seedRng } from '../../src/engine/rng.ts';
import { encodeShared, shared2048, sharedPuzzle } from '../../src/engine/shareCode.ts';
import type { Direction } from '../../src/engine/types.ts';
import { type GameAnalysis, markLines, summaryLines } from '../../src/front/modelAnalysis.ts';
import { analyse } from '../../src/solvers/ai2048/player.ts';
import { type Analysis2048, analyse2048 } from '../../src/solvers/analysis/analyse2048.ts';
import { type AnalysisPuzzle, analysePuzzle } from '../../src/solvers/analysis/analysePuzzle.ts';
import { PATTERNS_663 } from '../../src/solvers/puzzle/pdbHeuristic.ts';
import { patternDbs4, pdbKey } from '../../src/solvers/puzzle/pdbProvider.ts';
import { fileCache } from '../../src/storage/fileCache.ts';
import { TEST_CACHE_DIR } from '../../src/testutil/testCache.ts';
import {
  chromiumOrSkip,
  openPage,
  pressOnPage,
  readPuzzle,
  readTiles,
  type Site,
  screenshot,
  useBrowser,
} from './webHarness.ts';

const reason = chromiumOrSkip('web replay analysis');

const LONG = { timeout: 60_000 };

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/**
 * A 4×4 game: the AI's moves (fast preset, uncapped: the same game on any machine) until a
 * 2048 is made, when `to2048`, then `n` moves each the AI's or (one in `oneIn`) a random legal
 * one. Past 2048 the analysis judges on the search's value, where random moves are mistakes
 * whatever the calibration of the chance.
 */
function mixedGame(
  seed: number,
  n: number,
  oneIn: number,
  to2048: boolean,
): { states: Game[]; dirs: Direction[] } {
  let g = newGame({ size: 4, seed });
  let rng: RngState = seedRng(seed);
  const states = [g];
  const dirs: Direction[] = [];
  let mixed = to2048 ? -1 : 0;
  while (!g.over && mixed < n) {
    if (awaitingWinChoice(g)) g = keepGoing(g);
    const legal = legalMoves(g.cells);
    const r = nextInt(rng, oneIn * legal.length);
    rng = r.state;
    const dir =
      mixed >= 0 && r.value < legal.length
        ? legal[r.value]!
        : analyse(g.cells, { preset: 'fast', noCap: true }).move!;
    g = play(g, dir);
    states.push(g);
    dirs.push(dir);
    if (mixed >= 0) mixed++;
    else if (maxTile(g.cells) >= 2048) mixed = 0;
  }
  return { states, dirs };
}

/** Computed once, on first use: the long game and its analysis in Node. */
function memo<T>(make: () => T): () => T {
  let v: { value: T } | null = null;
  return () => {
    v ??= { value: make() };
    return v.value;
  };
}

/** `k` puzzle moves from a seeded shuffle, never sliding back the tile just moved. */
function puzzleLine(seed: number, k: number, width = 3): { states: Puzzle[]; tiles: number[] } {
  let p = newPuzzle({ width, seed });
  let rng: RngState = seedRng(seed);
  const states = [p];
  const tiles: number[] = [];
  for (let i = 0; i < k; i++) {
    const can = movableTiles(p).filter((t) => t !== p.last?.tile);
    const r = nextInt(rng, can.length);
    rng = r.state;
    p = moveTile(p, can[r.value]!);
    states.push(p);
    tiles.push(can[r.value]!);
  }
  return { states, tiles };
}

const LONG_GAME = memo(() => {
  const g = mixedGame(6102, 60, 2, true);
  const a: Analysis2048 = unwrap(analyse2048(g.states, g.dirs));
  return { ...g, code: encodeShared(unwrap(shared2048(g.states.at(-1)!))), a };
});

/** A short 4×4 game of random moves. */
const SHORT = mixedGame(6101, 40, 1, false);
const CODE_SHORT = encodeShared(unwrap(shared2048(SHORT.states.at(-1)!)));

const PUZZLE = puzzleLine(6202, 24);
const CODE_PUZZLE = encodeShared(unwrap(sharedPuzzle(PUZZLE.states.at(-1)!)));
const APUZZLE: AnalysisPuzzle = analysePuzzle(PUZZLE.states, PUZZLE.tiles);

const summaryOf = (a: GameAnalysis) => summaryLines(a).join(' · ');
const markOf = (a: GameAnalysis, index: number) => markLines(a, index).join(' · ');
const isMistake = (c: string) => c === 'mistake' || c === 'blunder';

const position = (page: Page) => page.textContent('[data-testid=replay-position]');
const last = (n: number) => new RegExp(`^Move [\\d,]+ of ${n.toLocaleString('en-US')}$`);

/** Opens a replay link, waits until it is read, and pauses it. */
async function openReplay(page: Page, url: string, moves: number): Promise<void> {
  await page.goto(url);
  await expect.poll(() => position(page), LONG).toMatch(last(moves));
  const btn = page.locator('[data-action=play-pause]');
  if ((await btn.getAttribute('aria-pressed')) === 'true') await pressOnPage(page, ' ');
  await expect.poll(() => btn.getAttribute('aria-pressed')).toBe('false');
}

/** The position on screen (its index). */
async function indexOnScreen(page: Page): Promise<number> {
  return Number(/^Move ([\d,]+) of/.exec((await position(page)) ?? '')![1]!.replaceAll(',', ''));
}

/** Waits until the analysis is done (its summary shows). */
async function analysed(page: Page, summary: string): Promise<void> {
  await expect.poll(() => page.textContent('[data-testid=analysis-summary]'), LONG).toBe(summary);
}

describe.skipIf(reason !== null)('the replay’s analysis in Chromium', () => {
  let browser: Browser;
  let site: Site;

  useBrowser((b, s) => {
    browser = b;
    site = s;
  });

  it('analyses a 2048 game: marks, chart, jumps between mistakes with the better move drawn', async () => {
    const { states, dirs, code, a } = LONG_GAME();
    const moves = dirs.length;
    // The game has mistakes to jump to after the start (the AI's values, as the page gets them).
    const mistakes = a.moves.filter((m) => isMistake(m.class) && m.n > 1);
    expect(mistakes.length).toBeGreaterThanOrEqual(3);
    const { context, page, errors } = await openPage(browser);
    await openReplay(page, `${site.url}#replay=${code}`, moves);
    const analyseBtn = page.locator('[data-action=analyse]');
    expect(await analyseBtn.isVisible()).toBe(true);
    expect(await analyseBtn.getAttribute('aria-keyshortcuts')).toBe('I');
    expect(await page.locator('[data-testid=analysis]').isVisible()).toBe(false);
    await pressOnPage(page, 'Home');
    const t0 = Date.now();
    await analyseBtn.click();
    await analysed(page, summaryOf(a));
    // A figure, not a test: how long the browser took (the machine's load decides).
    console.info(`${moves}-move 4×4 game analysed in Chromium in ${(Date.now() - t0) / 1000} s`);
    expect(await analyseBtn.isVisible()).toBe(false);
    await expect.poll(() => page.textContent('#live')).toContain('Analysis done.');
    // One bar a move, coloured by its class.
    const bars = page.locator('[data-testid=analysis-chart] rect.chart-loss');
    expect(await bars.count()).toBe(moves);
    expect(await bars.nth(mistakes[0]!.n - 1).getAttribute('class')).toContain(
      `loss-${mistakes[0]!.class}`,
    );
    // The start: the first move's mark, the AI's move drawn.
    const mark = page.locator('[data-testid=analysis-mark]');
    expect(await mark.textContent()).toBe(markOf(a, 0));
    expect(await page.getAttribute('[data-testid=better-move]', 'data-direction')).toBe(
      a.moves[0]!.class === 'best' ? a.moves[0]!.played : a.moves[0]!.best,
    );
    expect(await page.getAttribute('[data-action=next-mistake]', 'aria-label')).toBe(
      'Next mistake',
    );

    // n: each mistake in turn, the board it was played from, the better move drawn, the mark said.
    for (const m of mistakes.slice(0, 3)) {
      await pressOnPage(page, 'n');
      await expect.poll(() => indexOnScreen(page)).toBe(m.n - 1);
      await expect.poll(() => mark.getAttribute('data-class')).toBe(m.class);
      expect(isMistake((await mark.getAttribute('data-class'))!)).toBe(true);
      expect(await mark.textContent()).toBe(markOf(a, m.n - 1));
      expect(await page.getAttribute('[data-testid=better-move]', 'data-direction')).toBe(m.best);
      expect(await page.getAttribute('[data-testid=played-move]', 'data-direction')).toBe(m.played);
      expect(await readTiles(page, 4)).toEqual(states[m.n - 1]!.cells);
      await expect.poll(() => page.textContent('#live')).toContain(markLines(a, m.n - 1)[0]);
    }
    await screenshot(page, 'analysis-2048-mistake');
    // N (shift): back to the one before.
    await pressOnPage(page, 'Shift+N');
    await expect.poll(() => indexOnScreen(page)).toBe(mistakes[1]!.n - 1);
    // The buttons do the same.
    await page.click('[data-action=next-mistake]');
    await expect.poll(() => indexOnScreen(page)).toBe(mistakes[2]!.n - 1);
    await page.click('[data-action=previous-mistake]');
    await expect.poll(() => indexOnScreen(page)).toBe(mistakes[1]!.n - 1);

    // A click on the chart shows that move (bars are thinner than a pixel here: to one move).
    const box = (await page.locator('[data-testid=analysis-chart]').boundingBox())!;
    const want = Math.floor(moves * 0.3);
    await page.mouse.click(box.x + ((want + 0.5) / moves) * box.width, box.y + box.height / 2);
    await expect.poll(async () => Math.abs((await indexOnScreen(page)) - want)).toBeLessThan(2);
    expect(await mark.textContent()).toBe(markOf(a, await indexOnScreen(page)));
    // The end has no move to judge, and no arrow.
    await pressOnPage(page, 'End');
    await expect.poll(() => mark.textContent()).toBe(markOf(a, moves));
    expect(await page.locator('[data-testid=better-move]').count()).toBe(0);
    expect(await page.isDisabled('[data-action=next-mistake]')).toBe(true);
    // i hides the analysis and shows it again.
    await pressOnPage(page, 'i');
    await expect.poll(() => page.locator('[data-testid=analysis]').isVisible()).toBe(false);
    expect(await analyseBtn.textContent()).toBe('Show analysis');
    await pressOnPage(page, 'i');
    await expect.poll(() => page.locator('[data-testid=analysis]').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('offers the mistake keys only once there is a mistake for them to go to', async () => {
    const { context, page, errors } = await openPage(browser);
    // A puzzle with detours (mistakes) after its first move.
    expect(APUZZLE.moves.filter((m) => !m.optimal && m.n > 1).length).toBeGreaterThan(0);
    await openReplay(page, `${site.url}#replay=${CODE_PUZZLE}`, PUZZLE.tiles.length);
    const keys = () => page.textContent('.screen-replay .keys-help');
    // Not analysed: i analyses; n and N would do nothing, so they are not offered.
    expect(await keys()).toMatch(/· i analyse/);
    expect(await keys()).not.toMatch(/mistake/);
    const at = await indexOnScreen(page);
    await pressOnPage(page, 'n');
    expect(await indexOnScreen(page)).toBe(at);
    await pressOnPage(page, 'Home');
    await page.click('[data-action=analyse]');
    await expect
      .poll(() => page.locator('[data-testid=analysis-summary]').isVisible(), LONG)
      .toBe(true);
    // At the start: a mistake ahead, none behind.
    await expect.poll(keys).toMatch(/· n next mistake/);
    expect(await keys()).not.toMatch(/previous mistake/);
    expect(await keys()).toMatch(/· i hide analysis/);
    await pressOnPage(page, 'n');
    await expect.poll(() => indexOnScreen(page)).toBeGreaterThan(0);
    // At the end: one behind, none ahead.
    await pressOnPage(page, 'End');
    await expect.poll(keys).toMatch(/· N previous mistake/);
    expect(await keys()).not.toMatch(/next mistake/);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows the analysis’s progress and cancels it, ending its worker; I starts it again', async () => {
    const { dirs, code } = LONG_GAME();
    const moves = dirs.length;
    const { context, page, errors } = await openPage(browser);
    // The AI workers the page runs (an ended worker leaves the page's list).
    const aiWorkers = () => page.workers().filter((w) => /ai\.worker/.test(w.url()));
    // The workers the page ends.
    await page.addInitScript(() => {
      const end = Worker.prototype.terminate;
      Worker.prototype.terminate = function (this: Worker) {
        const w = window as unknown as { ended_?: number };
        w.ended_ = (w.ended_ ?? 0) + 1;
        end.call(this);
      };
    });
    const ended = () => page.evaluate(() => (window as unknown as { ended_?: number }).ended_ ?? 0);
    // Whether a worker has ended: it no longer answers (a busy one would, once free).
    const gone = (w: PwWorker) =>
      w
        .evaluate(() => false)
        .then(
          () => false,
          (e: Error) => /closed/.test(e.message),
        );
    await openReplay(page, `${site.url}#replay=${code}`, moves);
    await page.click('[data-action=analyse]');
    const text = page.locator('[data-testid=analysis-progress-text]');
    await expect
      .poll(() => text.textContent(), LONG)
      .toMatch(/^Analysing: move [1-9][\d,]* of [\d,]+ \([1-9]\d?%\)$/);
    const bar = Number(await page.getAttribute('[data-testid=analysis-progress]', 'value'));
    expect(bar).toBeGreaterThan(0);
    expect(bar).toBeLessThan(100);
    const running = aiWorkers();
    expect(running).toHaveLength(1);
    await screenshot(page, 'analysis-2048-progress');
    // Cancel (focused in place of Analyse) stops it: the worker ends, Analyse comes back.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-action'))).toBe(
      'cancel-analysis',
    );
    await page.click('[data-action=cancel-analysis]');
    await expect.poll(() => page.locator('[data-action=analyse]').isVisible()).toBe(true);
    await expect.poll(ended).toBe(1);
    expect(await gone(running[0]!)).toBe(true);
    expect(await page.locator('[data-testid=analysis]').isVisible()).toBe(false);
    await expect.poll(() => page.textContent('#live')).toContain('Analysis cancelled.');
    // Nothing comes back later.
    await page.waitForTimeout(1500);
    expect(await page.locator('[data-testid=analysis]').isVisible()).toBe(false);
    expect(await page.locator('[data-testid=analysis-summary]').textContent()).toBe('');
    // i starts it again (in a new worker), and i while it runs stops it too.
    await pressOnPage(page, 'i');
    await expect.poll(() => text.textContent(), LONG).toMatch(/%\)$/);
    expect(await page.locator('[data-action=analyse]').isVisible()).toBe(false);
    const again = aiWorkers().filter((w) => w !== running[0]);
    expect(again).toHaveLength(1);
    await pressOnPage(page, 'i');
    await expect.poll(() => page.locator('[data-action=analyse]').isVisible()).toBe(true);
    await expect.poll(ended).toBe(2);
    expect(await gone(again[0]!)).toBe(true);
    // Leaving the replay while it runs stops it too; back on it, Analyse is offered again.
    await pressOnPage(page, 'i');
    await expect.poll(() => text.textContent(), LONG).toMatch(/%\)$/);
    await page.click('[data-action=menu]');
    await page.waitForSelector('.screen-home');
    await expect.poll(ended).toBe(3);
    await page.goBack();
    await expect.poll(() => page.locator('[data-action=analyse]').isVisible()).toBe(true);
    expect(await page.locator('[data-testid=analysis]').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('analyses a 3×3 puzzle: the distance chart, detours with the better tile outlined', async () => {
    const detours = APUZZLE.moves.filter((m) => !m.optimal && m.n > 1);
    expect(detours.length).toBeGreaterThanOrEqual(2);
    const moves = PUZZLE.tiles.length;
    const { context, page, errors } = await openPage(browser);
    await openReplay(page, `${site.url}#replay=${CODE_PUZZLE}`, moves);
    await pressOnPage(page, 'Home');
    await pressOnPage(page, 'i');
    await analysed(page, summaryOf(APUZZLE));
    expect(await page.locator('[data-testid=analysis-chart] polyline').count()).toBe(1);
    const points = await page.getAttribute('[data-testid=analysis-chart] polyline', 'points');
    expect(points!.trim().split(/\s+/)).toHaveLength(moves + 1);
    for (const m of detours.slice(0, 2)) {
      await pressOnPage(page, 'n');
      await expect.poll(() => indexOnScreen(page)).toBe(m.n - 1);
      const mark = page.locator('[data-testid=analysis-mark]');
      await expect.poll(() => mark.getAttribute('data-class')).toBe('detour');
      expect(await mark.textContent()).toBe(markOf(APUZZLE, m.n - 1));
      expect(await page.getAttribute('[data-testid=better-tile]', 'data-tile')).toBe(
        String(m.best),
      );
      expect(await page.locator('.ptile.played-tile').getAttribute('data-tile')).toBe(
        String(m.played),
      );
      const tiles = (await readPuzzle(page, 3)).map((t) => (t === -1 ? 0 : t));
      expect(tiles).toEqual(PUZZLE.states[m.n - 1]!.tiles);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('analyses a 4×4 puzzle exactly with the tables read from IndexedDB, a 5×5 with lower bounds', async () => {
    const line = puzzleLine(32, 12, 4);
    const code = encodeShared(unwrap(sharedPuzzle(line.states.at(-1)!)));
    const cache = fileCache(TEST_CACHE_DIR);
    const dbs = (await patternDbs4(cache)).dbs;
    const a = analysePuzzle(line.states, line.tiles, { dbs4: dbs });
    expect(a.exact).toBe(true);
    const { context, page, errors } = await openPage(browser);
    // The solver's tables, put in the page's IndexedDB as a first solve would have left them.
    await page.goto(site.url);
    const tables: [string, string][] = [];
    for (const p of PATTERNS_663) {
      tables.push([pdbKey(p), Buffer.from((await cache.read(pdbKey(p)))!).toString('base64')]);
    }
    await page.evaluate(async (entries: [string, string][]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('slidebox');
        req.onupgradeneeded = () => req.result.createObjectStore('blobs');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      for (const [key, base64] of entries) {
        const text = atob(base64);
        const bytes = new Uint8Array(text.length);
        for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
        const tx = db.transaction('blobs', 'readwrite');
        tx.objectStore('blobs').put(bytes, key);
        await new Promise((resolve, reject) => {
          tx.oncomplete = resolve;
          tx.onerror = reject;
        });
      }
      db.close();
    }, tables);
    await openReplay(page, `${site.url}#replay=${code}`, line.tiles.length);
    await pressOnPage(page, 'i');
    await analysed(page, summaryOf(a));
    expect(await page.textContent('[data-testid=analysis-summary]')).toMatch(
      /^Judged by the solver/,
    );
    await pressOnPage(page, 'Home');
    await expect.poll(() => page.textContent('[data-testid=analysis-mark]')).toBe(markOf(a, 0));

    // 5×5: no exact solver, lower bounds, said so.
    const big = puzzleLine(33, 10, 5);
    const b = analysePuzzle(big.states, big.tiles);
    expect(b.exact).toBe(false);
    const bigCode = encodeShared(unwrap(sharedPuzzle(big.states.at(-1)!)));
    await openReplay(page, `${site.url}#replay=${bigCode}`, big.tiles.length);
    await pressOnPage(page, 'i');
    await analysed(page, summaryOf(b));
    expect(await page.textContent('[data-testid=analysis-summary]')).toMatch(
      /^Lower bounds, not exact · Optimal at least/,
    );
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('shows the server’s figures from a leaderboard’s link', async () => {
    const moves = SHORT.dirs.length;
    const { context, page, errors } = await openPage(browser);
    await openReplay(page, `${site.url}#replay=${CODE_SHORT}&accuracy=81.6&agreement=39.84`, moves);
    expect(await page.textContent('[data-testid=server-figures]')).toBe(
      "The board's analysis: accuracy 81.6 · agreement 39.8%",
    );
    const puzzleLink = `${site.url}#replay=${CODE_PUZZLE}`;
    await openReplay(
      page,
      `${puzzleLink}&accuracy=80&agreement=90&optimal=23&wasted=4`,
      PUZZLE.tiles.length,
    );
    expect(await page.textContent('[data-testid=server-figures]')).toBe(
      "The board's analysis: accuracy 80.0 · on a shortest path 90.0% · optimal 23 · wasted 4",
    );
    // A link without them shows none.
    await page.goto(`${site.url}#2048`);
    await openReplay(page, puzzleLink, PUZZLE.tiles.length);
    expect(await page.locator('[data-testid=server-figures]').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  const VIEWPORTS = [
    { name: '1280x800', width: 1280, height: 800, mobile: false },
    { name: '1366x657', width: 1366, height: 657, mobile: false },
    { name: '1440x900', width: 1440, height: 900, mobile: false },
    { name: 'phone', width: 390, height: 844, mobile: true },
  ] as const;

  it('fits the window analysed, at every size, all in view', async () => {
    const inView = [
      'h1',
      '[data-testid=board]',
      '.replay-controls',
      '.replay-seek',
      '[data-testid=analysis-summary]',
      '[data-testid=analysis-mark]',
      '[data-testid=analysis-chart]',
      '[data-action=next-mistake]',
    ];
    for (const vp of VIEWPORTS) {
      const long = LONG_GAME();
      for (const [name, code, summary, moves] of [
        ['2048', long.code, summaryOf(long.a), long.dirs.length],
        ['puzzle', CODE_PUZZLE, summaryOf(APUZZLE), PUZZLE.tiles.length],
      ] as const) {
        const { context, page, errors } = await openPage(browser, {
          viewport: { width: vp.width, height: vp.height },
          mobile: vp.mobile,
          reducedMotion: true,
        });
        await openReplay(page, `${site.url}#replay=${code}&accuracy=90&agreement=50`, moves);
        await page.click('[data-action=analyse]');
        await analysed(page, summary);
        // The screen at its fullest: at a mistake, the better move drawn.
        await pressOnPage(page, 'End');
        await pressOnPage(page, 'Shift+N');
        await expect
          .poll(() => page.getAttribute('[data-testid=analysis-mark]', 'data-class'))
          .toMatch(/^(mistake|blunder|detour)$/);
        const where = `${name} at ${vp.name}`;
        expect(
          await page.evaluate(() => ({
            height: document.scrollingElement!.scrollHeight,
            y: scrollY,
          })),
          where,
        ).toEqual({ height: vp.height, y: 0 });
        for (const sel of inView) {
          const r = await page.locator(sel).first().boundingBox();
          expect(r, `${sel} shown (${where})`).not.toBeNull();
          expect(
            r!.y >= 0 &&
              r!.x >= 0 &&
              r!.y + r!.height <= vp.height + 0.5 &&
              r!.x + r!.width <= vp.width,
            `${sel} in view (${where}): ${JSON.stringify(r)}`,
          ).toBe(true);
        }
        // The board stays large: a good part of the window's smaller side.
        const board = (await page.locator('[data-testid=board]').boundingBox())!;
        expect(board.width, where).toBeGreaterThan(Math.min(vp.width, vp.height) * 0.45);
        await screenshot(page, `analysis-${name}-${vp.name}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  }, 240_000);
});
