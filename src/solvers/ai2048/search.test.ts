import { describe, expect, it } from 'vitest';
import { awaitingWinChoice, keepGoing, newGame, play, slideValid } from '../../engine/game2048.ts';
import { DIRECTIONS } from '../../engine/types.ts';
import { out, pack } from './board.ts';
import { analyse } from './player.ts';
import { Expectimax, newRootResult, type SearchLimits } from './search.ts';
import { buildEvalTable, DEFAULT_WEIGHTS, lineEval } from './tables.ts';

type Cells = number[][];

const exp = (v: number) => (v === 0 ? 0 : Math.log2(v));

/** The evaluation straight from lineEval over the 4 rows and 4 columns. */
function evaluate(c: Cells): number {
  let s = 0;
  for (let r = 0; r < 4; r++) s += lineEval(c[r]!.map(exp), DEFAULT_WEIGHTS);
  for (let k = 0; k < 4; k++)
    s += lineEval(
      [0, 1, 2, 3].map((r) => exp(c[r]![k]!)),
      DEFAULT_WEIGHTS,
    );
  return s;
}

/**
 * A slow, obvious expectimax on the reference engine with the same rules as the packed one:
 * probability cut-off, depth in moves; no cache.
 */
function reference(
  cells: Cells,
  limits: Required<Omit<SearchLimits, 'deadline' | 'mask' | 'ttBits'>>,
) {
  const { minProb } = limits;
  const after = (c: Cells) =>
    DIRECTIONS.map((d) => slideValid(c, d))
      .filter((r) => r.moved)
      .map((r) => r.cells as Cells);
  const maxLeaf = (c: Cells) => Math.max(0, ...after(c).map(evaluate));
  const max = (c: Cells, prob: number, depth: number): number =>
    Math.max(0, ...after(c).map((n) => chance(n, prob, depth)));
  const chance = (c: Cells, prob: number, depth: number): number => {
    if (depth <= 0 || prob < minProb) return evaluate(c);
    const empties: [number, number][] = [];
    for (let r = 0; r < 4; r++)
      for (let k = 0; k < 4; k++) if (c[r]![k] === 0) empties.push([r, k]);
    const next = depth - 1;
    let sum = 0;
    for (const [r, k] of empties) {
      for (const [v, pv] of [
        [2, 0.9],
        [4, 0.1],
      ] as const) {
        const child = c.map((row) => row.slice());
        child[r]![k] = v;
        const p = (prob / empties.length) * pv;
        sum += pv * (next <= 0 || p < minProb ? maxLeaf(child) : max(child, p, next));
      }
    }
    return sum / empties.length;
  };
  return DIRECTIONS.map((d) => {
    const r = slideValid(cells, d);
    return r.moved ? chance(r.cells as Cells, 1, limits.depth - 1) : null;
  });
}

/** Positions from a seeded game played by the fast preset, every `every` moves. */
function positions(seed: number, count: number, every: number): Cells[] {
  const list: Cells[] = [];
  let game = newGame({ seed });
  while (!game.over && list.length < count) {
    if (awaitingWinChoice(game)) game = keepGoing(game);
    if (game.moves % every === every - 1) list.push(game.cells.map((r) => [...r]));
    const move = analyse(game.cells, { preset: 'fast' }).move;
    if (!move) break;
    game = play(game, move);
  }
  return list;
}

describe('packed expectimax', () => {
  const table = buildEvalTable();
  const boards = positions(11, 12, 97);

  it('computes the same root values as a plain expectimax on the reference engine', () => {
    const settings = [
      { depth: 2, minProb: 0 },
      { depth: 2, minProb: 0.01 },
      { depth: 3, minProb: 0 },
      { depth: 3, minProb: 0.02 },
    ];
    let checked = 0;
    for (const limits of settings) {
      for (const cells of boards) {
        // No cache: a cached value may come from a deeper search of the same board.
        const search = new Expectimax(table, 0);
        search.newSearch();
        pack(cells);
        const result = newRootResult();
        search.searchRoot(out.a, out.b, { ...limits, deadline: Infinity }, result);
        const want = reference(cells, limits);
        // With the cache: the same, up to the odd value taken from a deeper search.
        const cached = new Expectimax(table, 16);
        cached.newSearch();
        const withCache = newRootResult();
        cached.searchRoot(out.a, out.b, { ...limits, deadline: Infinity }, withCache);
        // A search confined to 64 entries of the same table: collisions only cost time.
        cached.newSearch();
        const small = newRootResult();
        cached.searchRoot(out.a, out.b, { ...limits, deadline: Infinity, ttBits: 6 }, small);
        for (let d = 0; d < 4; d++) {
          const w = want[d];
          if (w === null) {
            expect(result.values[d]).toBe(-Infinity);
            expect(withCache.values[d]).toBe(-Infinity);
            expect(small.values[d]).toBe(-Infinity);
          } else {
            // Relative error; a move into a lost position is worth exactly 0 (then absolute).
            const err = (v: number) => Math.abs(v - w!) / Math.max(w!, 1);
            expect(err(result.values[d]!)).toBeLessThan(1e-6);
            expect(err(withCache.values[d]!)).toBeLessThan(1e-3);
            expect(err(small.values[d]!)).toBeLessThan(1e-3);
          }
        }
        checked++;
      }
    }
    expect(checked).toBe(settings.length * boards.length);
  });
});
