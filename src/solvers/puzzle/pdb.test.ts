import { describe, expect, it } from 'vitest';
import { bfsDistances, decode } from '../../testutil/puzzleBfs.ts';
import { ManhattanHeuristic } from './manhattan.ts';
import {
  buildPatternDb,
  buildPatternDbSync,
  lookup,
  type PatternDb,
  placementIndices,
  UNSET,
} from './pdb.ts';
import { checksum, decodePatternDb, encodePatternDb } from './pdbCodec.ts';
import { placementCount, rankOf, rankWeights } from './pdbCompact.ts';

function valueAt(db: PatternDb, tiles: readonly number[]): number {
  return lookup(
    db,
    db.pattern.map((t) => tiles.indexOf(t)),
  );
}

describe('pattern databases on the 8-puzzle (checked against exact distances)', () => {
  const a = buildPatternDbSync(3, 3, [1, 2, 3, 4]);
  const b = buildPatternDbSync(3, 3, [5, 6, 7, 8]);
  const dist = bfsDistances(3, 3);

  it('the additive sum never overestimates and is at least the Manhattan distance', () => {
    const md = new ManhattanHeuristic(3, 3, false);
    let sumOfSums = 0;
    let sumOfMd = 0;
    const over: string[] = [];
    const underMd: string[] = [];
    for (const [key, d] of dist) {
      const tiles = decode(key, 9);
      const h = valueAt(a, tiles) + valueAt(b, tiles);
      if (h > d) over.push(tiles.join(','));
      const m = md.reset(Uint8Array.from(tiles));
      // Each pattern's value is at least its tiles' Manhattan distance, so the sum is too.
      if (h < m) underMd.push(tiles.join(','));
      sumOfSums += h;
      sumOfMd += m;
    }
    expect(over).toEqual([]);
    expect(underMd).toEqual([]);
    expect(sumOfSums).toBeGreaterThan(sumOfMd);
  });

  it('a single-tile database is exactly that tile’s Manhattan distance', () => {
    const one = buildPatternDbSync(3, 3, [5]);
    for (let c = 0; c < 9; c++) {
      const expected = Math.abs(Math.floor(c / 3) - 1) + Math.abs((c % 3) - 1);
      expect(lookup(one, [c])).toBe(expected);
    }
  });

  it('exact when the pattern is every tile (the 8-puzzle itself)', () => {
    // Eight tiles do not fit the 6-tile limit; instead a 3x2 board with all five tiles.
    const full = buildPatternDbSync(3, 2, [1, 2, 3, 4, 5]);
    for (const [key, d] of bfsDistances(3, 2)) {
      expect(valueAt(full, decode(key, 6))).toBe(d);
    }
  });

  it('ranks number the placements 0 .. n!/(n-k)! - 1, each once', () => {
    const weights = rankWeights(9, 3);
    const ranks = new Set<number>();
    for (let a = 0; a < 9; a++) {
      for (let b = 0; b < 9; b++) {
        for (let c = 0; c < 9; c++) {
          if (a !== b && b !== c && a !== c) ranks.add(rankOf([a, b, c], weights));
        }
      }
    }
    expect(ranks.size).toBe(placementCount(9, 3));
    expect(Math.min(...ranks)).toBe(0);
    expect(Math.max(...ranks)).toBe(9 * 8 * 7 - 1);
    expect(placementIndices(9, 3).length).toBe(9 * 8 * 7);
  });

  it('the build reports placements filled: rising, ending at every placement', () => {
    const gen = buildPatternDb(4, 4, [2, 3, 4], 500);
    const seen: number[] = [];
    let step = gen.next();
    while (!step.done) {
      seen.push(step.value);
      step = gen.next();
    }
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.every((v, i) => i === 0 || v >= seen[i - 1]!)).toBe(true);
    expect(seen.at(-1)!).toBeLessThanOrEqual(placementCount(16, 3));
    const filled = step.value.table.filter((v) => v !== UNSET).length;
    expect(filled).toBe(placementCount(16, 3));
    expect(placementCount(16, 6)).toBe(16 * 15 * 14 * 13 * 12 * 11);
  });

  it('placement order covers every placement once', () => {
    const order = placementIndices(9, 3);
    expect(order.length).toBe(9 * 8 * 7);
    expect(new Set(order).size).toBe(order.length);
  });
});

describe('stored form', () => {
  const db = buildPatternDbSync(4, 4, [2, 3, 4]);
  const bytes = encodePatternDb(db);

  it('round trips', () => {
    const r = decodePatternDb(bytes, 4, 4, [2, 3, 4]);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.table).toEqual(db.table);
    expect(db.table.length).toBe(16 * 15 * 14);
    expect(db.table.includes(UNSET)).toBe(false);
  });

  const damaged: [string, () => Uint8Array, RegExp][] = [
    ['truncated', () => bytes.subarray(0, bytes.length - 7), /wrong length/],
    ['empty', () => new Uint8Array(0), /too short/],
    ['garbage', () => Uint8Array.from(bytes, (_, i) => (i * 131 + 7) & 255), /magic/],
    [
      'a flipped bit in the payload',
      () => {
        const c = Uint8Array.from(bytes);
        c[1000] = c[1000]! ^ 4;
        return c;
      },
      /checksum/,
    ],
    [
      'a flipped bit in the header',
      () => {
        const c = Uint8Array.from(bytes);
        c[9] = c[9]! ^ 1;
        return c;
      },
      /damaged header/,
    ],
  ];
  for (const [name, make, message] of damaged) {
    it(`detects: ${name}`, () => {
      const r = decodePatternDb(make(), 4, 4, [2, 3, 4]);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(message);
    });
  }

  it('detects a file for another pattern', () => {
    const r = decodePatternDb(bytes, 4, 4, [2, 3, 5]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/another pattern/);
  });

  it('checksum sees every byte position', () => {
    const base = checksum(bytes);
    for (const i of [0, 1, 2, 3, bytes.length - 1, bytes.length - 2]) {
      const c = Uint8Array.from(bytes);
      c[i] = c[i]! ^ 0x80;
      expect(checksum(c)).not.toBe(base);
    }
  });
});
