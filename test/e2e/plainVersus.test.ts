/**
 * Plain versus (`slidebox versus --plain`): one command per line, both boards after each,
 * deterministic with a seed; scores checked against the engine playing the same moves.
 */
import { afterAll, describe, expect, test } from 'vitest';
import type { Direction } from '../../src/engine/types.ts';
import { newVersus, versusMove } from '../../src/engine/versus.ts';
import { runCli, TempDirs } from './helpers/cli.ts';

const dirs = new TempDirs();
afterAll(() => dirs.cleanup());

const WORDS: Record<string, Direction> = {
  a: 'left',
  left: 'left',
  d: 'right',
  w: 'up',
  down: 'down',
};

describe('slidebox versus --plain', () => {
  test('p1 and p2 lines move their boards; the final scores are the engine’s', () => {
    const lines = ['p1 a', 'p2 left', 'p1 d', 'p2 down', 'p1 w', 'p2 left'];
    const r = runCli(['versus', '--plain', '--seed', '8', '--data-dir', dirs.make()], {
      input: `${lines.join('\n')}\nq\n`,
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    let m = newVersus({ seed: 8 });
    for (const line of lines) {
      const [who, word] = line.split(' ');
      if (!m.ok) throw new Error('bad match');
      const next = versusMove(m.value, who === 'p1' ? 0 : 1, WORDS[word!]!);
      m = next.ok ? next : m;
    }
    if (!m.ok) throw new Error('bad match');
    const [a, b] = m.value.games;
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(`Final scores: ${a.score} - ${b.score}`);
    // The same input gives the same output.
    const again = runCli(['versus', '--plain', '--seed', '8', '--data-dir', dirs.make()], {
      input: `${lines.join('\n')}\nq\n`,
    });
    expect(again.stdout).toBe(r.stdout);
  });

  test('against the AI a bare direction moves your board and the AI answers with one move', () => {
    const r = runCli(
      ['versus', '--ai', 'easy', '--plain', '--seed', '2', '--data-dir', dirs.make()],
      {
        input: 'a\nd\na\nq\n',
      },
    );
    expect(r.code).toBe(0);
    const blocks = r.stdout.split(/\n(?=You: )/);
    // The start and one block per move.
    expect(blocks).toHaveLength(4);
    expect(r.stdout).toContain('AI (easy)');
    const again = runCli(
      ['versus', '--ai', 'easy', '--plain', '--seed', '2', '--data-dir', dirs.make()],
      {
        input: 'a\nd\na\nq\n',
      },
    );
    expect(again.stdout).toBe(r.stdout);
  });

  test('an unknown line gets one message on stderr, quoted and cut short, and play goes on', () => {
    const junk = `p3 ${'\u0007'.repeat(300)}`;
    const r = runCli(['versus', '--plain', '--seed', '8', '--data-dir', dirs.make()], {
      input: `${junk}\np1 a\nq\n`,
    });
    expect(r.code).toBe(0);
    const errs = r.stderr.trim().split('\n');
    expect(errs).toHaveLength(1);
    expect(errs[0]).toMatch(/^unknown command "p3 (\\u0007)+"… \(303 characters\); commands:/);
    expect(errs[0]!.length).toBeLessThan(500);
  });

  test('a match in progress is kept: the next run resumes it, --new starts afresh', () => {
    const dataDir = dirs.make();
    const first = runCli(['versus', '--plain', '--seed', '6', '--data-dir', dataDir], {
      input: 'p1 a\np2 left\nq\n',
    });
    const blocks = (out: string) =>
      out
        .replace(/Final scores.*\n?$/, '')
        .trimEnd()
        .split(/\n(?=Player 1: )/);
    const left = blocks(first.stdout)
      .at(-1)!
      .replace(/\nFinal scores.*\n?$/, '');
    const again = runCli(['versus', '--plain', '--data-dir', dataDir], { input: 'q\n' });
    expect(again.stderr).toBe('');
    expect(blocks(again.stdout)[0]).toBe(left);
    const fresh = runCli(['versus', '--plain', '--new', '--seed', '6', '--data-dir', dataDir], {
      input: 'q\n',
    });
    expect(blocks(fresh.stdout)[0]).toBe(blocks(first.stdout)[0]);
    // Options with a saved match: it is resumed, and the player is told.
    const told = runCli(['versus', '--plain', '--seed', '1', '--data-dir', dataDir], {
      input: 'q\n',
    });
    expect(told.stderr).toMatch(/Resumed your saved match/);
  });
});
