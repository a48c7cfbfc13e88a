/**
 * The AI waits while its board cannot be shown: 2048 autoplay, versus against the AI and a
 * duel of two AIs, each in a real terminal (tmux) shrunk to 20x8. The game's save (written
 * after the AI's moves) stays the same however long the window stays too small, and the AI
 * plays on once the window is big enough again.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useTmux } from './helpers/tmux.ts';

const { tmux, dirs, panes } = useTmux();

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The save as text ('' while there is none yet). */
function saved(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Waits (bounded) until the save is not `than`; returns it. */
async function saveChanges(file: string, than: string, what: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const now = saved(file);
    if (now !== '' && now !== than) return now;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const cases: { name: string; args: string[]; save: string; playing: RegExp }[] = [
  { name: '2048 autoplay', args: ['--ai'], save: '2048-4x4.json', playing: /AI playing/ },
  {
    name: 'versus against the AI',
    // A far target: the match goes on for the whole test.
    args: ['versus', '--ai', 'hard', '--target', '2048'],
    save: 'versus.json',
    playing: /AI \(hard\)/,
  },
  {
    name: 'a duel of two AIs',
    args: ['duel', '--placer', 'ai', '--slider', 'ai'],
    save: 'duel.json',
    playing: /AI 1/,
  },
];

describe('the AI waits while the window is too small for the board', () => {
  for (const c of cases) {
    test(`${c.name}: nothing is played at 20x8; play goes on at 100x30`, async () => {
      const dataDir = dirs.make();
      const file = join(dataDir, c.save);
      const pane = await tmux.start({
        args: [...c.args, '--seed', '3', '--new', '--data-dir', dataDir],
        env: { COLORTERM: 'truecolor' },
        cols: 100,
        rows: 30,
        workDir: dirs.make('slidebox-e2e-pid-'),
      });
      panes.push(pane);
      // The AI keeps the screen changing: no wait for a still screen.
      await pane.waitForText(c.playing, { stableMs: 0 });
      // The AI plays while the board is on screen.
      const first = await saveChanges(file, '', 'the first save');
      await saveChanges(file, first, 'the AI playing');

      pane.resize(20, 8);
      await pane.waitForText('Window too small');
      // Saves of the AI's moves are written within half a second: let the last one land.
      await sleep(1500);
      const paused = saved(file);
      // As long as it was found: ten seconds of a window too small.
      await sleep(10_000);
      expect(saved(file)).toBe(paused);
      expect(pane.capture()).toContain('Window too small');

      pane.resize(100, 30);
      // The AI keeps the screen changing: no wait for a still screen.
      await pane.waitForText(c.playing, { stableMs: 0 });
      await saveChanges(file, paused, 'the AI playing on');
      pane.keys('q');
      expect((await pane.waitForExit()).code).toBe(0);
    }, 90_000);
  }
});
