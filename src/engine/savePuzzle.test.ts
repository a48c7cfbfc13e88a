import { describe, expect, it } from 'vitest';
import { moveClock } from './moveTimes.ts';
import { elapsedMs, movableTiles, moveTile, newPuzzle, resumeClock, undo } from './puzzle.ts';
import { parseSavedPuzzle, type SavedPuzzle, serializePuzzle } from './savePuzzle.ts';
import { sharedPuzzle } from './shareCode.ts';

function swapTwoTiles(t: number[]): number[] {
  const out = [...t];
  const [a, b] = [0, 1, 2].filter((i) => out[i] !== 0);
  [out[a!], out[b!]] = [out[b!]!, out[a!]!];
  return out;
}

function played() {
  let p = newPuzzle({ width: 4, seed: 11 });
  for (let i = 0; i < 12; i++) {
    const m = movableTiles(p);
    p = moveTile(p, m[(i * 5) % m.length]!, 1000 + i * 100);
  }
  return p;
}

describe('puzzle saves', () => {
  it('a puzzle dealt from a long seed saves and reads back with its seed', () => {
    const long = 'fedcba9876543210'.repeat(2);
    let p = newPuzzle({ width: 4, seed: long });
    p = moveTile(p, movableTiles(p)[0]!, 1000);
    const r = parseSavedPuzzle(JSON.parse(JSON.stringify(serializePuzzle(p, 2000))));
    expect(r.ok && r.value.seed).toBe(long);
    expect(r.ok && r.value.tiles).toEqual(p.tiles);
    const bad = { ...serializePuzzle(p, 2000), seed: long.toUpperCase() };
    expect(parseSavedPuzzle(bad).ok).toBe(false);
  });

  it('round trip keeps tiles, moves, history and the clock (paused until resumed)', () => {
    const p = played();
    const saved = JSON.parse(JSON.stringify(serializePuzzle(p, 3100)));
    const r = parseSavedPuzzle(saved);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const q = r.value;
    expect(q.tiles).toEqual(p.tiles);
    expect(q.moves).toBe(p.moves);
    expect(q.seed).toBe(11);
    expect(q.clock.paused).toBe(true);
    expect(elapsedMs(q, 50_000)).toBe(2100);
    expect(elapsedMs(resumeClock(q, 60_000), 60_500)).toBe(2600);
    expect(undo(q).tiles).toEqual(undo(p).tiles);
    expect(serializePuzzle(q)).toEqual(saved);
  });

  const base = (): SavedPuzzle => JSON.parse(JSON.stringify(serializePuzzle(played(), 2000)));
  const cases: [string, (s: SavedPuzzle) => unknown, RegExp][] = [
    ['not an object', () => 'save', /must be an object/],
    ['wrong kind', (s) => ({ ...s, kind: 'slidebox/2048' }), /not a slidebox puzzle save/],
    ['future version', (s) => ({ ...s, version: 99 }), /newer slidebox/],
    ['bad width', (s) => ({ ...s, width: 12 }), /width must be/],
    ['unsolvable start', (s) => ({ ...s, start: swapTwoTiles(s.start) }), /cannot be solved/],
    ['bad move', (s) => ({ ...s, log: [...s.log, 99] }), /not a tile from 1 to 15/],
    ['impossible move', (s) => ({ ...s, log: [s.log[0], s.log[0]] }), /cannot be made|do not lead/],
    ['tampered end', (s) => ({ ...s, end: { ...s.end, moves: s.end.moves + 1 } }), /do not lead/],
    ['negative clock', (s) => ({ ...s, clock: { elapsedMs: -5, started: true } }), /clock/],
    ['bad seed', (s) => ({ ...s, seed: 'x' }), /seed/],
    ['move times not a list', (s) => ({ ...s, times: 5 }), /move times must be 12 numbers/],
    ['a move time short', (s) => ({ ...s, times: s.times!.slice(1) }), /move times/],
    ['a move time back', (s) => ({ ...s, times: [...s.times!].reverse() }), /none less/],
    ['a move time not a number', (s) => ({ ...s, times: s.times!.map(String) }), /move times/],
  ];
  for (const [name, tamper, message] of cases) {
    it(`rejects: ${name}`, () => {
      const r = parseSavedPuzzle(tamper(base()));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(message);
    });
  }
});

describe('puzzle saves: move times', () => {
  it('keep the game clock at each move, so a resumed game still shares its move times', () => {
    const p = played();
    const saved = JSON.parse(JSON.stringify(serializePuzzle(p, 3100))) as SavedPuzzle;
    expect(saved.times).toEqual(Array.from({ length: 12 }, (_, i) => i * 100));
    const r = parseSavedPuzzle(saved);
    if (!r.ok) throw new Error(r.error.message);
    expect(moveClock(r.value)).toEqual(moveClock(p));
    // Resumed later, the next move is dated on the game clock (2100 ms when saved).
    const m = movableTiles(r.value);
    const next = moveTile(resumeClock(r.value, 90_000), m[0]!, 90_400);
    expect(moveClock(next)!.at(-1)).toBe(2500);
    const s = sharedPuzzle(next);
    expect(s.ok && s.value.game.kind === 'puzzle' && s.value.game.moveMs).toEqual([
      ...new Array(12).fill(100).map((v, i) => (i === 0 ? 0 : v)),
      1400,
    ]);
  });

  it('a save from before move times restores as before, and shares without them', () => {
    const { times: _, ...old } = JSON.parse(JSON.stringify(serializePuzzle(played(), 3100)));
    const r = parseSavedPuzzle(old);
    if (!r.ok) throw new Error(r.error.message);
    expect(moveClock(r.value)).toBeNull();
    expect(serializePuzzle(r.value)).not.toHaveProperty('times');
    const s = sharedPuzzle(r.value, { timeMs: 2100 });
    expect(s.ok && s.value.game).not.toHaveProperty('moveMs');
  });

  it('moves made without a clock are saved without times', () => {
    let p = newPuzzle({ width: 3, seed: 2 });
    p = moveTile(p, movableTiles(p)[0]!);
    expect(serializePuzzle(p)).not.toHaveProperty('times');
    expect(serializePuzzle(newPuzzle({ width: 3, seed: 2 }))).not.toHaveProperty('times');
  });
});
