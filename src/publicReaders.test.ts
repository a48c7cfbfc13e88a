/**
 * Every public reader of untrusted data is total: whatever a JavaScript caller passes (the
 * types ignored), it returns an error `Result` with a code and a sentence, never throws. One
 * explicit list of the readers of `slidebox/2048`, `slidebox/puzzle` and `slidebox/ai`, one row
 * per argument that comes from outside (a save, a board, a code, options, a move).
 *
 * The arguments that are a value the library made itself (a `Game`, a `Puzzle`, a `Duel`, a
 * `VersusMatch`, a `Shared`: `undoGame`, `encodeShared`, `replayShared`, `whoIs`, …) are
 * typed-only and not here; the `…OrThrow` twins, which throw a `SlideboxError` by design, are
 * checked at the end to throw nothing else.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Cells,
  canMove,
  checkDuelOptions,
  checkGameOptions,
  checkSpawnRule,
  checkVersusOptions,
  decodeShared,
  duelPlace,
  duelSlide,
  encodeShared,
  gameFromCells,
  gameFromCellsOrThrow,
  isDirection,
  isTileValue,
  legalMoves,
  legalMovesOrThrow,
  makeGameSave,
  makeGameSaveOrThrow,
  maxTile,
  maxTileOrThrow,
  NATURAL,
  newDuel,
  newDuelOrThrow,
  newGame,
  newGameOrThrow,
  newVersus,
  newVersusOrThrow,
  parseCells,
  parseDuelSave,
  parseDuelSaveOrThrow,
  parseGameSave,
  parseGameSaveOrThrow,
  parseVersusSave,
  parseVersusSaveOrThrow,
  placeTile,
  play,
  playOrThrow,
  playWith,
  readShareCode,
  readShareCodeWith,
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
  spawnOn,
  spawnWith,
  versusMove,
} from './2048.ts';
import {
  analyse,
  analyseOrThrow,
  analysePlacement,
  analysePlacementOrThrow,
  bestMove,
  bestMoveOrThrow,
  checkPlacerOptions,
  choosePlacement,
  choosePlacementOrThrow,
  isPresetName,
  playGame,
  playGameOrThrow,
} from './ai.ts';
import { playPlaced } from './engine/spawn.ts';
import {
  checkSize,
  goalTiles,
  goalTilesOrThrow,
  isSolvable,
  makePuzzleSave,
  makePuzzleSaveOrThrow,
  moveTile,
  moveTileOrThrow,
  newPuzzle,
  newPuzzleOrThrow,
  parsePuzzleSave,
  parsePuzzleSaveOrThrow,
  parseTiles,
  puzzleFromTiles,
  puzzleFromTilesOrThrow,
  SlideboxError,
  seedRng,
  seedRngOrThrow,
  shuffleTiles,
  shuffleTilesOrThrow,
  slideToward,
  slideTowardOrThrow,
  solve,
  solveOrThrow,
  tileToward,
  tileTowardOrThrow,
} from './puzzle.ts';

// Values the readers are called with: a game, a duel and a match, an evil save and its code.
const place = (cells: Cells) => {
  for (let row = cells.length - 1; row >= 0; row--) {
    const col = cells[row]!.indexOf(0);
    if (col >= 0) return { at: { row, col }, value: 4 };
  }
  return null;
};
const game = newGameOrThrow({ seed: 7 });
let evilGame = game;
for (let i = 0; i < 8 && !evilGame.over; i++) {
  evilGame = playPlaced(evilGame, legalMovesOrThrow(evilGame.cells)[0]!, place);
}
const evilSave = makeGameSaveOrThrow(evilGame, { evil: true });
const evilShared = shared2048(evilGame, { evil: true });
if (!evilShared.ok) throw new Error(evilShared.error.message);
const evilCode = encodeShared(evilShared.value);
const duel = newDuel({ seed: 7 });
const match = newVersus({ seed: 7 });
if (!duel.ok || !match.ok) throw new Error('fixtures');
const goal3 = goalTilesOrThrow(3);
const puzzle3 = newPuzzleOrThrow({ size: 3, seed: 7 });

/** A cyclic object: a reader must not walk into it forever. */
const cyclic: Record<string, unknown> = { kind: 'slidebox/2048', version: 1 };
cyclic.self = cyclic;
cyclic.start = cyclic;
cyclic.end = cyclic;

/** [name, value]: junk that reaches a reader from a caller ignoring the types. */
const COMMON: [string, unknown][] = [
  ['42', 42],
  ['-1', -1],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['true', true],
  ['false', false],
  ['null', null],
  ['"x"', 'x'],
  ['""', ''],
  ['a symbol', Symbol('junk')],
  ['a bigint', 10n],
  ['a function', () => 0],
  ['a Date', new Date(0)],
  ['a String object', new String('up')],
  ['a cyclic object', cyclic],
  ['a huge string', `sb.${'A'.repeat(200_000)}`],
];

/** Junk for a reader of objects (saves, options): the right shape with the wrong field types. */
const OBJECTS: [string, unknown][] = [
  ['[]', []],
  ['[[1]]', [[1]]],
  ['a huge array', new Array(1_000_000)],
  ['{ kind: 1 }', { kind: 1 }],
  ['{ size: "4" }', { size: '4' }],
  ['{ seed: -1 }', { seed: -1 }],
];

type AnyResult = { ok: boolean; error?: { code: unknown; message: unknown } };

interface Reader {
  /** The call, with `x` in the place of the untrusted argument. */
  name: string;
  call: (x: unknown) => AnyResult | Promise<AnyResult>;
  /** The codes it may refuse with. */
  codes: string[];
  /** Names of COMMON values that are valid for this argument (left out of its junk). */
  valid?: string[];
  /** More junk for this argument. */
  extra?: [string, unknown][];
}

const SHARE = ['not-a-code', 'too-long', 'damaged', 'future-version', 'bad-code'];
const SAVE = ['bad-save', 'future-version'];
const OPTIONS_2048 = ['bad-options', 'bad-size', 'bad-target', 'bad-seed'];
const VERSUS_OPTIONS = [...OPTIONS_2048, 'bad-cap'];
const TILES = ['bad-size', 'bad-tiles', 'bad-length', 'bad-tile', 'duplicate-tile'];
const BOARD = ['bad-board', 'bad-size', 'bad-value'];
const SPAWN = ['bad-spawn', 'bad-value', 'off-board', 'occupied-cell', 'no-room'];

const READERS: Reader[] = [
  // slidebox/2048: boards, options, saves
  {
    name: 'parseCells(x)',
    call: (x) => parseCells(x),
    codes: ['bad-board', 'bad-size', 'bad-value'],
    extra: OBJECTS,
  },
  {
    name: 'checkGameOptions(x)',
    call: (x) => checkGameOptions(x as never),
    codes: OPTIONS_2048,
    valid: ['a Date'],
    extra: [...OBJECTS, ['{ sise: 5 }', { sise: 5 }]],
  },
  {
    name: 'newGame(x)',
    call: (x) => newGame(x as never),
    codes: OPTIONS_2048,
    valid: ['a Date'],
    extra: [...OBJECTS, ['{ sise: 5 }', { sise: 5 }], ['{ keepPlaying: 1 }', { keepPlaying: 1 }]],
  },
  {
    name: 'gameFromCells(x)',
    call: (x) => gameFromCells(x as never),
    codes: BOARD,
    extra: OBJECTS,
  },
  {
    name: 'gameFromCells(board, x)',
    call: (x) => gameFromCells(game.cells, x as never),
    codes: [...OPTIONS_2048, 'bad-score'],
    valid: ['a Date'],
    extra: [...OBJECTS, ['{ score: -1 }', { score: -1 }], ['{ size: 4 }', { size: 4 }]],
  },
  {
    name: 'slide(x, "left")',
    call: (x) => slide(x as never, 'left'),
    codes: BOARD,
    extra: OBJECTS,
  },
  {
    name: 'slide(board, x)',
    call: (x) => slide(game.cells, x as never),
    codes: ['bad-direction'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  { name: 'legalMoves(x)', call: (x) => legalMoves(x as never), codes: BOARD, extra: OBJECTS },
  { name: 'maxTile(x)', call: (x) => maxTile(x as never), codes: BOARD, extra: OBJECTS },
  {
    name: 'play(game, x)',
    call: (x) => play(game, x as never),
    codes: ['bad-direction'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'slideOnly(game, x)',
    call: (x) => slideOnly(game, x as never),
    codes: ['bad-direction'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'makeGameSave(game, x)',
    call: (x) => makeGameSave(game, x as never),
    codes: ['bad-options'],
    valid: ['a Date'],
    extra: [...OBJECTS, ['{ evil: 1 }', { evil: 1 }], ['{ evill: true }', { evill: true }]],
  },
  { name: 'parseGameSave(x)', call: (x) => parseGameSave(x as never), codes: SAVE, extra: OBJECTS },
  {
    name: 'parseGameSave(evil save, x)',
    call: (x) => parseGameSave(evilSave, x as never),
    // An object without `place`: the save's tiles were the placer's, so it is not read.
    codes: ['bad-options', 'bad-save'],
    extra: [
      ['{ place: 1 }', { place: 1 }],
      ['{ place: null }', { place: null }],
    ],
  },
  // share codes
  {
    name: 'decodeShared(x)',
    call: (x) => decodeShared(x as never),
    codes: SHARE,
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'shared2048(game, x)',
    call: (x) => shared2048(game, x as never),
    codes: ['bad-options'],
    valid: ['a Date'],
    extra: [
      ['{ asisted: true }', { asisted: true }],
      ['[]', []],
    ],
  },
  {
    name: 'sharedPuzzle(puzzle, x)',
    call: (x) => sharedPuzzle(puzzle3, x as never),
    codes: ['bad-options'],
    valid: ['a Date'],
    extra: [
      ['{ time: 5 }', { time: 5 }],
      ['[]', []],
    ],
  },
  {
    name: 'sharedVersus(match, x)',
    call: (x) => sharedVersus(match.value, x as never),
    codes: ['bad-options'],
    valid: ['a Date'],
    extra: [
      ['{ player: "human" }', { player: 'human' }],
      ['{ players: "Bob!" }', { players: 'Bob!' }],
      ['{ players: 7 }', { players: 7 }],
    ],
  },
  {
    name: 'sharedDuel(duel, x)',
    call: (x) => sharedDuel(duel.value, x as never),
    codes: ['bad-options'],
    valid: ['a Date'],
    extra: [['{ players: "x".repeat(30) }', { players: 'x'.repeat(30) }]],
  },
  {
    name: 'readShareCode(x)',
    call: (x) => readShareCode(x as never),
    codes: SHARE,
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'readShareCode(evil code, x)',
    call: (x) => readShareCode(evilCode, x as never),
    codes: ['bad-options', 'needs-placer'],
    extra: [
      ['[]', []],
      ['{ place: 1 }', { place: 1 }],
      ['{ place: "x" }', { place: 'x' }],
    ],
  },
  {
    name: 'readShareCodeWith(x, loadPlacer)',
    call: (x) => readShareCodeWith(x as never, async () => place),
    codes: SHARE,
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'readShareCodeWith(evil code, x)',
    call: (x) => readShareCodeWith(evilCode, x as never),
    codes: ['bad-options'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'readShareCodeWith(evil code, async () => x)',
    call: (x) => readShareCodeWith(evilCode, async () => x as never),
    codes: ['bad-options'],
    // A function is taken as the placer: what it answers is the caller's own code.
    valid: ['a function'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  // spawn rules and moves
  {
    name: 'checkSpawnRule(x, 4)',
    call: (x) => checkSpawnRule(x, 4),
    codes: SPAWN,
    extra: [
      ...OBJECTS,
      [
        '{ kind: "placed", at: { row: "0", col: 0 }, value: 2 }',
        { kind: 'placed', at: { row: '0', col: 0 }, value: 2 },
      ],
      ['{ kind: "forced", value: 3 }', { kind: 'forced', value: 3 }],
    ],
  },
  {
    name: 'checkSpawnRule(placed rule, x)',
    call: (x) => checkSpawnRule({ kind: 'placed', at: { row: 0, col: 0 }, value: 2 }, x as never),
    codes: ['off-board'],
    extra: [
      ['undefined', undefined],
      ['{}', {}],
      ['Object.create(null)', Object.create(null)],
    ],
  },
  {
    name: 'spawnOn(game, x)',
    call: (x) => spawnOn(game, x as never),
    codes: SPAWN,
    extra: OBJECTS,
  },
  {
    name: 'spawnWith(x, rng, NATURAL)',
    call: (x) => spawnWith(x as never, game.rng, NATURAL),
    codes: BOARD,
    extra: OBJECTS,
  },
  {
    name: 'spawnWith(board, x, NATURAL)',
    call: (x) => spawnWith(game.cells, x as never, NATURAL),
    codes: ['bad-rng'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'playWith(game, x, NATURAL)',
    call: (x) => playWith(game, x as never, NATURAL),
    codes: ['bad-direction'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'playWith(game, "left", x)',
    call: (x) => playWith(game, 'left', x as never),
    codes: SPAWN,
    extra: OBJECTS,
  },
  {
    name: 'placeTile(game, x, 2)',
    call: (x) => placeTile(game, x as never, 2),
    codes: SPAWN,
    extra: [...OBJECTS, ['{ row: 9, col: 0 }', { row: 9, col: 0 }]],
  },
  {
    name: 'placeTile(game, { row: 0, col: 0 }, x)',
    call: (x) => placeTile(game, { row: 0, col: 0 }, x as never),
    codes: SPAWN,
    extra: OBJECTS,
  },
  // versus
  {
    name: 'checkVersusOptions(x)',
    call: (x) => checkVersusOptions(x as never),
    codes: VERSUS_OPTIONS,
    valid: ['a Date'],
    extra: [...OBJECTS, ['{ attackCap: "x" }', { attackCap: 'x' }]],
  },
  {
    name: 'newVersus(x)',
    call: (x) => newVersus(x as never),
    codes: VERSUS_OPTIONS,
    valid: ['a Date'],
    extra: OBJECTS,
  },
  {
    name: 'replayVersus(x, [])',
    call: (x) => replayVersus(x as never, []),
    codes: VERSUS_OPTIONS,
    valid: ['a Date'],
    extra: OBJECTS,
  },
  {
    name: 'replayVersus({ seed: 7 }, x)',
    call: (x) => replayVersus({ seed: 7 }, x as never),
    codes: ['bad-log'],
    extra: [
      ['undefined', undefined],
      ['{}', {}],
      ['[null]', [null]],
      ['[{ side: 0, direction: {} }]', [{ side: 0, direction: {} }]],
      ['[{ side: "0", direction: "left" }]', [{ side: '0', direction: 'left' }]],
    ],
  },
  {
    name: 'versusMove(match, x, "left")',
    call: (x) => versusMove(match.value, x as never, 'left'),
    codes: ['bad-side'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'versusMove(match, 0, x)',
    call: (x) => versusMove(match.value, 0, x as never),
    codes: ['bad-direction'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'parseVersusSave(x)',
    call: (x) => parseVersusSave(x as never),
    codes: SAVE,
    extra: OBJECTS,
  },
  // duel
  {
    name: 'checkDuelOptions(x)',
    call: (x) => checkDuelOptions(x as never),
    codes: OPTIONS_2048,
    valid: ['a Date'],
    extra: OBJECTS,
  },
  {
    name: 'newDuel(x)',
    call: (x) => newDuel(x as never),
    codes: OPTIONS_2048,
    valid: ['a Date'],
    extra: OBJECTS,
  },
  {
    name: 'replayDuel(x, [])',
    call: (x) => replayDuel(x as never, []),
    codes: OPTIONS_2048,
    valid: ['a Date'],
    extra: OBJECTS,
  },
  {
    name: 'replayDuel({ seed: 7 }, x)',
    call: (x) => replayDuel({ seed: 7 }, x as never),
    codes: ['bad-log'],
    extra: [
      ['undefined', undefined],
      ['{}', {}],
      ['[null]', [null]],
      ['[{ kind: "slide" }]', [{ kind: 'slide' }]],
      ['[{ kind: "place", at: null, value: 2 }]', [{ kind: 'place', at: null, value: 2 }]],
    ],
  },
  {
    name: 'duelSlide(duel, x)',
    call: (x) => duelSlide(duel.value, x as never),
    codes: ['bad-direction'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'duelPlace(duel, x, 2)',
    call: (x) => duelPlace(duel.value, x as never, 2),
    codes: ['off-board'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'duelPlace(duel, { row: 0, col: 0 }, x)',
    call: (x) => duelPlace(duel.value, { row: 0, col: 0 }, x as never),
    codes: ['bad-value'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  { name: 'parseDuelSave(x)', call: (x) => parseDuelSave(x as never), codes: SAVE, extra: OBJECTS },
  // slidebox/puzzle
  {
    name: 'checkSize(x)',
    call: (x) => checkSize(x),
    codes: ['bad-size'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'parseTiles(x, 3)',
    call: (x) => parseTiles(x, 3),
    codes: [...TILES, 'missing-tile', 'unsolvable'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'parseTiles(goal, x)',
    call: (x) => parseTiles(goal3, x as never),
    // Another size from 4 to 8: the 3×3 goal's nine tiles are missing tiles of that board.
    codes: ['bad-size', 'missing-tile'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'newPuzzle(x)',
    call: (x) => newPuzzle(x as never),
    codes: ['bad-options', 'bad-size', 'bad-seed'],
    valid: ['a Date'],
    extra: [...OBJECTS, ['{ width: 4 }', { width: 4 }]],
  },
  {
    name: 'puzzleFromTiles(x, 3)',
    call: (x) => puzzleFromTiles(x as never, 3),
    codes: [...TILES, 'missing-tile', 'unsolvable'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'puzzleFromTiles(goal, x)',
    call: (x) => puzzleFromTiles(goal3, x as never),
    codes: ['bad-size'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'puzzleFromTiles(goal, 3, { seed: x })',
    call: (x) => puzzleFromTiles(goal3, 3, { seed: x as never }),
    codes: ['bad-seed'],
    valid: ['42', 'null'],
    extra: OBJECTS,
  },
  {
    name: 'puzzleFromTiles(goal, 3, x)',
    call: (x) => puzzleFromTiles(goal3, 3, x as never),
    codes: ['bad-options', 'bad-seed'],
    valid: ['a Date'],
    extra: [['{ seeds: 1 }', { seeds: 1 }]],
  },
  {
    name: 'moveTile(puzzle, x)',
    call: (x) => moveTile(puzzle3, x as never),
    codes: ['bad-tile'],
    extra: [...OBJECTS, ['undefined', undefined], ['9', 9]],
  },
  {
    name: 'moveTile(puzzle, 1, x)',
    call: (x) => moveTile(puzzle3, 1, x as never),
    codes: ['bad-options'],
    valid: ['a Date'],
    extra: [
      ['{ now: "1" }', { now: '1' }],
      ['{ at: 1 }', { at: 1 }],
    ],
  },
  {
    name: 'slideToward(puzzle, x)',
    call: (x) => slideToward(puzzle3, x as never),
    codes: ['bad-direction'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'slideToward(puzzle, "left", x)',
    call: (x) => slideToward(puzzle3, 'left', x as never),
    codes: ['bad-options'],
    valid: ['a Date'],
    extra: [
      ['{ invert: 1 }', { invert: 1 }],
      ['{ nowMs: 1 }', { nowMs: 1 }],
    ],
  },
  {
    name: 'tileToward(puzzle, "left", x)',
    call: (x) => tileToward(puzzle3, 'left', x as never),
    codes: ['bad-options'],
    valid: ['a Date'],
    extra: [['{ now: 1 }', { now: 1 }]],
  },
  {
    name: 'goalTiles(x)',
    call: (x) => goalTiles(x as never),
    codes: ['bad-size'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'shuffleTiles(x, rng)',
    call: (x) => shuffleTiles(x as never, seedRngOrThrow(1)),
    codes: ['bad-size'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'shuffleTiles(3, x)',
    call: (x) => shuffleTiles(3, x as never),
    codes: ['bad-rng'],
    extra: [...OBJECTS, ['undefined', undefined], ['[1, 2, 3, 4.5]', [1, 2, 3, 4.5]]],
  },
  {
    name: 'seedRng(x)',
    call: (x) => seedRng(x as never),
    codes: ['bad-seed'],
    valid: ['42'],
    extra: [...OBJECTS, ['undefined', undefined], ['2 ** 53', 2 ** 53]],
  },
  {
    name: 'makePuzzleSave(puzzle, x)',
    call: (x) => makePuzzleSave(puzzle3, x as never),
    codes: ['bad-options'],
    valid: ['a Date'],
    extra: [['{ now: NaN }', { now: Number.NaN }]],
  },
  {
    name: 'parsePuzzleSave(x)',
    call: (x) => parsePuzzleSave(x as never),
    codes: SAVE,
    extra: OBJECTS,
  },
  {
    name: 'solve(x, 3)',
    call: (x) => solve(x as never, 3),
    codes: [...TILES, 'missing-tile', 'unsolvable'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'solve(goal, 3, x)',
    call: (x) => solve(goal3, 3, x as never),
    codes: ['bad-options'],
    valid: ['a Date'],
    extra: [['{ optimum: true }', { optimum: true }]],
  },
  // slidebox/ai
  { name: 'bestMove(x)', call: (x) => bestMove(x as never), codes: BOARD, extra: OBJECTS },
  {
    name: 'bestMove(board, x)',
    call: (x) => bestMove(game.cells, x as never),
    codes: ['bad-options'],
    valid: ['a Date'],
    extra: [['{ dept: 3 }', { dept: 3 }]],
  },
  { name: 'analyse(x)', call: (x) => analyse(x as never), codes: BOARD, extra: OBJECTS },
  {
    name: 'choosePlacement(board, x)',
    call: (x) => choosePlacement(game.cells, x as never),
    codes: ['bad-options'],
    valid: ['a Date'],
    extra: [['{ dept: 3 }', { dept: 3 }]],
  },
  {
    name: 'analysePlacement(x)',
    call: (x) => analysePlacement(x as never),
    codes: BOARD,
    extra: OBJECTS,
  },
  {
    // Options that are not junk start a whole game: the seed is the untrusted argument here.
    name: 'playGame(x, { maxMoves: 2 })',
    call: (x) => playGame(x as never, { maxMoves: 2, preset: 'fast' }),
    codes: ['bad-seed', 'bad-options'],
    valid: ['42'],
    extra: OBJECTS,
  },
  {
    name: 'checkPlacerOptions(x)',
    call: (x) => checkPlacerOptions(x),
    codes: ['bad-options'],
    valid: ['a Date'],
    extra: [...OBJECTS, ['{ depth: 0 }', { depth: 0 }]],
  },
];

/** Calls a reader, turning a throw (or a rejection) into a failed test with the reader named. */
async function run(r: Reader, x: unknown): Promise<AnyResult> {
  try {
    return await r.call(x);
  } catch (e) {
    throw new Error(`${r.name} threw for ${String(typeof x)}: ${e}`);
  }
}

function expectRefused(r: Reader, out: AnyResult): void {
  expect(out.ok, `${r.name} accepted junk`).toBe(false);
  expect(r.codes).toContain(out.error?.code);
  const message = out.error?.message;
  expect(typeof message).toBe('string');
  // A sentence for people: words, not an engine error leaking through.
  expect(message as string).toMatch(/^[^\s].{15,}/);
  expect(message as string).not.toMatch(/is not a function|Cannot read prop|undefined \(reading/);
}

const cases = READERS.flatMap((r) =>
  [...COMMON.filter(([n]) => !r.valid?.includes(n)), ...(r.extra ?? [])].map(
    ([what, x]) => [`${r.name} with ${what}`, r, x] as const,
  ),
);

describe('public readers refuse junk with an error Result, never a throw', () => {
  it.each(cases)('%s', async (_name, r, x) => {
    expectRefused(r, await run(r, x));
  });

  it('readShareCode(42), readShareCode(null), readShareCode({}) say it is not a code', () => {
    for (const x of [42, null, {}]) {
      const r = readShareCode(x as never);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('not-a-code');
        expect(r.error.message).toMatch(/code/);
      }
    }
  });

  it('the readers still take what is valid (the junk above is refused for its own sake)', async () => {
    expect(parseGameSave(evilSave, { place }).ok).toBe(true);
    expect(parseGameSave(evilSave, undefined).ok === false).toBe(true); // evil: needs the placer
    expect(readShareCode(evilCode, { place }).ok).toBe(true);
    expect((await readShareCodeWith(evilCode, async () => place)).ok).toBe(true);
    expect(checkSpawnRule({ kind: 'placed', at: { row: 0, col: 0 }, value: 2 }, 4).ok).toBe(true);
    expect(checkGameOptions(undefined).ok).toBe(true);
    expect(puzzleFromTiles(goal3, 3, { seed: 42 }).ok).toBe(true);
    expect(newGame({ size: 3, target: 64, seed: 1, keepPlaying: true }).ok).toBe(true);
    expect(gameFromCells(game.cells, { target: 8, seed: 1, score: 4 }).ok).toBe(true);
    expect(moveTile(puzzle3, 1, { now: 5 }).ok).toBe(true);
    expect(slideToward(puzzle3, 'left', { invert: true, now: 5 }).ok).toBe(true);
    expect(sharedVersus(match.value, { players: 'ai-hard' }).ok).toBe(true);
    expect(sharedDuel(duel.value, { players: 'human,ai' }).ok).toBe(true);
    expect(await solve(goal3, 3, { optimal: true, timeLimitMs: 100, store: null })).toEqual({
      ok: true,
      value: [],
    });
  });
});

/** Any value at all, boxed values, maps, sets, dates, typed and sparse arrays included. */
const anything = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
});

describe('public readers are total (fast-check)', () => {
  it.each(READERS.map((r) => [r.name, r] as const))('%s never throws', async (_name, r) => {
    await fc.assert(
      fc.asyncProperty(anything, async (x) => {
        const out = await run(r, x);
        if (out.ok) return;
        expect(r.codes).toContain(out.error?.code);
        expect(typeof out.error?.message).toBe('string');
      }),
      { numRuns: 150 },
    );
  });

  it('the predicates answer true or false for anything', () => {
    fc.assert(
      fc.property(anything, anything, (x, w) => {
        expect(typeof isTileValue(x)).toBe('boolean');
        expect(typeof isPresetName(x)).toBe('boolean');
        expect(typeof isSolvable(x as never, w as never)).toBe('boolean');
        expect(typeof isSolvable(x as never, 3)).toBe('boolean');
        expect(typeof canMove(x as never)).toBe('boolean');
        expect(typeof isDirection(x)).toBe('boolean');
      }),
    );
  });
});

describe('the …OrThrow twins throw a SlideboxError, and nothing else', () => {
  // Each twin is its function's Result turned into a value or a SlideboxError with the same code
  // and sentence: never a TypeError from inside.
  const throwing: [string, (x: unknown) => unknown][] = [
    ['newGameOrThrow(x)', (x) => newGameOrThrow(x as never)],
    ['gameFromCellsOrThrow(x)', (x) => gameFromCellsOrThrow(x as never)],
    ['gameFromCellsOrThrow(board, x)', (x) => gameFromCellsOrThrow(game.cells, x as never)],
    ['slideOrThrow(x, "left")', (x) => slideOrThrow(x as never, 'left')],
    ['slideOrThrow(board, x)', (x) => slideOrThrow(game.cells, x as never)],
    ['legalMovesOrThrow(x)', (x) => legalMovesOrThrow(x as never)],
    ['maxTileOrThrow(x)', (x) => maxTileOrThrow(x as never)],
    ['playOrThrow(game, x)', (x) => playOrThrow(game, x as never)],
    ['slideOnlyOrThrow(game, x)', (x) => slideOnlyOrThrow(game, x as never)],
    ['makeGameSaveOrThrow(game, x)', (x) => makeGameSaveOrThrow(game, x as never)],
    ['parseGameSaveOrThrow(x)', (x) => parseGameSaveOrThrow(x as never)],
    ['parseVersusSaveOrThrow(x)', (x) => parseVersusSaveOrThrow(x as never)],
    ['parseDuelSaveOrThrow(x)', (x) => parseDuelSaveOrThrow(x as never)],
    ['newVersusOrThrow(x)', (x) => newVersusOrThrow(x as never)],
    ['newDuelOrThrow(x)', (x) => newDuelOrThrow(x as never)],
    ['newPuzzleOrThrow(x)', (x) => newPuzzleOrThrow(x as never)],
    ['puzzleFromTilesOrThrow(x, 3)', (x) => puzzleFromTilesOrThrow(x as never, 3)],
    ['puzzleFromTilesOrThrow(goal, x)', (x) => puzzleFromTilesOrThrow(goal3, x as never)],
    ['moveTileOrThrow(puzzle, x)', (x) => moveTileOrThrow(puzzle3, x as never)],
    ['slideTowardOrThrow(puzzle, x)', (x) => slideTowardOrThrow(puzzle3, x as never)],
    ['tileTowardOrThrow(puzzle, x)', (x) => tileTowardOrThrow(puzzle3, x as never)],
    ['makePuzzleSaveOrThrow(puzzle, x)', (x) => makePuzzleSaveOrThrow(puzzle3, x as never)],
    ['parsePuzzleSaveOrThrow(x)', (x) => parsePuzzleSaveOrThrow(x as never)],
    ['goalTilesOrThrow(x)', (x) => goalTilesOrThrow(x as never)],
    ['shuffleTilesOrThrow(x, rng)', (x) => shuffleTilesOrThrow(x as never, seedRngOrThrow(1))],
    ['seedRngOrThrow(x)', (x) => seedRngOrThrow(x as never)],
    ['bestMoveOrThrow(x)', (x) => bestMoveOrThrow(x as never)],
    ['analyseOrThrow(board, x)', (x) => analyseOrThrow(game.cells, x as never)],
    ['choosePlacementOrThrow(x)', (x) => choosePlacementOrThrow(x as never)],
    ['analysePlacementOrThrow(board, x)', (x) => analysePlacementOrThrow(game.cells, x as never)],
    ['playGameOrThrow(x)', (x) => playGameOrThrow(x as never, { maxMoves: 5 })],
  ];
  it.each(throwing)('%s', (_name, call) => {
    fc.assert(
      fc.property(anything, (x) => {
        try {
          call(x);
        } catch (e) {
          expect(e).toBeInstanceOf(SlideboxError);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a twin throws the code and sentence of its Result, and returns its value', async () => {
    const r = newGame({ sise: 5 } as never);
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'bad-options',
        message: 'unknown option "sise" (known: size, target, seed, keepPlaying)',
      },
    });
    expect(() => newGameOrThrow({ sise: 5 } as never)).toThrow(
      expect.objectContaining({
        name: 'SlideboxError',
        code: 'bad-options',
        message: r.ok ? '' : r.error.message,
      }),
    );
    expect(newGameOrThrow({ seed: 7 })).toEqual(game);
    await expect(solveOrThrow([1, 2, 3], 3)).rejects.toMatchObject({ code: 'missing-tile' });
    expect(await solveOrThrow(goal3, 3)).toEqual([]);
  });
});
