/**
 * Test support: a checker of puzzle solutions that shares no code with the engine or the
 * solvers (the solvers check their own answers with `solves`, so a test that checked them with
 * it too could not catch a fault in both).
 */

/**
 * Why `moves` (tile numbers, each sliding into the blank) do not take `tiles` to the goal
 * (1, 2, …, then the blank last), or null when they do.
 */
export function whyNotSolved(
  tiles: readonly number[],
  width: number,
  moves: readonly number[],
): string | null {
  const board = [...tiles];
  let blank = board.indexOf(0);
  for (let i = 0; i < moves.length; i++) {
    const tile = moves[i]!;
    const at = tile === 0 ? -1 : board.indexOf(tile);
    if (at < 0) return `move ${i + 1}: there is no tile ${tile}`;
    const rows = Math.abs(Math.floor(at / width) - Math.floor(blank / width));
    const cols = Math.abs((at % width) - (blank % width));
    if (rows + cols !== 1) return `move ${i + 1}: tile ${tile} is not next to the blank`;
    board[blank] = tile;
    board[at] = 0;
    blank = at;
  }
  const solved = board.every((t, i) => t === (i === board.length - 1 ? 0 : i + 1));
  return solved
    ? null
    : `after ${moves.length} moves the board is ${board.join(' ')}, not the goal`;
}
