/**
 * The public form of the 2048 engine (`slidebox/2048`): every function that can refuse its
 * input returns a Result, with an `…OrThrow` twin that throws a SlideboxError instead; option
 * names a function does not know are refused (`bad-options`); saves are JSON text made by
 * `make…Save` and read by `parse…Save`. The engine's own forms (src/engine) stay as the
 * terminal, the browser and the server use them.
 */
import {
  type Duel,
  type DuelAction,
  type DuelOptions,
  type DuelProblem,
  newDuel as newDuelEngine,
  replayDuel as replayDuelEngine,
} from '../engine/duel.ts';
import {
  type BoardProblem,
  type Cells,
  canMoveValid,
  checkOptions,
  type Game,
  gameFromCells as gameFromCellsEngine,
  legalMoves as legalMovesEngine,
  maxTile as maxTileEngine,
  type NewGameOptions,
  newGame as newGameEngine,
  type OptionsProblem,
  parseCells,
  play as playEngine,
  type SlideResult,
  type Spawn,
  slideValid,
  undo,
} from '../engine/game2048.ts';
import { caught, knownOptions, orThrow } from '../engine/known.ts';
import type { Puzzle } from '../engine/puzzle.ts';
import { err, ok, type Problem, type Result } from '../engine/result.ts';
import type { RngState, Seed } from '../engine/rng.ts';
import { parseRngState } from '../engine/rng.ts';
import { parseGame, type SaveProblem, serializeGame } from '../engine/save2048.ts';
import { type DuelSaveProblem, parseDuel, serializeDuel } from '../engine/saveDuel.ts';
import { parseVersus, serializeVersus, type VersusSaveProblem } from '../engine/saveVersus.ts';
import {
  type Shared,
  type ShareProblem,
  shared2048 as shared2048Engine,
  sharedDuel as sharedDuelEngine,
  sharedPuzzle as sharedPuzzleEngine,
  sharedVersus as sharedVersusEngine,
} from '../engine/shareCode.ts';
import { type Replay, readShareCode as readShareCodeEngine } from '../engine/shareReplay.ts';
import {
  type Placer,
  type SpawnProblem,
  type SpawnRule,
  slideOnly as slideOnlyEngine,
  spawnWith as spawnWithEngine,
} from '../engine/spawn.ts';
import { checkDirection, type Direction } from '../engine/types.ts';
import {
  newVersus as newVersusEngine,
  replayVersus as replayVersusEngine,
  type VersusMatch,
  type VersusOptions,
  type VersusProblem,
} from '../engine/versus.ts';

type BadOptions = Problem<'bad-options'>;
type BadDirection = Problem<'bad-direction'>;

/**
 * A new game with two spawned tiles: `size` 3 to 8 (default 4), `target` a power of two from 8
 * (default 2048), `seed` a whole number (default random), `keepPlaying` never to stop at the
 * target. Refuses bad and unknown options.
 */
export function newGame(opts?: NewGameOptions): Result<Game, OptionsProblem> {
  const known = knownOptions(opts, ['size', 'target', 'seed', 'keepPlaying']);
  if (!known.ok) return known;
  return caught(() => newGameEngine(opts));
}
/** {@link newGame}, throwing a SlideboxError for bad options. */
export const newGameOrThrow = orThrow(newGame);

/** The options of {@link newGame} checked, defaults filled in (a random seed when none is given). */
export function checkGameOptions(
  opts?: NewGameOptions,
): Result<Required<NewGameOptions>, OptionsProblem> {
  const known = knownOptions(opts, ['size', 'target', 'seed', 'keepPlaying']);
  return known.ok ? checkOptions(opts) : known;
}

/**
 * The game after a move. A move that changes nothing returns the same game (no spawn, no turn),
 * as does any move once the game is over or while it waits for `keepGoing` after a win.
 * Refuses a direction that is not 'up', 'down', 'left' or 'right'.
 */
export function play(game: Game, dir: Direction): Result<Game, BadDirection> {
  const d = checkDirection(dir);
  return d.ok ? ok(playEngine(game, d.value)) : d;
}
/** {@link play}, throwing a SlideboxError for a bad direction. */
export const playOrThrow = orThrow(play);

/** The game before the last move: board, score, moves and generator (a new game stays as it is). */
export function undoGame(game: Game): Game {
  return undo(game);
}

/**
 * The slide half of a move, for turn-based play: no tile spawns (`spawnOn` or `placeTile` adds
 * it). The same game when nothing moves. Refuses a bad direction.
 */
export function slideOnly(game: Game, dir: Direction): Result<Game, BadDirection> {
  const d = checkDirection(dir);
  return d.ok ? ok(slideOnlyEngine(game, d.value)) : d;
}
/** {@link slideOnly}, throwing a SlideboxError for a bad direction. */
export const slideOnlyOrThrow = orThrow(slideOnly);

/**
 * A pure slide of any board: `{ cells, gained, moved, tiles, merges }`. Refuses a board that is
 * not square, 3x3 to 8x8, of 0 and powers of two, and a bad direction.
 */
export function slide(
  cells: Cells,
  dir: Direction,
): Result<SlideResult, BoardProblem | BadDirection> {
  const board = parseCells(cells);
  if (!board.ok) return board;
  const d = checkDirection(dir);
  return d.ok ? ok(slideValid(board.value, d.value)) : d;
}
/** {@link slide}, throwing a SlideboxError for a bad board or direction. */
export const slideOrThrow = orThrow(slide);

/** Whether some direction changes the board; false for anything that is not a valid board. */
export function canMove(cells: Cells): boolean {
  const board = parseCells(cells);
  return board.ok && canMoveValid(board.value);
}

/** The directions that change the board, in the order of `DIRECTIONS`. Refuses a bad board. */
export function legalMoves(cells: Cells): Result<Direction[], BoardProblem> {
  const board = parseCells(cells);
  return board.ok ? ok(legalMovesEngine(board.value)) : board;
}
/** {@link legalMoves}, throwing a SlideboxError for a bad board. */
export const legalMovesOrThrow = orThrow(legalMoves);

/** The largest tile on the board (0 when it is empty). Refuses a bad board. */
export function maxTile(cells: Cells): Result<number, BoardProblem> {
  const board = parseCells(cells);
  return board.ok ? ok(maxTileEngine(board.value)) : board;
}
/** {@link maxTile}, throwing a SlideboxError for a bad board. */
export const maxTileOrThrow = orThrow(maxTile);

/**
 * A game that starts from given cells, its score at `score` (default 0); nothing spawns until
 * the first move. Refuses a bad board and bad or unknown options.
 */
export function gameFromCells(
  cells: Cells,
  opts?: { target?: number; seed?: Seed; score?: number },
): Result<Game, BoardProblem | OptionsProblem | Problem<'bad-score'>> {
  const known = knownOptions(opts, ['target', 'seed', 'score']);
  if (!known.ok) return known;
  return caught(() => gameFromCellsEngine(cells, opts));
}
/** {@link gameFromCells}, throwing a SlideboxError for a bad board or options. */
export const gameFromCellsOrThrow = orThrow(gameFromCells);

/** Reads JSON text, or says why it is not a save. */
function jsonOf(text: unknown, maker: string): Result<unknown, Problem<'bad-save'>> {
  if (typeof text !== 'string') {
    const type = typeof text;
    const got =
      text === null
        ? 'null'
        : Array.isArray(text)
          ? 'an array'
          : `${type === 'object' || type === 'undefined' ? 'an' : 'a'} ${type}`;
    return err({ code: 'bad-save', message: `a save is the JSON text ${maker} made, got ${got}` });
  }
  try {
    return ok(JSON.parse(text) as unknown);
  } catch {
    return err({
      code: 'bad-save',
      message: `a save is the JSON text ${maker} made, and this is not JSON`,
    });
  }
}

/**
 * A game as JSON text, with its whole undo history; `evil` marks a game whose every new tile was
 * chosen by the placer (read it back with `parseGameSave(text, { place })`).
 */
export function makeGameSave(game: Game, opts?: { evil?: boolean }): Result<string, BadOptions> {
  const known = knownOptions(opts, ['evil']);
  if (!known.ok) return known;
  if (opts?.evil !== undefined && typeof opts.evil !== 'boolean') {
    return err({ code: 'bad-options', message: 'evil must be true or false' });
  }
  return ok(JSON.stringify(serializeGame(game, opts)));
}
/** {@link makeGameSave}, throwing a SlideboxError for bad options. */
export const makeGameSaveOrThrow = orThrow(makeGameSave);

/**
 * The game of a save made by {@link makeGameSave}, checked by replaying every move; `place`
 * replays an evil game's tiles (`choosePlacement` of `slidebox/ai`).
 */
export function parseGameSave(text: string, opts?: { place?: Placer }): Result<Game, SaveProblem> {
  const known = knownOptions(opts, ['place']);
  if (!known.ok) return known;
  const data = jsonOf(text, 'makeGameSave');
  return data.ok ? parseGame(data.value, opts) : data;
}
/** {@link parseGameSave}, throwing a SlideboxError for a bad save. */
export const parseGameSaveOrThrow = orThrow(parseGameSave);

/** A versus match as JSON text (its rules and log). */
export function makeVersusSave(match: VersusMatch): string {
  return JSON.stringify(serializeVersus(match));
}

/** The match of a save made by {@link makeVersusSave}, checked by replaying its log. */
export function parseVersusSave(text: string): Result<VersusMatch, VersusSaveProblem> {
  const data = jsonOf(text, 'makeVersusSave');
  return data.ok ? parseVersus(data.value) : data;
}
/** {@link parseVersusSave}, throwing a SlideboxError for a bad save. */
export const parseVersusSaveOrThrow = orThrow(parseVersusSave);

/** A duel as JSON text (its options and log). */
export function makeDuelSave(duel: Duel): string {
  return JSON.stringify(serializeDuel(duel));
}

/** The duel of a save made by {@link makeDuelSave}, checked by replaying its log. */
export function parseDuelSave(text: string): Result<Duel, DuelSaveProblem> {
  const data = jsonOf(text, 'makeDuelSave');
  return data.ok ? parseDuel(data.value) : data;
}
/** {@link parseDuelSave}, throwing a SlideboxError for a bad save. */
export const parseDuelSaveOrThrow = orThrow(parseDuelSave);

/** A new versus match: `{ seed?, size?, target?, attackCap? }`; refuses bad and unknown options. */
export function newVersus(opts?: VersusOptions): Result<VersusMatch, VersusProblem> {
  const known = knownOptions(opts, ['seed', 'size', 'target', 'attackCap']);
  return known.ok ? newVersusEngine(opts) : known;
}
/** {@link newVersus}, throwing a SlideboxError for bad options. */
export const newVersusOrThrow = orThrow(newVersus);

/** A match from its options and log, each move checked. */
export function replayVersus(
  opts: VersusOptions,
  log: readonly { readonly side: 0 | 1; readonly direction: Direction }[],
): Result<VersusMatch, VersusProblem> {
  const known = knownOptions(opts, ['seed', 'size', 'target', 'attackCap']);
  return known.ok ? replayVersusEngine(opts, log) : known;
}

/** A new duel: `{ seed?, size? }`; refuses bad and unknown options. */
export function newDuel(opts?: DuelOptions): Result<Duel, DuelProblem> {
  const known = knownOptions(opts, ['seed', 'size']);
  return known.ok ? newDuelEngine(opts) : known;
}
/** {@link newDuel}, throwing a SlideboxError for bad options. */
export const newDuelOrThrow = orThrow(newDuel);

/** A duel from its options and log, each action checked. */
export function replayDuel(
  opts: DuelOptions,
  log: readonly DuelAction[],
): Result<Duel, DuelProblem> {
  const known = knownOptions(opts, ['seed', 'size']);
  return known.ok ? replayDuelEngine(opts, log) : known;
}

/** A seeded 2048 game to share: refuses a game that did not start from its seed. */
export function shared2048(
  game: Game,
  opts?: { evil?: boolean; assisted?: boolean },
): Result<Shared, ShareProblem> {
  const known = knownOptions(opts, ['evil', 'assisted']);
  return known.ok ? shared2048Engine(game, opts) : known;
}

/** A dealt puzzle to share, with its move times when it has them: refuses a puzzle set up by hand. */
export function sharedPuzzle(
  puzzle: Puzzle,
  opts?: { assisted?: boolean; timeMs?: number | null },
): Result<Shared, ShareProblem> {
  const known = knownOptions(opts, ['assisted', 'timeMs']);
  return known.ok ? sharedPuzzleEngine(puzzle, opts) : known;
}

/** A share's players label: what a code can hold (lower-case letters, digits, `,` and `-`). */
function checkPlayers(opts: unknown): Result<string, BadOptions> {
  const known = knownOptions(opts, ['players']);
  if (!known.ok) return known;
  const players = (opts as { players?: unknown } | undefined)?.players ?? '';
  if (typeof players !== 'string' || !/^[a-z0-9,-]{0,24}$/.test(players)) {
    return err({
      code: 'bad-options',
      message: 'players must be up to 24 lower-case letters, digits, commas and hyphens',
    });
  }
  return ok(players);
}

/** A versus match to share; `players` names side 2 ("human", "ai-hard"). */
export function sharedVersus(
  match: VersusMatch,
  opts?: { players?: string },
): Result<Shared, ShareProblem> {
  const players = checkPlayers(opts);
  return players.ok ? ok(sharedVersusEngine(match, players.value)) : players;
}

/** A duel to share; `players` names who played each side ("human,ai"). */
export function sharedDuel(duel: Duel, opts?: { players?: string }): Result<Shared, ShareProblem> {
  const players = checkPlayers(opts);
  return players.ok ? ok(sharedDuelEngine(duel, players.value)) : players;
}

/**
 * A share code read and every move re-simulated: `states` from the start to the end. `place`
 * replays an evil 2048 game (the placer that chose its tiles).
 */
export function readShareCode(
  code: string,
  opts?: { place?: Placer },
): Result<Replay, ShareProblem> {
  const known = knownOptions(opts, ['place']);
  return known.ok ? readShareCodeEngine(code, opts) : known;
}

/**
 * A tile spawned on a board by `rule` (natural, forced or placed) from the generator `rng`: the
 * new cells, the generator after the draw, and the spawn. Refuses a bad board, generator state
 * or rule, and a board with no room.
 */
export function spawnWith(
  cells: Cells,
  rng: RngState,
  rule: SpawnRule,
): Result<
  { cells: number[][]; rng: RngState; spawn: Spawn },
  SpawnProblem | BoardProblem | Problem<'bad-rng'>
> {
  const board = parseCells(cells);
  if (!board.ok) return board;
  const r = parseRngState(rng);
  return r.ok ? spawnWithEngine(board.value, r.value, rule) : r;
}
