/**
 * Command-line options of the built CLI: every bad option or value exits with code 2, says
 * what is wrong and shows the usage; --help and --version work.
 */

import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLI, parsePlain, ROOT, requireBuiltCli, runCli, TempDirs } from './helpers/cli.ts';

const dirs = new TempDirs();
beforeAll(requireBuiltCli);
afterAll(() => dirs.cleanup());

const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;

describe('bad options and values', () => {
  const cases: [args: string[], problem: RegExp][] = [
    [['--size', '9'], /--size.*3 to 8.*9/],
    [['--size', '2'], /--size.*3 to 8.*2/],
    [['--size', 'abc'], /--size.*"abc"/],
    [['--size=0'], /--size.*0/],
    [['--target', '3000'], /--target.*power of two.*3000/],
    [['--target', '4'], /--target.*4/],
    [['--seed', '-1'], /--seed.*-1/],
    [['--seed', '1.5'], /--seed.*1\.5/],
    [['--seed', '99999999999999999999'], /--seed/],
    [['--bogus'], /unknown option --bogus/],
    [['-x'], /unknown option -x/],
    [['--size'], /--size needs a value/],
    [['--data-dir'], /--data-dir needs a value/],
    [['--seed='], /--seed needs a value/],
    [['--new=1'], /--new takes no value/],
    [['--plain=yes'], /--plain takes no value/],
    [['bogus-command'], /unknown command "bogus-command"/],
    [['--', 'puzzle'], /unknown option --$/m],
    [['-'], /unknown option -$/m],
    [['-hv'], /unknown option -hv/],
    [['-1'], /unknown option -1/],
    [['--size=-5'], /--size needs a whole number from 3 to 8, got "-5"/],
    [['2048', 'extra'], /unknown command/],
  ];

  for (const [args, problem] of cases) {
    test(`slidebox ${args.join(' ')} -> exit 2, names the problem, then the usage lines`, () => {
      const dataDir = dirs.make();
      // --data-dir first, so an option missing its value is still the last argument.
      const r = runCli(['--data-dir', dataDir, ...args], { input: 'q\n' });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(problem);
      expect(r.stderr.split('\n')[0]).toMatch(/^slidebox: /);
      // The command's usage lines follow (not its whole help); an unknown command's
      // sentence lists the commands instead.
      if (/unknown command/.test(r.stderr)) expect(r.stderr).toContain('2048, puzzle');
      else
        expect(r.stderr).toMatch(
          /\n\nUsage: slidebox [\s\S]*\(slidebox help \S+ lists the options\)\n$/,
        );
      expect(r.stderr).not.toContain('Options:');
      expect(r.stdout).toBe('');
      // Nothing was started or saved.
      expect(readdirSync(dataDir)).toEqual([]);
    });
  }
});

describe('help and version', () => {
  for (const flag of ['--help', '-h']) {
    test(`${flag}: usage on stdout, exit 0`, () => {
      const r = runCli([flag]);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(/^Usage: slidebox/);
      for (const opt of [
        '--size N',
        '--target N',
        '--seed N',
        '--new',
        '--no-animation',
        '--plain',
        '--data-dir DIR',
        '--help',
        '--version',
      ]) {
        expect(r.stdout).toContain(opt);
      }
    });
  }

  for (const flag of ['--version', '-v']) {
    test(`${flag}: "slidebox <package.json version>", exit 0`, () => {
      const r = runCli([flag]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`slidebox ${version}\n`);
      expect(r.stderr).toBe('');
    });
  }
});

describe('good options', () => {
  test('every option with a good value is accepted (exit 0)', () => {
    const dataDir = dirs.make();
    const r = runCli(
      [
        '2048',
        '--size',
        '3',
        '--target=16',
        '--seed',
        '0',
        '--new',
        '--no-animation',
        '--plain',
        `--data-dir=${dataDir}`,
      ],
      { input: 'q\n' },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(parsePlain(r.stdout)[0]!.cells).toHaveLength(3);
    expect(readdirSync(dataDir)).toContain('2048-3x3.json');
  });
});

describe('bench ai', () => {
  test('--no-cap: seeded games replay move for move; JSON on stdout', () => {
    const args = ['bench', 'ai', '--games', '2', '--seed', '5', '--max-moves', '60', '--no-cap'];
    const run = () => {
      const r = runCli([...args, '--threads', '2', '--engine-boards', '0', '--json', '--quiet']);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      return JSON.parse(r.stdout).presets[0];
    };
    const first = run();
    expect(first.preset).toBe('fast');
    expect(first.games).toBe(2);
    expect(first.moves).toBe(120);
    expect(first.seeds).toEqual([5, 6]);
    const second = run();
    expect(second.avgScore).toBe(first.avgScore);
    expect(second.maxScore).toBe(first.maxScore);
  });

  // One thread, no engine timing: the games start at once.
  const LIGHT = ['--threads', '1', '--engine-boards', '0'];

  test('Ctrl+C stops it and still prints the figures of the games finished so far', async () => {
    const child = spawn(
      process.execPath,
      [CLI, 'bench', 'ai', ...'--games 6 --seed 5 --max-moves 1500 --no-cap'.split(' '), ...LIGHT],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    const finishedOne = new Promise<void>((resolve) => {
      child.stderr.on('data', (d) => {
        stderr += d;
        if (/\[fast\] 1\/6 seed/.test(stderr)) resolve();
      });
    });
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    await finishedOne;
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toMatch(/stopped by SIGINT after \d finished fast games/);
    const row = stdout.split('\n').find((l) => l.trim().startsWith('fast'));
    expect(row).toBeDefined();
    const games = Number(row!.trim().split(/\s+/)[1]);
    expect(games).toBeGreaterThanOrEqual(1);
    expect(games).toBeLessThan(6);
  }, 60_000);
});
