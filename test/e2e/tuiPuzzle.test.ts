/**
 * The full-screen sliding puzzle (`slidebox puzzle`) in a real terminal (tmux): start, keys,
 * mouse, undo, the timer, hints, auto-solve, solving by hand and records, resume, small windows,
 * and giving the terminal back.
 *
 * Expected boards are never hard-coded: they come from the engine (`src/engine/puzzle.ts`) for
 * the same seed and moves, and hints are checked against the optimal solver (`src/puzzle.ts`).
 * Pattern databases go to a temporary $XDG_CACHE_HOME, never to the user's cache.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  goal,
  moveTile,
  newPuzzle,
  type Puzzle,
  posOf,
  puzzleFromTiles,
  slideToward,
  tileToward,
  undo,
} from '../../src/engine/puzzle.ts';
import type { Direction } from '../../src/engine/types.ts';
import { solveOrThrow as solve } from '../../src/puzzle.ts';
import { requireBuiltCli, TempDirs } from './helpers/cli.ts';
import {
  ARROW_KEYS,
  arrowFor,
  backgroundAt,
  click,
  distance,
  gapInCorner,
  mouseModes,
  nextToGap,
  type PuzzleScreen,
  parsePuzzleScreen,
  quickestSeed,
  readPosition,
  readPuzzle,
  restoreProblems,
  sameTiles,
  seedWhere,
  tileRect,
  VI_KEYS,
  WASD_KEYS,
  walk,
} from './helpers/puzzle.ts';
import { attributesByColumn, colourCodes, stripEscapes } from './helpers/screen.ts';
import { cliCommand, type Pane, Tmux } from './helpers/tmux.ts';

const tmux = new Tmux();
const dirs = new TempDirs();
const panes: Pane[] = [];
/** This file's pattern-database cache (XDG_CACHE_HOME), shared by the 3x3 games. */
let cache = '';
const savedCacheHome = process.env.XDG_CACHE_HOME;

beforeAll(() => {
  requireBuiltCli();
  cache = dirs.make('slidebox-e2e-cache-');
  // The solver used by the checks in this process, too, never touches the user's cache.
  process.env.XDG_CACHE_HOME = cache;
});
afterEach(() => {
  for (const p of panes.splice(0)) p.kill();
});
afterAll(() => {
  tmux.killServer();
  dirs.cleanup();
  if (savedCacheHome === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = savedCacheHome;
});

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function startPuzzle(
  args: readonly string[],
  opts: { cols?: number; rows?: number; dataDir?: string; cacheHome?: string } = {},
): Promise<{ pane: Pane; dataDir: string }> {
  const dataDir = opts.dataDir ?? dirs.make();
  const pane = await tmux.start({
    args: ['puzzle', ...args, '--data-dir', dataDir],
    env: { COLORTERM: 'truecolor', XDG_CACHE_HOME: opts.cacheHome ?? cache },
    cols: opts.cols ?? 80,
    rows: opts.rows ?? 24,
    workDir: dirs.make('slidebox-e2e-pid-'),
  });
  panes.push(pane);
  return { pane, dataDir };
}

/** Starts a new seeded 3x3 game and waits for its first board (the engine's). */
async function start3(seed: number, extra: readonly string[] = []) {
  const started = await startPuzzle(['--size', '3', '--seed', String(seed), '--new', ...extra]);
  const puzzle = newPuzzle({ width: 3, seed });
  const first = await readPosition(started.pane, puzzle, 'the first board');
  return { ...started, puzzle, first };
}

/** Presses `key`, expecting the board and Moves of `next`. */
function press(pane: Pane, key: string, next: Puzzle, what: string): Promise<PuzzleScreen> {
  pane.keys(key);
  return readPosition(pane, next, `after ${key} (${what})`, { stableMs: 0 });
}

/** Presses the keys of `family` for `dirs` one by one, checking each board against the engine. */
async function playDirections(
  pane: Pane,
  from: Puzzle,
  directions: readonly Direction[],
  family: Readonly<Record<Direction, string>>,
  invert = false,
): Promise<Puzzle> {
  let p = from;
  for (const [i, dir] of directions.entries()) {
    const next = slideToward(p, dir, { invert });
    expect(next, `${dir} must slide a tile`).not.toBe(p);
    await press(pane, family[dir], next, `step ${i + 1}, ${dir}`);
    p = next;
  }
  return p;
}

function savedGame(dataDir: string, width = 3) {
  return JSON.parse(readFileSync(join(dataDir, `puzzle-${width}x${width}.json`), 'utf8'));
}

function records(dataDir: string): Record<string, { moves?: number; timeMs?: number }> {
  const file = join(dataDir, 'stats.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')).puzzle ?? {}) : {};
}

/** The screen now, read at once (null when it is not the puzzle screen). */
function screenNow(pane: Pane, width = 3): PuzzleScreen | null {
  const escaped = pane.captureEscaped();
  return parsePuzzleScreen(stripEscapes(escaped), escaped, width);
}

/** Fails if the screen's Moves (or, when given, the timer) changes within `ms`. */
async function expectStill(pane: Pane, ms: number, moves: number, time?: string) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const s = screenNow(pane);
    if (s) {
      expect(s.stats.moves, 'Moves changed').toBe(moves);
      if (time !== undefined) expect(s.stats.time, 'the timer changed').toBe(time);
    }
    await sleep(50);
  }
}

/** Reads the hint ("Hint: slide N") off the screen, waiting for the solver. */
async function readHint(pane: Pane, width = 3, timeoutMs = 20_000) {
  const s = await readPuzzle(
    pane,
    width,
    (g) => g.tiles !== null && /^Hint: slide \d+$/.test(g.notice),
    'a hint',
    { timeoutMs },
  );
  return { screen: s, tile: Number(/\d+/.exec(s.notice)![0]) };
}

describe('starting', () => {
  test('a 3x3 game: alternate screen, 8-puzzle title, Moves 0, Time 0:00, tiles 1..8 once each as the engine shuffled them, mouse on, saved', async () => {
    const { pane, dataDir, puzzle, first } = await start3(5);
    expect(pane.modes()).toEqual({ alternate: true, cursorVisible: false });
    expect(first.title).toBe('8-puzzle · 3×3');
    expect(first.stats).toMatchObject({ moves: 0, time: '0:00', best: null });
    expect([...first.tiles!].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(first.tiles).toEqual(puzzle.tiles);
    expect(first.text).toMatch(
      /←↑↓→\/click slide +u undo +i hint +p solve +n new +\? help +q quit/,
    );
    expect(first.notice).toBe('');
    // SGR mouse reporting is on (clicks arrive as ESC [ < b ; x ; y M).
    expect(mouseModes(pane)).toMatchObject({ standard: true, sgr: true });
    // The new game is saved at once.
    expect(savedGame(dataDir)).toMatchObject({ width: 3, seed: 5, end: { moves: 0 } });
  });

  test('the default size is the 15-puzzle: title, tiles 1..15 once each, as the engine shuffled them', async () => {
    const seed = 3;
    const { pane, dataDir } = await startPuzzle(['--seed', String(seed), '--new']);
    const s = await readPuzzle(pane, 4);
    expect(s.title).toBe('15-puzzle · 4×4');
    expect(s.stats.moves).toBe(0);
    expect(s.tiles).toEqual(newPuzzle({ width: 4, seed }).tiles);
    expect(existsSync(join(dataDir, 'puzzle-4x4.json'))).toBe(true);
  });
});

describe('sliding with keys', () => {
  test('arrow keys slide the tile on that side of the gap in the key direction (Left moves the tile right of the gap), as the engine does', async () => {
    const { pane, puzzle } = await start3(11);
    const directions = walk(puzzle, 8);
    expect(new Set(directions).size, 'every arrow key is used').toBe(4);
    // Left really is "the tile to the right of the gap goes left".
    const left = directions.indexOf('left');
    const before = directions.slice(0, left).reduce((p, d) => slideToward(p, d), puzzle);
    const g = posOf(before.tiles.indexOf(0), 3);
    expect(tileToward(before, 'left')).toBe(before.tiles[g.row * 3 + g.col + 1]);
    await playDirections(pane, puzzle, directions, ARROW_KEYS);
  });

  test('WASD and hjkl slide like the arrow keys', async () => {
    const { pane, puzzle } = await start3(12);
    const first = walk(puzzle, 6);
    const mid = await playDirections(pane, puzzle, first, WASD_KEYS);
    const second = walk(mid, 6);
    expect(new Set([...first, ...second]).size).toBe(4);
    await playDirections(pane, mid, second, VI_KEYS);
  });

  test('keys typed faster than the screen are each applied once, in order (a click among them too)', async () => {
    const { seed, puzzle } = seedWhere(3, gapInCorner);
    const { pane, first } = await start3(seed);
    // A click on the far tile of the gap's row, then a burst of keys.
    const gap = posOf(puzzle.tiles.indexOf(0), 3);
    const far = puzzle.tiles[gap.row * 3 + (2 - gap.col)]!;
    const clicked = moveTile(puzzle, far);
    const directions = walk(clicked, 12);
    const end = directions.reduce((p, d) => slideToward(p, d), clicked);
    click(pane, first.labels.get(far)!.x, first.labels.get(far)!.y);
    pane.keys(...directions.map((d) => ARROW_KEYS[d]));
    await readPosition(pane, end, 'the end of the burst');
    expect(end.moves).toBe(14);
  });

  test('a slide is animated (a few frames); with --no-animation it is drawn once', async () => {
    const framesForOneMove = async (extra: string[]) => {
      const { pane, puzzle } = await start3(14, extra);
      await readPuzzle(pane, 3, () => true, 'a still screen', { stableMs: 200 });
      const log = join(dirs.make(), 'out.log');
      pane.logOutput(log);
      const dir = walk(puzzle, 1)[0]!;
      pane.keys(ARROW_KEYS[dir]);
      await readPosition(pane, slideToward(puzzle, dir), dir, { stableMs: 150 });
      pane.stopLoggingOutput();
      await sleep(100);
      const out = existsSync(log) ? readFileSync(log, 'latin1') : '';
      return out.split('\x1b[H').length - 1;
    };
    expect(await framesForOneMove(['--no-animation'])).toBe(1);
    const animated = await framesForOneMove([]);
    expect(animated).toBeGreaterThanOrEqual(2);
    expect(animated).toBeLessThanOrEqual(8);
  });

  test('a key with no tile on that side shows "No tile can slide that way." and changes nothing; the next move clears it', async () => {
    const { seed, puzzle } = seedWhere(3, (p) =>
      (['left', 'right', 'up', 'down'] as const).some((d) => tileToward(p, d) === null),
    );
    const { pane } = await start3(seed);
    const stuck = (['left', 'right', 'up', 'down'] as const).find(
      (d) => tileToward(puzzle, d) === null,
    )!;
    pane.keys(ARROW_KEYS[stuck]);
    const s = await readPuzzle(pane, 3, (g) => g.notice !== '', 'a notice');
    expect(s.notice).toBe('No tile can slide that way.');
    expect(s.tiles).toEqual(puzzle.tiles);
    expect(s.stats.moves).toBe(0);
    const dir = walk(puzzle, 1)[0]!;
    const after = await press(pane, ARROW_KEYS[dir], slideToward(puzzle, dir), dir);
    expect(after.notice).toBe('');
  });

  test('--invert: the arrow keys move the gap instead (Left slides the tile left of the gap rightwards)', async () => {
    const { seed, puzzle } = seedWhere(
      3,
      (p) => tileToward(p, 'left', true) !== null && tileToward(p, 'left') !== null,
    );
    const { pane } = await start3(seed, ['--invert']);
    const directions: Direction[] = [
      'left',
      ...walk(slideToward(puzzle, 'left', { invert: true }), 5, true),
    ];
    // The inverted keys differ from the normal ones here.
    expect(slideToward(puzzle, 'left', { invert: true }).tiles).not.toEqual(
      slideToward(puzzle, 'left').tiles,
    );
    const end = await playDirections(pane, puzzle, directions, ARROW_KEYS, true);
    const wasd = walk(end, 2, true);
    await playDirections(pane, end, wasd, WASD_KEYS, true);
    // The help says so.
    pane.keys('?');
    await pane.waitForText('(the gap moves)');
  });
});

describe('the mouse', () => {
  test("a click on a tile in the gap's row, then in its column, slides it with the tiles between (each counted); clicks on the gap or off the tiles do nothing", async () => {
    const { seed, puzzle } = seedWhere(3, gapInCorner);
    const { pane, first } = await start3(seed);
    const gap = posOf(puzzle.tiles.indexOf(0), 3);
    const rowFar = puzzle.tiles[gap.row * 3 + (2 - gap.col)]!;
    // The gap's cell (where a label would be) and the screen's corner: nothing to move there.
    const inGapCol = puzzle.tiles[(2 - gap.row) * 3 + gap.col]!;
    const inGapRow = puzzle.tiles[gap.row * 3 + 1]!;
    click(pane, first.labels.get(inGapCol)!.x, first.labels.get(inGapRow)!.y);
    click(pane, 0, 0);
    // Just left of the far tile (the board between tiles) is not the tile.
    const rect = tileRect(first.escaped, first.labels.get(rowFar)!);
    const outside = backgroundAt(first.escaped, rect.x0 - 1, rect.y0);
    expect(outside).not.toBe(backgroundAt(first.escaped, rect.x0, rect.y0));
    click(pane, rect.x0 - 1, rect.y0);
    // The far tile of the gap's row: it and the middle one slide, 2 moves.
    const afterRow = moveTile(puzzle, rowFar);
    expect(afterRow.moves).toBe(2);
    click(pane, first.labels.get(rowFar)!.x, first.labels.get(rowFar)!.y);
    let s = await readPosition(pane, afterRow, `click on ${rowFar}`);
    expect(s.notice).toBe('');
    // The gap is now in the other corner of that row; the far tile of its column, clicked on
    // its tile's top-left corner cell.
    const gap2 = posOf(afterRow.tiles.indexOf(0), 3);
    const colFar = afterRow.tiles[(2 - gap2.row) * 3 + gap2.col]!;
    const corner = tileRect(s.escaped, s.labels.get(colFar)!);
    click(pane, corner.x0, corner.y0);
    const afterCol = moveTile(afterRow, colFar);
    expect(afterCol.moves).toBe(4);
    s = await readPosition(pane, afterCol, `click on ${colFar}`);
    // And on a tile next to the gap, clicked on its bottom-right corner cell: one move.
    const near = afterCol.tiles.find((t) => t !== 0 && nextToGap(afterCol, t))!;
    const nearRect = tileRect(s.escaped, s.labels.get(near)!);
    click(pane, nearRect.x1, nearRect.y1);
    await readPosition(pane, moveTile(afterCol, near), `click on ${near}`);
  });

  test("a click on a tile outside the gap's row and column shows a notice and moves nothing", async () => {
    const { pane, puzzle, first } = await start3(7);
    const gap = posOf(puzzle.tiles.indexOf(0), 3);
    const stuck = puzzle.tiles.find((t, i) => {
      const p = posOf(i, 3);
      return t !== 0 && p.row !== gap.row && p.col !== gap.col;
    })!;
    const at = first.labels.get(stuck)!;
    click(pane, at.x, at.y);
    const s = await readPuzzle(pane, 3, (g) => g.notice !== '', 'a notice');
    expect(s.notice).toMatch(
      new RegExp(`^Tile ${stuck} is not in the (blank|gap)'s row or column\\.$`),
    );
    expect(s.tiles).toEqual(puzzle.tiles);
    expect(s.stats.moves).toBe(0);
  });
});

describe('undo', () => {
  test('u undoes move by move (a multi-tile click as one step, its moves all taken back), then "Nothing to undo."', async () => {
    const { seed, puzzle } = seedWhere(3, gapInCorner);
    const { pane } = await start3(seed);
    const states: Puzzle[] = [puzzle];
    // A key, a 2-tile click, a key.
    const d1 = walk(puzzle, 1)[0]!;
    states.push(slideToward(puzzle, d1));
    let s = await press(pane, ARROW_KEYS[d1], states[1]!, d1);
    const p1 = states[1]!;
    const gap = posOf(p1.tiles.indexOf(0), 3);
    const far = [0, 1, 2]
      .flatMap((k) => [p1.tiles[gap.row * 3 + k]!, p1.tiles[k * 3 + gap.col]!])
      .find((t) => t !== 0 && !nextToGap(p1, t))!;
    states.push(moveTile(p1, far));
    expect(states[2]!.moves).toBe(3);
    click(pane, s.labels.get(far)!.x, s.labels.get(far)!.y);
    await readPosition(pane, states[2]!, `click on ${far}`);
    const d3 = walk(states[2]!, 1)[0]!;
    states.push(slideToward(states[2]!, d3));
    await press(pane, ARROW_KEYS[d3], states[3]!, d3);
    // Back, step by step, to the start; the engine's undo agrees.
    let p = states[3]!;
    for (let i = 2; i >= 0; i--) {
      p = undo(p);
      expect(p.tiles).toEqual(states[i]!.tiles);
      expect(p.moves).toBe(states[i]!.moves);
      s = await press(pane, 'u', states[i]!, `undo to ${states[i]!.moves} moves`);
    }
    expect(s.stats.moves).toBe(0);
    pane.keys('u');
    s = await readPuzzle(pane, 3, (g) => g.notice !== '', 'a notice');
    expect(s.notice).toBe('Nothing to undo.');
    expect(s.tiles).toEqual(puzzle.tiles);
  });
});

describe('the timer', () => {
  test('does not run before the first move, then runs: Time goes past 0:00 a second or two after it', async () => {
    const { pane, puzzle } = await start3(9);
    // Untouched for 1.5 s: still 0:00.
    await expectStill(pane, 1500, 0, '0:00');
    const dir = walk(puzzle, 1)[0]!;
    const movedAt = Date.now();
    await press(pane, ARROW_KEYS[dir], slideToward(puzzle, dir), dir);
    const s = await readPuzzle(pane, 3, (g) => g.stats.seconds >= 1, 'Time 0:01', {
      timeoutMs: 5000,
      stableMs: 0,
    });
    expect(s.stats.time).toBe('0:01');
    // Counted from the move, not from the start of the program.
    expect(Date.now() - movedAt).toBeGreaterThanOrEqual(950);
    expect(s.stats.moves).toBe(1);
  });
});

describe('the timer (continued)', () => {
  test('stops while the game is suspended (Ctrl+Z), with mouse reporting off meanwhile; both come back after fg', async () => {
    const seed = 9;
    const dataDir = dirs.make();
    const pane = await tmux.startShell();
    panes.push(pane);
    pane.type(
      cliCommand(
        ['puzzle', '--size', '3', '--seed', String(seed), '--new', '--data-dir', dataDir],
        {
          COLORTERM: 'truecolor',
          XDG_CACHE_HOME: cache,
        },
      ),
    );
    pane.keys('Enter');
    const puzzle = newPuzzle({ width: 3, seed });
    await readPosition(pane, puzzle, 'the first board');
    const dir = walk(puzzle, 1)[0]!;
    const p1 = slideToward(puzzle, dir);
    await press(pane, ARROW_KEYS[dir], p1, dir);
    await readPuzzle(pane, 3, (g) => g.stats.seconds >= 1, 'Time 0:01', { stableMs: 0 });
    pane.keys('C-z');
    await pane.waitForText(/Stopped/);
    expect(pane.modes().alternate).toBe(false);
    expect(mouseModes(pane)).toEqual({ any: false, standard: false, sgr: false });
    // Away for 2.5 s: a running clock would show at least 0:03 afterwards.
    await sleep(2500);
    pane.type('fg');
    pane.keys('Enter');
    const back = await readPosition(pane, p1, 'the game after fg', { stableMs: 0 });
    expect(back.stats.seconds).toBeLessThanOrEqual(2);
    expect(mouseModes(pane)).toMatchObject({ standard: true, sgr: true });
    // And it runs again.
    await readPuzzle(pane, 3, (g) => g.stats.seconds > back.stats.seconds, 'the clock running', {
      stableMs: 0,
      timeoutMs: 5000,
    });
  });
});

describe('hints', () => {
  test('i shows "Hint: slide N" and highlights N: next to the gap and one move closer to the goal (optimal); it follows your move; i again hides it', async () => {
    const { pane, puzzle, first } = await start3(5);
    pane.keys('i');
    const { screen, tile } = await readHint(pane);
    expect(nextToGap(puzzle, tile), `tile ${tile} is next to the gap`).toBe(true);
    const d0 = await distance(puzzle.tiles, 3);
    const p1 = moveTile(puzzle, tile);
    expect(await distance(p1.tiles, 3), `sliding ${tile} is an optimal move`).toBe(d0 - 1);
    // The hinted tile is drawn in a colour of its own.
    const at = (s: PuzzleScreen, t: number) =>
      backgroundAt(s.escaped, s.labels.get(t)!.x, s.labels.get(t)!.y);
    expect(at(screen, tile)).not.toBe(at(first, tile));
    const others = puzzle.tiles.filter((t) => t !== 0 && t !== tile).map((t) => at(screen, t));
    expect(others).not.toContain(at(screen, tile));
    // Take the hint: the next one is optimal from there.
    await press(pane, arrowFor(puzzle, tile)!, p1, `the hinted ${tile}`);
    const next = await readHint(pane);
    expect(next.screen.tiles).toEqual(p1.tiles);
    expect(nextToGap(p1, next.tile)).toBe(true);
    expect(await distance(moveTile(p1, next.tile).tiles, 3)).toBe(d0 - 2);
    // i again: the hint goes, the tile looks like the others again.
    pane.keys('i');
    const off = await readPuzzle(pane, 3, (g) => g.tiles !== null && g.notice === '', 'no hint');
    expect(at(off, next.tile)).not.toBe(at(next.screen, next.tile));
    expect(off.stats.moves).toBe(1);
  });

  test('a 4x4 hint with an empty pattern-database cache: "Thinking…" while the solver works, then a tile next to the gap', async () => {
    const seed = 3;
    const cacheHome = dirs.make('slidebox-e2e-cache4-');
    const { pane } = await startPuzzle(['--seed', String(seed), '--new'], { cacheHome });
    const puzzle = newPuzzle({ width: 4, seed });
    await readPosition(pane, puzzle, 'the first board');
    pane.keys('i');
    await pane.waitForText('Thinking…', { stableMs: 0 });
    const { tile, screen } = await readHint(pane, 4, 40_000);
    expect(screen.tiles).toEqual(puzzle.tiles);
    expect(nextToGap(puzzle, tile), `tile ${tile} is next to the gap`).toBe(true);
    // The game stayed responsive: a key works at once.
    const dir = walk(puzzle, 1)[0]!;
    await press(pane, ARROW_KEYS[dir], slideToward(puzzle, dir), dir);
  });
});

describe('solving', () => {
  test('p plays the solution to the win screen: "Solved!", its time and moves, "The solver helped"; no record kept', async () => {
    const { seed, solution } = await quickestSeed();
    const { pane, dataDir } = await start3(seed);
    pane.keys('p');
    await pane.waitForText(/Playing the solution|Solving…/, { stableMs: 0 });
    const won = await pane.waitForText('The solver helped', { timeoutMs: 30_000 });
    expect(won).toContain('Solved!');
    expect(won).toMatch(new RegExp(`Time \\d+\\.\\d{3} · ${solution.length} moves · [\\d.]+ TPS`));
    // The optimal solution was played: exactly its number of moves.
    expect(won).toMatch(new RegExp(`Moves ${solution.length} {3}Time`));
    expect(won).not.toContain('New best');
    expect(records(dataDir)['3']).toBeUndefined();
    // Moves do nothing any more.
    pane.keys('Left', 'Up', 'u');
    await expectStill(pane, 300, solution.length);
    pane.keys('q');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(0);
    expect(exit.screen).toContain(
      `Solved: ${solution.length} moves — run slidebox puzzle --size 3 --data-dir ${dataDir} to play again.`,
    );
  });

  test('any key stops the solution being played; the game goes on from there', async () => {
    const { seed } = seedWhere(3, () => true);
    const { pane } = await start3(seed);
    pane.keys('p');
    await readPuzzle(
      pane,
      3,
      (g) => g.stats.moves >= 2 && g.notice.startsWith('Playing the solution'),
      'the solution playing',
      { stableMs: 0 },
    );
    pane.keys('x');
    const stopped = await readPuzzle(
      pane,
      3,
      (g) => g.tiles !== null && !g.notice.startsWith('Playing'),
      'the solution stopped',
      { stableMs: 400 },
    );
    await expectStill(pane, 600, stopped.stats.moves);
    expect(stopped.tiles).not.toEqual(goal(3));
    // The board is yours again: a key moves as usual.
    const here = { ...puzzleFromTiles(stopped.tiles!, 3), moves: stopped.stats.moves };
    const dir = walk(here, 1)[0]!;
    await press(pane, ARROW_KEYS[dir], slideToward(here, dir), dir);
  });

  test('solving by hand: "New best" on the win screen, the timer stops, and the record shows as Best in the next game', async () => {
    const { seed, solution } = await quickestSeed();
    const { pane, dataDir, puzzle } = await start3(seed);
    let p = puzzle;
    for (const [i, tile] of solution.entries()) {
      const key = arrowFor(p, tile);
      expect(key, `tile ${tile} next to the gap`).not.toBeNull();
      p = moveTile(p, tile);
      if (i < solution.length - 1) await press(pane, key!, p, `tile ${tile}`);
      else pane.keys(key!);
    }
    expect(p.solved).toBe(true);
    const won = await pane.waitForText('Solved!');
    const summary = new RegExp(`Time (\\d+)\\.(\\d{3}) · ${solution.length} moves`).exec(won);
    expect(summary, won).not.toBeNull();
    expect(won).toContain('New best: single!');
    expect(won).toContain('New best: fewest moves!');
    expect(won).not.toContain('solver helped');
    const record = records(dataDir)['3'];
    expect(record?.moves).toBe(solution.length);
    expect(record?.timeMs).toBeGreaterThan(0);
    // The clock stopped at the win: the stats line shows the summary's time in M:SS.
    const secs = Number(summary![1]);
    const time = `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, '0')}`;
    const line = /Moves (\d+) {3}Time (\S+)/.exec(won)!;
    expect(line[2]).toBe(time);
    await expectStill(pane, 1200, solution.length, time);
    // n starts a new game at once (nothing to lose) and the stats line shows the record.
    pane.keys('n');
    const next = await readPuzzle(
      pane,
      3,
      (g) => g.tiles !== null && g.stats.moves === 0,
      'a new game',
    );
    expect(next.stats.best).toEqual({ moves: solution.length, time });
    expect(next.text).toContain(`Best ${solution.length} moves · ${time}`);
    expect(next.tiles).not.toEqual(goal(3));
  });
});

describe('the solve summary', () => {
  test('time to the ms, moves, TPS, the optimal count and efficiency, and the averages as they fill', async () => {
    const { seed, solution } = await quickestSeed();
    const dataDir = dirs.make();
    // Three solves of the same deal, each with a detour of 2k moves (a tile out and back).
    for (const detour of [0, 1, 2]) {
      const { pane } = await startPuzzle(['--size', '3', '--seed', String(seed), '--new'], {
        dataDir,
      });
      await readPosition(pane, newPuzzle({ width: 3, seed }), 'the deal');
      let p = newPuzzle({ width: 3, seed });
      const away = solution[0]!;
      for (let i = 0; i < detour; i++) {
        for (const _ of [0, 1]) {
          const key = arrowFor(p, away)!;
          p = moveTile(p, away);
          await press(pane, key, p, `detour tile ${away}`);
        }
      }
      for (const [i, tile] of solution.entries()) {
        const key = arrowFor(p, tile)!;
        p = moveTile(p, tile);
        if (i < solution.length - 1) await press(pane, key, p, `tile ${tile}`);
        else pane.keys(key);
      }
      const moves = solution.length + 2 * detour;
      const won = await pane.waitForText(/Optimal \d+ moves · efficiency \d+%/, {
        timeoutMs: 20_000,
      });
      const m = new RegExp(`Time (\\d+\\.\\d{3}) · ${moves} moves · ([\\d.]+) TPS`).exec(won);
      expect(m, won).not.toBeNull();
      // TPS is the moves over the time shown (to the rounding of both).
      expect(Number(m![2])).toBeCloseTo(moves / Number(m![1]), 1);
      const eff = Math.round((solution.length / moves) * 100);
      expect(won).toContain(`Optimal ${solution.length} moves · efficiency ${eff}%`);
      if (detour === 2) expect(won).toMatch(/mo3 \d+\.\d{3}/);
      else expect(won).not.toMatch(/mo3 /);
      pane.keys('q');
      expect((await pane.waitForExit()).code).toBe(0);
    }
    // The history has each solve with its optimal count.
    const history = JSON.parse(readFileSync(join(dataDir, 'history.json'), 'utf8'));
    expect(
      history.entries.map((e: { moves: number; optimal: number }) => [e.moves, e.optimal]),
    ).toEqual([
      [solution.length, solution.length],
      [solution.length + 2, solution.length],
      [solution.length + 4, solution.length],
    ]);
  });
});

describe('records and the solver', () => {
  test('a game the solver played (p) sets no record, also when it is quit and resumed before the win and finished by hand', async () => {
    const { seed, solution } = await quickestSeed();
    const { pane, dataDir } = await start3(seed);
    pane.keys('p');
    await readPuzzle(pane, 3, (g) => g.stats.moves >= 5, 'the solver playing', { stableMs: 0 });
    pane.keys('x');
    const stopped = await readPuzzle(
      pane,
      3,
      (g) => g.tiles !== null && !g.notice.startsWith('Playing'),
      'the solution stopped',
      { stableMs: 400 },
    );
    expect(stopped.stats.moves).toBeLessThan(solution.length);
    pane.keys('q');
    expect((await pane.waitForExit()).code).toBe(0);

    // Resumed: the rest by hand.
    const again = await startPuzzle(['--size', '3'], { dataDir });
    let p: Puzzle = { ...puzzleFromTiles(stopped.tiles!, 3), moves: stopped.stats.moves };
    await readPosition(again.pane, p, 'the resumed game');
    const rest = await solve([...p.tiles], 3);
    for (const [i, tile] of rest.entries()) {
      const key = arrowFor(p, tile)!;
      p = moveTile(p, tile);
      if (i < rest.length - 1) await press(again.pane, key, p, `tile ${tile}`);
      else again.pane.keys(key);
    }
    const won = await again.pane.waitForText('Solved!');
    expect(won).toContain(`${solution.length} moves · `);
    // Most of this game was played by the solver: no record, as when it is not interrupted.
    expect(won).not.toContain('New best');
    expect(won).toContain('The solver helped');
    expect(records(dataDir)['3']).toBeUndefined();
  });
});

describe('colours and board sizes', () => {
  test('NO_COLOR: no colour codes, grid lines; keys, clicks and the hint (drawn bold) work', async () => {
    const seed = 5;
    const pane = await tmux.start({
      args: ['puzzle', '--size', '3', '--seed', String(seed), '--new', '--data-dir', dirs.make()],
      env: { NO_COLOR: '1', COLORTERM: 'truecolor', XDG_CACHE_HOME: cache },
      workDir: dirs.make('slidebox-e2e-pid-'),
    });
    panes.push(pane);
    const puzzle = newPuzzle({ width: 3, seed });
    const first = await readPosition(pane, puzzle, 'the first board');
    expect(colourCodes(first.escaped)).toEqual([]);
    expect(first.text).toMatch(/[┌┬┐]/);
    expect(first.text).toMatch(/[├┼┤]/);
    const dir = walk(puzzle, 1)[0]!;
    const p1 = slideToward(puzzle, dir);
    let s = await press(pane, ARROW_KEYS[dir], p1, dir);
    // A click on the farthest tile in the gap's row or column.
    const gap = posOf(p1.tiles.indexOf(0), 3);
    const far = [0, 1, 2]
      .flatMap((k) => [p1.tiles[gap.row * 3 + k]!, p1.tiles[k * 3 + gap.col]!])
      .filter((t) => t !== 0)
      .sort((a, b) => moveTile(p1, b).moves - moveTile(p1, a).moves)[0]!;
    click(pane, s.labels.get(far)!.x, s.labels.get(far)!.y);
    const p2 = moveTile(p1, far);
    s = await readPosition(pane, p2, `click on ${far}`);
    pane.keys('i');
    const { screen, tile } = await readHint(pane);
    expect(nextToGap(p2, tile)).toBe(true);
    const bold = (t: number) => {
      const at = screen.labels.get(t)!;
      return attributesByColumn(screen.escaped.split('\n')[at.y]!)[at.x]!.bold;
    };
    expect(bold(tile)).toBe(true);
    for (const t of p2.tiles.filter((x) => x !== 0 && x !== tile))
      expect(bold(t), `tile ${t}`).toBe(false);
    expect(colourCodes(screen.escaped)).toEqual([]);
  });

  test('an 8x8 board (63-puzzle): tiles 1..63 as shuffled, a click slides a whole row, the hint (fast solver) is a tile next to the gap', async () => {
    const seed = 5;
    const { pane } = await startPuzzle(['--size', '8', '--seed', String(seed), '--new']);
    const puzzle = newPuzzle({ width: 8, seed });
    const first = await readPosition(pane, puzzle, 'the first board');
    expect(first.title).toBe('63-puzzle · 8×8');
    const gap = posOf(puzzle.tiles.indexOf(0), 8);
    const farCol = gap.col < 4 ? 7 : 0;
    const far = puzzle.tiles[gap.row * 8 + farCol]!;
    const moved = moveTile(puzzle, far);
    expect(moved.moves).toBe(Math.abs(farCol - gap.col));
    expect(moved.moves).toBeGreaterThanOrEqual(4);
    click(pane, first.labels.get(far)!.x, first.labels.get(far)!.y);
    await readPosition(pane, moved, `click on ${far}`);
    pane.keys('i');
    const { tile, screen } = await readHint(pane, 8);
    expect(screen.tiles).toEqual(moved.tiles);
    expect(nextToGap(moved, tile), `tile ${tile} is next to the gap`).toBe(true);
  });
});

describe('quitting, saving and resuming', () => {
  test('q saves; starting again resumes the same board, Moves and time, with the undo history; --seed then only gives a notice', async () => {
    const { pane, dataDir, puzzle } = await start3(13);
    const directions = walk(puzzle, 3);
    const played: Puzzle[] = [puzzle];
    for (const d of directions) played.push(slideToward(played.at(-1)!, d));
    await playDirections(pane, puzzle, directions, ARROW_KEYS);
    pane.keys('q');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(0);
    // The command that resumes this very game: its size and data folder.
    const resume = `slidebox puzzle --size 3 --data-dir ${dataDir}`;
    expect(exit.screen).toContain(`Saved: 3 moves — run ${resume} to continue.`);
    const saved = savedGame(dataDir);
    expect(saved.end).toEqual({ tiles: played[3]!.tiles, moves: 3 });
    expect(saved.clock.started).toBe(true);

    const again = await startPuzzle(['--size', '3', '--seed', '999'], { dataDir });
    const s = await readPosition(again.pane, played[3]!, 'the resumed game');
    expect(s.stats.seconds).toBeGreaterThanOrEqual(Math.floor(saved.clock.elapsedMs / 1000));
    expect(s.notice).toContain('Resumed your saved puzzle');
    // The history came along: undo goes back one move.
    await press(again.pane, 'u', played[2]!, 'undo after resuming');
  });

  for (const [name, key] of [
    ['q', 'q'],
    ['Esc', 'Escape'],
    ['Ctrl+C', 'C-c'],
  ] as const) {
    test(`${name} quits and restores the terminal (main screen, cursor, no raw mode, mouse reporting off); moves saved`, async () => {
      const { pane, dataDir, puzzle } = await start3(4);
      await playDirections(pane, puzzle, walk(puzzle, 2), ARROW_KEYS);
      pane.keys(key);
      const exit = await pane.waitForExit();
      expect(exit.code).toBe(0);
      expect(restoreProblems(pane, exit)).toEqual([]);
      expect(exit.screen).toContain(
        `Saved: 2 moves — run slidebox puzzle --size 3 --data-dir ${dataDir} to continue.`,
      );
      expect(savedGame(dataDir).end.moves).toBe(2);
    });
  }

  test('kill -TERM restores the terminal too, and the moves are kept', async () => {
    const { pane, dataDir, puzzle } = await start3(4);
    await playDirections(pane, puzzle, walk(puzzle, 2), ARROW_KEYS);
    process.kill(pane.pid(), 'SIGTERM');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(143);
    expect(restoreProblems(pane, exit)).toEqual([]);
    expect(savedGame(dataDir).end.moves).toBe(2);
  });
});

describe('overlays and the window', () => {
  test('? shows the help, another key closes it without moving; n asks first once you have moved (n cancels, y starts over)', async () => {
    const { pane, puzzle } = await start3(6);
    const dir = walk(puzzle, 1)[0]!;
    const p1 = slideToward(puzzle, dir);
    await press(pane, ARROW_KEYS[dir], p1, dir);
    pane.keys('?');
    const help = await pane.waitForText('The 8-puzzle');
    expect(help).toMatch(/click a tile in the gap's row or column/);
    pane.keys('Left');
    await pane.waitFor((t) => !t.includes('The 8-puzzle'), 'the help to close');
    await readPosition(pane, p1, 'the help closed, no move', { stableMs: 300 });
    pane.keys('n');
    await pane.waitForText('Start a new game?');
    pane.keys('n');
    await pane.waitFor((t) => !t.includes('Start a new game?'), 'the question to go');
    await readPosition(pane, p1, 'the question cancelled', { stableMs: 300 });
    pane.keys('n');
    await pane.waitForText('Start a new game?');
    pane.keys('y');
    const fresh = await readPuzzle(
      pane,
      3,
      (g) => g.tiles !== null && g.stats.moves === 0,
      'a new game',
    );
    expect([...fresh.tiles!].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(sameTiles(fresh.tiles, goal(3))).toBe(false);
  });

  test('too small a window shows a message instead of the board, keys and clicks are ignored there, and growing it back shows the same game', async () => {
    const { pane, puzzle } = await start3(8);
    const dir = walk(puzzle, 1)[0]!;
    const p1 = slideToward(puzzle, dir);
    await press(pane, ARROW_KEYS[dir], p1, dir);
    pane.resize(20, 8);
    const tiny = await pane.waitForText('Window too small');
    expect(tiny).toMatch(/Need \d+×\d+/);
    expect(tiny).toContain('have 20×8');
    expect(tiny).not.toMatch(/Moves \d/);
    const movable = p1.tiles.find((t) => t !== 0 && nextToGap(p1, t))!;
    pane.keys(arrowFor(p1, movable)!);
    click(pane, 5, 3);
    pane.resize(80, 24);
    const back = await readPosition(pane, p1, 'the board again', { stableMs: 300 });
    expect(back.text).not.toContain('Window too small');
    expect(pane.modes()).toEqual({ alternate: true, cursorVisible: false });
  });
});
