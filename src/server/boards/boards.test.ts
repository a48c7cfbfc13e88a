import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KEY_LIMIT, nodesBelow, nodesFrom, nodesOf, rankNodes, TOTAL_NODE } from './boards.ts';

/** The counts a ladder of `keys` keeps, as the database does. */
function countsOf(keys: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const k of keys) for (const n of nodesOf(k)) counts.set(n, (counts.get(n) ?? 0) + 1);
  return counts;
}

const sum = (counts: Map<number, number>, nodes: readonly number[]) =>
  nodes.reduce((t, n) => t + (counts.get(n) ?? 0), 0);

// Keys near both ends and in between: puzzle moves are small, 2048 keys near 2^40.
const key = fc.oneof(
  fc.integer({ min: 0, max: 5000 }),
  fc.integer({ min: KEY_LIMIT - 5_000_000, max: KEY_LIMIT - 1 }),
  fc.integer({ min: 0, max: KEY_LIMIT - 1 }),
);

describe('rank counts', () => {
  it('count the entries below a key, and from it on, exactly', () => {
    fc.assert(
      fc.property(fc.array(key, { maxLength: 60 }), key, (keys, k) => {
        const counts = countsOf(keys);
        const below = keys.filter((x) => x < k).length;
        expect(sum(counts, nodesBelow(k))).toBe(below);
        expect(sum(counts, nodesFrom(k))).toBe(keys.length - below);
        const r = rankNodes(k);
        expect(sum(counts, r.add) - sum(counts, r.subtract)).toBe(below);
        expect(counts.get(TOTAL_NODE) ?? 0).toBe(keys.length);
      }),
      { numRuns: 500 },
    );
  });

  it('read few nodes for a 2048 key (near 2^40) and for a puzzle key (small)', () => {
    const score = 123_456;
    const r2048 = rankNodes(KEY_LIMIT - 1 - score);
    expect(r2048.add.length + r2048.subtract.length).toBeLessThanOrEqual(22);
    const rPuzzle = rankNodes(180);
    expect(rPuzzle.add.length + rPuzzle.subtract.length).toBeLessThanOrEqual(8);
  });
});
