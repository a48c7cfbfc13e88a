/**
 * The public form of the 2048 AI and the placer (`slidebox/ai`): each search returns a Result
 * (bad options, bad board) and has an `…OrThrow` twin that throws a SlideboxError instead.
 */
import type { Cells } from '../engine/game2048.ts';
import { caught, orThrow } from '../engine/known.ts';
import type { Problem, Result } from '../engine/result.ts';
import { checkSeed } from '../engine/rng.ts';
import type { Direction } from '../engine/types.ts';
import type { AiOptions, PlayOptions } from '../solvers/ai2048/options.ts';
import {
  analysePlacement as analysePlacementEngine,
  choosePlacement as choosePlacementEngine,
  type Placement,
  type PlacementAnalysis,
  type PlacerOptions,
} from '../solvers/ai2048/placer.ts';
import {
  type Analysis,
  analyse as analyseEngine,
  bestMove as bestMoveEngine,
} from '../solvers/ai2048/player.ts';
import { type GameRecord, playGame as playGameEngine } from '../solvers/ai2048/selfplay.ts';

type AiProblem = Problem<'bad-options' | 'bad-board' | 'bad-size' | 'bad-value'>;

/**
 * The AI's move for a board: 'up' | 'down' | 'left' | 'right', or null when no move is
 * possible. `{ depth }` fixes the depth, `{ timeMs }` deepens within about that many ms, else a
 * preset (`{ preset: 'strong' }`, the default, or 'fast'). Refuses bad or unknown options and a
 * board that is not a valid 2048 board.
 */
export function bestMove(cells: Cells, opts?: AiOptions): Result<Direction | null, AiProblem> {
  return caught(() => bestMoveEngine(cells, opts));
}
/** {@link bestMove}, throwing a SlideboxError for bad options or a bad board. */
export const bestMoveOrThrow = orThrow(bestMove);

/** {@link bestMove} with the search's figures: each move's value, the depth, positions searched. */
export function analyse(cells: Cells, opts?: AiOptions): Result<Analysis, AiProblem> {
  return caught(() => analyseEngine(cells, opts));
}
/** {@link analyse}, throwing a SlideboxError for bad options or a bad board. */
export const analyseOrThrow = orThrow(analyse);

/**
 * The adversarial ("evil") spawn for a board: `{ at: { row, col }, value: 2 | 4 }`, or null on
 * a full board. `{ depth }` (1 to 12) or `{ timeMs }`.
 */
export function choosePlacement(
  cells: Cells,
  opts?: PlacerOptions,
): Result<Placement | null, AiProblem> {
  return caught(() => choosePlacementEngine(cells, opts));
}
/** {@link choosePlacement}, throwing a SlideboxError for bad options or a bad board. */
export const choosePlacementOrThrow = orThrow(choosePlacement);

/** {@link choosePlacement} with the depth searched, the outcome and whether the slider is lost. */
export function analysePlacement(
  cells: Cells,
  opts?: PlacerOptions,
): Result<PlacementAnalysis | null, AiProblem> {
  return caught(() => analysePlacementEngine(cells, opts));
}
/** {@link analysePlacement}, throwing a SlideboxError for bad options or a bad board. */
export const analysePlacementOrThrow = orThrow(analysePlacement);

/** A seeded game played by the AI: `{ seed, score, maxTile, moves, ms, moveMs }`. */
export function playGame(
  seed: number,
  opts?: PlayOptions,
): Result<GameRecord, AiProblem | Problem<'bad-seed'>> {
  const s = checkSeed(seed);
  return s.ok ? caught(() => playGameEngine(seed, opts)) : s;
}
/** {@link playGame}, throwing a SlideboxError for a bad seed or options. */
export const playGameOrThrow = orThrow(playGame);
