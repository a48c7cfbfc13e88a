import { describe, expect, it } from 'vitest';
import { duelPlace, duelSlide, newDuel } from '../../engine/duel.ts';
import { legalMoves, newGame, play } from '../../engine/game2048.ts';
import { movableTiles, moveTile, newPuzzle } from '../../engine/puzzle.ts';
import { encodeShared, shared2048, sharedDuel, sharedPuzzle } from '../../engine/shareCode.ts';
import { readShareCode } from '../../engine/shareReplay.ts';
import { initialModelReplay, updateReplay } from '../../front/modelReplay.ts';
import { stripAnsi } from '../ansi.ts';
import { renderReplay, slidIn } from './render.ts';

const VIEW = { cols: 90, rows: 30 };

function replay2048(moves: number) {
  let g = newGame({ seed: 5 });
  for (let i = 0; i < moves; i++) g = play(g, legalMoves(g.cells)[0]!);
  const s = shared2048(g);
  if (!s.ok) throw new Error(s.error.message);
  const r = readShareCode(encodeShared(s.value));
  if (!r.ok) throw new Error(r.error.message);
  return initialModelReplay(r.value);
}

describe('the replay screen', () => {
  it('shows the replay’s keys and where it stands instead of the game’s own lines', () => {
    const m = updateReplay(replay2048(6), { type: 'seek', index: 3 });
    const text = renderReplay(m, VIEW, 'none').map(stripAnsi).join('\n');
    expect(text).toContain('Replay · move 3 of 6 · ❚❚ paused');
    expect(text).toContain('space play/pause');
    expect(text).not.toContain('u undo');
  });

  it('a step into a position slides: a frame mid-way differs from the position at rest', () => {
    const m = updateReplay(replay2048(6), { type: 'seek', index: 3 });
    expect(slidIn(m)).toBe(true);
    const rest = renderReplay(m, VIEW, 'none').join('\n');
    const mid = renderReplay(m, VIEW, 'none', { kind: 'slide', t: 0 }).join('\n');
    expect(mid).not.toBe(rest);
    expect(slidIn(updateReplay(m, { type: 'start' }))).toBe(false);
  });

  it('a duel’s placements do not slide, its slides do', () => {
    const d0 = newDuel({ seed: 2 });
    if (!d0.ok) throw new Error(d0.error.message);
    let d = d0.value;
    for (const at of [
      { row: 0, col: 0 },
      { row: 0, col: 1 },
    ]) {
      const p = duelPlace(d, at, 2);
      if (!p.ok) throw new Error(p.error.message);
      d = p.value;
    }
    const s = duelSlide(d, 'left');
    if (!s.ok) throw new Error(s.error.message);
    const r = readShareCode(encodeShared(sharedDuel(s.value, 'human,human')));
    if (!r.ok) throw new Error(r.error.message);
    const m = initialModelReplay(r.value);
    expect(slidIn(updateReplay(m, { type: 'seek', index: 2 }))).toBe(false);
    expect(slidIn(updateReplay(m, { type: 'seek', index: 3 }))).toBe(true);
  });
});

describe('the replay screen of a puzzle with move times', () => {
  function timedModel() {
    let p = newPuzzle({ width: 3, seed: 4 });
    let now = 0;
    for (const gap of [0, 350, 1650, 2000]) {
      now += gap;
      const last = p.last?.tile;
      p = moveTile(p, movableTiles(p).filter((t) => t !== last)[0]!, now);
    }
    const s = sharedPuzzle(p);
    if (!s.ok) throw new Error(s.error.message);
    const r = readShareCode(encodeShared(s.value));
    if (!r.ok) throw new Error(r.error.message);
    return initialModelReplay(r.value);
  }

  it('shows the pace as ×N and the solve’s clock at the move on screen', () => {
    const m = timedModel();
    const playing = renderReplay(m, VIEW, 'none').map(stripAnsi).join('\n');
    expect(playing).toContain('Replay · move 0 of 4 · ▶ ×1 · 0.000 of 4.000');
    const paused = updateReplay(updateReplay(m, { type: 'seek', index: 3 }), { type: 'faster' });
    const text = renderReplay(paused, VIEW, 'none').map(stripAnsi).join('\n');
    expect(text).toContain('Replay · move 3 of 4 · ❚❚ paused ×2 · 2.000 of 4.000');
    // The puzzle's own timer reads the solve's clock there.
    expect(text).toMatch(/0:02/);
  });
});
