import { describe, expect, it } from 'vitest';
import { type Duel, duelPlace, newDuel, whoIs } from '../engine/duel.ts';
import { legalMoves } from '../engine/game2048.ts';
import { ok } from '../engine/result.ts';
import { encodeShared, sharedDuel } from '../engine/shareCode.ts';
import { FakeAdvisor, MemoryHistory, settle } from '../testutil/fakeEffects.ts';
import { FakeTime } from '../testutil/fakeTime.ts';
import { type ChangeDuel, ControllerDuel, DUEL_AI_PACE_MS } from './controllerDuel.ts';
import { keyDuel } from './keymapMatch.ts';
import { aiToAct, initialModelDuel, type PlayerKind } from './modelDuel.ts';
import type { PlacerAi, StoreDuel } from './ports.ts';

function duel(seed = 4): Duel {
  const d = newDuel({ seed });
  if (!d.ok) throw new Error(d.error.message);
  return d.value;
}

/** A placer that puts a 2 in the first empty cell, row by row. */
class FirstEmptyPlacer implements PlacerAi {
  calls = 0;
  async choose(cells: number[][]) {
    this.calls++;
    for (let row = 0; row < cells.length; row++) {
      for (let col = 0; col < cells.length; col++) {
        if (cells[row]![col] === 0) return { at: { row, col }, value: 2 as const };
      }
    }
    return null;
  }
  close() {}
}

function setup(players: readonly [PlayerKind, PlayerKind], d: Duel = duel(), immediate = false) {
  const time = new FakeTime();
  const advisor = new FakeAdvisor();
  advisor.auto = (cells) => legalMoves(cells)[0] ?? null;
  const placer = new FirstEmptyPlacer();
  const changes: ChangeDuel[] = [];
  const c = new ControllerDuel({
    model: initialModelDuel(d, players),
    advisor: async () => advisor,
    placer: async () => placer,
    seed: () => 9,
    onChange: (ch) => changes.push(ch),
    clock: time,
    timers: time,
    immediate,
  });
  c.start();
  return { c, time, advisor, placer, changes };
}

describe('keyDuel', () => {
  const d = duel();
  const first = d.first;
  const humans = initialModelDuel(d, ['human', 'human']);

  it('placing: the arrows move the cursor and 2 or 4 places that tile', () => {
    expect(whoIs(d).phase).toBe('place');
    expect(keyDuel({ key: 'ArrowLeft' }, humans)).toEqual({ type: 'cursor', dir: 'left' });
    expect(keyDuel({ key: 'a' }, humans)).toEqual({ type: 'cursor', dir: 'left' });
    expect(keyDuel({ key: '2' }, humans)).toEqual({ type: 'place', value: 2 });
    expect(keyDuel({ key: '4' }, humans)).toEqual({ type: 'place', value: 4 });
    expect(keyDuel({ key: '8' }, humans)).toBeNull();
  });

  it('sliding: the arrows slide; keys do nothing while the AI is to act', () => {
    let s = d;
    for (const at of [
      { row: 0, col: 0 },
      { row: 0, col: 1 },
    ]) {
      const r = duelPlace(s, at, 2);
      if (!r.ok) throw new Error(r.error.message);
      s = r.value;
    }
    const sliding = initialModelDuel(s, ['human', 'human']);
    expect(keyDuel({ key: 'ArrowLeft' }, sliding)).toEqual({ type: 'slide', dir: 'left' });
    const kinds: [PlayerKind, PlayerKind] = ['human', 'human'];
    kinds[first] = 'ai';
    expect(keyDuel({ key: 'ArrowLeft' }, initialModelDuel(s, kinds))).toBeNull();
    expect(keyDuel({ key: 'q' }, initialModelDuel(s, kinds))).toEqual({ type: 'quit' });
  });
});

describe('ControllerDuel', () => {
  it('a person’s placement on a taken cell is refused with a message, and nothing changes', () => {
    const { c } = setup(['human', 'human']);
    c.dispatch({ type: 'place', value: 2, at: { row: 1, col: 1 } });
    const before = c.model.duel;
    c.dispatch({ type: 'place', value: 4, at: { row: 1, col: 1 } });
    expect(c.model.duel).toBe(before);
    expect(c.model.notice).toBe('That cell is taken: place the tile on an empty cell.');
  });

  it('the cursor moves within the board and places where it stands', () => {
    const { c } = setup(['human', 'human']);
    for (let i = 0; i < 6; i++) c.dispatch({ type: 'cursor', dir: 'up' });
    c.dispatch({ type: 'cursor', dir: 'left' });
    expect(c.model.cursor).toEqual({ row: 0, col: 0 });
    c.dispatch({ type: 'place', value: 4 });
    expect(c.model.duel.game.cells[0]![0]).toBe(4);
  });

  it('the AI places and slides at its pace; its turns alternate with the person’s', async () => {
    const players: [PlayerKind, PlayerKind] = ['human', 'human'];
    const d = duel();
    players[d.first === 0 ? 1 : 0] = 'ai'; // the AI places in round 1
    const { c, time, placer } = setup(players, d);
    await settle();
    expect(placer.calls).toBe(1);
    expect(c.model.duel.log).toHaveLength(0);
    time.advance(DUEL_AI_PACE_MS);
    await settle();
    expect(c.model.duel.log).toHaveLength(1);
    time.advance(DUEL_AI_PACE_MS);
    await settle();
    // Both start tiles placed: the person slides now; the AI waits.
    expect(whoIs(c.model.duel).phase).toBe('slide');
    time.advance(DUEL_AI_PACE_MS * 3);
    await settle();
    expect(c.model.duel.log).toHaveLength(2);
  });

  it('two AIs play a whole duel to its end, the roles swapped for round 2', async () => {
    const { c } = setup(['ai', 'ai'], duel(7), true);
    // settled() waits through the AIs' consecutive turns, to the end of the duel.
    await c.settled();
    expect(c.model.duel.winner).not.toBeNull();
    const [r1, r2] = c.model.duel.rounds;
    expect(r1!.slider).not.toBe(r2!.slider);
  });

  it('a setup starts the given duel with the given players; the AI takes its turn in it', async () => {
    const { c, placer, time } = setup(['human', 'human']);
    c.dispatch({ type: 'cursor', dir: 'down' });
    const next = duel(8);
    c.dispatch({ type: 'setup', duel: next, players: ['ai', 'ai'] });
    expect(c.model.duel).toBe(next);
    expect(c.model.players).toEqual(['ai', 'ai']);
    expect(c.model.cursor).toEqual(initialModelDuel(next, ['ai', 'ai']).cursor);
    await settle();
    time.advance(DUEL_AI_PACE_MS);
    await settle();
    expect(placer.calls).toBeGreaterThan(0);
    expect(c.model.duel.log).toHaveLength(1);
  });

  it('drops the AI’s answer for a duel that was replaced', async () => {
    const time = new FakeTime();
    const answers: ((p: { at: { row: number; col: number }; value: 2 | 4 }) => void)[] = [];
    const c = new ControllerDuel({
      model: initialModelDuel(duel(), ['ai', 'ai']),
      advisor: async () => new FakeAdvisor(),
      placer: async () => ({
        choose: () => new Promise((resolve) => answers.push(resolve)),
        close() {},
      }),
      seed: () => 9,
      onChange: () => {},
      clock: time,
      timers: time,
    });
    c.start();
    await settle();
    expect(answers).toHaveLength(1);
    c.dispatch({ type: 'new' }); // nothing played yet: no question
    await settle();
    expect(answers).toHaveLength(2);
    answers[0]!({ at: { row: 3, col: 3 }, value: 4 });
    time.advance(DUEL_AI_PACE_MS * 2);
    await settle();
    expect(c.model.duel.seed).toBe(9);
    expect(c.model.duel.log).toEqual([]);
    answers[1]!({ at: { row: 2, col: 2 }, value: 2 });
    await settle();
    time.advance(DUEL_AI_PACE_MS);
    await settle();
    expect(c.model.duel.log).toEqual([{ kind: 'place', at: { row: 2, col: 2 }, value: 2 }]);
  });

  it('a failing AI is reported and not asked again in that duel', async () => {
    const players: [PlayerKind, PlayerKind] = ['ai', 'ai'];
    const time = new FakeTime();
    let calls = 0;
    const c = new ControllerDuel({
      model: initialModelDuel(duel(), players),
      advisor: async () => new FakeAdvisor(),
      placer: async () => ({
        choose: async () => {
          calls++;
          throw new Error('placer crashed');
        },
        close() {},
      }),
      seed: () => 1,
      onChange: () => {},
      clock: time,
      timers: time,
    });
    c.start();
    await settle();
    time.advance(5000);
    await settle();
    expect(c.model.notice).toBe('The AI failed: placer crashed');
    expect(calls).toBe(1);
  });

  it('suspend stops the AI’s turn, resume starts it again, close closes both AIs', async () => {
    const advisor = new FakeAdvisor();
    const placer = new FirstEmptyPlacer();
    let closed = 0;
    placer.close = () => closed++;
    const time = new FakeTime();
    const c = new ControllerDuel({
      model: initialModelDuel(duel(), ['ai', 'ai']),
      advisor: async () => advisor,
      placer: async () => placer,
      seed: () => 1,
      onChange: () => {},
      clock: time,
      timers: time,
    });
    c.start();
    await settle();
    c.suspend();
    time.advance(DUEL_AI_PACE_MS * 3);
    await settle();
    expect(c.model.duel.log).toHaveLength(0);
    c.resume();
    await settle();
    time.advance(DUEL_AI_PACE_MS);
    await settle();
    expect(c.model.duel.log).toHaveLength(1);
    c.close();
    await settle();
    expect(closed).toBe(1);
  });

  it('keeps a person’s best round as slider, saying so when it is new', () => {
    const recorded: number[] = [];
    let best = 0;
    const store: StoreDuel = {
      recordRound(score) {
        recorded.push(score);
        const newBest = score > best;
        best = Math.max(best, score);
        return ok({ best, newBest });
      },
    };
    const c = new ControllerDuel({
      model: initialModelDuel(duel(2), ['human', 'human']),
      advisor: async () => new FakeAdvisor(),
      placer: async () => new FirstEmptyPlacer(),
      seed: () => 1,
      store,
      onChange: () => {},
    });
    // Both people play: places in the first empty cell, slides the first legal way.
    for (let i = 0; i < 5000 && c.model.duel.rounds.length === 0; i++) {
      const d = c.model.duel;
      if (d.phase === 'place') {
        const cells = d.game.cells;
        const row = cells.findIndex((r) => r.includes(0));
        c.dispatch({ type: 'place', value: 2, at: { row, col: cells[row]!.indexOf(0) } });
      } else {
        c.dispatch({ type: 'slide', dir: legalMoves(d.game.cells.map((r) => [...r]))[0]! });
      }
    }
    const round = c.model.duel.rounds[0]!;
    expect(recorded).toEqual([round.score]);
    expect(c.model.notice).toBe(
      `A new best duel round: ${round.score.toLocaleString('en-US')} points.`,
    );
  });
});

describe('ControllerDuel: the history', () => {
  function start(players: readonly [PlayerKind, PlayerKind], failing = false) {
    const time = new FakeTime();
    const history = new MemoryHistory();
    history.failing = failing;
    const advisor = new FakeAdvisor();
    advisor.auto = (cells) => legalMoves(cells)[0] ?? null;
    const store: StoreDuel = {
      recordRound: (score) => ok({ best: score, newBest: false }),
      recordGame: (e) => history.recordGame(e),
    };
    const c = new ControllerDuel({
      model: initialModelDuel(duel(5), players),
      advisor: async () => advisor,
      placer: async () => new FirstEmptyPlacer(),
      seed: () => 6,
      store,
      onChange: () => {},
      immediate: true,
      clock: time,
      timers: time,
    });
    c.start();
    return { c, history, time };
  }

  /** A person's turn: a 2 in the first empty cell, or the first legal slide. */
  function personActs(c: ControllerDuel): void {
    const d = c.model.duel;
    if (whoIs(d).phase === 'place') {
      const cells = d.game.cells;
      const row = cells.findIndex((r) => r.includes(0));
      c.dispatch({ type: 'place', value: 2, at: { row, col: cells[row]!.indexOf(0) } });
    } else {
      c.dispatch({ type: 'slide', dir: legalMoves(d.game.cells.map((r) => [...r]))[0]! });
    }
  }

  async function playRounds(c: ControllerDuel, rounds: number): Promise<void> {
    for (let i = 0; i < 5000 && c.model.duel.rounds.length < rounds; i++) {
      await c.settled();
      if (c.model.duel.rounds.length >= rounds) break;
      if (aiToAct(c.model) === null) personActs(c);
    }
  }

  it('records the duel once when it ends (not each round), from the person’s side', async () => {
    const { c, history, time } = start(['ai', 'human']);
    await playRounds(c, 1);
    expect(c.model.duel.rounds).toHaveLength(1);
    expect(history.games).toEqual([]);
    await playRounds(c, 2);
    const d = c.model.duel;
    expect(d.winner).not.toBeNull();
    const mine = d.rounds.find((r) => r.slider === 1)!;
    const result = d.winner === 'draw' ? 'draw' : d.winner === 1 ? 'win' : 'loss';
    expect(history.games).toEqual([
      {
        kind: 'duel',
        size: 4,
        date: new Date(time.now()).toISOString(),
        score: mine.score,
        moves: mine.moves,
        maxTile: mine.maxTile,
        won: result === 'win',
        result,
        opponent: 'ai',
        assisted: false,
        code: encodeShared(sharedDuel(c.model.duel, c.model.players.join(','))),
      },
    ]);
    // Actions after the end change nothing and record nothing; a rematch is a new duel.
    c.dispatch({ type: 'slide', dir: 'left' });
    c.dispatch({ type: 'place', value: 2 });
    c.dispatch({ type: 'rematch' });
    await playRounds(c, 1);
    expect(history.games).toHaveLength(1);
  });

  it('two people: recorded from player 1’s side, against "human"', async () => {
    const { c, history } = start(['human', 'human']);
    await playRounds(c, 2);
    const mine = c.model.duel.rounds.find((r) => r.slider === 0)!;
    expect(history.games).toMatchObject([{ opponent: 'human', score: mine.score }]);
  });

  it('a history that cannot be written is said in the notice', async () => {
    const { c } = start(['ai', 'ai'], true);
    await c.settled();
    expect(c.model.duel.winner).not.toBeNull();
    expect(c.model.notice).toBe('Could not add the game to your history (disk full).');
  });
});
