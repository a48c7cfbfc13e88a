/**
 * `slidebox/ai`: a strong 2048 player.
 *
 * ```ts
 * import { bestMove } from 'slidebox/ai';
 * bestMove(game.cells);                    // synchronous, the `strong` preset
 * bestMove(game.cells, { timeMs: 20 });    // iterative deepening within ~20 ms
 * bestMove(game.cells, { depth: 3 });      // fixed depth
 * choosePlacement(cellsAfterSlide);         // the adversarial spawn: { at: { row, col }, value }
 * ```
 *
 * Every entry refuses unsound options (NaN, negative or infinite numbers where they mean
 * nothing, wrong types, unknown names) with a SlideboxError of code `bad-options`.
 *
 * It runs anywhere (browsers included); off the main thread under Node, `AiWorker` and
 * `bestMoveAsync` are in `slidebox/node`, and a browser runs `answerAiRequest` in a Web Worker.
 */
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
  analysePlacement,
  checkPlacerOptions,
  choosePlacement,
  MAX_PLACER_DEPTH,
  type Placement,
  type PlacementAnalysis,
  type PlacerOptions,
} from './solvers/ai2048/placer.ts';
export { type Analysis, analyse, bestMove } from './solvers/ai2048/player.ts';
export {
  isPresetName,
  PRESET_NAMES,
  PRESETS,
  type Preset,
  type PresetName,
} from './solvers/ai2048/presets.ts';
export {
  type AiReply,
  type AiRequest,
  type AiWireOptions,
  answerAiRequest,
  type GameReply,
  type GameRequest,
  type MoveReply,
  type MoveRequest,
  type ProgressReply,
} from './solvers/ai2048/protocol.ts';
export { type GameRecord, playGame } from './solvers/ai2048/selfplay.ts';
export { DEFAULT_WEIGHTS, type EvalWeights } from './solvers/ai2048/tables.ts';
