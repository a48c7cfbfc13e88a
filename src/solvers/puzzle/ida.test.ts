import { describe, expect, it } from 'vitest';
import { bfsDistances, decode } from '../../testutil/puzzleBfs.ts';
import { solves } from './grid.ts';
import { IdaSearch } from './ida.ts';
import { ManhattanHeuristic } from './manhattan.ts';

function idaSolve(tiles: number[], w: number, h: number, lc: boolean): number[] {
  const s = new IdaSearch(tiles, w, h, new ManhattanHeuristic(w, h, lc));
  while (s.step(1_000_000) !== 'found');
  return s.result!;
}

describe('IDA* with Manhattan (+ linear conflict)', () => {
  it('3x3: optimal on a sample of positions at every distance, both heuristics', () => {
    const dist = bfsDistances(3, 3);
    const byDistance = new Map<number, number[]>();
    for (const [key, d] of dist) {
      const list = byDistance.get(d) ?? [];
      if (list.length < 6) list.push(key);
      byDistance.set(d, list);
    }
    expect(Math.max(...byDistance.keys())).toBe(31);
    for (const [d, keys] of byDistance) {
      for (const key of keys) {
        const tiles = decode(key, 9);
        for (const lc of [true, false]) {
          const sol = idaSolve(tiles, 3, 3, lc);
          expect(sol.length).toBe(d);
          expect(solves(tiles, 3, sol)).toBe(true);
        }
      }
    }
  });

  it('rectangular boards (2x3, 3x2 every position; 2x4 every 7th): optimal', () => {
    for (const [w, h, every] of [
      [2, 3, 1],
      [3, 2, 1],
      [2, 4, 7],
    ] as const) {
      let i = 0;
      for (const [key, d] of bfsDistances(w, h)) {
        if (i++ % every !== 0) continue;
        const tiles = decode(key, w * h);
        const sol = idaSolve(tiles, w, h, true);
        expect(sol.length).toBe(d);
        expect(solves(tiles, w, sol)).toBe(true);
      }
    }
  });

  it('the heuristic never overestimates on 3x3 (every position)', () => {
    const hm = new ManhattanHeuristic(3, 3, true);
    for (const [key, d] of bfsDistances(3, 3)) {
      expect(hm.reset(Uint8Array.from(decode(key, 9)))).toBeLessThanOrEqual(d);
    }
  });
});
