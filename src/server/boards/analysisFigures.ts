/**
 * What the server keeps of a game's analysis (src/solvers/analysis/), and the boards' mark of
 * games that agree with the AI beyond what players do. Pure: the analysis thread makes the
 * figures (analysisWorker.ts), the boards show them (scores.ts); docs/server.md explains them.
 */
import type { Analysis2048 } from '../../solvers/analysis/analyse2048.ts';
import type { AnalysisPuzzle } from '../../solvers/analysis/analysePuzzle.ts';

/** A game's figures as stored (table game_analyses) and shown beside its entries. */
export interface GameFigures {
  readonly kind: '2048' | 'puzzle';
  /**
   * 2048: the analysis's accuracy, 0 to 100. Puzzle: the solve's efficiency, 100 × optimal /
   * moves played (100: an optimal solution).
   */
  readonly accuracy: number;
  /**
   * 2048: percent of the moves equal to the AI's choice. Puzzle: percent of the moves on a
   * shortest path (each brought the board one move nearer to solved).
   */
  readonly agreement: number;
  /** Moves judged. */
  readonly moves: number;
  /** Puzzle: the fewest moves that solve its start; 2048: null. */
  readonly optimal: number | null;
  /** Puzzle: moves beyond the optimal ones (moves − (start − end distance)); 2048: null. */
  readonly wasted: number | null;
  /** What judged it: `fast` (the 2048 AI's preset, 4×4 packed search), `generic` (the AI's search for other sizes), `exact` (the puzzle's optimal solver). */
  readonly method: 'fast' | 'generic' | 'exact';
}

/**
 * The line of the mark, for 4×4 2048 games judged at the fast preset: at least
 * {@link AI_LIKE_MIN_MOVES} moves, of which at least {@link AI_LIKE_AGREEMENT} percent are the
 * AI's choice. How it was drawn (docs/server.md, "Analysis"): the AI's own fast-preset games
 * agree 100%, its strong preset 93 to 94%; ways of playing short of the AI agree far less over
 * a whole game — a depth-3 search 70 to 81%, a depth-2 search 57 to 64%, the corner rule 41 to
 * 49%, greedy play 31 to 41%, random moves 33 to 38% (`node --import tsx
 * research/aiLikeLine.ts --games 4 --moves 800 --only 1,3,4,5`, `npm run bench:analyse`). The depth-3 search reached 88.5% over its
 * first 200 moves, so the line asks for 300 moves and 90%: above every way of playing measured
 * but the AI's own, below the strong preset's lowest.
 */
export const AI_LIKE_AGREEMENT = 90;
export const AI_LIKE_MIN_MOVES = 300;

/**
 * The puzzle's line: a 4×4 (or larger, when exact) puzzle solved with no move wasted, of at
 * least {@link AI_LIKE_PUZZLE_MIN_OPTIMAL} moves — an optimal solution that long is found by a
 * solver's search, not by hand (people's 15-puzzle solves take 2 to 4 times the optimal count).
 */
export const AI_LIKE_PUZZLE_MIN_OPTIMAL = 30;

/** Whether a game's figures pass the mark's line (`size`: the board's side). */
export function aiLike(f: GameFigures, size: number): boolean {
  if (f.kind === '2048') {
    return (
      size === 4 &&
      f.method === 'fast' &&
      f.moves >= AI_LIKE_MIN_MOVES &&
      f.agreement >= AI_LIKE_AGREEMENT
    );
  }
  return (
    size >= 4 &&
    f.method === 'exact' &&
    f.wasted === 0 &&
    f.optimal !== null &&
    f.optimal >= AI_LIKE_PUZZLE_MIN_OPTIMAL
  );
}

/** A 2048 analysis's figures. */
export function figures2048(a: Analysis2048): GameFigures {
  return {
    kind: '2048',
    accuracy: a.accuracy,
    agreement: a.agreement,
    moves: a.moves.length,
    optimal: null,
    wasted: null,
    method: a.search === 'generic' ? 'generic' : 'fast',
  };
}

/**
 * A puzzle analysis's figures, or null when its distances are lower bounds only (no exact
 * solver for its size): then nothing is stored.
 */
export function figuresPuzzle(a: AnalysisPuzzle): GameFigures | null {
  if (!a.exact) return null;
  const n = a.moves.length;
  const onPath = a.moves.filter((m) => m.optimal).length;
  return {
    kind: 'puzzle',
    accuracy: a.played === 0 ? 100 : Math.min(100, (100 * a.optimal) / a.played),
    agreement: n === 0 ? 100 : (100 * onPath) / n,
    moves: n,
    optimal: a.optimal,
    wasted: a.wasted,
    method: 'exact',
  };
}

/** A figure rounded as stored and shown: one decimal. */
export function tenth(x: number): number {
  return Math.round(x * 10) / 10;
}
