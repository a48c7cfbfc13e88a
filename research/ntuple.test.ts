import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { out, packExponents } from '../src/solvers/ai2048/board.ts';
import {
  foldNetwork,
  NTupleNet,
  SHAPE_SIZE,
  SHAPES,
  tablesValue,
  tilePoints,
  tupleIndices,
} from './ntuple.ts';
import { NTupleExpectimax } from './ntupleSearch.ts';

type Grid = number[][];

/** The eight symmetric images of a grid of exponents, written the obvious way. */
function images(g: Grid): Grid[] {
  const mirror = (x: Grid) => x.map((row) => [...row].reverse());
  const flip = (x: Grid) => [...x].reverse();
  const transpose = (x: Grid) => x.map((_, r) => x.map((row) => row[r]!));
  const t = transpose(g);
  return [g, mirror(g), flip(g), flip(mirror(g)), t, mirror(t), flip(t), flip(mirror(t))];
}

const tuple = (cells: number[]) => cells.reduce((t, e, j) => t | (e << (4 * j)), 0);

/** The network's value read cell by cell: each image's row 0, row 1 and three squares. */
function slowValue(w: Float32Array, g: Grid): number {
  let v = 0;
  for (const x of images(g)) {
    const reads = [
      x[0]!,
      x[1]!,
      [x[0]![0]!, x[0]![1]!, x[1]![0]!, x[1]![1]!],
      [x[0]![1]!, x[0]![2]!, x[1]![1]!, x[1]![2]!],
      [x[1]![1]!, x[1]![2]!, x[2]![1]!, x[2]![2]!],
    ];
    reads.forEach((cells, s) => {
      v += w[s * SHAPE_SIZE + tuple(cells)]!;
    });
  }
  return v;
}

/** A network with seeded pseudo-random weights (every entry distinct enough to catch a mix-up). */
function randomNet(seed: number): NTupleNet {
  const w = new Float32Array(SHAPES * SHAPE_SIZE);
  let s = seed;
  for (let i = 0; i < w.length; i++) {
    s = (Math.imul(s, 1103515245) + 12345) | 0;
    w[i] = ((s >>> 8) % 20000) / 100 - 100;
  }
  return new NTupleNet(w);
}

const grid = fc.array(fc.array(fc.integer({ min: 0, max: 15 }), { minLength: 4, maxLength: 4 }), {
  minLength: 4,
  maxLength: 4,
});

function packGrid(g: Grid): [number, number] {
  packExponents(g);
  return [out.a | 0, out.b | 0];
}

describe('n-tuple network', () => {
  const net = randomNet(7);
  const folded = foldNetwork(net);

  it('reads the five shapes on all eight images of the board', () => {
    fc.assert(
      fc.property(grid, (g) => {
        const [a, b] = packGrid(g);
        expect(net.value(a, b)).toBeCloseTo(slowValue(net.weights, g), 2);
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same value to all eight images of a board', () => {
    fc.assert(
      fc.property(grid, (g) => {
        const v = net.value(...packGrid(g));
        for (const x of images(g)) expect(net.value(...packGrid(x))).toBeCloseTo(v, 2);
      }),
      { numRuns: 100 },
    );
  });

  it('updates each of the 40 weights a board reads', () => {
    const n = new NTupleNet();
    const [a, b] = packGrid([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [9, 10, 11, 12],
      [13, 14, 15, 1],
    ]);
    n.update(a, b, 0.5);
    expect(n.value(a, b)).toBeCloseTo(40 * 0.5 * 1, 5);
    const idx = new Int32Array(40);
    tupleIndices(a, b, idx);
    expect(new Set(idx).size).toBe(40); // no two images read the same weight on this board
    let touched = 0;
    for (const x of n.weights) if (x !== 0) touched++;
    expect(touched).toBe(40);
  });

  it('folded into per-position tables, equals the network plus the points of the tiles', () => {
    fc.assert(
      fc.property(grid, (g) => {
        const [a, b] = packGrid(g);
        const points = g.flat().reduce((s, e) => s + tilePoints(e), 0);
        const expected = net.value(a, b) + points;
        expect(Math.abs(tablesValue(folded, a, b) - expected)).toBeLessThan(
          1e-5 * Math.max(1, Math.abs(expected)) + 0.05,
        );
      }),
      { numRuns: 500 },
    );
  });

  it('is what the search evaluates with once it is given the network', () => {
    const search = new NTupleExpectimax(folded, 10);
    fc.assert(
      fc.property(grid, (g) => {
        const [a, b] = packGrid(g);
        expect(search.evaluate(a, b)).toBeCloseTo(tablesValue(folded, a, b), 2);
      }),
      { numRuns: 200 },
    );
  });

  it('counts the points a tile stands for: the merges that made it', () => {
    expect([0, 1, 2, 3, 11].map(tilePoints)).toEqual([0, 0, 4, 16, 20480]);
  });

  it('refuses weights of the wrong size', () => {
    expect(() => new NTupleNet(new Float32Array(10))).toThrow(/327680 weights/);
  });
});
