/**
 * Support for the browser end-to-end tests: builds the web app with Vite into dist-web/,
 * serves it from a sub-path on 127.0.0.1 (an ephemeral port) with a tiny static server, and
 * launches Debian's Chromium through playwright-core (never a downloaded browser).
 *
 * Without /usr/bin/chromium the tests are skipped with a message, except under CI (CI=true or
 * CI=1, src/testing/ci.ts), where they fail: CI installs the chromium package first (.ci/run).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Game, legalMoves, play } from '../../src/engine/game2048.ts';
import type { Direction } from '../../src/engine/types.ts';
import { isCI } from '../../src/testing/ci.ts';

export const CHROMIUM = process.env.SLIDEBOX_CHROMIUM ?? '/usr/bin/chromium';
export const ROOT = resolve(import.meta.dirname, '../..');
export const DIST = join(ROOT, 'dist-web');
export const SHOTS = join(ROOT, 'test-output', 'screenshots');
/** The app is served from here, to prove the build works from a sub-path. */
export const BASE_PATH = '/games/slidebox/';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const hasChromium = existsSync(CHROMIUM);
export const inCI = isCI();

/** Why the browser tests cannot run here, or null when they can. */
export function skipReason(): string | null {
  if (hasChromium) return null;
  return `browser tests skipped: ${CHROMIUM} not found (install it with: apt-get install -y chromium)`;
}

let built: Promise<void> | null = null;

/**
 * Builds the site once per test file (about a second). In a child process: under Vitest,
 * NODE_ENV is "test", which would make Vite build a non-production app (no service worker).
 */
export function buildSite(): Promise<void> {
  built ??= new Promise<void>((resolvePromise, reject) => {
    const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
    execFile(
      process.execPath,
      [vite, 'build', '--config', join(ROOT, 'vite.config.ts'), '--logLevel', 'warn'],
      { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' } },
      (err, _stdout, stderr) =>
        err
          ? reject(new Error(`the web build failed: ${stderr || err.message}`))
          : resolvePromise(),
    );
  });
  return built;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

export interface Site {
  readonly url: string;
  /** Requests served, by path (to check what the browser fetched). */
  readonly hits: Map<string, number>;
  close(): Promise<void>;
}

/** Serves `dir` at {@link BASE_PATH} on 127.0.0.1, on a free port. */
export async function serveSite(dir: string = DIST): Promise<Site> {
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    if (!url.pathname.startsWith(BASE_PATH)) {
      res.writeHead(404).end('not here');
      return;
    }
    let rel = decodeURIComponent(url.pathname.slice(BASE_PATH.length));
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    const file = normalize(join(dir, rel));
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    void (async () => {
      try {
        if (!(await stat(file)).isFile()) throw new Error('not a file');
        const body = await readFile(file);
        res.writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'cache-control': 'no-cache',
        });
        res.end(body);
      } catch {
        res.writeHead(404).end('not found');
      }
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${BASE_PATH}`,
    hits,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 360, height: 740 };

/** A fresh browser context (its own storage) and page; console errors are collected. */
export async function openPage(
  browser: Browser,
  opts: {
    viewport?: { width: number; height: number };
    mobile?: boolean;
    dark?: boolean;
    reducedMotion?: boolean;
  } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: opts.viewport ?? DESKTOP,
    isMobile: opts.mobile ?? false,
    hasTouch: opts.mobile ?? false,
    colorScheme: opts.dark ? 'dark' : 'light',
    reducedMotion: opts.reducedMotion ? 'reduce' : 'no-preference',
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !serverProbe(m)) errors.push(`console: ${m.text()}`);
  });
  return { context, page, errors };
}

/**
 * Whether a console message is the browser's note that the app's look for a leaderboard server
 * (`GET ./api/health`, once per visit) found none: expected on a static site.
 */
export function serverProbe(m: ConsoleMessage): boolean {
  return /Failed to load resource/.test(m.text()) && /\/api\/health$/.test(m.location().url);
}

/** Saves a screenshot under test-output/screenshots/, once the page's animations are done. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** The 2048 tiles on screen as a grid of values (merge sources under merged tiles left out). */
export async function readTiles(page: Page, size: number): Promise<number[][]> {
  const tiles = await page.$$eval('.board-2048 .tile:not(.merge-source)', (els) =>
    els.map((e) => ({
      r: Number((e as HTMLElement).dataset.row),
      c: Number((e as HTMLElement).dataset.col),
      v: Number((e as HTMLElement).dataset.value),
    })),
  );
  const grid = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (const t of tiles) {
    if (grid[t.r]![t.c] !== 0) throw new Error(`two tiles drawn at row ${t.r}, column ${t.c}`);
    grid[t.r]![t.c] = t.v;
  }
  return grid;
}

/** The puzzle's tiles on screen, row-major, 0 for the blank. */
export async function readPuzzle(page: Page, width: number): Promise<number[]> {
  const tiles = await page.$$eval('.board-puzzle .ptile', (els) =>
    els.map((e) => ({
      r: Number((e as HTMLElement).dataset.row),
      c: Number((e as HTMLElement).dataset.col),
      t: Number((e as HTMLElement).dataset.tile),
    })),
  );
  const out = new Array<number>(width * width).fill(-1);
  for (const t of tiles) out[t.r * width + t.c] = t.t;
  return out;
}

/**
 * The 2048 tiles of one board as a grid of values: like {@link readTiles}, scoped to the board
 * that `board` selects (versus has two boards on the page, `[data-testid=board-1]` and `-2`).
 */
export async function readBoardTiles(page: Page, board: string, size: number): Promise<number[][]> {
  const tiles = await page.$$eval(`${board} .tile:not(.merge-source)`, (els) =>
    els.map((e) => ({
      r: Number((e as HTMLElement).dataset.row),
      c: Number((e as HTMLElement).dataset.col),
      v: Number((e as HTMLElement).dataset.value),
    })),
  );
  const grid = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (const t of tiles) {
    if (grid[t.r]![t.c] !== 0) throw new Error(`two tiles drawn at row ${t.r}, column ${t.c}`);
    grid[t.r]![t.c] = t.v;
  }
  return grid;
}

/** The text on the page's clipboard (its context must be granted 'clipboard-read'). */
export function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/**
 * Presses a key with nothing focused, so the page's game gets it (a focused button takes Space
 * and Enter, a focused slider or select the arrows).
 */
export async function pressOnPage(page: Page, key: string): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur?.());
  await page.keyboard.press(key);
}

/**
 * Puts `entries` into the page's localStorage before the app's code runs, on the page's first
 * load only (a reload keeps what the app saved since).
 */
export async function seedStorage(
  page: Page,
  entries: Readonly<Record<string, string>>,
): Promise<void> {
  await page.addInitScript((items: Record<string, string>) => {
    try {
      if (sessionStorage.getItem('slidebox-test:seeded')) return;
      for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
      sessionStorage.setItem('slidebox-test:seeded', '1');
    } catch {
      // about:blank and other opaque origins have no storage.
    }
  }, entries);
}

/**
 * Why a browser test file cannot run here (null: it can). Under CI a missing Chromium is a
 * failing test of its own (CI installs it); elsewhere a warning, and the file's tests skip.
 */
export function chromiumOrSkip(name: string): string | null {
  const reason = skipReason();
  if (reason && !inCI) console.warn(reason);
  // Registered only when it fails: a green run lists no placeholder as skipped.
  if (reason !== null && inCI) {
    describe(`${name} (CI without Chromium)`, () => {
      it('needs /usr/bin/chromium under CI', () => {
        throw new Error(`${reason} — CI must install the chromium package`);
      });
    });
  }
  return reason;
}

/**
 * For the enclosing describe: builds and serves the site and launches Chromium before its
 * tests (handing both to `use`), and closes them after.
 */
export function useBrowser(use: (browser: Browser, site: Site) => void): void {
  let browser: Browser | undefined;
  let site: Site | undefined;
  beforeAll(async () => {
    await buildSite();
    site = await serveSite();
    browser = await launchBrowser();
    use(browser, site);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
}

/** The arrow key of each direction. */
export const ARROW: Readonly<Record<Direction, string>> = {
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
};

/**
 * A 2048 game played by the engine from `start` to its end, as fast as it can be lost: each move
 * the legal one that leaves the fewest empty cells. Gives the moves and the game they end in.
 */
export function losingGame(start: Game): { dirs: Direction[]; game: Game } {
  const dirs: Direction[] = [];
  let g = start;
  while (!g.over) {
    let best: { dir: Direction; empty: number } | null = null;
    for (const dir of legalMoves(g.cells)) {
      const empty = play(g, dir)
        .cells.flat()
        .filter((v) => v === 0).length;
      if (best === null || empty < best.empty) best = { dir, empty };
    }
    dirs.push(best!.dir);
    g = play(g, best!.dir);
  }
  return { dirs, game: g };
}

/** Presses the arrow key of each direction on the page, in order. */
export async function pressMoves(page: Page, dirs: readonly Direction[]): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur?.());
  for (const d of dirs) await page.keyboard.press(ARROW[d]);
}

/**
 * The page's localStorage once the finished games that wait there for the history database have
 * been written to it (no `slidebox:history-pending:` key left): what the app keeps for good.
 */
export async function settledStorage(page: Page): Promise<Record<string, string>> {
  const pending = () =>
    page.evaluate(
      () =>
        Object.keys(localStorage).filter((k) => k.startsWith('slidebox:history-pending:')).length,
    );
  await expect.poll(pending).toBe(0);
  return page.evaluate(() => ({ ...localStorage }));
}

/** The parts of `selectors` not wholly inside the window (with their boxes), or []. */
export async function outOfView(page: Page, selectors: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const sel of selectors) {
    const loc = page.locator(sel).first();
    if (!(await loc.isVisible())) {
      out.push(`${sel} not shown`);
      continue;
    }
    const fits = await loc.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth;
    });
    if (!fits) out.push(`${sel} at ${JSON.stringify(await loc.boundingBox())}`);
  }
  return out;
}
