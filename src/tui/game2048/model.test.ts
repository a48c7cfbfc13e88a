import { describe, expect, it } from 'vitest';
import { gameFromCells, newGame, play } from '../../engine/game2048.ts';
import {
  AUTOPLAY_DELAYS,
  type Command2048,
  initialModel2048,
  type Model2048,
  shownHint,
  update2048,
  wantsAi,
} from '../../front/model2048.ts';
import { decodeKeys } from '../keys.ts';
import { keyToCommand } from './keymap.ts';

const seeds = () => {
  let s = 100;
  return () => s++;
};

/** Feeds raw terminal input through the keymap and update2048, as the terminal front-end does. */
function press(model: Model2048, input: string, seed = seeds()): Model2048 {
  let m = model;
  for (const key of decodeKeys(input)) m = update2048(m, keyToCommand(key, m), seed);
  return m;
}

describe('keymap', () => {
  const m = initialModel2048(newGame({ seed: 1 }), 0);
  it.each([
    ['\x1b[A', { type: 'move', dir: 'up' }],
    ['w', { type: 'move', dir: 'up' }],
    ['K', { type: 'move', dir: 'up' }],
    ['\x1b[D', { type: 'move', dir: 'left' }],
    ['a', { type: 'move', dir: 'left' }],
    ['h', { type: 'move', dir: 'left' }],
    ['s', { type: 'move', dir: 'down' }],
    ['j', { type: 'move', dir: 'down' }],
    ['d', { type: 'move', dir: 'right' }],
    ['l', { type: 'move', dir: 'right' }],
    ['u', { type: 'undo' }],
    ['n', { type: 'new' }],
    ['?', { type: 'help' }],
    ['q', { type: 'quit' }],
    ['\x1b', { type: 'quit' }],
    ['\x03', { type: 'quit' }],
    ['x', { type: 'none' }],
  ] as [string, Command2048][])('%j -> %j', (input, cmd) => {
    expect(keyToCommand(decodeKeys(input)[0]!, m)).toEqual(cmd);
  });
});

describe('the 2048 front-end model', () => {
  it('applies every key of a burst in order, like the same moves one by one', () => {
    const start = initialModel2048(newGame({ seed: 42 }), 0);
    const burst = press(start, '\x1b[D\x1b[A\x1b[C\x1b[Bwasd');
    let g = start.game;
    for (const d of ['left', 'up', 'right', 'down', 'up', 'left', 'down', 'right'] as const)
      g = play(g, d);
    expect(burst.game.cells).toEqual(g.cells);
    expect(burst.game.moves).toBe(g.moves);
  });

  it('asks before replacing a game in progress; n or Esc cancels, y confirms', () => {
    const m = press(initialModel2048(newGame({ seed: 7 }), 0), 'a');
    expect(m.game.moves).toBe(1);
    const asking = press(m, 'n');
    expect(asking.overlay).toBe('confirm-new');
    expect(press(asking, 'n').game).toBe(m.game);
    expect(press(asking, '\x1b').game).toBe(m.game);
    expect(press(asking, '\x1b').quit).toBe(false);
    const fresh = press(asking, 'y');
    expect(fresh.game.moves).toBe(0);
    expect(fresh.game).not.toBe(m.game);
    expect(fresh.overlay).toBeNull();
  });

  it('help opens, any key closes it without acting', () => {
    const m = initialModel2048(newGame({ seed: 8 }), 0);
    const help = press(m, '?');
    expect(help.overlay).toBe('help');
    const closed = press(help, 'a');
    expect(closed.overlay).toBeNull();
    expect(closed.game).toBe(m.game);
  });

  it('after a win waits for the choice: keep going (c/Enter) or a new game without asking', () => {
    const won = initialModel2048(
      gameFromCells(
        [
          [4, 4, 0],
          [0, 0, 0],
          [0, 0, 0],
        ],
        { target: 8, seed: 1 },
      ),
      0,
    );
    const m = press(won, 'a');
    expect(m.game.won).toBe(true);
    expect(press(m, 'd').game).toBe(m.game); // moves wait for the choice
    const going = press(m, 'c');
    expect(going.game.keepPlaying).toBe(true);
    expect(press(m, '\r').game.keepPlaying).toBe(true);
    expect(press(going, 'd').game.moves).toBe(2);
    const fresh = press(m, 'n');
    expect(fresh.overlay).toBeNull();
    expect(fresh.game.moves).toBe(0);
    expect(fresh.game.target).toBe(8);
    expect(fresh.game.size).toBe(3);
  });

  it('undo goes back; with nothing to undo it says so', () => {
    const m = initialModel2048(newGame({ seed: 9 }), 0);
    expect(press(m, 'u').notice).toBe('Nothing to undo.');
    const moved = press(m, 'a');
    expect(press(moved, 'u').game).toBe(m.game);
  });

  it('keeps the best score up to date', () => {
    const m = initialModel2048(
      gameFromCells(
        [
          [2, 2, 0],
          [0, 0, 0],
          [0, 0, 0],
        ],
        { seed: 1 },
      ),
      2,
    );
    expect(press(m, 'a').best).toBe(4);
    expect(initialModel2048(newGame({ seed: 1 }), 50).best).toBe(50);
  });
});

describe('hint and autoplay in the model', () => {
  const seed = seeds();
  it('a hint is asked for, arrives for the game on screen, and is dropped when stale', () => {
    const m = update2048(initialModel2048(newGame({ seed: 3 }), 0), { type: 'hint' }, seed);
    expect(wantsAi(m)).toBe(true);
    const answered = update2048(m, { type: 'ai-answer', game: m.game, dir: 'left' }, seed);
    expect(shownHint(answered)).toBe('left');
    expect(wantsAi(answered)).toBe(false);
    expect(answered.game).toBe(m.game); // a hint does not move
    const moved = press(answered, 'd');
    expect(shownHint(moved)).toBeUndefined();
    const stale = update2048(moved, { type: 'ai-answer', game: m.game, dir: 'up' }, seed);
    expect(stale).toBe(moved);
  });

  it('autoplay plays the answers, keeps going past a win, and stops at the end', () => {
    let m = update2048(
      initialModel2048(
        gameFromCells(
          [
            [4, 4, 0],
            [0, 0, 0],
            [0, 0, 0],
          ],
          { target: 8, seed: 1 },
        ),
        0,
      ),
      { type: 'autoplay' },
      seed,
    );
    expect(m.autoplay).toBe(true);
    expect(wantsAi(m)).toBe(true);
    m = update2048(m, { type: 'ai-answer', game: m.game, dir: 'left' }, seed);
    expect(m.game.moves).toBe(1);
    expect(m.game.won).toBe(true);
    expect(m.game.keepPlaying).toBe(true);
    expect(m.notice).toMatch(/keeps going/);
    const last = initialModel2048(
      gameFromCells(
        [
          [2, 4, 2],
          [4, 2, 4],
          [2, 4, 0],
        ],
        { seed: 1 },
      ),
      0,
    );
    let end = update2048(last, { type: 'autoplay' }, seed);
    // Whatever spawns, filling the last cell with 2 or 4 here leaves no move only sometimes;
    // play answers until the game ends and check autoplay stops with it.
    for (let i = 0; i < 50 && end.autoplay; i++) {
      const dir =
        (['up', 'down', 'left', 'right'] as const).find((d) => play(end.game, d) !== end.game) ??
        null;
      end = update2048(end, { type: 'ai-answer', game: end.game, dir }, seed);
    }
    expect(end.game.over).toBe(true);
    expect(end.autoplay).toBe(false);
  });

  it('p pauses, undo and a move of your own stop autoplay; + and - change the pace within bounds', () => {
    const m = press(initialModel2048(newGame({ seed: 5 }), 0), 'p');
    expect(m.autoplay).toBe(true);
    expect(press(m, 'p').autoplay).toBe(false);
    expect(press(m, 'a').autoplay).toBe(false);
    expect(press(m, 'u').autoplay).toBe(false);
    expect(press(m, '++++++++++').speed).toBe(0);
    expect(press(m, '----------').speed).toBe(AUTOPLAY_DELAYS.length - 1);
  });

  it('reports an AI failure and stops', () => {
    const m = press(initialModel2048(newGame({ seed: 6 }), 0), 'p');
    const failed = update2048(m, { type: 'ai-failed', message: 'worker died' }, seed);
    expect(failed.autoplay).toBe(false);
    expect(failed.notice).toBe('The AI failed: worker died');
  });
});
