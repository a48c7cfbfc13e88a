/**
 * The terminal is always given back: after q, Esc, Ctrl+C, SIGTERM, SIGHUP and an unexpected
 * error the pane is off the alternate screen, the cursor is shown and the tty is out of raw
 * mode (`stty -a` run in the same pane afterwards shows icanon, echo, isig). Also: with stdout
 * not a terminal the CLI falls back to plain mode by itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readGame } from './helpers/screen.ts';
import { cliCommand, type ExitInfo, type Pane, useTmux } from './helpers/tmux.ts';

const { tmux, dirs, panes } = useTmux();

async function startGame(
  args: readonly string[],
  env: Record<string, string> = {},
  opts: { pipeStdout?: boolean; pipeStdin?: string } = {},
): Promise<{ pane: Pane; dataDir: string }> {
  const dataDir = dirs.make();
  const pane = await tmux.start({
    args: ['--seed', '7', '--new', '--data-dir', dataDir, ...args],
    env: { COLORTERM: 'truecolor', ...env },
    workDir: dirs.make('slidebox-e2e-pid-'),
    ...opts,
  });
  panes.push(pane);
  return { pane, dataDir };
}

/** Starts a game, makes two moves and waits for them to show. */
async function gameWithTwoMoves(env: Record<string, string> = {}) {
  const started = await startGame([], env);
  await readGame(started.pane);
  expect(started.pane.modes()).toEqual({ alternate: true, cursorVisible: false });
  started.pane.keys('Left');
  started.pane.keys('Right');
  const shown = await readGame(started.pane, (g) => g.stats.moves === 2, 'Moves 2');
  return { ...started, shown };
}

function savedMoves(dataDir: string): number {
  return JSON.parse(readFileSync(join(dataDir, '2048-4x4.json'), 'utf8')).end.moves;
}

/** The terminal after the CLI ended: main screen, cursor shown, raw mode off. */
function expectRestored(pane: Pane, exit: ExitInfo): void {
  expect(pane.modes()).toEqual({ alternate: false, cursorVisible: true });
  for (const mode of ['icanon', 'echo', 'isig', 'icrnl', 'opost']) {
    expect(exit.stty, `stty ${mode}`).toContain(mode);
    expect(exit.stty, `stty -${mode}`).not.toContain(`-${mode}`);
  }
  // The game's screen is gone: the main screen has no board on it.
  expect(exit.screen).not.toContain('←↑↓→ move');
}

describe('quitting restores the terminal', () => {
  for (const [name, key] of [
    ['q', 'q'],
    ['Esc', 'Escape'],
    ['Ctrl+C', 'C-c'],
  ] as const) {
    test(`${name} quits: terminal restored, farewell printed, exit code 0, game saved`, async () => {
      const { pane, dataDir, shown } = await gameWithTwoMoves();
      pane.keys(key);
      const exit = await pane.waitForExit();
      expect(exit.code).toBe(0);
      expectRestored(pane, exit);
      const { score, best } = shown.stats;
      expect(exit.screen).toContain(
        `Score ${score} · 2 moves · best ${best} — saved; run slidebox --data-dir ${dataDir} to continue.`,
      );
      expect(savedMoves(dataDir)).toBe(2);
    });
  }

  test('the farewell comes after leaving the alternate screen (it stays readable)', async () => {
    const { pane } = await gameWithTwoMoves();
    pane.keys('q');
    await pane.waitForExit();
    // The visible main screen (not only history) shows the farewell above the exit line.
    const visible = pane.capture();
    expect(visible.indexOf('saved; run slidebox')).toBeGreaterThanOrEqual(0);
    expect(visible.indexOf('saved; run slidebox')).toBeLessThan(visible.indexOf('EXITED rc=0'));
  });
});

describe('signals restore the terminal', () => {
  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGHUP', 129],
    ['SIGINT', 130],
  ] as const) {
    test(`kill -${signal.slice(3)}: terminal restored, exit code ${code}, moves kept`, async () => {
      const { pane, dataDir } = await gameWithTwoMoves();
      const pid = pane.pid();
      process.kill(pid, signal);
      const exit = await pane.waitForExit();
      expect(exit.code).toBe(code);
      expectRestored(pane, exit);
      expect(savedMoves(dataDir)).toBe(2);
    });
  }
});

describe('closing the terminal and tiny windows', () => {
  test('closing the terminal (the pane goes away) ends the game; its moves are kept', async () => {
    const { pane, dataDir } = await gameWithTwoMoves();
    const pid = pane.pid();
    pane.kill();
    const deadline = Date.now() + 10_000;
    let alive = true;
    while (alive && Date.now() < deadline) {
      try {
        process.kill(pid, 0);
        // A zombie (exited, not yet reaped by its killed parent) counts as ended.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        alive = !/^\d+ \(.*\) Z/.test(stat);
      } catch {
        alive = false;
      }
      if (alive) await new Promise((r) => setTimeout(r, 50));
    }
    expect(alive).toBe(false);
    expect(savedMoves(dataDir)).toBe(2);
  });

  test('started in a window too small: the message, then q quits and restores the terminal', async () => {
    const dataDir = dirs.make();
    const pane = await tmux.start({
      args: ['--seed', '7', '--new', '--data-dir', dataDir],
      env: { COLORTERM: 'truecolor' },
      workDir: dirs.make('slidebox-e2e-pid-'),
      cols: 24,
      rows: 8,
    });
    panes.push(pane);
    const screen = await pane.waitForText('Window too small');
    expect(screen).toMatch(/press q to quit/);
    expect(pane.modes()).toEqual({ alternate: true, cursorVisible: false });
    pane.keys('q');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(0);
    expectRestored(pane, exit);
    expect(exit.screen).toContain('0 moves');
  });
});

describe('suspend and resume', () => {
  // Node puts the tty back in cooked mode by itself when the process exits, so after an exit
  // `stty` cannot tell whether the game turned raw mode off. A suspended game is still alive:
  // here the shell's `stty` shows exactly the modes the game left.
  test('Ctrl+Z: the shell gets a restored terminal (cooked mode, main screen, cursor); fg resumes the game', async () => {
    const dataDir = dirs.make();
    const pane = await tmux.startShell();
    panes.push(pane);
    pane.type(
      cliCommand(['--seed', '7', '--new', '--data-dir', dataDir], { COLORTERM: 'truecolor' }),
    );
    pane.keys('Enter');
    await readGame(pane);
    pane.keys('Left');
    const before = await readGame(pane, (g) => g.stats.moves === 1, 'Moves 1');

    pane.keys('C-z');
    await pane.waitForText(/Stopped/);
    expect(pane.modes()).toEqual({ alternate: false, cursorVisible: true });
    pane.type(`echo "STTY: $(stty -a | tr '\\n' ' ')"`);
    pane.keys('Enter');
    const shell = await pane.waitFor((s) => /^STTY: speed.*$/m.test(s), 'stty in the shell', {
      capture: 'history',
      stableMs: 100,
    });
    const stty = /^STTY: (speed.*)$/m.exec(shell)![1]!.split(/[\s;]+/);
    for (const mode of ['icanon', 'echo', 'isig']) {
      expect(stty, `stty ${mode}`).toContain(mode);
      expect(stty, `stty -${mode}`).not.toContain(`-${mode}`);
    }

    pane.type('fg');
    pane.keys('Enter');
    const back = await readGame(pane, () => true, 'the game after fg');
    expect(back.stats).toEqual(before.stats);
    expect(back.cells).toEqual(before.cells);
    expect(pane.modes()).toEqual({ alternate: true, cursorVisible: false });
    // Raw mode again: a key works without Enter.
    pane.keys('Right');
    await readGame(pane, (g) => g.stats.moves === 2, 'Moves 2 after fg');
    pane.keys('q');
    await pane.waitForText(/2 moves · best \d+ — saved/);
    expect(pane.modes()).toEqual({ alternate: false, cursorVisible: true });
  });
});

describe('the checks themselves', () => {
  test('kill -KILL (which no program can catch) leaves the terminal broken, and the checks see it', async () => {
    const { pane } = await gameWithTwoMoves();
    process.kill(pane.pid(), 'SIGKILL');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(137);
    expect(pane.modes()).toEqual({ alternate: true, cursorVisible: false });
    expect(exit.stty).toContain('-icanon');
    expect(exit.stty).toContain('-echo');
    expect(() => expectRestored(pane, exit)).toThrow();
  });
});

describe('an unexpected error restores the terminal', () => {
  test('crash in the key handler: restored first, then "slidebox: unexpected error" and exit code 1', async () => {
    const { pane, dataDir } = await gameWithTwoMoves({ SLIDEBOX_TEST_CRASH_KEY: 'x' });
    pane.keys('x');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(1);
    expectRestored(pane, exit);
    expect(exit.screen).toContain('slidebox: unexpected error: Error: crash requested');
    // The message is on the main screen, before the exit line.
    expect(exit.screen.indexOf('slidebox: unexpected error')).toBeLessThan(
      exit.screen.indexOf('EXITED rc=1'),
    );
    expect(savedMoves(dataDir)).toBe(2);
  });

  test('without the crash key set, x is just an unused key', async () => {
    const { pane } = await gameWithTwoMoves();
    pane.keys('x');
    pane.keys('Up');
    const g = await readGame(pane, (s) => s.stats.moves >= 2, 'the game going on');
    expect(pane.modes().alternate).toBe(true);
    expect(g.text).not.toContain('unexpected error');
  });
});

describe('not a terminal: plain mode by itself', () => {
  test('stdin piped (stdout a terminal): plain mode, no alternate screen, no raw mode', async () => {
    const { pane } = await startGame([], {}, { pipeStdin: 'a\nd\nq\n' });
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(0);
    expect(exit.screen).toContain('Score: 0  Best: 0  Moves: 0');
    expect(exit.screen).toMatch(/Moves: 2/);
    expect(exit.screen).toMatch(/Final score: \d+/);
    expect(exit.screen).not.toContain('←↑↓→ move');
    expectRestored(pane, exit);
  });

  test('stdout piped (stdin a terminal): plain mode, no alternate screen, commands typed as lines', async () => {
    const { pane } = await startGame([], {}, { pipeStdout: true });
    const first = await pane.waitForText('Score: 0  Best: 0  Moves: 0');
    expect(first).not.toContain('←↑↓→ move');
    expect(pane.modes().alternate).toBe(false);
    pane.type('a\n');
    await pane.waitForText('Moves: 1');
    pane.type('q\n');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(0);
    expect(exit.screen).toMatch(/Final score: \d+/);
    expectRestored(pane, exit);
  });
});
