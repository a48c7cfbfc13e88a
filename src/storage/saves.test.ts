import * as fs from 'node:fs';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newGame } from '../engine/game2048.ts';
import { newPuzzle } from '../engine/puzzle.ts';
import { tempDir } from '../testing/tempDir.ts';
import { configPath, loadConfig, updateConfig } from './config.ts';
import { historyPath, loadHistory, recordToHistory } from './history.ts';
import { ensurePlayer, loadPlayer, playerPath } from './player.ts';
import { loadSave, saveFailure, UnreadableSave, writeSave } from './saves.ts';
import { loadRecords, statsPath, updateRecords } from './stats.ts';
import { fileStore2048, load2048, savePath2048 } from './store2048.ts';
import { fileStorePuzzle, loadPuzzle, savePathPuzzle } from './storePuzzle.ts';

// Permission cannot be taken away from root (the tests may run as root): the file functions
// are the real ones, except that a path in `denied` answers as a file without read permission.
const denied = new Set<string>();
const eacces = (path: string) =>
  Object.assign(new Error(`EACCES: permission denied, open '${path}'`), {
    code: 'EACCES',
    path,
  });
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  return {
    ...real,
    readFileSync: (path: string, ...rest: unknown[]) => {
      if (denied.has(String(path))) throw eacces(String(path));
      return (real.readFileSync as (...a: unknown[]) => unknown)(path, ...rest);
    },
    accessSync: (path: string, mode?: number) => {
      if (denied.has(String(path))) throw eacces(String(path));
      return real.accessSync(path, mode);
    },
  };
});

afterEach(() => denied.clear());

const parseAny = (data: unknown) => ({ ok: true as const, value: data });

describe('a save that cannot be read', () => {
  it('is named with its cause in one notice line, not called damaged, not moved aside', () => {
    const dir = tempDir();
    const path = savePath2048(dir, 4);
    writeFileSync(path, '{"a saved game": true}\n');
    denied.add(path);
    const loaded = load2048(dir, 4);
    expect(loaded.game).toBeNull();
    expect(loaded.notices).toHaveLength(1);
    const notice = loaded.notices[0]!;
    expect(notice).toMatch(/^Cannot read .*2048-4x4\.json: permission denied\.$/);
    expect(notice).not.toMatch(/EACCES|could not be loaded|damaged|corrupt|moved/);
    expect([...notice].length).toBeLessThanOrEqual(80);
    expect(readdirSync(dir)).toEqual(['2048-4x4.json']);
    denied.clear();
    expect(readFileSync(path, 'utf8')).toBe('{"a saved game": true}\n');
  });

  it('is never written over: the store says so and the file stays as it was', () => {
    const dir = tempDir();
    const path = savePath2048(dir, 4);
    writeFileSync(path, 'theirs\n');
    denied.add(path);
    const r = fileStore2048(dir).save(newGame({ seed: 1 }), 0, {
      assisted: false,
      recorded: false,
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.message).toMatch(
        /^Could not save the game: .*2048-4x4\.json cannot be read \(permission denied\)\.$/,
      );
      expect([...r.error.message].length).toBeLessThanOrEqual(80);
    }
    denied.clear();
    expect(readFileSync(path, 'utf8')).toBe('theirs\n');
    expect(() => writeSave(path, 'x')).not.toThrow();
  });

  it('the puzzle alike', () => {
    const dir = tempDir();
    const path = savePathPuzzle(dir, 3);
    writeFileSync(path, 'theirs\n');
    denied.add(path);
    expect(loadPuzzle(dir, 3).notices).toEqual([
      expect.stringMatching(/^Cannot read .*puzzle-3x3\.json: permission denied\.$/),
    ]);
    const r = fileStorePuzzle(dir).save(newPuzzle({ width: 3, seed: 2 }), 0, false);
    expect(r.ok).toBe(false);
    denied.clear();
    expect(readFileSync(path, 'utf8')).toBe('theirs\n');
  });

  it('a folder where the file should be is not damaged either', () => {
    const dir = tempDir();
    const path = join(dir, 'save.json');
    mkdirSync(path);
    const loaded = loadSave(path, parseAny);
    const notice = expect.stringMatching(/^Cannot read .*save\.json: it is a folder\.$/);
    expect(loaded).toEqual({ value: null, notices: [notice], unreadable: notice });
    expect(existsSync(path)).toBe(true);
    expect(readdirSync(dir)).toEqual(['save.json']);
  });

  it('a damaged one is still moved aside', () => {
    const dir = tempDir();
    const path = join(dir, 'save.json');
    writeFileSync(path, '{not json');
    const loaded = loadSave(path, parseAny);
    expect(loaded.notices[0]).toMatch(/not valid JSON.*moved to/);
    expect(existsSync(path)).toBe(false);
  });
});

describe('a history that cannot be read', () => {
  it('is a problem in one sentence, left as it is (not an empty history)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'history.json'), 'games\n');
    denied.add(join(dir, 'history.json'));
    const h = loadHistory(dir);
    expect(h.problem).toMatch(/^Cannot read .*history\.json: permission denied\.$/);
    expect(readdirSync(dir)).toEqual(['history.json']);
  });

  it('a data folder that is a file is a problem too', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'data'), 'x');
    expect(loadHistory(join(dir, 'data')).problem).toMatch(
      /^The data folder .*data is a file, not a folder\.$/,
    );
    expect(loadHistory(join(dir, 'none')).problem).toBeUndefined();
  });
});

describe('saveFailure', () => {
  it('names a file where the data folder should be', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'file'), 'x');
    const line = saveFailure(
      Object.assign(new Error('EEXIST'), { code: 'EEXIST' }),
      join(dir, 'file'),
    );
    expect(line).toMatch(/^Could not save the game: .*file is a file, not a folder\.$/);
    const below = saveFailure(new Error('ENOTDIR'), join(dir, 'file', 'a'), 'save the match');
    expect(below).toMatch(/^Could not save the match: .*\/file is a file, not a folder\.$/);
  });

  it('says the cause in words, the folder named, in one notice line', () => {
    const dir = tempDir();
    const line = saveFailure(eacces(join(dir, '.x.tmp')), dir);
    expect(line).toMatch(/^Could not save the game in .+: permission denied\.$/);
    expect(line).not.toContain('EACCES');
    expect([...line].length).toBeLessThanOrEqual(80);
    const unreadable = saveFailure(
      new UnreadableSave('/d/2048-4x4.json', 'permission denied'),
      '/d',
    );
    expect(unreadable).toBe(
      'Could not save the game: /d/2048-4x4.json cannot be read (permission denied).',
    );
  });

  it('a store in a data folder that is a file fails with that sentence', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'file'), 'x');
    const r = fileStore2048(join(dir, 'file')).save(newGame({ seed: 3 }), 0, {
      assisted: false,
      recorded: false,
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/is a file, not a folder\.$/);
    expect(fs.readFileSync(join(dir, 'file'), 'utf8')).toBe('x');
  });
});

describe('the other files that cannot be read are left as they are, never written over', () => {
  /** Writes `text` at `path`, denies reading it, and returns a check that it is unchanged. */
  function lockedFile(path: string, text: string): () => void {
    writeFileSync(path, text);
    denied.add(path);
    return () => {
      denied.clear();
      expect(readFileSync(path, 'utf8')).toBe(text);
      expect(readdirSync(join(path, '..'))).toEqual([path.split('/').at(-1)]);
    };
  }

  it('the player file: no new key made over the old one', () => {
    const dir = tempDir();
    const unchanged = lockedFile(playerPath(dir), 'a key\n');
    expect(loadPlayer(dir)).toEqual({
      player: null,
      notices: [expect.stringMatching(/^Cannot read .*player\.json: permission denied\.$/)],
    });
    const r = ensurePlayer(dir, () => 'a new key');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/player\.json cannot be read \(permission denied\)/);
    unchanged();
  });

  it('the settings: the defaults apply, and a change is refused', () => {
    const dir = tempDir();
    const unchanged = lockedFile(configPath(dir), 'settings\n');
    expect(loadConfig(dir).notices).toEqual([
      expect.stringMatching(
        /^Cannot read .*config\.json: permission denied; the defaults apply\.$/,
      ),
    ]);
    expect(updateConfig(dir, (c) => ({ ...c, submit: 'never' })).ok).toBe(false);
    unchanged();
  });

  it('the history: a finished game is not added over it', () => {
    const dir = tempDir();
    const unchanged = lockedFile(historyPath(dir), 'games\n');
    const r = recordToHistory(dir, {
      kind: '2048',
      date: '2026-01-01T00:00:00.000Z',
      size: 4,
      score: 8,
      moves: 3,
      won: false,
    } as Parameters<typeof recordToHistory>[1]);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.message).toMatch(/[ /]history\.json cannot be read \(permission denied\)\.$/);
      expect([...r.error.message].length).toBeLessThanOrEqual(80);
    }
    unchanged();
  });

  it('the records: said once, not moved aside, not written', () => {
    const dir = tempDir();
    const unchanged = lockedFile(statsPath(dir), 'records\n');
    const loaded = loadRecords(dir);
    expect(loaded.unreadable).toMatch(/^Cannot read .*stats\.json: permission denied\.$/);
    expect(loaded.notices).toEqual([loaded.unreadable]);
    updateRecords(dir, (r) => ({ ...r, best2048: { '4': 1024 } }));
    unchanged();
  });
});
