/**
 * The full-screen 2048 in a real terminal (tmux): keys, the board and score on the screen,
 * overlays, resizing, resuming, colours, and keys typed faster than the animation.
 *
 * Expected games are never hard-coded: the same seed and keys are played in plain mode (the
 * engine's other front-end) and the screen must show exactly what plain mode printed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { slideOrThrow as slide } from '../../src/2048.ts';
import { playPlain } from './helpers/cli.ts';
import {
  attributesByColumn,
  colourCodes,
  type GameScreen,
  parseBoard,
  readGame,
  showsState,
  stylesByColumn,
  tilesOf,
  usesTruecolor,
} from './helpers/screen.ts';
import { type Pane, useTmux } from './helpers/tmux.ts';

const { tmux, dirs, panes } = useTmux();

const COLOR = { COLORTERM: 'truecolor' };

async function startGame(
  args: readonly string[],
  opts: { env?: Record<string, string>; cols?: number; rows?: number; dataDir?: string } = {},
): Promise<{ pane: Pane; dataDir: string }> {
  const dataDir = opts.dataDir ?? dirs.make();
  const pane = await tmux.start({
    args: [...args, '--data-dir', dataDir],
    env: opts.env ?? COLOR,
    cols: opts.cols ?? 80,
    rows: opts.rows ?? 24,
    workDir: dirs.make('slidebox-e2e-pid-'),
  });
  panes.push(pane);
  return { pane, dataDir };
}

/** tmux key name -> the same key as a plain-mode command. */
function plainCommand(key: string): string {
  return key.length > 1 ? key.toLowerCase() : key;
}

function plainGame(seed: number, keys: readonly string[]) {
  return playPlain(dirs, seed, keys.map(plainCommand));
}

/** Sends keys one at a time, each time waiting for the screen to show plain mode's state. */
async function playAndCompare(pane: Pane, seed: number, keys: readonly string[]) {
  const ref = plainGame(seed, keys);
  expect(ref.states).toHaveLength(keys.length + 1);
  await readGame(pane, (g) => showsState(g, ref.states[0]!), 'the first board of plain mode');
  for (const [i, key] of keys.entries()) {
    pane.keys(key);
    const want = ref.states[i + 1]!;
    const g = await readGame(
      pane,
      (s) => showsState(s, want),
      `after key ${i + 1} (${key}): score ${want.score}, moves ${want.moves}, board ${JSON.stringify(want.cells)}`,
      { stableMs: 0 },
    );
    expect(g.stats).toEqual({ score: want.score, best: want.best, moves: want.moves });
    expect(g.cells).toEqual(want.cells);
  }
  return ref;
}

describe('starting', () => {
  test('starts full screen on the alternate screen, cursor hidden, with two tiles and Moves 0', async () => {
    const { pane, dataDir } = await startGame(['--seed', '7', '--new']);
    const g = await readGame(pane);
    expect(pane.modes()).toEqual({ alternate: true, cursorVisible: false });
    expect(g.text).toContain('2048 · 4×4 · target 2048');
    expect(g.stats).toEqual({ score: 0, best: 0, moves: 0 });
    expect(tilesOf(g.cells)).toHaveLength(2);
    for (const v of tilesOf(g.cells)) expect([2, 4]).toContain(v);
    // The keys line names at least these keys (later features may add more).
    expect(g.text).toMatch(/←↑↓→ move .*u undo .*n new .*\? help .*q quit/);
    // Same seed, same first board as plain mode.
    expect(g.cells).toEqual(plainGame(7, []).states[0]!.cells);
    // Tiles are coloured (truecolor backgrounds).
    expect(usesTruecolor(g.escaped)).toBe(true);
    // A new game is saved at once.
    expect(existsSync(join(dataDir, '2048-4x4.json'))).toBe(true);
  });
});

describe('moving', () => {
  test('arrow keys, WASD and hjkl move the tiles, exactly as in plain mode', async () => {
    const families = [
      ['Left', 'Right', 'Up', 'Down'],
      ['a', 'd', 'w', 's'],
      ['h', 'l', 'k', 'j'],
    ];
    const keys = families.flat();
    const seed = 11;
    // Each family must really move the board for this test to mean anything.
    const ref = plainGame(seed, keys);
    for (let f = 0; f < families.length; f++) {
      expect(ref.states[4 * f + 4]!.moves, `family ${families[f]}`).toBeGreaterThan(
        ref.states[4 * f]!.moves,
      );
    }
    const { pane } = await startGame(['--seed', String(seed), '--new']);
    const before = await readGame(pane);
    await playAndCompare(pane, seed, keys);
    const after = await readGame(pane);
    expect(after.stats.moves).toBeGreaterThan(before.stats.moves);
    expect(after.cells).not.toEqual(before.cells);
  });

  test('a merge raises the score; score, best and board equal plain mode for the same seed and keys', async () => {
    const seed = 3;
    const cycle = ['Left', 'Down', 'Right', 'Down'];
    // Play until plain mode has merged a few times.
    const long = Array.from({ length: 40 }, (_, i) => cycle[i % cycle.length]!);
    const upTo = plainGame(seed, long).states.findIndex((s) => s.score >= 16);
    expect(upTo).toBeGreaterThan(0);
    const keys = long.slice(0, upTo);
    const ref = plainGame(seed, keys);
    expect(ref.final.score).toBeGreaterThanOrEqual(16);
    const { pane } = await startGame(['--seed', String(seed), '--new']);
    await playAndCompare(pane, seed, keys);
    const g = await readGame(pane);
    expect(g.stats.score).toBe(ref.final.score);
    expect(g.stats.best).toBe(ref.final.score);
    // The step where the score first went up (a merge) was among those compared above.
    const firstMerge = ref.states.findIndex((s) => s.score > 0);
    expect(firstMerge).toBeGreaterThan(0);
    expect(firstMerge).toBeLessThanOrEqual(keys.length);
  });

  test('u undoes step by step: board, score and Moves come back; then "Nothing to undo."', async () => {
    const seed = 3;
    const moves = ['Left', 'Down', 'Right', 'Down', 'Left', 'Down'];
    const ref = plainGame(seed, moves);
    expect(ref.final.score).toBeGreaterThan(0);
    const { pane } = await startGame(['--seed', String(seed), '--new', '--no-animation']);
    await playAndCompare(pane, seed, moves);
    // Undo back to the start, checking each step against plain mode's history (best stays).
    const effective = ref.states.filter((s, i) => i === 0 || s.moves !== ref.states[i - 1]!.moves);
    for (let i = effective.length - 2; i >= 0; i--) {
      pane.keys('u');
      const want = { ...effective[i]!, best: ref.final.best };
      await readGame(pane, (g) => showsState(g, want), `undo to moves ${want.moves}`);
    }
    const start = await readGame(pane);
    expect(start.stats).toEqual({ score: 0, best: ref.final.best, moves: 0 });
    expect(start.cells).toEqual(ref.states[0]!.cells);
    pane.keys('u');
    await pane.waitForText('Nothing to undo.');
    // Undo and the same move again gives the same spawn.
    pane.keys(moves[0]!);
    await readGame(pane, (g) => showsState(g, { ...ref.states[1]!, best: ref.final.best }));
  });

  test('a move animates (several frames); with --no-animation it is drawn once', async () => {
    /** Frames (each starts with cursor-home) written for one move that slides and merges. */
    const framesForOneMove = async (extra: string[]) => {
      const seed = 3;
      const cycle = ['Left', 'Down', 'Right', 'Down'];
      const long = Array.from({ length: 40 }, (_, i) => cycle[i % cycle.length]!);
      const states = plainGame(seed, long).states;
      // The first move that merges, and the keys before it.
      const k = states.findIndex((st, i) => i > 0 && st.score > states[i - 1]!.score) - 1;
      const { pane } = await startGame(['--seed', String(seed), '--new', ...extra]);
      await playAndCompare(pane, seed, long.slice(0, k));
      await readGame(pane, () => true, 'a still screen', { stableMs: 200 });
      const log = join(dirs.make(), 'out.log');
      pane.logOutput(log);
      pane.keys(long[k]!);
      await readGame(pane, (g) => showsState(g, states[k + 1]!), 'the merge', { stableMs: 300 });
      pane.stopLoggingOutput();
      await new Promise((r) => setTimeout(r, 100));
      const out = existsSync(log) ? readFileSync(log, 'latin1') : '';
      return out.split('\x1b[H').length - 1;
    };
    expect(await framesForOneMove(['--no-animation'])).toBe(1);
    const animated = await framesForOneMove([]);
    expect(animated).toBeGreaterThanOrEqual(3);
    expect(animated).toBeLessThanOrEqual(8);
  });

  test('keys typed faster than the animation are each applied once, in order', async () => {
    const seed = 21;
    const keys = [
      ...['Left', 'Up', 'Right', 'Down', 'a', 'w', 'd', 's', 'h', 'k', 'l', 'j'],
      ...['Left', 'Left', 'u', 'Up', 'Right', 'u', 'u', 'Down', 'Left', 'Up', 'Right', 'Down'],
      ...['s', 'a', 'w', 'd', 'j', 'h', 'k', 'l', 'Down', 'Left', 'Down', 'Right', 'Up', 'Left'],
    ];
    const ref = plainGame(seed, keys);
    const log = JSON.parse(ref.save).log as string;
    expect(log.length).toBeGreaterThan(20);
    const { pane, dataDir } = await startGame(['--seed', String(seed), '--new']);
    await readGame(pane);
    // One move starts an animation; the rest arrive while it runs, in one burst.
    pane.keys(keys[0]!);
    pane.keys(...keys.slice(1));
    const g = await readGame(
      pane,
      (s) => s.stats.moves === ref.final.moves,
      `Moves ${ref.final.moves} (every key applied once)`,
    );
    expect(g.stats).toEqual({
      score: ref.final.score,
      best: ref.final.best,
      moves: ref.final.moves,
    });
    expect(g.cells).toEqual(ref.final.cells);
    // The autosave holds exactly the same game, history included.
    const saved = JSON.parse(readFileSync(join(dataDir, '2048-4x4.json'), 'utf8'));
    expect(saved).toEqual(JSON.parse(ref.save));
  });

  test('a burst with overlay keys is handled in order: ? opens help, the next key only closes it', async () => {
    const seed = 21;
    const { pane } = await startGame(['--seed', String(seed), '--new']);
    await readGame(pane);
    // '?' opens the help and 'Up' closes it (without moving); 'n' asks and 'x' cancels.
    pane.keys('Left', '?', 'Up', 'Right', 'n', 'x', 'Down');
    const ref = plainGame(seed, ['Left', 'Right', 'Down']);
    // Had Up been taken as a move, the game would differ.
    expect(plainGame(seed, ['Left', 'Up', 'Right', 'Down']).final).not.toEqual(ref.final);
    const g = await readGame(
      pane,
      (s) => showsState(s, ref.final),
      'the game of Left, Right, Down',
    );
    expect(g.text).not.toContain('How to play');
    expect(g.text).not.toContain('Start a new game?');
  });
});

describe('overlays', () => {
  test('? shows the help; another key closes it without moving', async () => {
    const { pane } = await startGame(['--seed', '5', '--new']);
    pane.keys('Left');
    const before = await readGame(pane, (g) => g.stats.moves === 1, 'Moves 1');
    pane.keys('?');
    const help = await pane.waitForText('How to play');
    expect(help).toContain('any other key: back');
    expect(pane.modes().alternate).toBe(true);
    pane.keys('x');
    await pane.waitFor((s) => !s.includes('How to play'), 'the help to close');
    const after = await readGame(pane);
    expect(after.stats).toEqual(before.stats);
    expect(after.cells).toEqual(before.cells);
    // ? again opens it, Space closes it.
    pane.keys('?');
    await pane.waitForText('How to play');
    pane.keys('Space');
    await pane.waitFor((s) => !s.includes('How to play'), 'the help to close');
    expect((await readGame(pane)).stats).toEqual(before.stats);
  });

  test('n asks to confirm; n and Esc cancel; y starts a new game with Moves 0', async () => {
    const { pane } = await startGame(['--seed', '5', '--new']);
    pane.keys('Left');
    pane.keys('Up');
    const before = await readGame(pane, (g) => g.stats.moves === 2, 'Moves 2');

    pane.keys('n');
    await pane.waitForText('Start a new game?');
    pane.keys('n');
    await pane.waitFor((s) => !s.includes('Start a new game?'), 'the question to go');
    let g = await readGame(pane);
    expect(g.stats).toEqual(before.stats);
    expect(g.cells).toEqual(before.cells);

    pane.keys('n');
    await pane.waitForText('Start a new game?');
    pane.keys('Escape');
    await pane.waitFor((s) => !s.includes('Start a new game?'), 'the question to go');
    g = await readGame(pane);
    expect(g.stats).toEqual(before.stats);
    expect(pane.modes().alternate).toBe(true); // Esc cancelled, it did not quit

    pane.keys('n');
    await pane.waitForText('Start a new game?');
    pane.keys('y');
    g = await readGame(pane, (s) => s.stats.moves === 0, 'a new game');
    expect(g.text).not.toContain('Start a new game?');
    expect(g.stats.score).toBe(0);
    expect(tilesOf(g.cells)).toHaveLength(2);
  });
});

describe('window size', () => {
  test('resizing redraws at once; too small shows a message; growing back shows the board', async () => {
    const { pane } = await startGame(['--seed', '9', '--new']);
    pane.keys('Left', 'Up');
    const start = await readGame(pane, (g) => g.stats.moves >= 1, 'a move');
    const height = (g: GameScreen) => g.text.split('\n').findIndex((l) => /move.*quit/.test(l));

    pane.resize(120, 40);
    const big = await readGame(pane, (g) => height(g) > height(start), 'a bigger board');
    expect(big.cells).toEqual(start.cells);
    expect(big.stats).toEqual(start.stats);

    pane.resize(50, 14);
    const small = await readGame(pane, (g) => height(g) < height(start), 'a smaller board');
    expect(small.cells).toEqual(start.cells);
    expect(small.stats).toEqual(start.stats);

    pane.resize(30, 8);
    const tiny = await pane.waitForText('Window too small');
    expect(tiny).toMatch(/have 30×8/);
    expect(tiny).not.toMatch(/Moves/);
    // A move that cannot be seen is not made.
    pane.keys('Down');

    pane.resize(80, 24);
    const back = await readGame(pane, () => true, 'the board again');
    expect(back.text).not.toContain('Window too small');
    expect(back.cells).toEqual(start.cells);
    expect(back.stats).toEqual(start.stats);
    expect(pane.modes()).toEqual({ alternate: true, cursorVisible: false });
  });
});

describe('saving and resuming', () => {
  test('quitting and starting again without --new resumes the same board, score and Moves', async () => {
    const seed = 3;
    const keys = ['Left', 'Down', 'Right', 'Down', 'Left'];
    const first = await startGame(['--seed', String(seed), '--new']);
    const ref = await playAndCompare(first.pane, seed, keys);
    const before = await readGame(first.pane);
    first.pane.keys('q');
    const exit = await first.pane.waitForExit();
    expect(exit.code).toBe(0);

    const second = await startGame([], { dataDir: first.dataDir });
    const resumed = await readGame(second.pane);
    expect(resumed.stats).toEqual(before.stats);
    expect(resumed.cells).toEqual(before.cells);
    expect(resumed.cells).toEqual(ref.final.cells);
    // The undo history came along too.
    second.pane.keys('u');
    const undone = ref.states.findLast((s) => s.moves === ref.final.moves - 1)!;
    await readGame(second.pane, (g) => showsState(g, { ...undone, best: ref.final.best }), 'undo');
  });

  test('a game saved by plain mode resumes in the full-screen game; --seed then only gives a notice', async () => {
    const ref = playPlain(dirs, 4, ['a', 's', 'd', 's']);
    const { pane } = await startGame(['--seed', '99'], { dataDir: ref.dataDir });
    const g = await readGame(pane);
    expect(g.cells).toEqual(ref.final.cells);
    expect(g.stats).toEqual({
      score: ref.final.score,
      best: ref.final.best,
      moves: ref.final.moves,
    });
    expect(g.text).toContain('Resumed your saved game');
  });
});

describe('colour', () => {
  test('NO_COLOR: no colour codes, grid lines and · for empty cells, the new tile marked, fully playable', async () => {
    const seed = 3;
    const { pane } = await startGame(['--seed', String(seed), '--new'], {
      env: { NO_COLOR: '1', COLORTERM: 'truecolor', TERM: 'xterm-256color' },
    });
    const g = await readGame(pane);
    expect(colourCodes(g.escaped)).toEqual([]);
    expect(g.text).toMatch(/[┌┬┐]/);
    expect(g.text).toContain('│');
    expect(g.text).toContain('─');
    expect(g.text).toContain('·');
    // Playable: the same game as plain mode, key by key.
    await playAndCompare(pane, seed, ['Left', 'Down', 'Right', 'Down', 'Left']);
    const after = await readGame(pane);
    expect(after.text).toMatch(/\[[24]\]/); // the tile that just appeared
    expect(colourCodes(after.escaped)).toEqual([]);
    pane.keys('?');
    expect(colourCodes(pane.captureEscaped())).toEqual([]);
  });

  test('the new tile is highlighted (underlined) in colour, and only it', async () => {
    const { pane } = await startGame(['--seed', '7', '--new', '--no-animation']);
    const before = await readGame(pane);
    pane.keys('Left');
    const after = await readGame(pane, (g) => g.stats.moves === 1, 'Moves 1');
    const slid = slide(before.cells, 'left').cells;
    const lines = after.text.split('\n');
    const esc = after.escaped.split('\n');
    // Digits drawn underlined, and the screen with them blanked out.
    const underlined: string[] = [];
    const masked = lines
      .map((line, y) => {
        const attrs = attributesByColumn(esc[y] ?? '');
        return [...line]
          .map((ch, x) => {
            if (!/\d/.test(ch) || !attrs[x]?.underline) return ch;
            underlined.push(`${y}:${x}:${ch}`);
            return ' ';
          })
          .join('');
      })
      .join('\n');
    expect(underlined.length).toBeGreaterThan(0);
    // Without the underlined number the board is exactly the slid board: the spawn is marked.
    expect(parseBoard(masked, after.escaped, 80)).toEqual(slid);
    const spawnValue =
      tilesOf(after.cells).reduce((a, b) => a + b) - tilesOf(slid).reduce((a, b) => a + b);
    expect(underlined.map((u) => u.split(':')[2]).join('')).toBe(String(spawnValue));
  });

  test('colour runs do use colour codes (so the NO_COLOR check can fail)', async () => {
    const { pane } = await startGame(['--seed', '3', '--new']);
    const g = await readGame(pane);
    expect(usesTruecolor(g.escaped)).toBe(true);
    expect(colourCodes(g.escaped).length).toBeGreaterThan(0);
  });
});

describe('big tiles and colours', () => {
  /** A save of a game whose start position is `cells` (no moves yet). */
  function craftSave(dataDir: string, cells: number[][], opts: { target?: number } = {}): void {
    // A real save for a generator state, then our own start position.
    const real = JSON.parse(playPlain(dirs, 1, []).save);
    const n = cells.length;
    const save = {
      ...real,
      size: n,
      target: opts.target ?? 2048,
      start: { cells, rng: real.start.rng, score: 0 },
      log: '',
      keepPlaying: false,
      end: { cells, score: 0, moves: 0 },
    };
    writeFileSync(join(dataDir, `2048-${n}x${n}.json`), JSON.stringify(save));
  }

  /** The colours of each tile on the screen, by value. */
  function tileColours(g: GameScreen): Map<number, string> {
    const plain = g.text.split('\n');
    const esc = g.escaped.split('\n');
    // The board lies between the stats line and the keys line.
    const top = plain.findIndex((l) => l.includes('Moves')) + 2;
    const bottom = plain.findIndex((l) => /move.*quit/.test(l)) - 2;
    const colours = new Map<number, string>();
    for (let y = top; y <= bottom; y++) {
      const styles = stylesByColumn(esc[y] ?? '');
      for (const m of plain[y]!.matchAll(/\d+/g)) colours.set(Number(m[0]), styles[m.index]!);
    }
    return colours;
  }

  const values = Array.from({ length: 17 }, (_, i) => 2 ** (i + 1)); // 2 .. 131072
  const bigBoard = (() => {
    const flat = [...values, 0, 0, 0, 0, 0, 0, 0, 0];
    // No two equal neighbours matter here: it is only drawn.
    return Array.from({ length: 5 }, (_, r) => flat.slice(r * 5, r * 5 + 5));
  })();

  test('5- and 6-digit tiles keep the layout; every value 2..131072 has its own colours (truecolor)', async () => {
    const dataDir = dirs.make();
    craftSave(dataDir, bigBoard, { target: 262144 });
    const { pane } = await startGame(['--size', '5'], { dataDir });
    const g = await readGame(pane, () => true, 'the 5×5 board', { n: 5 });
    expect(g.cells).toEqual(bigBoard);
    const colours = tileColours(g);
    expect([...colours.keys()].sort((a, b) => a - b)).toEqual(values);
    expect(new Set(colours.values()).size).toBe(values.length);
    for (const c of colours.values()) expect(c).toMatch(/48;2;/);

    // Bigger and smaller windows: the numbers stay whole, or the window is called too small.
    for (const [cols, rows] of [
      [120, 40],
      [60, 18],
      [44, 14],
    ] as const) {
      pane.resize(cols, rows);
      const s = await pane.waitFor(
        (t) => t.includes('Window too small') || /Moves/.test(t),
        `a redraw at ${cols}×${rows}`,
        { stableMs: 150 },
      );
      if (!s.includes('Window too small')) {
        const r = await readGame(pane, () => true, `the board at ${cols}×${rows}`, { n: 5 });
        expect(r.cells).toEqual(bigBoard);
      }
    }
  });

  test('256-colour terminals get 256-colour codes with distinct tiles; 16 colours get basic codes; NO_COLOR keeps big tiles whole', async () => {
    const dataDir = dirs.make();
    craftSave(dataDir, bigBoard, { target: 262144 });
    const { pane } = await startGame(['--size', '5'], {
      dataDir,
      env: { TERM: 'xterm-256color' },
    });
    const g = await readGame(pane, () => true, 'the 5×5 board', { n: 5 });
    expect(g.cells).toEqual(bigBoard);
    const c256 = tileColours(g);
    for (const c of c256.values()) expect(c).toMatch(/48;5;\d+/);
    expect(new Set(c256.values()).size).toBe(values.length);

    const basic = await startGame(['--size', '5'], { dataDir, env: { TERM: 'xterm' } });
    const b = await readGame(basic.pane, () => true, 'the 5×5 board', { n: 5 });
    expect(b.cells).toEqual(bigBoard);
    expect(b.escaped).not.toMatch(/[34]8;[25];/);
    const c16 = tileColours(b);
    for (const c of c16.values()) expect(c).toMatch(/^\d*\/\d+$/);
    // Neighbouring values differ even in 16 colours.
    for (let i = 1; i < values.length; i++) {
      expect(c16.get(values[i]!), `${values[i - 1]} vs ${values[i]}`).not.toBe(
        c16.get(values[i - 1]!),
      );
    }

    const none = await startGame(['--size', '5'], { dataDir, env: { NO_COLOR: '1' } });
    const n = await readGame(none.pane, () => true, 'the 5×5 board without colour', { n: 5 });
    expect(n.cells).toEqual(bigBoard);
    expect(colourCodes(n.escaped)).toEqual([]);
  });

  test('winning: "You made 2,048!", c keeps going with no further win message, n starts anew', async () => {
    const dataDir = dirs.make();
    const board = [
      [1024, 1024, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 2],
      [0, 0, 0, 0],
    ];
    craftSave(dataDir, board);
    const { pane } = await startGame([], { dataDir });
    pane.keys('Left');
    const won = await pane.waitForText('You made 2,048!');
    expect(won).toMatch(/keep going/);
    pane.keys('c');
    const going = await readGame(pane, (g) => !g.text.includes('You made'), 'keep going');
    expect(going.stats.moves).toBe(1);
    expect(going.stats.score).toBe(2048);
    expect(going.text).toMatch(/Score 2,048 .*Best 2,048 /); // thousands separators
    expect(tilesOf(going.cells)).toContain(2048);
    pane.keys('Right');
    const next = await readGame(pane, (g) => g.stats.moves === 2, 'a move after winning');
    expect(next.text).not.toContain('You made');

    // Win again from the same save, then choose a new game.
    pane.keys('q');
    await pane.waitForExit();
    craftSave(dataDir, board);
    const again = await startGame([], { dataDir });
    again.pane.keys('Left');
    await again.pane.waitForText('You made 2,048!');
    again.pane.keys('n');
    const fresh = await readGame(again.pane, (g) => g.stats.moves === 0, 'a new game');
    expect(fresh.text).not.toContain('You made');
    expect(tilesOf(fresh.cells)).toHaveLength(2);
  });

  test('game over is shown when no move is left; moves do nothing, u says nothing to undo', async () => {
    const dataDir = dirs.make();
    const board = [
      [2, 4, 2, 4],
      [4, 2, 4, 2],
      [2, 4, 2, 4],
      [4, 2, 4, 2],
    ];
    craftSave(dataDir, board);
    const { pane } = await startGame([], { dataDir });
    const over = await pane.waitForText('Game over');
    expect(over).toMatch(/n: new game/);
    pane.keys('Left', 'Up', 'a', 'u');
    await pane.waitForText('Nothing to undo.');
    expect(pane.capture()).toContain('Moves 0');
    pane.keys('n');
    const fresh = await readGame(pane, (g) => !g.text.includes('Game over'), 'a new game');
    expect(tilesOf(fresh.cells)).toHaveLength(2);
  });
});
