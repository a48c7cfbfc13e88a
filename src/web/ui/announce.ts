/**
 * Sentences for the screen reader's live region and the notice line: what a move did and how a
 * game ended, worked out from the engine's own record of the move (no rules here).
 */

import type { Game } from '../../engine/game2048.ts';
import type { Puzzle } from '../../engine/puzzle.ts';
import { formatNumber, formatSolveTime } from '../../front/format.ts';

/** What happened between two 2048 states, for the live region ('' when nothing did). */
export function describe2048(before: Game, after: Game): string {
  if (after === before) return '';
  if (after.previous === before && after.last) {
    const parts = [`Moved ${after.last.direction}.`];
    const merges = after.last.merges;
    if (merges.length > 0) {
      const values = merges.map((m) => formatNumber(m.value)).join(', ');
      parts.push(
        `${merges.length === 1 ? 'Merged into' : `${merges.length} merges:`} ${values}, plus ${formatNumber(after.last.gained)} points.`,
      );
    }
    const spawn = after.spawned[0];
    if (spawn)
      parts.push(`New ${spawn.value} at row ${spawn.at.row + 1}, column ${spawn.at.col + 1}.`);
    parts.push(`Score ${formatNumber(after.score)}.`);
    if (after.won && !before.won) parts.push(`You reached ${formatNumber(after.target)}! You win.`);
    if (after.over) parts.push('Game over: no moves left.');
    return parts.join(' ');
  }
  if (before.previous === after) return `Move undone. Score ${formatNumber(after.score)}.`;
  if (after.moves === 0 && after.previous === null) {
    return `New ${after.size} by ${after.size} game. Reach ${formatNumber(after.target)}.`;
  }
  if (after.keepPlaying && !before.keepPlaying) return 'Keep going: play on past the target.';
  return '';
}

function movesText(n: number): string {
  return `${formatNumber(n)} ${n === 1 ? 'move' : 'moves'}`;
}

/** What happened between two puzzle states, for the live region. */
export function describePuzzle(before: Puzzle, after: Puzzle, timeMs: number): string {
  if (after === before) return '';
  if (after.previous === before && after.last) {
    const tiles = after.last.slides.map((s) => s.tile);
    const what = tiles.length === 1 ? `Tile ${tiles[0]}` : `Tiles ${tiles.join(', ')}`;
    const parts = [`${what} moved ${after.last.direction}.`, `${movesText(after.moves)}.`];
    if (after.solved) {
      parts.push(`Solved in ${after.moves} moves and ${formatSolveTime(timeMs)}!`);
    }
    return parts.join(' ');
  }
  if (after.undone) return `Move undone. ${movesText(after.moves)}.`;
  if (after.moves === 0 && after.previous === null) {
    return `New ${after.width} by ${after.width} puzzle.`;
  }
  return '';
}
