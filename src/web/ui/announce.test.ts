import { describe, expect, it } from 'vitest';
import { gameFromCells, keepGoing, newGame, play, undo } from '../../engine/game2048.ts';
import { moveTile, puzzleFromTiles, undo as undoPuzzle } from '../../engine/puzzle.ts';
import { formatTime } from '../../front/format.ts';
import { describe2048, describePuzzle } from './announce.ts';

describe('formatTime', () => {
  it.each([
    [0, '0:00'],
    [999, '0:00'],
    [61_000, '1:01'],
    [3_600_000 + 5_000, '1:00:05'],
  ])('%d ms reads %s', (ms, text) => {
    expect(formatTime(ms)).toBe(text);
  });
});

describe('describe2048', () => {
  it('tells the move, merges, the new tile and the score', () => {
    const g = gameFromCells(
      [
        [2, 2, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
      { seed: 1 },
    );
    const after = play(g, 'left');
    const s = after.spawned[0]!;
    expect(describe2048(g, after)).toBe(
      `Moved left. Merged into 4, plus 4 points. New ${s.value} at row ${s.at.row + 1}, column ${s.at.col + 1}. Score 4.`,
    );
  });

  it('tells wins, undo, new games and keep going', () => {
    const g = gameFromCells(
      [
        [1024, 1024, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
      { seed: 1 },
    );
    const won = play(g, 'left');
    expect(describe2048(g, won)).toMatch(/You reached 2,048! You win\.$/);
    expect(describe2048(won, undo(won))).toBe('Move undone. Score 0.');
    expect(describe2048(won, keepGoing(won))).toBe('Keep going: play on past the target.');
    expect(describe2048(won, newGame({ size: 5, seed: 2 }))).toBe('New 5 by 5 game. Reach 2,048.');
    expect(describe2048(won, won)).toBe('');
  });
});

describe('describePuzzle', () => {
  it('tells the tiles moved, the count, the win and undo', () => {
    const p = puzzleFromTiles([1, 2, 3, 4, 5, 6, 0, 7, 8], 3);
    const two = moveTile(p, 8, 0);
    expect(describePuzzle(p, two, 0)).toBe(
      'Tiles 7, 8 moved left. 2 moves. Solved in 2 moves and 0.000!',
    );
    const one = moveTile(p, 7, 0);
    expect(describePuzzle(p, one, 0)).toBe('Tile 7 moved left. 1 move.');
    expect(describePuzzle(one, undoPuzzle(one), 0)).toBe('Move undone. 0 moves.');
  });
});
