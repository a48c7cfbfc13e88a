import { describe, expect, it } from 'vitest';
import { gameFromCells, legalMoves } from '../engine/game2048.ts';
import { ok, type Result } from '../engine/result.ts';
import { encodeShared, sharedVersus } from '../engine/shareCode.ts';
import type { Direction } from '../engine/types.ts';
import { newVersus, type VersusMatch, versusMove } from '../engine/versus.ts';
import { FakeAdvisor, MemoryHistory, settle } from '../testutil/fakeEffects.ts';
import { FakeTime } from '../testutil/fakeTime.ts';
import { type ChangeVersus, ControllerVersus } from './controllerVersus.ts';
import type { HistoryEntry } from './history.ts';
import { keyVersus } from './keymapMatch.ts';
import { initialModelVersus, type Opponent } from './modelVersus.ts';
import type { StoreVersus } from './ports.ts';
import type { VersusRecord } from './records.ts';
import { LEVELS, levelMove } from './versusAi.ts';

function match(seed = 11, target = 512): VersusMatch {
  const m = newVersus({ seed, target });
  if (!m.ok) throw new Error(m.error.message);
  return m.value;
}

class MemoryResults implements StoreVersus {
  readonly results: [string, string][] = [];
  recordResult(opponent: string, result: 'win' | 'loss' | 'draw'): Result<VersusRecord> {
    this.results.push([opponent, result]);
    const mine = this.results.filter(([o]) => o === opponent).map(([, r]) => r);
    const count = (r: string) => mine.filter((x) => x === r).length;
    return ok({ wins: count('win'), losses: count('loss'), draws: count('draw') });
  }
}

function setup(opponent: Opponent, m: VersusMatch = match(), lockstep = false) {
  const time = new FakeTime();
  const advisor = new FakeAdvisor();
  const store = new MemoryResults();
  const changes: ChangeVersus[] = [];
  const c = new ControllerVersus({
    model: initialModelVersus(m, opponent),
    advisor: async () => advisor,
    store,
    seed: () => 77,
    onChange: (ch) => changes.push(ch),
    clock: time,
    timers: time,
    lockstep,
  });
  c.start();
  return { c, time, advisor, store, changes };
}

const firstLegal = (cells: number[][]): Direction | null => legalMoves(cells)[0] ?? null;

describe('keyVersus', () => {
  const humans = initialModelVersus(match(), { kind: 'human' });
  const vsAi = initialModelVersus(match(), { kind: 'ai', level: 'hard' });

  it('two players at one keyboard: WASD move board 1, the arrows board 2', () => {
    expect(keyVersus({ key: 'a' }, humans)).toEqual({ type: 'move', side: 0, dir: 'left' });
    expect(keyVersus({ key: 'W' }, humans)).toEqual({ type: 'move', side: 0, dir: 'up' });
    expect(keyVersus({ key: 'ArrowLeft' }, humans)).toEqual({ type: 'move', side: 1, dir: 'left' });
    expect(keyVersus({ key: 'h' }, humans)).toBeNull();
  });

  it('against the AI every move key moves the player’s board', () => {
    for (const key of ['a', 'ArrowLeft', 'h']) {
      expect(keyVersus({ key }, vsAi)).toEqual({ type: 'move', side: 0, dir: 'left' });
    }
  });

  it('r is a rematch only once the match is over; n asks first mid-match', () => {
    expect(keyVersus({ key: 'r' }, humans)).toBeNull();
    const over = { ...humans, match: { ...humans.match, over: true, winner: 0 as const } };
    expect(keyVersus({ key: 'r' }, over)).toEqual({ type: 'rematch' });
    expect(keyVersus({ key: 'a' }, over)).toBeNull();
    expect(keyVersus({ key: 'n' }, humans)).toEqual({ type: 'new' });
    expect(keyVersus({ key: 'q' }, humans)).toEqual({ type: 'quit' });
  });
});

describe('ControllerVersus: two players', () => {
  it('moves each board by its own keys and says where an attack landed', () => {
    const { c, changes } = setup({ kind: 'human' });
    // Play side 0 until a move merges, so side 1 has an attack queued.
    for (let i = 0; i < 40 && c.model.match.queues[1].length === 0; i++) {
      const dir = firstLegal(c.model.match.games[0].cells.map((r) => [...r]));
      c.dispatch({ type: 'move', side: 0, dir: dir! });
    }
    expect(c.model.match.queues[1].length).toBeGreaterThan(0);
    const before = c.model.match.games[1];
    const dir = firstLegal(before.cells.map((r) => [...r]))!;
    c.dispatch({ type: 'move', side: 1, dir });
    const last = changes.at(-1)!;
    expect(last.moved).toEqual([false, true]);
    expect(last.attacked).toEqual([false, true]);
  });

  it('asks before a new match mid-match; the new match has a new seed and the same rules', () => {
    const { c } = setup({ kind: 'human' }, match(11, 256));
    c.dispatch({
      type: 'move',
      side: 0,
      dir: firstLegal(c.model.match.games[0].cells as number[][])!,
    });
    c.dispatch({ type: 'new' });
    expect(c.model.overlay).toBe('confirm-new');
    c.dispatch({ type: 'new-confirmed' });
    expect(c.model.match.rules).toMatchObject({ seed: 77, target: 256 });
    expect(c.model.match.log).toEqual([]);
  });
  it('a setup starts the given match against the given opponent at once, and the AI plays it', async () => {
    const { c, advisor, time } = setup({ kind: 'human' });
    advisor.auto = firstLegal;
    c.dispatch({
      type: 'move',
      side: 0,
      dir: firstLegal(c.model.match.games[0].cells as number[][])!,
    });
    c.dispatch({ type: 'new' });
    const next = match(5, 128);
    c.dispatch({ type: 'setup', match: next, opponent: { kind: 'ai', level: 'easy' } });
    expect(c.model.match).toBe(next);
    expect(c.model.opponent).toEqual({ kind: 'ai', level: 'easy' });
    expect(c.model.overlay).toBeNull();
    await settle();
    expect(advisor.asked).toHaveLength(1);
    time.advance(LEVELS.easy.paceMs);
    await settle();
    expect(c.model.match.games[1].moves).toBe(1);
  });
});

describe('ControllerVersus: the AI', () => {
  it('plays board 2 at its level’s pace, never board 1', async () => {
    const { c, time, advisor } = setup({ kind: 'ai', level: 'hard' });
    advisor.auto = firstLegal;
    await settle();
    expect(advisor.asked).toHaveLength(1);
    expect(advisor.last.purpose).toBe('autoplay');
    time.advance(LEVELS.hard.paceMs - 1);
    await settle();
    expect(c.model.match.games[1].moves).toBe(0);
    time.advance(1);
    await settle();
    expect(c.model.match.games[1].moves).toBe(1);
    for (let i = 0; i < 3; i++) {
      time.advance(LEVELS.hard.paceMs);
      await settle();
    }
    expect(c.model.match.games[1].moves).toBe(4);
    expect(c.model.match.games[0].moves).toBe(0);
    // The keyboard cannot move the AI's board.
    c.dispatch({ type: 'move', side: 1, dir: 'left' });
    expect(c.model.match.games[1].moves).toBe(4);
  });

  it('suspend pauses the AI, resume restarts it, close closes it', async () => {
    const { c, time, advisor } = setup({ kind: 'ai', level: 'hard' });
    advisor.auto = firstLegal;
    await settle();
    c.suspend();
    time.advance(LEVELS.hard.paceMs * 4);
    await settle();
    expect(c.model.match.games[1].moves).toBe(0);
    c.resume();
    await settle();
    time.advance(LEVELS.hard.paceMs);
    await settle();
    expect(c.model.match.games[1].moves).toBe(1);
    c.close();
    await settle();
    expect(advisor.closed).toBe(true);
  });

  it('drops an answer for a match that was replaced', async () => {
    const { c, advisor } = setup({ kind: 'ai', level: 'hard' });
    await settle();
    const asked = advisor.last;
    c.dispatch({ type: 'new' }); // no move made yet: no question
    expect(asked.signal.aborted).toBe(true);
    asked.answer.resolve('left');
    await settle();
    expect(c.model.match.games[1].moves).toBe(0);
  });

  it('a failing AI is reported once, and not asked again in that match', async () => {
    const { c, advisor, time } = setup({ kind: 'ai', level: 'hard' });
    await settle();
    advisor.last.answer.reject(new Error('no worker'));
    await settle();
    time.advance(5000);
    await settle();
    expect(c.model.notice).toBe('The AI failed: no worker');
    expect(advisor.asked).toHaveLength(1);
  });

  it('in lock-step the AI answers each move of player 1 with one move, at once', async () => {
    const { c, advisor } = setup({ kind: 'ai', level: 'easy' }, match(), true);
    advisor.auto = firstLegal;
    await c.settled();
    expect(c.model.match.games[1].moves).toBe(0);
    for (let i = 1; i <= 5; i++) {
      c.dispatch({
        type: 'move',
        side: 0,
        dir: firstLegal(c.model.match.games[0].cells as number[][])!,
      });
      await c.settled();
      await settle();
      expect(c.model.match.games[1].moves).toBe(i);
    }
  });
});

describe('levelMove', () => {
  const cells = [
    [2, 4, 8, 16],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 2],
  ];

  it('hard always plays the best move; easy sometimes a legal other one, the same for a seed', () => {
    const best: Direction = 'down';
    for (let n = 0; n < 50; n++) expect(levelMove('hard', cells, best, 5, n)).toBe(best);
    const easy = Array.from({ length: 400 }, (_, n) => levelMove('easy', cells, best, 5, n));
    const other = easy.filter((d) => d !== best).length;
    expect(other / 400).toBeGreaterThan(0.15);
    expect(other / 400).toBeLessThan(0.35);
    expect(easy.every((d) => legalMoves(cells).includes(d!))).toBe(true);
    expect(Array.from({ length: 400 }, (_, n) => levelMove('easy', cells, best, 5, n))).toEqual(
      easy,
    );
  });
});

describe('ControllerVersus: results', () => {
  /** A match one merge from side 0's win: 128 + 128 makes the 256 target. */
  function nearWin(): VersusMatch {
    const base = match(3, 256);
    const g = gameFromCells(
      [
        [128, 128, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 2],
      ],
      { target: 256, seed: 3 },
    );
    return { ...base, games: [g, base.games[1]] };
  }

  it('counts a finished match once, from player 1’s side, by opponent', () => {
    const { c, store } = setup({ kind: 'ai', level: 'medium' }, nearWin());
    c.dispatch({ type: 'move', side: 0, dir: 'left' });
    expect(c.model.match.winner).toBe(0);
    expect(store.results).toEqual([['ai-medium', 'win']]);
    expect(c.model.notice).toBe('Your record against AI (medium): 1 win, 0 losses, 0 draws.');
    c.dispatch({ type: 'move', side: 0, dir: 'right' });
    c.dispatch({ type: 'rematch' });
    expect(store.results).toHaveLength(1);
    expect(c.model.match.over).toBe(false);
  });

  it('a loss against a second player is counted under "human"', () => {
    const m = nearWin();
    const swapped: VersusMatch = { ...m, games: [m.games[1], m.games[0]] };
    const { c, store } = setup({ kind: 'human' }, swapped);
    const r = versusMove(swapped, 1, 'left');
    expect(r.ok).toBe(true);
    c.dispatch({ type: 'move', side: 1, dir: 'left' });
    expect(store.results).toEqual([['human', 'loss']]);
    expect(c.model.notice).toBe('Player 1 against Player 2: 0 wins, 1 loss, 0 draws.');
  });
});

describe('ControllerVersus: the history', () => {
  /** Results and finished matches, in memory. */
  class MemoryMatches extends MemoryResults {
    readonly history = new MemoryHistory();
    recordGame(entry: HistoryEntry): Result<void> {
      return this.history.recordGame(entry);
    }
  }

  function nearWin(): VersusMatch {
    const base = match(3, 256);
    const g = gameFromCells(
      [
        [128, 128, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 2],
      ],
      { target: 256, seed: 3, score: 900 },
    );
    return { ...base, games: [g, base.games[1]] };
  }

  function start(opponent: Opponent, m: VersusMatch) {
    const time = new FakeTime();
    const store = new MemoryMatches();
    const c = new ControllerVersus({
      model: initialModelVersus(m, opponent),
      advisor: async () => new FakeAdvisor(),
      store,
      seed: () => 77,
      onChange: () => {},
      clock: time,
      timers: time,
    });
    return { c, store, time };
  }

  it('records a finished match once, from player 1’s side, with the opponent', () => {
    const { c, store, time } = start({ kind: 'ai', level: 'hard' }, nearWin());
    c.dispatch({ type: 'move', side: 0, dir: 'left' });
    const g = c.model.match.games[0];
    expect(store.history.games).toEqual([
      {
        kind: 'versus',
        size: 4,
        date: new Date(time.now()).toISOString(),
        score: g.score,
        moves: 1,
        maxTile: 256,
        won: true,
        result: 'win',
        opponent: 'ai-hard',
        assisted: false,
        code: encodeShared(sharedVersus(c.model.match, 'ai-hard')),
      },
    ]);
    // The record line stays the notice when the history was written.
    expect(c.model.notice).toMatch(/^Your record against AI \(hard\)/);
    c.dispatch({ type: 'move', side: 0, dir: 'right' });
    c.dispatch({ type: 'rematch' });
    c.dispatch({ type: 'new' });
    expect(store.history.games).toHaveLength(1);
  });

  it('a loss against a second player is recorded as lost, against "human"', () => {
    const m = nearWin();
    const { c, store } = start({ kind: 'human' }, { ...m, games: [m.games[1], m.games[0]] });
    c.dispatch({ type: 'move', side: 1, dir: 'left' });
    expect(store.history.games).toMatchObject([
      { won: false, result: 'loss', opponent: 'human', moves: 0 },
    ]);
  });

  it('a history that cannot be written is said in the notice', () => {
    const { c, store } = start({ kind: 'human' }, nearWin());
    store.history.failing = true;
    c.dispatch({ type: 'move', side: 0, dir: 'left' });
    expect(c.model.match.over).toBe(true);
    expect(c.model.notice).toBe('Could not add the game to your history (disk full).');
  });
});
