import { describe, expect, it } from 'vitest';
import {
  aiMoveRequest,
  parseAiReply,
  parseAiRequest,
  parseSolverReply,
  parseSolverRequest,
} from './protocol.ts';

describe('AI messages', () => {
  const values = { up: 1, down: 2, left: 3, right: -1 };

  it('accepts well-formed requests and replies', () => {
    const req = aiMoveRequest(
      3,
      [
        [0, 2, 0],
        [0, 0, 0],
        [4, 0, 0],
      ],
      'hint',
    );
    expect(parseAiRequest(req)).toEqual(req);
    expect(parseAiRequest(aiMoveRequest(3, [[0]], 'autoplay'))).toEqual({
      type: 'move',
      id: 3,
      cells: [[0]],
      opts: { preset: 'fast' },
    });
    expect(parseAiRequest({ type: 'cancel', id: 3 })).toEqual({ type: 'cancel', id: 3 });
    const move = { type: 'move', id: 3, move: 'left', values, depth: 2 };
    expect(parseAiReply(move)).toEqual(move);
    expect(parseAiReply({ ...move, move: null })).toEqual({ ...move, move: null });
    expect(parseAiReply({ ...move, engine: 'wasm' })).toEqual({ ...move, engine: 'wasm' });
    // An engine name it does not know is left out; the move still counts.
    expect(parseAiReply({ ...move, engine: 'gpu' })).toEqual(move);
    const error = { type: 'error', id: 1, name: 'SlideboxError', code: 'bad-value', message: 'x' };
    expect(parseAiReply(error)).toEqual(error);
    expect(parseAiReply({ type: 'error', id: 1, name: 'Error', message: 'x' })).toEqual({
      type: 'error',
      id: 1,
      name: 'Error',
      message: 'x',
    });
  });

  it.each([
    ['no id', { type: 'move', cells: [], opts: { preset: 'strong' } }],
    ['a negative id', { type: 'cancel', id: -1 }],
    ['cells that are not a grid', { type: 'move', id: 1, cells: [1, 2], opts: { preset: 'fast' } }],
    ['an unknown preset', { type: 'move', id: 1, cells: [], opts: { preset: 'win' } }],
    ['options that are not an object', { type: 'move', id: 1, cells: [], opts: 'fast' }],
    ['an unknown type', { type: 'think', id: 1 }],
    ['null', null],
  ])('rejects a request with %s', (_name, msg) => {
    expect(parseAiRequest(msg)).toBeNull();
  });

  it.each([
    ['a direction that is not one', { type: 'move', id: 1, move: 'north', values, depth: 1 }],
    ['no values', { type: 'move', id: 1, move: 'up', depth: 1 }],
    [
      'values missing a direction',
      { type: 'move', id: 1, move: 'up', values: { up: 1 }, depth: 1 },
    ],
    ['no depth', { type: 'move', id: 1, move: 'up', values }],
    ['the old move reply', { type: 'move', id: 1, dir: 'up' }],
    ['an error without a name', { type: 'error', id: 1, message: 'x' }],
    ['an error without a message', { type: 'error', id: 1, name: 'Error' }],
  ])('rejects a reply with %s', (_name, msg) => {
    expect(parseAiReply(msg)).toBeNull();
  });
});

describe('solver messages', () => {
  it('accepts well-formed requests and replies', () => {
    const req = { type: 'solve', id: 2, tiles: [1, 2, 3, 4, 5, 6, 7, 0, 8], width: 3 };
    expect(parseSolverRequest(req)).toEqual(req);
    expect(parseSolverReply({ type: 'progress', id: 2, stage: 'a', done: 1, total: 9 })).toEqual({
      type: 'progress',
      id: 2,
      stage: 'a',
      done: 1,
      total: 9,
    });
    expect(parseSolverReply({ type: 'solution', id: 2, tiles: [8], optimal: true })).toEqual({
      type: 'solution',
      id: 2,
      tiles: [8],
      optimal: true,
    });
    expect(parseSolverRequest({ type: 'prepare', id: 3, width: 4 })).toEqual({
      type: 'prepare',
      id: 3,
      width: 4,
    });
    expect(parseSolverReply({ type: 'ready', id: 3 })).toEqual({ type: 'ready', id: 3 });
  });

  it('rejects malformed ones', () => {
    expect(parseSolverRequest({ type: 'solve', id: 2, tiles: 'abc', width: 3 })).toBeNull();
    expect(parseSolverRequest({ type: 'solve', id: 2, tiles: [1], width: '3' })).toBeNull();
    expect(parseSolverReply({ type: 'solution', id: 2, tiles: [1.5], optimal: true })).toBeNull();
    expect(parseSolverReply({ type: 'solution', id: 2, tiles: [8] })).toBeNull();
    expect(parseSolverRequest({ type: 'prepare', id: 3 })).toBeNull();
    expect(parseSolverReply({ type: 'progress', id: 2, stage: 'a' })).toBeNull();
    expect(parseSolverReply({ type: 'done', id: 2 })).toBeNull();
  });
});

describe('analysis messages', () => {
  const v2048 = {
    n: 1,
    played: 'up',
    best: 'left',
    values: { up: 10, down: null, left: 12, right: 11 },
    loss: 16.7,
    class: 'blunder',
    accuracy: 0,
  };
  const a2048 = {
    kind: '2048',
    preset: 'fast',
    accuracy: 0,
    agreement: 0,
    counts: { best: 0, good: 0, inaccuracy: 0, mistake: 0, blunder: 1 },
    moves: [v2048],
  };
  const vPuzzle = { n: 1, played: 6, slid: 1, before: 20, after: 21, optimal: false, best: 4 };
  const aPuzzle = {
    kind: 'puzzle',
    width: 4,
    exact: true,
    optimal: 20,
    played: 1,
    wasted: 1,
    detours: [1],
    moves: [vPuzzle],
  };

  it('accepts analysis requests and replies of both workers', () => {
    expect(parseAiRequest({ type: 'analyse', id: 3, code: 'sb.x' })).toEqual({
      type: 'analyse',
      id: 3,
      code: 'sb.x',
    });
    expect(parseSolverRequest({ type: 'analyse', id: 3, code: 'sb.x' })).toEqual({
      type: 'analyse',
      id: 3,
      code: 'sb.x',
    });
    expect(parseAiReply({ type: 'analysis', id: 3, analysis: a2048 })).toEqual({
      type: 'analysis',
      id: 3,
      analysis: a2048,
    });
    // Fields of the analysis the page does not check are passed on.
    const more = { ...a2048, scale: 'chance', moves: [{ ...v2048, scale: 'chance', x: 1 }] };
    expect(parseAiReply({ type: 'analysis', id: 3, analysis: more })).toEqual({
      type: 'analysis',
      id: 3,
      analysis: more,
    });
    expect(parseAiReply({ type: 'progress', id: 3, stage: 's', done: 1, total: 2 })).toEqual({
      type: 'progress',
      id: 3,
      stage: 's',
      done: 1,
      total: 2,
    });
    expect(parseSolverReply({ type: 'analysis', id: 3, analysis: aPuzzle, note: null })).toEqual({
      type: 'analysis',
      id: 3,
      analysis: aPuzzle,
      note: null,
    });
  });

  it.each([
    ['no code', { type: 'analyse', id: 3 }],
    ['a code that is not text', { type: 'analyse', id: 3, code: 7 }],
  ])('refuses an analysis request with %s', (_name, msg) => {
    expect(parseAiRequest(msg)).toBeNull();
    expect(parseSolverRequest(msg)).toBeNull();
  });

  it.each([
    ['an unknown class', { ...a2048, moves: [{ ...v2048, class: 'brilliant' }] }],
    ['a count missing', { ...a2048, counts: { best: 1 } }],
    ['a move not a direction', { ...a2048, moves: [{ ...v2048, best: 'north' }] }],
    [
      'a value that is text',
      { ...a2048, moves: [{ ...v2048, values: { ...v2048.values, up: 'x' } }] },
    ],
    ['no accuracy', { ...a2048, accuracy: undefined }],
    ['a puzzle analysis', aPuzzle],
  ])('refuses a 2048 analysis with %s', (_name, analysis) => {
    expect(parseAiReply({ type: 'analysis', id: 3, analysis })).toBeNull();
  });

  it.each([
    ['a best tile that is text', { ...aPuzzle, moves: [{ ...vPuzzle, best: 'x' }] }],
    ['no detours', { ...aPuzzle, detours: undefined }],
    ['a negative distance', { ...aPuzzle, moves: [{ ...vPuzzle, after: -1 }] }],
    ['a 2048 analysis', a2048],
  ])('refuses a puzzle analysis with %s', (_name, analysis) => {
    expect(parseSolverReply({ type: 'analysis', id: 3, analysis, note: null })).toBeNull();
  });

  it('refuses a puzzle analysis whose note is not text or null', () => {
    expect(parseSolverReply({ type: 'analysis', id: 3, analysis: aPuzzle, note: 5 })).toBeNull();
    expect(parseSolverReply({ type: 'analysis', id: 3, analysis: aPuzzle })).toBeNull();
  });
});
