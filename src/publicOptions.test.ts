/**
 * The public API refuses bad options alike: an error Result (`slidebox/2048`, `slidebox/puzzle`,
 * `slidebox/ai`) or a SlideboxError (`slidebox/node`) whose code says what kind of problem it is
 * and whose message names the option and the value — an unknown option name included. One
 * table for every entry point that takes options (the AI's values are checked elsewhere).
 */
import { describe, expect, it } from 'vitest';
import {
  gameFromCells,
  makeGameSave,
  newDuel,
  newGame,
  newGameOrThrow,
  newVersus,
  readShareCode,
  replayDuel,
  replayVersus,
  shared2048,
} from './2048.ts';
import { bestMove, choosePlacement, playGame } from './ai.ts';
import { createSolverWorker, startSolve } from './node.ts';
import {
  goalTilesOrThrow,
  makePuzzleSave,
  memoryStore,
  moveTile,
  newPuzzle,
  newPuzzleOrThrow,
  puzzleFromTiles,
  SlideboxError,
  slideToward,
  solve,
  solvePuzzle,
  tileToward,
} from './puzzle.ts';

const nearGoal = [1, 2, 3, 4, 5, 6, 7, 0, 8];
const zeros4 = [
  [0, 0, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 2, 0],
  [0, 0, 0, 0],
];
const NaN_ = Number.NaN;
const game = newGameOrThrow({ seed: 7 });
const puzzle = newPuzzleOrThrow({ size: 3, seed: 7 });
/** The message of an unknown option: its name, then the names the function knows. */
const UNKNOWN = (name: string) => new RegExp(`^unknown option "${name}" \\(known: [a-zA-Z, ]+\\)$`);
const INF = Number.POSITIVE_INFINITY;

/** [entry point and what is wrong, the call, the code, what the message must say] */
type Case = [name: string, call: () => unknown, code: string, message: RegExp];

const cases: Case[] = [
  // slidebox/2048 newGame
  ['newGame size NaN', () => newGame({ size: NaN_ }), 'bad-size', /size .* got NaN/],
  ['newGame size -4', () => newGame({ size: -4 }), 'bad-size', /size .* got -4/],
  ['newGame size Infinity', () => newGame({ size: INF }), 'bad-size', /size .* got Infinity/],
  ['newGame size "4"', () => newGame({ size: '4' as never }), 'bad-size', /size .* got "4"/],
  ['newGame target NaN', () => newGame({ target: NaN_ }), 'bad-target', /target .* got NaN/],
  ['newGame target -8', () => newGame({ target: -8 }), 'bad-target', /target .* got -8/],
  ['newGame target Infinity', () => newGame({ target: INF }), 'bad-target', /got Infinity/],
  ['newGame seed NaN', () => newGame({ seed: NaN_ }), 'bad-seed', /seed .* got NaN/],
  ['newGame seed -1', () => newGame({ seed: -1 }), 'bad-seed', /seed .* got -1/],
  ['newGame seed Infinity', () => newGame({ seed: INF }), 'bad-seed', /seed .* got Infinity/],
  ['newGame options null', () => newGame(null as never), 'bad-options', /options .* got null/],
  ['newGame { sise: 5 }', () => newGame({ sise: 5 } as never), 'bad-options', UNKNOWN('sise')],
  [
    'newGame keepPlaying "yes"',
    () => newGame({ keepPlaying: 'yes' as never }),
    'bad-options',
    /keepPlaying must be true or false, got "yes"/,
  ],
  // slidebox/2048 gameFromCells
  [
    'gameFromCells options null',
    () => gameFromCells(zeros4, null as never),
    'bad-options',
    /options must be an object, got null/,
  ],
  [
    'gameFromCells score 2^60',
    () => gameFromCells(zeros4, { score: 2 ** 60 }),
    'bad-score',
    /score must be a whole number from 0, got 1152921504606847000/,
  ],
  [
    'gameFromCells score Infinity',
    () => gameFromCells(zeros4, { score: INF }),
    'bad-score',
    /score .* got Infinity/,
  ],
  ['gameFromCells seed NaN', () => gameFromCells(zeros4, { seed: NaN_ }), 'bad-seed', /got NaN/],
  [
    'gameFromCells { size: 4 }',
    () => gameFromCells(zeros4, { size: 4 } as never),
    'bad-options',
    UNKNOWN('size'),
  ],
  // slidebox/2048 saves, share codes, versus, duel
  [
    'makeGameSave { evill }',
    () => makeGameSave(game, { evill: true } as never),
    'bad-options',
    UNKNOWN('evill'),
  ],
  [
    'shared2048 { asisted }',
    () => shared2048(game, { asisted: true } as never),
    'bad-options',
    UNKNOWN('asisted'),
  ],
  [
    'readShareCode { placer }',
    () => readShareCode('sb.x', { placer: () => null } as never),
    'bad-options',
    UNKNOWN('placer'),
  ],
  ['newVersus { sise: 5 }', () => newVersus({ sise: 5 } as never), 'bad-options', UNKNOWN('sise')],
  [
    'replayVersus { cap: 4 }',
    () => replayVersus({ cap: 4 } as never, []),
    'bad-options',
    UNKNOWN('cap'),
  ],
  [
    'newDuel { target: 64 }',
    () => newDuel({ target: 64 } as never),
    'bad-options',
    UNKNOWN('target'),
  ],
  [
    'replayDuel { sise: 5 }',
    () => replayDuel({ sise: 5 } as never, []),
    'bad-options',
    UNKNOWN('sise'),
  ],
  // slidebox/ai
  [
    'bestMove { dept: 3 }',
    () => bestMove(zeros4, { dept: 3 } as never),
    'bad-options',
    UNKNOWN('dept'),
  ],
  [
    'choosePlacement { time: 3 }',
    () => choosePlacement(zeros4, { time: 3 } as never),
    'bad-options',
    UNKNOWN('time'),
  ],
  [
    'playGame { maxMove: 3 }',
    () => playGame(1, { maxMove: 3 } as never),
    'bad-options',
    UNKNOWN('maxMove'),
  ],
  // slidebox/puzzle newPuzzle, puzzleFromTiles, moves, saves
  ['newPuzzle size NaN', () => newPuzzle({ size: NaN_ }), 'bad-size', /size .* got NaN/],
  ['newPuzzle size Infinity', () => newPuzzle({ size: INF }), 'bad-size', /got Infinity/],
  ['newPuzzle size "4"', () => newPuzzle({ size: '4' as never }), 'bad-size', /got "4"/],
  [
    'newPuzzle { width: 4 }',
    () => newPuzzle({ width: 4 } as never),
    'bad-options',
    UNKNOWN('width'),
  ],
  ['newPuzzle seed -1', () => newPuzzle({ seed: -1 }), 'bad-seed', /seed .* got -1/],
  ['newPuzzle seed NaN', () => newPuzzle({ seed: NaN_ }), 'bad-seed', /seed .* got NaN/],
  ['newPuzzle options "x"', () => newPuzzle('x' as never), 'bad-options', /options .* "x"/],
  [
    'puzzleFromTiles seed NaN',
    () => puzzleFromTiles(nearGoal, 3, { seed: NaN_ }),
    'bad-seed',
    /seed .* got NaN/,
  ],
  [
    'puzzleFromTiles seed -1',
    () => puzzleFromTiles(nearGoal, 3, { seed: -1 }),
    'bad-seed',
    /seed .* got -1/,
  ],
  [
    'puzzleFromTiles seed 1.5',
    () => puzzleFromTiles(nearGoal, 3, { seed: 1.5 }),
    'bad-seed',
    /seed .* got 1.5/,
  ],
  [
    'puzzleFromTiles { sead }',
    () => puzzleFromTiles(nearGoal, 3, { sead: 1 } as never),
    'bad-options',
    UNKNOWN('sead'),
  ],
  [
    'moveTile { at: 1 }',
    () => moveTile(puzzle, 8, { at: 1 } as never),
    'bad-options',
    UNKNOWN('at'),
  ],
  [
    'moveTile now "1"',
    () => moveTile(puzzle, 8, { now: '1' as never }),
    'bad-options',
    /now must be a finite number/,
  ],
  [
    'slideToward { nowMs }',
    () => slideToward(puzzle, 'left', { nowMs: 1 } as never),
    'bad-options',
    UNKNOWN('nowMs'),
  ],
  [
    'tileToward { now }',
    () => tileToward(puzzle, 'left', { now: 1 } as never),
    'bad-options',
    UNKNOWN('now'),
  ],
  [
    'makePuzzleSave { when }',
    () => makePuzzleSave(puzzle, { when: 1 } as never),
    'bad-options',
    UNKNOWN('when'),
  ],
  // slidebox/puzzle solve, solvePuzzle
  [
    'solve optimal "yes"',
    () => solve(nearGoal, 3, { optimal: 'yes' as never }),
    'bad-options',
    /optimal .* got "yes"/,
  ],
  [
    'solve timeLimitMs NaN',
    () => solve(nearGoal, 3, { timeLimitMs: NaN_ }),
    'bad-options',
    /timeLimitMs .* got NaN/,
  ],
  [
    'solve timeLimitMs -1',
    () => solve(nearGoal, 3, { timeLimitMs: -1 }),
    'bad-options',
    /timeLimitMs .* got -1/,
  ],
  [
    'solve { optimum: true }',
    () => solve(nearGoal, 3, { optimum: true } as never),
    'bad-options',
    UNKNOWN('optimum'),
  ],
  [
    'solvePuzzle { signals }',
    () => solvePuzzle(nearGoal, 3, { signals: null } as never),
    'bad-options',
    UNKNOWN('signals'),
  ],
  [
    'solve options null',
    () => solve(nearGoal, 3, null as never),
    'bad-options',
    /options .* got null/,
  ],
  [
    'solvePuzzle sliceNodes NaN',
    () => solvePuzzle(nearGoal, 3, { sliceNodes: NaN_ }),
    'bad-options',
    /sliceNodes .* got NaN/,
  ],
  [
    'solvePuzzle sliceNodes 0',
    () => solvePuzzle(nearGoal, 3, { sliceNodes: 0 }),
    'bad-options',
    /sliceNodes .* got 0/,
  ],
  [
    'solvePuzzle sliceNodes -5',
    () => solvePuzzle(nearGoal, 3, { sliceNodes: -5 }),
    'bad-options',
    /sliceNodes .* got -5/,
  ],
  [
    'solvePuzzle sliceNodes 1.5',
    () => solvePuzzle(nearGoal, 3, { sliceNodes: 1.5 }),
    'bad-options',
    /sliceNodes .* got 1.5/,
  ],
  [
    'solvePuzzle sliceNodes Infinity',
    () => solvePuzzle(nearGoal, 3, { sliceNodes: INF }),
    'bad-options',
    /sliceNodes .* got Infinity/,
  ],
  [
    'solvePuzzle now "x"',
    () => solvePuzzle(nearGoal, 3, { now: 'x' as never }),
    'bad-options',
    /now must be a function, got "x"/,
  ],
  [
    'solvePuzzle signal {}',
    () => solvePuzzle(nearGoal, 3, { signal: {} as never }),
    'bad-options',
    /signal must be an AbortSignal, got a value of type object/,
  ],
  [
    'solvePuzzle store {}',
    () => solvePuzzle(nearGoal, 3, { store: {} as never }),
    'bad-options',
    /store must be null or a BlobStore/,
  ],
  [
    'solvePuzzle store 5',
    () => solvePuzzle(nearGoal, 3, { store: 5 as never }),
    'bad-options',
    /store .* got 5/,
  ],
  [
    'solvePuzzle onProgress 1',
    () => solvePuzzle(nearGoal, 3, { onProgress: 1 as never }),
    'bad-options',
    /onProgress .* got 1/,
  ],
  // slidebox/puzzle startSolve, createSolverWorker
  [
    'startSolve options null',
    () => startSolve(nearGoal, 3, null as never).promise,
    'bad-options',
    /options .* got null/,
  ],
  [
    'startSolve cacheDir 5',
    () => startSolve(nearGoal, 3, { cacheDir: 5 as never }).promise,
    'bad-options',
    /cacheDir must be a folder path or null, got 5/,
  ],
  [
    'startSolve preload',
    () => startSolve(nearGoal, 3, { preload: 'yes' } as never).promise,
    'bad-options',
    /preload must be true or false, got "yes"/,
  ],
  [
    'startSolve timeLimitMs NaN',
    () => startSolve(nearGoal, 3, { cacheDir: null, timeLimitMs: NaN_ }).promise,
    'bad-options',
    /timeLimitMs .* got NaN/,
  ],
  [
    'createSolverWorker options 7',
    () => createSolverWorker(7 as never),
    'bad-options',
    /options .* got 7/,
  ],
  [
    'createSolverWorker cacheDir []',
    () => createSolverWorker({ cacheDir: [] as never }),
    'bad-options',
    /cacheDir .* got an array of length 0/,
  ],
  [
    'createSolverWorker preload 1',
    () => createSolverWorker({ preload: 1 as never }),
    'bad-options',
    /preload .* got 1/,
  ],
];

/** The functions of `slidebox/node`, which throw (reject) rather than return a Result. */
const THROWING = /^(startSolve|createSolverWorker) /;

describe('bad options are refused, naming the option and the value', () => {
  it.each(cases)('%s', async (name, call, code, message) => {
    if (THROWING.test(name)) {
      const p = (async () => call())();
      await expect(p).rejects.toBeInstanceOf(SlideboxError);
      await expect(p).rejects.toMatchObject({ code });
      await expect(p).rejects.toThrow(message);
      return;
    }
    // The library's entries answer with an error Result, and never throw.
    const out = (await call()) as { ok: boolean; error?: { code: string; message: string } };
    expect(out.ok).toBe(false);
    expect(out.error?.code).toBe(code);
    expect(out.error?.message).toMatch(message);
  });

  it('the throwing twins throw the same refusal', async () => {
    expect(() => newGameOrThrow({ sise: 5 } as never)).toThrow(UNKNOWN('sise'));
    expect(() => newPuzzleOrThrow({ width: 4 } as never)).toThrow(
      expect.objectContaining({ code: 'bad-options', name: 'SlideboxError' }),
    );
  });

  it('accepts what is meaningful: no time limit, any store with read and write, null store', async () => {
    expect(await solve(nearGoal, 3, { timeLimitMs: INF })).toEqual({ ok: true, value: [8] });
    const store = memoryStore();
    const r1 = await solvePuzzle(nearGoal, 3, { store, sliceNodes: 1, now: () => 0 });
    expect(r1.ok && r1.value.moves).toEqual([8]);
    const r2 = await solvePuzzle(nearGoal, 3, {
      store: null,
      signal: new AbortController().signal,
    });
    expect(r2.ok && r2.value.moves).toEqual([8]);
    expect(puzzleFromTiles(goalTilesOrThrow(3), 3, { seed: 0 }).ok).toBe(true);
    expect(puzzleFromTiles(goalTilesOrThrow(3), 3, { seed: null }).ok).toBe(true);
    const g = gameFromCells(zeros4, { score: Number.MAX_SAFE_INTEGER });
    expect(g.ok && g.value.score).toBe(Number.MAX_SAFE_INTEGER);
  });
});
