/**
 * `slidebox/2048`: the rules of 2048 as a pure library.
 *
 * ```ts
 * import { newGame, play, undo, slide, canMove } from 'slidebox/2048';
 * let game = newGame({ seed: 7 });
 * game = play(game, 'left');
 * ```
 */
export {
  awaitingWinChoice,
  type BoardProblem,
  type Cells,
  canMove,
  checkOptions,
  DEFAULT_SIZE,
  DEFAULT_TARGET,
  type Game,
  gameFromCells,
  isTileValue,
  keepGoing,
  legalMoves,
  MAX_TILE,
  type Merge,
  maxTile,
  type NewGameOptions,
  newGame,
  type OptionsProblem,
  parseCells,
  play,
  type SlideResult,
  type Spawn,
  slide,
  spawnTile,
  type TileMove,
  type Turn,
  undo,
} from './engine/game2048.ts';
export { type Problem, type Result, SlideboxError } from './engine/result.ts';
export { type RngState, randomSeed, seedRng } from './engine/rng.ts';
export {
  parseGame,
  type SavedGame2048,
  type SaveProblem,
  serializeGame,
} from './engine/save2048.ts';
export { DIRECTIONS, type Direction, type Pos } from './engine/types.ts';
