/**
 * Ranked play in a real terminal (tmux), the built CLI against a real server: full screen, the
 * day's ranked 2048 played with the arrows and resigned (the end box with the score and the
 * rank, then the result on the main screen), a 3×3 ranked puzzle solved with the arrows from the
 * board the server dealt, a game resumed after the program was killed, the same game opened in a
 * second window, and a server killed in the middle of a game — keys change nothing and the
 * screen says why until the server is back on the same port, then the game goes on where the
 * server has it; and line mode in the terminal (--plain, TERM=dumb): the day's ranked 2048 and a
 * 3×3 puzzle typed a line at a time.
 */
import { describe, expect, test } from 'vitest';
import { moveTile, type Puzzle, puzzleFromTiles } from '../../src/engine/puzzle.ts';
import { solveOrThrow } from '../../src/puzzle.ts';
import { call } from '../../src/testing/serverHarness.ts';
import { arrowFor } from './helpers/puzzle.ts';
import { type Served, startServe, stopServe } from './helpers/serve.ts';
import { type Pane, useServedTmux } from './helpers/tmux.ts';

const { tmux, dirs, panes, server, start } = useServedTmux({ cols: 80, rows: 24 });

/** The lines of the board: between the figures line and the keys line. */
function boardLines(screen: string): string[] {
  const lines = screen.split('\n');
  const stats = lines.findIndex((l) => /Moves [\d,]+/.test(l));
  const keys = lines.findIndex((l, i) => i > stats && /\? help|q leave/.test(l));
  if (stats < 0 || keys < 0) throw new Error(`no board on the screen:\n${screen}`);
  return lines.slice(stats + 1, keys);
}

/** The numbers on the board, row of text by row of text (a tile's frame or colour aside). */
function boardNumbers(screen: string): string {
  return boardLines(screen)
    .map((l) => [...l.matchAll(/\d+/g)].map((m) => m[0]).join(' '))
    .filter((l) => l !== '')
    .join('\n');
}

/** The figures line's moves. */
function movesOf(screen: string): number {
  const m = /Moves ([\d,]+)/.exec(screen);
  if (!m) throw new Error(`no figures line:\n${screen}`);
  return Number(m[1]!.replace(/,/g, ''));
}

/** A 3×3 puzzle's tiles as drawn (0 for the gap), or null while a box or a slide is on it. */
function puzzleTiles(screen: string): number[] | null {
  const lines = boardLines(screen);
  if (lines.some((l) => /[A-Za-z│]/.test(l))) return null;
  const found = lines.flatMap((l, y) =>
    [...l.matchAll(/\d+/g)].map((m) => ({ t: Number(m[0]), y, x: m.index + m[0].length / 2 })),
  );
  if (found.length !== 8) return null;
  const ys = [...new Set(found.map((f) => f.y))].sort((a, b) => a - b);
  const xs = [...new Set(found.map((f) => f.x))].sort((a, b) => a - b);
  if (ys.length !== 3 || xs.length !== 3) return null;
  const tiles = new Array<number>(9).fill(0);
  for (const f of found) tiles[ys.indexOf(f.y) * 3 + xs.indexOf(f.x)] = f.t;
  return tiles;
}

const ARROWS = ['Left', 'Down', 'Right', 'Up'];

/** Presses arrows until the figures line counts `moves` more moves; the screen then. */
async function play(p: Pane, moves: number): Promise<string> {
  const from = movesOf(p.capture());
  for (let i = 0; i < 40 && movesOf(p.capture()) < from + moves; i++) {
    const before = movesOf(p.capture());
    p.keys(ARROWS[i % 4]!);
    await p
      .waitFor((s) => movesOf(s) > before, 'a move', { timeoutMs: 1500, stableMs: 200 })
      .catch(() => '');
  }
  return p.waitFor((s) => movesOf(s) >= from + moves, `${moves} moves`, { stableMs: 300 });
}

describe('ranked play full screen', () => {
  test("the day's ranked 2048: arrows, help without undo or hint, x y resigns, the rank; q leaves", async () => {
    const p = await start(['daily', '2048', '--ranked', '--name', 'Ann']);
    const first = await p.waitForText('Ranked daily 2048 ·');
    expect(first).toContain('←↑↓→ move  x resign  ? help  q leave (resume later)');
    const played = await play(p, 3);
    const score = /Score ([\d,]+)/.exec(played)![1]!;
    p.keys('?');
    const help = await p.waitForText('x   resign: it ranks as it stands');
    // No key of local play's helpers is offered.
    expect(help).not.toMatch(/\bu +undo|\bi +hint|\bp +(AI|autoplay|solve)|\bn +new/);
    p.keys('Space');
    await p.waitFor((s) => !s.includes('resign: it ranks'), 'the help closed');
    p.keys('x');
    await p.waitForText('Resign this ranked game?');
    p.keys('y');
    const end = await p.waitForText("#1 on today's ranked daily 2048.");
    expect(end).toContain('Resigned');
    // The end box says when the replay opens (the server withholds the day's code till then).
    expect(end).toContain('Its replay opens when the day is over');
    expect(end).toContain(`Score ${score} · ${movesOf(played)} moves`);
    // Over: the arrows do nothing.
    p.keys('Left');
    await new Promise((r) => setTimeout(r, 300));
    expect(p.capture()).toContain("#1 on today's ranked daily 2048.");
    p.keys('q');
    const exit = await p.waitForExit();
    expect(exit.code).toBe(0);
    expect(exit.screen).toContain(`Final score: ${score} · ${movesOf(played)} moves (resigned)`);
    expect(exit.screen).toContain("You are #1 on today's ranked daily 2048.");
    expect(exit.screen).toMatch(
      /Its replay opens when the day is over, at 00:00 UTC on \d{4}-\d{2}-\d{2}/,
    );
    expect(exit.screen).not.toContain('sb.');
  }, 60_000);

  test('a ranked 3×3 puzzle solved with the arrows: the server’s time and the rank', async () => {
    const p = await start(['puzzle', '--ranked', '--size', '3', '--name', 'Bea']);
    const dealt = await p.waitFor((s) => puzzleTiles(s) !== null, 'the dealt board');
    expect(dealt).toContain('Ranked 8-puzzle · 3×3');
    expect(dealt).toMatch(/Moves 0 {3}Time \d+:\d\d \(server clock\)/);
    let puzzle: Puzzle = puzzleFromTiles(puzzleTiles(dealt)!, 3);
    const solution = await solveOrThrow(puzzle.tiles, 3);
    // At a person's pace at most: the server ranks no solve faster than one.
    await new Promise((r) => setTimeout(r, 1500));
    for (const tile of solution) {
      p.keys(arrowFor(puzzle, tile)!);
      puzzle = moveTile(puzzle, tile);
    }
    const end = await p.waitForText('#1 on the ranked 3×3 puzzle board (8-puzzle).');
    expect(end).toContain('Solved!');
    expect(end).toMatch(new RegExp(`Solved in ${solution.length} moves · \\d+\\.\\d{3}`));
    p.keys('q');
    const exit = await p.waitForExit();
    expect(exit.code).toBe(0);
    expect(exit.screen).toMatch(
      new RegExp(`Solved in ${solution.length} moves · \\d+\\.\\d{3} by the server's clock`),
    );
    expect(exit.screen).toContain('You are #1 on the ranked 3×3 puzzle board (8-puzzle).');
    expect(exit.screen).toMatch(/^Share it: slidebox replay sb\.\S+$/m);
  }, 60_000);

  test('a game killed with the program is resumed by the same command, as the server has it', async () => {
    const dataDir = dirs.make();
    const args = ['--ranked', '--size', '3', '--name', 'Cy'];
    const a = await start(args, { dataDir });
    await a.waitForText('Ranked 2048 · 3×3 · target 2048');
    const played = await play(a, 4);
    process.kill(a.pid(), 'SIGKILL');
    await a.waitForExit();
    const b = await start(args, { dataDir });
    const back = await b.waitForText('Resumed your ranked game.');
    expect(boardNumbers(back)).toBe(boardNumbers(played));
    expect(movesOf(back)).toBe(movesOf(played));
    const more = await play(b, 1);
    expect(more).not.toContain('Resumed your ranked game.');
    b.keys('q');
    const exit = await b.waitForExit();
    expect(exit.code).toBe(0);
    expect(exit.screen).toMatch(/Left your ranked game; the server keeps it for \d+ \w+/);
  }, 60_000);

  test('--plain in a terminal: the day’s ranked 2048 and a 3×3 ranked puzzle, a line at a time', async () => {
    const dataDir = dirs.make();
    const g = await start(['daily', '2048', '--ranked', '--plain', '--name', 'Gil'], { dataDir });
    await g.waitForText(/^Score: 0 {2}Moves: 0$/m);
    for (const line of ['a', 's', 'd', 'w']) {
      g.type(line);
      g.keys('Enter');
    }
    const played = await g.waitFor(
      (s) => [...s.matchAll(/^Score: /gm)].length >= 5,
      'four boards after the first',
      { capture: 'history', stableMs: 200 },
    );
    const moves = [...played.matchAll(/^Score: [\d,]+ {2}Moves: (\d+)$/gm)].at(-1)![1]!;
    g.type('resign');
    g.keys('Enter');
    const gone = await g.waitForExit();
    expect(gone.code).toBe(0);
    expect(gone.screen).toMatch(
      new RegExp(`^Final score: [\\d,]+ · ${moves} moves? \\(resigned\\)$`, 'm'),
    );
    // (Other tests of this file play today's daily too: the rank is among theirs.)
    expect(gone.screen).toMatch(/^You are #\d+ on today's ranked daily 2048\.$/m);

    const p = await start(['puzzle', '--ranked', '--size', '3', '--plain', '--name', 'Gil'], {
      dataDir,
    });
    const dealt = await p.waitForText(/^8-puzzle {2}Moves: 0 {2}Time: /m);
    const rows = dealt.trimEnd().split('\n').slice(-3);
    const tiles = rows.flatMap((r) =>
      r
        .trim()
        .split(/\s+/)
        .map((t) => (t === '.' ? 0 : Number(t))),
    );
    const solution = await solveOrThrow(tiles, 3);
    // At a person's pace at most: the server ranks no solve faster than one.
    await new Promise((r) => setTimeout(r, 1500));
    for (const t of solution) {
      p.type(String(t));
      p.keys('Enter');
    }
    const exit = await p.waitForExit();
    expect(exit.code).toBe(0);
    expect(exit.screen).toMatch(
      new RegExp(`^Solved in ${solution.length} moves · \\d+\\.\\d{3} by the server's clock$`, 'm'),
    );
    expect(exit.screen).toMatch(/^You are #\d+ on the ranked 3×3 puzzle board \(8-puzzle\)\.$/m);
  }, 60_000);

  test('TERM=dumb: line mode, said in one sentence', async () => {
    const pane = await tmux.start({
      args: ['--ranked', '--name', 'Hal', '--server', server().url, '--data-dir', dirs.make()],
      env: { TERM: 'dumb' },
      workDir: dirs.make('slidebox-e2e-pid-'),
    });
    panes.push(pane);
    const first = await pane.waitForText(/^Score: 0 {2}Moves: 0$/m);
    expect(first).toContain(
      'This terminal (TERM=dumb) cannot draw the full screen: line mode (as --plain).',
    );
    pane.type('q');
    pane.keys('Enter');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(0);
    expect(exit.screen).toContain('Left your ranked game;');
  }, 30_000);

  test('the same game opened in a second window: the first says so and its keys change nothing', async () => {
    const dataDir = dirs.make();
    const args = ['puzzle', '--ranked', '--size', '3', '--name', 'Ed'];
    const a = await start(args, { dataDir });
    const first = await a.waitFor((s) => puzzleTiles(s) !== null, 'the dealt board');
    const b = await start(args, { dataDir });
    const there = await b.waitForText('Resumed your ranked game.');
    expect(puzzleTiles(there)).toEqual(puzzleTiles(first));
    await a.waitForText('This game is now played in another window or tab · q: leave');
    a.keys(...ARROWS);
    await new Promise((r) => setTimeout(r, 400));
    expect(puzzleTiles(a.capture())).toEqual(puzzleTiles(first));
    expect(movesOf(a.capture())).toBe(0);
    // The second window plays on.
    b.keys(...ARROWS);
    await b.waitFor((s) => movesOf(s) > 0, 'a move in the second window', { stableMs: 200 });
    a.keys('q');
    const exit = await a.waitForExit();
    expect(exit.code).toBe(0);
    expect(exit.screen).toMatch(
      /Your ranked game is now played in another window: slidebox puzzle --ranked --size 3 --server \S+ --data-dir \S+ takes it back here\./,
    );
    b.keys('q');
    expect((await b.waitForExit()).code).toBe(0);
  }, 60_000);

  test('the server killed mid-game: keys do nothing and it is said; back on its port, the game goes on', async () => {
    const dataDir = dirs.make('slidebox-serve-');
    let served: Served | null = await startServe(['--data-dir', dataDir, '--rate-limit', '0']);
    try {
      const url = served.url;
      const p = await start(['--ranked', '--size', '3', '--name', 'Di'], { url });
      await p.waitForText('Ranked 2048 · 3×3');
      const played = await play(p, 3);
      // The server writes moves every 200 ms: killed outright, it loses those of the last 200 ms.
      await new Promise((r) => setTimeout(r, 600));
      served.child.kill('SIGKILL');
      await served.ended;
      served = null;
      const down = await p.waitForText(
        'The connection dropped: reconnecting… Your keys do nothing until it is back',
      );
      expect(boardNumbers(down)).toBe(boardNumbers(played));
      p.keys(...ARROWS);
      const refused = await p.waitForText('Not sent: the connection dropped · reconnecting…');
      expect(boardNumbers(refused)).toBe(boardNumbers(played));
      await new Promise((r) => setTimeout(r, 600));
      expect(boardNumbers(p.capture())).toBe(boardNumbers(played));
      // Back on the same port and data: the game where the server had it.
      const port = new URL(url).port;
      served = await startServe(['--data-dir', dataDir, '--rate-limit', '0', '--port', port]);
      const back = await p.waitFor((s) => !s.includes('connection dropped'), 'connected again', {
        timeoutMs: 15_000,
        stableMs: 300,
      });
      expect(boardNumbers(back)).toBe(boardNumbers(played));
      await play(p, 1);
      p.keys('x');
      await p.waitForText('Resign this ranked game?');
      p.keys('y');
      await p.waitForText('Resigned');
      p.keys('q');
      expect((await p.waitForExit()).code).toBe(0);
      const board = (await call(url, 'GET', '/api/leaderboard?board=2048&size=3&limit=10'))
        .body as { entries: { name: string; moves: number }[] };
      expect(board.entries).toContainEqual(expect.objectContaining({ name: 'Di' }));
    } finally {
      await stopServe(served);
    }
  }, 90_000);
});
