/**
 * Every public reader of untrusted data is total: whatever a JavaScript caller passes (the
 * types ignored), it returns an error `Result` with a code and a sentence, never throws. One
 * explicit list of the readers of `slidebox/2048`, `slidebox/puzzle` and `slidebox/ai`, one row
 * per argument that comes from outside (a save, a board, a code, options, a move).
 *
 * The functions that take a value the library made itself (a `Game`, a `Puzzle`, a `Duel`, a
 * `VersusMatch`, a `Shared`: `play`, `undo`, `serializeGame`, `encodeShared`, `replayShared`,
 * `whoIs`, …) are typed-only and not here; the convenience constructors that throw a
 * `SlideboxError` by design are checked at the end to throw nothing else.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Cells,
  canMove,
  checkDuelOptions,
  checkOptions,
  checkSpawnRule,
  checkVersusOptions,
  decodeShared,
  duelPlace,
  duelSlide,
  encodeShared,
  gameFromCells,
  isTileValue,
  legalMoves,
  NATURAL,
  newDuel,
  newGame,
  newVersus,
  parseCells,
  parseDuel,
  parseGame,
  parseVersus,
  placeTile,
  play,
  playWith,
  readShareCode,
  readShareCodeWith,
  replayDuel,
  replayVersus,
  serializeGame,
  shared2048,
  slide,
  spawnOn,
  versusMove,
} from './2048.ts';
import { checkPlacerOptions, isPresetName } from './ai.ts';
import { playPlaced } from './engine/spawn.ts';
import {
  checkWidth,
  goalTiles,
  isSolvable,
  moveTile,
  newPuzzle,
  parsePuzzle,
  parseSavedPuzzle,
  parseTiles,
  puzzleFromTiles,
  SlideboxError,
} from './puzzle.ts';

// Values the readers are called with: a game, a duel and a match, an evil save and its code.
const place = (cells: Cells) => {
  for (let row = cells.length - 1; row >= 0; row--) {
    const col = cells[row]!.indexOf(0);
    if (col >= 0) return { at: { row, col }, value: 4 };
  }
  return null;
};
const game = newGame({ seed: 7 });
let evilGame = game;
for (let i = 0; i < 8 && !evilGame.over; i++) {
  evilGame = playPlaced(evilGame, legalMoves(evilGame.cells)[0]!, place);
}
const evilSave = JSON.parse(JSON.stringify(serializeGame(evilGame, { evil: true })));
const evilShared = shared2048(evilGame, { evil: true });
if (!evilShared.ok) throw new Error(evilShared.error.message);
const evilCode = encodeShared(evilShared.value);
const duel = newDuel({ seed: 7 });
const match = newVersus({ seed: 7 });
if (!duel.ok || !match.ok) throw new Error('fixtures');
const goal3 = goalTiles(3);
const puzzle3 = newPuzzle({ width: 3, seed: 7 });

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
const TILES = ['bad-width', 'bad-tiles', 'bad-length', 'bad-tile', 'duplicate-tile'];
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
    name: 'checkOptions(x)',
    call: (x) => checkOptions(x as never),
    codes: OPTIONS_2048,
    // Unknown option names are ignored here (not by the duel's and versus' checks).
    valid: ['a Date', 'a String object', 'a cyclic object'],
    extra: OBJECTS.filter(([n]) => n !== '{ kind: 1 }'),
  },
  { name: 'parseGame(x)', call: (x) => parseGame(x), codes: SAVE, extra: OBJECTS },
  {
    name: 'parseGame(evil save, x)',
    call: (x) => parseGame(evilSave, x as never),
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
  { name: 'parseVersus(x)', call: (x) => parseVersus(x), codes: SAVE, extra: OBJECTS },
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
  { name: 'parseDuel(x)', call: (x) => parseDuel(x), codes: SAVE, extra: OBJECTS },
  // slidebox/puzzle
  {
    name: 'checkWidth(x)',
    call: (x) => checkWidth(x),
    codes: ['bad-width'],
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
    codes: ['bad-width'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'parsePuzzle(x, 3)',
    call: (x) => parsePuzzle(x, 3),
    codes: [...TILES, 'missing-tile', 'unsolvable'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'parsePuzzle(goal, x)',
    call: (x) => parsePuzzle(goal3, x as never),
    codes: ['bad-width'],
    extra: [...OBJECTS, ['undefined', undefined]],
  },
  {
    name: 'parsePuzzle(goal, 3, x)',
    call: (x) => parsePuzzle(goal3, 3, x as never),
    codes: ['bad-seed'],
    valid: ['42', 'null'],
    extra: OBJECTS,
  },
  { name: 'parseSavedPuzzle(x)', call: (x) => parseSavedPuzzle(x), codes: SAVE, extra: OBJECTS },
  // slidebox/ai
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
    expect(parseGame(evilSave, { place }).ok).toBe(true);
    expect(parseGame(evilSave, undefined).ok === false).toBe(true); // evil: needs the placer
    expect(readShareCode(evilCode, { place }).ok).toBe(true);
    expect((await readShareCodeWith(evilCode, async () => place)).ok).toBe(true);
    expect(checkSpawnRule({ kind: 'placed', at: { row: 0, col: 0 }, value: 2 }, 4).ok).toBe(true);
    expect(checkOptions(undefined).ok).toBe(true);
    expect(parsePuzzle(goal3, 3, 42).ok).toBe(true);
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
      }),
    );
  });
});

describe('the convenience constructors throw a SlideboxError, and nothing else', () => {
  // gameFromCells, puzzleFromTiles, newGame and newPuzzle are the throwing form of the readers
  // above (parseCells + checkOptions, parsePuzzle, checkOptions), and slide, canMove, legalMoves,
  // play and moveTile check the board, direction or tile they are given: a SlideboxError with a
  // code and a sentence, never a TypeError from inside.
  const throwing: [string, (x: unknown) => unknown][] = [
    ['gameFromCells(x)', (x) => gameFromCells(x as never)],
    ['gameFromCells(board, x)', (x) => gameFromCells(game.cells, x as never)],
    ['puzzleFromTiles(x, 3)', (x) => puzzleFromTiles(x as never, 3)],
    ['puzzleFromTiles(goal, x)', (x) => puzzleFromTiles(goal3, x as never)],
    ['newGame(x)', (x) => newGame(x as never)],
    ['newPuzzle(x)', (x) => newPuzzle(x as never)],
    ['slide(x, "left")', (x) => slide(x as never, 'left')],
    ['slide(board, x)', (x) => slide(game.cells, x as never)],
    ['canMove(x)', (x) => canMove(x as never)],
    ['legalMoves(x)', (x) => legalMoves(x as never)],
    ['play(game, x)', (x) => play(game, x as never)],
    ['moveTile(puzzle, x)', (x) => moveTile(puzzle3, x as never)],
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
});
