import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { legalMoves, newGame, play, slide } from '../../engine/game2048.ts';
import { SlideboxError } from '../../engine/result.ts';
import { analyse, analysePlan, bestMove, evaluatedCount } from './player.ts';
import { PRESETS, type Preset } from './presets.ts';
import { playGame } from './selfplay.ts';

const tile = fc.constantFrom(0, 0, 0, 2, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048);

/** A random n x n board. */
const board = (n: number, values: fc.Arbitrary<number> = tile) =>
  fc.array(fc.array(values, { minLength: n, maxLength: n }), { minLength: n, maxLength: n });

/** The values and the positions evaluated of one search. */
function searchOnce(cells: number[][], preset: Preset): { values: unknown; evaluated: number } {
  const before = evaluatedCount();
  const a = analysePlan(cells, { preset });
  return { values: a.values, evaluated: evaluatedCount() - before };
}

/**
 * `phased` (the `plain` preset with an early or late cut-off of `minProb`) searches `inside` its
 * phase exactly as `plain` with that cut-off throughout, and more than `plain`; `outside` exactly
 * as `plain`.
 */
function expectPhaseCutOff(
  plain: Preset,
  phased: Preset,
  minProb: number,
  inside: number[][],
  outside: number[][],
): void {
  const r = searchOnce(inside, phased);
  expect(r).toEqual(searchOnce(inside, { ...plain, minProb }));
  expect(r.evaluated).toBeGreaterThan(searchOnce(inside, plain).evaluated);
  expect(searchOnce(outside, phased)).toEqual(searchOnce(outside, plain));
}

describe('bestMove', () => {
  it('returns a legal move on random 4x4 boards, or null exactly when none is legal', () => {
    fc.assert(
      fc.property(board(4), (cells) => {
        const move = bestMove(cells, { depth: 2 });
        const legal = legalMoves(cells);
        if (legal.length === 0) expect(move).toBeNull();
        else expect(legal).toContain(move);
      }),
      { numRuns: 300 },
    );
  });

  it('returns a legal move on boards from 3x3 to 8x8', () => {
    for (const n of [3, 5, 6, 7, 8]) {
      fc.assert(
        fc.property(board(n), (cells) => {
          const move = bestMove(cells);
          const legal = legalMoves(cells);
          if (legal.length === 0) expect(move).toBeNull();
          else expect(legal).toContain(move);
        }),
        { numRuns: n <= 5 ? 60 : 20 },
      );
    }
  });

  it('handles tiles beyond 32768: legal moves only, including the 65536-making merge', () => {
    const big = fc.constantFrom(0, 2, 4, 2 ** 15, 2 ** 16, 2 ** 17, 2 ** 20, 2 ** 40, 2 ** 53);
    fc.assert(
      fc.property(board(4, big), (cells) => {
        const move = bestMove(cells, { depth: 2 });
        const legal = legalMoves(cells);
        if (legal.length === 0) expect(move).toBeNull();
        else expect(legal).toContain(move);
      }),
      { numRuns: 300 },
    );
    // Full board whose only move merges two 32768s (65536 does not fit in a nibble).
    const only = [
      [32768, 32768, 2, 4],
      [2, 4, 8, 16],
      [4, 8, 16, 32],
      [8, 16, 32, 64],
    ];
    expect(legalMoves(only)).toEqual(['left', 'right']);
    expect(['left', 'right']).toContain(bestMove(only));
    // More distinct tiles than a remapping can hold: the generic search answers.
    const distinct = [
      [2, 4, 8, 16],
      [2 ** 8, 2 ** 7, 2 ** 6, 2 ** 5],
      [2 ** 9, 2 ** 10, 2 ** 11, 2 ** 12],
      [2 ** 17, 2 ** 15, 2 ** 14, 0],
    ];
    expect(legalMoves(distinct)).toContain(bestMove(distinct));
  });

  it('takes the obvious merge that saves the game', () => {
    // Only left/right merge the 2s; up/down don't move the full board at all.
    const cells = [
      [2, 2, 4, 8],
      [16, 32, 64, 128],
      [256, 512, 1024, 2048],
      [4096, 8192, 16384, 32768],
    ];
    expect(['left', 'right']).toContain(bestMove(cells));
  });

  it('returns null for a lost board and throws SlideboxError for invalid ones', () => {
    const lost = [
      [2, 4, 2, 4],
      [4, 2, 4, 2],
      [2, 4, 2, 4],
      [4, 2, 4, 2],
    ];
    expect(bestMove(lost)).toBeNull();
    expect(
      bestMove([
        [2, 4, 2],
        [4, 2, 4],
        [2, 4, 2],
      ]),
    ).toBeNull();
    for (const bad of [
      [
        [3, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ],
      [
        [2, 0],
        [0, 0],
      ],
      [
        [2, 0, 0],
        [0, 0, 0],
      ],
      'board',
      null,
    ]) {
      expect(() => bestMove(bad as unknown as number[][])).toThrow(SlideboxError);
    }
  });

  it('is deterministic for a fixed depth and a preset', () => {
    const game = newGame({ seed: 11 });
    let g = game;
    for (let i = 0; i < 30; i++) g = play(g, bestMove(g.cells as number[][], { depth: 2 })!);
    const cells = g.cells as number[][];
    expect(bestMove(cells, { depth: 3 })).toBe(bestMove(cells, { depth: 3 }));
    expect(analyse(cells, { preset: 'fast' })).toEqual(analyse(cells, { preset: 'fast' }));
  });

  it("searches with a preset's early cut-off only while the largest tile is below its bound", () => {
    const { early: _, ...plain } = PRESETS.fast;
    const early = { ...plain, early: { belowTile: 2048, minProb: 0.002 } };
    const small = [
      [1024, 512, 256, 8],
      [4, 128, 64, 2],
      [2, 16, 8, 0],
      [0, 2, 0, 0],
    ];
    const big = small.map((row) => row.map((v) => (v === 1024 ? 2048 : v)));
    expectPhaseCutOff(plain, early, 0.002, small, big);
  });

  /** A late-game board below 16384 (9 distinct tiles), and the same board holding 16384. */
  const below = [
    [8192, 4096, 2048, 8],
    [4, 512, 1024, 2],
    [2, 16, 8, 0],
    [0, 2, 0, 4],
  ];
  const at = below.map((row) => row.map((v) => (v === 8192 ? 16384 : v)));

  it("searches with a preset's late cut-off only once the largest tile reaches its bound", () => {
    const { late: _, ...strong } = PRESETS.strong;
    const plain = { ...strong, maxDepth: 5 };
    const late = { ...plain, late: { fromTile: 16384, minProb: 5e-5 } };
    expectPhaseCutOff(plain, late, 5e-5, at, below);
  });

  it('answers within a time budget with a legal move', () => {
    const cells = [
      [2, 4, 8, 16],
      [256, 128, 64, 32],
      [512, 1024, 0, 0],
      [2, 0, 0, 0],
    ];
    const a = analyse(cells, { timeMs: 30 });
    expect(legalMoves(cells)).toContain(a.move);
    expect(a.depth).toBeGreaterThanOrEqual(1);
  });

  it('searches only the root moves of a mask', () => {
    const cells = [
      [0, 0, 0, 2],
      [0, 0, 0, 4],
      [0, 0, 0, 8],
      [0, 0, 2, 16],
    ];
    const a = analyse(cells, { depth: 2, rootMask: 0b0011 }); // up, down only
    expect(['up', 'down']).toContain(a.move);
    expect(a.values.left).toBe(Number.NEGATIVE_INFINITY);
  });

  it('the packed values agree with the reference engine on which moves are legal', () => {
    fc.assert(
      fc.property(board(4), (cells) => {
        const a = analyse(cells, { depth: 1 });
        for (const d of ['up', 'down', 'left', 'right'] as const) {
          expect(a.values[d] > Number.NEGATIVE_INFINITY).toBe(slide(cells, d).moved);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('self-play', () => {
  // Uncapped: with its 50 ms safety cap a search on a busy machine may be cut short.
  const fast = { preset: 'fast', noCap: true } as const;

  it('plays a seeded game with the fast preset through the real rules, reproducibly', () => {
    const r1 = playGame(3, { ...fast, maxMoves: 400 });
    const r2 = playGame(3, { ...fast, maxMoves: 400 });
    expect(r1.moves).toBe(400);
    expect(r1.score).toBe(r2.score);
    expect(r1.maxTile).toBeGreaterThanOrEqual(256);
    expect(r1.moveMs.length).toBe(400);
  });

  it('reaches 1024 within 1300 moves on a seeded game with the fast preset', () => {
    const r = playGame(1, { ...fast, maxMoves: 1300 });
    expect(r.maxTile).toBeGreaterThanOrEqual(1024);
  });

  it('reports progress every progressEvery moves', () => {
    const seen: number[] = [];
    playGame(2, {
      ...fast,
      maxMoves: 250,
      progressEvery: 100,
      onProgress: (p) => seen.push(p.moves),
    });
    expect(seen).toEqual([100, 200]);
  });
});
