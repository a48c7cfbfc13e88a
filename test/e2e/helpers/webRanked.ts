/**
 * Ranked play in Chromium against a real `slidebox serve` (its app and database in this process,
 * serving the built web app): a describe block's server and browser, started before its tests
 * and stopped after, and a ranked game started from its card.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import {
  type Backend,
  HOOK_MS,
  newDatabaseTarget,
  skipTestsWhile,
  startTestServer,
  type TestServer,
} from '../../../src/testing/serverHarness.ts';
import { buildSite, DIST, launchBrowser } from '../webHarness.ts';
import { giveName } from './webRoom.ts';

export const LONG = { timeout: 15_000 };

export const text = (page: Page, testid: string) => page.textContent(`[data-testid=${testid}]`);

/** Takes the focus off whatever has it, so that the page's keys reach the board. */
export async function blur(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur?.());
}

/** A describe block's ranked site: read its parts in the tests (set before them). */
export interface RankedSite {
  readonly browser: Browser;
  readonly server: TestServer;
  /** The app's address (the server's, with its slash). */
  readonly url: string;
  /** The server's database. */
  readonly target: string;
  /** Starts the server again on its port and database (after `server.close()`). */
  restart(): Promise<void>;
}

/**
 * Registers the hooks of a describe block that plays ranked in the web app: the site built, a
 * server on a new database serving it, and a browser. On SQLite by default (it must be there);
 * with `backend`, a database that is not there here (no PostgreSQL) skips the block's tests.
 * `now` is the server's clock.
 */
export function useRankedSite(o: { backend?: Backend; now?: () => number } = {}): RankedSite {
  let browser: Browser | null = null;
  let server: TestServer | null = null;
  let url = '';
  let target = '';
  let skipped: string | null = null;
  const serve = (port?: number) =>
    startTestServer(target, { webRoot: DIST, ...(o.now ? { now: o.now } : {}) }, port);
  beforeAll(async () => {
    await buildSite();
    const t = await newDatabaseTarget(o.backend ?? 'sqlite');
    if (typeof t !== 'string') {
      if (o.backend === undefined) throw new Error(t.skip);
      skipped = t.skip;
      return;
    }
    target = t;
    server = await serve();
    url = `${server.url}/`;
    browser = await launchBrowser();
  }, HOOK_MS);
  if (o.backend !== undefined) skipTestsWhile(() => skipped);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  }, HOOK_MS);
  const set = <T>(v: T | null, what: string): T => {
    if (v === null) throw new Error(`no ${what} (${skipped ?? 'the block has not started'})`);
    return v;
  };
  return {
    get browser() {
      return set(browser, 'browser');
    },
    get server() {
      return set(server, 'server');
    },
    get url() {
      return url;
    },
    get target() {
      return target;
    },
    async restart() {
      server = await serve(Number(new URL(url).port));
    },
  };
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
