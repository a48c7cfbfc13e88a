/**
 * Damaged save files, end to end: each is moved aside to `<name>.corrupt-<time>` with its bytes
 * intact, the player is told in one line, a fresh game starts, and nothing crashes.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  CLI,
  cleanEnv,
  parsePlain,
  playPlain,
  requireBuiltCli,
  runCli,
  TempDirs,
} from './helpers/cli.ts';
import { readGame } from './helpers/screen.ts';
import { type Pane, Tmux } from './helpers/tmux.ts';

const dirs = new TempDirs();
const tmux = new Tmux();
const panes: Pane[] = [];
beforeAll(requireBuiltCli);
afterEach(() => {
  for (const p of panes.splice(0)) p.kill();
});
afterAll(() => {
  tmux.killServer();
  dirs.cleanup();
});

const SAVE = '2048-4x4.json';

/** A data directory holding a real save (and stats) of a game with a few moves. */
function realGame() {
  return playPlain(dirs, 7, ['a', 'd', 'w', 's']);
}

function damagedSaves(): [name: string, bytes: Buffer, reason: RegExp][] {
  const real = realGame().save;
  const future = JSON.stringify({ ...JSON.parse(real), version: 99 });
  const tampered = JSON.parse(real);
  tampered.end.score += 4;
  return [
    ['garbage', Buffer.from([0x00, 0xff, 0x7b, 0x6e, 0x6f, 0x70, 0x65, 0x0a]), /not valid JSON/],
    ['truncated', Buffer.from(real.slice(0, Math.floor(real.length / 2))), /not valid JSON/],
    ['empty', Buffer.alloc(0), /empty/],
    ['blank', Buffer.from('  \n\n'), /empty/],
    ['future-version', Buffer.from(future), /newer slidebox.*99/],
    ['not a save (an array)', Buffer.from('[1, 2, 3]\n'), /must be an object/],
    [
      'tampered (moves do not lead to the saved score)',
      Buffer.from(JSON.stringify(tampered)),
      /do not lead/,
    ],
  ];
}

function corruptFiles(dir: string, name = SAVE): string[] {
  return readdirSync(dir).filter((f) => f.startsWith(`${name}.corrupt-`));
}

describe('damaged save files (plain mode)', () => {
  for (const [name, bytes, reason] of damagedSaves()) {
    test(`${name}: moved aside with its bytes, told in one line on stderr, a fresh game, exit 0`, () => {
      const { dataDir, final } = realGame();
      writeFileSync(join(dataDir, SAVE), bytes);
      const r = runCli(['--plain', '--seed', '7', '--data-dir', dataDir], { input: 'q\n' });
      expect(r.code).toBe(0);
      // One line, naming the reason and where the file went.
      const lines = r.stderr.split('\n').filter((l) => l.trim() !== '');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(reason);
      const aside = corruptFiles(dataDir);
      expect(aside).toHaveLength(1);
      expect(aside[0]).toMatch(/^2048-4x4\.json\.corrupt-\S+$/);
      expect(lines[0]).toContain(join(dataDir, aside[0]!));
      expect(readFileSync(join(dataDir, aside[0]!))).toEqual(bytes);
      // A fresh game (the seed-7 start), saved in place of the damaged one; the best is kept.
      const [start] = parsePlain(r.stdout);
      expect(start!.moves).toBe(0);
      expect(start!.score).toBe(0);
      expect(start!.best).toBe(final.best);
      expect(start!.cells).toEqual(playPlain(dirs, 7, []).states[0]!.cells);
      expect(JSON.parse(readFileSync(join(dataDir, SAVE), 'utf8')).end.moves).toBe(0);
      expect(r.stdout).toMatch(/Final score: 0\n$/);
    });
  }

  test('a good save is resumed and not moved aside (the check above can fail)', () => {
    const { dataDir, final } = realGame();
    const r = runCli(['--plain', '--data-dir', dataDir], { input: 'q\n' });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(corruptFiles(dataDir)).toEqual([]);
    expect(parsePlain(r.stdout)[0]).toEqual(final);
  });

  test('a damaged stats file is moved aside and reported; the saved game still resumes', () => {
    const { dataDir, final } = realGame();
    const bytes = Buffer.from('{"kind": "slidebox/stats", "version": 1, "best2048": {"4": -5}}');
    writeFileSync(join(dataDir, 'stats.json'), bytes);
    const r = runCli(['--plain', '--data-dir', dataDir], { input: 'q\n' });
    expect(r.code).toBe(0);
    const lines = r.stderr.split('\n').filter((l) => l.trim() !== '');
    expect(lines).toHaveLength(1);
    const aside = corruptFiles(dataDir, 'stats.json');
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dataDir, aside[0]!))).toEqual(bytes);
    const [start] = parsePlain(r.stdout);
    expect(start!.cells).toEqual(final.cells);
    expect(start!.moves).toBe(final.moves);
    expect(corruptFiles(dataDir)).toEqual([]);
  });

  test('a --data-dir that is a file: no crash, the player is told why and that the game was not kept, exit 1', () => {
    const { dataDir } = realGame();
    const r = runCli(['--plain', '--data-dir', join(dataDir, SAVE)], { input: 'a\nq\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^Could not save the game: .*2048-4x4\.json is a file, not a folder\.$/m,
    );
    expect(r.stderr).toMatch(/^This game was not kept\.$/m);
    expect(parsePlain(r.stdout)).toHaveLength(2);
    expect(r.stdout).toMatch(/Final score: \d+\n$/);
  });
});

describe('two instances at once', () => {
  test('two plain games saving into the same folder never leave a damaged file', async () => {
    const { dataDir } = realGame();
    const moves = Array.from({ length: 150 }, (_, i) => 'adsw'[i % 4]).join('\n');
    const run = (seed: string) =>
      new Promise<number | null>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [CLI, '--plain', '--new', '--seed', seed, '--data-dir', dataDir],
          { env: cleanEnv(), stdio: ['pipe', 'ignore', 'ignore'] },
        );
        child.on('error', reject);
        child.on('exit', resolve);
        child.stdin.end(`${moves}\n`);
      });
    const codes = await Promise.all([run('1'), run('2'), run('3')]);
    expect(codes).toEqual([0, 0, 0]);
    // The file left behind is whole and valid: it loads with no notice.
    const r = runCli(['--plain', '--data-dir', dataDir], { input: 'q\n' });
    expect(r.stderr).toBe('');
    expect(corruptFiles(dataDir)).toEqual([]);
    expect(readdirSync(dataDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(parsePlain(r.stdout)[0]!.moves).toBeGreaterThan(0);
  });
});

describe('damaged save files (full screen)', () => {
  test('the notice shows on the game screen and stays on the main screen after quitting', async () => {
    const { dataDir } = realGame();
    writeFileSync(join(dataDir, SAVE), 'garbage{');
    const pane = await tmux.start({
      args: ['--seed', '7', '--data-dir', dataDir],
      env: { COLORTERM: 'truecolor' },
      workDir: dirs.make('slidebox-e2e-pid-'),
    });
    panes.push(pane);
    const g = await readGame(pane);
    expect(g.stats.moves).toBe(0);
    expect(g.text).toContain('Your saved game could not be loaded');
    expect(corruptFiles(dataDir)).toHaveLength(1);
    // The notice goes with the next key.
    pane.keys('Left');
    await readGame(pane, (s) => !s.text.includes('could not be loaded'), 'the notice to go');
    pane.keys('q');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(0);
    const notices = exit.screen.split('\n').filter((l) => l.includes('could not be loaded'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`moved to ${join(dataDir, corruptFiles(dataDir)[0]!)}`);
    expect(existsSync(join(dataDir, SAVE))).toBe(true);
  });
});
