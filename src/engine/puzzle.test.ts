import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPuzzleOptions,
  elapsedMs,
  goal,
  movableTiles,
  moveTile,
  newPuzzle,
  type Puzzle,
  parsePuzzle,
  pauseClock,
  puzzleFromTiles,
  resumeClock,
  shuffleTiles,
  slideToward,
  startClock,
  tileAt,
  tileToward,
  undo,
} from './puzzle.ts';
import { goalTiles, inversions, isGoal, isSolvable } from './puzzleBoard.ts';
import { SlideboxError } from './result.ts';
import { seedRng } from './rng.ts';

// 1 2 3
// 4 0 5
// 6 7 8
const centre = () => puzzleFromTiles([1, 2, 3, 4, 0, 5, 6, 7, 8], 3);

describe('moves', () => {
  it('slides a neighbour into the blank and reports what moved', () => {
    const p = moveTile(centre(), 5);
    expect(p.tiles).toEqual([1, 2, 3, 4, 5, 0, 6, 7, 8]);
    expect(p.moves).toBe(1);
    expect(p.last).toEqual({
      tile: 5,
      direction: 'left',
      slides: [{ tile: 5, from: { row: 1, col: 2 }, to: { row: 1, col: 1 } }],
    });
  });

  it('a tile farther along the row slides with the tiles between, counted as that many moves', () => {
    // 1 2 3 / 4 5 0 / 6 7 8 -> move 4: 4 and 5 slide right.
    const p = moveTile(moveTile(centre(), 5), 4);
    expect(p.tiles).toEqual([1, 2, 3, 0, 4, 5, 6, 7, 8]);
    expect(p.moves).toBe(3);
    expect(p.last?.direction).toBe('right');
    expect(p.last?.slides.map((s) => s.tile)).toEqual([5, 4]);
    expect(p.last?.slides[1]).toEqual({
      tile: 4,
      from: { row: 1, col: 0 },
      to: { row: 1, col: 1 },
    });
  });

  it('multi-tile moves along a column', () => {
    const start = puzzleFromTiles([1, 2, 3, 4, 5, 6, 0, 7, 8], 3);
    const p = moveTile(start, 1);
    expect(p.tiles).toEqual([0, 2, 3, 1, 5, 6, 4, 7, 8]);
    expect(p.last?.direction).toBe('down');
    expect(p.moves).toBe(2);
  });

  it('a tile off the blank row and column does not move (same game, no error)', () => {
    const p = centre();
    const q = moveTile(moveTile(p, 5), 1);
    expect(q.moves).toBe(1);
    expect(moveTile(moveTile(p, 5), 1)).toEqual(moveTile(p, 5));
  });

  it('bad tile numbers throw a SlideboxError naming the problem', () => {
    expect(() => moveTile(centre(), 0)).toThrow(SlideboxError);
    expect(() => moveTile(centre(), 9)).toThrow(/tile must be a whole number from 1 to 8, got 9/);
    expect(() => moveTile(centre(), 1.5)).toThrow(/got 1.5/);
  });

  it('tileAt names the tile under a cell (a click), null off the board', () => {
    const p = centre();
    expect(tileAt(p, { row: 0, col: 2 })).toBe(3);
    expect(tileAt(p, { row: 1, col: 1 })).toBe(0);
    expect(tileAt(p, { row: 3, col: 0 })).toBeNull();
    expect(tileAt(p, { row: -1, col: 0 })).toBeNull();
    expect(moveTile(p, tileAt(p, { row: 1, col: 0 })!).tiles).toEqual([1, 2, 3, 0, 4, 5, 6, 7, 8]);
  });

  it('movableTiles lists the blank row and column', () => {
    expect(movableTiles(centre()).sort()).toEqual([2, 4, 5, 7]);
  });

  it('directions name where the tile goes; invert names where the blank goes', () => {
    const p = centre();
    expect(tileToward(p, 'left')).toBe(5);
    expect(tileToward(p, 'right')).toBe(4);
    expect(tileToward(p, 'up')).toBe(7);
    expect(tileToward(p, 'down')).toBe(2);
    expect(tileToward(p, 'left', true)).toBe(4);
    expect(tileToward(p, 'up', true)).toBe(2);
    expect(slideToward(p, 'up').tiles).toEqual([1, 2, 3, 4, 7, 5, 6, 0, 8]);
    expect(slideToward(p, 'up', { invert: true }).tiles).toEqual([1, 0, 3, 4, 2, 5, 6, 7, 8]);
    const corner = puzzleFromTiles([1, 2, 3, 4, 5, 6, 7, 0, 8], 3);
    expect(tileToward(corner, 'up')).toBeNull();
    expect(slideToward(corner, 'up')).toBe(corner);
    expect(() => tileToward(p, 'north' as 'up')).toThrow(/direction must be one of/);
  });

  it('win detection; a solved game takes no moves and no undo', () => {
    const p = puzzleFromTiles([1, 2, 3, 4, 5, 6, 7, 0, 8], 3);
    expect(p.solved).toBe(false);
    const won = moveTile(p, 8);
    expect(won.solved).toBe(true);
    expect(moveTile(won, 6)).toBe(won);
    expect(undo(won)).toBe(won);
  });

  it('undo returns the previous tiles and count and reports the move taken back', () => {
    const p = centre();
    const q = moveTile(moveTile(p, 5), 4);
    const u = undo(q);
    expect(u.tiles).toEqual(moveTile(p, 5).tiles);
    expect(u.moves).toBe(1);
    expect(u.undone?.tile).toBe(4);
    expect(undo(undo(u)).tiles).toEqual(p.tiles);
    expect(undo(p)).toBe(p);
  });

  it('moves then undo of each is the identity (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        (seed, picks) => {
          let p: Puzzle = newPuzzle({ width: 4, seed });
          const start = p;
          let made = 0;
          for (const k of picks) {
            const m = movableTiles(p);
            const q = moveTile(p, m[k % m.length]!);
            if (q.solved) break;
            p = q;
            made++;
            // Conservation: always a permutation, always solvable.
            expect(isSolvable([...p.tiles], 4)).toBe(true);
          }
          for (let i = 0; i < made; i++) p = undo(p);
          expect(p.tiles).toEqual(start.tiles);
          expect(p.moves).toBe(0);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('clock', () => {
  it('starts at the first move, pauses off screen, stops at the win, survives undo', () => {
    let p = puzzleFromTiles([1, 2, 3, 4, 5, 6, 0, 7, 8], 3);
    expect(elapsedMs(p, 5000)).toBe(0);
    p = moveTile(p, 7, 1000);
    expect(p.clock.started).toBe(true);
    expect(elapsedMs(p, 1500)).toBe(500);
    p = pauseClock(p, 2000);
    expect(elapsedMs(p, 9000)).toBe(1000);
    p = resumeClock(p, 10_000);
    expect(elapsedMs(p, 10_250)).toBe(1250);
    p = undo(p);
    expect(elapsedMs(p, 10_500)).toBe(1500);
    p = moveTile(p, 7, 10_600);
    p = moveTile(p, 8, 11_000);
    expect(p.solved).toBe(true);
    expect(elapsedMs(p, 99_000)).toBe(2000);
    expect(elapsedMs(resumeClock(pauseClock(p, 99_000), 100_000), 200_000)).toBe(2000);
  });

  it('a game paused before its first move starts its clock only on resume', () => {
    let p = pauseClock(centre(), 0);
    p = moveTile(p, 5, 100);
    expect(elapsedMs(p, 500)).toBe(0);
    p = resumeClock(p, 600);
    expect(elapsedMs(p, 700)).toBe(100);
  });
});

describe('shuffle', () => {
  it('is seeded: the same seed gives the same puzzle', () => {
    expect(newPuzzle({ width: 5, seed: 42 }).tiles).toEqual(
      newPuzzle({ width: 5, seed: 42 }).tiles,
    );
    expect(newPuzzle({ width: 5, seed: 42 }).tiles).not.toEqual(
      newPuzzle({ width: 5, seed: 43 }).tiles,
    );
  });

  it('is never solved, always solvable, for every width (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 8 }), fc.nat(), (width, seed) => {
        const p = newPuzzle({ width, seed });
        expect(p.solved).toBe(false);
        expect(isGoal(p.tiles)).toBe(false);
        expect(isSolvable([...p.tiles], width)).toBe(true);
        expect(p.seed).toBe(seed);
      }),
      { numRuns: 300 },
    );
  });

  it('uniformity sanity (3x3): blank cells, tile cells and inversion parity are evenly spread', () => {
    const runs = 18_000;
    let rng = seedRng(7);
    const blankAt = new Array<number>(9).fill(0);
    const oneAt = new Array<number>(9).fill(0);
    const byArrangement = new Map<string, number>();
    for (let i = 0; i < runs; i++) {
      const s = shuffleTiles(3, rng);
      rng = s.rng;
      blankAt[s.tiles.indexOf(0)]!++;
      oneAt[s.tiles.indexOf(1)]!++;
      const key = s.tiles.join('');
      byArrangement.set(key, (byArrangement.get(key) ?? 0) + 1);
      expect(inversions(s.tiles) % 2).toBe(0);
    }
    // Each cell expects runs/9 = 2000; 5 standard deviations is about +-210.
    for (const c of [...blankAt, ...oneAt]) expect(Math.abs(c - runs / 9)).toBeLessThan(250);
    // 181,439 arrangements: 18,000 draws should repeat very rarely (birthday bound ~ 890).
    expect(runs - byArrangement.size).toBeLessThan(1100);
  });

  it('4x4 parity: both blank-row parities occur', () => {
    const rows = new Set<number>();
    for (let seed = 0; seed < 40; seed++) {
      const t = newPuzzle({ width: 4, seed }).tiles;
      rows.add(Math.floor(t.indexOf(0) / 4) % 2);
    }
    expect(rows).toEqual(new Set([0, 1]));
  });

  it('bad options throw naming the problem', () => {
    expect(() => newPuzzle({ width: 2 })).toThrow(
      /width must be a whole number from 3 to 8, got 2/,
    );
    expect(() => newPuzzle({ width: 9 })).toThrow(SlideboxError);
    expect(() => newPuzzle({ seed: -1 })).toThrow(/seed/);
    expect(() => puzzleFromTiles([2, 1, 3, 4, 5, 6, 7, 8, 0], 3)).toThrow(/cannot be solved/);
    expect(goalTiles(3)).toEqual(puzzleFromTiles(goalTiles(3), 3).tiles);
  });
});

describe('edges of the rules, each pinned by a case', () => {
  it('options that are not an object are refused, and so is a bad seed for given tiles', () => {
    for (const bad of [null, 5, 'w', [3]]) {
      const r = checkPuzzleOptions(bad as never);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('bad-options');
        expect(r.error.message).toMatch(/^options must be an object, got /);
      }
    }
    const badSeed = checkPuzzleOptions({ seed: -1 });
    expect(!badSeed.ok && badSeed.error.code).toBe('bad-seed');
    const refused = parsePuzzle([1, 2, 3, 4, 5, 6, 7, 0, 8], 3, -1);
    expect(!refused.ok && refused.error.code).toBe('bad-seed');
    const taken = parsePuzzle([1, 2, 3, 4, 5, 6, 7, 0, 8], 3, 7);
    expect(taken.ok && taken.value.seed).toBe(7);
  });

  it('tileAt: null for every cell off the board or not a whole position', () => {
    const p = centre();
    expect(tileAt(p, { row: 0, col: 2 })).toBe(3);
    expect(tileAt(p, { row: 2, col: 2 })).toBe(8);
    expect(tileAt(p, { row: 0, col: 3 })).toBeNull();
    expect(tileAt(p, { row: 3, col: 0 })).toBeNull();
    expect(tileAt(p, { row: 0, col: -1 })).toBeNull();
    expect(tileAt(p, { row: -1, col: 0 })).toBeNull();
    expect(tileAt(p, { row: 1, col: 0.5 })).toBeNull();
    expect(tileAt(p, { row: 0.5, col: 1 })).toBeNull();
  });

  it('a bad tile number is named with the range of tiles', () => {
    expect(() => moveTile(centre(), 9)).toThrow(/^tile must be a whole number from 1 to 8, got 9$/);
    try {
      moveTile(centre(), 0);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(SlideboxError);
      expect((e as SlideboxError).code).toBe('bad-tile');
    }
  });

  it('shuffleTiles draws once per swap of Fisher-Yates (n - 1 draws) and never deals the goal', () => {
    // Pinned: the deal and the generator state after it for seed 7 on 3x3.
    expect(shuffleTiles(3, seedRng(7))).toEqual({
      tiles: [3, 6, 5, 4, 2, 1, 7, 0, 8],
      rng: [237206594, 809862417, 3153754752, 1771671151],
    });
    // On 2x2 one solvable arrangement in 12 is the goal: a hundred deals would meet it.
    for (let seed = 0; seed < 100; seed++) {
      expect(shuffleTiles(2, seedRng(seed)).tiles).not.toEqual([1, 2, 3, 0]);
    }
    expect(goal(3)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
  });

  it('each move says which way the tile went', () => {
    expect(moveTile(centre(), 2).last?.direction).toBe('down');
    expect(moveTile(centre(), 7).last?.direction).toBe('up');
    expect(moveTile(centre(), 4).last?.direction).toBe('right');
    expect(moveTile(centre(), 5).last?.direction).toBe('left');
  });

  it('tileToward: null past every edge, not a tile of the next row', () => {
    const topLeft = puzzleFromTiles([0, 1, 2, 3, 4, 5, 6, 7, 8], 3);
    expect(tileToward(topLeft, 'up')).toBe(3);
    expect(tileToward(topLeft, 'left')).toBe(1);
    expect(tileToward(topLeft, 'down')).toBeNull();
    expect(tileToward(topLeft, 'right')).toBeNull();
    const topRight = puzzleFromTiles([1, 2, 0, 3, 4, 5, 6, 7, 8], 3);
    expect(tileToward(topRight, 'right')).toBe(2);
    expect(tileToward(topRight, 'left')).toBeNull();
    const bottomRight = puzzleFromTiles([1, 2, 3, 4, 5, 6, 7, 8, 0], 3);
    expect(bottomRight.solved).toBe(true);
    expect(tileToward(bottomRight, 'up')).toBeNull();
  });

  it('startClock runs the clock from the deal; pause and resume are idempotent', () => {
    const p = startClock(centre(), 1_000);
    expect(p.clock).toEqual({ elapsedMs: 0, runningSince: 1_000, started: true, paused: false });
    expect(elapsedMs(p, 1_500)).toBe(500);
    expect(resumeClock(p, 1_700)).toBe(p);
    const paused = pauseClock(p, 2_000);
    expect(paused.clock.paused).toBe(true);
    expect(elapsedMs(paused, 9_000)).toBe(1_000);
    expect(pauseClock(paused, 3_000)).toBe(paused);
    const resumed = resumeClock(paused, 10_000);
    expect(resumed.clock.paused).toBe(false);
    expect(elapsedMs(resumed, 10_250)).toBe(1_250);
  });
});
