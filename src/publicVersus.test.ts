/**
 * The versus and duel API through the public entry `slidebox/2048`, as the example of
 * docs/library.md ("Versus and duel") uses it.
 */
import { describe, expect, it } from 'vitest';
import {
  duelPlace,
  encodeShared,
  makeDuelSave,
  makeVersusSave,
  newDuel,
  newDuelOrThrow,
  newGameOrThrow,
  newVersus,
  newVersusOrThrow,
  parseDuelSave,
  parseVersusSave,
  playWith,
  readShareCode,
  sharedDuel,
  sharedVersus,
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
    const back = parseVersusSave(makeVersusSave(m1.value));
    expect(back.ok && back.value).toEqual(m1.value);

    const duel = newDuel({ seed: 7, size: 4 });
    if (!duel.ok) throw new Error(duel.error.message);
    expect(whoIs(duel.value).phase).toBe('place');
    const placed = duelPlace(duel.value, { row: 0, col: 0 }, 2);
    expect(placed.ok && placed.value.game.cells[0]![0]).toBe(2);

    const game = newGameOrThrow({ seed: 7 });
    const forced = playWith(game, move, { kind: 'forced', value: 8 });
    expect(forced.ok && forced.value.spawned[0]!.value).toBe(8);
  });

  it('every game is shared with a Result, versus and duel included', () => {
    const match = newVersusOrThrow({ seed: 7 });
    const shared = sharedVersus(match, { players: 'ai-hard' });
    if (!shared.ok) throw new Error(shared.error.message);
    const read = readShareCode(encodeShared(shared.value));
    expect(read.ok && read.value.shared.players).toBe('ai-hard');
    expect(sharedVersus(match, { players: 'Bob' })).toMatchObject({
      ok: false,
      error: { code: 'bad-options' },
    });
    const duel = newDuelOrThrow({ seed: 7 });
    const d = sharedDuel(duel);
    expect(d.ok && d.value.game.kind).toBe('duel');
  });

  it('saves are JSON text both ways, and text that is not a save is refused in a sentence', () => {
    const duel = newDuelOrThrow({ seed: 7 });
    const text = makeDuelSave(duel);
    expect(typeof text).toBe('string');
    expect(parseDuelSave(text)).toEqual({ ok: true, value: duel });
    expect(parseDuelSave('{')).toEqual({
      ok: false,
      error: {
        code: 'bad-save',
        message: 'a save is the JSON text makeDuelSave made, and this is not JSON',
      },
    });
    expect(
      parseVersusSave(JSON.parse(makeVersusSave(newVersusOrThrow({ seed: 1 })))),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'bad-save',
        message: 'a save is the JSON text makeVersusSave made, got an object',
      },
    });
    expect(newVersus({ size: 9 })).toMatchObject({ ok: false, error: { code: 'bad-size' } });
  });
});
