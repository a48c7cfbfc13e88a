import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { raiseBest2048 } from '../front/records.ts';
import { tempDir } from '../testing/tempDir.ts';
import { loadRecords, parseStatsFile, statsPath, updateRecords } from './stats.ts';

/** A stats file exactly as earlier versions of slidebox wrote it. */
const WRITTEN_BEFORE = `{
 "kind": "slidebox/stats",
 "version": 1,
 "best2048": {
  "4": 2048
 },
 "puzzle": {
  "3": {
   "moves": 22,
   "timeMs": 5000
  }
 }
}
`;

describe('the stats file', () => {
  it('a file written by earlier versions still loads, and is written back byte for byte', () => {
    const dir = tempDir('slidebox-stats-');
    writeFileSync(statsPath(dir), WRITTEN_BEFORE);
    expect(loadRecords(dir)).toEqual({
      records: { best2048: { '4': 2048 }, puzzle: { '3': { moves: 22, timeMs: 5000 } } },
      notices: [],
    });
    updateRecords(dir, (r) => raiseBest2048(r, 5, 16));
    updateRecords(dir, (r) => ({ ...r, best2048: { '4': 2048 } }));
    expect(readFileSync(statsPath(dir), 'utf8')).toBe(WRITTEN_BEFORE);
  });

  it.each([
    ['not an object', [1], /^it is not an object$/],
    ['another kind', { kind: 'other', version: 1 }, /^it is not a slidebox stats file$/],
    ['no version', { kind: 'slidebox/stats' }, /^it has no version$/],
    ['a newer format', { kind: 'slidebox/stats', version: 2 }, /newer slidebox \(format 2\)/],
    ['a bad table', { kind: 'slidebox/stats', version: 1, best2048: 3 }, /not a table/],
  ])('refuses %s with a bad-records problem', (_name, data, message) => {
    const r = parseStatsFile(data);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('bad-records');
      expect(r.error.message).toMatch(message);
    }
  });
});
