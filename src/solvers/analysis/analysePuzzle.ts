/**
 * A sliding-puzzle game judged move by move: the fewest moves to solved before and after every
 * move (exact on 3×3 by IDA* with Manhattan distance and linear conflict, on 4×4 by IDA* with
 * the 6-6-3 pattern databases; from 5×5 up a lower bound, said so), so each move is either on
 * a shortest path or a detour, and the game's optimal count and wasted moves.
 */
import type { Puzzle } from '../../engine/puzzle.ts';
import { movesLowerBound } from '../puzzle/bound.ts';
import { IdaSearch } from '../puzzle/ida.ts';
import { ManhattanHeuristic } from '../puzzle/manhattan.ts';
import type { PatternDb } from '../puzzle/pdb.ts';
import { Pdb4Search } from '../puzzle/pdbSearch.ts';

/** One move judged. */
export interface MoveVerdictPuzzle {
  /** The move's number, from 1. */
  readonly n: number;
  /** The tile the player moved. */
  readonly played: number;
  /** Tiles that slid (more than one when a tile farther along the blank's line was moved). */
  readonly slid: number;
  /** Fewest moves to solved before the move. */
  readonly before: number;
  /** Fewest moves to solved after it. */
  readonly after: number;
  /** On a shortest path: the distance fell by every tile that slid. */
  readonly optimal: boolean;
  /** A tile whose move starts a shortest solution from before the move (null when not exact). */
  readonly best: number | null;
}

/** A puzzle game's analysis. */
export interface AnalysisPuzzle {
  readonly kind: 'puzzle';
  readonly width: number;
  /** The distances are exact (3×3, 4×4), not lower bounds. */
  readonly exact: boolean;
  /** Fewest moves that solve the start. */
  readonly optimal: number;
  /** Single-tile moves played. */
  readonly played: number;
  /** Moves that did not bring the board nearer: played − (distance at start − at end). */
  readonly wasted: number;
  /** Numbers of the moves that were detours. */
  readonly detours: readonly number[];
  readonly moves: readonly MoveVerdictPuzzle[];
}

/** Options of {@link analysePuzzle}. */
export interface AnalysePuzzleOptions {
  /** The 4×4 pattern databases (`patternDbs4`); without them 4×4 distances are lower bounds. */
  dbs4?: readonly PatternDb[];
  /** Hears after each move analysed: moves done, moves in all. */
  onProgress?: (done: number, total: number) => void;
}

/** Nodes searched between two looks at whether the search is done. */
const SLICE = 1_000_000;

/**
 * A shortest solution of `tiles` (the tiles to slide), or null when no exact solver serves this
 * width (with the options given).
 */
export function shortestSolution(
  tiles: readonly number[],
  width: number,
  dbs4?: readonly PatternDb[],
): number[] | null {
  let s: IdaSearch | Pdb4Search;
  if (width === 3) s = new IdaSearch(tiles, 3, 3, new ManhattanHeuristic(3, 3, true));
  else if (width === 4 && dbs4) s = new Pdb4Search(tiles, dbs4);
  else return null;
  while (s.step(SLICE) !== 'found') {}
  return s.result;
}

/**
 * Analyses the moves leading from each state to the next (`states` as a replay gives them),
 * `tiles` being the tile moved each move. A move that follows the shortest solution found
 * before it needs no new search.
 */
export function analysePuzzle(
  states: readonly Puzzle[],
  tiles: readonly number[],
  opts: AnalysePuzzleOptions = {},
): AnalysisPuzzle {
  const width = states[0]!.size;
  const exact = width === 3 || (width === 4 && opts.dbs4 !== undefined);
  /** A shortest solution of the current position, when known. */
  let path: number[] | null = null;
  const distance = (p: Puzzle): number => {
    if (p.solved) {
      path = [];
      return 0;
    }
    if (!exact) return movesLowerBound(p.tiles, width);
    path = shortestSolution(p.tiles, width, opts.dbs4);
    return path!.length;
  };
  let before = distance(states[0]!);
  const start = before;
  const verdicts: MoveVerdictPuzzle[] = [];
  const detours: number[] = [];
  for (let i = 0; i < tiles.length; i++) {
    const from = states[i]!;
    const to = states[i + 1]!;
    const slid = to.moves - from.moves;
    let after: number;
    const known = path as number[] | null;
    const best = exact && known && known.length > 0 ? known[0]! : null;
    if (exact && slid === 1 && known && known[0] === tiles[i]) {
      path = known.slice(1);
      after = before - 1;
    } else {
      after = distance(to);
    }
    const optimal = exact ? before - after === slid : after < before;
    if (!optimal) detours.push(i + 1);
    verdicts.push({ n: i + 1, played: tiles[i]!, slid, before, after, optimal, best });
    before = after;
    opts.onProgress?.(i + 1, tiles.length);
  }
  const last = states[tiles.length]!;
  const played = last.moves - states[0]!.moves;
  return {
    kind: 'puzzle',
    width,
    exact,
    optimal: start,
    played,
    wasted: Math.max(0, played - (start - before)),
    detours,
    moves: verdicts,
  };
}
