/**
 * The daily challenge through the real CLI: the boards come from the date (the clock set with
 * SLIDEBOX_TODAY), the same for two players on one day and different the next; the first game
 * to end counts, later ones are practice; the streak counts days in a row; the result line and
 * its share code replay the game. Expected boards come from the engine, never copied output.
 */
import { describe, expect, test } from 'vitest';
import { newGame } from '../../src/engine/game2048.ts';
import { newPuzzle } from '../../src/engine/puzzle.ts';
import { dailySeed } from '../../src/front/daily.ts';
import { parsePlain, runCli } from './helpers/cli.ts';
import { useTmux } from './helpers/tmux.ts';

const { tmux, dirs, panes } = useTmux();

function daily(day: string, args: string[], input = '', dir = dirs.make()) {
  return {
    dir,
    // A bound long enough for the 4x4 tables to be built first on a cold cache (plain solve).
    ...runCli(['daily', ...args, '--data-dir', dir], {
      input,
      env: { SLIDEBOX_TODAY: day },
      timeoutMs: 150_000,
    }),
  };
}

describe('slidebox daily', () => {
  test('the day’s 2048 board is dealt from the date: the same for two players, another the next day', () => {
    const first = parsePlain(daily('2026-11-24', ['2048', '--plain']).stdout)[0]!;
    const second = parsePlain(daily('2026-11-24', ['2048', '--plain']).stdout)[0]!;
    const next = parsePlain(daily('2026-11-25', ['2048', '--plain']).stdout)[0]!;
    const expected = newGame({ size: 4, target: 2048, seed: dailySeed('2026-11-24', '2048') });
    expect(first.cells).toEqual(expected.cells);
    expect(second.cells).toEqual(first.cells);
    expect(next.cells).toEqual(
      newGame({ size: 4, target: 2048, seed: dailySeed('2026-11-25', '2048') }).cells,
    );
    expect(next.cells).not.toEqual(first.cells);
  });

  test('the first game to end counts, with a shareable line and code; later ones are practice', () => {
    const day = '2026-11-24';
    const played = daily(day, ['2048', '--plain'], 'a\nw\nd\ns\na\nw\nn\ny\n');
    const states = parsePlain(played.stdout);
    const ended = states.at(-2)!;
    const line = played.stdout
      .split('\n')
      .find((l) => l.startsWith(`slidebox daily ${day} · 2048`))!;
    expect(line).toBe(
      `slidebox daily ${day} · 2048 · ${ended.score} points · largest ${Math.max(...ended.cells.flat())}`,
    );
    const code = /Share it: slidebox replay (\S+)/.exec(played.stdout)![1]!;
    const replay = runCli(['replay', code]);
    expect(replay.stdout.split('\n')[0]).toContain(`${ended.moves} moves · score ${ended.score}`);
    // A second game the same day is practice: the counted result stays.
    const again = daily(day, ['2048', '--plain'], 'd\nd\ns\nn\ny\n', played.dir);
    expect(again.stderr).toContain(
      `already counted (${line.replace(/^.*?· 2048 · /, `slidebox daily ${day} · 2048 · `)}): this game is practice`,
    );
    const status = daily(day, [], '', played.dir);
    expect(status.stdout).toContain(`  2048       ${line}`);
    expect(status.stdout).toContain('Streak: 1 day (longest 1)');
  });

  test('days in a row make a streak; a missed day ends it', () => {
    const dir = dirs.make();
    for (const day of ['2026-03-01', '2026-03-02', '2026-03-03']) {
      daily(day, ['2048', '--plain'], 'a\nw\nd\nn\ny\n', dir);
    }
    expect(daily('2026-03-03', [], '', dir).stdout).toContain('Streak: 3 days (longest 3)');
    // Not played yet today: yesterday's streak still stands.
    expect(daily('2026-03-04', [], '', dir).stdout).toContain('Streak: 3 days (longest 3)');
    expect(daily('2026-03-05', [], '', dir).stdout).toContain('Streak: 0 days (longest 3)');
  });

  test('the day’s 15-puzzle: a solve counts with its moves; asking the solver marks it assisted', () => {
    const day = '2026-11-24';
    const board = newPuzzle({ width: 4, seed: dailySeed(day, 'puzzle') });
    const shown = daily(day, ['puzzle', '--plain'], 'q\n');
    const rows = shown.stdout.split('\n').slice(1, 5).join(' ');
    expect(
      rows
        .trim()
        .split(/\s+/)
        .map((t) => (t === '.' ? 0 : Number(t))),
    ).toEqual([...board.tiles]);
    // The solution, asked for in another data directory (asking marks that game assisted).
    const ask = daily(day, ['puzzle', '--plain'], 'solve\n');
    const moves = /Solution \((\d+) moves\): ([\d ]+)/.exec(ask.stdout)!;
    const solved = daily(day, ['puzzle', '--plain'], `${moves[2]!.split(' ').join('\n')}\n`);
    expect(solved.stdout).toMatch(
      new RegExp(`slidebox daily ${day} · 15-puzzle · ${moves[1]} moves · \\d+:\\d\\d\\n`),
    );
    const helped = daily(
      day,
      ['puzzle', '--plain'],
      `${moves[2]!.split(' ').join('\n')}\n`,
      ask.dir,
    );
    expect(helped.stdout).toMatch(/· 15-puzzle · \d+ moves · \d+:\d\d · assisted\n/);
  });

  test('a puzzle given up with n counts as given up; the board stays the day’s', () => {
    const day = '2026-11-24';
    const board = newPuzzle({ width: 4, seed: dailySeed(day, 'puzzle') });
    const first = board.tiles.indexOf(0);
    const neighbour = board.tiles[first % 4 === 0 ? first + 1 : first - 1]!;
    const r = daily(day, ['puzzle', '--plain'], `${neighbour}\nn\ny\nq\n`);
    expect(r.stdout).toMatch(
      new RegExp(`slidebox daily ${day} · 15-puzzle · 1 move · \\d+:\\d\\d · given up\\n`),
    );
    // A given-up attempt keeps its code: the one move replays.
    const code = /Share it: slidebox replay (\S+)/.exec(r.stdout)![1]!;
    expect(runCli(['replay', code]).stdout.split('\n')[0]).toMatch(
      /· 1 move · \d+:\d\d · not solved$/,
    );
  });

  test('bad arguments say what is wrong', () => {
    const r = daily('2026-11-24', ['chess']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^slidebox: unknown daily game "chess"/);
    const o = daily('2026-11-24', ['--size', '5']);
    expect(o.code).toBe(2);
    expect(o.stderr).toMatch(/^slidebox: unknown option --size/);
  });

  test('in a terminal: the daily notice, and quitting keeps the game for later', async () => {
    const dir = dirs.make();
    const pane = await tmux.start({
      args: ['daily', '2048', '--data-dir', dir],
      env: { SLIDEBOX_TODAY: '2026-11-24', COLORTERM: 'truecolor' },
      cols: 90,
      rows: 30,
      workDir: dirs.make('slidebox-e2e-pid-'),
    });
    panes.push(pane);
    await pane.waitForText('Daily 2048 · 2026-11-24 · your first game to end counts.');
    pane.keys('Left');
    await pane.waitForText(/Moves 1\b/);
    pane.keys('q');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(0);
    expect(exit.screen).toContain(
      `Saved: run slidebox daily 2048 --data-dir ${dir} to continue today's 2048.`,
    );
    const back = parsePlain(daily('2026-11-24', ['2048', '--plain'], '', dir).stdout)[0]!;
    expect(back.moves).toBe(1);
  });
});
