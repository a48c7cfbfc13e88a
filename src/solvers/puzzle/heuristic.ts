/**
 * The interface between IDA* and its heuristics. A heuristic keeps incremental state for the
 * position the search is at; the search tells it about every slide, forward and back.
 */
export interface Heuristic {
  /** Starts over from `tiles` (row-major, 0 = blank; the search's own array, read only). Returns h. */
  reset(tiles: Uint8Array): number;
  /**
   * Tile `tile` has just slid from cell `from` into cell `to` (so the blank is now at `from`);
   * the tiles array already shows the move. Returns the new h: an admissible estimate whose
   * value 0 means the goal.
   */
  move(tile: number, from: number, to: number): number;
}
