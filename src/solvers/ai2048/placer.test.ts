import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canMove, slideValid } from '../../engine/game2048.ts';
import { SlideboxError } from '../../engine/result.ts';
import { DIRECTIONS } from '../../engine/types.ts';
import { out, pack } from './board.ts';
import { evaluateGrid, toExponents } from './generic.ts';
import {
  analysePlacement,
  checkPlacerOptions,
  choosePlacement,
  deepen,
  MAX_PLACER_DEPTH,
} from './placer.ts';
import { PackedPlacer } from './placerSearch.ts';
import { Expectimax } from './search.ts';
import { buildEvalTable } from './tables.ts';

type Cells = number[][];

const packedEval = new Expectimax(buildEvalTable(), 0);

/**
 * The existing evaluation of a board, as the AI computes it: the packed row tables on a 4x4
 * board of tiles up to 32768, the generic evaluation otherwise (as the placer chooses).
 */
function evaluate(c: Cells): number {
  const flat = c.flat();
  if (
    c.length === 4 &&
    flat.every((v) => v <= 32768) &&
    flat.filter((v) => v === 32768).length < 2
  ) {
    pack(c);
    return packedEval.evaluate(out.a | 0, out.b | 0);
  }
  return evaluateGrid(toExponents(c), c.length);
}

const LOST = -1e10;

/** Every placement in the fixed order: cells row by row, a 2 before a 4. */
function placementsOf(c: Cells): { row: number; col: number; value: 2 | 4; cells: Cells }[] {
  const all: { row: number; col: number; value: 2 | 4; cells: Cells }[] = [];
  c.forEach((r, row) => {
    r.forEach((v, col) => {
      if (v !== 0) return;
      for (const value of [2, 4] as const) {
        const cells = c.map((x) => [...x]);
        cells[row]![col] = value;
        all.push({ row, col, value, cells });
      }
    });
  });
  return all;
}

/** Brute-force minimax on the reference engine: the slider's value with `depth` moves left. */
function sliderValue(c: Cells, depth: number): number {
  const after = DIRECTIONS.map((d) => slideValid(c, d))
    .filter((s) => s.moved)
    .map((s) => s.cells);
  if (after.length === 0) return LOST - depth;
  if (depth === 1) return Math.max(...after.map(evaluate));
  return Math.max(
    ...after.map((a) => Math.min(...placementsOf(a).map((p) => sliderValue(p.cells, depth - 1)))),
  );
}

/** The brute-force choice: the first placement (fixed order) of least slider value. */
function bruteForce(c: Cells, depth: number) {
  const valued = placementsOf(c).map((p) => ({ ...p, v: sliderValue(p.cells, depth) }));
  const min = Math.min(...valued.map((p) => p.v));
  const first = valued.find((p) => p.v === min)!;
  return { at: { row: first.row, col: first.col }, value: first.value, min };
}

const TILES = [0, 0, 0, 2, 4, 8, 16, 32, 64, 128, 256, 1024];

/** A board of side 3..8 with at least one empty cell. */
const boardWithRoom = (sizes: readonly number[] = [3, 4, 5, 6, 7, 8]) =>
  fc
    .constantFrom(...sizes)
    .chain((n) =>
      fc.array(fc.array(fc.constantFrom(...TILES), { minLength: n, maxLength: n }), {
        minLength: n,
        maxLength: n,
      }),
    )
    .filter((c) => c.some((r) => r.includes(0)));

describe('choosePlacement', () => {
  it('puts a 2 or a 4 on an empty cell of boards of every size', () => {
    fc.assert(
      fc.property(boardWithRoom(), (c) => {
        const p = choosePlacement(c);
        expect(p).not.toBeNull();
        expect(c[p!.at.row]![p!.at.col]).toBe(0);
        expect([2, 4]).toContain(p!.value);
      }),
      { numRuns: 60 },
    );
  });

  it.each([
    ['3x3 with merges left', [3, [2, 2, 4]]],
    ['4x4 stuck', [4, [2, 4]]],
    ['4x4 with merges left', [4, [8, 8, 16, 32]]],
    ['8x8', [8, [2, 4, 8]]],
  ] as const)('returns null on a full board (%s)', (_name, [n, tiles]) => {
    const c = Array.from({ length: n }, (_, r) =>
      Array.from({ length: n }, (_, k) => tiles[(r + k) % tiles.length]!),
    );
    expect(choosePlacement(c)).toBeNull();
    expect(analysePlacement(c, { depth: 2 })).toBeNull();
  });

  it('gives the same placement for the same board, whatever was searched in between', () => {
    fc.assert(
      fc.property(boardWithRoom([3, 4, 4, 4, 5]), boardWithRoom([4]), (c, other) => {
        const first = choosePlacement(c);
        choosePlacement(other);
        expect(choosePlacement(c)).toEqual(first);
        expect(choosePlacement(c.map((r) => [...r]))).toEqual(first);
      }),
      { numRuns: 25 },
    );
  });

  it('matches a brute-force one-move check at depth 1 (packed and generic boards)', () => {
    fc.assert(
      fc.property(boardWithRoom([3, 4, 4, 5]), (c) => {
        const a = analysePlacement(c, { depth: 1 })!;
        const b = bruteForce(c, 1);
        expect({ at: a.at, value: a.value }).toEqual({ at: b.at, value: b.value });
        expect(a.outcome).toBe(b.min);
      }),
      { numRuns: 80 },
    );
  });

  it('matches a brute-force minimax at depth 2 on 4x4 boards', () => {
    const fewEmpty = boardWithRoom([4]).filter((c) => c.flat().filter((v) => v === 0).length <= 6);
    fc.assert(
      fc.property(fewEmpty, (c) => {
        const a = analysePlacement(c, { depth: 2 })!;
        const b = bruteForce(c, 2);
        expect({ at: a.at, value: a.value }).toEqual({ at: b.at, value: b.value });
      }),
      { numRuns: 25 },
    );
  });

  it('matches a brute-force minimax at depth 3 on nearly full 4x4 boards (the cache in play)', () => {
    const nearlyFull = fc
      .array(fc.constantFrom<number>(2, 4, 8, 16, 32), { minLength: 16, maxLength: 16 })
      .chain((tiles) =>
        fc
          .uniqueArray(fc.integer({ min: 0, max: 15 }), { minLength: 2, maxLength: 4 })
          .map((holes) => {
            for (const h of holes) tiles[h] = 0;
            return [0, 1, 2, 3].map((r) => tiles.slice(r * 4, r * 4 + 4));
          }),
      );
    fc.assert(
      fc.property(nearlyFull, (c) => {
        const a = analysePlacement(c, { depth: 3 })!;
        const b = bruteForce(c, 3);
        expect({ at: a.at, value: a.value }).toEqual({ at: b.at, value: b.value });
        if (a.depth === 3) expect(a.outcome).toBe(b.min);
      }),
      { numRuns: 15 },
    );
  });

  it('chooses with its cache as without it, at depths 3 to 5', () => {
    const table = buildEvalTable();
    const cached = new PackedPlacer(table, 16);
    const plain = new PackedPlacer(table, 0);
    const roomy = boardWithRoom([4]).filter((c) => c.flat().filter((v) => v === 0).length <= 7);
    fc.assert(
      fc.property(roomy, fc.integer({ min: 3, max: 5 }), (c, depth) => {
        const found = [cached, plain].map((t) => {
          pack(c);
          t.begin(out.a | 0, out.b | 0);
          return deepen(t, depth, Number.POSITIVE_INFINITY, undefined);
        });
        expect(found[0]).toEqual(found[1]);
      }),
      {
        numRuns: 150,
        // A board where a bound stored as an exact value changes the choice.
        examples: [
          [
            [
              [32, 0, 2, 16],
              [0, 256, 128, 0],
              [32, 0, 0, 8],
              [64, 0, 0, 64],
            ],
            5,
          ],
        ],
      },
    );
  });

  it.each([
    [
      'hand-made 4x4, open',
      [
        [2, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 2, 0],
        [0, 0, 0, 0],
      ],
    ],
    [
      'hand-made 4x4, a corner formation',
      [
        [128, 64, 32, 16],
        [2, 4, 8, 4],
        [0, 2, 0, 0],
        [0, 0, 0, 2],
      ],
    ],
    [
      '4x4 past 32768 (the generic search)',
      [
        [65536, 32768, 32768, 2],
        [4, 0, 8, 0],
        [0, 2, 0, 0],
        [0, 0, 0, 4],
      ],
    ],
    [
      '3x3',
      [
        [4, 2, 0],
        [0, 8, 0],
        [2, 0, 0],
      ],
    ],
  ])('leaves the slider no better a move than any other placement (%s)', (_name, c) => {
    const p = choosePlacement(c, { depth: 1 })!;
    const chosen = sliderValue(
      placementsOf(c).find((q) => q.row === p.at.row && q.col === p.at.col && q.value === p.value)!
        .cells,
      1,
    );
    for (const q of placementsOf(c)) expect(chosen).toBeLessThanOrEqual(sliderValue(q.cells, 1));
  });

  // One empty cell: the tile there decides whether the slider can still move.
  it.each([
    [
      '4x4, neighbours 4: a 2 kills',
      [
        [2, 4, 2, 4],
        [4, 2, 4, 2],
        [2, 4, 2, 4],
        [4, 2, 4, 0],
      ],
      { row: 3, col: 3 },
      2,
    ],
    [
      '4x4, neighbours 2: a 4 kills',
      [
        [4, 2, 4, 2],
        [2, 4, 2, 4],
        [4, 2, 4, 2],
        [2, 4, 2, 0],
      ],
      { row: 3, col: 3 },
      4,
    ],
    [
      '4x4, empty in the middle, neighbours 2',
      [
        [8, 16, 8, 16],
        [16, 2, 16, 8],
        [2, 0, 2, 16],
        [8, 2, 8, 32],
      ],
      { row: 2, col: 1 },
      4,
    ],
    [
      '3x3, neighbours 2: a 4 kills',
      [
        [4, 2, 4],
        [2, 0, 2],
        [4, 2, 4],
      ],
      { row: 1, col: 1 },
      4,
    ],
    [
      '5x5, neighbours 4: a 2 kills',
      [
        [2, 4, 2, 4, 2],
        [4, 2, 4, 2, 4],
        [2, 4, 2, 4, 2],
        [4, 2, 4, 2, 4],
        [2, 4, 2, 4, 0],
      ],
      { row: 4, col: 4 },
      2,
    ],
  ] as const)('finds the killer placement (%s)', (_name, c, at, value) => {
    const cells = c.map((r) => [...r]);
    const a = analysePlacement(cells)!;
    expect({ at: a.at, value: a.value }).toEqual({ at, value });
    expect(a.sliderLost).toBe(true);
    cells[at.row]![at.col] = value;
    expect(canMove(cells)).toBe(false);
    // The other tile would have left a move.
    cells[at.row]![at.col] = value === 2 ? 4 : 2;
    expect(canMove(cells)).toBe(true);
  });

  it('finds a kill two moves ahead that one move does not see', () => {
    // Two empty cells: a 2 next to the 64 leaves the slider one move (right), after which
    // the placer fills the last hole with a tile that fits nowhere.
    const c = [
      [2, 4, 8, 16],
      [32, 64, 128, 256],
      [2, 4, 8, 16],
      [32, 64, 0, 0],
    ];
    expect(analysePlacement(c, { depth: 1 })!.sliderLost).toBe(false);
    const a = analysePlacement(c, { depth: 2 })!;
    expect(a).toMatchObject({ at: { row: 3, col: 2 }, value: 2, depth: 2, sliderLost: true });
    expect(bruteForce(c, 2).min).toBeLessThan(LOST / 2);
    // The default search finds it too, and stops there.
    expect(analysePlacement(c)).toMatchObject({ depth: 2, sliderLost: true });
  });
});

/** Options the placer must refuse, and what the message says. */
const BAD: [string, unknown, string][] = [
  ['depth 0', { depth: 0 }, 'depth must be a whole number of moves from 1 to 20, got 0'],
  ['depth fractional', { depth: 1.5 }, 'got 1.5'],
  ['depth past the placer limit', { depth: MAX_PLACER_DEPTH + 1 }, `from 1 to 12, got 13`],
  ['depth NaN', { depth: Number.NaN }, 'got NaN'],
  ['depth a string', { depth: '2' }, 'got "2"'],
  ['timeMs negative', { timeMs: -1 }, 'timeMs must be a finite number of milliseconds from 0'],
  ['timeMs Infinity', { timeMs: Number.POSITIVE_INFINITY }, 'got Infinity'],
  ['a search option the placer has not', { preset: 'strong' }, 'unknown option "preset"'],
  ['a misspelt option', { Depth: 2 }, 'unknown option "Depth"'],
  ['not an object', 3, 'options must be an object, got 3'],
  ['null', null, 'options must be an object, got null'],
];

describe('placer options', () => {
  it.each(BAD)('refuses %s with code bad-options', (_name, opts, message) => {
    const board = [
      [2, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 2],
    ];
    const checked = checkPlacerOptions(opts);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.error.code).toBe('bad-options');
    expect(!checked.ok && checked.error.message).toContain(message);
    expect(() => choosePlacement(board, opts as object)).toThrow(SlideboxError);
    try {
      choosePlacement(board, opts as object);
    } catch (e) {
      expect((e as SlideboxError).code).toBe('bad-options');
    }
  });

  it('takes a fixed depth, a time budget, both, or neither', () => {
    const board = [
      [2, 4, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 8, 0],
      [0, 0, 0, 2],
    ];
    expect(analysePlacement(board, { depth: 3 })!.depth).toBe(3);
    expect(analysePlacement(board, { timeMs: 5 })!.depth).toBeGreaterThanOrEqual(1);
    expect(analysePlacement(board, { depth: 2, timeMs: 1000 })!.depth).toBe(2);
    expect(analysePlacement(board, { depth: undefined })!.depth).toBeGreaterThanOrEqual(2);
  });

  it('refuses a board that is not one', () => {
    expect(() => choosePlacement([[2, 0]])).toThrow(SlideboxError);
    expect(() =>
      choosePlacement([
        [3, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ]),
    ).toThrow(SlideboxError);
  });
});
