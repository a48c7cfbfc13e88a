import { describe, expect, it } from 'vitest';
import { gameFromCells, newGame } from '../engine/game2048.ts';
import { newPuzzle, puzzleFromTiles } from '../engine/puzzle.ts';
import { key2048, keyDirection, keyPuzzle } from './keymap.ts';
import { initialModel2048 } from './model2048.ts';
import { initialModelPuzzle } from './modelPuzzle.ts';

const model = initialModel2048(newGame({ seed: 1 }), 0);
const pmodel = initialModelPuzzle(newPuzzle({ width: 3, seed: 1 }), {});

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

  it('answers the new-game question: y or Enter starts, any other key keeps the game', () => {
    const asking = { ...model, overlay: 'confirm-new' as const };
    expect(key2048({ key: 'y' }, asking)).toEqual({ type: 'new-confirmed' });
    expect(key2048({ key: 'Enter' }, asking)).toEqual({ type: 'new-confirmed' });
    for (const key of ['n', 'Escape', 'q', 'x', 'ArrowLeft', ' ']) {
      expect(key2048({ key }, asking)).toEqual({ type: 'cancel' });
    }
    // Focus moves and modifiers are not answers.
    expect(key2048({ key: 'Tab' }, asking)).toBeNull();
    expect(key2048({ key: 'Shift' }, asking)).toBeNull();
    expect(key2048({ key: 'y', ctrlKey: true }, asking)).toBeNull();
  });

  it('opens help with ?, and any key but a modifier closes it (q quits)', () => {
    expect(key2048({ key: '?' }, model)).toEqual({ type: 'help' });
    const help = { ...model, overlay: 'help' as const };
    expect(key2048({ key: 'x' }, help)).toEqual({ type: 'cancel' });
    expect(key2048({ key: 'ArrowLeft' }, help)).toEqual({ type: 'cancel' });
    expect(key2048({ key: 'Shift' }, help)).toBeNull();
    expect(key2048({ key: 'q' }, help)).toEqual({ type: 'quit' });
  });

  it('quits with q or Escape', () => {
    expect(key2048({ key: 'q' }, model)).toEqual({ type: 'quit' });
    expect(key2048({ key: 'Escape' }, model)).toEqual({ type: 'quit' });
  });

  it('offers keep going (c) only after a win', () => {
    const won = initialModel2048(
      gameFromCells([
        [2048, 0, 0],
        [0, 0, 0],
        [0, 0, 2],
      ]),
      0,
    );
    expect(key2048({ key: 'c' }, won)).toEqual({ type: 'keep-going' });
    expect(key2048({ key: 'Enter' }, won)).toEqual({ type: 'keep-going' });
    expect(key2048({ key: ' ' }, won)).toEqual({ type: 'keep-going' });
    expect(key2048({ key: 'ArrowLeft' }, won)).toBeNull();
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

  it('stops a playing solution on any key; undo, new, help and quit also act', () => {
    const solving = { ...pmodel, autoSolve: true };
    for (const key of ['ArrowLeft', 'x', 'p', 'i', ' ', 'Enter']) {
      expect(keyPuzzle({ key }, solving)).toEqual({ type: 'auto-solve' });
    }
    expect(keyPuzzle({ key: 'Shift' }, solving)).toBeNull();
    expect(keyPuzzle({ key: 'Tab' }, solving)).toBeNull();
    expect(keyPuzzle({ key: 'u' }, solving)).toEqual({ type: 'undo' });
    expect(keyPuzzle({ key: 'n' }, solving)).toEqual({ type: 'new' });
    expect(keyPuzzle({ key: '?' }, solving)).toEqual({ type: 'help' });
    expect(keyPuzzle({ key: 'q' }, solving)).toEqual({ type: 'quit' });
    expect(keyPuzzle({ key: 'Escape' }, solving)).toEqual({ type: 'quit' });
  });

  it('takes only "new" once solved', () => {
    const solved = initialModelPuzzle(puzzleFromTiles([1, 2, 3, 4, 5, 6, 7, 8, 0], 3), {});
    expect(keyPuzzle({ key: 'ArrowLeft' }, solved)).toBeNull();
    expect(keyPuzzle({ key: 'u' }, solved)).toBeNull();
    expect(keyPuzzle({ key: 'n' }, solved)).toEqual({ type: 'new' });
  });
});
