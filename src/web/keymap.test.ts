import { describe, expect, it } from 'vitest';
import { gameFromCells, newGame } from '../engine/game2048.ts';
import { newPuzzle, puzzleFromTiles } from '../engine/puzzle.ts';
import { initialModel } from '../front/model2048.ts';
import { initialPuzzleModel } from '../front/modelPuzzle.ts';
import { key2048, keyDirection, keyPuzzle } from './keymap.ts';

const model = initialModel(newGame({ seed: 1 }), 0);
const pmodel = initialPuzzleModel(newPuzzle({ width: 3, seed: 1 }), {});

describe('keyDirection', () => {
  it.each([
    ['ArrowUp', 'up'],
    ['ArrowDown', 'down'],
    ['ArrowLeft', 'left'],
    ['ArrowRight', 'right'],
    ['w', 'up'],
    ['A', 'left'],
    ['s', 'down'],
    ['d', 'right'],
    ['k', 'up'],
    ['h', 'left'],
    ['j', 'down'],
    ['L', 'right'],
  ] as const)('%s moves %s', (key, dir) => {
    expect(keyDirection({ key })).toBe(dir);
  });

  it('leaves browser shortcuts alone (Ctrl/Cmd/Alt held)', () => {
    expect(keyDirection({ key: 'ArrowLeft', altKey: true })).toBeNull();
    expect(keyDirection({ key: 'a', ctrlKey: true })).toBeNull();
    expect(keyDirection({ key: 'd', metaKey: true })).toBeNull();
  });

  it('gives null for other keys', () => {
    for (const key of ['Enter', ' ', 'Tab', 'x', 'Escape'])
      expect(keyDirection({ key })).toBeNull();
  });
});

describe('key2048', () => {
  it('maps moves and commands', () => {
    expect(key2048({ key: 'ArrowLeft' }, model)).toEqual({ type: 'move', dir: 'left' });
    expect(key2048({ key: 'u' }, model)).toEqual({ type: 'undo' });
    expect(key2048({ key: 'z', ctrlKey: true }, model)).toEqual({ type: 'undo' });
    expect(key2048({ key: 'z', metaKey: true }, model)).toEqual({ type: 'undo' });
    expect(key2048({ key: 'n' }, model)).toEqual({ type: 'new' });
    expect(key2048({ key: 'i' }, model)).toEqual({ type: 'hint' });
    expect(key2048({ key: 'p' }, model)).toEqual({ type: 'autoplay' });
    expect(key2048({ key: '+' }, model)).toEqual({ type: 'faster' });
    expect(key2048({ key: '-' }, model)).toEqual({ type: 'slower' });
  });

  it('leaves Tab, Enter, Space and shortcuts to the browser', () => {
    for (const key of ['Tab', 'Enter', ' ']) expect(key2048({ key }, model)).toBeNull();
    expect(key2048({ key: 'r', ctrlKey: true }, model)).toBeNull();
    expect(key2048({ key: 'u', ctrlKey: true }, model)).toBeNull();
  });

  it('answers the new-game question with y, n and Escape only', () => {
    const asking = { ...model, overlay: 'confirm-new' as const };
    expect(key2048({ key: 'y' }, asking)).toEqual({ type: 'new-confirmed' });
    expect(key2048({ key: 'n' }, asking)).toEqual({ type: 'cancel' });
    expect(key2048({ key: 'Escape' }, asking)).toEqual({ type: 'cancel' });
    expect(key2048({ key: 'ArrowLeft' }, asking)).toBeNull();
  });

  it('offers keep going (c) only after a win', () => {
    const won = initialModel(
      gameFromCells([
        [2048, 0, 0],
        [0, 0, 0],
        [0, 0, 2],
      ]),
      0,
    );
    expect(key2048({ key: 'c' }, won)).toEqual({ type: 'keep-going' });
    expect(key2048({ key: 'c' }, model)).toBeNull();
  });
});

describe('keyPuzzle', () => {
  it('maps moves and commands', () => {
    expect(keyPuzzle({ key: 'ArrowUp' }, pmodel)).toEqual({ type: 'move', dir: 'up' });
    expect(keyPuzzle({ key: 'h' }, pmodel)).toEqual({ type: 'move', dir: 'left' });
    expect(keyPuzzle({ key: 'u' }, pmodel)).toEqual({ type: 'undo' });
    expect(keyPuzzle({ key: 'i' }, pmodel)).toEqual({ type: 'hint' });
    expect(keyPuzzle({ key: 'p' }, pmodel)).toEqual({ type: 'auto-solve' });
    expect(keyPuzzle({ key: 'n' }, pmodel)).toEqual({ type: 'new' });
    expect(keyPuzzle({ key: 'Tab' }, pmodel)).toBeNull();
  });

  it('stops a playing solution on a move key or Escape, doing nothing else', () => {
    const solving = { ...pmodel, autoSolve: true };
    expect(keyPuzzle({ key: 'ArrowLeft' }, solving)).toEqual({ type: 'auto-solve' });
    expect(keyPuzzle({ key: 'Escape' }, solving)).toEqual({ type: 'auto-solve' });
  });

  it('takes only "new" once solved', () => {
    const solved = initialPuzzleModel(puzzleFromTiles([1, 2, 3, 4, 5, 6, 7, 8, 0], 3), {});
    expect(keyPuzzle({ key: 'ArrowLeft' }, solved)).toBeNull();
    expect(keyPuzzle({ key: 'u' }, solved)).toBeNull();
    expect(keyPuzzle({ key: 'n' }, solved)).toEqual({ type: 'new' });
  });
});
