import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bfsDistances, encode, permutations } from '../testutil/puzzleBfs.ts';
import { goalTiles, isGoal, isSolvable, isSolvableRect, parseTiles } from './puzzleBoard.ts';

describe('solvability against brute force', () => {
  // Every arrangement of the board: solvable exactly when breadth-first search from the goal
  // reaches it.
  for (const [w, h] of [
    [3, 3],
    [2, 3],
    [3, 2],
    [2, 2],
    [2, 4],
    [4, 2],
  ] as const) {
    it(`${w}x${h}: every arrangement`, () => {
      const reach = bfsDistances(w, h);
      let count = 0;
      let solvable = 0;
      for (const p of permutations(w * h)) {
        const s = isSolvableRect(p, w, h);
        expect(s, `arrangement ${p.join(',')}`).toBe(reach.has(encode(p)));
        count++;
        if (s) solvable++;
      }
      expect(solvable * 2).toBe(count);
    });
  }

  it('3x3 public isSolvable agrees with the rectangular rule', () => {
    let i = 0;
    for (const p of permutations(9)) {
      if (i++ % 97 === 0) expect(isSolvable(p, 3)).toBe(isSolvableRect(p, 3, 3));
    }
  });

  it('even widths: the blank row enters the parity (4x4 known cases)', () => {
    const g = goalTiles(4);
    expect(isSolvable(g, 4)).toBe(true);
    // Sam Loyd's 14-15 swap.
    const loyd = [...g];
    loyd[13] = 15;
    loyd[14] = 14;
    expect(isSolvable(loyd, 4)).toBe(false);
    // Blank moved up one row (a legal move): still solvable.
    const up = [...g];
    up[15] = 12;
    up[11] = 0;
    expect(isSolvable(up, 4)).toBe(true);
    // The same inversions with the blank swapped into row 2 without moving a tile: not.
    const wrong = [...g];
    wrong[15] = 11;
    wrong[14] = 12;
    wrong[11] = 0;
    wrong[10] = 15;
    expect(isSolvable(wrong, 4)).toBe(isSolvableRect(wrong, 4, 4));
  });

  it('a legal move never changes solvability (property, widths 3..8)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 8 }), fc.infiniteStream(fc.nat()), (w, stream) => {
        const n = w * w;
        const p = Array.from({ length: n }, (_, i) => i);
        const it = stream[Symbol.iterator]();
        for (let i = n - 1; i > 0; i--) {
          const j = it.next().value % (i + 1);
          [p[i], p[j]] = [p[j]!, p[i]!];
        }
        const before = isSolvableRect(p, w, w);
        const b = p.indexOf(0);
        const m = b >= w ? b - w : b + w; // a vertical move: the parity-sensitive case
        p[b] = p[m]!;
        p[m] = 0;
        return isSolvableRect(p, w, w) === before;
      }),
    );
  });
});

describe('parseTiles: bad input', () => {
  const goal3 = goalTiles(3);
  const cases: [string, unknown, number, string, RegExp][] = [
    ['width too small', [1, 2, 3, 0], 2, 'bad-width', /width must be .* 3 to 8, got 2/],
    ['width too large', goalTiles(9), 9, 'bad-width', /got 9/],
    ['fractional width', goal3, 3.5, 'bad-width', /got 3.5/],
    ['not an array', 'abc', 3, 'bad-tiles', /must be an array/],
    [
      'too short',
      [1, 2, 3, 4, 5, 6, 7, 0],
      3,
      'missing-tile',
      /tile 8 is missing: .*9 cells, but 8/,
    ],
    ['blank missing', [1, 2, 3, 4, 5, 6, 7, 8], 3, 'missing-tile', /tile 0 is missing/],
    ['empty', [], 3, 'missing-tile', /^tiles 0, 1, 2, 3, 4, 5, 6, 7, … are missing: /],
    [
      'eight missing (all named)',
      [0],
      3,
      'missing-tile',
      /^tiles 1, 2, 3, 4, 5, 6, 7, 8 are missing: a 3x3 board has 9 cells, but 1 tiles were given/,
    ],
    ['too long', [...goal3, 9], 3, 'bad-length', /10 tiles/],
    [
      'tile out of range',
      [1, 2, 3, 4, 5, 6, 7, 9, 0],
      3,
      'bad-tile',
      /^cell 7 holds 9, but tiles must be whole numbers from 0 \(the blank\) to 8$/,
    ],
    ['negative tile', [1, 2, 3, 4, 5, 6, 7, -8, 0], 3, 'bad-tile', /holds -8/],
    ['non-integer', [1, 2, 3, 4, 5, 6, 7, 8.5, 0], 3, 'bad-tile', /8.5/],
    ['string tile', [1, 2, 3, 4, 5, 6, 7, '8', 0], 3, 'bad-tile', /"8"/],
    [
      'duplicate tile',
      [1, 2, 3, 4, 5, 6, 7, 7, 0],
      3,
      'duplicate-tile',
      /tile 7 appears more than once/,
    ],
    ['two blanks', [1, 2, 3, 4, 5, 6, 7, 0, 0], 3, 'duplicate-tile', /more than one blank/],
    ['unsolvable', [2, 1, 3, 4, 5, 6, 7, 8, 0], 3, 'unsolvable', /cannot be solved/],
  ];
  for (const [name, tiles, width, code, message] of cases) {
    it(name, () => {
      const r = parseTiles(tiles, width);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe(code);
        expect(r.error.message).toMatch(message);
      }
      expect(isSolvable(tiles, width)).toBe(false);
    });
  }

  it('accepts valid boards and copies them', () => {
    const input = [1, 2, 3, 4, 5, 6, 7, 0, 8];
    const r = parseTiles(input, 3);
    expect(r.ok && r.value).toEqual(input);
    expect(r.ok && r.value !== input).toBe(true);
  });
});

describe('goal', () => {
  it('goalTiles and isGoal', () => {
    expect(goalTiles(3)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
    expect(isGoal(goalTiles(5))).toBe(true);
    expect(isGoal([1, 2, 3, 4, 5, 6, 7, 0, 8])).toBe(false);
    // Tiles in order but no blank in the last cell: not the goal.
    expect(isGoal([1, 2, 3, 4, 5, 6, 7, 8, 9])).toBe(false);
  });
});
