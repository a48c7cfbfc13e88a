/**
 * Share codes end to end: `slidebox export` prints the code of a saved game, `slidebox replay`
 * re-simulates it (plain mode prints the end; the full-screen replay steps, pauses and jumps
 * in a real terminal; a puzzle with move times plays at its real speed times the pace, in both),
 * and damaged or oversized codes are refused with a sentence. Expected
 * positions come from the engine replaying the same seeded moves, never from a copied output.
 */
import { describe, expect, test } from 'vitest';
import { legalMoves, newGame, play } from '../../src/engine/game2048.ts';
import { movableTiles, moveTile, newPuzzle, type Puzzle } from '../../src/engine/puzzle.ts';
import { encodeShared, MAX_CODE_LENGTH, sharedPuzzle } from '../../src/engine/shareCode.ts';
import { readShareCode } from '../../src/engine/shareReplay.ts';
import type { Direction } from '../../src/engine/types.ts';
import { newVersus, versusMove } from '../../src/engine/versus.ts';
import { bfsDistances, encode } from '../../src/testutil/puzzleBfs.ts';
import { playPlain, runCli } from './helpers/cli.ts';
import { useTmux } from './helpers/tmux.ts';

const { tmux, dirs, panes } = useTmux();

const LETTER: Record<Direction, string> = { up: 'w', left: 'a', down: 's', right: 'd' };

/** A seeded 2048 game's moves (first legal move in a rotating order), from the engine. */
function plannedMoves(seed: number, n: number): Direction[] {
  let g = newGame({ seed });
  const order: Direction[] = ['left', 'down', 'right', 'up'];
  const out: Direction[] = [];
  for (let i = 0; i < n && !g.over; i++) {
    const legal = legalMoves(g.cells);
    const dir = order.map((_, k) => order[(i + k) % 4]!).find((d) => legal.includes(d))!;
    out.push(dir);
    g = play(g, dir);
  }
  return out;
}

function exported(seed: number, n: number) {
  const moves = plannedMoves(seed, n);
  const game = playPlain(
    dirs,
    seed,
    moves.map((d) => LETTER[d]),
  );
  const r = runCli(['export', '--data-dir', game.dataDir]);
  expect(r.code).toBe(0);
  return { code: r.stdout.trim(), game, moves };
}

/** A 3x3 solved along a shortest path, each move 150 to 400 ms after the one before. */
function timedSolve(seed: number) {
  const dist = bfsDistances(3, 3);
  const gaps = [150, 400, 220, 310, 180];
  let p: Puzzle = newPuzzle({ width: 3, seed });
  let now = 0;
  for (let i = 0; !p.solved; i++) {
    const q = p;
    const t = movableTiles(q).find(
      (x) => dist.get(encode(moveTile(q, x).tiles))! < dist.get(encode(q.tiles))!,
    )!;
    now += i === 0 ? 0 : gaps[i % gaps.length]!;
    p = moveTile(q, t, now);
  }
  const shared = sharedPuzzle(p);
  if (!shared.ok || shared.value.game.kind !== 'puzzle') throw new Error('share');
  const times = shared.value.game.moveMs!;
  const solveMs = times.reduce((a, b) => a + b, 0);
  expect(solveMs).toBeGreaterThan(3000);
  return { p, times, solveMs, code: encodeShared(shared.value) };
}

describe('slidebox export and replay --plain', () => {
  test('the code of a saved game replays to the position plain mode ended on', () => {
    const { code, game, moves } = exported(21, 40);
    expect(code).toMatch(/^sb\.[A-Za-z0-9_-]+$/);
    // 2 bits a move plus a short header: about one character for every 3 moves.
    expect(code.length).toBeLessThan(moves.length / 3 + 30);
    const r = runCli(['replay', code, '--plain']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toContain(`seed 21 · ${game.final.moves} moves · score ${game.final.score}`);
    const board = lines.slice(1).map((l) =>
      l
        .trim()
        .split(/\s+/)
        .map((t) => (t === '.' ? 0 : Number(t))),
    );
    expect(board).toEqual(game.final.cells);
    // A link to the web app's replay works as well as the bare code.
    const link = runCli(['replay', `https://example.org/slidebox/#replay=${code}`, '--plain']);
    expect(link.stdout).toBe(r.stdout);
  });

  test('a versus match is exported with its opponent and replays to the engine’s scores', () => {
    const dir = dirs.make();
    const lines = ['p1 a', 'p2 left', 'p1 d', 'p2 down', 'p1 w', 'p2 left', 'p1 s'];
    const played = runCli(['versus', '--plain', '--seed', '8', '--data-dir', dir], {
      input: `${lines.join('\n')}\n`,
    });
    expect(played.code).toBe(0);
    const code = runCli(['export', 'versus', '--data-dir', dir]).stdout.trim();
    let m = newVersus({ seed: 8 });
    const words: Record<string, Direction> = {
      a: 'left',
      left: 'left',
      d: 'right',
      w: 'up',
      down: 'down',
      s: 'down',
    };
    for (const line of lines) {
      const [who, word] = line.split(' ');
      if (!m.ok) throw new Error('bad match');
      const next = versusMove(m.value, who === 'p1' ? 0 : 1, words[word!]!);
      if (next.ok) m = next;
    }
    if (!m.ok) throw new Error('bad match');
    const [a, b] = m.value.games;
    const r = runCli(['replay', code]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toContain(`Player 1 ${a.score} – ${b.score} Player 2`);
  });

  test('damaged, truncated, huge and unknown codes are refused with a sentence, exit 2 (as slidebox analyse)', () => {
    const { code } = exported(5, 12);
    const flip = code.at(-3) === 'A' ? 'B' : 'A';
    const cases: [string, RegExp][] = [
      [
        code.slice(0, -1) + (code.at(-1) === 'A' ? 'Q' : 'A'),
        /damaged|not a slidebox code|characters or a length/,
      ],
      [
        `${code.slice(0, -3)}${flip}${code.slice(-2)}`,
        /checksum does not match|characters or a length/,
      ],
      [code.slice(0, 8), /damaged|too short|characters or a length/],
      [`sb.${'A'.repeat(MAX_CODE_LENGTH + 10)}`, /codes are at most/],
      ['hello', /a slidebox code starts with "sb\."/],
    ];
    for (const [bad, why] of cases) {
      const r = runCli(['replay', bad, '--plain']);
      expect(r.code, bad.slice(0, 40)).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^slidebox: cannot replay this code: /);
      expect(r.stderr).toMatch(why);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    expect(readShareCode(code).ok).toBe(true);
  });

  test('a game the AI helped is exported and replayed as such', () => {
    // `i` asks for a hint (the AI's move) in plain mode: the game is then marked helped.
    const { dataDir } = playPlain(dirs, 14, ['a', 'i', 'd']);
    const code = runCli(['export', '--data-dir', dataDir]).stdout.trim();
    expect(runCli(['replay', code]).stdout.split('\n')[0]).toMatch(/ · the AI helped$/);
  });

  test('export --last gives the code of the last finished game, from the history', () => {
    const dir = dirs.make();
    // The solution is asked for elsewhere: asking the solver marks a game as helped.
    const solution = runCli(
      ['puzzle', '--plain', '--size', '3', '--seed', '4', '--data-dir', dirs.make()],
      {
        input: 'solve\n',
      },
    )
      .stdout.match(/Solution \(\d+ moves\): ([\d ]+)/)![1]!
      .split(' ');
    const solved = runCli(['puzzle', '--plain', '--size', '3', '--seed', '4', '--data-dir', dir], {
      input: `${solution.join('\n')}\n`,
    });
    expect(solved.stdout).toContain(`Solved in ${solution.length} moves`);
    const none = runCli(['export', '--last', 'versus', '--data-dir', dir]);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/no finished versus game with a share code/);
    const code = runCli(['export', '--last', '--data-dir', dir]).stdout.trim();
    const r = runCli(['replay', code]);
    expect(r.stdout.split('\n')[0]).toMatch(
      new RegExp(`^8-puzzle · 3×3 · seed 4 · ${solution.length} moves · \\d+:\\d\\d · solved$`),
    );
  });

  test('a puzzle code with move times prints each move when the solve made it, at the pace', () => {
    const { p, times, solveMs, code } = timedSolve(77);
    const t0 = Date.now();
    const r = runCli(['replay', code, '--plain', '--pace', '4']);
    const wall = Date.now() - t0;
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    const n = times.length;
    expect(lines[0]).toMatch(
      new RegExp(`^8-puzzle · 3×3 · seed 77 · ${p.moves} moves · 0:0\\d · solved$`),
    );
    let clock = 0;
    for (let i = 1; i <= n; i++) {
      clock += times[i - 1]!;
      const s = (clock / 1000).toFixed(3);
      expect(lines[i]).toMatch(
        new RegExp(`^Move ${i} at ${s.replace('.', '\\.')}: tile \\d (up|down|left|right)$`),
      );
    }
    expect(lines.slice(n + 1).map((l) => l.trim().split(/\s+/))).toEqual([
      ['1', '2', '3'],
      ['4', '5', '6'],
      ['7', '8', '.'],
    ]);
    // The start shows a second of the solve, then the moves, all at ×4: well below its time.
    expect(wall).toBeGreaterThanOrEqual((solveMs + 1000) / 4);
    expect(wall).toBeLessThan(solveMs);
    // --pace max prints the same at once; a pace that is none is refused.
    expect(runCli(['replay', code, '--plain', '--pace', 'max']).stdout).toBe(r.stdout);
    const bad = runCli(['replay', code, '--plain', '--pace', '3']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^slidebox: --pace needs 0\.25, 0\.5, 1, 2, 4 or max, got "3"/);
  });

  test('export without a saved game, and bad options, say what is wrong', () => {
    const empty = runCli(['export', 'puzzle', '--data-dir', dirs.make()]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/^slidebox: nothing to export: there is no saved 4×4 puzzle in /);
    const bad = runCli(['replay', '--size', '5', 'sb.x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^slidebox: --size is for slidebox export only/);
    const none = runCli(['replay']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/give one code, or --file FILE/);
  });
});

/** `slidebox replay CODE` in a 90×30 tmux pane. */
async function replayInTmux(code: string) {
  const pane = await tmux.start({
    args: ['replay', code],
    env: { COLORTERM: 'truecolor' },
    cols: 90,
    rows: 30,
    workDir: dirs.make('slidebox-e2e-pid-'),
  });
  panes.push(pane);
  return pane;
}

describe('slidebox replay in a terminal', () => {
  test('plays by itself, pauses, steps, jumps to the ends, and quits cleanly', async () => {
    const { code, game } = exported(33, 30);
    const pane = await replayInTmux(code);
    const last = game.final.moves;
    await pane.waitForText(new RegExp(`Replay · move [1-9]\\d* of ${last} · ▶`));
    pane.keys('Space');
    await pane.waitForText(/❚❚ paused/);
    pane.keys('End');
    await pane.waitForText(`move ${last} of ${last}`);
    expect(pane.capture()).toContain(`Score ${game.final.score}`);
    pane.keys('Left', 'Left');
    await pane.waitForText(`move ${last - 2} of ${last}`);
    pane.keys('Home');
    await pane.waitForText(`move 0 of ${last}`);
    expect(pane.capture()).toMatch(/Score 0\b/);
    pane.keys('Right');
    await pane.waitForText(`move 1 of ${last}`);
    pane.keys('q');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(0);
    expect(pane.capture()).toContain(`seed 33 · ${last} moves · score ${game.final.score}`);
  });

  test('end boxes offer the replay’s keys, never the game’s (n, u, r do nothing here)', async () => {
    // A 2048 game played to its end (game over), and a solved puzzle.
    const over = exported(5, 5000);
    // The planned moves stop only at the game's end.
    expect(over.moves.length).toBeLessThan(5000);
    const solved = timedSolve(78);
    for (const [code, last, box] of [
      [over.code, over.game.final.moves, 'Game over'],
      [solved.code, solved.times.length, 'Solved!'],
    ] as const) {
      const pane = await replayInTmux(code);
      await pane.waitForText(/Replay · move \d+ of/);
      pane.keys('End');
      const end = await pane.waitForText(`move ${last} of ${last}`);
      expect(end).toContain(box);
      expect(end).toContain('space: play again   ←: step back');
      expect(end).toContain('g: start   q: quit');
      for (const dead of ['n: new', 'u: undo', 'r: rematch']) expect(end).not.toContain(dead);
      // The game's keys change nothing.
      pane.keys('n', 'u', 'r', 'c');
      await new Promise((r) => setTimeout(r, 300));
      expect(pane.capture()).toBe(end);
      // The keys offered do what they say.
      pane.keys('Left');
      await pane.waitForText(`move ${last - 1} of ${last}`);
      pane.keys('End', 'Space');
      await pane.waitForText(/Replay · move \d+ of \d+ · ▶/);
      pane.keys('g');
      await pane.waitForText(`move 0 of ${last} · ❚❚`);
      pane.keys('q');
      expect((await pane.waitForExit()).code).toBe(0);
    }
  }, 60_000);

  test('a puzzle with move times plays at its real speed: the pace as ×N, the solve’s clock', async () => {
    const { times, solveMs, code } = timedSolve(78);
    const n = times.length;
    const secs = (ms: number) => (ms / 1000).toFixed(3);
    const pane = await replayInTmux(code);
    await pane.waitForText(new RegExp(`Replay · move \\d+ of ${n} · ▶ ×1 · `));
    pane.keys('+');
    await pane.waitForText(/▶ ×2/);
    pane.keys('Space');
    await pane.waitForText(/❚❚ paused ×2/);
    pane.keys('End');
    await pane.waitForText(
      `move ${n} of ${n} · ❚❚ paused ×2 · ${secs(solveMs)} of ${secs(solveMs)}`,
    );
    pane.keys('Left');
    const before = solveMs - times.at(-1)!;
    await pane.waitForText(`move ${n - 1} of ${n} · ❚❚ paused ×2 · ${secs(before)} of `);
    pane.keys('q');
    expect((await pane.waitForExit()).code).toBe(0);
  });
});
