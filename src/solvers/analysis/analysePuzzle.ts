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
import { DistanceMemo, Pdb4Within } from '../puzzle/pdbWithin.ts';

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
/** The same for a search that stops after one iteration (less searched past its end). */
const CHECK_SLICE = 100_000;
/** Positions met at most this deep in a 4×4 search are remembered (see `pdbWithin.ts`). */
const MEMO_DEPTH = 20;

/** A resumable exact search: IDA* on 3×3 or with the pattern databases on 4×4. */
function searchOf(
  tiles: readonly number[],
  width: number,
  dbs4?: readonly PatternDb[],
): IdaSearch | Pdb4Search | null {
  if (width === 3) return new IdaSearch(tiles, 3, 3, new ManhattanHeuristic(3, 3, true));
  if (width === 4 && dbs4) return new Pdb4Search(tiles, dbs4);
  return null;
}

/**
 * A shortest solution of `tiles` (the tiles to slide), or null when no exact solver serves this
 * width (with the options given).
 */
export function shortestSolution(
  tiles: readonly number[],
  width: number,
  dbs4?: readonly PatternDb[],
): number[] | null {
  const s = searchOf(tiles, width, dbs4);
  if (!s) return null;
  while (s.step(SLICE) !== 'found') {}
  return s.result;
}

/**
 * A solution of `tiles` in at most `most` moves, or null when there is none: one iteration of
 * IDA* with that bound (the last, and cheapest, a full solve would try before it fails).
 */
export function solutionWithin(
  tiles: readonly number[],
  width: number,
  most: number,
  dbs4?: readonly PatternDb[],
): number[] | null {
  const s = searchOf(tiles, width, dbs4);
  if (!s) return null;
  if (s.result) return s.result;
  if (s.bound > most) return null;
  s.bound = most;
  while (s.iterations === 0) {
    if (s.step(CHECK_SLICE) === 'found') return s.result!.length <= most ? s.result : null;
  }
  return null;
}

/**
 * Analyses the moves leading from each state to the next (`states` as a replay gives them),
 * `tiles` being the tile moved each move. A move that follows the shortest solution found
 * before it needs no new search, nor does a return to a position met before; any other single
 * slide needs one iteration of IDA*, whether a solution one move shorter exists. On 4×4 those
 * iterations share a {@link DistanceMemo}: what one proved prunes the next (see `pdbWithin.ts`).
 */
export function analysePuzzle(
  states: readonly Puzzle[],
  tiles: readonly number[],
  opts: AnalysePuzzleOptions = {},
): AnalysisPuzzle {
  const width = states[0]!.size;
  const exact = width === 3 || (width === 4 && opts.dbs4 !== undefined);
  const within4 =
    width === 4 && opts.dbs4 ? new Pdb4Within(opts.dbs4, new DistanceMemo(), MEMO_DEPTH) : null;
  /** Shortest solutions of the positions met so far, by board. */
  const met = new Map<string, number[]>();
  const remember = (p: Puzzle, solution: number[]) => {
    met.set(p.tiles.join(','), solution);
    within4?.memo?.exact(p.tiles, solution.length);
  };
  /** A shortest solution of the current position, when known. */
  let path: number[] | null = null;
  const distance = (p: Puzzle): number => {
    if (p.solved) {
      path = [];
      return 0;
    }
    if (!exact) return movesLowerBound(p.tiles, width);
    path = met.get(p.tiles.join(',')) ?? shortestSolution(p.tiles, width, opts.dbs4);
    remember(p, path!);
    return path!.length;
  };
  /**
   * A solution of `p` within `most` moves, knowing it has none shorter than `most`; on 4×4 the
   * player's next moves are tried first, so the solution found follows them while they are
   * shortest (and they need no search of their own).
   */
  const within = (p: Puzzle, most: number, next: readonly number[]): number[] | null =>
    within4 ? within4.within(p.tiles, most, next) : solutionWithin(p.tiles, width, most, opts.dbs4);
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
    const again = exact ? met.get(to.tiles.join(',')) : undefined;
    if (exact && slid === 1 && known && known[0] === tiles[i]) {
      path = known.slice(1);
      after = before - 1;
    } else if (again) {
      path = again;
      after = again.length;
    } else if (exact && slid === 1 && known && !to.solved) {
      // One slide changes the distance by one: either a shorter solution exists, or sliding
      // the tile back and following the old solution is a shortest one.
      const shorter = within(to, before - 1, tiles.slice(i + 1, i + 1 + before));
      path = shorter ?? [tiles[i]!, ...known];
      after = shorter ? before - 1 : before + 1;
    } else {
      after = distance(to);
    }
    if (exact && path) remember(to, path);
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
