/**
 * A lower bound of the fewest moves that solve a position, for any width: Manhattan distance
 * plus linear conflict (the heuristic the optimal searches start from; admissible, so never
 * more than the optimal). What the solve summary shows where no optimal solve is feasible.
 */
import { ManhattanHeuristic } from './manhattan.ts';

export function movesLowerBound(tiles: readonly number[], width: number): number {
  return new ManhattanHeuristic(width, width, true).reset(Uint8Array.from(tiles));
}
