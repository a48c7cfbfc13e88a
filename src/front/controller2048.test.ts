import { describe, expect, it } from 'vitest';
import { gameFromCells, maxTile, newGame, play } from '../engine/game2048.ts';
import type { Direction } from '../engine/types.ts';
import { FakeAdvisor, MemoryStore2048, settle } from '../testutil/fakeEffects.ts';
import { FakeTime } from '../testutil/fakeTime.ts';
import { type Change2048, Controller2048 } from './controller2048.ts';
import { AUTOPLAY_DELAYS, initialModel2048, type Model2048 } from './model2048.ts';
import { AI_SAVE_INTERVAL_MS } from './saveThrottle.ts';

/** The first direction that moves the board (a stand-in AI). */
function anyMove(cells: number[][]): Direction | null {
  const g = gameFromCells(cells);
  for (const d of ['left', 'up', 'right', 'down'] as const) if (play(g, d) !== g) return d;
  return null;
}

function setup(model: Model2048 = initialModel2048(newGame({ seed: 7 }), 0)) {
  const time = new FakeTime();
  const advisor = new FakeAdvisor();
  const store = new MemoryStore2048();
  const changes: Change2048[] = [];
  let loads = 0;
  const c = new Controller2048({
    model,
    store,
    advisor: async () => {
      loads++;
      return advisor;
    },
    seed: () => 99,
    onChange: (ch) => changes.push(ch),
    clock: time,
    timers: time,
  });
  return { c, time, advisor, store, changes, loads: () => loads };
}

describe('Controller2048: the AI', () => {
  it('loads the AI only when a hint or autoplay asks for it, once', async () => {
    const { c, advisor, loads } = setup();
    c.start();
    c.dispatch({ type: 'move', dir: 'left' });
    await settle();
    expect(loads()).toBe(0);
    c.dispatch({ type: 'hint' });
    await settle();
    expect(advisor.asked).toHaveLength(1);
    expect(advisor.last.purpose).toBe('hint');
    c.dispatch({ type: 'autoplay' });
    await settle();
    expect(loads()).toBe(1);
  });

  it('shows a hint for the game it was asked about', async () => {
    const { c, advisor } = setup();
    c.dispatch({ type: 'hint' });
    await settle();
    advisor.last.answer.resolve('down');
    await settle();
    expect(c.model.hint).toEqual({ game: c.model.game, dir: 'down' });
  });

  it('marks the game assisted once a hint is shown, until a new game', async () => {
    const { c, advisor, store } = setup();
    c.dispatch({ type: 'move', dir: anyMove(c.model.game.cells as number[][])! });
    expect(c.model.assisted).toBe(false);
    c.dispatch({ type: 'hint' });
    await settle();
    expect(c.model.assisted).toBe(false);
    advisor.last.answer.resolve('down');
    await settle();
    expect(c.model.assisted).toBe(true);
    // Kept at once (the hint alone changes no board), so a resumed game is still marked.
    expect(store.saves.at(-1)?.assisted).toBe(true);
    c.dispatch({ type: 'move', dir: 'down' });
    expect(store.saves.at(-1)?.assisted).toBe(true);
    c.dispatch({ type: 'new' });
    c.dispatch({ type: 'new-confirmed' });
    expect(c.model.assisted).toBe(false);
  });

  it('an evil game never raises the best score shown: its scores are not records', () => {
    const g = gameFromCells([
      [2, 2, 4, 4],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    const model = initialModel2048(g, 3, null, true);
    const c = new Controller2048({
      model,
      store: new MemoryStore2048(),
      advisor: async () => new FakeAdvisor(),
      seed: () => 1,
      onChange: () => {},
      place: (cells) => ({ at: { row: 3, col: cells[3]!.indexOf(0) }, value: 2 }),
    });
    c.dispatch({ type: 'move', dir: 'left' });
    expect(c.model.game.score).toBe(12);
    expect(c.model.best).toBe(3);
    expect(initialModel2048(c.model.game, 3).best).toBe(12);
  });

  it('drops a stale answer after an undo: the hint is for the game on screen only', async () => {
    const { c, advisor } = setup();
    c.dispatch({ type: 'move', dir: 'left' });
    c.dispatch({ type: 'hint' });
    await settle();
    const first = advisor.last;
    c.dispatch({ type: 'undo' });
    // The request for the game that is gone was cancelled, and a new one asked.
    expect(first.signal.aborted).toBe(true);
    await settle();
    expect(advisor.asked).toHaveLength(1);
    first.answer.resolve('right');
    await settle();
    expect(c.model.hint).toBeNull();
  });

  it('drops a stale autoplay answer after a new game: the new game is not moved by it', async () => {
    const { c, advisor } = setup();
    c.dispatch({ type: 'autoplay' });
    await settle();
    const asked = advisor.last;
    const oldGame = c.model.game;
    c.dispatch({ type: 'new' }); // no move made: no question
    const fresh = c.model.game;
    expect(fresh).not.toBe(oldGame);
    expect(asked.signal.aborted).toBe(true);
    asked.answer.resolve('left');
    await settle();
    expect(c.model.game).toBe(fresh);
  });

  it('keeps autoplay at its pace: one move per pause, counted from when the AI was asked', async () => {
    const { c, advisor, time } = setup();
    advisor.auto = anyMove;
    c.dispatch({ type: 'autoplay' });
    const pause = AUTOPLAY_DELAYS[c.model.speed]!;
    expect(pause).toBeGreaterThan(0);
    await settle();
    expect(c.model.game.moves).toBe(0);
    time.advance(pause - 1);
    await settle();
    expect(c.model.game.moves).toBe(0);
    time.advance(1);
    await settle();
    expect(c.model.game.moves).toBe(1);
    for (let i = 2; i <= 5; i++) {
      time.advance(pause);
      await settle();
      expect(c.model.game.moves).toBe(i);
    }
    // A slow answer eats into the pause: the move follows as soon as it comes.
    advisor.auto = null;
    time.advance(pause); // the answer already given
    await settle();
    expect(c.model.game.moves).toBe(6);
    time.advance(pause * 3);
    await settle();
    expect(c.model.game.moves).toBe(6);
    advisor.last.answer.resolve(anyMove(advisor.last.cells));
    await settle();
    expect(c.model.game.moves).toBe(7);
  });

  it('autoplay waits while the board cannot be shown, and goes on once it can', async () => {
    const { c, advisor, time } = setup();
    advisor.auto = anyMove;
    c.dispatch({ type: 'autoplay' });
    const pause = AUTOPLAY_DELAYS[c.model.speed]!;
    time.advance(pause);
    await settle();
    expect(c.model.game.moves).toBe(1);
    // The window became too small: the question on its way is dropped, none is asked.
    c.setShown(false);
    const asked = advisor.asked.length;
    time.advance(pause * 20);
    await settle();
    expect(c.model.game.moves).toBe(1);
    expect(advisor.asked).toHaveLength(asked);
    // Autoplay is still on: it plays on as soon as the board is back.
    expect(c.model.autoplay).toBe(true);
    c.setShown(true);
    time.advance(pause);
    await settle();
    expect(c.model.game.moves).toBe(2);
  });

  it('a move of the player stops autoplay and its pending answer', async () => {
    const { c, advisor } = setup();
    c.dispatch({ type: 'autoplay' });
    await settle();
    c.dispatch({ type: 'move', dir: 'left' });
    expect(c.model.autoplay).toBe(false);
    expect(advisor.last.signal.aborted).toBe(true);
  });

  it('reports a failing AI as a notice and stops autoplay', async () => {
    const { c, advisor } = setup();
    c.dispatch({ type: 'autoplay' });
    await settle();
    advisor.last.answer.reject(new Error('worker crashed'));
    await settle();
    expect(c.model.autoplay).toBe(false);
    expect(c.model.notice).toBe('The AI failed: worker crashed');
  });

  it('answers go where `post` sends them (the web queues them behind animations)', async () => {
    const time = new FakeTime();
    const advisor = new FakeAdvisor();
    const posted: unknown[] = [];
    const c = new Controller2048({
      model: initialModel2048(newGame({ seed: 7 }), 0),
      store: new MemoryStore2048(),
      advisor: async () => advisor,
      seed: () => 1,
      onChange: () => {},
      post: (cmd) => posted.push(cmd),
      clock: time,
      timers: time,
    });
    c.dispatch({ type: 'hint' });
    await settle();
    advisor.last.answer.resolve('up');
    await settle();
    expect(posted).toEqual([{ type: 'ai-answer', game: c.model.game, dir: 'up' }]);
    expect(c.model.hint).toBeNull();
    // While the answer waits in the queue, nothing asks the AI again.
    c.dispatch({ type: 'faster' });
    await settle();
    expect(advisor.asked).toHaveLength(1);
  });

  it('settled() waits for the answer on its way (plain mode prints the hint then)', async () => {
    const { c, advisor } = setup();
    c.dispatch({ type: 'hint' });
    let done = false;
    void c.settled().then(() => (done = true));
    await settle();
    expect(done).toBe(false);
    advisor.last.answer.resolve('left');
    await settle();
    expect(done).toBe(true);
  });

  it('suspend stops autoplay; close closes the AI', async () => {
    const { c, advisor } = setup();
    c.dispatch({ type: 'autoplay' });
    await settle();
    c.suspend();
    expect(c.model.autoplay).toBe(false);
    expect(advisor.last.signal.aborted).toBe(true);
    c.close();
    await settle();
    expect(advisor.closed).toBe(true);
  });
});

describe('Controller2048: saving', () => {
  it("saves the player's moves at once, the AI's at most twice a second, and the rest on close", async () => {
    const { c, advisor, store, time } = setup();
    c.dispatch({ type: 'move', dir: 'left' });
    c.dispatch({ type: 'move', dir: 'up' });
    expect(store.saves.map((s) => s.game)).toEqual([c.model.game.previous, c.model.game]);
    c.dispatch({ type: 'faster' });
    c.dispatch({ type: 'faster' }); // no pause between the AI's moves
    expect(store.saves).toHaveLength(2);

    advisor.auto = anyMove;
    c.dispatch({ type: 'autoplay' });
    const saved = store.saves.length;
    for (let i = 0; i < 40; i++) {
      time.advance(50);
      await settle();
    }
    const moves = c.model.game.moves - 2;
    expect(moves).toBeGreaterThan(30);
    // 2 s of AI moves: at most one save per interval (plus one at once).
    const aiSaves = store.saves.length - saved;
    expect(aiSaves).toBeGreaterThan(0);
    expect(aiSaves).toBeLessThanOrEqual(2000 / AI_SAVE_INTERVAL_MS + 1);
    c.dispatch({ type: 'autoplay' }); // pause
    const last = c.model.game;
    c.close();
    expect(store.saves.at(-1)!.game).toBe(last);
  });

  it('keeps the best score with the save', () => {
    const start = gameFromCells([
      [2, 2, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    const { c, store } = setup(initialModel2048(start, 0));
    c.dispatch({ type: 'move', dir: 'left' });
    expect(store.saves.at(-1)!.best).toBe(4);
    expect(c.model.best).toBe(4);
  });

  it('a failed save shows a notice, and play goes on', () => {
    const { c, store, changes } = setup();
    store.failing = true;
    c.dispatch({ type: 'move', dir: 'left' });
    expect(c.model.notice).toBe('Could not save the game (disk full).');
    expect(changes.at(-1)!.model.notice).toBe('Could not save the game (disk full).');
    const after = c.model.game;
    c.dispatch({ type: 'move', dir: 'up' });
    expect(c.model.game).not.toBe(after);
    store.failing = false;
    c.dispatch({ type: 'move', dir: 'right' });
    expect(c.model.notice).toBeNull();
    expect(store.saves.at(-1)!.game).toBe(c.model.game);
  });

  it('a throttled save that fails later is shown when it fails', async () => {
    const { c, advisor, store, time, changes } = setup();
    advisor.auto = anyMove;
    c.dispatch({ type: 'faster' });
    c.dispatch({ type: 'faster' });
    c.dispatch({ type: 'autoplay' });
    store.failing = true;
    const movesThen = c.model.game.moves;
    changes.length = 0;
    for (let i = 0; i < 20; i++) {
      time.advance(50);
      await settle();
    }
    expect(changes.some((ch) => ch.model.notice === 'Could not save the game (disk full).')).toBe(
      true,
    );
    // The AI played on.
    expect(c.model.game.moves).toBeGreaterThan(movesThen + 10);
  });
});

describe('Controller2048: other tabs and the screen', () => {
  it('takes a game from another tab: the AI is asked about that game, not the old one', async () => {
    const { c, advisor, changes } = setup();
    c.dispatch({ type: 'autoplay' });
    await settle();
    const asked = advisor.last;
    const other = newGame({ seed: 8 });
    c.replace({ ...initialModel2048(other, 0, 'From the other tab.'), autoplay: true });
    expect(asked.signal.aborted).toBe(true);
    expect(changes.at(-1)).toMatchObject({ cmd: { type: 'none' }, moved: false });
    await settle();
    expect(advisor.last.cells).toEqual(other.cells);
  });

  it('resume after suspend: a hint asked for again is answered', async () => {
    const { c, advisor } = setup();
    c.suspend();
    c.dispatch({ type: 'hint' });
    await settle();
    expect(advisor.asked).toHaveLength(0);
    c.resume();
    await settle();
    expect(advisor.asked).toHaveLength(1);
  });
});

describe('Controller2048: changes', () => {
  it('says which changes are one move (to animate) and which are not', () => {
    const { c, changes } = setup();
    c.dispatch({ type: 'move', dir: 'left' });
    c.dispatch({ type: 'undo' });
    c.dispatch({ type: 'help' });
    expect(changes.map((ch) => [ch.cmd.type, ch.moved])).toEqual([
      ['move', true],
      ['undo', false],
      ['help', false],
    ]);
  });
});

describe('Controller2048: the history', () => {
  /** One move from the end: `left` merges the two 8s, and no spawn can save the board. */
  const LAST_MOVE = [
    [2, 4, 2, 4],
    [4, 2, 4, 2],
    [2, 4, 2, 8],
    [4, 2, 8, 8],
  ];

  function nearEnd(score = 500): Model2048 {
    return initialModel2048(gameFromCells(LAST_MOVE, { seed: 3, score }), 0);
  }

  it('records a game once when it ends, with its score, moves, largest tile and date', () => {
    const { c, store, time } = setup(nearEnd());
    c.dispatch({ type: 'move', dir: 'left' });
    const g = c.model.game;
    expect(g.over).toBe(true);
    expect(store.history.games).toEqual([
      {
        kind: '2048',
        size: 4,
        date: new Date(time.now()).toISOString(),
        score: 516,
        moves: 1,
        maxTile: 16,
        won: false,
        assisted: false,
      },
    ]);
    // The finished game is left for a new one, which is played and left in turn.
    c.dispatch({ type: 'new' });
    expect(store.history.games).toHaveLength(1);
    c.dispatch({ type: 'move', dir: anyMove(c.model.game.cells.map((r) => [...r]))! });
    const left = c.model.game;
    c.dispatch({ type: 'new' });
    c.dispatch({ type: 'new-confirmed' });
    expect(store.history.games).toHaveLength(2);
    expect(store.history.games[1]).toMatchObject({
      score: left.score,
      moves: 1,
      maxTile: maxTile(left.cells),
      won: false,
    });
  });

  it('a game taken back from its end by undo is not recorded again, however it ends', () => {
    const { c, store } = setup(nearEnd());
    c.dispatch({ type: 'move', dir: 'left' });
    c.dispatch({ type: 'undo' });
    expect(c.model.game.over).toBe(false);
    c.dispatch({ type: 'move', dir: 'left' });
    expect(c.model.game.over).toBe(true);
    c.dispatch({ type: 'undo' });
    c.dispatch({ type: 'new' });
    c.dispatch({ type: 'new-confirmed' });
    expect(store.history.games).toHaveLength(1);
  });

  it('the mark that a game is recorded is saved, so a later run does not count it again', () => {
    const { c, store } = setup(nearEnd());
    c.dispatch({ type: 'move', dir: 'left' });
    expect(store.saves.at(-1)).toMatchObject({ recorded: true });
    c.dispatch({ type: 'undo' });
    expect(store.saves.at(-1)).toMatchObject({ recorded: true });
    expect(c.model.game.over).toBe(false);
    c.close();
    // The next run resumes the saved game with its mark and ends it again.
    const saved = store.saves.at(-1)!;
    const next = setup({ ...initialModel2048(saved.game, 0), recorded: saved.recorded });
    next.c.dispatch({ type: 'move', dir: 'left' });
    expect(next.c.model.game.over).toBe(true);
    next.c.dispatch({ type: 'new' });
    expect(next.store.history.games).toEqual([]);
    // The new game starts unrecorded, and says so in its save.
    expect(next.c.model.recorded).toBe(false);
    next.c.dispatch({ type: 'move', dir: anyMove(next.c.model.game.cells.map((r) => [...r]))! });
    expect(next.store.saves.at(-1)).toMatchObject({ recorded: false });
  });

  it('a game that comes in over (resumed after it ended) is not recorded when a new one starts', () => {
    const ended = initialModel2048(play(gameFromCells(LAST_MOVE, { seed: 3 }), 'left'), 0);
    expect(ended.game.over).toBe(true);
    const { c, store } = setup(ended);
    c.dispatch({ type: 'new' });
    expect(c.model.game.moves).toBe(0);
    expect(store.history.games).toEqual([]);
  });

  it('a game left for a new one counts when it had a move: won if it reached the target', () => {
    const won = initialModel2048(
      gameFromCells(
        [
          [4, 4, 0, 0],
          [0, 0, 0, 0],
          [0, 0, 0, 0],
          [0, 0, 0, 0],
        ],
        { target: 8, seed: 1 },
      ),
      0,
    );
    const { c, store } = setup(won);
    c.dispatch({ type: 'new' });
    expect(store.history.games).toEqual([]); // no move yet: nothing was played
    const again = setup(won);
    again.c.dispatch({ type: 'move', dir: 'left' });
    expect(again.c.model.game.won).toBe(true);
    again.c.dispatch({ type: 'new' }); // a won game waiting for the choice: no question
    expect(again.store.history.games).toMatchObject([{ won: true, score: 8, maxTile: 8 }]);
    expect(again.c.model.game.moves).toBe(0);
  });

  it('an unfinished game quit or suspended is not recorded (it resumes next time)', () => {
    const { c, store } = setup();
    c.dispatch({ type: 'move', dir: 'left' });
    c.suspend();
    c.dispatch({ type: 'quit' });
    c.close();
    expect(store.history.games).toEqual([]);
  });

  it('a game the AI played to its end is recorded as assisted; evil spawns are marked', async () => {
    const model = { ...nearEnd(), evil: true };
    const time = new FakeTime();
    const advisor = new FakeAdvisor();
    advisor.auto = anyMove;
    const store = new MemoryStore2048();
    const c = new Controller2048({
      model,
      store,
      advisor: async () => advisor,
      place: (cells) => {
        const row = cells.findIndex((r) => r.includes(0));
        return { at: { row, col: cells[row]!.indexOf(0) }, value: 2 };
      },
      seed: () => 1,
      onChange: () => {},
      clock: time,
      timers: time,
    });
    c.dispatch({ type: 'autoplay' });
    await settle();
    time.advance(AUTOPLAY_DELAYS[c.model.speed]!);
    await settle();
    expect(c.model.game.over).toBe(true);
    expect(store.history.games).toMatchObject([{ assisted: true, evil: true, moves: 1 }]);
  });

  it('a history that cannot be written is said in the notice; play goes on', () => {
    const { c, store } = setup(nearEnd());
    store.history.failing = true;
    c.dispatch({ type: 'move', dir: 'left' });
    expect(c.model.notice).toBe('Could not add the game to your history (disk full).');
    c.dispatch({ type: 'new' });
    expect(c.model.game.moves).toBe(0);
    expect(store.history.games).toEqual([]);
  });
});
