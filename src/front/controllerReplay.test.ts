import { describe, expect, it } from 'vitest';
import { legalMoves, newGame, play } from '../engine/game2048.ts';
import { elapsedMs, movableTiles, moveTile, newPuzzle } from '../engine/puzzle.ts';
import { encodeShared, shared2048, sharedPuzzle } from '../engine/shareCode.ts';
import { readShareCode } from '../engine/shareReplay.ts';
import { FakeTime } from '../testutil/fakeTime.ts';
import { type ChangeReplay, ControllerReplay } from './controllerReplay.ts';
import {
  clockText,
  DEFAULT_REPLAY_SPEED,
  initialModelReplay,
  keyReplay,
  lastIndex,
  paceLabel,
  paces,
  REPLAY_SPEEDS,
  START_SHOWN_MS,
  TIMED_PACES,
  updateReplay,
} from './modelReplay.ts';
import { replayScreen, replaySummary } from './replayText.ts';

/** The replay of a seeded 2048 game of `n` moves. */
function replayOf(n: number) {
  let g = newGame({ seed: 3 });
  for (let i = 0; i < n; i++) g = play(g, legalMoves(g.cells)[i % 2]!);
  const s = shared2048(g, { assisted: true });
  if (!s.ok) throw new Error(s.error.message);
  const r = readShareCode(encodeShared(s.value));
  if (!r.ok) throw new Error(r.error.message);
  return { game: g, replay: r.value };
}

describe('replay model', () => {
  const { game, replay } = replayOf(10);

  it('starts at the start, playing, and steps within the game', () => {
    let m = initialModelReplay(replay);
    expect(m).toMatchObject({ index: 0, playing: true, speed: DEFAULT_REPLAY_SPEED });
    m = updateReplay(m, { type: 'step', by: -1 });
    expect(m).toMatchObject({ index: 0, playing: false });
    m = updateReplay(m, { type: 'end' });
    expect(m.index).toBe(lastIndex(m));
    expect(lastIndex(m)).toBe(game.moves);
    m = updateReplay(m, { type: 'step', by: 1 });
    expect(m.index).toBe(game.moves);
    m = updateReplay(m, { type: 'play-pause' });
    expect(m).toMatchObject({ index: 0, playing: true });
  });

  it('keys: space plays and pauses, arrows step, +/- pace, g/G ends, q quits', () => {
    expect(keyReplay({ key: ' ' })).toEqual({ type: 'play-pause' });
    expect(keyReplay({ key: 'ArrowRight' })).toEqual({ type: 'step', by: 1 });
    expect(keyReplay({ key: 'ArrowLeft' })).toEqual({ type: 'step', by: -1 });
    expect(keyReplay({ key: '+' })).toEqual({ type: 'faster' });
    expect(keyReplay({ key: '-' })).toEqual({ type: 'slower' });
    expect(keyReplay({ key: 'Home' })).toEqual({ type: 'start' });
    expect(keyReplay({ key: 'G' })).toEqual({ type: 'end' });
    expect(keyReplay({ key: 'q' })).toEqual({ type: 'quit' });
    expect(keyReplay({ key: 'x' })).toBeNull();
  });

  it('shows the game’s own screen at each position, and says the AI helped', () => {
    const s = replayScreen(replay, 4);
    expect(s.kind === '2048' && s.model.game.moves).toBe(4);
    expect(replaySummary(replay)).toBe(
      `2048 · 4×4 · target 2,048 · seed 3 · 10 moves · score ${game.score} · largest ${Math.max(...game.cells.flat())} · the AI helped`,
    );
  });
});

describe('ControllerReplay', () => {
  it('moves on by itself at the pace, stops at the end, and follows pace changes', () => {
    const time = new FakeTime();
    const { replay } = replayOf(6);
    const c = new ControllerReplay({
      model: initialModelReplay(replay),
      onChange: () => {},
      timers: time,
    });
    c.start();
    const step = 1000 / REPLAY_SPEEDS[DEFAULT_REPLAY_SPEED]!;
    time.advance(step * 2);
    expect(c.model.index).toBe(2);
    c.dispatch({ type: 'faster' });
    time.advance(1000 / REPLAY_SPEEDS[DEFAULT_REPLAY_SPEED + 1]!);
    expect(c.model.index).toBe(3);
    c.dispatch({ type: 'play-pause' });
    time.advance(10_000);
    expect(c.model.index).toBe(3);
    c.dispatch({ type: 'play-pause' });
    time.advance(60_000);
    expect(c.model).toMatchObject({ index: 6, playing: false });
  });
});

describe('ControllerReplay: suspend, resume and close', () => {
  const step = 1000 / REPLAY_SPEEDS[DEFAULT_REPLAY_SPEED]!;

  function setup(moves = 8) {
    const time = new FakeTime();
    const { replay } = replayOf(moves);
    const changes: ChangeReplay[] = [];
    const c = new ControllerReplay({
      model: initialModelReplay(replay),
      onChange: (ch) => changes.push(ch),
      timers: time,
    });
    return { c, time, changes };
  }

  it('suspend stops the pace (a screen hidden or a terminal stopped), resume goes on from there', () => {
    const { c, time } = setup();
    c.start();
    time.advance(step * 2);
    expect(c.model.index).toBe(2);
    c.suspend();
    expect(time.pending).toBe(0);
    time.advance(step * 10);
    expect(c.model).toMatchObject({ index: 2, playing: true });
    c.resume();
    expect(time.pending).toBe(1);
    time.advance(step);
    expect(c.model.index).toBe(3);
  });

  it('resume keeps the pace chosen before the suspend, and a second resume adds no timer', () => {
    const { c, time } = setup();
    c.start();
    c.dispatch({ type: 'faster' });
    c.dispatch({ type: 'faster' });
    c.suspend();
    c.suspend();
    c.resume();
    c.resume();
    expect(time.pending).toBe(1);
    // The timer runs every whole millisecond nearest the pace: 63 ms at 16 moves a second.
    const fast = Math.round(1000 / REPLAY_SPEEDS[DEFAULT_REPLAY_SPEED + 2]!);
    time.advance(fast * 3);
    expect(c.model.index).toBe(3);
  });

  it('a paused replay stays paused through suspend and resume', () => {
    const { c, time } = setup();
    c.start();
    c.dispatch({ type: 'play-pause' });
    expect(time.pending).toBe(0);
    c.suspend();
    c.resume();
    expect(time.pending).toBe(0);
    time.advance(step * 5);
    expect(c.model).toMatchObject({ index: 0, playing: false });
  });

  it('close stops the pace and gives the model marked quit, which resume does not restart', () => {
    const { c, time, changes } = setup();
    c.start();
    time.advance(step);
    const ticks = changes.length;
    const closed = c.close();
    expect(closed).toMatchObject({ index: 1, quit: true, playing: false });
    expect(c.model).toBe(closed);
    expect(time.pending).toBe(0);
    c.resume();
    time.advance(step * 10);
    expect(time.pending).toBe(0);
    expect(c.model.index).toBe(1);
    expect(changes).toHaveLength(ticks);
  });

  it('tells onChange of every change, its own ticks included, with the model before and after', () => {
    const { c, time, changes } = setup();
    c.start();
    time.advance(step);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.cmd).toEqual({ type: 'tick' });
    expect(changes[0]!.before.index).toBe(0);
    expect(changes[0]!.model.index).toBe(1);
    const change = c.dispatch({ type: 'end' });
    expect(changes.at(-1)).toBe(change);
    expect(change.model).toBe(c.model);
    expect(change.model).toMatchObject({ index: 8, playing: false });
    expect(time.pending).toBe(0);
  });

  it('quit from a key stops the pace at once', () => {
    const { c, time } = setup();
    c.start();
    c.dispatch({ type: 'quit' });
    expect(time.pending).toBe(0);
    c.resume();
    expect(time.pending).toBe(0);
  });

  it('a replay of a game with no moves starts paused and sets no timer', () => {
    const { c, time } = setup(0);
    c.start();
    expect(c.model.playing).toBe(false);
    expect(time.pending).toBe(0);
    c.dispatch({ type: 'play-pause' });
    expect(time.pending).toBe(0);
  });
});

/**
 * The replay of a seeded 3x3 puzzle whose moves were made `gaps[i]` ms apart (the first move
 * starts the clock: it is at 0).
 */
function timedReplay(gaps: readonly number[]) {
  let p = newPuzzle({ width: 3, seed: 8 });
  let now = 50_000;
  for (const gap of gaps) {
    now += gap;
    const last = p.last?.tile;
    const tiles = movableTiles(p).filter((t) => t !== last);
    p = moveTile(p, tiles[0]!, now);
  }
  const s = sharedPuzzle(p);
  if (!s.ok) throw new Error(s.error.message);
  const r = readShareCode(encodeShared(s.value));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A controller on fake time, and the wall time at which each position was reached. */
function timedSetup(gaps: readonly number[], pace?: number) {
  const time = new FakeTime(0);
  const reached: number[] = [0];
  const c = new ControllerReplay({
    model: initialModelReplay(timedReplay(gaps), { pace }),
    onChange: (ch) => {
      if (ch.model.index === ch.before.index + 1) reached[ch.model.index] = time.now();
    },
    timers: time,
    clock: time,
  });
  return { c, time, reached };
}

describe('replays with move times', () => {
  const gaps = [0, 400, 250, 1200, 90, 310, 60, 500];

  it('know the solve’s clock at each position and show their pace as ×N', () => {
    const m = initialModelReplay(timedReplay(gaps));
    expect(m.clock).toEqual([0, 0, 400, 650, 1850, 1940, 2250, 2310, 2810]);
    expect(paces(m)).toEqual(TIMED_PACES);
    expect(paceLabel(m)).toBe('×1');
    expect(clockText(updateReplay(m, { type: 'seek', index: 3 }))).toBe('0.650 of 2.810');
    const fast = updateReplay(
      updateReplay(updateReplay(m, { type: 'faster' }), { type: 'faster' }),
      {
        type: 'faster',
      },
    );
    expect(paceLabel(fast)).toBe('×4');
    let slow = m;
    for (let i = 0; i < 5; i++) slow = updateReplay(slow, { type: 'slower' });
    expect(paceLabel(slow)).toBe('×0.25');
    expect(initialModelReplay(timedReplay(gaps), { pace: 0.5 }).speed).toBe(1);
    // A code without move times plays as before: moves a second.
    const plain = initialModelReplay(replayOf(3).replay);
    expect(plain.clock).toBeNull();
    expect(paceLabel(plain)).toBe(`${REPLAY_SPEEDS[DEFAULT_REPLAY_SPEED]}/s`);
  });

  it('play each move when the solve made it: the start shown for a second, then the real gaps', () => {
    const { c, time, reached } = timedSetup(gaps);
    c.start();
    time.advance(60_000);
    expect(c.model).toMatchObject({ index: gaps.length, playing: false });
    // The first move is at 0 on the solve's clock: the start shows for START_SHOWN_MS first.
    const line = c.model.clock!.map((t, i) => (i === 0 ? 0 : t + START_SHOWN_MS));
    expect(reached).toEqual(line);
    expect(time.pending).toBe(0);
  });

  it('×4 plays four times faster, ×0.25 four times slower', () => {
    const at = (pace: number) => {
      const { c, time, reached } = timedSetup(gaps, pace);
      c.start();
      time.advance(100_000);
      expect(c.model.index).toBe(gaps.length);
      return reached;
    };
    const real = at(1);
    expect(at(4)).toEqual(real.map((t) => t / 4));
    expect(at(0.25)).toEqual(real.map((t) => t * 4));
    expect(real.at(-1)).toBe(START_SHOWN_MS + 2810);
  });

  it('a pace change mid-way keeps the time already waited and goes on at the new pace', () => {
    const { c, time, reached } = timedSetup(gaps);
    c.start();
    // Position 3 (solve 650 ms) is reached at wall 1650; the next move is 1200 ms later.
    time.advance(1650 + 600);
    expect(c.model.index).toBe(3);
    c.dispatch({ type: 'faster' });
    // Half the wait is left: 600 ms of the solve, 300 ms at ×2.
    time.advance(299);
    expect(c.model.index).toBe(3);
    time.advance(1);
    expect(c.model.index).toBe(4);
    expect(reached[4]).toBe(2550);
    expect(time.pending).toBe(1);
  });

  it('paused, ← → step one move and nothing plays; play goes on from there at the pace', () => {
    const { c, time } = timedSetup(gaps);
    c.start();
    c.dispatch({ type: 'play-pause' });
    expect(time.pending).toBe(0);
    c.dispatch(keyReplay({ key: 'ArrowRight' })!);
    c.dispatch(keyReplay({ key: 'ArrowRight' })!);
    c.dispatch(keyReplay({ key: 'ArrowRight' })!);
    c.dispatch(keyReplay({ key: 'ArrowLeft' })!);
    time.advance(10_000);
    expect(c.model).toMatchObject({ index: 2, playing: false });
    c.dispatch({ type: 'play-pause' });
    time.advance(249);
    expect(c.model.index).toBe(2);
    time.advance(1);
    expect(c.model.index).toBe(3);
    c.suspend();
    expect(time.pending).toBe(0);
    c.resume();
    time.advance(1200);
    expect(c.model.index).toBe(4);
  });

  it('shows the puzzle’s clock at the solve’s time of each position', () => {
    const r = timedReplay(gaps);
    for (const [i, t] of [
      [0, 0],
      [3, 650],
      [8, 2810],
    ] as const) {
      const s = replayScreen(r, i);
      expect(s.kind === 'puzzle' && elapsedMs(s.model.puzzle, 99_999_999)).toBe(t);
    }
  });
});
