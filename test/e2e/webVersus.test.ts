/**
 * Versus in the real web build, in Debian's Chromium: two people at one keyboard (W A S D and
 * the arrows), attacks sent by merges and landing on the other board, a match played to its
 * win with the record kept and a rematch, the AI playing board 2 in its worker (every one of
 * its moves checked against the same AI run here), two fingers swiping both halves of a phone
 * at once, reloads and damaged saves, screenshots.
 * Expected boards come from the engine itself, seeded like the page (`?seed=`); the seeds and
 * move lines that send an attack or win quickly are searched for here with the engine.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { maxTile, slideValid } from '../../src/engine/game2048.ts';
import type { Direction } from '../../src/engine/types.ts';
import {
  newVersus,
  type Side,
  type VersusMatch,
  type VersusOptions,
  versusMove,
} from '../../src/engine/versus.ts';
import { parseVersusSession } from '../../src/front/sessions.ts';
import { analyse } from '../../src/solvers/ai2048/player.ts';
import {
  chromiumOrSkip,
  openPage,
  readBoardTiles,
  type Site,
  screenshot,
  useBrowser,
} from './webHarness.ts';

const reason = chromiumOrSkip('web versus');

/** The browser's versus boards are 4×4. */
const SIZE = 4;
const DIRS: readonly Direction[] = ['left', 'down', 'right', 'up'];
/** Two people at one keyboard: W A S D move board 1, the arrows board 2. */
const KEYS: Readonly<Record<Side, Readonly<Record<Direction, string>>>> = {
  0: { up: 'w', left: 'a', down: 's', right: 'd' },
  1: { up: 'ArrowUp', left: 'ArrowLeft', down: 'ArrowDown', right: 'ArrowRight' },
};
const HUMANS = ['Player 1', 'Player 2'] as const;
const LONG = { timeout: 10_000 };

function start(opts: VersusOptions): VersusMatch {
  const m = newVersus({ size: SIZE, ...opts });
  if (!m.ok) throw new Error(m.error.message);
  return m.value;
}

/** One move on the engine; the test's lines only hold moves that change their board. */
function move(match: VersusMatch, side: Side, dir: Direction): VersusMatch {
  const r = versusMove(match, side, dir);
  if (!r.ok) throw new Error(r.error.message);
  if (r.value === match) throw new Error(`side ${side + 1} cannot move ${dir}`);
  return r.value;
}

function tryMove(match: VersusMatch, side: Side, dir: Direction): VersusMatch | null {
  const r = versusMove(match, side, dir);
  return r.ok && r.value !== match ? r.value : null;
}

const fmt = (n: number) => n.toLocaleString('en-US');

/** What one side's half shows for a match: board, score, largest tile, the attack waiting. */
function sideView(match: VersusMatch, side: Side, names: readonly [string, string]) {
  const g = match.games[side];
  const q = match.queues[side];
  let incoming: string;
  if (g.over && !match.over) incoming = `Out of moves after ${fmt(g.moves)}`;
  else if (q.length === 0) incoming = 'No attack waiting';
  else {
    const more = q.length > 1 ? ` (+${q.length - 1} more)` : '';
    incoming = `Next tile: ${fmt(q[0]!)} from ${names[side === 0 ? 1 : 0]}${more}`;
  }
  return {
    cells: g.cells,
    score: fmt(g.score),
    largest: fmt(maxTile(g.cells)),
    incoming,
  };
}

async function readSide(page: Page, n: 1 | 2) {
  return {
    cells: await readBoardTiles(page, `[data-testid=board-${n}]`, SIZE),
    score: await page.textContent(`[data-testid=score-${n}]`),
    largest: await page.textContent(`[data-testid=largest-${n}]`),
    incoming: await page.textContent(`[data-testid=incoming-${n}]`),
  };
}

/** Both halves of the page show `match`. */
async function expectMatch(
  page: Page,
  match: VersusMatch,
  names: readonly [string, string] = HUMANS,
): Promise<void> {
  await expect.poll(() => readSide(page, 1), LONG).toEqual(sideView(match, 0, names));
  await expect.poll(() => readSide(page, 2), LONG).toEqual(sideView(match, 1, names));
}

/** Opens the home screen with `?seed=`, picks the versus options and starts a match. */
async function startVersus(
  page: Page,
  url: string,
  seed: number,
  opts: { opponent: string; target?: number; cap?: number },
): Promise<void> {
  await page.goto(`${url}?seed=${seed}`);
  await page.selectOption('[data-testid=versus-opponent]', opts.opponent);
  if (opts.target) await page.selectOption('[data-testid=versus-target]', String(opts.target));
  if (opts.cap !== undefined) await page.selectOption('[data-testid=versus-cap]', String(opts.cap));
  await page.click('button[data-play=versus]');
  await page.waitForSelector('[data-testid=board-2] .tile');
}

/**
 * A seed where the line below makes board 1 send an attack of 8 or more on its second move
 * (the only attack so far), which lands on board 2 with its second move.
 */
const ATTACK_LINE: readonly [Side, Direction][] = [
  [0, 'left'],
  [1, 'up'],
  [0, 'down'],
  [1, 'right'],
];

function findAttackSeed(): number {
  for (let seed = 1; seed < 5000; seed++) {
    let m: VersusMatch | null = start({ seed });
    for (const [side, dir] of ATTACK_LINE) m = m && tryMove(m, side, dir);
    if (!m) continue;
    const [a, b, c, d] = m.log;
    if (a!.sent !== null || b!.sent !== null || c!.received !== null) continue;
    if ((c!.sent ?? 0) >= 8 && d!.received === c!.sent) return seed;
  }
  throw new Error('no seed sends an attack on this line');
}

/**
 * A short line of moves (both sides) after which player 1 reaches `target` first: a beam
 * search over both sides' moves, scored on board 1.
 */
function findWinLine(target: number): { seed: number; line: [Side, Direction][] } {
  const worth = (m: VersusMatch) => {
    const g = m.games[0];
    const cells = g.cells.flat();
    const sum = cells.reduce((x, y) => x + y, 0);
    const empty = cells.filter((v) => v === 0).length;
    const queued = m.queues[0].reduce((x, y) => x + y, 0);
    return maxTile(g.cells) * 4 + sum + empty * 2 + queued;
  };
  for (let seed = 1; seed < 100; seed++) {
    let beam = [start({ seed, target })];
    for (let depth = 1; depth <= 24; depth++) {
      const next: VersusMatch[] = [];
      for (const m of beam) {
        for (const side of [0, 1] as Side[]) {
          for (const dir of DIRS) {
            const n = tryMove(m, side, dir);
            if (n) next.push(n);
          }
        }
      }
      const won = next.find((m) => m.winner === 0);
      if (won) return { seed, line: won.log.map((x) => [x.side, x.direction]) };
      next.sort((x, y) => worth(y) - worth(x));
      beam = next.filter((m) => !m.over).slice(0, 60);
    }
  }
  throw new Error(`no short line reaches ${target}`);
}

/** The first of `prefs` that moves `side`'s board. */
function validDir(match: VersusMatch, side: Side, prefs: readonly Direction[] = DIRS): Direction {
  const dir = prefs.find((d) => slideValid(match.games[side].cells, d).moved);
  if (!dir) throw new Error(`side ${side + 1} cannot move`);
  return dir;
}

/** Records every class the two halves get (to see a board flash without timing it). */
async function watchHits(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { hits_: string[] };
    w.hits_ = [];
    for (const n of [1, 2]) {
      const side = document.querySelector(`[data-testid=side-${n}]`)!;
      new MutationObserver(() => {
        if (side.classList.contains('hit')) w.hits_.push(`side-${n}`);
      }).observe(side, { attributes: true, attributeFilter: ['class'] });
    }
  });
}

const hits = (page: Page) =>
  page.evaluate(() => [...new Set((window as unknown as { hits_: string[] }).hits_)]);

/** The attack tiles drawn on a board: [row, column, value]. */
const attackTiles = (page: Page, n: 1 | 2) =>
  page.$$eval(`[data-testid=board-${n}] .tile.attack`, (els) =>
    els.map((e) => {
      const d = (e as HTMLElement).dataset;
      return [Number(d.row), Number(d.col), Number(d.value)];
    }),
  );

/** A touch gesture with one or more fingers at once, each moving by its own (dx, dy). */
async function touchGesture(
  cdp: CDPSession,
  fingers: { x: number; y: number; dx: number; dy: number }[],
): Promise<void> {
  const at = (t: number) =>
    fingers.map((f, i) => ({ x: f.x + f.dx * t, y: f.y + f.dy * t, id: i + 1 }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let i = 1; i <= 5; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i / 5) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function centerOf(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = (await page.locator(selector).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe.skipIf(reason !== null)('web versus in Chromium', () => {
  let browser: Browser;
  let site: Site;

  useBrowser((b, s) => {
    browser = b;
    site = s;
  });

  it('two people at one keyboard: W A S D move board 1, arrows board 2; a merge’s attack lands on the other board', async () => {
    const { context, page, errors } = await openPage(browser);
    const seed = findAttackSeed();
    await startVersus(page, site.url, seed, { opponent: 'human' });
    let match = start({ seed });
    await expectMatch(page, match);
    await expect(page.textContent('[data-testid=name-1]')).resolves.toBe('Player 1');
    await expect(page.textContent('[data-testid=name-2]')).resolves.toBe('Player 2');
    // Same seed, same start on both boards.
    expect(match.games[0].cells).toEqual(match.games[1].cells);

    // The line up to the attack, one key at a time, interleaving the two players.
    for (const [side, dir] of ATTACK_LINE.slice(0, 3)) {
      await page.keyboard.press(KEYS[side][dir]);
      match = move(match, side, dir);
      await expectMatch(page, match);
    }
    // Board 1's merge made an attack: it waits for board 2, which is told.
    const sent = match.log.at(-1)!.sent!;
    expect(sent).toBeGreaterThanOrEqual(8);
    await expect
      .poll(() => page.textContent('[data-testid=incoming-2]'))
      .toBe(`Next tile: ${sent} from Player 1`);
    await expect(page.textContent('[data-testid=incoming-1]')).resolves.toBe('No attack waiting');
    await expect.poll(() => page.textContent('#live')).toContain(`Sends ${sent} to Player 2.`);
    expect(await attackTiles(page, 2)).toEqual([]);

    // Board 2's next move takes it as its new tile, where the engine puts it, ringed.
    await watchHits(page);
    const [side, dir] = ATTACK_LINE[3]!;
    await page.keyboard.press(KEYS[side][dir]);
    match = move(match, side, dir);
    await expectMatch(page, match);
    const landed = match.games[1].spawned[0]!;
    expect(match.log.at(-1)!.received).toBe(sent);
    expect(landed.value).toBe(sent);
    expect(await attackTiles(page, 2)).toEqual([[landed.at.row, landed.at.col, sent]]);
    expect(await attackTiles(page, 1)).toEqual([]);
    await expect
      .poll(() => page.textContent('#live'))
      .toContain(`${sent} landed at row ${landed.at.row + 1}, column ${landed.at.col + 1}.`);
    // Board 2 flashed, board 1 did not.
    await expect.poll(() => hits(page)).toEqual(['side-2']);
    await screenshot(page, 'versus-desktop');

    // More keys, each checked: arrows never move board 1 and W A S D never board 2.
    for (const side of [1, 0, 1, 0, 0, 1] as Side[]) {
      const d = validDir(match, side, side === 0 ? ['up', 'left', 'down'] : ['down', 'left', 'up']);
      await page.keyboard.press(KEYS[side][d]);
      match = move(match, side, d);
      await expectMatch(page, match);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('plays a match to its win: the result, the record kept, and a rematch starts afresh', async () => {
    const { context, page, errors } = await openPage(browser);
    const target = 64;
    const { seed, line } = findWinLine(target);
    await startVersus(page, site.url, seed, { opponent: 'human', target });
    await expect
      .poll(() => page.textContent('[data-testid=goal]'))
      .toBe('First to 64 wins · a merge sends its tile to the other board');
    let match = start({ seed, target });
    await expectMatch(page, match);
    for (const [side, dir] of line) {
      expect(match.over).toBe(false);
      await page.keyboard.press(KEYS[side][dir]);
      match = move(match, side, dir);
      await expectMatch(page, match);
    }
    expect(match.winner).toBe(0);
    expect(maxTile(match.games[0].cells)).toBeGreaterThanOrEqual(target);

    const over = page.locator('.arena .overlay-over');
    await expect.poll(() => over.locator('h2').textContent()).toBe('Player 1 wins!');
    await expect
      .poll(() => page.textContent('[data-testid=notice]'))
      .toBe('Player 1 against Player 2: 1 win, 0 losses, 0 draws.');
    await expect.poll(() => page.getAttribute('[data-testid=side-1]', 'class')).toMatch(/winner/);
    expect(await page.getAttribute('[data-testid=side-2]', 'class')).not.toMatch(/winner/);
    const bests = JSON.parse((await page.evaluate(() => localStorage.getItem('slidebox:bests')))!);
    expect(bests.versus).toEqual({ human: { wins: 1, losses: 0, draws: 0 } });
    await screenshot(page, 'versus-win-desktop');

    // The match is over: the keys move nothing.
    const dir = validDir(match, 1);
    await page.keyboard.press(KEYS[1][dir]);
    await expectMatch(page, match);

    // Rematch: a fresh match, same rules, another seed; the record stays.
    await page.click('.overlay-over [data-action=rematch]');
    await expect.poll(() => over.count()).toBe(0);
    await expect
      .poll(async () => {
        const raw = await page.evaluate(() => localStorage.getItem('slidebox:versus'));
        return raw ? JSON.parse(raw).match : null;
      })
      .toMatchObject({ log: '', target, size: SIZE });
    const savedMatch = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('slidebox:versus')))!,
    ).match;
    expect(savedMatch.seed).not.toBe(seed);
    let fresh = start({ seed: savedMatch.seed, target });
    await expectMatch(page, fresh);
    await expect(page.textContent('[data-testid=notice]')).resolves.toBe('');
    const d0 = validDir(fresh, 0);
    await page.keyboard.press(KEYS[0][d0]);
    fresh = move(fresh, 0, d0);
    await expectMatch(page, fresh);
    const after = JSON.parse((await page.evaluate(() => localStorage.getItem('slidebox:bests')))!);
    expect(after.versus).toEqual({ human: { wins: 1, losses: 0, draws: 0 } });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('against the AI: the AI plays board 2 in its worker, every key moves board 1 only', async () => {
    const { context, page, errors } = await openPage(browser);
    const seed = 4242;
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    await startVersus(page, site.url, seed, { opponent: 'hard' });
    const names = ['You', 'AI (hard)'] as const;
    await expect(page.textContent('[data-testid=name-1]')).resolves.toBe('You');
    await expect(page.textContent('[data-testid=name-2]')).resolves.toBe('AI (hard)');
    const initial = start({ seed });
    await expect
      .poll(() => readBoardTiles(page, '[data-testid=board-1]', SIZE))
      .toEqual(initial.games[0].cells);

    // Board 2 moves on its own; board 1 waits for its player.
    await expect
      .poll(async () => {
        const b = await readBoardTiles(page, '[data-testid=board-2]', SIZE);
        return JSON.stringify(b) !== JSON.stringify(initial.games[1].cells);
      }, LONG)
      .toBe(true);
    expect(await readBoardTiles(page, '[data-testid=board-1]', SIZE)).toEqual(
      initial.games[0].cells,
    );
    await expect(page.textContent('[data-testid=score-1]')).resolves.toBe('0');

    // Arrows (and WASD, and a drag on your half) move board 1; one move per key.
    const mine: Direction[] = [];
    const keyFor: Record<Direction, string> = {
      left: 'ArrowLeft',
      down: 'ArrowDown',
      right: 'ArrowRight',
      up: 'ArrowUp',
    };
    const moveMine = async (how: (d: Direction) => Promise<void>, prefs: Direction[]) => {
      const before = await readBoardTiles(page, '[data-testid=board-1]', SIZE);
      const d = prefs.find((x) => slideValid(before, x).moved)!;
      await how(d);
      mine.push(d);
      // The board shows the slide (the new tile comes from the engine, maybe an attack).
      await expect
        .poll(async () => {
          const now = await readBoardTiles(page, '[data-testid=board-1]', SIZE);
          const slid = slideValid(before, d).cells;
          return now.flat().filter((v, i) => v !== slid.flat()[i]).length;
        }, LONG)
        .toBe(1);
    };
    const press = (d: Direction) => page.keyboard.press(keyFor[d]);
    await moveMine(press, ['left', 'down', 'right', 'up']);
    await moveMine(press, ['down', 'left', 'up', 'right']);
    await moveMine((d) => page.keyboard.press(KEYS[0][d]), ['right', 'up', 'left', 'down']);
    await moveMine(press, ['up', 'left', 'down', 'right']);
    const drag = async (selector: string, d: Direction) => {
      const c = await centerOf(page, selector);
      const [dx, dy] = { left: [-90, 0], right: [90, 0], up: [0, -90], down: [0, 90] }[d];
      await page.mouse.move(c.x, c.y);
      await page.mouse.down();
      await page.mouse.move(c.x + dx!, c.y + dy!, { steps: 6 });
      await page.mouse.up();
    };
    await moveMine((d) => drag('[data-testid=board-1]', d), ['left', 'down', 'right', 'up']);
    // A drag on the AI's half moves nothing of yours.
    await drag('[data-testid=board-2]', 'left');

    // While the AI moves on, board 1 stays as your last key left it.
    const mineNow = await readBoardTiles(page, '[data-testid=board-1]', SIZE);
    const theirs = await readBoardTiles(page, '[data-testid=board-2]', SIZE);
    await expect
      .poll(async () => {
        const b = await readBoardTiles(page, '[data-testid=board-2]', SIZE);
        return JSON.stringify(b) !== JSON.stringify(theirs);
      }, LONG)
      .toBe(true);
    expect(await readBoardTiles(page, '[data-testid=board-1]', SIZE)).toEqual(mineNow);

    // Help pauses the AI; then the saved match is what the page shows.
    await page.keyboard.press('?');
    await expect.poll(() => page.locator('.overlay-help').count()).toBe(1);
    await expect
      .poll(async () => {
        const s = await page.evaluate(() => localStorage.getItem('slidebox:versus'));
        const parsed = parseVersusSession(JSON.parse(s ?? 'null'));
        if (!parsed.ok) return parsed.error.message;
        const m = parsed.value.match;
        const [one, two] = [await readSide(page, 1), await readSide(page, 2)];
        const same =
          JSON.stringify([one, two]) ===
          JSON.stringify([sideView(m, 0, names), sideView(m, 1, names)]);
        return same ? 'same' : 'differs';
      }, LONG)
      .toBe('same');
    const saved = parseVersusSession(
      JSON.parse((await page.evaluate(() => localStorage.getItem('slidebox:versus')))!),
    );
    if (!saved.ok) throw new Error(saved.error.message);
    const log = saved.value.match.log;
    expect(saved.value.opponent).toEqual({ kind: 'ai', level: 'hard' });
    // Board 1 moved exactly on your keys and drag, in order…
    expect(log.filter((m) => m.side === 0).map((m) => m.direction)).toEqual(mine);
    // …and every move of board 2 was the AI's (its autoplay preset; `hard` never blunders).
    const aiMoves = log.filter((m) => m.side === 1);
    expect(aiMoves.length).toBeGreaterThanOrEqual(2);
    let replay = start({ seed });
    for (const m of log) {
      if (m.side === 1)
        expect(m.direction).toBe(analyse(replay.games[1].cells, { preset: 'fast' }).move);
      replay = move(replay, m.side, m.direction);
    }
    expect(workers).toEqual([expect.stringMatching(/ai\.worker-[\w-]+\.js$/)]);
    // Closing help lets the AI play on.
    await page.keyboard.press('Escape');
    const paused = await readBoardTiles(page, '[data-testid=board-2]', SIZE);
    await expect
      .poll(async () => {
        const b = await readBoardTiles(page, '[data-testid=board-2]', SIZE);
        return JSON.stringify(b) !== JSON.stringify(paused);
      }, LONG)
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('two fingers on a phone in landscape drive both halves at once, each its own way', async () => {
    const { context, page, errors } = await openPage(browser, {
      viewport: { width: 740, height: 360 },
      mobile: true,
    });
    // A start where board 1 can go left and board 2 up, neither merging (no attack: the two
    // fingers' order does not matter), to different boards.
    let seed = 700;
    for (; ; seed++) {
      const s = start({ seed }).games[0].cells;
      const l = slideValid(s, 'left');
      const u = slideValid(s, 'up');
      if (l.moved && u.moved && !l.merges.length && !u.merges.length) {
        if (JSON.stringify(l.cells) !== JSON.stringify(u.cells)) break;
      }
    }
    await startVersus(page, site.url, seed, { opponent: 'human' });
    let match = start({ seed });
    await expectMatch(page, match);
    // Landscape: the two halves side by side, both boards whole on screen.
    const b1 = (await page.locator('[data-testid=board-1]').boundingBox())!;
    const b2 = (await page.locator('[data-testid=board-2]').boundingBox())!;
    expect(b1.x + b1.width).toBeLessThanOrEqual(b2.x);
    for (const b of [b1, b2]) {
      expect(b.y + b.height).toBeLessThanOrEqual(360);
      expect(b.x + b.width).toBeLessThanOrEqual(740);
    }

    const cdp = await context.newCDPSession(page);
    const c1 = await centerOf(page, '[data-testid=board-1]');
    const c2 = await centerOf(page, '[data-testid=board-2]');
    await touchGesture(cdp, [
      { ...c1, dx: -70, dy: 0 },
      { ...c2, dx: 0, dy: -70 },
    ]);
    match = move(move(match, 0, 'left'), 1, 'up');
    await expectMatch(page, match);

    // One finger on each half in turn.
    const d1 = validDir(match, 0, ['down', 'right', 'up', 'left']);
    const d2 = validDir(match, 1, ['right', 'down', 'left', 'up']);
    const delta = (d: Direction) =>
      ({ left: [-70, 0], right: [70, 0], up: [0, -70], down: [0, 70] })[d] as [number, number];
    await touchGesture(cdp, [{ ...c1, dx: delta(d1)[0], dy: delta(d1)[1] }]);
    match = move(match, 0, d1);
    await expectMatch(page, match);
    await touchGesture(cdp, [{ ...c2, dx: delta(d2)[0], dy: delta(d2)[1] }]);
    match = move(match, 1, d2);
    await expectMatch(page, match);
    // A short wobble is not a swipe.
    await touchGesture(cdp, [{ ...c2, dx: 6, dy: 5 }]);
    await expectMatch(page, match);
    await screenshot(page, 'versus-phone-landscape');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the match across a reload, and starts afresh with a notice when the save is damaged', async () => {
    const { context, page, errors } = await openPage(browser);
    const seed = 5150;
    await startVersus(page, site.url, seed, { opponent: 'human', cap: 8 });
    const fresh = start({ seed, attackCap: 8 });
    let match = fresh;
    await expectMatch(page, match);
    for (const side of [0, 1, 0, 1, 1, 0] as Side[]) {
      const d = validDir(match, side, ['left', 'up', 'right', 'down']);
      await page.keyboard.press(KEYS[side][d]);
      match = move(match, side, d);
      await expectMatch(page, match);
    }
    await page.reload();
    await expectMatch(page, match);
    await expect(page.textContent('[data-testid=notice]')).resolves.toBe('');
    // It plays on from there.
    const d = validDir(match, 1, ['down', 'right', 'left', 'up']);
    await page.keyboard.press(KEYS[1][d]);
    match = move(match, 1, d);
    await expectMatch(page, match);

    const good = (await page.evaluate(() => localStorage.getItem('slidebox:versus')))!;
    const tampered = JSON.parse(good);
    tampered.match.end.scores[0] += 4;
    for (const damage of ['not json at all {', JSON.stringify(tampered)]) {
      await page.evaluate((s) => localStorage.setItem('slidebox:versus', s), damage);
      await page.reload();
      await expect
        .poll(() => page.textContent('[data-testid=notice]'), LONG)
        .toMatch(
          /^The saved versus match could not be restored \(.+\), so a new match has started\.$/,
        );
      // A fresh match (seeded again by the URL), same rules, and it plays.
      await expectMatch(page, fresh);
      await expect
        .poll(() => page.textContent('[data-testid=goal]'))
        .toBe('First to 512 wins · attacks up to 8 to the other board');
      const d0 = validDir(fresh, 0);
      await page.keyboard.press(KEYS[0][d0]);
      await expectMatch(page, move(fresh, 0, d0));
      await expect.poll(() => page.textContent('[data-testid=notice]')).toBe('');
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
