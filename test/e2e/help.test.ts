/**
 * The built CLI's help: every command has its own text (`COMMAND --help`, the same as
 * `slidebox help COMMAND`), every line of every help text fits 80 columns, the overview lists
 * every command, and a word that is not a command gets one sentence and exit 2.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { requireBuiltCli, runCli } from './helpers/cli.ts';

beforeAll(requireBuiltCli);

/** Every command of the CLI, and the words its own help's first line starts with. */
const COMMANDS: readonly [command: string, usage: RegExp][] = [
  ['2048', /^Usage: slidebox \[2048\]/],
  ['puzzle', /^Usage: slidebox puzzle/],
  ['versus', /^Usage: slidebox versus/],
  ['duel', /^Usage: slidebox duel/],
  ['daily', /^Usage: slidebox daily/],
  ['stats', /^Usage: slidebox stats/],
  ['export', /^Usage: slidebox export/],
  ['replay', /^Usage: slidebox replay/],
  ['submit', /^Usage: slidebox submit/],
  ['leaderboard', /^Usage: slidebox leaderboard/],
  ['config', /^Usage: slidebox config/],
  ['serve', /^Usage: slidebox serve/],
  ['bench', /^Usage: slidebox bench ai/],
  ['help', /^Usage: slidebox help/],
];

/** Columns a line takes (code points: the help uses · … ← → but no wide characters). */
const columns = (line: string) => [...line].length;

function expectFits(text: string, what: string): void {
  const wide = text.split('\n').filter((l) => columns(l) > 80);
  expect(wide, `${what}: lines wider than 80 columns`).toEqual([]);
}

function help(args: string[]): string {
  const r = runCli(args);
  expect(r.code, `slidebox ${args.join(' ')}`).toBe(0);
  expect(r.stderr).toBe('');
  expectFits(r.stdout, `slidebox ${args.join(' ')}`);
  return r.stdout;
}

describe('each command has its own help', () => {
  const texts = new Map<string, string>();

  for (const [command, usage] of COMMANDS) {
    test(`${command} --help and help ${command}: the same text, its own, within 80 columns`, () => {
      const own = help([command, '--help']);
      expect(own).toMatch(usage);
      expect(help(['help', command])).toBe(own);
      expect(help([command, '-h'])).toBe(own);
      texts.set(command, own);
    });
  }

  test('no two commands share a text, and none is the overview', () => {
    const overview = help(['--help']);
    const seen = new Map<string, string>();
    for (const [command] of COMMANDS) {
      const text = texts.get(command) ?? help([command, '--help']);
      expect(text).not.toBe(overview);
      expect(seen.get(text), `${command} repeats another command's help`).toBeUndefined();
      seen.set(text, command);
    }
    expect(seen.size).toBe(COMMANDS.length);
  });

  test('the other ways in: bench ai --help, help bench ai, versus/duel --online --help', () => {
    expect(help(['bench', 'ai', '--help'])).toBe(help(['bench', '--help']));
    expect(help(['help', 'bench', 'ai'])).toBe(help(['bench', '--help']));
    const online = help(['versus', '--online', '--help']);
    expect(online).toMatch(/--join CODE/);
    expect(help(['help', 'versus', '--online'])).toBe(online);
    expect(help(['duel', '--online', '--help'])).toBe(online);
    // Options given with --help do not change which text it is.
    expect(help(['puzzle', '--size', '3', '--help'])).toBe(help(['puzzle', '--help']));
  });
});

describe('the overview', () => {
  test('slidebox help, --help and -h: the overview, listing every command', () => {
    const overview = help(['--help']);
    expect(help(['help'])).toBe(overview);
    expect(help(['-h'])).toBe(overview);
    for (const [command] of COMMANDS) {
      expect(overview).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
  });

  test('an unknown command: one sentence naming every command, exit 2', () => {
    for (const args of [['bogus'], ['help', 'bogus']]) {
      const r = runCli(args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^slidebox: unknown command "bogus"; the commands are\n/);
      for (const [command] of COMMANDS) expect(r.stderr).toMatch(new RegExp(`\\b${command}\\b`));
      expectFits(r.stderr, `slidebox ${args.join(' ')}`);
    }
    // help with nothing after it but one command: one sentence.
    const extra = runCli(['help', 'puzzle', 'now']);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toBe(
      'slidebox: slidebox help takes one command (slidebox help puzzle), not "puzzle now"\n',
    );
  });
});
