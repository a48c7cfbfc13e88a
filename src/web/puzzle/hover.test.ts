import { describe, expect, it } from 'vitest';
import { movableTiles, moveTile, type Puzzle, puzzleFromTiles } from '../../engine/puzzle.ts';
import { cellAt, HoverTracker } from './hover.ts';

describe('cellAt', () => {
  // A 3×3 board 320 px wide with gaps of 0.25 tile: tiles of 80 px, gaps of 20 px.
  const rect = { left: 100, top: 50, width: 320 };
  const at = (x: number, y: number) => cellAt(x, y, rect, 3, 0.25);

  it('names the cell under a tile’s centre', () => {
    expect(at(100 + 20 + 40, 50 + 20 + 40)).toBe(0);
    expect(at(100 + 20 + 100 + 40, 50 + 20 + 40)).toBe(1);
    expect(at(100 + 20 + 200 + 40, 50 + 20 + 200 + 40)).toBe(8);
  });

  it('splits the gaps between tiles, and the board’s edges belong to the outer cells', () => {
    // Between tiles 0 and 1: the gap runs from 200 to 220 (x), its middle at 210.
    expect(at(209, 90)).toBe(0);
    expect(at(211, 90)).toBe(1);
    expect(at(101, 51)).toBe(0);
    expect(at(419, 369)).toBe(8);
  });

  it('is null off the board', () => {
    expect(at(99, 90)).toBeNull();
    expect(at(420, 90)).toBeNull();
    expect(at(150, 49)).toBeNull();
    expect(at(150, 370)).toBeNull();
  });
});

/** A 3×3 position and a pointer over one of its cells, hovering as the web screen does. */
class Board {
  p: Puzzle;
  cell: number | null = null;
  readonly hover = new HoverTracker();
  readonly slid: number[] = [];

  constructor(tiles: number[]) {
    this.p = puzzleFromTiles(tiles, 3);
  }

  /** The pointer moves to a cell: the screen looks, and slides what hover says. */
  pointer(cell: number | null): void {
    this.cell = cell;
    this.hover.move();
    this.look();
  }

  /** A move not made by hovering (a key): the screen looks again afterwards. */
  tile(t: number): void {
    this.p = moveTile(this.p, t);
    this.look();
  }

  private look(): void {
    const under = this.cell === null ? null : this.p.tiles[this.cell]!;
    const t = this.hover.look(under, (x) => movableTiles(this.p).includes(x), !this.p.solved);
    if (t === null) return;
    this.slid.push(t);
    this.p = moveTile(this.p, t);
    // Each slide is followed by a look at the new position, as on the page.
    this.look();
  }
}

describe('HoverTracker', () => {
  // 1 2 3 / 4 5 6 / 7 0 8: the gap in the middle of the bottom row.
  const start = [1, 2, 3, 4, 5, 6, 7, 0, 8];

  it('slides a tile in the gap’s row or column as the pointer comes onto it', () => {
    const b = new Board(start);
    b.pointer(0); // tile 1: not in line with the gap
    expect(b.slid).toEqual([]);
    b.pointer(1); // tile 2, two above the gap: it and 5 slide down
    expect(b.slid).toEqual([2]);
    expect(b.p.tiles).toEqual([1, 0, 3, 4, 2, 6, 7, 5, 8]);
    // The pointer is now over the gap: nothing more happens while it stays.
    expect(b.slid).toEqual([2]);
  });

  it('slides the tile under a resting pointer once another move brings the gap in line', () => {
    const b = new Board(start);
    b.pointer(2); // tile 3, not movable yet
    expect(b.slid).toEqual([]);
    b.tile(5); // 5 slides down: the gap is in the middle, still not in 3's row or column
    expect(b.slid).toEqual([]);
    b.tile(6); // 6 slides left: the gap is under 3
    expect(b.slid).toEqual([3]);
    expect(b.p.tiles).toEqual([1, 2, 0, 4, 6, 3, 7, 5, 8]);
  });

  it('never slides back a tile that came under the still pointer, until the pointer moves', () => {
    const b = new Board(start);
    b.pointer(4); // tile 5, just above the gap: slides down; the gap is under the pointer
    expect(b.slid).toEqual([5]);
    b.tile(5); // a key slides 5 back up, under the still pointer
    expect(b.slid).toEqual([5]);
    expect(b.p.tiles[4]).toBe(5);
    b.tile(4); // another key: 4 slides right; 5 stays under the pointer, movable, left alone
    expect(b.slid).toEqual([5]);
    b.pointer(4); // the pointer moves (within the same cell): now it slides
    expect(b.slid).toEqual([5, 5]);
  });

  it('leaves a new deal alone under the still pointer', () => {
    const b = new Board(start);
    b.pointer(8); // tile 8, beside the gap: slides left, and the puzzle is solved
    expect(b.slid).toEqual([8]);
    expect(b.p.solved).toBe(true);
    // A new puzzle is dealt with 6 beside the gap, under the pointer.
    b.p = puzzleFromTiles([1, 2, 3, 4, 5, 0, 7, 8, 6], 3);
    b.hover.forget();
    b.tile(3); // 3 slides down: 6 is still under the pointer, and movable
    expect(b.slid).toEqual([8]);
    b.pointer(8);
    expect(b.slid).toEqual([8, 6]);
  });

  it('does nothing while inactive (a dialog, a solution playing), until the pointer moves', () => {
    const h = new HoverTracker();
    const any = () => true;
    h.move();
    expect(h.look(3, any, false)).toBeNull();
    expect(h.look(3, any, true)).toBeNull();
    h.move();
    expect(h.look(3, any, true)).toBe(3);
    h.move();
    expect(h.look(null, any, true)).toBeNull();
    h.move();
    expect(h.look(0, any, true)).toBeNull();
  });

  it('leaves the tile under a still pointer alone when the board appears, until it moves', () => {
    const h = new HoverTracker();
    const any = () => true;
    // The pointer moved over the last screen (it left the board on the way out).
    h.move();
    h.appeared();
    // The board appears: the still pointer is over tile 3, which could slide.
    expect(h.look(3, any, true)).toBeNull();
    expect(h.look(3, any, true)).toBeNull();
    h.move();
    expect(h.look(3, any, true)).toBe(3);
  });
});
