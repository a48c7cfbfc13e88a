/**
 * The 2048 analysis on real games: the AI's own game at the analysis preset agrees with it on
 * at least 95% of moves, a game of random legal moves scores far lower, on 4×4 (the calibrated
 * chance scale) and on other sizes (the generic search, the value scale).
 */
import { describe, expect, it } from 'vitest';
import { type Game, gameFromCells, newGame, play } from '../../engine/game2048.ts';
import { nextInt, seedRng } from '../../engine/rng.ts';
import { DIRECTIONS, type Direction } from '../../engine/types.ts';
import { analyse } from '../ai2048/player.ts';
import {
  analyse2048,
  chanceLoss,
  classify,
  lossOf,
  moveAccuracy,
  THRESHOLDS,
} from './analyse2048.ts';

/** A game of up to `max` moves, each chosen by `pick`. */
function game(seed: number, max: number, pick: (g: Game, i: number) => Direction | null, size = 4) {
  let g = newGame({ size, target: 2048, seed });
  const states = [g];
  const moves: Direction[] = [];
  for (let i = 0; i < max && !g.over; i++) {
    const d = pick(g, i);
    if (!d) break;
    const next = play(g, d);
    if (next === g) throw new Error(`illegal ${d}`);
    moves.push(d);
    states.push(next);
    g = next;
  }
  return { states, moves };
}

function randomGame(seed: number, max: number, size = 4) {
  let rng = seedRng(seed * 7 + 1);
  return game(
    seed,
    max,
    (g) => {
      const legal = DIRECTIONS.filter((d) => play(g, d) !== g);
      const r = nextInt(rng, legal.length);
      rng = r.state;
      return legal[r.value] ?? null;
    },
    size,
  );
}

describe('analyse2048', () => {
  it("agrees with the AI's own game at the analysis preset on at least 95% of moves", () => {
    const { states, moves } = game(
      11,
      300,
      (g) => analyse(g.cells, { preset: 'fast', noCap: true }).move,
    );
    expect(moves.length).toBe(300);
    const a = analyse2048(states, moves, { preset: 'fast' });
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    expect(a.value.moves).toHaveLength(300);
    expect(a.value).toMatchObject({ size: 4, search: 'packed', scale: 'chance' });
    expect(a.value.agreement).toBeGreaterThanOrEqual(95);
    expect(a.value.accuracy).toBeGreaterThanOrEqual(95);
    expect(a.value.counts.blunder).toBe(0);
  });

  it('scores a game of random legal moves far lower', () => {
    const ai = game(12, 200, (g) => analyse(g.cells, { preset: 'fast', noCap: true }).move);
    const rnd = randomGame(12, 200);
    const a = analyse2048(ai.states, ai.moves);
    const r = analyse2048(rnd.states, rnd.moves);
    if (!a.ok || !r.ok) throw new Error('not analysed');
    expect(r.value.agreement).toBeLessThan(60);
    expect(r.value.accuracy).toBeLessThan(a.value.accuracy - 15);
    expect(r.value.counts.best).toBeLessThan(r.value.moves.length);
    const judged = r.value.counts;
    expect(judged.mistake + judged.blunder + judged.inaccuracy).toBeGreaterThan(0);
    // Every verdict is consistent: the best has no loss, a worse move a class by its loss.
    for (const m of r.value.moves) {
      expect(m.values[m.played]).not.toBeNull();
      expect(m.values[m.best]).not.toBeNull();
      expect(m.scale).toBe('chance');
      expect(m.class).toBe(classify(m.loss, m.played === m.best, 'chance'));
      if (m.played === m.best) expect(m.loss).toBe(0);
      else {
        // The calibration keeps the search's order: the AI's move never has the lower chance.
        expect(m.chance!.best).toBeGreaterThanOrEqual(m.chance!.played);
        expect(m.loss).toBeCloseTo(chanceLoss(m.chance!.best, m.chance!.played), 10);
      }
      expect(m.accuracy).toBeCloseTo(moveAccuracy(m.loss, 'chance'), 10);
    }
  });

  it("gives the game's accuracy and agreement exactly as the mean of its moves'", () => {
    const games = [
      randomGame(31, 40),
      game(32, 30, (g) => analyse(g.cells, { preset: 'fast', noCap: true }).move),
      randomGame(33, 25, 3),
      randomGame(34, 1),
    ];
    for (const { states, moves } of games) {
      const a = analyse2048(states, moves);
      if (!a.ok) throw new Error('not analysed');
      const v = a.value;
      const n = v.moves.length;
      expect(n).toBe(moves.length);
      const mean = v.moves.reduce((sum, m) => sum + m.accuracy, 0) / n;
      const agreed = v.moves.filter((m) => m.played === m.best).length;
      expect(v.accuracy).toBeCloseTo(mean, 10);
      expect(v.agreement).toBeCloseTo((agreed / n) * 100, 10);
      const counts = { best: 0, good: 0, inaccuracy: 0, mistake: 0, blunder: 0 };
      for (const m of v.moves) counts[m.class]++;
      expect(v.counts).toEqual(counts);
    }
    // The random games are not all the AI's: the mean is not 100 by luck.
    const r = analyse2048(games[0]!.states, games[0]!.moves);
    if (!r.ok) throw new Error('not analysed');
    expect(r.value.agreement).toBeLessThan(100);
    expect(r.value.accuracy).toBeLessThan(100);
    // A game of no moves: 100 each.
    const none = analyse2048([newGame({ size: 4, target: 2048, seed: 1 })], []);
    expect(none.ok && [none.value.accuracy, none.value.agreement]).toEqual([100, 100]);
  });

  it('reports progress after every move', () => {
    const { states, moves } = randomGame(3, 20);
    const heard: number[] = [];
    analyse2048(states, moves, { onProgress: (done, total) => heard.push(done * 100 + total) });
    expect(heard).toEqual(moves.map((_, i) => (i + 1) * 100 + moves.length));
  });

  it.each([3, 5])(
    "judges games %i wide with the generic search: the AI's own agrees, random moves score lower",
    (size) => {
      const ai = game(21, 120, (g) => analyse(g.cells, { preset: 'fast' }).move, size);
      const rnd = randomGame(21, 120, size);
      const a = analyse2048(ai.states, ai.moves);
      const r = analyse2048(rnd.states, rnd.moves);
      if (!a.ok || !r.ok) throw new Error('not analysed');
      expect(a.value).toMatchObject({ size, search: 'generic', scale: 'value' });
      expect(a.value.agreement).toBeGreaterThanOrEqual(95);
      expect(r.value.agreement).toBeLessThan(60);
      expect(r.value.accuracy).toBeLessThan(a.value.accuracy - 10);
      for (const m of r.value.moves) {
        expect(m.scale).toBe('value');
        expect(m.chance).toBeNull();
        const vb = m.values[m.best]!;
        const vp = m.values[m.played]!;
        expect(m.loss).toBeCloseTo(m.played === m.best ? 0 : lossOf(vb, vp), 10);
        expect(m.class).toBe(classify(m.loss, m.played === m.best, 'value'));
      }
    },
    60_000,
  );

  it('judges a 4×4 board that holds a 2048 on the value scale, and says the game is mixed', () => {
    const cells = [
      [2048, 2, 0, 0],
      [4, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 2],
    ];
    const won = gameFromCells(cells, { seed: 5 });
    const after = play(won, 'down');
    const one = analyse2048([won, after], ['down']);
    if (!one.ok) throw new Error('not analysed');
    expect(one.value.scale).toBe('value');
    expect(one.value.moves[0]!.scale).toBe('value');
    const early = randomGame(4, 5);
    const mixed = analyse2048([...early.states.slice(0, -1), won, after], [...early.moves, 'down']);
    if (!mixed.ok) throw new Error('not analysed');
    expect(mixed.value.scale).toBe('mixed');
    expect(mixed.value.moves.map((m) => m.scale)).toEqual([
      ...early.moves.map(() => 'chance'),
      'value',
    ]);
  });

  it('turns values into a loss, a class and an accuracy', () => {
    expect(lossOf(1000, 1000)).toBe(0);
    expect(lossOf(1000, 990)).toBeCloseTo(1, 10);
    expect(lossOf(1000, 0)).toBe(100);
    expect(chanceLoss(0.6, 0.55)).toBeCloseTo(5, 10);
    expect(chanceLoss(0.5, 0.6)).toBe(0);
    const c = THRESHOLDS.chance;
    expect(classify(c.good / 2, false, 'chance')).toBe('good');
    expect(classify((c.good + c.inaccuracy) / 2, false, 'chance')).toBe('inaccuracy');
    expect(classify((c.inaccuracy + c.mistake) / 2, false, 'chance')).toBe('mistake');
    expect(classify(c.mistake * 2, false, 'chance')).toBe('blunder');
    expect(moveAccuracy(c.inaccuracy, 'chance')).toBeCloseTo(moveAccuracy(0.5, 'value'), 6);
    expect(classify(0.05, false)).toBe('good');
    expect(classify(0.3, false)).toBe('inaccuracy');
    expect(classify(1, false)).toBe('mistake');
    expect(classify(10, false)).toBe('blunder');
    expect(classify(10, true)).toBe('best');
    expect(moveAccuracy(0)).toBeCloseTo(100, 3);
    expect(moveAccuracy(100)).toBe(0);
    expect(moveAccuracy(1)).toBeLessThan(moveAccuracy(0.2));
    expect(moveAccuracy(2)).toBeCloseTo(14.9, 1);
  });
});
