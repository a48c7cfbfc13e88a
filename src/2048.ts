/**
 * `slidebox/2048`: the rules of 2048 as a pure library, with spawn control, a versus match
 * and a duel.
 *
 * ```ts
 * import { newGame, play, undo, slide, canMove } from 'slidebox/2048';
 * let game = newGame({ seed: 7 });
 * game = play(game, 'left');
 * ```
 *
 * Versus (two boards, same seed, merges attack the other side) and duel (no luck: the slider
 * moves, the placer chooses each new tile), every call returning a `Result`:
 *
 * ```ts
 * import { newVersus, versusMove, newDuel, duelPlace, duelSlide, whoIs } from 'slidebox/2048';
 * const match = newVersus({ seed: 7 }); // target 512, no attack cap
 * if (match.ok) versusMove(match.value, 0, 'left'); // side 0 moves; side 1 may move any time
 * const duel = newDuel({ seed: 7 });
 * if (duel.ok) whoIs(duel.value); // { phase: 'place', round: 0, slider, placer, toAct }
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
  newDuel,
  type Player,
  type RoundResult,
  replayDuel,
  whoIs,
} from './engine/duel.ts';
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
export {
  type DuelSaveProblem,
  parseDuel,
  type SavedDuel,
  serializeDuel,
} from './engine/saveDuel.ts';
export {
  parseVersus,
  type SavedVersus,
  serializeVersus,
  type VersusSaveProblem,
} from './engine/saveVersus.ts';
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
  shared2048,
  sharedDuel,
  sharedPuzzle,
  sharedVersus,
} from './engine/shareCode.ts';
export {
  type Replay,
  readShareCode,
  readShareCodeWith,
  replayShared,
} from './engine/shareReplay.ts';
// Spawn control: natural, forced (attacks) and placed tiles, and moves split in two.
export {
  checkSpawnRule,
  type MoveProblem,
  NATURAL,
  placeTile,
  playWith,
  type SpawnProblem,
  type SpawnRule,
  slideOnly,
  spawnOn,
  spawnWith,
} from './engine/spawn.ts';
export { DIRECTIONS, type Direction, type Pos } from './engine/types.ts';
// Versus: two players, two boards, one seed (rules in engine/versus.ts).
export {
  checkVersusOptions,
  DEFAULT_VERSUS_TARGET,
  newVersus,
  replayVersus,
  type Side,
  type VersusMatch,
  type VersusMove,
  type VersusOptions,
  type VersusProblem,
  type VersusRules,
  versusMove,
  versusWinner,
} from './engine/versus.ts';
