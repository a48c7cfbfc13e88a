/**
 * `slidebox/ai`: a strong 2048 player and the adversarial placer.
 *
 * ```ts
 * import { bestMove, bestMoveOrThrow } from 'slidebox/ai';
 * bestMove(game.cells);                        // a Result: { ok: true, value: 'left' }
 * bestMoveOrThrow(game.cells, { timeMs: 20 }); // iterative deepening within ~20 ms
 * bestMoveOrThrow(game.cells, { depth: 3 });   // fixed depth
 * ```
 *
 * Every search returns a `Result` and has an `…OrThrow` twin; unsound options (NaN, negative or
 * infinite numbers where they mean nothing, wrong types, unknown names) are refused with the
 * code `bad-options`.
 *
 * It runs anywhere (browsers included); off the main thread under Node, `AiWorker` and
 * `bestMoveAsync` are in `slidebox/node`; in a browser, call `bestMove` in a Web Worker.
 */

export { type Problem, type Result, SlideboxError, unwrap } from './engine/result.ts';
export {
  analyse,
  analyseOrThrow,
  analysePlacement,
  analysePlacementOrThrow,
  bestMove,
  bestMoveOrThrow,
  choosePlacement,
  choosePlacementOrThrow,
  playGame,
  playGameOrThrow,
} from './public/ai.ts';
export {
  type AiOptions,
  type GameProgress,
  MAX_DEPTH,
  type PlayOptions,
} from './solvers/ai2048/options.ts';
/**
 * The adversarial placer ("evil" spawner, the placer's side of a duel): `choosePlacement`
 * picks the empty cell and the tile (2 or 4) that leave the slider worst off, by a minimax over
 * the slider's replies (alpha-beta, deepened within a count of evaluated positions, so the same
 * board gives the same placement; about 7 ms median, 12 ms p95 on 4x4). `analysePlacement`
 * also says the depth searched and whether the slider is lost whatever it does. Both take
 * `{ depth?, timeMs? }`.
 */
export {
  checkPlacerOptions,
  MAX_PLACER_DEPTH,
  type Placement,
  type PlacementAnalysis,
  type PlacerOptions,
} from './solvers/ai2048/placer.ts';
export type { Analysis } from './solvers/ai2048/player.ts';
export {
  isPresetName,
  PRESET_NAMES,
  PRESETS,
  type Preset,
  type PresetName,
} from './solvers/ai2048/presets.ts';
export type { GameRecord } from './solvers/ai2048/selfplay.ts';
export { DEFAULT_WEIGHTS, type EvalWeights } from './solvers/ai2048/tables.ts';
