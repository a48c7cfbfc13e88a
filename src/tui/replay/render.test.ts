import { describe, expect, it } from 'vitest';
import { duelPlace, duelSlide, newDuel } from '../../engine/duel.ts';
import { legalMoves, newGame, play } from '../../engine/game2048.ts';
import { movableTiles, moveTile, newPuzzle } from '../../engine/puzzle.ts';
import {
  encodeShared,
  shared2048,
  sharedDuel,
  sharedPuzzle,
  sharedVersus,
} from '../../engine/shareCode.ts';
import { readShareCode } from '../../engine/shareReplay.ts';
import { newVersus, versusMove } from '../../engine/versus.ts';
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

describe('end boxes in a replay', () => {
  const text = (m: ReturnType<typeof initialModelReplay>) =>
    renderReplay(updateReplay(m, { type: 'end' }), VIEW, 'none')
      .map(stripAnsi)
      .join('\n');
  /** Offers the replay's keys at the end, and none of the game's (they do nothing here). */
  function expectReplayKeys(screen: string, box: RegExp): void {
    expect(screen).toMatch(box);
    expect(screen).toContain('space: play again   ←: step back');
    expect(screen).toContain('g: start   q: quit');
    for (const dead of ['n: new', 'u: undo', 'r: rematch', 'keep going']) {
      expect(screen).not.toContain(dead);
    }
  }
  const read = (code: string) => {
    const r = readShareCode(code);
    if (!r.ok) throw new Error(r.error.message);
    return initialModelReplay(r.value);
  };

  it('a versus match that was won', () => {
    const v0 = newVersus({ seed: 3, size: 3, target: 16 });
    if (!v0.ok) throw new Error(v0.error.message);
    let v = v0.value;
    for (let i = 0; !v.over && i < 2000; i++) {
      const side = (i % 2) as 0 | 1;
      const dir = legalMoves(v.games[side].cells.map((r) => [...r]))[0];
      if (!dir) continue;
      const next = versusMove(v, side, dir);
      if (next.ok) v = next.value;
    }
    expect(v.over).toBe(true);
    expectReplayKeys(text(read(encodeShared(sharedVersus(v, 'human')))), /wins|draw/i);
  });

  it('a duel played to its end', () => {
    const d0 = newDuel({ seed: 4, size: 3 });
    if (!d0.ok) throw new Error(d0.error.message);
    let d = d0.value;
    for (let i = 0; d.phase !== 'over' && i < 5000; i++) {
      const cells = d.game.cells;
      if (d.phase === 'place') {
        const row = cells.findIndex((r) => r.includes(0));
        const p = duelPlace(d, { row, col: cells[row]!.indexOf(0) }, 2);
        if (!p.ok) throw new Error(p.error.message);
        d = p.value;
      } else {
        const s = duelSlide(d, legalMoves(cells.map((r) => [...r]))[0]!);
        if (!s.ok) throw new Error(s.error.message);
        d = s.value;
      }
    }
    expect(d.phase).toBe('over');
    expectReplayKeys(text(read(encodeShared(sharedDuel(d, 'human,human')))), /Round 2/);
  });

  it('a 2048 game played to its end', () => {
    let g = newGame({ seed: 5, size: 3 });
    while (!g.over) g = play(g, legalMoves(g.cells)[0]!);
    const s = shared2048(g);
    if (!s.ok) throw new Error(s.error.message);
    expectReplayKeys(text(read(encodeShared(s.value))), /Game over/);
  });
});
