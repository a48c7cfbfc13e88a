import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solvePuzzle } from '../solvers/puzzle/solve.ts';
import { replay2048Figures, replay2048Moves, replayPuzzleFigures } from './fastReplay.ts';
import { awaitingWinChoice, type Game, keepGoing, maxTile, newGame, play } from './game2048.ts';
import { movableTiles, moveTile, newPuzzle, type Puzzle } from './puzzle.ts';
import type { Seed } from './rng.ts';
import { encodeShared, type Shared, shared2048, sharedPuzzle } from './shareCode.ts';
import { readShareCode } from './shareReplay.ts';
import { DIRECTIONS, type Direction } from './types.ts';
import { type Verified, verifyCode } from './verify.ts';

/** The order a simple corner strategy tries (it makes long games on large boards). */
const CORNER: readonly Direction[] = ['down', 'left', 'right', 'up'];

/**
 * A 2048 game played through the engine, keeping going past a win, until it is over or the
 * picks run out. A pick below `corner` (of 100) takes the first legal move of the corner order,
 * any other the first legal move from a direction it names.
 */
function play2048(
  opts: { size: number; target: number; seed: Seed },
  picks: readonly number[],
  corner = 0,
): Game {
  let g = newGame(opts);
  for (const p of picks) {
    if (g.over) break;
    if (awaitingWinChoice(g)) g = keepGoing(g);
    const order =
      p < corner ? CORNER : [0, 1, 2, 3].map((k) => DIRECTIONS[(p + k) % DIRECTIONS.length]!);
    for (const d of order) {
      const next = play(g, d);
      if (next !== g) {
        g = next;
        break;
      }
    }
  }
  return g;
}

/** A puzzle played through the engine: each pick names one of the tiles that can move. */
function playPuzzle(width: number, seed: Seed, picks: readonly number[]): Puzzle {
  let p = newPuzzle({ width, seed });
  for (const k of picks) {
    if (p.solved) break;
    const movable = movableTiles(p);
    p = moveTile(p, movable[k % movable.length]!);
  }
  return p;
}

function code2048(g: Game, assisted = false): string {
  const s = shared2048(g, { assisted });
  if (!s.ok) throw new Error(s.error.message);
  return encodeShared(s.value);
}

function codePuzzle(p: Puzzle, timeMs: number | null = null, assisted = false): string {
  const s = sharedPuzzle(p, { timeMs, assisted });
  if (!s.ok) throw new Error(s.error.message);
  return encodeShared(s.value);
}

/** What the engine's own last position says a 2048 code proves. */
function figures2048(g: Game, assisted = false): Verified {
  return {
    kind: '2048',
    size: g.size,
    target: g.target,
    seed: g.seed,
    assisted,
    score: g.score,
    moves: g.moves,
    maxTile: maxTile(g.cells),
    timeMs: null,
    over: g.over,
    won: g.won,
  };
}

function figuresPuzzle(p: Puzzle, timeMs: number | null, assisted = false): Verified {
  return {
    kind: 'puzzle',
    size: p.width,
    target: null,
    seed: p.seed!,
    assisted,
    score: 0,
    moves: p.moves,
    maxTile: null,
    timeMs,
    over: p.solved,
    won: p.solved,
  };
}

/** The moves of readShareCode's last position of a puzzle code. */
function refPuzzleMoves(code: string): number {
  const r = readShareCode(code);
  if (!r.ok || r.value.kind !== 'puzzle') throw new Error('not a legal puzzle code');
  return r.value.states.at(-1)!.moves;
}

/** Number seeds (xoshiro128**) and long seeds (ChaCha20), 128 and 256 bits. */
const seed = fc.oneof(
  fc.nat({ max: Number.MAX_SAFE_INTEGER }),
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 32, maxLength: 32 }),
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 }),
);
const size = fc.integer({ min: 3, max: 8 });
/** Small targets are reached (and played past); 2048 and 2^52 mostly are not. */
const target = fc.constantFrom(8, 16, 32, 64, 128, 256, 2048, 2 ** 52);

describe('replay2048Figures and verifyCode on 2048 codes', () => {
  it('give the figures of the engine’s last position for random legal games of every size', () => {
    fc.assert(
      fc.property(
        size,
        target,
        seed,
        fc.array(fc.nat(99), { maxLength: 400, size: 'max' }),
        fc.integer({ min: 0, max: 100 }),
        fc.boolean(),
        (n, t, sd, picks, corner, assisted) => {
          const g = play2048({ size: n, target: t, seed: sd }, picks, corner);
          expect(verifyCode(code2048(g, assisted))).toEqual({
            ok: true,
            value: figures2048(g, assisted),
          });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('agree with readShareCode on long games (thousands of moves on large boards)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 8 }),
        target,
        seed,
        fc.array(fc.nat(99), { minLength: 1500, maxLength: 4000, size: 'max' }),
        (n, t, sd, picks) => {
          // Mostly the corner order: such games last.
          const g = play2048({ size: n, target: t, seed: sd }, picks, 90);
          const code = code2048(g);
          const ref = readShareCode(code);
          expect(ref.ok).toBe(true);
          expect(verifyCode(code)).toEqual({ ok: true, value: figures2048(g) });
        },
      ),
      { numRuns: 8 },
    );
  });

  it('4x4: the packed board hands over to the flat one at any tile, with the same answers', () => {
    fc.assert(
      fc.property(
        target,
        seed,
        fc.array(fc.nat(99), { maxLength: 600, size: 'max' }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 15 }),
        fc.constantFrom(...DIRECTIONS),
        (t, sd, picks, corner, below, extra) => {
          const g = play2048({ size: 4, target: t, seed: sd }, picks, corner);
          const s = shared2048(g);
          if (!s.ok || s.value.game.kind !== '2048') throw new Error('not a 2048 game');
          const moves = Uint8Array.from(s.value.game.moves, (d) => DIRECTIONS.indexOf(d));
          const { score, moves: turns, over, won } = g;
          expect(replay2048Moves(4, t, sd, moves, below)).toEqual({
            ok: true,
            value: { score, moves: turns, maxTile: maxTile(g.cells), over, won },
          });
          // One more move: refused (or played) as readShareCode does.
          const more = Uint8Array.from([...moves, DIRECTIONS.indexOf(extra)]);
          const code = encodeShared({
            ...s.value,
            game: { ...s.value.game, moves: [...s.value.game.moves, extra] },
          });
          const ref = readShareCode(code);
          const got = replay2048Moves(4, t, sd, more, below);
          if (ref.ok) expect(got.ok).toBe(true);
          else expect(got).toEqual(ref);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('match a game of 15,000 moves on 8x8', () => {
    const g = play2048(
      { size: 8, target: 2048, seed: 1 },
      Array.from({ length: 15_000 }, () => 0),
      100,
    );
    expect(g.moves).toBe(15_000);
    expect(verifyCode(code2048(g))).toEqual({ ok: true, value: figures2048(g) });
  });

  it('match games that reached their target and went on, and games that ended over', () => {
    let won = 0;
    let over = 0;
    for (let sd = 1; sd <= 40; sd++) {
      const n = 3 + (sd % 3);
      const g = play2048({ size: n, target: 16, seed: sd }, new Array(3000).fill(0), 50);
      if (g.won) won++;
      if (g.over) over++;
      expect(verifyCode(code2048(g))).toEqual({ ok: true, value: figures2048(g) });
    }
    // The cases this test is about did happen.
    expect(won).toBeGreaterThan(20);
    expect(over).toBe(40);
  });

  it('match a new game (no moves)', () => {
    for (const n of [3, 4, 5, 6, 7, 8]) {
      const g = newGame({ size: n, seed: n * 1000 });
      expect(verifyCode(code2048(g))).toEqual({ ok: true, value: figures2048(g) });
    }
  });

  it('refuses an evil game as needs-placer, like readShareCode without a placer', () => {
    const g = play2048({ size: 4, target: 2048, seed: 3 }, [1, 2, 3]);
    const s = shared2048(g, { evil: true });
    if (!s.ok || s.value.game.kind !== '2048') throw new Error('not a 2048 game');
    const r = replay2048Figures(s.value.game);
    expect(r).toMatchObject({ ok: false, error: { code: 'needs-placer' } });
    expect(r).toEqual(readShareCode(encodeShared(s.value)));
  });

  it('refuses, as readShareCode does, a move that changes nothing and any move after the end', () => {
    let refused = 0;
    let ended = 0;
    fc.assert(
      fc.property(
        size,
        seed,
        fc.array(fc.nat(99), { maxLength: 200, size: 'max' }),
        (n, sd, picks) => {
          const g = play2048({ size: n, target: 16, seed: sd }, picks);
          const s = shared2048(g);
          if (!s.ok || s.value.game.kind !== '2048') throw new Error('not a 2048 game');
          const game = s.value.game;
          const from = keepGoing(g);
          const stuck = DIRECTIONS.filter((d) => play(from, d) === from);
          if (g.over) ended++;
          for (const d of stuck) {
            const shared: Shared = { ...s.value, game: { ...game, moves: [...game.moves, d] } };
            const code = encodeShared(shared);
            const ref = readShareCode(code);
            expect(ref.ok).toBe(false);
            expect(verifyCode(code)).toEqual(ref);
            refused++;
          }
        },
      ),
      { numRuns: 80 },
    );
    expect(refused).toBeGreaterThan(40);
    expect(ended).toBeGreaterThan(2);
  });
});

describe('replayPuzzleFigures and verifyCode on puzzle codes', () => {
  it('give the engine’s figures for random legal games (multi-tile moves) of every size', () => {
    fc.assert(
      fc.property(
        size,
        seed,
        fc.array(fc.nat(), { maxLength: 300, size: 'max' }),
        fc.option(fc.nat(10_000_000)),
        fc.boolean(),
        (w, sd, picks, time, assisted) => {
          const p = playPuzzle(w, sd, picks);
          const code = codePuzzle(p, time, assisted);
          expect(verifyCode(code)).toEqual({ ok: true, value: figuresPuzzle(p, time, assisted) });
          expect(refPuzzleMoves(code)).toBe(p.moves);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('give solved for puzzles solved after random multi-tile moves, and refuse a move after', async () => {
    await fc.assert(
      fc.asyncProperty(
        size,
        seed,
        fc.array(fc.nat(), { maxLength: 40, size: 'max' }),
        async (w, sd, picks) => {
          const walked = playPuzzle(w, sd, picks);
          let p = walked;
          if (!p.solved) {
            const sol = await solvePuzzle([...p.tiles], w, { optimal: false, store: null });
            for (const t of sol.moves) p = moveTile(p, t);
          }
          expect(p.solved).toBe(true);
          expect(verifyCode(codePuzzle(p, 1234))).toEqual({
            ok: true,
            value: figuresPuzzle(p, 1234),
          });
          // Any tile after the end is refused with readShareCode's sentence.
          const s = sharedPuzzle(p);
          if (!s.ok || s.value.game.kind !== 'puzzle') throw new Error('not a puzzle');
          const more = encodeShared({
            ...s.value,
            game: { ...s.value.game, tiles: [...s.value.game.tiles, 1] },
          });
          const ref = readShareCode(more);
          expect(ref.ok).toBe(false);
          expect(verifyCode(more)).toEqual(ref);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('refuse tiles out of the blank’s row and column, and numbers that are no tile', () => {
    fc.assert(
      fc.property(
        size,
        seed,
        fc.array(fc.nat(), { maxLength: 60, size: 'max' }),
        fc.nat(63),
        (w, sd, picks, bad) => {
          const p = playPuzzle(w, sd, picks);
          const s = sharedPuzzle(p);
          if (!s.ok || s.value.game.kind !== 'puzzle') throw new Error('not a puzzle');
          const code = encodeShared({
            ...s.value,
            game: {
              ...s.value.game,
              tiles: [...s.value.game.tiles, bad % 2 ** Math.ceil(Math.log2(w * w))],
            },
          });
          const ref = readShareCode(code);
          const got = verifyCode(code);
          if (ref.ok) {
            expect(got.ok).toBe(true);
            expect(got.ok && got.value.moves).toBe(refPuzzleMoves(code));
          } else {
            expect(got).toEqual(ref);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('count every tile of a multi-tile move', () => {
    // The first seed whose 4x4 shuffle has a tile three cells from the blank, in its line.
    for (let sd = 1; sd < 200; sd++) {
      const p = newPuzzle({ width: 4, seed: sd });
      const far = movableTiles(p).find((t) => moveTile(p, t).moves === 3);
      if (far === undefined) continue;
      const q = moveTile(p, far);
      expect(
        replayPuzzleFigures({ kind: 'puzzle', width: 4, seed: sd, tiles: [far], timeMs: null }),
      ).toEqual({
        ok: true,
        value: { moves: 3, solved: false },
      });
      expect(verifyCode(codePuzzle(q))).toMatchObject({ ok: true, value: { moves: 3 } });
      return;
    }
    throw new Error('no seed with a three-tile move');
  });
});
