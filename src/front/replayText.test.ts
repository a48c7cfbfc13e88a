import { describe, expect, it } from 'vitest';
import { duelPlace, duelSlide, newDuel } from '../engine/duel.ts';
import { legalMoves } from '../engine/game2048.ts';
import { movableTiles, moveTile, newPuzzle } from '../engine/puzzle.ts';
import {
  encodeShared,
  type Shared,
  sharedDuel,
  sharedPuzzle,
  sharedVersus,
} from '../engine/shareCode.ts';
import { readShareCode } from '../engine/shareReplay.ts';
import { newVersus, versusMove } from '../engine/versus.ts';
import { duelPlayersOf, opponentOf, replayScreen, replaySummary } from './replayText.ts';

function replayOf(s: Shared) {
  const r = readShareCode(encodeShared(s));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('replays in words', () => {
  it('a puzzle: its name, size, seed, moves, time and whether it was solved or helped', () => {
    let p = newPuzzle({ width: 3, seed: 6 });
    for (let i = 0; i < 5; i++) p = moveTile(p, movableTiles(p)[0]!);
    const s = sharedPuzzle(p, { assisted: true, timeMs: 61_000 });
    if (!s.ok) throw new Error(s.error.message);
    expect(replaySummary(replayOf(s.value))).toBe(
      `8-puzzle · 3×3 · seed 6 · ${p.moves} moves · 1:01 · not solved · the solver helped`,
    );
  });

  it('a versus match: both sides by name and score, against the AI at its level', () => {
    const start = newVersus({ seed: 4, target: 64 });
    if (!start.ok) throw new Error(start.error.message);
    let m = start.value;
    for (let i = 0; i < 6; i++) {
      const side = (i % 2) as 0 | 1;
      const next = versusMove(m, side, legalMoves(m.games[side].cells)[0]!);
      if (next.ok) m = next.value;
    }
    const r = replayOf(sharedVersus(m, 'ai-hard'));
    expect(opponentOf(r.shared)).toEqual({ kind: 'ai', level: 'hard' });
    const [a, b] = m.games;
    expect(replaySummary(r)).toBe(
      `Versus · 4×4 · first to 64 · You ${a.score} – ${b.score} AI (hard) · not finished`,
    );
    const screen = replayScreen(r, 2);
    expect(screen.kind === 'versus' && screen.model.match.log).toHaveLength(2);
  });

  it('a duel: who played each side, the turns and how it stands', () => {
    const d0 = newDuel({ seed: 9 });
    if (!d0.ok) throw new Error(d0.error.message);
    let d = d0.value;
    for (const at of [
      { row: 1, col: 1 },
      { row: 1, col: 2 },
    ]) {
      const p = duelPlace(d, at, 2);
      if (p.ok) d = p.value;
    }
    const s = duelSlide(d, 'left');
    if (!s.ok) throw new Error(s.error.message);
    const r = replayOf(sharedDuel(s.value, 'ai,human'));
    expect(duelPlayersOf(r.shared)).toEqual(['ai', 'human']);
    expect(replaySummary(r)).toBe('Duel · 4×4 · seed 9 · 3 turns · not finished');
    const screen = replayScreen(r, 3);
    expect(screen.kind === 'duel' && screen.model.players).toEqual(['ai', 'human']);
  });

  it('unknown players read as people', () => {
    const shared = { players: 'robot' } as Shared;
    expect(opponentOf(shared)).toEqual({ kind: 'human' });
    expect(duelPlayersOf(shared)).toEqual(['human', 'human']);
  });
});
