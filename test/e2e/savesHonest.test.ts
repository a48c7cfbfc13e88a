/**
 * Saves never claim what did not happen, end to end with the real CLI: a data folder that is a
 * file or cannot be written means no "saved" line and exit status 1 (plain mode and full
 * screen, 2048, the puzzle, versus and the duel); a save that cannot be read is named with its
 * cause and left exactly as it was; stats, export and submit --last say why they cannot read
 * the games; serve with a data folder that is a file says so; and the quit line names the
 * command that resumes this very game.
 *
 * Root ignores file modes, so when the tests run as root the CLI runs as `nobody` (setpriv)
 * where a folder or file must be out of its reach, and each test checks first that it really is.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { newPuzzle } from '../../src/engine/puzzle.ts';
import { parsePlain, runCli, unprivileged } from './helpers/cli.ts';
import { parsePlainPuzzle, readPosition } from './helpers/puzzle.ts';
import { readGame } from './helpers/screen.ts';
import { type Pane, useTmux } from './helpers/tmux.ts';

const { tmux, dirs, panes } = useTmux();
const AS_ROOT = process.getuid?.() === 0;
/** The words that run the CLI as a user that file modes apply to. */
const AS = unprivileged();

// Folders made unreadable must be readable again for the clean-up (runs before useTmux's).
const locked: string[] = [];
afterAll(() => {
  for (const p of locked.splice(0)) chmodSync(p, 0o755);
});

/** Whether `AS` can run `command` (touch, cat) on `path`. */
function can(command: 'touch' | 'cat', path: string): boolean {
  const [first, ...rest] = [...AS, command, path];
  const r = spawnSync(first!, rest, { stdio: 'ignore' });
  // No setpriv here (util-linux): the check cannot be made, which is a failure, not a pass.
  if (r.error) throw r.error;
  return r.status === 0;
}

/** A data folder that is a file. */
function fileDataDir(): string {
  const parent = dirs.make();
  chmodSync(parent, 0o755);
  const path = join(parent, 'data');
  writeFileSync(path, 'not a folder\n');
  return path;
}

/** A data folder the CLI can read but not write (checked). */
function readOnlyDataDir(): string {
  const dir = dirs.make();
  chmodSync(dir, AS_ROOT ? 0o755 : 0o555);
  locked.push(dir);
  expect(can('touch', join(dir, 'probe')), 'the folder is really read-only').toBe(false);
  return dir;
}

/** A data folder the CLI can neither read nor enter, holding a history (checked). */
function unreadableDataDir(): string {
  const dir = dirs.make();
  writeFileSync(join(dir, 'history.json'), '{"kind":"slidebox/history"}\n');
  chmodSync(dir, AS_ROOT ? 0o700 : 0o000);
  locked.push(dir);
  expect(can('cat', join(dir, 'history.json')), 'the history is really unreadable').toBe(false);
  return dir;
}

/**
 * Makes `name` in `dir` unreadable for the CLI while the folder stays writable, so that
 * replacing the file would succeed: the file's bytes (checked unreadable).
 */
function makeUnreadable(dir: string, name: string): Buffer {
  const path = join(dir, name);
  const bytes = readFileSync(path);
  chmodSync(dir, 0o777);
  chmodSync(path, AS_ROOT ? 0o600 : 0o000);
  locked.push(path);
  expect(can('cat', path), `${name} is really unreadable`).toBe(false);
  expect(can('touch', join(dir, 'probe')), 'its folder is writable').toBe(true);
  return bytes;
}

const bare = (s: string) => s.split('\n').filter((l) => l.trim() !== '');

/** Every line: no raw error text nested in a sentence, and within 80 columns. */
function expectSentences(lines: readonly string[]): void {
  for (const l of lines) {
    expect(l, 'no error code or quoted path').not.toMatch(/E[A-Z]{3,}:|errno|, open '|, mkdir '/);
    expect([...l].length, `"${l}" fits 80 columns`).toBeLessThanOrEqual(80);
  }
}

async function startGame(args: readonly string[], prefix: readonly string[] = []): Promise<Pane> {
  const cache = dirs.make();
  chmodSync(cache, 0o777);
  const pane = await tmux.start({
    args,
    env: { XDG_CACHE_HOME: cache },
    cols: 80,
    rows: 30,
    workDir: dirs.make(),
    prefix,
  });
  panes.push(pane);
  return pane;
}

const GAMES = [
  { name: '2048', args: ['--seed', '5'], game: 'game' },
  { name: 'the puzzle', args: ['puzzle', '--size', '3', '--seed', '5'], game: 'puzzle' },
  { name: 'versus', args: ['versus', '--seed', '5'], game: 'match' },
  { name: 'the duel', args: ['duel', '--seed', '5'], game: 'duel' },
  { name: 'the daily 2048', args: ['daily', '2048'], game: 'game' },
  { name: 'the daily puzzle', args: ['daily', 'puzzle'], game: 'puzzle' },
] as const;

describe('nothing could be saved: no "saved" line, exit 1 (plain mode)', () => {
  for (const { name, args, game } of GAMES) {
    for (const [kind, make] of [
      ['a file as the data folder', fileDataDir],
      ['a read-only data folder', readOnlyDataDir],
    ] as const) {
      test(`${name}, ${kind}`, () => {
        const dir = make();
        const before = kind.includes('file') ? readFileSync(dir, 'utf8') : readdirSync(dir);
        const r = runCli([...args, '--plain', '--data-dir', dir], {
          input: 'q\n',
          prefix: AS,
        });
        expect(r.code).toBe(1);
        expect(`${r.stdout}${r.stderr}`).not.toMatch(/\bsaved\b|\(saved\)/i);
        const lines = bare(r.stderr);
        expect(lines).toContainEqual(
          expect.stringMatching(
            kind.includes('file')
              ? new RegExp(`^Could not save the ${game}: .*data is a file, not a folder\\.$`)
              : new RegExp(`^Could not save the ${game} in .+: permission denied\\.$`),
          ),
        );
        expect(lines.at(-1)).toBe(`This ${game} was not kept.`);
        expectSentences(lines);
        // Nothing was written anywhere.
        expect(kind.includes('file') ? readFileSync(dir, 'utf8') : readdirSync(dir)).toEqual(
          before,
        );
      });
    }
  }
});

test('a saved game resumed where it can no longer be saved: its latest moves were not kept, exit 1', () => {
  const dir = dirs.make();
  const args = ['--plain', '--data-dir', dir];
  expect(runCli([...args, '--seed', '4', '--new'], { input: 'a\nq\n' }).code).toBe(0);
  const save = readFileSync(join(dir, '2048-4x4.json'));
  chmodSync(dir, AS_ROOT ? 0o755 : 0o555);
  locked.push(dir);
  expect(can('touch', join(dir, 'probe')), 'the folder is really read-only now').toBe(false);
  const r = runCli(args, { input: 'w\nd\ns\nq\n', prefix: AS });
  expect(r.code).toBe(1);
  expect(parsePlain(r.stdout)[0]!.moves).toBe(parsePlain(r.stdout).at(-1)!.moves - 3);
  const lines = bare(r.stderr);
  expect(lines).toContainEqual(
    expect.stringMatching(/^Could not save the game in .+: permission denied\.$/),
  );
  expect(lines.at(-1)).toBe(
    'The latest moves were not kept (the saved game is an earlier position).',
  );
  expect(readFileSync(join(dir, '2048-4x4.json'))).toEqual(save);
});

describe('nothing could be saved: no "saved" line, exit 1 (full screen)', () => {
  test('2048 with a file as the data folder: the notice on screen, then why and exit 1', async () => {
    const dir = fileDataDir();
    const pane = await startGame(['--seed', '7', '--new', '--data-dir', dir]);
    const first = await readGame(pane);
    const notice = bare(first.text)
      .find((l) => l.includes('Could not save'))
      ?.trim();
    expect(notice).toMatch(/^Could not save the game: .*data is a file, not a folder\.$/);
    pane.keys('Left', 'Right', 'Up');
    await readGame(pane, (g) => g.stats.moves >= 1, 'a move');
    pane.keys('q');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(1);
    expect(exit.screen).not.toMatch(/saved;|\bSaved\b/);
    expect(exit.screen).toMatch(/Could not save the game: .*data is a file, not a folder\./);
    expect(exit.screen).toMatch(/Score \d+ · \d+ moves? · best \d+ — this game was not kept\./);
    expect(readFileSync(dir, 'utf8')).toBe('not a folder\n');
  });

  test('the puzzle in a read-only data folder: 3 moves, q, no "Saved:" line, exit 1', async () => {
    const dir = readOnlyDataDir();
    const seed = 11;
    const pane = await startGame(
      ['puzzle', '--size', '3', '--seed', String(seed), '--new', '--data-dir', dir],
      AS,
    );
    const puzzle = newPuzzle({ width: 3, seed });
    const shown = await readPosition(pane, puzzle, 'the first board');
    expect(shown.notice).toMatch(/^Could not save the puzzle in .+: permission denied\.$/);
    pane.keys('Left', 'Up', 'Right');
    await pane.waitForText(/Moves +[1-3]\b/);
    pane.keys('q');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(1);
    expect(exit.screen).not.toContain('Saved');
    expect(exit.screen).toMatch(/Could not save the puzzle in .+: permission denied\./);
    expect(exit.screen).toMatch(/\d+ moves? — this puzzle was not kept\./);
    expect(readdirSync(dir)).toEqual([]);
  });

  test('2048 in a read-only data folder: no "saved;" line, exit 1', async () => {
    const dir = readOnlyDataDir();
    const pane = await startGame(['--seed', '7', '--new', '--data-dir', dir], AS);
    const first = await readGame(pane);
    expect(first.text).toMatch(/Could not save the game in .+: permission denied\./);
    pane.keys('Left', 'Right', 'Up');
    await readGame(pane, (g) => g.stats.moves >= 1, 'a move');
    pane.keys('q');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(1);
    expect(exit.screen).not.toMatch(/saved;|\bSaved\b/);
    expect(exit.screen).toMatch(/Score \d+ · \d+ moves? · best \d+ — this game was not kept\./);
    expect(readdirSync(dir)).toEqual([]);
  });

  test('the puzzle with a file as the data folder: no "Saved:" line, exit 1', async () => {
    const dir = fileDataDir();
    const seed = 12;
    const pane = await startGame([
      'puzzle',
      '--size',
      '3',
      '--seed',
      String(seed),
      '--new',
      '--data-dir',
      dir,
    ]);
    const shown = await readPosition(pane, newPuzzle({ width: 3, seed }), 'the first board');
    expect(shown.notice).toMatch(/^Could not save the puzzle: .*data is a file, not a folder\.$/);
    pane.keys('Left', 'Up', 'Right');
    await pane.waitForText(/Moves +[1-3]\b/);
    pane.keys('q');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(1);
    expect(exit.screen).not.toContain('Saved');
    expect(exit.screen).toMatch(/\d+ moves? — this puzzle was not kept\./);
    expect(readFileSync(dir, 'utf8')).toBe('not a folder\n');
  });

  test('the duel in a read-only data folder: no "(saved)", exit 1', async () => {
    const dir = readOnlyDataDir();
    const pane = await startGame(['duel', '--seed', '3', '--new', '--data-dir', dir], AS);
    await pane.waitForText(/Could not save the duel in .+: permission denied\./);
    pane.keys('q');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(1);
    expect(exit.screen).not.toContain('saved');
    expect(exit.screen).toMatch(/Duel: no round finished — this duel was not kept\./);
    expect(readdirSync(dir)).toEqual([]);
  });

  test('versus with a file as the data folder: no "(saved)", exit 1', async () => {
    const dir = fileDataDir();
    const pane = await startGame(['versus', '--seed', '3', '--new', '--data-dir', dir]);
    await pane.waitForText('Could not save the match');
    pane.keys('q');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(1);
    expect(exit.screen).not.toContain('saved');
    expect(exit.screen).toContain('Versus: 0 - 0 — this match was not kept.');
  });
});

describe('a save that cannot be read', () => {
  test('2048: named with its cause on the notice line, not moved aside, never written over; exit 1', async () => {
    const dir = dirs.make();
    expect(
      runCli(['--plain', '--seed', '4', '--new', '--data-dir', dir], { input: 'a\nd\nq\n' }).code,
    ).toBe(0);
    const bytes = makeUnreadable(dir, '2048-4x4.json');
    const files = readdirSync(dir).sort();

    const pane = await startGame(['--seed', '9', '--data-dir', dir], AS);
    const first = await readGame(pane);
    const notice = bare(first.text)
      .find((l) => l.includes('Cannot read'))
      ?.trim();
    // One sentence, the file and the cause, whole on the 80-column notice line.
    expect(notice).toMatch(/^Cannot read .*2048-4x4\.json: permission denied\.$/);
    expectSentences([notice!]);
    expect(first.text).not.toMatch(/corrupt|damaged|could not be loaded|moved to/);
    pane.keys('Left', 'Right', 'Up', 'Down');
    await readGame(pane, (g) => g.stats.moves >= 1, 'a move');
    pane.keys('q');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(1);
    expect(exit.screen).not.toContain('saved;');
    expect(exit.screen).toMatch(
      /Could not save the game: .*2048-4x4\.json cannot be read \(permission denied\)\./,
    );
    // The file is still there, unchanged; nothing set aside, nothing left behind.
    expect(readFileSync(join(dir, '2048-4x4.json'))).toEqual(bytes);
    expect(readdirSync(dir).sort()).toEqual(files);
  });

  test('the puzzle in plain mode alike', () => {
    const dir = dirs.make();
    const args = ['puzzle', '--plain', '--size', '3', '--data-dir', dir];
    expect(runCli([...args, '--seed', '2', '--new'], { input: 'a\nq\n' }).code).toBe(0);
    const bytes = makeUnreadable(dir, 'puzzle-3x3.json');
    const files = readdirSync(dir).sort();
    const r = runCli(args, { input: 'w\na\nq\n', prefix: AS });
    expect(r.code).toBe(1);
    const lines = bare(r.stderr);
    expect(lines).toContainEqual(
      expect.stringMatching(/^Cannot read .*puzzle-3x3\.json: permission denied\.$/),
    );
    expect(r.stderr).not.toMatch(/corrupt|damaged|moved to/);
    expect(lines.at(-1)).toBe('This puzzle was not kept.');
    expectSentences(lines);
    expect(readFileSync(join(dir, 'puzzle-3x3.json'))).toEqual(bytes);
    expect(readdirSync(dir).sort()).toEqual(files);
  });
});

describe('stats, export and submit --last on games that cannot be read: the cause, exit 1', () => {
  const commands = [
    ['stats', ['stats']],
    ['export --last', ['export', '--last']],
    ['submit --last', ['submit', '--last', '--server', 'http://127.0.0.1:9']],
  ] as const;
  for (const [name, args] of commands) {
    test(`${name}, an unreadable data folder`, () => {
      const dir = unreadableDataDir();
      const r = runCli([...args, '--data-dir', dir], { prefix: AS });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).not.toMatch(/No finished games|no finished/);
      const lines = bare(r.stderr);
      expect(lines).toEqual([
        expect.stringMatching(/^slidebox: Cannot read .*history\.json: permission denied\.$/),
      ]);
    });

    test(`${name}, a file as the data folder`, () => {
      const dir = fileDataDir();
      const r = runCli([...args, '--data-dir', dir]);
      expect(r.code).toBe(1);
      expect(bare(r.stderr)).toEqual([
        expect.stringMatching(/^slidebox: The data folder .*data is a file, not a folder\.$/),
      ]);
    });
  }

  test('export of a saved game that cannot be read says so (not "there is no saved game")', () => {
    const dir = dirs.make();
    expect(
      runCli(['--plain', '--seed', '4', '--new', '--data-dir', dir], { input: 'a\nq\n' }).code,
    ).toBe(0);
    makeUnreadable(dir, '2048-4x4.json');
    const r = runCli(['export', '--data-dir', dir], { prefix: AS });
    expect(r.code).toBe(1);
    expect(bare(r.stderr)).toEqual([
      expect.stringMatching(/^slidebox: Cannot read .*2048-4x4\.json: permission denied\.$/),
    ]);
  });
});

test('serve --data-dir FILE: one sentence, exit 1', () => {
  const dir = fileDataDir();
  const r = runCli(['serve', '--port', '0', '--data-dir', dir]);
  expect(r.code).toBe(1);
  expect(bare(r.stderr)).toEqual([
    expect.stringMatching(/^slidebox: The data folder .*data is a file, not a folder\.$/),
  ]);
});

describe('the quit line names the command that resumes this game', () => {
  /** The command in a quit line ("… run slidebox … to continue."), as words after `slidebox`. */
  function resumeWords(screen: string): string[] {
    const m = /run slidebox(.*?) to continue\./.exec(screen);
    expect(m, 'a quit line with a command').not.toBeNull();
    return m![1]!.trim().split(' ');
  }

  test('2048 --size 3: "slidebox --size 3 --data-dir DIR", which resumes it', async () => {
    const dir = dirs.make();
    const pane = await startGame(['--size', '3', '--seed', '8', '--new', '--data-dir', dir]);
    await readGame(pane, () => true, 'the 3×3 board', { n: 3 });
    pane.keys('Left', 'Up', 'Right');
    const shown = await readGame(pane, (g) => g.stats.moves >= 1, 'a move', { n: 3 });
    pane.keys('q');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(0);
    const words = resumeWords(exit.screen);
    expect(words).toEqual(['--size', '3', '--data-dir', dir]);
    const again = runCli([...words, '--plain'], { input: 'q\n' });
    expect(again.code).toBe(0);
    const resumed = parsePlain(again.stdout)[0]!;
    expect(resumed.moves).toBe(shown.stats.moves);
    expect(resumed.cells).toEqual(shown.cells);
  });

  test('puzzle --size 8: "slidebox puzzle --size 8 --data-dir DIR", which resumes it', async () => {
    const dir = dirs.make();
    const seed = 6;
    const pane = await startGame([
      'puzzle',
      '--size',
      '8',
      '--seed',
      String(seed),
      '--new',
      '--data-dir',
      dir,
    ]);
    const puzzle = newPuzzle({ width: 8, seed });
    await readPosition(pane, puzzle, 'the 8×8 board');
    pane.keys('q');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(0);
    expect(exit.screen).toContain(
      `Saved: 0 moves — run slidebox puzzle --size 8 --data-dir ${dir} to continue.`,
    );
    const words = resumeWords(exit.screen);
    const again = runCli([...words, '--plain'], { input: 'q\n' });
    expect(again.code).toBe(0);
    expect(parsePlainPuzzle(again.stdout)[0]!.tiles).toEqual([...puzzle.tiles]);
  });

  test('--spawns evil: "slidebox --spawns evil --data-dir DIR"', async () => {
    const dir = dirs.make();
    const pane = await startGame(['--spawns', 'evil', '--seed', '2', '--new', '--data-dir', dir]);
    await readGame(pane);
    pane.keys('q');
    const exit = await pane.waitForExit();
    expect(exit.code).toBe(0);
    expect(resumeWords(exit.screen)).toEqual(['--spawns', 'evil', '--data-dir', dir]);
  });
});
