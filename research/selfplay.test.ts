import { describe, expect, it } from 'vitest';
import type { Game } from '../src/engine/game2048.ts';
import { PRESETS, uncapped } from '../src/solvers/ai2048/presets.ts';
import { playGame } from '../src/solvers/ai2048/selfplay.ts';
import { playStretch } from './selfplay.ts';

describe('research self-play', () => {
  // Uncapped: with its 50 ms safety cap a search on a busy machine may be cut short.
  const plan = { preset: uncapped(PRESETS.fast) };

  it('plays the same game as the shipped playGame with the same preset', () => {
    const r = playStretch(3, plan, { maxMoves: 200 });
    const shipped = playGame(3, { preset: 'fast', noCap: true, maxMoves: 200 });
    expect({ ...r, ms: 0, moveMs: [] }).toEqual({ ...shipped, ms: 0, moveMs: [] });
  });

  it('stops a game as soon as the stop tile appears', () => {
    const r = playStretch(1, plan, { maxMoves: 1300, stopAtTile: 256 });
    expect(r.maxTile).toBe(256);
    // 256 takes at least 256 / 4 spawns' worth of tiles: about 60 moves or more.
    expect(r.moves).toBeGreaterThan(50);
    expect(r.moves).toBeLessThan(400);
    expect(r.moveMs.length).toBe(r.moves);
  });

  it('plays a game in two stretches, through a saved state, exactly as in one', () => {
    const whole = playStretch(3, plan, { maxMoves: 400 });
    let kept: Game | undefined;
    const first = playStretch(3, plan, {
      maxMoves: 400,
      stopAtTile: 64,
      onEnd: (g) => {
        kept = JSON.parse(JSON.stringify({ ...g, previous: null })) as Game;
      },
    });
    expect(first.maxTile).toBe(64);
    expect(kept?.moves).toBe(first.moves);
    const rest = playStretch(3, plan, { maxMoves: 400, from: kept });
    expect(rest.moves).toBe(400);
    expect(rest.moveMs.length).toBe(400 - first.moves);
    expect({ ...rest, ms: 0, moveMs: [] }).toEqual({ ...whole, ms: 0, moveMs: [] });
  });
});
