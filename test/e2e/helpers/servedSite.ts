/**
 * The web app as `slidebox serve` serves it (its app and database in this process, serving the
 * built web app), in Debian's Chromium: a describe block's server and browser, started before
 * its tests and stopped after.
 */
import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { ServerOptions } from '../../../src/server/app.ts';
import {
  type Backend,
  HOOK_MS,
  newDatabaseTarget,
  skipTestsWhile,
  startTestServer,
  type TestServer,
} from '../../../src/testing/serverHarness.ts';
import { buildSite, DIST, launchBrowser } from '../webHarness.ts';

/** A describe block's site: read its parts in the tests (set before them). */
export interface ServedSite {
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
 * Registers the hooks of a describe block that tests the web app as `slidebox serve` serves it:
 * the site built, a server on a new database serving it (with `serve`'s options), and a
 * browser. On SQLite by default (it must be there); with `backend`, a database that is not there
 * here (no PostgreSQL) skips the block's tests.
 */
export function useServedSite(
  o: { backend?: Backend; serve?: Partial<Omit<ServerOptions, 'database' | 'webRoot'>> } = {},
): ServedSite {
  let browser: Browser | null = null;
  let server: TestServer | null = null;
  let url = '';
  let target = '';
  let skipped: string | null = null;
  const serve = (port?: number) => startTestServer(target, { ...o.serve, webRoot: DIST }, port);
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

/** A page's socket to the server through a route that keeps the server's frames and can hold them. */
export interface HeldSocket {
  /** Every frame the server sent, in order (held or not). */
  readonly frames: string[];
  /** The frames held and not let through yet. */
  readonly held: string[];
  /** While true, the server's frames are held instead of passed to the page. */
  holding: boolean;
  /** Stops holding, and lets the frames held through, in order. */
  release(): void;
}

/** Routes `page`'s sockets to the server whose address matches `url` through a {@link HeldSocket}. */
export async function holdServerFrames(page: Page, url: RegExp): Promise<HeldSocket> {
  let route: WebSocketRoute | null = null;
  const socket: HeldSocket = {
    frames: [],
    held: [],
    holding: false,
    release() {
      socket.holding = false;
      for (const m of socket.held.splice(0)) route?.send(m);
    },
  };
  await page.routeWebSocket(url, (ws) => {
    route = ws;
    const toServer = ws.connectToServer();
    ws.onMessage((m) => toServer.send(m));
    toServer.onMessage((m) => {
      socket.frames.push(String(m));
      if (socket.holding) socket.held.push(String(m));
      else ws.send(m);
    });
  });
  return socket;
}
