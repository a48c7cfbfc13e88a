/**
 * Plain mode through pipes: one command per line in, the board as text out after each,
 * deterministic with a seed, and the same mode picked by itself when stdin is not a terminal.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  cleanEnv,
  parsePlain,
  playPlain,
  requireBuiltCli,
  runCli,
  TempDirs,
  tileSum,
} from './helpers/cli.ts';
import { cliCommand, shq } from './helpers/tmux.ts';

const dirs = new TempDirs();
beforeAll(requireBuiltCli);
afterAll(() => dirs.cleanup());

function plain(commands: string, args: readonly string[] = [], dataDir = dirs.make()) {
  return runCli(['--plain', '--seed', '7', '--new', '--data-dir', dataDir, ...args], {
    input: commands,
  });
}

describe('plain mode', () => {
  test("printf 'a\\nd\\nq\\n' | slidebox --plain --seed 7 --new: a board after each command, the final score, exit 0", () => {
    const r = plain('a\nd\nq\n');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const states = parsePlain(r.stdout);
    expect(states).toHaveLength(3); // the start, after a, after d
    expect(states[0]!.moves).toBe(0);
    expect(states[0]!.cells.flat().filter((v) => v !== 0)).toHaveLength(2);
    for (const s of states) {
      expect(s.cells).toHaveLength(4);
      for (const row of s.cells) expect(row).toHaveLength(4);
    }
    // The board text: numbers right-aligned in equal columns, '.' for empty cells.
    const boardLines = r.stdout.split('\n').filter((l) => /^[\s.\d]+$/.test(l) && l.trim());
    for (const l of boardLines) expect(l).toMatch(/^( {3}[.\d]| {2}\d\d| \d\d\d|\d{4})+$/);
    expect(boardLines.some((l) => l.includes('.'))).toBe(true);
    const last = states[2]!;
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(`Final score: ${last.score}`);
    // Tiles only move and merge, and each real move spawns one 2 or 4.
    expect(tileSum(last.cells) - tileSum(states[0]!.cells)).toBeGreaterThanOrEqual(2 * last.moves);
  });

  test('deterministic: the same seed and commands give identical output, run after run', () => {
    const cmds = 'a\nd\nw\ns\na\na\nd\nq\n';
    const one = plain(cmds);
    const two = plain(cmds);
    expect(one.code).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    // And a different seed gives a different game (so the comparison means something).
    const other = runCli(['--plain', '--seed', '8', '--new', '--data-dir', dirs.make()], {
      input: cmds,
    });
    expect(other.stdout).not.toBe(one.stdout);
  });

  test('w a s d, up down left right and h j k l are the same commands', () => {
    const wasd = plain('a\nd\nw\ns\nq\n');
    const words = plain('left\nright\nup\ndown\nq\n');
    const vi = plain('h\nl\nk\nj\nq\n');
    const upper = plain('A\nRight\n UP \nDown\nQ\n');
    expect(parsePlain(wasd.stdout).at(-1)!.moves).toBeGreaterThan(0);
    expect(words.stdout).toBe(wasd.stdout);
    expect(vi.stdout).toBe(wasd.stdout);
    expect(upper.stdout).toBe(wasd.stdout);
  });

  test('an unknown command: a message on stderr, the game goes on as if it was not there', () => {
    const r = plain('a\nxyzzy\nd\nq\n');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/unknown command "xyzzy"/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toBe(plain('a\nd\nq\n').stdout);
    expect(r.stdout).not.toContain('xyzzy');
  });

  test('end of input without q ends the game with the final score, exit 0', () => {
    const withQ = plain('a\nd\nq\n');
    const eof = plain('a\nd\n');
    expect(eof.code).toBe(0);
    expect(eof.stdout).toBe(withQ.stdout);
    expect(eof.stdout).toMatch(/Final score: \d+\n$/);
    const nothing = plain('');
    expect(nothing.code).toBe(0);
    expect(parsePlain(nothing.stdout)).toHaveLength(1);
    expect(nothing.stdout).toMatch(/Final score: 0\n$/);
  });

  test('commands after q are ignored', () => {
    const r = plain('a\nq\nd\nd\n');
    expect(r.stdout).toBe(plain('a\nq\n').stdout);
  });

  test('u undoes, n starts a new game, ? lists the commands', () => {
    const r = plain('a\nd\nu\nn\n?\nq\n');
    const states = parsePlain(r.stdout);
    const [start, afterA, , afterU, afterN] = states;
    // Undo restores the board, score and moves (the best score stays).
    expect({ ...afterU!, best: afterA!.best }).toEqual(afterA);
    expect(afterN!.moves).toBe(0);
    expect(afterN!.score).toBe(0);
    expect(afterN!.cells.flat().filter((v) => v !== 0)).toHaveLength(2);
    expect(start!.moves).toBe(0);
    expect(r.stdout).toMatch(/commands: .*w.*a.*s.*d.*u undo.*q quit/s);
    // The help fits 80 columns.
    for (const line of r.stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
  });

  test('a move that changes nothing is no turn: same board, same Moves, no spawn', () => {
    // Left until nothing moves any more.
    const r = plain(`${'a\n'.repeat(12)}q\n`);
    const states = parsePlain(r.stdout);
    const last = states.at(-1)!;
    const prev = states.at(-2)!;
    expect(last).toEqual(prev);
    expect(last.moves).toBeLessThan(12);
  });

  test('stdin not a terminal: plain mode without --plain, same output', () => {
    const dataDir = dirs.make();
    const auto = runCli(['--seed', '7', '--new', '--data-dir', dataDir], { input: 'a\nd\nq\n' });
    expect(auto.code).toBe(0);
    expect(auto.stdout).toBe(plain('a\nd\nq\n').stdout);
    expect(auto.stdout).not.toContain('\x1b[');
    // Also via the explicit command name.
    const named = runCli(['2048', '--seed', '7', '--new', '--data-dir', dirs.make()], {
      input: 'a\nd\nq\n',
    });
    expect(named.stdout).toBe(auto.stdout);
  });

  test('plain mode saves after every move and the next run resumes', () => {
    const first = playPlain(dirs, 7, ['a', 'd', 'w']);
    const saved = JSON.parse(first.save);
    expect(saved.end.moves).toBe(first.final.moves);
    expect(saved.log).toHaveLength(first.final.moves);
    expect(JSON.parse(readFileSync(join(first.dataDir, 'stats.json'), 'utf8')).best2048['4']).toBe(
      first.final.best,
    );
    const again = runCli(['--plain', '--data-dir', first.dataDir], { input: 'q\n' });
    expect(again.code).toBe(0);
    expect(parsePlain(again.stdout)[0]).toEqual(first.final);
    // --new starts over (but keeps the best score).
    const fresh = runCli(['--plain', '--new', '--data-dir', first.dataDir], { input: 'q\n' });
    const s = parsePlain(fresh.stdout)[0]!;
    expect(s.moves).toBe(0);
    expect(s.best).toBe(first.final.best);
  });

  test('--size and --target reach plain mode: a 5×5 board saved as 2048-5x5.json', () => {
    const dataDir = dirs.make();
    const r = runCli(
      ['--plain', '--size=5', '--target', '8', '--seed', '2', '--new', '--data-dir', dataDir],
      {
        input: 'a\nq\n',
      },
    );
    expect(r.code).toBe(0);
    const s = parsePlain(r.stdout);
    expect(s[0]!.cells).toHaveLength(5);
    for (const row of s[0]!.cells) expect(row).toHaveLength(5);
    expect(existsSync(join(dataDir, '2048-5x5.json'))).toBe(true);
    expect(JSON.parse(readFileSync(join(dataDir, '2048-5x5.json'), 'utf8')).target).toBe(8);
  });

  test('a win in plain mode: told, moves wait for the choice, c keeps going with no more win messages', () => {
    const args = ['--plain', '--target', '8', '--seed', '5', '--new'];
    /** stdout cut into one block per status (each starts with its Score line). */
    const blocks = (out: string) =>
      out.split(/^(?=Score: )/m).filter((b) => b.startsWith('Score:'));
    const won = (b: string) =>
      b.includes('You reached 8! Type c to keep going or n for a new game.');
    // Target 8 is reached quickly by playing left and down over and over.
    const probe = Array.from({ length: 60 }, (_, i) => (i % 2 ? 's' : 'a'));
    const firstWin = blocks(
      runCli([...args, '--data-dir', dirs.make()], { input: `${probe.join('\n')}\n` }).stdout,
    ).findIndex(won);
    expect(firstWin).toBeGreaterThan(0);
    const cmds = [...probe.slice(0, firstWin), 'a', 's', 'c', 'a', 's', 'a', 's', 'a', 's', 'q'];
    const r = runCli([...args, '--data-dir', dirs.make()], { input: `${cmds.join('\n')}\n` });
    expect(r.code).toBe(0);
    const out = blocks(r.stdout);
    const states = parsePlain(r.stdout);
    expect(won(out[firstWin]!)).toBe(true);
    expect(out.slice(0, firstWin).some(won)).toBe(false);
    // Moves while the choice is open change nothing.
    expect(states[firstWin + 1]).toEqual(states[firstWin]);
    expect(states[firstWin + 2]).toEqual(states[firstWin]);
    // After c: no more win messages, and moves work again.
    expect(out.slice(firstWin + 3).some(won)).toBe(false);
    expect(states.at(-1)!.moves).toBeGreaterThan(states[firstWin]!.moves);
  });

  test('stdout closed early (`| head -1`): no crash, no stack trace', () => {
    const dataDir = dirs.make();
    const input = join(dataDir, 'moves.txt');
    // Enough output to fill the pipe, so plain mode is still writing when head has gone.
    writeFileSync(
      input,
      `${Array.from({ length: 2000 }, (_, i) => 'adsw'[i % 4]).join('\n')}\nq\n`,
    );
    const rcFile = join(dataDir, 'rc');
    const script = `{ ${cliCommand(['--plain', '--seed', '7', '--new', '--data-dir', dataDir])} < ${shq(input)}; echo $? > ${shq(rcFile)}; } | head -n 1`;
    const r = spawnSync('/bin/sh', ['-c', script], {
      encoding: 'utf8',
      env: cleanEnv(),
      timeout: 60_000,
    });
    expect(r.stdout).toBe('Score: 0  Best: 0  Moves: 0\n');
    expect(r.stderr).not.toMatch(/EPIPE|Unhandled 'error' event|\n\s+at /);
    expect(r.stderr).toBe('');
    expect(['0', '141']).toContain(readFileSync(rcFile, 'utf8').trim());
  });

  test('the default data folder: $XDG_DATA_HOME/slidebox, else ~/.local/share/slidebox', () => {
    const xdg = dirs.make();
    const a = runCli(['--plain', '--seed', '7', '--new'], {
      input: 'a\nq\n',
      env: { XDG_DATA_HOME: xdg, HOME: dirs.make() },
    });
    expect(a.code).toBe(0);
    expect(existsSync(join(xdg, 'slidebox', '2048-4x4.json'))).toBe(true);
    const home = dirs.make();
    const b = runCli(['--plain', '--seed', '7', '--new'], { input: 'a\nq\n', env: { HOME: home } });
    expect(b.code).toBe(0);
    expect(existsSync(join(home, '.local', 'share', 'slidebox', '2048-4x4.json'))).toBe(true);
    // A relative XDG_DATA_HOME is ignored, as the XDG spec says.
    const home2 = dirs.make();
    const c = runCli(['--plain', '--seed', '7', '--new'], {
      input: 'q\n',
      env: { HOME: home2, XDG_DATA_HOME: 'relative/dir' },
    });
    expect(c.code).toBe(0);
    expect(existsSync(join(home2, '.local', 'share', 'slidebox', '2048-4x4.json'))).toBe(true);
  });
});
