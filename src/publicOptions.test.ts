/**
 * The public API refuses bad options alike: a SlideboxError whose code says what kind of
 * problem it is and whose message names the option and the value. One table for every entry
 * point of `slidebox/2048` and `slidebox/puzzle` that takes options (the AI's are elsewhere).
 */
import { describe, expect, it } from 'vitest';
import { gameFromCells, newGame } from './2048.ts';
import {
  goalTiles,
  memoryStore,
  newPuzzle,
  parsePuzzle,
  SlideboxError,
  solve,
  solvePuzzle,
} from './puzzle.ts';
import { createSolverWorker, startSolve } from './node.ts';

const nearGoal = [1, 2, 3, 4, 5, 6, 7, 0, 8];
const zeros4 = [
  [0, 0, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 2, 0],
  [0, 0, 0, 0],
];
const NaN_ = Number.NaN;
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
  // slidebox/puzzle newPuzzle, parsePuzzle
  ['newPuzzle width NaN', () => newPuzzle({ width: NaN_ }), 'bad-width', /width .* got NaN/],
  ['newPuzzle width Infinity', () => newPuzzle({ width: INF }), 'bad-width', /got Infinity/],
  ['newPuzzle width "4"', () => newPuzzle({ width: '4' as never }), 'bad-width', /got "4"/],
  ['newPuzzle seed -1', () => newPuzzle({ seed: -1 }), 'bad-seed', /seed .* got -1/],
  ['newPuzzle seed NaN', () => newPuzzle({ seed: NaN_ }), 'bad-seed', /seed .* got NaN/],
  ['newPuzzle options "x"', () => newPuzzle('x' as never), 'bad-options', /options .* "x"/],
  [
    'parsePuzzle seed NaN',
    () => unwrapResult(parsePuzzle(nearGoal, 3, NaN_)),
    'bad-seed',
    /seed .* got NaN/,
  ],
  [
    'parsePuzzle seed -1',
    () => unwrapResult(parsePuzzle(nearGoal, 3, -1)),
    'bad-seed',
    /seed .* got -1/,
  ],
  [
    'parsePuzzle seed 1.5',
    () => unwrapResult(parsePuzzle(nearGoal, 3, 1.5)),
    'bad-seed',
    /seed .* got 1.5/,
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

function unwrapResult(r: { ok: boolean; error?: { code: string; message: string } }): unknown {
  if (r.ok) return r;
  throw new SlideboxError(r.error!);
}

describe('bad options are refused with a SlideboxError naming the option and the value', () => {
  it.each(cases)('%s', async (_name, call, code, message) => {
    const p = (async () => call())();
    await expect(p).rejects.toBeInstanceOf(SlideboxError);
    await expect(p).rejects.toMatchObject({ code });
    await expect(p).rejects.toThrow(message);
  });

  it('accepts what is meaningful: no time limit, any store with read and write, null store', async () => {
    expect((await solve(nearGoal, 3, { timeLimitMs: INF })).length).toBe(1);
    const store = memoryStore();
    expect((await solvePuzzle(nearGoal, 3, { store, sliceNodes: 1, now: () => 0 })).moves).toEqual([
      8,
    ]);
    expect(
      (await solvePuzzle(nearGoal, 3, { store: null, signal: new AbortController().signal })).moves,
    ).toEqual([8]);
    expect(parsePuzzle(goalTiles(3), 3, 0).ok).toBe(true);
    expect(parsePuzzle(goalTiles(3), 3, null).ok).toBe(true);
    expect(gameFromCells(zeros4, { score: Number.MAX_SAFE_INTEGER }).score).toBe(
      Number.MAX_SAFE_INTEGER,
    );
  });
});
