/**
 * Tests of duels: the turn order (placer's two start tiles, then slide and place), refusals out
 * of turn and of bad placements (which change nothing), no randomness after who starts, the two
 * rounds with roles swapped, the result's tie-breaks, and replays and saves that reproduce a duel.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Duel,
  duelPlace,
  duelSlide,
  duelWithFirst,
  newDuel,
  type Player,
  replayDuel,
  whoIs,
} from './duel.ts';
import { type Game, gameFromCells, MAX_TILE, slide } from './game2048.ts';
import { type Seed, seedRng } from './rng.ts';
import { parseDuel, serializeDuel } from './saveDuel.ts';
import { DIRECTIONS, type Direction, type Pos } from './types.ts';

const RUNS = { numRuns: 150 };

function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(`unexpected refusal: ${r.error.message}`);
  return r.value;
}

function codeOf(r: { ok: boolean; error?: { code: string } }): string | null {
  return r.ok ? null : r.error!.code;
}

function emptyCells(g: Game): Pos[] {
  const out: Pos[] = [];
  g.cells.forEach((row, r) => {
    row.forEach((v, c) => {
      if (v === 0) out.push({ row: r, col: c });
    });
  });
  return out;
}

/** The value of 2 and 4 with fewer equal neighbours at `at` (a placer that plays to end rounds). */
function meanest(g: Game, at: Pos): 2 | 4 {
  const equal = (v: number) =>
    [
      [0, 1],
      [1, 0],
      [0, -1],
      [-1, 0],
    ].filter(([dr, dc]) => g.cells[at.row + dr!]?.[at.col + dc!] === v).length;
  return equal(4) < equal(2) ? 4 : 2;
}

/**
 * Plays choices in turn: a slide takes the first direction from `dir` on that moves; a
 * placement takes a free cell by `n`, and a 2 or (`evil`) the value least likely to merge.
 */
function playOut(seed: Seed, size: number, steps: readonly [number, Direction, boolean][]): Duel {
  let duel = must(newDuel({ seed, size }));
  for (const [n, dir, evil] of steps) {
    if (duel.phase === 'over') break;
    if (duel.phase === 'slide') {
      const start = DIRECTIONS.indexOf(dir);
      const d = [0, 1, 2, 3]
        .map((k) => DIRECTIONS[(start + k) % 4]!)
        .find((x) => slide(duel.game.cells, x).moved)!;
      duel = must(duelSlide(duel, d));
    } else {
      const free = emptyCells(duel.game);
      const at = free[n % free.length]!;
      duel = must(duelPlace(duel, at, evil ? meanest(duel.game, at) : 2));
    }
  }
  return duel;
}

const duelPlay = fc.record({
  // Whole-number seeds (xoshiro128**) and long seeds (ChaCha20), as the server deals.
  seed: fc.oneof(
    fc.maxSafeNat(),
    fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 32, maxLength: 32 }),
  ),
  size: fc.constantFrom(3, 3, 4),
  // Long enough that most duels end (both rounds played out).
  steps: fc.array(fc.tuple(fc.nat(), fc.constantFrom(...DIRECTIONS), fc.boolean()), {
    minLength: 0,
    maxLength: 700,
    size: 'max',
  }),
});

describe('duel properties', () => {
  it('replaying the log, and saving then parsing, reproduce the duel exactly', () => {
    fc.assert(
      fc.property(duelPlay, ({ seed, size, steps }) => {
        const duel = playOut(seed, size, steps);
        expect(must(replayDuel({ seed, size }, duel.log))).toEqual(duel);
        const saved = JSON.parse(JSON.stringify(serializeDuel(duel)));
        expect(must(parseDuel(saved))).toEqual(duel);
      }),
      RUNS,
    );
  });

  it('most generated duels end, so the properties see ends', () => {
    const samples = fc.sample(duelPlay, { numRuns: 100, seed: 42 });
    const ended = samples.filter((p) => playOut(p.seed, p.size, p.steps).phase === 'over');
    expect(ended.length).toBeGreaterThan(30);
  });

  it('no luck: the generator is never drawn from, and the rounds swap roles', () => {
    fc.assert(
      fc.property(duelPlay, ({ seed, size, steps }) => {
        const duel = playOut(seed, size, steps);
        expect(duel.game.rng).toEqual(seedRng(seed));
        const other: Player = duel.first === 0 ? 1 : 0;
        expect(duel.rounds.map((r) => r.slider)).toEqual(
          [duel.first, other].slice(0, duel.rounds.length),
        );
        expect(whoIs(duel).slider).toBe(duel.round === 0 ? duel.first : other);
        if (duel.phase === 'over') {
          const [a, b] = duel.rounds as [(typeof duel.rounds)[0], (typeof duel.rounds)[0]];
          const best =
            a.score !== b.score
              ? a.score > b.score
                ? a
                : b
              : a.maxTile !== b.maxTile
                ? a.maxTile > b.maxTile
                  ? a
                  : b
                : null;
          expect(duel.winner).toBe(best ? best.slider : 'draw');
        } else {
          expect(duel.winner).toBe(null);
        }
      }),
      RUNS,
    );
  });

  it('bad placements and actions out of turn are refused and change nothing', () => {
    fc.assert(
      fc.property(
        duelPlay,
        fc.integer({ min: -1, max: 4 }),
        fc.integer({ min: -1, max: 4 }),
        fc.constantFrom(0, 1, 2, 3, 4, 8, 16),
        fc.constantFrom(...DIRECTIONS),
        ({ seed, size, steps }, row, col, value, dir) => {
          const duel = playOut(seed, size, steps);
          const before = JSON.stringify(duel);
          const placed = duelPlace(duel, { row, col }, value);
          const slid = duelSlide(duel, dir);
          let code: string | null = null;
          if (duel.phase === 'over') code = 'duel-over';
          else if (duel.phase === 'slide') code = 'wrong-phase';
          else if (value !== 2 && value !== 4) code = 'bad-value';
          else if (row < 0 || col < 0 || row >= size || col >= size) code = 'off-board';
          else if (duel.game.cells[row]![col] !== 0) code = 'occupied-cell';
          expect(codeOf(placed)).toBe(code);
          if (duel.phase !== 'slide') {
            expect(codeOf(slid)).toBe(duel.phase === 'over' ? 'duel-over' : 'wrong-phase');
          }
          expect(JSON.stringify(duel)).toBe(before);
        },
      ),
      RUNS,
    );
  });
});

describe('duel turns', () => {
  it('a round starts empty; the placer places two tiles, then slide and place alternate', () => {
    let d = must(newDuel({ seed: 4, size: 3 }));
    const { slider, placer } = whoIs(d);
    expect(slider).toBe(d.first);
    expect(d.game.cells.flat().every((v) => v === 0)).toBe(true);
    expect(whoIs(d)).toEqual({ phase: 'place', round: 0, slider, placer, toAct: placer });
    d = must(duelPlace(d, { row: 0, col: 0 }, 2));
    expect(whoIs(d).toAct).toBe(placer);
    d = must(duelPlace(d, { row: 0, col: 2 }, 2));
    expect(whoIs(d)).toEqual({ phase: 'slide', round: 0, slider, placer, toAct: slider });
    expect(codeOf(duelPlace(d, { row: 1, col: 1 }, 2))).toBe('wrong-phase');
    expect(must(duelSlide(d, 'up'))).toBe(d); // nothing moves: not a turn
    d = must(duelSlide(d, 'left'));
    expect(d.game.cells[0]).toEqual([4, 0, 0]);
    expect(d.game.score).toBe(4);
    expect(codeOf(duelSlide(d, 'right'))).toBe('wrong-phase');
    expect(whoIs(d).toAct).toBe(placer);
    d = must(duelPlace(d, { row: 2, col: 2 }, 4));
    expect(d.game.cells[2]).toEqual([0, 0, 4]);
    expect(d.log.map((a) => a.kind)).toEqual(['place', 'place', 'slide', 'place']);
  });

  it('the seed decides who slides first, both ways about equally', () => {
    let zeros = 0;
    for (let seed = 0; seed < 400; seed++) if (must(newDuel({ seed })).first === 0) zeros++;
    expect(zeros).toBeGreaterThan(150);
    expect(zeros).toBeLessThan(250);
  });

  it('bad options and slides are refused with a code', () => {
    expect(codeOf(newDuel({ seed: -1 }))).toBe('bad-seed');
    expect(codeOf(newDuel({ seed: 1, size: 2 }))).toBe('bad-size');
    expect(codeOf(newDuel({ seed: 1, target: 8 } as never))).toBe('bad-options');
    expect(codeOf(newDuel(null as never))).toBe('bad-options');
    const d = must(newDuel({ seed: 1 }));
    expect(codeOf(duelSlide(d, 'north' as Direction))).toBe('bad-direction');
    expect(codeOf(duelSlide(d, 'up'))).toBe('wrong-phase');
    expect(codeOf(replayDuel({ seed: 1 }, [{ kind: 'slide', direction: 'up' }]))).toBe('bad-log');
    expect(codeOf(replayDuel({ seed: 1 }, [{ kind: 'jump' } as never]))).toBe('bad-log');
  });
});

// ---------------------------------------------------------------------------------------------
// Round ends, on boards made by hand.

/** A 2 at row 2, column 0 leaves this board stuck; a 4 there does not. */
const ALMOST = [
  [2, 4, 8],
  [4, 8, 2],
  [0, 16, 4],
];

function atPlacement(duel: Duel, score: number): Duel {
  const game = { ...gameFromCells(ALMOST, { target: MAX_TILE, seed: duel.seed }), score, moves: 5 };
  return { ...duel, phase: 'place', game };
}

describe('round ends and results', () => {
  const start = must(newDuel({ seed: 9, size: 3 }));
  const other: Player = start.first === 0 ? 1 : 0;

  it('a placement that leaves the slider stuck ends the round; round 2 starts empty with roles swapped', () => {
    const notYet = must(duelPlace(atPlacement(start, 40), { row: 2, col: 0 }, 4));
    expect(notYet.phase).toBe('slide');
    const d = must(duelPlace(atPlacement(start, 40), { row: 2, col: 0 }, 2));
    expect(d.rounds).toEqual([{ slider: start.first, score: 40, maxTile: 16, moves: 5 }]);
    expect(d.round).toBe(1);
    expect(whoIs(d)).toEqual({
      phase: 'place',
      round: 1,
      slider: other,
      placer: start.first,
      toAct: start.first,
    });
    expect(d.game.cells.flat().every((v) => v === 0)).toBe(true);
    expect(d.winner).toBe(null);
  });

  const results: [string, [number, number], [number, number], Player | 'draw' | 'other'][] = [
    ['higher score wins (round 2 slider)', [40, 16], [44, 16], 'other'],
    ['higher score wins (round 1 slider)', [48, 16], [40, 16], 0],
    ['equal scores: the larger tile wins', [40, 32], [40, 16], 0],
    ['equal scores, equal tiles: a draw', [40, 16], [40, 16], 'draw'],
  ];
  for (const [name, [s1, t1], [s2], want] of results) {
    it(name, () => {
      const round1 = { slider: start.first, score: s1, maxTile: t1, moves: 9 };
      const d = { ...atPlacement(start, s2), round: 1 as const, rounds: [round1] };
      const end = must(duelPlace(d, { row: 2, col: 0 }, 2));
      expect(end.phase).toBe('over');
      expect(end.rounds[1]).toEqual({ slider: other, score: s2, maxTile: 16, moves: 5 });
      expect(end.winner).toBe(want === 'other' ? other : want === 0 ? start.first : 'draw');
      expect(whoIs(end).toAct).toBe(null);
      expect(codeOf(duelPlace(end, { row: 0, col: 0 }, 2))).toBe('duel-over');
      expect(codeOf(duelSlide(end, 'left'))).toBe('duel-over');
    });
  }

  it('parseDuel refuses a tampered save', () => {
    let d = start;
    d = must(duelPlace(d, { row: 0, col: 0 }, 2));
    d = must(duelPlace(d, { row: 0, col: 1 }, 2));
    d = must(duelSlide(d, 'left'));
    const saved = serializeDuel(d);
    expect(saved.log).toBe('00:2 01:2 l');
    expect(must(parseDuel(saved))).toEqual(d);
    const cases: [string, unknown, string][] = [
      ['not an object', 3, 'bad-save'],
      ['wrong kind', { ...saved, kind: 'slidebox/versus' }, 'bad-save'],
      ['future version', { ...saved, version: 9 }, 'future-version'],
      ['a placement of 8', { ...saved, log: '00:8' }, 'bad-save'],
      ['placed on a tile', { ...saved, log: '00:2 00:2' }, 'bad-save'],
      ['slide first', { ...saved, log: 'l' }, 'bad-save'],
      ['wrong score', { ...saved, end: { ...saved.end, scores: [8] } }, 'bad-save'],
      ['wrong winner', { ...saved, end: { ...saved.end, winner: 'draw' } }, 'bad-save'],
    ];
    for (const [name, data, code] of cases)
      expect([name, codeOf(parseDuel(data))]).toEqual([name, code]);
  });
});

describe('a duel started from its first slider (its seed not known)', () => {
  it('is the seeded duel but for the seed, and plays the same', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const truth = newDuel({ seed, size: 3 });
      if (!truth.ok) throw new Error(truth.error.message);
      const d = duelWithFirst({ size: 3 }, truth.value.first);
      if (!d.ok) throw new Error(d.error.message);
      expect({ ...d.value, seed, game: null }).toEqual({ ...truth.value, game: null });
      expect(d.value.game.cells).toEqual(truth.value.game.cells);
      expect(whoIs(d.value)).toEqual(whoIs(truth.value));
      const a = duelPlace(truth.value, { row: 0, col: 0 }, 2);
      const b = duelPlace(d.value, { row: 0, col: 0 }, 2);
      expect(a.ok && b.ok && b.value.game.cells).toEqual(a.ok && a.value.game.cells);
    }
    expect(duelWithFirst({ size: 3 }, 2 as Player).ok).toBe(false);
    expect(duelWithFirst({ size: 9 }, 0).ok).toBe(false);
  });
});
