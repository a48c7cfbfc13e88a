import { readdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { movableTiles, moveTile, newPuzzle } from '../engine/puzzle.ts';
import { tempDir } from '../testing/tempDir.ts';
import { loadPuzzle, recordPuzzleSolve, savePathPuzzle, savePuzzle } from './storePuzzle.ts';

const tmp = () => tempDir('slidebox-puzzle-store-');

describe('puzzle saves', () => {
  it('round-trip the game, its history and the solver flag', () => {
    const dir = tmp();
    let p = newPuzzle({ width: 4, seed: 9 });
    for (let i = 0; i < 10; i++) p = moveTile(p, movableTiles(p)[i % 3]!, 1000 + i);
    savePuzzle(dir, p, 5000, true);
    const back = loadPuzzle(dir, 4);
    expect(back.notices).toEqual([]);
    expect(back.puzzle?.tiles).toEqual(p.tiles);
    expect(back.puzzle?.moves).toBe(p.moves);
    expect(back.puzzle?.previous?.tiles).toEqual(p.previous?.tiles);
    expect(back.assisted).toBe(true);
    savePuzzle(dir, p, 5000);
    expect(loadPuzzle(dir, 4).assisted).toBe(false);
  });

  it('move a damaged save aside and start fresh', () => {
    const dir = tmp();
    writeFileSync(savePathPuzzle(dir, 3), '{"kind":"slidebox/puzzle","version":1,"width":3');
    const r = loadPuzzle(dir, 3);
    expect(r.puzzle).toBeNull();
    expect(r.assisted).toBe(false);
    expect(r.notices[0]).toMatch(/could not be loaded/);
    expect(readdirSync(dir).some((f) => f.startsWith('puzzle-3x3.json.corrupt-'))).toBe(true);
  });

  it('keep the fewest moves and the fastest time separately', () => {
    const dir = tmp();
    expect(recordPuzzleSolve(dir, 3, 30, 20_000)).toMatchObject({
      movesRecord: true,
      timeRecord: true,
    });
    expect(recordPuzzleSolve(dir, 3, 25, 40_000)).toMatchObject({
      movesRecord: true,
      timeRecord: false,
    });
    expect(recordPuzzleSolve(dir, 3, 40, 10_000)).toMatchObject({
      movesRecord: false,
      timeRecord: true,
    });
    expect(recordPuzzleSolve(dir, 3, 50, 50_000)).toMatchObject({
      best: { moves: 25, timeMs: 10_000 },
      movesRecord: false,
      timeRecord: false,
      // 20, 40, 10, 50 s: mo3 of the first three was the best, 23.3 s.
      improved: { time: [] },
    });
    const best = loadPuzzle(dir, 3).best;
    expect(best).toMatchObject({ moves: 25, timeMs: 10_000 });
    expect(best.bests?.time.mo3).toBeCloseTo(70_000 / 3);
    expect(best.tail).toEqual([
      [20_000, 30],
      [40_000, 25],
      [10_000, 40],
      [50_000, 50],
    ]);
    expect(loadPuzzle(dir, 4).best).toEqual({});
  });
});
