import { describe, expect, it } from 'vitest';
import { parseAiReply, parseAiRequest, parseSolverReply, parseSolverRequest } from './protocol.ts';

describe('AI messages', () => {
  it('accepts well-formed requests and replies', () => {
    const req = {
      type: 'best-move',
      id: 3,
      cells: [
        [0, 2, 0],
        [0, 0, 0],
        [4, 0, 0],
      ],
      purpose: 'hint',
    };
    expect(parseAiRequest(req)).toEqual(req);
    expect(parseAiRequest({ type: 'cancel', id: 3 })).toEqual({ type: 'cancel', id: 3 });
    expect(parseAiReply({ type: 'move', id: 3, dir: 'left' })).toEqual({
      type: 'move',
      id: 3,
      dir: 'left',
    });
    expect(parseAiReply({ type: 'move', id: 3, dir: null })).toEqual({
      type: 'move',
      id: 3,
      dir: null,
    });
    expect(parseAiReply({ type: 'move', id: 4, dir: 'up', engine: 'wasm' })).toEqual({
      type: 'move',
      id: 4,
      dir: 'up',
      engine: 'wasm',
    });
    // An engine name it does not know is left out; the move still counts.
    expect(parseAiReply({ type: 'move', id: 4, dir: 'up', engine: 'gpu' })).toEqual({
      type: 'move',
      id: 4,
      dir: 'up',
    });
    expect(parseAiReply({ type: 'error', id: 1, message: 'x' })).toEqual({
      type: 'error',
      id: 1,
      message: 'x',
    });
  });

  it.each([
    ['no id', { type: 'best-move', cells: [], purpose: 'hint' }],
    ['a negative id', { type: 'cancel', id: -1 }],
    ['cells that are not a grid', { type: 'best-move', id: 1, cells: [1, 2], purpose: 'hint' }],
    ['an unknown purpose', { type: 'best-move', id: 1, cells: [], purpose: 'win' }],
    ['an unknown type', { type: 'think', id: 1 }],
    ['null', null],
  ])('rejects a request with %s', (_name, msg) => {
    expect(parseAiRequest(msg)).toBeNull();
  });

  it('rejects a reply with a direction that is not one', () => {
    expect(parseAiReply({ type: 'move', id: 1, dir: 'north' })).toBeNull();
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
