import { describe, expect, it } from 'vitest';
import { goal, newPuzzle, puzzleFromTiles } from '../../engine/puzzle.ts';
import { formatTime } from '../../front/format.ts';
import {
  type Env,
  hintTile,
  initialModelPuzzle,
  type ModelPuzzle,
  newSeries,
  positionKey,
  updatePuzzle,
  wantsSolution,
} from '../../front/modelPuzzle.ts';
import { stripAnsi } from '../ansi.ts';
import { decodeKeys } from '../keys.ts';
import { puzzleKeyToCommand } from './keymap.ts';
import { renderPuzzle, tileAt } from './render.ts';

const env: Env = { now: 1000, seed: () => 5 };
// 1 2 3 / 4 5 6 / 7 _ 8: one move (8 left) from the goal.
const nearlySolved = () => initialModelPuzzle(puzzleFromTiles([1, 2, 3, 4, 5, 6, 7, 0, 8], 3), {});

function press(m: ModelPuzzle, input: string): ModelPuzzle {
  let out = m;
  for (const key of decodeKeys(input))
    out = updatePuzzle(
      out,
      puzzleKeyToCommand(key, out, () => null),
      env,
    );
  return out;
}

describe('puzzle keys and model', () => {
  it('slides the tile right of the gap left with ←/a/h, and the gap with --invert', () => {
    for (const k of ['\x1b[D', 'a', 'h']) expect(press(nearlySolved(), k).puzzle.solved).toBe(true);
    const inverted = { ...nearlySolved(), invert: true };
    // Inverted: ← moves the gap left, so 7 slides right.
    expect(press(inverted, '\x1b[D').puzzle.tiles).toEqual([1, 2, 3, 4, 5, 6, 0, 7, 8]);
  });

  it('explains a move that is not possible', () => {
    // The gap is in the bottom row: nothing can slide up into it from below.
    expect(press(nearlySolved(), '\x1b[A').notice).toBe('No tile can slide that way.');
    const m = updatePuzzle(nearlySolved(), { type: 'tile', tile: 1 }, env);
    expect(m.notice).toMatch(/not in the gap's row or column/);
  });

  it('moves a clicked tile (with the tiles between)', () => {
    const m = initialModelPuzzle(puzzleFromTiles([1, 2, 3, 4, 5, 6, 0, 7, 8], 3), {});
    const clicked = updatePuzzle(m, { type: 'tile', tile: 8 }, env);
    expect(clicked.puzzle.solved).toBe(true);
    expect(clicked.puzzle.moves).toBe(2);
  });

  it('asks for a solution for the hint, shows its first tile, and follows the plan as you play', () => {
    const m = press(initialModelPuzzle(puzzleFromTiles([1, 2, 3, 4, 5, 6, 0, 7, 8], 3), {}), 'i');
    expect(m.hint).toBe(true);
    expect(wantsSolution(m)).toBe(true);
    expect(hintTile(m)).toBeNull();
    const solved = updatePuzzle(
      m,
      { type: 'solution', from: positionKey(m.puzzle), tiles: [7, 8], optimal: true },
      env,
    );
    expect(hintTile(solved)).toBe(7);
    expect(wantsSolution(solved)).toBe(false);
    const next = press(solved, 'a'); // slides 7 left, as the plan says
    expect(hintTile(next)).toBe(8);
    expect(wantsSolution(next)).toBe(false);
  });

  it('ignores a solution that arrives for a position the board has left', () => {
    const m = press(initialModelPuzzle(puzzleFromTiles([1, 2, 3, 4, 5, 6, 0, 7, 8], 3), {}), 'i');
    const stale = updatePuzzle(
      m,
      { type: 'solution', from: 'something else', tiles: [1], optimal: true },
      env,
    );
    expect(stale).toBe(m);
  });

  it('plays the solution step by step, and any key stops it', () => {
    let m = press(initialModelPuzzle(puzzleFromTiles([1, 2, 3, 4, 5, 6, 0, 7, 8], 3), {}), 'p');
    expect(m.autoSolve).toBe(true);
    expect(m.assisted).toBe(true);
    m = updatePuzzle(
      m,
      { type: 'solution', from: positionKey(m.puzzle), tiles: [7, 8], optimal: true },
      env,
    );
    m = updatePuzzle(m, { type: 'solve-step' }, env);
    expect(m.puzzle.tiles).toEqual([1, 2, 3, 4, 5, 6, 7, 0, 8]);
    const stopped = press(m, 'x');
    expect(stopped.autoSolve).toBe(false);
    expect(stopped.puzzle).toBe(m.puzzle);
    m = updatePuzzle(m, { type: 'solve-step' }, env);
    expect(m.puzzle.solved).toBe(true);
    expect(m.autoSolve).toBe(false);
  });

  it('undo, new game with confirmation, help', () => {
    const start = initialModelPuzzle(newPuzzle({ width: 4, seed: 3 }), {});
    expect(press(start, 'u').notice).toBe('Nothing to undo.');
    const moved = press(start, 'adwsadws');
    expect(moved.puzzle.moves).toBeGreaterThan(0);
    expect(press(moved, 'u').puzzle.moves).toBeLessThan(moved.puzzle.moves);
    expect(press(moved, 'n').overlay).toBe('confirm-new');
    expect(press(moved, 'nn').puzzle).toBe(moved.puzzle);
    const fresh = press(moved, 'ny');
    expect(fresh.puzzle.moves).toBe(0);
    expect(fresh.puzzle.width).toBe(4);
    expect(press(start, '?').overlay).toBe('help');
  });
});

describe('puzzle screen', () => {
  it('draws every tile once, the moves and the time', () => {
    const m = initialModelPuzzle(newPuzzle({ width: 4, seed: 8 }), { moves: 80, timeMs: 62_000 });
    for (const depth of ['truecolor', 'none'] as const) {
      const lines = renderPuzzle(m, { cols: 80, rows: 24 }, depth, 0);
      expect(lines).toHaveLength(24);
      const text = lines.map(stripAnsi);
      const nums = text
        .filter((l) => !/[A-Za-z]/.test(l))
        .flatMap((l) => l.match(/\d+/g) ?? [])
        .map(Number)
        .sort((a, b) => a - b);
      expect(nums).toEqual(goal(4).filter((t) => t > 0));
      expect(text.join('\n')).toContain('Moves 0   Time 0:00   Best 80 moves · 1:02');
      expect(text.join('\n')).toContain('15-puzzle · 4×4');
    }
  });

  it('maps a click on a tile to that tile, and a click elsewhere to nothing', () => {
    const m = initialModelPuzzle(newPuzzle({ width: 3, seed: 1 }), {});
    const view = { cols: 80, rows: 24 };
    const lines = renderPuzzle(m, view, 'none', 0).map(stripAnsi);
    // Find each tile's label on screen and click there.
    for (const tile of m.puzzle.tiles.filter((t) => t > 0)) {
      const y = lines.findIndex(
        (l) => !/[A-Za-z]/.test(l) && new RegExp(`(^|\\D)${tile}(\\D|$)`).test(l),
      );
      const x = lines[y]!.search(new RegExp(`(?<!\\d)${tile}(?!\\d)`));
      expect(tileAt(m, view, 'none', x, y)).toBe(tile);
    }
    expect(tileAt(m, view, 'none', 0, 0)).toBeNull();
  });

  it('shows the win box with the moves and the time', () => {
    const m = press(nearlySolved(), 'a');
    const text = renderPuzzle(m, { cols: 80, rows: 24 }, 'truecolor', 1000)
      .map(stripAnsi)
      .join('\n');
    expect(text).toContain('Solved!');
    expect(text).toContain('1 move in 0:00');
  });

  it('formats times', () => {
    expect(formatTime(7_000)).toBe('0:07');
    expect(formatTime(754_999)).toBe('12:34');
    expect(formatTime(3_723_000)).toBe('1:02:03');
  });
});

describe('quitting a relay or marathon under way', () => {
  // A marathon of 3×3s, its first puzzle one move from solved.
  const marathon = () =>
    initialModelPuzzle(
      puzzleFromTiles([1, 2, 3, 4, 5, 6, 7, 0, 8], 3),
      {},
      {
        series: newSeries({ kind: 'marathon', count: 3, width: 3 }),
      },
    );

  it('asks first once it has a move or a split, as n does; any key but y goes on', () => {
    const played = press(marathon(), '\x1b[D'); // the first puzzle solved: one split
    expect(played.series?.splits).toHaveLength(1);
    const asked = press(played, 'q');
    expect(asked.quit).toBe(false);
    expect(asked.overlay).toBe('confirm-quit');
    const box = stripAnsi(renderPuzzle(asked, { cols: 80, rows: 24 }, 'none', 0).join('\n'));
    expect(box).toContain('Quit the marathon?');
    expect(box).toContain('its splits will be lost');
    const kept = press(asked, 'n');
    expect(kept.quit).toBe(false);
    expect(kept.overlay).toBeNull();
    expect(kept.series?.splits).toHaveLength(1);
    expect(press(asked, 'y').quit).toBe(true);
    expect(press(played, '\x1b').overlay).toBe('confirm-quit'); // Escape asks too
  });

  it('quits at once before its first move, once it is done, and on Ctrl+C', () => {
    expect(press(marathon(), 'q').quit).toBe(true);
    expect(press(press(marathon(), '\x1b[D'), '\x03').quit).toBe(true);
    expect(press(nearlySolved(), 'q').quit).toBe(true); // no series: the game is saved
  });
});
