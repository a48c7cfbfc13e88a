import { describe, expect, it } from 'vitest';
import { type Cells, gameFromCells, newGame, play, undo } from './game2048.ts';
import { parseGame, serializeGame } from './save2048.ts';
import { type Placer, playPlaced } from './spawn.ts';
import { DIRECTIONS } from './types.ts';

/** A stand-in placer: a 4 in the last empty cell, row by row. */
const lastEmpty: Placer = (cells: Cells) => {
  for (let row = cells.length - 1; row >= 0; row--) {
    for (let col = cells.length - 1; col >= 0; col--) {
      if (cells[row]![col] === 0) return { at: { row, col }, value: 4 };
    }
  }
  return null;
};

function evilGame(seed: number, moves: number) {
  let g = newGame({ seed });
  for (let i = 0; i < moves && !g.over; i++) {
    const next = DIRECTIONS.map((d) => playPlaced(g, d, lastEmpty)).find((x) => x !== g);
    if (!next) break;
    g = next;
  }
  return g;
}

describe('playPlaced (evil spawns)', () => {
  it('slides, then puts the placer’s tile where it chose; undo takes back the whole turn', () => {
    const g = newGame({ seed: 3 });
    const dir = DIRECTIONS.find((d) => play(g, d) !== g)!;
    const next = playPlaced(g, dir, lastEmpty);
    expect(next.spawned).toHaveLength(1);
    expect(next.spawned[0]!.value).toBe(4);
    expect(next.moves).toBe(1);
    expect(undo(next)).toBe(g);
    // The generator is not drawn from: the placer chose.
    expect(next.rng).toEqual(g.rng);
  });

  it('a move that changes nothing is the same game', () => {
    // Both tiles sit in the top-left corner: up and left change nothing, down and right do.
    const g = gameFromCells(
      [
        [2, 4, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ],
      { seed: 3 },
    );
    let asked = 0;
    const counting: Placer = (cells) => {
      asked++;
      return lastEmpty(cells);
    };
    for (const d of ['up', 'left'] as const) {
      expect(play(g, d)).toBe(g);
      expect(playPlaced(g, d, counting)).toBe(g);
    }
    // The placer is not even asked when nothing moved.
    expect(asked).toBe(0);
    expect(playPlaced(g, 'down', counting)).not.toBe(g);
    expect(asked).toBe(1);
  });
});

describe('saving an evil game', () => {
  it('round-trips through serializeGame/parseGame with the placer', () => {
    const g = evilGame(5, 40);
    expect(g.moves).toBeGreaterThan(5);
    const saved = JSON.parse(JSON.stringify(serializeGame(g, { evil: true })));
    expect(saved.spawns).toBe('evil');
    const back = parseGame(saved, { place: lastEmpty });
    expect(back.ok && back.value.cells).toEqual(g.cells);
    expect(back.ok && [back.value.score, back.value.moves]).toEqual([g.score, g.moves]);
  });

  it('is refused without the placer, or replayed as natural spawns', () => {
    const g = evilGame(5, 20);
    const saved = serializeGame(g, { evil: true });
    const r = parseGame(saved);
    expect(r.ok ? 'accepted' : r.error.message).toMatch(/chosen by the evil placer/);
    const asNatural = parseGame({ ...saved, spawns: undefined });
    expect(asNatural.ok).toBe(false);
  });

  it('a natural save stays natural when a placer is given', () => {
    let g = newGame({ seed: 9 });
    for (const d of ['left', 'up', 'right', 'down'] as const) g = play(g, d);
    const back = parseGame(serializeGame(g), { place: lastEmpty });
    expect(back.ok && back.value.cells).toEqual(g.cells);
  });
});
