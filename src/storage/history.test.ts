import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../front/history.ts';
import { tempDir } from '../testing/tempDir.ts';
import * as files from './files.ts';
import { historyPath, historyText, loadHistory, recordToHistory } from './history.ts';
import { fileStore2048 } from './store2048.ts';
import { fileStorePuzzle } from './storePuzzle.ts';
import { fileStoreDuel, fileStoreVersus } from './storeVersus.ts';

vi.mock('./files.ts', async (original) => {
  const real = await original<typeof import('./files.ts')>();
  return { ...real, atomicWrite: vi.fn(real.atomicWrite) };
});

afterEach(() => {
  vi.mocked(files.atomicWrite).mockClear();
});

function game(score: number, won = false): HistoryEntry {
  return {
    kind: '2048',
    size: 4,
    date: '2025-02-01T09:00:00.000Z',
    score,
    moves: 10 + score,
    maxTile: 64,
    won,
    assisted: false,
  };
}

const aside = (dir: string) =>
  readdirSync(dir).filter((f) => f.startsWith('history.json.corrupt-'));
const leftovers = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.tmp'));

describe('the history file', () => {
  it('no file: an empty history and no notice', () => {
    expect(loadHistory(tempDir())).toEqual({ history: { entries: [], rolledUp: [] }, notices: [] });
  });

  it('games are added in order, one a line, and read back', () => {
    const dir = tempDir();
    expect(recordToHistory(dir, game(1))).toEqual({ ok: true, value: undefined });
    expect(recordToHistory(dir, game(2, true))).toEqual({ ok: true, value: undefined });
    expect(loadHistory(dir)).toEqual({
      history: { entries: [game(1), game(2, true)], rolledUp: [] },
      notices: [],
    });
    const text = readFileSync(historyPath(dir), 'utf8');
    expect(text.split('\n').filter((l) => l.startsWith('{"kind":"2048"'))).toHaveLength(2);
    expect(JSON.parse(text).kind).toBe('slidebox/history');
    expect(leftovers(dir)).toEqual([]);
  });

  it('re-reads the file before adding: games another instance added meanwhile are kept', () => {
    const dir = tempDir();
    recordToHistory(dir, game(1));
    // Another slidebox adds a game behind this one's back.
    writeFileSync(historyPath(dir), historyText({ entries: [game(1), game(7)], rolledUp: [] }));
    recordToHistory(dir, game(3));
    expect(loadHistory(dir).history.entries.map((e) => e.score)).toEqual([1, 7, 3]);
  });

  it('writes atomically: a write that fails before the rename leaves the old file whole', () => {
    const dir = tempDir();
    recordToHistory(dir, game(1));
    const before = readFileSync(historyPath(dir), 'utf8');
    const real = vi.mocked(files.atomicWrite).getMockImplementation()!;
    vi.mocked(files.atomicWrite).mockImplementationOnce((path, data) =>
      real(path, data, {
        beforeRename: () => {
          throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        },
      }),
    );
    const r = recordToHistory(dir, game(2));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('save-failed');
      // The cause in words, the place named, in one notice line; no raw error text.
      expect(r.error.message).toMatch(
        /^Could not add the game to your history in .+: the disk is full\.$/,
      );
      expect(r.error.message.length).toBeLessThanOrEqual(80);
    }
    expect(readFileSync(historyPath(dir), 'utf8')).toBe(before);
    expect(leftovers(dir)).toEqual([]);
  });

  it('a data directory that cannot be made is a sentence, not a crash', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'file'), 'x');
    const r = recordToHistory(join(dir, 'file', 'data'), game(1));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.message).toMatch(
        /^Could not add the game to your history: .*file is a file, not a folder\.$/,
      );
    }
  });

  it.each([
    ['garbled', '{"kind":"slidebox/hist'],
    ['empty', ''],
    ['another kind of file', '{"kind":"slidebox/stats","version":1}'],
    ['a newer format', '{"kind":"slidebox/history","version":9,"entries":[]}'],
  ])(
    'a %s file is moved aside, byte for byte, and a new history starts with the game',
    (_n, text) => {
      const dir = tempDir();
      writeFileSync(historyPath(dir), text);
      const r = recordToHistory(dir, game(5));
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('history-reset');
        expect(r.error.message).toMatch(
          /^Your game history could not be read \(.+\); it was moved to .*history\.json\.corrupt-.* and a new one started with this game\.$/,
        );
      }
      expect(aside(dir)).toHaveLength(1);
      expect(readFileSync(join(dir, aside(dir)[0]!), 'utf8')).toBe(text);
      expect(loadHistory(dir)).toEqual({
        history: { entries: [game(5)], rolledUp: [] },
        notices: [],
      });
    },
  );

  it('loading a damaged file moves it aside with a one-line notice; the history is empty', () => {
    const dir = tempDir();
    writeFileSync(
      historyPath(dir),
      '{"kind":"slidebox/history","version":1,"entries":[{"kind":"2048"}]}',
    );
    const loaded = loadHistory(dir);
    expect(loaded.history).toEqual({ entries: [], rolledUp: [] });
    expect(loaded.notices).toHaveLength(1);
    expect(loaded.notices[0]).toMatch(
      /^Your game history could not be read \(its game 1 is invalid \(size\)\); it was moved to .*, and your next finished game starts a new one\.$/,
    );
    expect(aside(dir)).toHaveLength(1);
    expect(loadHistory(dir).notices).toEqual([]);
  });

  it('every file store adds finished games to the same history', () => {
    const dir = tempDir();
    const puzzle: HistoryEntry = {
      kind: 'puzzle',
      size: 3,
      date: game(0).date,
      moves: 20,
      timeMs: 9000,
      won: true,
      assisted: false,
    };
    const match = {
      ...game(40),
      kind: 'versus' as const,
      result: 'win' as const,
      won: true,
      opponent: 'ai-easy',
    };
    const duel = { ...game(30), kind: 'duel' as const, result: 'draw' as const, opponent: 'ai' };
    expect(fileStore2048(dir).recordGame!(game(1)).ok).toBe(true);
    expect(fileStorePuzzle(dir).recordGame!(puzzle).ok).toBe(true);
    expect(fileStoreVersus(dir).recordGame!(match).ok).toBe(true);
    expect(fileStoreDuel(dir).recordGame!(duel).ok).toBe(true);
    expect(loadHistory(dir).history.entries).toEqual([game(1), puzzle, match, duel]);
  });
});
