/**
 * Ranked play in Chromium against a real `slidebox serve` (servedSite.ts): a ranked game
 * started from its card, and the words a test reads.
 */
import type { Page } from 'playwright-core';
import { giveName } from './webRoom.ts';

export const LONG = { timeout: 15_000 };

export const text = (page: Page, testid: string) => page.textContent(`[data-testid=${testid}]`);

/** Takes the focus off whatever has it, so that the page's keys reach the board. */
export async function blur(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur?.());
}

/**
 * Opens the app at `url` and starts a ranked game from its card's `button` (a data-testid),
 * after choosing the `select`s' options (data-testid → value), answering the name prompt with
 * `name` when given; resolves once `ready` (the board's tiles by default) is drawn.
 */
export async function startRanked(
  page: Page,
  url: string,
  button: string,
  o: { name?: string; select?: Record<string, string>; ready?: string } = {},
): Promise<void> {
  await page.goto(url);
  await page.locator(`[data-testid=${button}]`).waitFor({ state: 'visible', ...LONG });
  for (const [testid, value] of Object.entries(o.select ?? {})) {
    await page.selectOption(`[data-testid=${testid}]`, value);
  }
  await page.click(`[data-testid=${button}]`);
  if (o.name !== undefined) await giveName(page, o.name);
  await page
    .locator(o.ready ?? '[data-testid=board] .tile')
    .first()
    .waitFor(LONG);
}
