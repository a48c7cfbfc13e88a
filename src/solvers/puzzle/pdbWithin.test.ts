/**
 * The one-iteration 15-puzzle search the game analysis uses, with the real 6-6-3 databases
 * (built on the first run of a checkout, cached under node_modules/.cache afterwards): its
 * answers equal the optimal solver's, with or without the memo of what earlier searches proved.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { moveTile, newPuzzle, type Puzzle } from '../../engine/puzzle.ts';
import { nextInt, seedRng } from '../../engine/rng.ts';
import { fileCache } from '../../storage/fileCache.ts';
import { TEST_CACHE_DIR } from '../../testutil/testCache.ts';
import { neighbourTable, solves } from './grid.ts';
import type { PatternDb } from './pdb.ts';
import { patternDbs4 } from './pdbProvider.ts';
import { Pdb4Search } from './pdbSearch.ts';
import { boardKey, DistanceMemo, Pdb4Within } from './pdbWithin.ts';

const store = fileCache(TEST_CACHE_DIR);
let dbs: readonly PatternDb[] = [];

beforeAll(async () => {
  dbs = (await patternDbs4(store)).dbs;
}, 120_000);

function optimal(tiles: readonly number[]): number {
  const s = new Pdb4Search(tiles, dbs);
  while (s.step(1_000_000) !== 'found') {}
  return s.result!.length;
}

/** The positions of a seeded walk of random slides from a seeded shuffle. */
function walk(seed: number, count: number): Puzzle[] {
  let p = newPuzzle({ width: 4, seed });
  const out = [p];
  let rng = seedRng(seed + 1);
  const nbr = neighbourTable(4, 4);
  for (let i = 0; i < count; i++) {
    const b = p.tiles.indexOf(0);
    const cells = [0, 1, 2, 3].map((k) => nbr[b * 4 + k]!).filter((c) => c >= 0);
    const r = nextInt(rng, cells.length);
    rng = r.state;
    p = moveTile(p, p.tiles[cells[r.value]!]!);
    out.push(p);
  }
  return out;
}

describe('Pdb4Within', () => {
  it("finds a shortest solution at the optimum and none two moves below it, as the solver's", () => {
    const memo = new DistanceMemo(12);
    const searchers = [new Pdb4Within(dbs), new Pdb4Within(dbs, memo)];
    for (const seed of [3, 11, 21]) {
      const p = walk(seed, 0)[0]!;
      const d = optimal(p.tiles);
      for (const w of searchers) {
        expect(w.estimate(p.tiles)).toBeLessThanOrEqual(d);
        expect(w.within(p.tiles, d - 2)).toBeNull();
        const found = w.within(p.tiles, d);
        expect(found).toHaveLength(d);
        expect(solves(p.tiles, 4, found!)).toBe(true);
      }
    }
    expect(
      new Pdb4Within(dbs).within(
        walk(1, 0)[0]!.tiles.map((_, i) => (i + 1) % 16),
        0,
      ),
    ).toEqual([]);
  });

  it('keeps to the preferred moves while they are shortest', () => {
    const w = new Pdb4Within(dbs);
    // Another shortest solution: the solver's on the board reflected about its diagonal, the
    // tiles named back (tile t's home (r, c) is the reflected tile's home (c, r)).
    const tr = (c: number) => (c & 3) * 4 + (c >> 2);
    const mirror = (t: number) => (t === 0 ? 0 : tr(t - 1) + 1);
    let differs = 0;
    for (const seed of [3, 11, 21]) {
      const p = walk(seed, 0)[0]!;
      const reflected = new Array<number>(16);
      p.tiles.forEach((t, c) => {
        reflected[tr(c)] = mirror(t);
      });
      const s = new Pdb4Search(reflected, dbs);
      while (s.step(1_000_000) !== 'found') {}
      const other = s.result!.map(mirror);
      expect(solves(p.tiles, 4, other)).toBe(true);
      const own = w.within(p.tiles, other.length)!;
      expect(own).toHaveLength(other.length);
      if (own.join() !== other.join()) differs++;
      expect(w.within(p.tiles, other.length, other)).toEqual(other);
      // A preferred line that stops being shortest is left for a shortest one.
      const found = w.within(p.tiles, other.length, [other[1]!, ...other])!;
      expect(found).toHaveLength(other.length);
      expect(solves(p.tiles, 4, found)).toBe(true);
    }
    // The preference is what made the searches follow the other solution.
    expect(differs).toBeGreaterThan(0);
  });

  it('answers a game of nearby positions the same with the memo as without', () => {
    // The analysis's questions: is each next position one move nearer than the last?
    const positions = walk(2001, 40);
    const memo = new DistanceMemo(14);
    const plain = new Pdb4Within(dbs);
    const helped = new Pdb4Within(dbs, memo, 30);
    let d = optimal(positions[0]!.tiles);
    memo.exact(positions[0]!.tiles, d);
    let nearer = 0;
    for (const p of positions.slice(1)) {
      const a = plain.within(p.tiles, d - 1);
      const b = helped.within(p.tiles, d - 1);
      expect(b === null).toBe(a === null);
      if (b) expect(solves(p.tiles, 4, b)).toBe(true);
      d = a ? d - 1 : d + 1;
      if (a) nearer++;
      memo.exact(p.tiles, d);
    }
    expect(d).toBe(optimal(positions.at(-1)!.tiles));
    // A walk goes both ways, and the memo saves searching.
    expect(nearer).toBeGreaterThan(3);
    expect(nearer).toBeLessThan(37);
    expect(helped.nodes).toBeLessThan(plain.nodes);
  }, 120_000);

  it('keeps the larger bound of a position, and what a search proved past its bound', () => {
    const memo = new DistanceMemo(8);
    const [lo, hi] = boardKey(walk(5, 0)[0]!.tiles);
    expect(memo.visit(lo, hi, 0, 10, 3)).toBe(-1);
    expect(memo.visit(lo, hi, 0, 12, 3)).toBe(10);
    expect(memo.visit(lo, hi, 0, 11, 3)).toBe(12);
    // A search's bound minus the depth, and two more once the search has failed.
    const root = memo.begin();
    expect(memo.visit(lo, hi ^ 1, root, 12, 2)).toBe(-1);
    expect(memo.visit(lo, hi ^ 1, 0, 0, 0)).toBe(12);
    memo.bonus[root] = 2;
    expect(memo.visit(lo, hi ^ 1, 0, 0, 0)).toBe(14);
    expect(memo.visit(lo ^ 1, hi, 0, 0, 0)).toBe(-1);
  });
});
