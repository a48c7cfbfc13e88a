/**
 * Terminals of every kind, in tmux: one that cannot move the cursor (TERM=dumb) gets line mode
 * and one sentence saying so, for every full-screen command; one of 16 colours shows the
 * 2048 board's empty cells apart from its frame.
 */
import { describe, expect, test } from 'vitest';
import { newGame } from '../../src/engine/game2048.ts';
import { cellOrigin } from '../../src/tui/grid.ts';
import { placeBoard } from '../../src/tui/layout.ts';
import { runCli } from './helpers/cli.ts';
import { backgroundAt } from './helpers/puzzle.ts';
import { useTmux } from './helpers/tmux.ts';

const { tmux, dirs, panes } = useTmux();

const DUMB = 'This terminal (TERM=dumb) cannot draw the full screen: line mode (as --plain).';

describe('TERM=dumb: line mode and one sentence', () => {
  const games: { args: string[]; line: string; board: RegExp }[] = [
    { args: [], line: 'a', board: /^Score: \d+ {2}Best: \d+ {2}Moves: 1$/m },
    { args: ['puzzle', '--size', '3'], line: '1', board: /Moves: \d+ {2}Time: / },
    { args: ['versus'], line: 'p1 d', board: /Player 1/ },
    { args: ['duel'], line: 'q', board: /Round 1|place|slide/i },
    { args: ['daily', '2048'], line: 'd', board: /Score: \d+/ },
  ];
  for (const g of games) {
    test(`slidebox ${g.args.join(' ') || '(2048)'}: the sentence, then the game in lines`, async () => {
      const dataDir = dirs.make();
      const pane = await tmux.start({
        args: [...g.args, '--seed', '4', '--data-dir', dataDir].filter(
          // The daily game's seed is the day's.
          (a, i, all) => !(g.args[0] === 'daily' && (a === '--seed' || all[i - 1] === '--seed')),
        ),
        env: { TERM: 'dumb' },
        workDir: dirs.make('slidebox-e2e-pid-'),
      });
      panes.push(pane);
      await pane.waitForText(DUMB);
      // Line mode: typed lines are read as commands, and nothing takes the alternate screen.
      expect(pane.modes().alternate).toBe(false);
      pane.type(`${g.line}\n`);
      await pane.waitForText(g.board);
      pane.type('q\n');
      const exit = await pane.waitForExit();
      expect(exit.code).toBe(0);
      // Said once, and in the window's 80 columns.
      expect(exit.screen.split(DUMB)).toHaveLength(2);
      // No cursor addressing or screen switching was sent.
      expect(exit.screen).not.toMatch(/\[\?1049h|\[H/);
    });
  }

  test('slidebox replay CODE: the replay as text', async () => {
    const dataDir = dirs.make();
    runCli(['--plain', '--seed', '3', '--new', '--data-dir', dataDir], { input: 'a\nd\nq\n' });
    const code = runCli(['export', '--data-dir', dataDir]).stdout.trim();
    const pane = await tmux.start({
      args: ['replay', code],
      env: { TERM: 'dumb' },
      workDir: dirs.make('slidebox-e2e-pid-'),
    });
    panes.push(pane);
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(0);
    expect(exit.screen).toContain(DUMB);
    expect(exit.screen).toMatch(/seed 3 · 2 moves/);
  });
});

describe('16 colours', () => {
  test('2048: empty cells have a background of their own, apart from the frame', async () => {
    const seed = 6;
    const pane = await tmux.start({
      args: ['--seed', String(seed), '--new', '--data-dir', dirs.make()],
      env: { FORCE_COLOR: '1' },
      cols: 80,
      rows: 24,
      workDir: dirs.make('slidebox-e2e-pid-'),
    });
    panes.push(pane);
    await pane.waitForText('Score 0');
    const escaped = pane.captureEscaped();
    // 16-colour codes only (30-37, 40-47, 90-97, 100-107): no 256 or RGB colours.
    expect(escaped).not.toMatch(/\[(?:\d+;)*[34]8;[25];/);
    const cells = newGame({ seed }).cells;
    // Where the board is: the layout's own placement for a 4x4 of one-digit tiles.
    const p = placeBoard(4, 3, { cols: 80, rows: 24 }, false)!;
    const frame = backgroundAt(escaped, p.left, p.boardTop);
    expect(frame).not.toBe('');
    let empty = 0;
    for (let r = 0; r < 4; r++) {
      for (let c = 0; c < 4; c++) {
        if (cells[r]![c] !== 0) continue;
        const o = cellOrigin(p.g, r, c);
        const bg = backgroundAt(escaped, p.left + o.x, p.boardTop + o.y);
        expect(bg, `empty cell ${r},${c}`).not.toBe(frame);
        expect(bg, `empty cell ${r},${c}`).not.toBe('');
        empty++;
      }
    }
    expect(empty).toBe(14);
    pane.keys('q');
    expect((await pane.waitForExit()).code).toBe(0);
  });
});
