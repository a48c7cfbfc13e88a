/**
 * The public surface as a whole: the four entries (`slidebox/2048`, `slidebox/puzzle`,
 * `slidebox/ai`, `slidebox/node`) never give one name two meanings, keep the engine's internals
 * to themselves, pair every `…OrThrow` twin with its Result form, and take the engine's own
 * readonly values (`game.cells`, `puzzle.tiles`) wherever they read a board.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as g2048 from './2048.ts';
import * as ai from './ai.ts';
import * as node from './node.ts';
import * as puzzle from './puzzle.ts';

const ENTRIES = {
  'slidebox/2048': g2048,
  'slidebox/puzzle': puzzle,
  'slidebox/ai': ai,
  'slidebox/node': node,
};

describe('the public surface', () => {
  it('a name exported by several entries is the same thing in each', () => {
    const seen = new Map<string, { entry: string; value: unknown }>();
    const clashes: string[] = [];
    let shared = 0;
    for (const [entry, mod] of Object.entries(ENTRIES)) {
      for (const [name, value] of Object.entries(mod)) {
        const before = seen.get(name);
        if (!before) {
          seen.set(name, { entry, value });
          continue;
        }
        shared++;
        const same =
          before.value === value ||
          (typeof value !== 'function' && JSON.stringify(before.value) === JSON.stringify(value));
        if (!same) clashes.push(`${name}: ${before.entry} and ${entry}`);
      }
    }
    expect(clashes).toEqual([]);
    expect(shared).toBeGreaterThan(5); // SlideboxError, unwrap, seedRng, DIRECTIONS, …
  });

  it('the engine’s internals and the old names are not exported', () => {
    const gone: Record<string, string[]> = {
      'slidebox/2048': [
        'undo',
        'checkOptions',
        'parseGame',
        'serializeGame',
        'parseVersus',
        'serializeVersus',
        'parseDuel',
        'serializeDuel',
        'spawnTile',
        'slideValid',
        'playPlaced',
      ],
      'slidebox/puzzle': [
        'undo',
        'goal',
        'checkWidth',
        'DEFAULT_WIDTH',
        'parsePuzzle',
        'parseSavedPuzzle',
        'serializePuzzle',
        'startSolve',
        'fileCache',
      ],
      'slidebox/ai': ['answerAiRequest', 'AiWorker', 'planOf', 'analysePlan', 'checkAiOptions'],
    };
    for (const [entry, names] of Object.entries(gone)) {
      const mod = ENTRIES[entry as keyof typeof ENTRIES] as Record<string, unknown>;
      expect(
        names.filter((n) => n in mod),
        entry,
      ).toEqual([]);
    }
  });

  it('what a user needs is exported: unwrap everywhere, isDirection, startClock', () => {
    expect(g2048.unwrap).toBe(puzzle.unwrap);
    expect(ai.unwrap).toBe(puzzle.unwrap);
    expect(g2048.isDirection('left') && !g2048.isDirection('west')).toBe(true);
    expect(puzzle.isDirection).toBe(g2048.isDirection);
    const p = puzzle.startClock(puzzle.newPuzzleOrThrow({ size: 3, seed: 1 }), 1000);
    // One word for the board's side: a puzzle has `size`, as a 2048 game has, after moves and saves.
    expect(p.size).toBe(3);
    const moved = puzzle.moveTileOrThrow(p, puzzle.movableTiles(p)[0]!, { now: 1200 });
    expect(moved.size).toBe(3);
    const back = puzzle.parsePuzzleSaveOrThrow(puzzle.makePuzzleSaveOrThrow(moved, { now: 1300 }));
    expect(back.size).toBe(3);
    expect(g2048.newGameOrThrow({ size: 3 }).size).toBe(3);
    expect(puzzle.elapsedMs(p, 1500)).toBe(500);
    expect(g2048.unwrap(g2048.newGame({ seed: 7 }))).toEqual(g2048.newGameOrThrow({ seed: 7 }));
    expect(() => g2048.unwrap(g2048.newGame({ size: 2 }))).toThrow(g2048.SlideboxError);
  });

  it('every …OrThrow twin has its Result form beside it', () => {
    for (const [entry, mod] of Object.entries(ENTRIES)) {
      const names = Object.keys(mod);
      const twins = names.filter((n) => n.endsWith('OrThrow'));
      for (const t of twins)
        expect(names, `${entry} ${t}`).toContain(t.slice(0, -'OrThrow'.length));
      if (entry !== 'slidebox/node') expect(twins.length, entry).toBeGreaterThan(4);
    }
  });

  it('the engine’s readonly values are accepted wherever a board is read', async () => {
    const game = g2048.newGameOrThrow({ seed: 7 });
    const cells: g2048.Cells = game.cells;
    expect(ai.bestMoveOrThrow(cells, { depth: 1 })).not.toBeNull();
    expect(ai.choosePlacement(cells).ok).toBe(true);
    expect(g2048.slide(cells, 'left').ok).toBe(true);
    const p = puzzle.newPuzzleOrThrow({ size: 3, seed: 7 });
    const tiles: readonly number[] = p.tiles;
    expect(puzzle.isSolvable(tiles, 3)).toBe(true);
    expect((await puzzle.solve(tiles, 3)).ok).toBe(true);
    expect(puzzle.puzzleFromTiles(tiles, 3).ok).toBe(true);
    // The worker forms start threads: their types are what is checked here (by tsc).
    expectTypeOf(node.bestMoveAsync).toBeCallableWith(cells);
    expectTypeOf(new node.AiWorker().bestMove).toBeCallableWith(cells, { preset: 'fast' });
    expectTypeOf(node.startSolve).toBeCallableWith(tiles, 3);
  });
});
