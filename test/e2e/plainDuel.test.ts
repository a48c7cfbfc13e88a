/**
 * Plain duel (`slidebox duel --plain`): placements by `place ROW COL VALUE`, slides by
 * direction, the AI's turns played at once; a refused placement says why on stderr.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { runCli, TempDirs } from './helpers/cli.ts';

const dirs = new TempDirs();
afterAll(() => dirs.cleanup());

describe('slidebox duel --plain', () => {
  test('a person places against the AI slider; a taken cell is refused with a message', () => {
    const r = runCli(
      [
        'duel',
        '--plain',
        '--placer',
        'human',
        '--slider',
        'ai',
        '--seed',
        '3',
        '--data-dir',
        dirs.make(),
      ],
      {
        input: 'place 1 1 2\nplace 1 1 4\nplace 2 2 2\nq\n',
      },
    );
    expect(r.code).toBe(0);
    expect(r.stderr.trim()).toBe('That cell is taken: place the tile on an empty cell.');
    const blocks = r.stdout.split(/\n(?=Duel round)/);
    // The start, then one block per command.
    expect(blocks).toHaveLength(4);
    expect(blocks[0]).toContain('Sliding: AI  Placing: You');
    expect(blocks[1]).toMatch(/^Duel round 1 of 2.*\n\s+2\s+\.\s+\.\s+\./);
    // After the second start tile the AI slid once and it is the person's turn to place again.
    expect(blocks[3]).toContain('You to place.');
    const again = runCli(
      [
        'duel',
        '--plain',
        '--placer',
        'human',
        '--slider',
        'ai',
        '--seed',
        '3',
        '--data-dir',
        dirs.make(),
      ],
      {
        input: 'place 1 1 2\nplace 1 1 4\nplace 2 2 2\nq\n',
      },
    );
    expect(again.stdout).toBe(r.stdout);
  });

  test('two AIs play both rounds, the roles swapped, and the duel has a result', () => {
    const r = runCli(
      [
        'duel',
        '--plain',
        '--placer',
        'ai',
        '--slider',
        'ai',
        '--seed',
        '5',
        '--data-dir',
        dirs.make(),
      ],
      {
        input: '',
      },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Round 1: AI (1|2) scored/);
    expect(r.stdout).toMatch(/Round 2: AI (1|2) scored/);
    expect(r.stdout).toMatch(/(wins the duel!|A draw)/);
    const [, first] = /Round 1: (AI \d)/.exec(r.stdout)!;
    const [, second] = /Round 2: (AI \d)/.exec(r.stdout)!;
    expect(second).not.toBe(first);
  });

  test('bad options: a clear message and exit code 2', () => {
    const r = runCli(['duel', '--placer', 'robot']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--placer needs ai or human, got "robot"/);
  });

  test('a duel in progress is kept and resumed next time', () => {
    const dataDir = dirs.make();
    const args = [
      'duel',
      '--plain',
      '--placer',
      'human',
      '--slider',
      'human',
      '--data-dir',
      dataDir,
    ];
    const first = runCli([...args, '--seed', '4'], {
      input: 'place 1 1 2\nplace 2 2 4\nleft\nq\n',
    });
    const last = first.stdout
      .split(/\n(?=Duel round)/)
      .at(-1)!
      .split('\n')
      .slice(0, 5)
      .join('\n');
    const again = runCli(args, { input: 'q\n' });
    expect(again.stderr).toBe('');
    expect(again.stdout.split('\n').slice(0, 5).join('\n')).toBe(last);
  });
});
