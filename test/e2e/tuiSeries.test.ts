/**
 * Full-screen relays and marathons in a real terminal (tmux): each split is shown as its
 * puzzle is solved (under the board, the latest with its moves), and the end box lists them.
 * Puzzles come from the engine for the same seeds, and are solved with the solver's moves.
 */
import { describe, expect, test } from 'vitest';
import { moveTile, newPuzzle, type Puzzle } from '../../src/engine/puzzle.ts';
import { solveOrThrow as solve } from '../../src/puzzle.ts';
import { arrowFor } from './helpers/puzzle.ts';
import { useTmux } from './helpers/tmux.ts';

const { tmux, dirs, panes } = useTmux();

/** The arrow keys that solve a puzzle, from the solver (3x3: a shortest solution). */
async function solvingKeys(p: Puzzle): Promise<string[]> {
  const keys: string[] = [];
  let at = p;
  for (const tile of await solve([...p.tiles], p.width)) {
    keys.push(arrowFor(at, tile)!);
    at = moveTile(at, tile, 0);
  }
  return keys;
}

const SPLIT = String.raw`\d+\.\d{3}`;

async function start(args: string[]) {
  const pane = await tmux.start({
    args: ['puzzle', ...args, '--data-dir', dirs.make()],
    env: { COLORTERM: 'truecolor', XDG_CACHE_HOME: dirs.make('slidebox-e2e-cache-') },
    cols: 100,
    rows: 30,
    workDir: dirs.make('slidebox-e2e-pid-'),
  });
  panes.push(pane);
  return pane;
}

describe('full-screen series show their splits', () => {
  test('a marathon of three 3x3 puzzles: split 1, then splits 1 and 2, then the end box', async () => {
    const pane = await start(['--marathon', '3', '--size', '3', '--seed', '11']);
    await pane.waitForText('Puzzle 1 of 3');
    expect(pane.capture()).not.toContain('Splits:');
    const moves: number[] = [];
    for (let i = 0; i < 3; i++) {
      const keys = await solvingKeys(newPuzzle({ width: 3, seed: 11 + i }));
      moves.push(keys.length);
      pane.keys(...keys);
      if (i === 2) break;
      await pane.waitForText(`Puzzle ${i + 2} of 3`);
      const line = new RegExp(
        i === 0
          ? String.raw`Splits: ${SPLIT} \(${moves[0]} moves\)`
          : String.raw`Splits: ${SPLIT} · ${SPLIT} \(${moves[1]} moves\)`,
      );
      await pane.waitForText(line);
    }
    const end = await pane.waitForText('Done!');
    expect(end).toMatch(new RegExp(String.raw`Splits ${SPLIT} · ${SPLIT} · ${SPLIT}`));
    expect(end).toContain(`${moves[0]! + moves[1]! + moves[2]!} moves`);
    pane.keys('q');
    expect((await pane.waitForExit()).code).toBe(0);
  }, 60_000);

  test('a relay 3x3 → 4x4: the 3x3 split with its size while the 4x4 is played', async () => {
    const pane = await start(['--relay', '4', '--seed', '7']);
    await pane.waitForText('Puzzle 1 of 2');
    const keys = await solvingKeys(newPuzzle({ width: 3, seed: 7 }));
    pane.keys(...keys);
    await pane.waitForText('Puzzle 2 of 2');
    await pane.waitForText(new RegExp(String.raw`Splits: 3×3 ${SPLIT} \(${keys.length} moves\)`));
    // Under way, the relay is not saved: q asks first, and any key but y goes on.
    pane.keys('q');
    await pane.waitForText('Quit the relay?');
    pane.keys('n');
    await pane.waitForText('Puzzle 2 of 2');
    pane.keys('q');
    await pane.waitForText('Quit the relay?');
    pane.keys('y');
    expect((await pane.waitForExit()).code).toBe(0);
  }, 60_000);
});
