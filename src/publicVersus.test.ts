/**
 * The versus and duel API through the public entry `slidebox/2048`, as the example of
 * docs/library.md ("Versus and duel") uses it.
 */
import { describe, expect, it } from 'vitest';
import {
  duelPlace,
  newDuel,
  newGame,
  newVersus,
  parseVersus,
  playWith,
  serializeVersus,
  versusMove,
  whoIs,
} from './2048.ts';

describe('slidebox/2048 versus and duel', () => {
  it("docs/library.md's versus and duel example runs", () => {
    const m0 = newVersus({ seed: 7 });
    if (!m0.ok) throw new Error(m0.error.message);
    expect(m0.value.rules).toEqual({ seed: 7, size: 4, target: 512, attackCap: null });
    const move = ['left', 'right', 'up', 'down'].find((d) => {
      const r = versusMove(m0.value, 0, d as 'left');
      return r.ok && r.value !== m0.value;
    }) as 'left';
    const m1 = versusMove(m0.value, 0, move);
    if (!m1.ok) throw new Error(m1.error.message);
    expect(m1.value.log).toHaveLength(1);
    expect(m1.value.winner).toBe(null);
    const back = parseVersus(JSON.parse(JSON.stringify(serializeVersus(m1.value))));
    expect(back.ok && back.value).toEqual(m1.value);

    const duel = newDuel({ seed: 7, size: 4 });
    if (!duel.ok) throw new Error(duel.error.message);
    expect(whoIs(duel.value).phase).toBe('place');
    const placed = duelPlace(duel.value, { row: 0, col: 0 }, 2);
    expect(placed.ok && placed.value.game.cells[0]![0]).toBe(2);

    const game = newGame({ seed: 7 });
    const forced = playWith(game, move, { kind: 'forced', value: 8 });
    expect(forced.ok && forced.value.spawned[0]!.value).toBe(8);
  });
});
