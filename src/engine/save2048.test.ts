/**
 * Tests of the 2048 save format: round trips (with the whole undo history, after wins and
 * keep-going, from gameFromCells) and corrupt or foreign data, which must always be rejected
 * with a code, never restored as a wrong game and never thrown.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  awaitingWinChoice,
  type Game,
  gameFromCells,
  keepGoing,
  newGame,
  play,
  slide,
  undo,
} from './game2048.ts';
import { parseGame, type SavedGame2048, serializeGame } from './save2048.ts';
import { DIRECTIONS, type Direction } from './types.ts';

const RUNS = { numRuns: 1000 };

/** What a restored game must reproduce at every step of its history. */
function essentials(g: Game) {
  return {
    size: g.size,
    target: g.target,
    seed: g.seed,
    cells: g.cells,
    score: g.score,
    moves: g.moves,
    rng: g.rng,
    won: g.won,
    keepPlaying: g.keepPlaying,
    over: g.over,
    last: g.last,
  };
}

/** The essentials of a game and of every state undo reaches from it, newest first. */
function history(g: Game): ReturnType<typeof essentials>[] {
  const out = [essentials(g)];
  let cur = g;
  while (undo(cur) !== cur) {
    cur = undo(cur);
    out.push(essentials(cur));
  }
  return out;
}

/** Serialise, write as JSON text, read it back and restore. */
function roundTrip(g: Game): Game {
  const r = parseGame(JSON.parse(JSON.stringify(serializeGame(g))));
  if (!r.ok) throw new Error(`round trip failed: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

function expectSameGame(restored: Game, original: Game): void {
  expect(essentials(restored)).toEqual(essentials(original));
  // A root game's own spawns are not saved (the log starts after them); later ones replay.
  if (original.moves > 0) expect(restored.spawned).toEqual(original.spawned);
  const a = history(restored);
  const b = history(original);
  expect(a).toHaveLength(original.moves + 1);
  expect(a).toEqual(b);
}

function playAll(g: Game, dirs: readonly Direction[]): Game {
  let cur = g;
  for (const d of dirs) cur = play(cur, d);
  return cur;
}

/** Plays until `count` moves have changed the board, cycling through the directions. */
function playMoves(g: Game, count: number): Game {
  let cur = g;
  for (let i = 0; cur.moves < g.moves + count && i < 10 * count + 10; i++) {
    cur = play(cur, DIRECTIONS[(i * 3) % 4]!);
  }
  expect(cur.moves).toBe(g.moves + count);
  return cur;
}

function expectBad(data: unknown, code: 'bad-save' | 'future-version', pattern?: RegExp): void {
  let r: ReturnType<typeof parseGame> | undefined;
  expect(() => {
    r = parseGame(data);
  }).not.toThrow();
  expect(r!.ok).toBe(false);
  if (r && !r.ok) {
    expect(r.error.code).toBe(code);
    if (pattern) expect(r.error.message).toMatch(pattern);
  }
}

/** A deep copy of a save as plain JSON data, for tampering. */
function clone(s: SavedGame2048): Record<string, unknown> & {
  start: Record<string, unknown> & { cells: number[][]; rng: number[] };
  end: Record<string, unknown> & { cells: number[][] };
} {
  return JSON.parse(JSON.stringify(s));
}

function without(o: Record<string, unknown>, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
}

// A default game (size 4, target 2048) with 25 moves: the commonest save there is.
const GAME = playMoves(newGame({ seed: 4242 }), 25);
const SAVE = serializeGame(GAME);

describe('round trip', () => {
  it('the save is plain JSON data describing the game', () => {
    expect(SAVE.kind).toBe('slidebox/2048');
    expect(SAVE.version).toBe(1);
    expect(SAVE.size).toBe(4);
    expect(SAVE.target).toBe(2048);
    expect(SAVE.seed).toBe(4242);
    expect(SAVE.log).toMatch(/^[udlr]{25}$/);
    expect(SAVE.end).toEqual({ cells: GAME.cells, score: GAME.score, moves: 25 });
    expect(SAVE.start.cells).toEqual(newGame({ seed: 4242 }).cells);
    expect(JSON.parse(JSON.stringify(SAVE))).toEqual(SAVE);
  });

  it('restores the game and its whole undo chain', () => {
    const r = roundTrip(GAME);
    expectSameGame(r, GAME);
    // Undo on the restored game equals undo on the original, all the way back.
    let a = r;
    let b = GAME;
    for (let i = 0; i <= 25; i++) {
      expect(essentials(a)).toEqual(essentials(b));
      a = undo(a);
      b = undo(b);
    }
    // And play goes on identically after the restore.
    expect(essentials(playMoves(r, 10))).toEqual(essentials(playMoves(GAME, 10)));
  });

  it('a new game with no moves', () => {
    const g = newGame({ seed: 1, size: 3, target: 64 });
    const r = roundTrip(g);
    expect(serializeGame(g).log).toBe('');
    expectSameGame(r, g);
  });

  it('after a win and keep going', () => {
    const g0 = gameFromCells(
      [
        [4, 4, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
      { target: 8, seed: 31, score: 40 },
    );
    const won = play(g0, 'left');
    expect(awaitingWinChoice(won)).toBe(true);
    const saved = roundTrip(won);
    expectSameGame(saved, won);
    expect(awaitingWinChoice(saved)).toBe(true);

    const k = keepGoing(won);
    const rk = roundTrip(k);
    expectSameGame(rk, k);
    expect(rk.keepPlaying).toBe(true);
    expect(awaitingWinChoice(rk)).toBe(false);

    const later = playMoves(k, 6);
    const rl = roundTrip(later);
    expectSameGame(rl, later);
    expect(rl.won).toBe(true);
    expect(rl.keepPlaying).toBe(true);
    expect(rl.score).toBe(later.score);
  });

  it('from gameFromCells with a score', () => {
    const g0 = gameFromCells(
      [
        [2, 2, 0, 0, 0],
        [0, 4, 0, 0, 0],
        [0, 0, 8, 0, 0],
        [0, 0, 0, 16, 0],
        [0, 0, 0, 0, 32],
      ],
      { seed: 8, score: 1234 },
    );
    expectSameGame(roundTrip(g0), g0);
    const g = playMoves(g0, 12);
    expect(serializeGame(g).start.score).toBe(1234);
    expectSameGame(roundTrip(g), g);
  });

  it('a game that is over', () => {
    const o = play(
      gameFromCells(
        [
          [2, 4, 8],
          [64, 8, 16],
          [16, 32, 0],
        ],
        { seed: 2 },
      ),
      'right',
    );
    expect(o.over).toBe(true);
    const r = roundTrip(o);
    expectSameGame(r, o);
    expect(r.over).toBe(true);
  });

  it('two tiles of the largest value (2^53) stay apart, and such games save and restore', () => {
    // Their sum could not be represented exactly, so the rules do not merge them.
    const g0 = gameFromCells(
      [
        [2 ** 53, 2 ** 53, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
      { seed: 1, target: 2 ** 53 },
    );
    const going = keepGoing(g0);
    expect(play(going, 'left')).toBe(going);
    const g = play(going, 'right');
    expect(g.moves).toBe(1);
    expect(g.cells[0]!.slice(1)).toEqual([2 ** 53, 2 ** 53]);
    const back = parseGame(JSON.parse(JSON.stringify(serializeGame(g))));
    expect(back.ok && back.value.cells).toEqual(g.cells);
  });

  it('property: random play, keep-going choices and undos round-trip', () => {
    const action = fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...DIRECTIONS) },
      { weight: 1, arbitrary: fc.constant('undo' as const) },
      { weight: 1, arbitrary: fc.constant('keep' as const) },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 6 }),
        fc.constantFrom(8, 16, 32, 2048),
        // Number seeds (xoshiro128**) and long seeds (ChaCha20, whose state is an object).
        fc.oneof(
          fc.maxSafeNat(),
          fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 32, maxLength: 32 }),
        ),
        fc.array(action, { maxLength: 60 }),
        (size, target, seed, actions) => {
          let g = newGame({ size, target, seed });
          for (const a of actions) {
            if (a === 'undo') g = undo(g);
            else if (a === 'keep') g = keepGoing(g);
            else g = play(g, a);
          }
          const r = roundTrip(g);
          expect(essentials(r)).toEqual(essentials(g));
          expect(history(r)).toEqual(history(g));
          if (g.moves > 0) expect(r.spawned).toEqual(g.spawned);
        },
      ),
      RUNS,
    );
  });
});

describe('corrupt data is rejected, never thrown, never a wrong game', () => {
  it.each([
    ['null', null],
    ['an array', []],
    ['a string', 'slidebox/2048'],
    ['a number', 42],
    ['undefined', undefined],
    ['an empty object', {}],
  ])('%s', (_name, data) => {
    expectBad(data, 'bad-save');
  });

  it('the wrong kind', () => {
    expectBad({ ...clone(SAVE), kind: 'slidebox/15puzzle' }, 'bad-save', /kind/);
    expectBad(without(clone(SAVE), 'kind'), 'bad-save', /kind/);
  });

  it.each([
    ['0', 0],
    ['-1', -1],
    ['1.5', 1.5],
    ['"1"', '1'],
    ['null', null],
  ])('version %s', (_name, version) => {
    expectBad({ ...clone(SAVE), version }, 'bad-save', /version/);
  });

  it.each([2, 3, 99])('version %s is a future version', (version) => {
    expectBad({ ...clone(SAVE), version }, 'future-version', /newer/);
  });

  // Every field is required: a save missing one is not a save this version wrote.
  it.each(['kind', 'version', 'size', 'target', 'seed', 'start', 'log', 'keepPlaying', 'end'])(
    'missing top-level field %s',
    (key) => {
      expectBad(without(clone(SAVE), key), 'bad-save');
    },
  );

  it.each(['cells', 'rng', 'score'])('missing start.%s', (key) => {
    const s = clone(SAVE);
    expectBad({ ...s, start: without(s.start, key) }, 'bad-save');
  });

  it.each(['cells', 'score', 'moves'])('missing end.%s', (key) => {
    const s = clone(SAVE);
    expectBad({ ...s, end: without(s.end, key) }, 'bad-save');
  });

  it.each([
    ['a letter outside u d l r', (log: string) => `${log.slice(0, 5)}x${log.slice(6)}`],
    ['an upper-case letter', (log: string) => log.toUpperCase()],
    ['a space', (log: string) => `${log} `],
  ])('a bad log: %s', (_name, f) => {
    const s = clone(SAVE);
    expectBad({ ...s, log: f(SAVE.log) }, 'bad-save', /move list/);
  });

  it('a log that is not a string', () => {
    expectBad({ ...clone(SAVE), log: ['l', 'r'] }, 'bad-save', /move list/);
  });

  it('a log move that does not move', () => {
    const g = gameFromCells(
      [
        [2, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
      { seed: 3 },
    );
    const s = clone(serializeGame(g));
    expect(slide(g.cells, 'left').moved).toBe(false);
    expectBad({ ...s, log: 'l' }, 'bad-save', /move 1 does not change the board/);
    // The same, after a move that does move.
    // Find a seed whose spawn after 'right' leaves some direction that does not move.
    let one = play(g, 'right');
    let stay = DIRECTIONS.find((d) => !slide(one.cells, d).moved);
    for (let seed = 0; seed < 500 && stay === undefined; seed++) {
      one = play(gameFromCells(g.cells, { seed }), 'right');
      stay = DIRECTIONS.find((d) => !slide(one.cells, d).moved);
    }
    expect(stay).toBeDefined();
    const s1 = clone(serializeGame(one));
    const letter = stay![0]!;
    expectBad({ ...s1, log: `r${letter}` }, 'bad-save', /move 2 does not change the board/);
  });

  it('a move after the game is over', () => {
    const o = play(
      gameFromCells(
        [
          [2, 4, 8],
          [64, 8, 16],
          [16, 32, 0],
        ],
        { seed: 2 },
      ),
      'right',
    );
    const s = clone(serializeGame(o));
    for (const letter of 'udlr') {
      expectBad({ ...s, log: `${s.log}${letter}` }, 'bad-save', /move 2/);
    }
  });

  it('end position mismatch: moves, cells, score, truncated or extended log', () => {
    const s = clone(SAVE);
    expectBad({ ...s, end: { ...s.end, moves: 24 } }, 'bad-save', /do not lead/);
    expectBad({ ...s, end: { ...s.end, moves: 26 } }, 'bad-save', /do not lead/);
    expectBad({ ...s, log: SAVE.log.slice(0, -1) }, 'bad-save');
    const extra = DIRECTIONS.find((d) => slide(GAME.cells, d).moved)!;
    expectBad({ ...s, log: `${SAVE.log}${extra[0]}` }, 'bad-save', /do not lead/);
    expectBad({ ...s, end: { ...s.end, cells: 'none' } }, 'bad-save');
  });

  it('tampered score (end or start)', () => {
    const s = clone(SAVE);
    expectBad({ ...s, end: { ...s.end, score: GAME.score + 4 } }, 'bad-save', /do not lead/);
    expectBad({ ...s, end: { ...s.end, score: String(GAME.score) } }, 'bad-save');
    expectBad({ ...s, start: { ...s.start, score: 4 } }, 'bad-save');
    expectBad({ ...s, start: { ...s.start, score: -4 } }, 'bad-save', /score/);
    expectBad({ ...s, start: { ...s.start, score: 1.5 } }, 'bad-save', /score/);
  });

  it('tampered cells (end or start)', () => {
    const s = clone(SAVE);
    const end = s.end.cells.map((row) => [...row]);
    end[0]![0] = end[0]![0] === 2 ? 4 : 2;
    expectBad({ ...s, end: { ...s.end, cells: end } }, 'bad-save', /do not lead/);
    const start = s.start.cells.map((row) => [...row]);
    const at = start.flat().indexOf(0);
    start[Math.floor(at / 4)]![at % 4] = 2;
    expectBad({ ...s, start: { ...s.start, cells: start } }, 'bad-save');
    const bad = s.start.cells.map((row) => [...row]);
    bad[1]![2] = 3;
    expectBad({ ...s, start: { ...s.start, cells: bad } }, 'bad-save', /row 1, column 2/);
  });

  it('tampered generator state', () => {
    const s = clone(SAVE);
    const rng = [...s.start.rng];
    rng[0] = (rng[0]! + 1) >>> 0;
    expectBad({ ...s, start: { ...s.start, rng } }, 'bad-save');
    expectBad({ ...s, start: { ...s.start, rng: [0, 0, 0, 0] } }, 'bad-save', /generator/);
    expectBad({ ...s, start: { ...s.start, rng: [1, 2, 3] } }, 'bad-save', /generator/);
  });

  it('bad settings: size, target, seed, and a board of another size', () => {
    const s = clone(SAVE);
    expectBad({ ...s, size: 9 }, 'bad-save', /size/);
    expectBad({ ...s, size: 5 }, 'bad-save', /4x4, not 5x5/);
    expectBad({ ...s, target: 6 }, 'bad-save', /target/);
    expectBad({ ...s, seed: -1 }, 'bad-save', /seed/);
    expectBad({ ...s, seed: 'x' }, 'bad-save', /seed/);
  });

  it('keepPlaying true on a game that was not won, or not a boolean', () => {
    const s = clone(SAVE);
    expect(GAME.won).toBe(false);
    expectBad({ ...s, keepPlaying: true }, 'bad-save', /not won/);
    expectBad({ ...s, keepPlaying: 'yes' }, 'bad-save', /keepPlaying/);
    // A game made with keepPlaying says so at its start, and must still say so at its end.
    expectBad({ ...s, start: { ...s.start, keepPlaying: 'yes' } }, 'bad-save', /start keepPlaying/);
    expectBad({ ...s, start: { ...s.start, keepPlaying: true } }, 'bad-save', /ends without/);
    const kept = parseGame({ ...s, start: { ...s.start, keepPlaying: true }, keepPlaying: true });
    expect(kept.ok && kept.value.keepPlaying && !kept.value.won).toBe(true);
  });

  it('property: any JSON value is rejected or restored, never thrown', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const r = parseGame(v);
        expect(r.ok).toBe(false);
        if (!r.ok) expect(['bad-save', 'future-version']).toContain(r.error.code);
      }),
      RUNS,
    );
  });

  it('property: changing any one end cell is detected', () => {
    fc.assert(
      fc.property(fc.nat({ max: 15 }), fc.integer({ min: 1, max: 12 }), (i, k) => {
        const s = clone(SAVE);
        const row = Math.floor(i / 4);
        const col = i % 4;
        const v = 2 ** k;
        fc.pre(s.end.cells[row]![col] !== v);
        s.end.cells[row]![col] = v;
        expectBad(s, 'bad-save');
      }),
      RUNS,
    );
  });

  it('property: truncating the log anywhere is detected', () => {
    fc.assert(
      fc.property(fc.nat({ max: SAVE.log.length - 1 }), (n) => {
        expectBad({ ...clone(SAVE), log: SAVE.log.slice(0, n) }, 'bad-save');
      }),
      { numRuns: 100 },
    );
  });
});

describe('serializeGame', () => {
  it('non-moving plays leave no trace in the log', () => {
    const g0 = gameFromCells(
      [
        [2, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
      { seed: 6 },
    );
    const g = playAll(g0, ['left', 'up', 'right', 'right', 'right']);
    const log = serializeGame(g).log;
    expect(log.length).toBe(g.moves);
    expect(log[0]).toBe('r');
    expect(log).not.toMatch(/^[lu]/);
    expectSameGame(roundTrip(g), g);
  });

  it('does not change the game', () => {
    const before = JSON.stringify(history(GAME));
    serializeGame(GAME);
    expect(JSON.stringify(history(GAME))).toBe(before);
  });
});
