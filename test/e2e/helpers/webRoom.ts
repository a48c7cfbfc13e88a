/**
 * Online rooms in Chromium: a person (their own browser context, so their own storage), the
 * page's name prompt answered, the server's own view of a room (a room client in this process,
 * watching), and what a page shows of a room's boards.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { legalMoves } from '../../../src/engine/game2048.ts';
import type { Direction } from '../../../src/engine/types.ts';
import { RoomClient, type RoomView } from '../../../src/net/roomClient.ts';
import type { RoomMatch } from '../../../src/net/rooms.ts';
import { nodeSocket } from '../../../src/node/webSocket.ts';
import { CSP } from '../../../src/server/app.ts';
import { ARROW, openPage, readBoardTiles } from '../webHarness.ts';

export const LONG = { timeout: 15_000 };
/** Online boards are 4×4. */
export const SIZE = 4;

export const text = (page: Page, testid: string) => page.textContent(`[data-testid=${testid}]`);

/** A person: their own browser context (own storage) and page, errors collected. */
export interface Person {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly errors: string[];
}

export async function person(browser: Browser): Promise<Person> {
  const p = await openPage(browser, { reducedMotion: true });
  await p.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The page's Content-Security-Policy allows its own socket (connect-src 'self'): no violation.
  await p.page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  return p;
}

/** Answers the page's name prompt. */
export async function giveName(page: Page, name: string): Promise<void> {
  await page.locator('[data-testid=name-dialog]').waitFor(LONG);
  await page.fill('[data-testid=name-input]', name);
  await page.click('[data-testid=name-ok]');
}

/** The server's view of a room: a room client in this process, watching. */
export function watchRoom(
  server: string,
  room: string,
): { view: () => RoomView; close: () => void } {
  let last: RoomView | null = null;
  const client = new RoomClient({
    server,
    room,
    watch: true,
    socket: nodeSocket,
    onChange: (v) => {
      last = v;
    },
    retryMs: [100, 250],
  });
  return {
    view: () => {
      if (!last) throw new Error('the watcher has no view yet');
      return last;
    },
    close: () => client.close(),
  };
}

/** Both versus boards a page shows. */
export async function versusBoards(page: Page): Promise<number[][][]> {
  return [
    await readBoardTiles(page, '[data-testid=board-1]', SIZE),
    await readBoardTiles(page, '[data-testid=board-2]', SIZE),
  ];
}

export function boardsOf(m: RoomMatch | null): number[][][] | null {
  if (!m) return null;
  return m.kind === 'versus'
    ? m.match.games.map((g) => g.cells.map((r) => [...r]))
    : [m.duel.game.cells.map((r) => [...r])];
}

/** Opens the home screen and waits for the server's features to show. */
export async function home(page: Page, url: string): Promise<void> {
  const res = await page.goto(url);
  expect(res?.headers()['content-security-policy']).toBe(CSP);
  await page.locator('[data-testid=play-online-versus]').waitFor(LONG);
}

/** The key that slides `dir` for a versus seat: W A S D for player one, the arrows for two. */
export function versusKey(board: string, dir: Direction): string {
  return board.endsWith('1]') ? { up: 'w', left: 'a', down: 's', right: 'd' }[dir] : ARROW[dir];
}

/** A legal slide of the board a page shows (the first in a turning order), or null: none. */
export async function legalSlide(
  page: Page,
  board: string,
  turn: number,
): Promise<Direction | null> {
  const cells = await readBoardTiles(page, board, SIZE);
  const legal = legalMoves(cells);
  const order: Direction[] = ['left', 'down', 'right', 'up'];
  return (
    [...order.slice(turn % 4), ...order.slice(0, turn % 4)].find((d) => legal.includes(d)) ?? null
  );
}

/** One move of a player's own board: the first legal one in a turning order; false: none. */
export async function playOne(page: Page, board: string, turn: number): Promise<boolean> {
  const dir = await legalSlide(page, board, turn);
  if (!dir) return false;
  await page.keyboard.press(versusKey(board, dir));
  return true;
}

export const equal = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const over = async (page: Page) =>
  (await page.locator('[data-testid=result-title]').count()) > 0;

/** Makes a versus room from the card as `name` (its target 32); its code. */
export async function makeVersusRoom(page: Page, url: string, name: string): Promise<string> {
  await home(page, url);
  await page.selectOption('[data-testid=versus-target]', '32');
  await page.click('[data-testid=play-online-versus]');
  await giveName(page, name);
  await page.locator('[data-testid=room-code]').waitFor(LONG);
  return (await text(page, 'room-code'))!;
}
