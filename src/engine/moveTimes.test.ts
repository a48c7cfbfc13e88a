import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteReader, ByteWriter } from './codeBits.ts';
import {
  bestOrder,
  clockAtMoves,
  MAX_MOVE_MS,
  moveClock,
  moveDurations,
  readMoveTimes,
  writeMoveTimes,
} from './moveTimes.ts';
import { moveTile, pauseClock, puzzleFromTiles, resumeClock, slideToward, undo } from './puzzle.ts';

function roundTrip(times: readonly number[], total: number | null = null): number[] {
  const w = new ByteWriter();
  writeMoveTimes(w, times);
  const bytes = w.result();
  const r = new ByteReader(bytes);
  const back = readMoveTimes(r, times.length, total);
  r.endBits();
  expect(r.atEnd).toBe(true);
  return back;
}

const bits = (times: readonly number[]) => {
  const w = new ByteWriter();
  writeMoveTimes(w, times);
  return (w.result().length - 1) * 8;
};

describe('move times in bits', () => {
  it('round-trip any times, small and huge, at the order chosen for them', () => {
    const ms = fc.oneof(
      fc.integer({ min: 0, max: 400 }),
      fc.integer({ min: 0, max: 100_000 }),
      fc.integer({ min: 0, max: MAX_MOVE_MS }),
    );
    fc.assert(
      fc.property(fc.array(ms, { maxLength: 200 }), (times) => {
        expect(roundTrip(times)).toEqual(times);
      }),
      { numRuns: 300 },
    );
    expect(roundTrip([MAX_MOVE_MS, 0, MAX_MOVE_MS])).toEqual([MAX_MOVE_MS, 0, MAX_MOVE_MS]);
  });

  it('take about 9 bits for a move of 50 to 300 ms, and a long pause only a few more', () => {
    const fast = Array.from({ length: 1000 }, (_, i) => 50 + ((i * 37) % 251));
    expect([7, 8]).toContain(bestOrder(fast));
    expect(bits(fast) / fast.length).toBeLessThan(10);
    const paused = [...fast.slice(0, 999), 60_000];
    expect(bits(paused) - bits(fast)).toBeLessThan(24);
    // All zeros: a bit each.
    expect(bits(new Array(80).fill(0))).toBe(80);
  });

  it('refuse times that add up to more than the total, an order out of range, and a cut end', () => {
    const w = new ByteWriter();
    writeMoveTimes(w, [100, 200]);
    const bytes = w.result();
    expect(() => readMoveTimes(new ByteReader(bytes), 2, 299)).toThrow(/add up to more/);
    expect(readMoveTimes(new ByteReader(bytes), 2, 300)).toEqual([100, 200]);
    expect(() => readMoveTimes(new ByteReader(Uint8Array.from([41, 0xff])), 1, null)).toThrow(
      /not coded/,
    );
    expect(() => readMoveTimes(new ByteReader(bytes.subarray(0, 2)), 2, null)).toThrow(
      /ends too early/,
    );
    // 42 zeros in a row: longer than any time.
    expect(() => readMoveTimes(new ByteReader(new Uint8Array(8)), 1, null)).toThrow(
      /takes too long/,
    );
  });

  it('durations are taken from the clock rounded, so they add up to the last clock rounded', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1e9, noNaN: true }), { maxLength: 50 }),
        (xs) => {
          const clock = [...xs].sort((a, b) => a - b);
          const d = moveDurations(clock);
          expect(d.every((x) => Number.isInteger(x) && x >= 0)).toBe(true);
          const sum = d.reduce((a, b) => a + b, 0);
          expect(sum).toBe(clock.length ? Math.round(clock.at(-1)!) : 0);
          expect(clockAtMoves(d).at(-1)).toBe(sum);
        },
      ),
    );
    // A clock that went back (a wall clock set back) gives 0, never a negative time.
    expect(moveDurations([100, 90, 150])).toEqual([100, 0, 50]);
  });
});

describe('the game clock at each move', () => {
  const start = () => puzzleFromTiles([1, 2, 3, 4, 5, 6, 0, 7, 8], 3);

  it('dates each move on the game clock: from the first move, paused time left out, through undo', () => {
    let p = moveTile(start(), 7, 1000);
    expect(p.last!.atMs).toBe(0);
    // The tile left of the blank goes right: 7 back.
    p = slideToward(p, 'right', { now: 1250 });
    expect(p.last!.atMs).toBe(250);
    p = pauseClock(p, 1300);
    p = resumeClock(p, 9000);
    p = undo(p);
    p = moveTile(p, 7, 9400);
    expect(moveClock(p)).toEqual([0, 700]);
    p = moveTile(p, 7, 9500);
    p = moveTile(p, 8, 9520);
    expect(p.solved).toBe(true);
    expect(moveClock(p)).toEqual([0, 700, 800, 820]);
    expect(moveDurations(moveClock(p)!)).toEqual([0, 700, 100, 20]);
    expect(p.clock.elapsedMs).toBe(820);
  });

  it('is not known when a move was made without a clock reading', () => {
    const p = moveTile(start(), 7);
    expect(p.last!.atMs).toBeUndefined();
    expect(moveClock(p)).toBeNull();
    expect(moveClock(moveTile(p, 8, 500))).toBeNull();
    expect(moveClock(start())).toEqual([]);
  });
});
