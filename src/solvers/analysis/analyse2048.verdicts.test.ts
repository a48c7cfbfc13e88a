/**
 * The 2048 analysis's verdicts read field by field: each move's number, best move, values
 * (null for a move that changes nothing), loss, class and accuracy on its scale, and its chance
 * figures; the scale a game is judged on with and without the calibration, and for a game of no
 * moves; the search named; and the edges of the loss, class and accuracy formulas.
 */
import { describe, expect, it } from 'vitest';
import { type Game, gameFromCells, newGame, play } from '../../engine/game2048.ts';
import { DIRECTIONS, type Direction } from '../../engine/types.ts';
import {
  analyse2048,
  chanceLoss,
  classify,
  lossOf,
  moveAccuracy,
  THRESHOLDS,
} from './analyse2048.ts';
import { chanceOf, chancePoint } from './chance2048.ts';

/** A game of `n` moves, each the first direction (in `order`) that changes the board. */
function firstLegal(start: Game, n: number, order: readonly Direction[] = DIRECTIONS) {
  let g = start;
  const states = [g];
  const moves: Direction[] = [];
  for (let i = 0; i < n && !g.over; i++) {
    const d = order.find((x) => play(g, x) !== g)!;
    g = play(g, d);
    moves.push(d);
    states.push(g);
  }
  return { states, moves };
}

describe("the 2048 analysis's verdicts", () => {
  it('numbers the moves, names the AI’s move and values, and judges each on the chance scale on 4×4', () => {
    const { states, moves } = firstLegal(newGame({ size: 4, target: 2048, seed: 8 }), 12);
    const a = analyse2048(states, moves);
    if (!a.ok) throw new Error('not analysed');
    expect(a.value).toMatchObject({
      kind: '2048',
      preset: 'fast',
      size: 4,
      search: 'packed',
      scale: 'chance',
    });
    for (const [i, m] of a.value.moves.entries()) {
      const cells = states[i]!.cells;
      expect(m.n).toBe(i + 1);
      expect(m.played).toBe(moves[i]);
      expect(m.scale).toBe('chance');
      // A move that changes nothing has no value; one that does has one.
      for (const d of DIRECTIONS) {
        expect(m.values[d] === null, d).toBe(play(states[i]!, d) === states[i]);
      }
      expect(m.values[m.best]).not.toBeNull();
      const at = chancePoint(cells);
      expect(m.chance).toEqual({
        best: chanceOf(m.values[m.best]!, at),
        played: chanceOf(m.values[m.played]!, at),
      });
      const agrees = m.best === m.played;
      expect(m.loss).toBe(agrees ? 0 : chanceLoss(m.chance!.best, m.chance!.played));
      expect(m.class).toBe(classify(m.loss, agrees, 'chance'));
      expect(m.accuracy).toBe(moveAccuracy(m.loss, 'chance'));
    }
  });

  it('judges 4×4 on the value scale without the calibration, with no chance figures', () => {
    const { states, moves } = firstLegal(newGame({ size: 4, target: 2048, seed: 8 }), 12);
    const a = analyse2048(states, moves, { calibrated: false, preset: 'fast' });
    if (!a.ok) throw new Error('not analysed');
    expect(a.value).toMatchObject({ size: 4, search: 'packed', scale: 'value' });
    for (const m of a.value.moves) {
      expect(m.scale).toBe('value');
      expect(m.chance).toBeNull();
      const agrees = m.best === m.played;
      expect(m.loss).toBe(agrees ? 0 : lossOf(m.values[m.best]!, m.values[m.played]!));
      expect(m.accuracy).toBe(moveAccuracy(m.loss, 'value'));
    }
  });

  it("gives a move's values on other sizes from the generic search, null where it changes nothing", () => {
    // 3×3 with two tiles in the left column: up and left change nothing.
    const g = gameFromCells(
      [
        [2, 0, 0],
        [4, 0, 0],
        [0, 0, 0],
      ],
      { seed: 3 },
    );
    const a = analyse2048([g, play(g, 'down')], ['down']);
    if (!a.ok) throw new Error('not analysed');
    expect(a.value).toMatchObject({ size: 3, search: 'generic', scale: 'value' });
    const m = a.value.moves[0]!;
    expect(Object.keys(m.values).sort()).toEqual([...DIRECTIONS].sort());
    expect(m.values.up).toBeNull();
    expect(m.values.left).toBeNull();
    for (const d of ['down', 'right'] as const) {
      expect(typeof m.values[d] === 'number' && Number.isFinite(m.values[d]), d).toBe(true);
    }
  });

  // `size === 4` made `true` in the choice of the chance scale survives: only the packed
  // search, which serves 4×4 alone, gives a move the chance scale, so the size is already known.

  it('gives a game of no moves the scale its size and calibration would have', () => {
    const four = newGame({ size: 4, target: 2048, seed: 1 });
    const five = newGame({ size: 5, target: 2048, seed: 1 });
    const of = (states: Game[], calibrated?: boolean) => {
      const a = analyse2048(states, [], { calibrated });
      if (!a.ok) throw new Error('not analysed');
      return [a.value.size, a.value.search, a.value.scale];
    };
    expect(of([four])).toEqual([4, 'packed', 'chance']);
    expect(of([four], false)).toEqual([4, 'packed', 'value']);
    expect(of([five])).toEqual([5, 'generic', 'value']);
    expect(of([])).toEqual([4, 'packed', 'chance']);
  });
});

// `noCap: true` made `false` survives: the cap bounds the search's time on a slow machine, and
// the positions of these tests are searched within it, so their values are the same; only a
// timing could tell the two apart.

describe('the loss, class and accuracy at their edges', () => {
  it('classes a loss exactly at a bound with the class below it', () => {
    for (const scale of ['value', 'chance'] as const) {
      const t = THRESHOLDS[scale];
      expect(classify(0, false, scale)).toBe('best');
      expect(classify(-1, false, scale)).toBe('best');
      expect(classify(t.good, false, scale)).toBe('good');
      expect(classify(t.inaccuracy, false, scale)).toBe('inaccuracy');
      expect(classify(t.mistake, false, scale)).toBe('mistake');
      expect(classify(t.mistake + 1e-9, false, scale)).toBe('blunder');
    }
  });

  // `played >= best` made `played > best` survives: a played move as good as the best gives
  // (best − played) / best = 0 either way.
  it('gives no loss when the best has no value or the played one is as good, and at most 100', () => {
    expect(lossOf(0, -5)).toBe(0);
    expect(lossOf(-10, -20)).toBe(0);
    expect(lossOf(Number.NaN, 5)).toBe(0);
    expect(lossOf(1000, 1100)).toBe(0);
    expect(lossOf(1000, -500)).toBe(100);
    expect(lossOf(1000, 750)).toBe(25);
  });

  it('scores a move between 0 and 100, a negative loss as none', () => {
    expect(moveAccuracy(-5)).toBe(moveAccuracy(0));
    expect(moveAccuracy(-5, 'chance')).toBe(moveAccuracy(0, 'chance'));
    expect(moveAccuracy(0)).toBeLessThanOrEqual(100);
    expect(moveAccuracy(0)).toBeGreaterThan(99.99);
    expect(moveAccuracy(1_000)).toBe(0);
    // 103.1668·e^(−0.04354·20) − 3.1669 for a loss of 1 on the value scale.
    expect(moveAccuracy(1)).toBeCloseTo(103.1668 * Math.exp(-0.04354 * 20) - 3.1669, 10);
    expect(moveAccuracy(1, 'chance')).toBeCloseTo(103.1668 * Math.exp(-0.04354 * 10) - 3.1669, 10);
  });
});
