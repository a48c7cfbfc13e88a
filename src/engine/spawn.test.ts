/**
 * Tests of spawn control: natural spawns are exactly `play`'s, forced spawns draw the cell and
 * consume the generator like natural ones, placements land where told, and every bad rule is
 * refused with a code and changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Game, gameFromCells, keepGoing, newGame, play, undo } from './game2048.ts';
import {
  checkSpawnRule,
  NATURAL,
  placeTile,
  playWith,
  type SpawnRule,
  slideOnly,
  spawnOn,
} from './spawn.ts';
import { DIRECTIONS, type Direction } from './types.ts';

const RUNS = { numRuns: 300 };
const direction = fc.constantFrom(...DIRECTIONS);

/** A game reached by natural play from a seed (keeping going after a win). */
const playedGame = fc
  .record({
    size: fc.integer({ min: 3, max: 6 }),
    target: fc.constantFrom(8, 16, 2048),
    seed: fc.maxSafeNat(),
    moves: fc.array(direction, { maxLength: 50 }),
    keepGoing: fc.boolean(),
  })
  .map((p) => {
    let g = newGame({ size: p.size, target: p.target, seed: p.seed });
    for (const d of p.moves) {
      if (p.keepGoing) g = keepGoing(g);
      g = play(g, d);
    }
    return g;
  });

const power = fc.integer({ min: 1, max: 20 }).map((k) => 2 ** k);

function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(`unexpected refusal: ${r.error.message}`);
  return r.value;
}

const board3 = [
  [2, 0, 0],
  [0, 4, 0],
  [0, 0, 0],
];

describe('natural spawns', () => {
  it('playWith(game, dir, NATURAL) deep-equals play(game, dir), and is the same game when nothing moves', () => {
    fc.assert(
      fc.property(playedGame, direction, (g, d) => {
        const mine = must(playWith(g, d, NATURAL));
        const theirs = play(g, d);
        expect(mine).toEqual(theirs);
        expect(mine === g).toBe(theirs === g);
      }),
      RUNS,
    );
  });

  it('slideOnly then spawnOn(NATURAL) is playWith, and undo takes back the whole turn', () => {
    fc.assert(
      fc.property(playedGame, direction, (g, d) => {
        const slid = slideOnly(g, d);
        if (slid === g) return;
        expect(slid.spawned).toEqual([]);
        expect(slid.rng).toEqual(g.rng);
        expect(slid.moves).toBe(g.moves + 1);
        const whole = must(spawnOn(slid, NATURAL));
        expect(whole).toEqual(play(g, d));
        expect(undo(whole)).toBe(g);
      }),
      RUNS,
    );
  });
});

describe('forced spawns', () => {
  it('land on the cell a natural spawn would, with the given value, leaving the generator alike', () => {
    fc.assert(
      fc.property(playedGame, direction, power, (g, d, value) => {
        const natural = play(g, d);
        const forced = must(playWith(g, d, { kind: 'forced', value }));
        if (natural === g) {
          expect(forced).toBe(g);
          return;
        }
        const at = natural.spawned[0]!.at;
        expect(forced.spawned).toEqual([{ at, value }]);
        expect(forced.rng).toEqual(natural.rng);
        // The cell was empty after the slide, and only that cell differs from the natural move.
        expect(slideOnly(g, d).cells[at.row]![at.col]).toBe(0);
        const expected = natural.cells.map((row) => [...row]);
        expected[at.row]![at.col] = value;
        expect(forced.cells).toEqual(expected);
        expect(forced.score).toBe(natural.score);
      }),
      RUNS,
    );
  });

  it('a forced tile at the target wins the game; on a full board it is refused', () => {
    const g = gameFromCells(board3, { target: 64 });
    const won = must(playWith(g, 'left', { kind: 'forced', value: 64 }));
    expect(won.won).toBe(true);
    const full = gameFromCells([
      [2, 4, 2],
      [4, 2, 4],
      [2, 4, 2],
    ]);
    const r = spawnOn(full, { kind: 'forced', value: 8 });
    expect(r.ok ? null : r.error.code).toBe('no-room');
    const n = spawnOn(full, NATURAL);
    expect(n.ok ? null : n.error.code).toBe('no-room');
  });
});

describe('placed spawns', () => {
  it('a placement lands where told and draws nothing', () => {
    const g = gameFromCells(board3, { seed: 5 });
    const next = must(playWith(g, 'left', { kind: 'placed', at: { row: 2, col: 2 }, value: 8 }));
    expect(next.cells).toEqual([
      [2, 0, 0],
      [4, 0, 0],
      [0, 0, 8],
    ]);
    expect(next.rng).toEqual(g.rng);
    expect(next.spawned).toEqual([{ at: { row: 2, col: 2 }, value: 8 }]);
    expect(next.moves).toBe(1);
    expect(next.previous).toBe(g);
  });

  it('placeTile on an empty board adds to spawned, turn by turn', () => {
    const empty = gameFromCells([
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    const one = must(placeTile(empty, { row: 0, col: 0 }, 2));
    const two = must(placeTile(one, { row: 1, col: 1 }, 4));
    expect(two.spawned.map((s) => s.value)).toEqual([2, 4]);
    expect(two.moves).toBe(0);
    expect(two.over).toBe(false);
  });

  it('any placement is refused exactly when the cell is off the board or taken, or the value is bad; a refusal changes nothing', () => {
    fc.assert(
      fc.property(
        playedGame,
        direction,
        fc.integer({ min: -1, max: 8 }),
        fc.integer({ min: -1, max: 8 }),
        fc.oneof(power, fc.constantFrom(0, 1, 3, 6, -2, 0.5, Number.NaN)),
        (g, d, row, col, value) => {
          const before = JSON.stringify(g.cells);
          const slid = slideOnly(g, d);
          const r = playWith(g, d, { kind: 'placed', at: { row, col }, value });
          const goodValue = value >= 2 && Number.isInteger(Math.log2(value));
          const onBoard = row >= 0 && col >= 0 && row < g.size && col < g.size;
          let code: string | null = null;
          if (!goodValue) code = 'bad-value';
          else if (!onBoard) code = 'off-board';
          else if (slid !== g && slid.cells[row]![col] !== 0) code = 'occupied-cell';
          expect(r.ok ? null : r.error.code).toBe(code);
          if (r.ok && slid !== g) expect(r.value.cells[row]![col]).toBe(value);
          expect(JSON.stringify(g.cells)).toBe(before);
        },
      ),
      RUNS,
    );
  });
});

describe('bad rules and directions are refused with a code', () => {
  const g: Game = gameFromCells(board3);
  const cases: [string, unknown, string][] = [
    ['not an object', 'natural', 'bad-spawn'],
    ['null', null, 'bad-spawn'],
    ['unknown kind', { kind: 'evil' }, 'bad-spawn'],
    ['forced 3', { kind: 'forced', value: 3 }, 'bad-value'],
    ['forced 1', { kind: 'forced', value: 1 }, 'bad-value'],
    ['forced 2^54', { kind: 'forced', value: 2 ** 54 }, 'bad-value'],
    ['placed without a cell', { kind: 'placed', value: 2 }, 'off-board'],
    ['placed at row 3 of 3', { kind: 'placed', at: { row: 3, col: 0 }, value: 2 }, 'off-board'],
    ['placed at col -1', { kind: 'placed', at: { row: 0, col: -1 }, value: 2 }, 'off-board'],
    ['placed at col 0.5', { kind: 'placed', at: { row: 0, col: 0.5 }, value: 2 }, 'off-board'],
    ['placed value 0', { kind: 'placed', at: { row: 2, col: 2 }, value: 0 }, 'bad-value'],
    ['placed on a tile', { kind: 'placed', at: { row: 0, col: 0 }, value: 2 }, 'occupied-cell'],
  ];
  for (const [name, rule, code] of cases) {
    it(`${name}: ${code}`, () => {
      const r = playWith(g, 'left', rule as SpawnRule);
      expect(r.ok ? null : r.error.code).toBe(code);
      expect(r.ok ? null : r.error.message).toMatch(/./);
    });
  }
  it('a rule is checked even when the move changes nothing', () => {
    const r = playWith(g, 'up', { kind: 'forced', value: 5 });
    expect(r.ok ? 'ok' : r.error.code).toBe('bad-value');
    expect(checkSpawnRule({ kind: 'natural' }, 3)).toEqual({ ok: true, value: NATURAL });
  });
  it('a bad direction is a bad-direction problem', () => {
    const r = playWith(g, 'north' as Direction, NATURAL);
    expect(r.ok ? null : r.error.code).toBe('bad-direction');
  });
});
