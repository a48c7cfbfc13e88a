import { describe, expect, it } from 'vitest';
import { elapsedMs, movableTiles, moveTile, newPuzzle, resumeClock, undo } from './puzzle.ts';
import { parseSavedPuzzle, type SavedPuzzle, serializePuzzle } from './savePuzzle.ts';

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
  ];
  for (const [name, tamper, message] of cases) {
    it(`rejects: ${name}`, () => {
      const r = parseSavedPuzzle(tamper(base()));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(message);
    });
  }
});
