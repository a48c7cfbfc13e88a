/**
 * The duel in a real terminal (tmux): a person placing with the cursor and 2/4, a placement on
 * a taken cell refused with a message, the AI sliding in reply, and the roles swapping for the
 * second round.
 */
import { describe, expect, test } from 'vitest';
import { type Pane, useTmux } from './helpers/tmux.ts';

const { tmux, dirs, panes } = useTmux();

async function start(args: readonly string[]): Promise<Pane> {
  const pane = await tmux.start({
    args: ['duel', ...args, '--data-dir', dirs.make()],
    env: {},
    cols: 100,
    rows: 30,
    workDir: dirs.make('slidebox-e2e-pid-'),
  });
  panes.push(pane);
  return pane;
}

/** The numbers on the board, in reading order. */
function tilesOn(screen: string): number[] {
  const lines = screen.split('\n');
  const top = lines.findIndex((l) => l.includes('Sliding:'));
  const bottom = lines.findIndex((l) => l.includes('place · n new'));
  const board = lines.slice(top + 1, bottom).join('\n');
  return [...board.matchAll(/\b(2|4|8|16|32|64|128|256|512|1024)\b/g)].map((m) => Number(m[1]));
}

describe('slidebox duel', () => {
  test('placing with the cursor, a taken cell refused, the AI sliding in reply', async () => {
    const pane = await start(['--placer', 'human', '--slider', 'ai', '--seed', '3']);
    await pane.waitForText('Placing: You');
    pane.keys('2');
    await pane.waitFor((s) => tilesOn(s).length === 1, 'the first tile placed');
    // The same cell again: refused, with a message, and the board unchanged.
    pane.keys('4');
    const refused = await pane.waitForText('That cell is taken');
    expect(tilesOn(refused)).toEqual([2]);
    // Another cell: the cursor moves, the second start tile goes down, then the AI slides.
    pane.keys('Left', '4');
    await pane.waitFor(
      (s) => s.includes('Your turn to place') && tilesOn(s).length === 2,
      'the AI to slide and the turn to come back',
      { timeoutMs: 15_000 },
    );
    pane.keys('q');
    expect((await pane.waitForExit()).code).toBe(0);
  });

  test('two AIs on a 3×3 board: round 1 ends and the roles swap for round 2', async () => {
    const pane = await start(['--placer', 'ai', '--slider', 'ai', '--seed', '5', '--size', '3']);
    const first = await pane.waitForText('round 1 of 2');
    const slider1 = /Sliding: (AI \d)/.exec(first)![1];
    const second = await pane.waitForText('round 2 of 2', { timeoutMs: 90_000 });
    const slider2 = /Sliding: (AI \d)/.exec(second)![1];
    expect(slider2).not.toBe(slider1);
    expect(second).toMatch(/Round 1: AI \d scored/);
    pane.keys('q');
    expect((await pane.waitForExit()).code).toBe(0);
  }, 120_000);
});
