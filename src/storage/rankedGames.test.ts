import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newGame } from '../engine/game2048.ts';
import { ranked2048 } from '../testing/rankedBoards.ts';
import { tempDir } from '../testing/tempDir.ts';
import { dropRanked, loadRanked, type RankedSaved, rankedPath, saveRanked } from './rankedGames.ts';

const slot = {
  server: 'http://127.0.0.1:8080',
  kind: '2048',
  size: 4,
  target: 2048,
  daily: false,
} as const;

function game(id: string, over: Partial<RankedSaved> = {}): RankedSaved {
  const size = over.size ?? 4;
  const g = newGame({ seed: 3, size });
  return {
    ...slot,
    id,
    token: `t${id}`.padEnd(43, 'x'),
    day: null,
    keepMs: 600_000,
    savedMs: 1,
    board: ranked2048(g.cells),
    ...over,
  };
}

describe('ranked games kept to resume', () => {
  it('one game a slot, readable by its owner only; a finished one is forgotten', () => {
    const dir = tempDir();
    expect(loadRanked(dir, slot)).toEqual({ saved: null, notices: [] });
    expect(saveRanked(dir, game('a'))).toEqual([]);
    expect(statSync(rankedPath(dir)).mode & 0o777).toBe(0o600);
    // Another size is another slot; the same slot is replaced.
    expect(saveRanked(dir, game('b', { size: 3 }))).toEqual([]);
    expect(saveRanked(dir, game('c'))).toEqual([]);
    expect(loadRanked(dir, slot).saved?.id).toBe('c');
    expect(loadRanked(dir, { ...slot, size: 3 }).saved?.id).toBe('b');
    expect(loadRanked(dir, { ...slot, server: 'http://other:1' }).saved).toBeNull();
    expect(dropRanked(dir, 'c')).toEqual([]);
    expect(loadRanked(dir, slot).saved).toBeNull();
    expect(loadRanked(dir, { ...slot, size: 3 }).saved?.id).toBe('b');
  });

  it('a kept game whose board is not one is not resumed; a damaged file is set aside, said', () => {
    const dir = tempDir();
    saveRanked(dir, game('a'));
    const text = readFileSync(rankedPath(dir), 'utf8').replace('"cells": [', '"cells": [[3],');
    writeFileSync(rankedPath(dir), text);
    expect(loadRanked(dir, slot)).toEqual({ saved: null, notices: [] });
    writeFileSync(rankedPath(dir), '{"kind": "slidebox/ranked", "games": [');
    const r = loadRanked(dir, slot);
    expect(r.saved).toBeNull();
    expect(r.notices[0]).toMatch(
      /^Your ranked games file was damaged \(it is not valid JSON: truncated or garbled\); it was moved to .*ranked\.json\.corrupt-\S+\. Games in it end on the server as they stand\.$/,
    );
    expect(readdirSync(dir).some((f) => f.startsWith('ranked.json.corrupt-'))).toBe(true);
  });
});
