/**
 * Versus in a real terminal (tmux): two players' keys interleaved on one keyboard, an attack
 * delivered and shown, the win screen and a rematch; and the AI playing board 2 on its own.
 * Expected matches are never hard-coded: the same seed and moves are played through the engine
 * and the screen must show its scores.
 */
import { describe, expect, test } from 'vitest';
import { legalMoves } from '../../src/engine/game2048.ts';
import type { Direction } from '../../src/engine/types.ts';
import { newVersus, type Side, type VersusMatch, versusMove } from '../../src/engine/versus.ts';
import { type Pane, useTmux } from './helpers/tmux.ts';

const { tmux, dirs, panes } = useTmux();

async function start(args: readonly string[], cols = 120, rows = 32): Promise<Pane> {
  const pane = await tmux.start({
    args: ['versus', ...args, '--data-dir', dirs.make()],
    env: { COLORTERM: 'truecolor' },
    cols,
    rows,
    workDir: dirs.make('slidebox-e2e-pid-'),
  });
  panes.push(pane);
  return pane;
}

const WASD: Record<Direction, string> = { up: 'w', left: 'a', down: 's', right: 'd' };
const ARROWS: Record<Direction, string> = { up: 'Up', left: 'Left', down: 'Down', right: 'Right' };

/** The score a side's header shows. */
function scoreOf(screen: string, name: string): number | null {
  const m = new RegExp(`${name}\\s+Score ([\\d,]+)`).exec(screen);
  return m ? Number(m[1]!.replace(/,/g, '')) : null;
}

/**
 * Interleaved moves for both sides (each side's first legal move in a fixed order of
 * preference), played through the engine until `stop` says so.
 */
function plan(seed: number, target: number, stop: (m: VersusMatch) => boolean) {
  let m = newVersus({ seed, target });
  if (!m.ok) throw new Error(m.error.message);
  const moves: { side: Side; dir: Direction }[] = [];
  const prefer: Direction[] = ['left', 'down', 'right', 'up'];
  for (let i = 0; i < 2000 && !stop(m.value); i++) {
    const side: Side = i % 2 === 0 ? 0 : 1;
    const cells = m.value.games[side].cells.map((r) => [...r]);
    const legal = legalMoves(cells);
    const dir = prefer.find((d) => legal.includes(d));
    if (!dir) continue;
    const next = versusMove(m.value, side, dir);
    if (!next.ok) throw new Error(next.error.message);
    m = next;
    moves.push({ side, dir });
  }
  return { match: m.value, moves };
}

describe('slidebox versus, two players at one keyboard', () => {
  test('WASD and arrows interleaved move their own boards; an attack is shown as the next tile', async () => {
    const seed = 21;
    // Up to the first attack waiting for a side.
    const { match, moves } = plan(seed, 512, (m) => m.queues[0].length + m.queues[1].length > 0);
    expect(match.queues[0].length + match.queues[1].length).toBeGreaterThan(0);
    const pane = await start(['--seed', String(seed)]);
    await pane.waitForText('Versus · 4×4 · first to 512');
    pane.keys(...moves.map((m) => (m.side === 0 ? WASD[m.dir] : ARROWS[m.dir])));
    const waiting = match.queues[0][0] ?? match.queues[1][0];
    const screen = await pane.waitFor(
      (s) =>
        scoreOf(s, 'Player 1') === match.games[0].score &&
        scoreOf(s, 'Player 2') === match.games[1].score &&
        s.includes(`next: ${waiting}`),
      'both scores and the waiting attack',
      { stableMs: 300 },
    );
    expect(screen).toContain('WASD: board 1');
  });

  test('the first to the target wins: the win screen, then r starts a rematch', async () => {
    const seed = 5;
    const { match, moves } = plan(seed, 32, (m) => m.over);
    expect(match.over).toBe(true);
    const pane = await start(['--seed', String(seed), '--target', '32']);
    await pane.waitForText('first to 32');
    pane.keys(...moves.map((m) => (m.side === 0 ? WASD[m.dir] : ARROWS[m.dir])));
    const winner = match.winner === 'draw' ? 'draw' : `Player ${match.winner! + 1} wins!`;
    await pane.waitForText(match.winner === 'draw' ? 'A draw' : winner);
    await pane.waitForText('r: rematch');
    // Moves after the end change nothing.
    pane.keys('a', 'Left');
    pane.keys('r');
    const again = await pane.waitFor(
      (s) => !s.includes('r: rematch') && scoreOf(s, 'Player 1') === 0,
      'a fresh match',
    );
    expect(scoreOf(again, 'Player 2')).toBe(0);
    pane.keys('q');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(0);
  });
});

describe('slidebox versus --ai', () => {
  test('the AI plays board 2 by itself while the player’s keys move board 1', async () => {
    const pane = await start(['--ai', 'hard', '--seed', '9']);
    await pane.waitForText('AI (hard)');
    // No key pressed: the AI's board fills with merges on its own.
    await pane.waitFor((s) => (scoreOf(s, 'AI \\(hard\\)') ?? 0) > 0, 'the AI scoring', {
      timeoutMs: 30_000,
    });
    expect(scoreOf(pane.capture(), 'You')).toBe(0);
    pane.keys('q');
    expect((await pane.waitForExit()).code).toBe(0);
  });
});
