import { describe, expect, it } from 'vitest';
import { SlideboxError } from '../../engine/result.ts';
import { AiWorker, bestMoveAsync } from './aiWorker.ts';
import { analyse, bestMove } from './player.ts';
import { PRESETS } from './presets.ts';
import { answerAiRequest } from './protocol.ts';
import { playGame } from './selfplay.ts';

const cells = [
  [2, 0, 0, 0],
  [0, 2, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 0, 0],
];

/** Tricky options every search entry must refuse: what is passed, and what the message says. */
const BAD_SEARCH: [string, Record<string, unknown>, string[]][] = [
  ['timeMs NaN', { timeMs: Number.NaN }, ['timeMs ', 'got NaN']],
  ['timeMs negative', { timeMs: -1 }, ['timeMs ', 'got -1']],
  [
    'timeMs Infinity (never ends)',
    { timeMs: Number.POSITIVE_INFINITY },
    ['timeMs ', 'got Infinity'],
  ],
  ['timeMs a string', { timeMs: '20' }, ['timeMs ', 'got "20"']],
  ['timeMs null', { timeMs: null }, ['timeMs ', 'got null']],
  ['depth 0', { depth: 0 }, ['depth ', 'got 0']],
  ['depth fractional', { depth: 2.5 }, ['depth ', 'got 2.5']],
  ['depth NaN', { depth: Number.NaN }, ['depth ', 'got NaN']],
  ['depth past the limit', { depth: 21 }, ['depth ', 'got 21']],
  ['depth Infinity', { depth: Number.POSITIVE_INFINITY }, ['depth ', 'got Infinity']],
  ['preset unknown', { preset: 'slow' }, ['preset ', 'got "slow"']],
  ['preset in the wrong case', { preset: 'Fast' }, ['preset ', 'got "Fast"']],
  ['preset empty', { preset: '' }, ['preset ', 'got ""']],
  [
    'preset as settings (not a public option)',
    { preset: PRESETS.fast },
    ['preset ', 'got a value of type object'],
  ],
  ['rootMask 0 (no move to search)', { rootMask: 0 }, ['rootMask ', 'got 0']],
  ['rootMask past the four moves', { rootMask: 16 }, ['rootMask ', 'got 16']],
  ['rootMask fractional', { rootMask: 1.5 }, ['rootMask ', 'got 1.5']],
  ['noCap a string', { noCap: 'yes' }, ['noCap ', 'got "yes"']],
  ['noCap a number', { noCap: 1 }, ['noCap ', 'got 1']],
  ['an unknown option', { weights: {} }, ['unknown option "weights"']],
  ['a misspelt option', { timeMS: 20 }, ['unknown option "timeMS"']],
];

/** Options that are not an object at all. */
const NOT_OBJECTS: [string, unknown, string][] = [
  ['null', null, 'null'],
  ['a preset name', 'fast', '"fast"'],
  ['a number', 20, '20'],
  ['an array', [], 'an array of length 0'],
];

/** Tricky options of a self-played game, on top of the search's. */
const BAD_PLAY: [string, Record<string, unknown>, string[]][] = [
  ['maxMoves negative', { maxMoves: -1 }, ['maxMoves ', 'got -1']],
  ['maxMoves fractional', { maxMoves: 1.5 }, ['maxMoves ', 'got 1.5']],
  ['maxMoves NaN', { maxMoves: Number.NaN }, ['maxMoves ', 'got NaN']],
  ['progressEvery 0', { progressEvery: 0 }, ['progressEvery ', 'got 0']],
  [
    'progressEvery Infinity',
    { progressEvery: Number.POSITIVE_INFINITY },
    ['progressEvery ', 'got Infinity'],
  ],
  ['onProgress not a function', { onProgress: 'log' }, ['onProgress ', 'got "log"']],
];

/** The SlideboxError that `f` throws (or rejects with). */
async function refusal(f: () => unknown): Promise<SlideboxError> {
  try {
    await f();
  } catch (e) {
    expect(e).toBeInstanceOf(SlideboxError);
    return e as SlideboxError;
  }
  throw new Error('not refused');
}

/** Checks a refusal: code bad-options, and a message holding each of `want`. */
async function expectRefused(f: () => unknown, want: readonly string[]): Promise<void> {
  const e = await refusal(f);
  expect(e.code).toBe('bad-options');
  for (const w of want) expect(e.message).toContain(w);
}

/**
 * Options with a one-move limit laid over them (when they are an object), so that an entry that
 * wrongly accepted a bad option would play one move, not a whole game.
 */
const oneMove = (o: unknown) =>
  typeof o === 'object' && o !== null && !Array.isArray(o) ? { maxMoves: 1, ...o } : o;

/** The public entries that take search options, each called with `opts`. */
const SEARCH_ENTRIES: [string, (opts: unknown) => unknown][] = [
  ['bestMove', (o) => bestMove(cells, o as never)],
  ['analyse', (o) => analyse(cells, o as never)],
  ['playGame', (o) => playGame(1, oneMove(o) as never)],
  ['AiWorker.bestMove', (o) => new AiWorker().bestMove(cells, o as never)],
  ['AiWorker.playGame', (o) => new AiWorker().playGame(1, oneMove(o) as never)],
  ['bestMoveAsync', (o) => bestMoveAsync(cells, o as never)],
];

describe('AI options are checked alike at every public entry', () => {
  for (const [entry, call] of SEARCH_ENTRIES) {
    describe(entry, () => {
      it.each(BAD_SEARCH)('refuses %s', async (_, opts, want) => {
        await expectRefused(() => call(opts), want);
      });

      it.each(NOT_OBJECTS)('refuses options that are %s', async (_, opts, shown) => {
        await expectRefused(() => call(opts), ['options must be an object', `got ${shown}`]);
      });
    });
  }

  describe.each([
    ['playGame', (o: unknown) => playGame(1, { depth: 1, ...(o as object) } as never)],
    ['AiWorker.playGame', (o: unknown) => new AiWorker().playGame(1, o as never)],
  ])('%s', (_, call) => {
    it.each(BAD_PLAY)('refuses %s', async (_, opts, want) => {
      await expectRefused(() => call(opts), want);
    });
  });

  it('refuses a thread index, a signal and worker options that are not sound', async () => {
    await expectRefused(() => new AiWorker().playGame(1, { thread: -1 }), ['thread ', 'got -1']);
    await expectRefused(
      () => new AiWorker().bestMove(cells, { signal: {} as AbortSignal }),
      ['signal must be an AbortSignal', 'got a value of type object'],
    );
    for (const [threads, shown] of [
      [0, '0'],
      [Number.NaN, 'NaN'],
      [1.5, '1.5'],
      [Number.POSITIVE_INFINITY, 'Infinity'],
      ['2', '"2"'],
    ] as const) {
      await expectRefused(
        () => new AiWorker({ threads: threads as number }),
        ['threads ', `got ${shown}`],
      );
    }
    await expectRefused(() => new AiWorker({ workerUrl: 42 as never }), ['workerUrl ', 'got 42']);
  });

  it('answers a worker request with bad options by an error reply of code bad-options', () => {
    const move = answerAiRequest({ type: 'move', id: 1, cells, opts: { timeMs: Number.NaN } });
    expect(move).toMatchObject({ type: 'error', id: 1, code: 'bad-options' });
    const game = answerAiRequest({ type: 'game', id: 2, seed: 1, opts: { preset: 'x' as never } });
    expect(game).toMatchObject({ type: 'error', id: 2, code: 'bad-options' });
  });

  it('answers anything that is not a request by an error reply, without throwing or playing', () => {
    for (const [req, id] of [
      [null, -1],
      [undefined, -1],
      [42, -1],
      ['move', -1],
      [[], -1],
      [{}, -1],
      [{ type: 'play', id: 3, seed: 1 }, 3],
      [{ type: 'game', id: 4, seed: 1, opts: 'fast' }, 4],
      [{ type: 'move', id: 5, cells: 'nope' }, 5],
      [{ type: 'move', id: 6, cells: null, opts: null }, 6],
      [{ type: 'game', id: 7, seed: 'x', maxMoves: 1 }, 7],
    ] as const) {
      const reply = answerAiRequest(req);
      expect(reply, JSON.stringify(req)).toMatchObject({
        type: 'error',
        id,
        name: 'SlideboxError',
      });
      expect((reply as { message: string }).message.length).toBeGreaterThan(10);
    }
  });

  it('accepts the edges of every range, and undefined as absent', () => {
    for (const opts of [
      undefined,
      {},
      { timeMs: 0, depth: 1 },
      { depth: 20 },
      { preset: 'fast', noCap: true },
      { preset: 'strong', rootMask: 15 },
      { depth: 2, rootMask: 1 },
      { timeMs: undefined, preset: undefined },
    ]) {
      expect(() => analyse(cells, opts as never)).not.toThrow();
    }
    expect(playGame(1, { depth: 1, maxMoves: 0 }).moves).toBe(0);
    expect(playGame(1, { depth: 1, maxMoves: 3, progressEvery: 1 }).moves).toBe(3);
    expect(() => new AiWorker({ threads: 1, workerUrl: 'x.js' })).not.toThrow();
  });
});
