/**
 * The 2048 analysis on real games: the AI's own game at the analysis preset agrees with it on
 * at least 95% of moves, a game of random legal moves scores far lower.
 */
import { describe, expect, it } from 'vitest';
import { type Game, newGame, play } from '../../engine/game2048.ts';
import { nextInt, seedRng } from '../../engine/rng.ts';
import { DIRECTIONS, type Direction } from '../../engine/types.ts';
import { analyse } from '../ai2048/player.ts';
import { analyse2048, classify, lossOf, moveAccuracy } from './analyse2048.ts';

/** A game of up to `max` moves, each chosen by `pick`. */
function game(seed: number, max: number, pick: (g: Game, i: number) => Direction | null) {
  let g = newGame({ size: 4, target: 2048, seed });
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

function randomGame(seed: number, max: number) {
  let rng = seedRng(seed * 7 + 1);
  return game(seed, max, (g) => {
    const legal = DIRECTIONS.filter((d) => play(g, d) !== g);
    const r = nextInt(rng, legal.length);
    rng = r.state;
    return legal[r.value] ?? null;
  });
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
    expect(r.value.accuracy).toBeLessThan(a.value.accuracy - 25);
    expect(r.value.counts.best).toBeLessThan(r.value.moves.length);
    const judged = r.value.counts;
    expect(judged.mistake + judged.blunder + judged.inaccuracy).toBeGreaterThan(0);
    // Every verdict is consistent: the best has no loss, a worse move a class by its loss.
    for (const m of r.value.moves) {
      expect(m.values[m.played]).not.toBeNull();
      expect(m.values[m.best]).not.toBeNull();
      expect(m.class).toBe(classify(m.loss, m.played === m.best));
      if (m.played === m.best) expect(m.loss).toBe(0);
      expect(m.accuracy).toBeCloseTo(moveAccuracy(m.loss), 10);
    }
  });

  it('reports progress after every move and refuses boards other than 4×4', () => {
    const { states, moves } = randomGame(3, 20);
    const heard: number[] = [];
    analyse2048(states, moves, { onProgress: (done, total) => heard.push(done * 100 + total) });
    expect(heard).toEqual(moves.map((_, i) => (i + 1) * 100 + moves.length));
    const five = newGame({ size: 5, seed: 1 });
    const r = analyse2048([five, play(five, 'left')], ['left']);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('unsupported');
  });

  it('turns values into a loss, a class and an accuracy', () => {
    expect(lossOf(1000, 1000)).toBe(0);
    expect(lossOf(1000, 990)).toBeCloseTo(1, 10);
    expect(lossOf(1000, 0)).toBe(100);
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
