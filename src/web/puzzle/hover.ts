/**
 * Hover control for the sliding puzzle, as speedsolvers play it: the tile under the mouse
 * slides as soon as the pointer comes onto it, when it is in the gap's row or column (a tile
 * further along slides the tiles between too, like a click). A pointer that rests on a tile
 * which becomes movable after another move slides it then. A tile that arrives under a pointer
 * that has not moved (it slid there, or a move was undone, or a new puzzle was dealt) is left
 * alone until the pointer moves, so the same tile never goes back and forth under a still
 * pointer.
 *
 * Where the pointer is comes from the board's geometry and the position in the model, never from
 * the element under it (tiles are still sliding under the pointer while their animation plays).
 */

/** The cell of an n×n board under the point (x, y), or null off the board. */
export function cellAt(
  x: number,
  y: number,
  rect: { readonly left: number; readonly top: number; readonly width: number },
  n: number,
  gap: number,
): number | null {
  // The board is n tiles and n + 1 gaps across; each cell owns half of the gaps beside it.
  const tile = rect.width / (n + (n + 1) * gap);
  const along = (d: number) => {
    if (d < 0 || d >= rect.width) return null;
    return Math.min(n - 1, Math.max(0, Math.floor((d / tile - gap / 2) / (1 + gap))));
  };
  const col = along(x - rect.left);
  const row = along(y - rect.top);
  return col === null || row === null ? null : row * n + col;
}

/** Remembers what the pointer was over, to tell a pointer's own move from a board's change. */
export class HoverTracker {
  /** The pointer moved since the last look. */
  private moved = false;
  /** The tile under the pointer at the last look (0: the gap; null: none; undefined: unknown). */
  private seen: number | null | undefined = undefined;
  /** A tile that came under the still pointer: it waits for the pointer to move. */
  private blocked: number | null = null;

  /** The pointer moved (over the board or off it). */
  move(): void {
    this.moved = true;
  }

  /** A new board was dealt: whatever is under the still pointer now was not chosen. */
  forget(): void {
    this.seen = undefined;
  }

  /**
   * The board has just appeared (its screen was shown): the pointer has not moved over it yet,
   * and whatever comes to be under it waits for it to move.
   */
  appeared(): void {
    this.moved = false;
    this.seen = undefined;
  }

  /**
   * Looks at the tile now under the pointer (0: the gap; null: none), after the pointer moved or
   * the board changed; gives the tile to slide, or null. `active`: hovering may move tiles now
   * (no dialog over the board, the puzzle not solved, no solution being played); when not, the
   * tile under the pointer waits for the pointer to move.
   */
  look(tile: number | null, canMove: (tile: number) => boolean, active: boolean): number | null {
    const fresh = this.moved;
    const same = tile === this.seen;
    this.moved = false;
    this.seen = tile;
    if (fresh) this.blocked = null;
    else if (!same) this.blocked = tile;
    if (!active) {
      this.blocked = tile;
      return null;
    }
    if (tile === null || tile === 0 || tile === this.blocked || !canMove(tile)) return null;
    return tile;
  }
}
