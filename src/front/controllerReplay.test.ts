import { describe, expect, it } from 'vitest';
import { legalMoves, newGame, play } from '../engine/game2048.ts';
import { encodeShared, shared2048 } from '../engine/shareCode.ts';
import { readShareCode } from '../engine/shareReplay.ts';
import { FakeTime } from '../testutil/fakeTime.ts';
import { ControllerReplay } from './controllerReplay.ts';
import {
  DEFAULT_REPLAY_SPEED,
  initialModelReplay,
  keyReplay,
  lastIndex,
  REPLAY_SPEEDS,
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
