import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slideValid } from '../../engine/game2048.ts';
import { DIRECTIONS } from '../../engine/types.ts';
import {
  cellAt,
  countEmpty,
  DOWN,
  directionIndex,
  fitsPacked,
  LEFT,
  move,
  moveScore,
  out,
  pack,
  packExponents,
  RIGHT,
  sameBoard,
  transpose,
  UP,
  unpack,
} from './board.ts';

/** A 4x4 grid of exponents 0..maxExp. */
const exps = (maxExp: number) =>
  fc.array(fc.array(fc.integer({ min: 0, max: maxExp }), { minLength: 4, maxLength: 4 }), {
    minLength: 4,
    maxLength: 4,
  });

const toCells = (e: number[][]) => e.map((row) => row.map((x) => (x === 0 ? 0 : 2 ** x)));

/** Checks every direction of the packed engine against the reference slide. */
function checkAgainstReference(cells: number[][]): void {
  pack(cells);
  const a = out.a;
  const b = out.b;
  for (let d = 0; d < 4; d++) {
    const ref = slideValid(cells, DIRECTIONS[d]!);
    move(a, b, d);
    const na = out.a;
    const nb = out.b;
    expect(unpack(na, nb)).toEqual(ref.cells);
    expect(!sameBoard(a, b, na, nb)).toBe(ref.moved);
    expect(moveScore(a, b, d)).toBe(ref.gained);
  }
}

describe('packed 4x4 board', () => {
  it('round-trips cells through pack/unpack', () => {
    fc.assert(
      fc.property(exps(15), (e) => {
        const cells = toCells(e);
        pack(cells);
        expect(unpack(out.a, out.b)).toEqual(cells);
        packExponents(e);
        expect(unpack(out.a, out.b)).toEqual(cells);
        for (let r = 0; r < 4; r++)
          for (let c = 0; c < 4; c++) {
            expect(cellAt(out.a, out.b, r, c)).toBe(e[r]![c]);
          }
      }),
    );
  });

  it('transposes, and transposing twice is the identity', () => {
    fc.assert(
      fc.property(exps(15), (e) => {
        packExponents(e);
        const a = out.a;
        const b = out.b;
        transpose(a, b);
        const t = unpack(out.a, out.b);
        const cells = toCells(e);
        for (let r = 0; r < 4; r++)
          for (let c = 0; c < 4; c++) {
            expect(t[r]![c]).toBe(cells[c]![r]);
          }
        transpose(out.a, out.b);
        expect(sameBoard(out.a, out.b, a, b)).toBe(true);
      }),
    );
  });

  it('counts empty cells', () => {
    fc.assert(
      fc.property(exps(15), (e) => {
        packExponents(e);
        expect(countEmpty(out.a, out.b)).toBe(e.flat().filter((x) => x === 0).length);
      }),
    );
  });

  it('equals the reference slide (cells, moved, gained) on random boards up to 16384', () => {
    // Tiles up to 16384: every merge result fits in a nibble, so the engines must agree exactly.
    fc.assert(
      fc.property(exps(14), (e) => checkAgainstReference(toCells(e))),
      { numRuns: 5000 },
    );
  });

  it('equals the reference on sparse and dense boards with few distinct tiles', () => {
    // Few distinct values make merges (and chains of equal tiles) common.
    const sparse = fc.array(
      fc.array(fc.constantFrom(0, 0, 0, 1, 1, 2), { minLength: 4, maxLength: 4 }),
      { minLength: 4, maxLength: 4 },
    );
    fc.assert(
      fc.property(sparse, (e) => checkAgainstReference(toCells(e))),
      { numRuns: 3000 },
    );
  });

  it('equals the reference with 32768 tiles that have no equal neighbour in a line', () => {
    fc.assert(
      fc.property(exps(15), (e) => {
        const cells = toCells(e);
        // Keep only boards where no move would merge two 32768s (65536 does not fit).
        for (const d of DIRECTIONS) {
          if (slideValid(cells, d).merges.some((m) => m.value > 32768)) return;
        }
        checkAgainstReference(cells);
      }),
      { numRuns: 3000 },
    );
  });

  it('never merges two 32768s (refuses rather than overflows)', () => {
    const cells = [
      [32768, 32768, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ];
    pack(cells);
    move(out.a, out.b, 2);
    expect(unpack(out.a, out.b)).toEqual(cells);
  });

  it('knows which boards fit', () => {
    expect(
      fitsPacked([
        [65536, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ]),
    ).toBe(false);
    expect(
      fitsPacked([
        [32768, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ]),
    ).toBe(true);
    expect(
      fitsPacked([
        [2, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ]),
    ).toBe(false);
  });
});

describe('what the packed form takes', () => {
  const row = [2, 0, 0, 32768];
  it('fitsPacked: 4 rows of 4 tiles up to 32768, nothing else', () => {
    expect(fitsPacked([row, row, row, row])).toBe(true);
    expect(fitsPacked([row, row, row])).toBe(false);
    expect(fitsPacked([row, row, row, row, row])).toBe(false);
    expect(fitsPacked([row, row, [2, 0, 0], row])).toBe(false);
    expect(fitsPacked([row, row, [2, 0, 0, 0, 0], row])).toBe(false);
    expect(fitsPacked([row, row, [2, 0, 0, 65536], row])).toBe(false);
  });

  it('directionIndex gives the packed directions', () => {
    expect(DIRECTIONS.map(directionIndex)).toEqual([UP, DOWN, LEFT, RIGHT]);
    expect(new Set([UP, DOWN, LEFT, RIGHT]).size).toBe(4);
  });
});
