/**
 * A versus match's and a duel's analysis in the real web build, in Debian's Chromium: a 4×4
 * versus match and a duel made here by the engine (the AI's moves mixed with random ones; the
 * placer's placements mixed with random cells) are opened as replay links, Analyse is pressed,
 * and the page shows what analyseMatch gives in Node: both sides' figures, each action's mark
 * (its side, slide or placement, class and loss, the better one), the better move drawn on the
 * board of the side that slides, a placement's better cell ringed; n jumps between the
 * mistakes of either side. Both screens fit 1280×800, 1366×657, 1440×900 and a phone
 * (390×844) without scrolling (screenshots in test-output/screenshots/analysis-match-*).
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Duel, duelPlace, duelSlide, newDuel } from '../../src/engine/duel.ts';
import { legalMoves } from '../../src/engine/game2048.ts';
import { nextInt, type RngState, seedRng } from '../../src/engine/rng.ts';
import { encodeShared, sharedDuel, sharedVersus } from '../../src/engine/shareCode.ts';
import { readShareCode } from '../../src/engine/shareReplay.ts';
import { newVersus, versusMove } from '../../src/engine/versus.ts';
import {
  type AnalysisMatchView,
  markLines,
  matchView,
  summaryLines,
} from '../../src/front/modelAnalysis.ts';
import { choosePlacement } from '../../src/solvers/ai2048/placer.ts';
import { analyse } from '../../src/solvers/ai2048/player.ts';
import { analyseDuel, analyseVersus } from '../../src/solvers/analysis/analyseMatch.ts';
import {
  chromiumOrSkip,
  openPage,
  pressOnPage,
  type Site,
  screenshot,
  useBrowser,
} from './webHarness.ts';

const reason = chromiumOrSkip('web replay analysis of matches');

const LONG = { timeout: 60_000 };

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A code and its analysis as analyseMatch gives it in Node. */
function judged(code: string): { code: string; a: AnalysisMatchView; actions: number } {
  const r = unwrap(readShareCode(code, { place: choosePlacement }));
  const actions = r.states.length - 1;
  const a =
    r.kind === 'versus' ? analyseVersus(r.states) : analyseDuel(r.states as readonly Duel[]);
  return { code, a: matchView(a, actions), actions };
}

/** A 4×4 versus match of 50 moves, the sides taking turns: the AI's move or a random one. */
function versus(): ReturnType<typeof judged> {
  let m = unwrap(newVersus({ seed: 44 }));
  let rng: RngState = seedRng(44);
  for (let i = 0; i < 50 && !m.over; i++) {
    const side = (i % 2) as 0 | 1;
    const legal = legalMoves(m.games[side].cells);
    if (legal.length === 0) break;
    const r = nextInt(rng, 2 * legal.length);
    rng = r.state;
    const dir = r.value < legal.length ? legal[r.value]! : analyse(m.games[side].cells).move!;
    m = unwrap(versusMove(m, side, dir));
  }
  return judged(encodeShared(sharedVersus(m, 'human')));
}

/** A 4×4 duel of 40 actions: random slides; the placer's own placements or a random cell. */
function duel(): ReturnType<typeof judged> {
  let d: Duel = unwrap(newDuel({ seed: 9, size: 4 }));
  let rng: RngState = seedRng(9);
  for (let i = 0; i < 40 && d.phase !== 'over'; i++) {
    const r = nextInt(rng, 8);
    rng = r.state;
    if (d.phase === 'slide') {
      const legal = legalMoves(d.game.cells);
      d = unwrap(duelSlide(d, legal[r.value % legal.length]!));
    } else if (r.value < 3) {
      const p = choosePlacement(d.game.cells)!;
      d = unwrap(duelPlace(d, p.at, p.value));
    } else {
      const empty = d.game.cells.flatMap((row, ri) =>
        row.flatMap((v, col) => (v === 0 ? [{ row: ri, col }] : [])),
      );
      d = unwrap(duelPlace(d, empty[r.value % empty.length]!, 2));
    }
  }
  return judged(encodeShared(sharedDuel(d, 'human')));
}

const VERSUS = versus();
const DUEL = duel();

const summaryOf = (a: AnalysisMatchView) => summaryLines(a).join(' · ');
const markOf = (a: AnalysisMatchView, index: number) => markLines(a, index).join(' · ');
const isMistake = (c: string | undefined) => c === 'mistake' || c === 'blunder';

const position = (page: Page) => page.textContent('[data-testid=replay-position]');
const last = (n: number) => new RegExp(`^Move [\\d,]+ of ${n.toLocaleString('en-US')}$`);

async function openReplay(page: Page, url: string, moves: number): Promise<void> {
  await page.goto(url);
  await expect.poll(() => position(page), LONG).toMatch(last(moves));
  const btn = page.locator('[data-action=play-pause]');
  if ((await btn.getAttribute('aria-pressed')) === 'true') await pressOnPage(page, ' ');
  await expect.poll(() => btn.getAttribute('aria-pressed')).toBe('false');
}

async function indexOnScreen(page: Page): Promise<number> {
  return Number(/^Move ([\d,]+) of/.exec((await position(page)) ?? '')![1]!.replaceAll(',', ''));
}

async function analysed(page: Page, summary: string): Promise<void> {
  await expect.poll(() => page.textContent('[data-testid=analysis-summary]'), LONG).toBe(summary);
}

describe.skipIf(reason !== null)('a match’s analysis in Chromium', () => {
  let browser: Browser;
  let site: Site;

  useBrowser((b, s) => {
    browser = b;
    site = s;
  });

  it('a versus match: both sides’ figures, the acting side’s mark and arrow, n across sides', async () => {
    const { code, a, actions } = VERSUS;
    const mistakes = a.moves.flatMap((m, i) => (m && isMistake(m.class) ? [i] : []));
    expect(new Set(mistakes.map((i) => a.moves[i]!.side)).size, 'mistakes of both sides').toBe(2);
    const { context, page, errors } = await openPage(browser);
    await openReplay(page, `${site.url}#replay=${code}`, actions);
    await pressOnPage(page, 'Home');
    await page.click('[data-action=analyse]');
    await analysed(page, summaryOf(a));
    expect(await page.textContent('[data-testid=analysis-summary]')).toContain(
      'P2 slides: accuracy',
    );
    const mark = page.locator('[data-testid=analysis-mark]');
    expect(await mark.textContent()).toBe(markOf(a, 0));
    // One bar an action, each side's own.
    const bars = page.locator('[data-testid=analysis-chart] rect.chart-loss');
    expect(await bars.count()).toBe(actions);
    expect(await page.locator('rect.chart-loss.side-1').count()).toBe(
      a.moves.filter((m) => m?.side === 1).length,
    );
    for (const k of mistakes.slice(0, 4)) {
      await pressOnPage(page, 'n');
      await expect.poll(() => indexOnScreen(page)).toBe(k);
      const m = a.moves[k]!;
      if (m.action !== 'slide') throw new Error('a versus action is a slide');
      await expect.poll(() => mark.textContent()).toBe(markOf(a, k));
      expect(await mark.getAttribute('data-class')).toBe(m.class);
      expect(await mark.getAttribute('data-side')).toBe(String(m.side));
      // The arrows on the board of the side that slid, none on the other.
      const mine = page.locator(`[data-testid=board-${m.side + 1}]`);
      const other = page.locator(`[data-testid=board-${2 - m.side}]`);
      expect(await mine.locator('[data-testid=better-move]').getAttribute('data-direction')).toBe(
        m.best,
      );
      expect(await mine.locator('[data-testid=played-move]').getAttribute('data-direction')).toBe(
        m.played,
      );
      expect(await other.locator('[data-testid=better-move]').count()).toBe(0);
    }
    await screenshot(page, 'analysis-match-versus-mistake');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('a duel: a placement’s mark with the better cell ringed, n to the mistakes', async () => {
    const { code, a, actions } = DUEL;
    const k = a.moves.findIndex((m) => m?.action === 'place' && isMistake(m.class));
    expect(k, 'a placement mistake').toBeGreaterThanOrEqual(0);
    const { context, page, errors } = await openPage(browser);
    await openReplay(page, `${site.url}#replay=${code}`, actions);
    await page.click('[data-action=analyse]');
    await analysed(page, summaryOf(a));
    expect(await page.textContent('[data-testid=analysis-summary]')).toContain('places: accuracy');
    await page.locator('[data-testid=replay-slider]').fill(String(k));
    await expect.poll(() => indexOnScreen(page)).toBe(k);
    const m = a.moves[k]!;
    if (m.action !== 'place') throw new Error('not a placement');
    const mark = page.locator('[data-testid=analysis-mark]');
    await expect.poll(() => mark.textContent()).toBe(markOf(a, k));
    expect(await mark.textContent()).toContain(`places ${m.played.value} at r`);
    const ring = page.locator('[data-testid=better-cell]');
    expect(await ring.getAttribute('data-row')).toBe(String(m.best.at.row));
    expect(await ring.getAttribute('data-col')).toBe(String(m.best.at.col));
    // n from the start lands on the first mistake of either side, slide or placement.
    await pressOnPage(page, 'Home');
    const first = a.moves.findIndex((x) => isMistake(x?.class));
    await pressOnPage(page, 'n');
    await expect.poll(() => indexOnScreen(page)).toBe(first);
    await expect.poll(() => mark.textContent()).toBe(markOf(a, first));
    await screenshot(page, 'analysis-match-duel-mistake');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  const VIEWPORTS = [
    { name: '1280x800', width: 1280, height: 800, mobile: false },
    { name: '1366x657', width: 1366, height: 657, mobile: false },
    { name: '1440x900', width: 1440, height: 900, mobile: false },
    { name: 'phone', width: 390, height: 844, mobile: true },
  ] as const;

  it('fits the window analysed, at every size, all in view', async () => {
    for (const vp of VIEWPORTS) {
      for (const [name, x, board] of [
        ['versus', VERSUS, '[data-testid=board-1]'],
        ['duel', DUEL, '[data-testid=board]'],
      ] as const) {
        const { context, page, errors } = await openPage(browser, {
          viewport: { width: vp.width, height: vp.height },
          mobile: vp.mobile,
          reducedMotion: true,
        });
        await openReplay(page, `${site.url}#replay=${x.code}`, x.actions);
        await page.click('[data-action=analyse]');
        await analysed(page, summaryOf(x.a));
        await pressOnPage(page, 'End');
        await pressOnPage(page, 'Shift+N');
        await expect
          .poll(() => page.getAttribute('[data-testid=analysis-mark]', 'data-class'))
          .toMatch(/^(mistake|blunder)$/);
        const where = `${name} at ${vp.name}`;
        expect(
          await page.evaluate(() => ({
            height: document.scrollingElement!.scrollHeight,
            y: scrollY,
          })),
          where,
        ).toEqual({ height: vp.height, y: 0 });
        for (const sel of [
          'h1',
          board,
          '.replay-controls',
          '.replay-seek',
          '[data-testid=analysis-summary]',
          '[data-testid=analysis-mark]',
          '[data-testid=analysis-chart]',
          '[data-action=next-mistake]',
        ]) {
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
        // No board (nor its frame) runs over the panel.
        const panel = (await page.locator('[data-testid=analysis]').boundingBox())!;
        for (const el of await page.locator('.board-wrap').all()) {
          const b = (await el.boundingBox())!;
          const apart =
            b.y + b.height <= panel.y + 0.5 ||
            panel.y + panel.height <= b.y + 0.5 ||
            b.x + b.width <= panel.x + 0.5 ||
            panel.x + panel.width <= b.x + 0.5;
          expect(apart, `a board over the panel (${where}): ${JSON.stringify([b, panel])}`).toBe(
            true,
          );
        }
        await screenshot(page, `analysis-match-${name}-${vp.name}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  }, 300_000);
});
