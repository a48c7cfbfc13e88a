/**
 * `slidebox/2048`: the rules of 2048 as a pure library, with spawn control, a versus match
 * and a duel.
 *
 * Every function that can refuse its input returns a `Result` (`{ ok: true, value }` or
 * `{ ok: false, error: { code, message } }`) and has an `…OrThrow` twin that throws a
 * `SlideboxError` instead; unknown option names are refused (`bad-options`).
 *
 * ```ts
 * import { newGameOrThrow, playOrThrow, undoGame } from 'slidebox/2048';
 * let game = newGameOrThrow({ seed: 7 });
 * game = playOrThrow(game, 'left');
 * game = undoGame(game);
 * ```
 */

// Duel: turn-based 2048 without luck (rules in engine/duel.ts).
export {
  checkDuelOptions,
  type Duel,
  type DuelAction,
  type DuelOptions,
  type DuelPhase,
  type DuelProblem,
  type DuelTurn,
  duelPlace,
  duelSlide,
  type Player,
  type RoundResult,
  whoIs,
} from './engine/duel.ts';
export {
  awaitingWinChoice,
  type BoardProblem,
  type Cells,
  DEFAULT_SIZE,
  DEFAULT_TARGET,
  type Game,
  isTileValue,
  keepGoing,
  MAX_TILE,
  type Merge,
  type NewGameOptions,
  type OptionsProblem,
  parseCells,
  type SlideResult,
  type Spawn,
  type TileMove,
  type Turn,
} from './engine/game2048.ts';
export { type Problem, type Result, SlideboxError, unwrap } from './engine/result.ts';
export {
  type ChaChaState,
  isLongSeed,
  type RngState,
  randomLongSeed,
  randomSeed,
  type Seed,
  type XoshiroState,
} from './engine/rng.ts';
export type { SavedGame2048, SaveProblem } from './engine/save2048.ts';
export type { DuelSaveProblem, SavedDuel } from './engine/saveDuel.ts';
export type { SavedVersus, VersusSaveProblem } from './engine/saveVersus.ts';
// Share codes: any seeded game (2048, puzzle, versus, duel) as a short code, re-simulated to read.
export {
  decodeShared,
  encodeShared,
  MAX_CODE_LENGTH,
  SHARE_PREFIX,
  SHARE_VERSION,
  type Shared,
  type SharedGame,
  type ShareProblem,
} from './engine/shareCode.ts';
export { type Replay, readShareCodeWith, replayShared } from './engine/shareReplay.ts';
// Spawn control: natural, forced (attacks) and placed tiles, and moves split in two.
export {
  checkSpawnRule,
  type MoveProblem,
  NATURAL,
  type Placer,
  placeTile,
  playWith,
  type SpawnProblem,
  type SpawnRule,
  spawnOn,
} from './engine/spawn.ts';
export { DIRECTIONS, type Direction, isDirection, type Pos } from './engine/types.ts';
// Versus: two players, two boards, one seed (rules in engine/versus.ts).
export {
  checkVersusOptions,
  DEFAULT_VERSUS_TARGET,
  type Side,
  type VersusMatch,
  type VersusMove,
  type VersusOptions,
  type VersusProblem,
  type VersusRules,
  versusMove,
  versusWinner,
} from './engine/versus.ts';
export { seedRng, seedRngOrThrow } from './public/common.ts';
// The public forms: Results, their throwing twins, saves as JSON text.
export {
  canMove,
  checkGameOptions,
  gameFromCells,
  gameFromCellsOrThrow,
  legalMoves,
  legalMovesOrThrow,
  makeDuelSave,
  makeGameSave,
  makeGameSaveOrThrow,
  makeVersusSave,
  maxTile,
  maxTileOrThrow,
  newDuel,
  newDuelOrThrow,
  newGame,
  newGameOrThrow,
  newVersus,
  newVersusOrThrow,
  parseDuelSave,
  parseDuelSaveOrThrow,
  parseGameSave,
  parseGameSaveOrThrow,
  parseVersusSave,
  parseVersusSaveOrThrow,
  play,
  playOrThrow,
  readShareCode,
  replayDuel,
  replayVersus,
  shared2048,
  sharedDuel,
  sharedPuzzle,
  sharedVersus,
  slide,
  slideOnly,
  slideOnlyOrThrow,
  slideOrThrow,
  spawnWith,
  undoGame,
} from './public/game2048.ts';
