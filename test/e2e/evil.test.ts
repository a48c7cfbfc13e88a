/**
 * Evil spawns (`slidebox --spawns evil`): the placer AI puts every new tile; the game is
 * deterministic with a seed, saved apart from the natural game, and resumed with the placer.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { choosePlacementOrThrow as choosePlacement } from '../../src/ai.ts';
import { newGame } from '../../src/engine/game2048.ts';
import { playPlaced } from '../../src/engine/spawn.ts';
import { parsePlain, runCli, TempDirs } from './helpers/cli.ts';

const dirs = new TempDirs();
afterAll(() => dirs.cleanup());

const LINES = ['a', 'd', 'w', 's', 'a', 'w'];
const DIRS = { a: 'left', d: 'right', w: 'up', s: 'down' } as const;

describe('slidebox --spawns evil', () => {
  test('every new tile is the placer’s choice: the board matches the engine replaying it', () => {
    const dataDir = dirs.make();
    const r = runCli(
      ['--spawns', 'evil', '--plain', '--seed', '3', '--new', '--data-dir', dataDir],
      {
        input: `${LINES.join('\n')}\nq\n`,
      },
    );
    expect(r.code).toBe(0);
    let g = newGame({ seed: 3 });
    for (const l of LINES) {
      g = playPlaced(g, DIRS[l as keyof typeof DIRS], (cells) =>
        choosePlacement(cells.map((row) => [...row])),
      );
    }
    const last = parsePlain(r.stdout).at(-1)!;
    expect(last.cells).toEqual(g.cells);
    expect(last.score).toBe(g.score);
    // Not the natural game of the same seed and keys.
    const natural = runCli(['--plain', '--seed', '3', '--new', '--data-dir', dirs.make()], {
      input: `${LINES.join('\n')}\nq\n`,
    });
    expect(parsePlain(natural.stdout).at(-1)!.cells).not.toEqual(g.cells);
  });

  test('the evil game is saved apart and resumed with the placer; the natural one is untouched', () => {
    const dataDir = dirs.make();
    const first = runCli(
      ['--spawns', 'evil', '--plain', '--seed', '8', '--new', '--data-dir', dataDir],
      {
        input: 'a\nd\nq\n',
      },
    );
    const saved = parsePlain(first.stdout).at(-1)!;
    const resumed = runCli(['--spawns', 'evil', '--plain', '--data-dir', dataDir], {
      input: 'q\n',
    });
    expect(resumed.stderr).toBe('');
    expect(parsePlain(resumed.stdout)[0]!.cells).toEqual(saved.cells);
    const natural = runCli(['--plain', '--data-dir', dataDir], { input: 'q\n' });
    expect(parsePlain(natural.stdout)[0]!.cells).not.toEqual(saved.cells);
  });
});
