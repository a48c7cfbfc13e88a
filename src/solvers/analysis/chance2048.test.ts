/**
 * The calibrated chance: within 0..1, none for a lost board, never falling as the value rises
 * (so the loss keeps the search's order of the moves), and read by stage.
 */
import { describe, expect, it } from 'vitest';
import { CALIBRATION_2048 } from './calibration2048.ts';
import { chanceOf, chancePoint, STAGE_STEP, STAGES, stageOf, tileCharge } from './chance2048.ts';

describe('chanceOf', () => {
  it('has a table of knots rising in value for every stage', () => {
    expect(CALIBRATION_2048.stages).toHaveLength(STAGES);
    for (const s of CALIBRATION_2048.stages) {
      expect(s.knots.length).toBeGreaterThan(1);
      for (let i = 1; i < s.knots.length; i++) {
        expect(s.knots[i]![0]).toBeGreaterThan(s.knots[i - 1]![0]);
        expect(s.knots[i]![1]).toBeGreaterThanOrEqual(s.knots[i - 1]![1]);
      }
    }
  });

  it('is a chance, none for a lost board, non-decreasing in the value at every stage', () => {
    for (let stage = 0; stage < STAGES; stage++) {
      for (const charge of [0, 20_000, 150_000]) {
        const at = { stage, charge };
        expect(chanceOf(0, at)).toBe(0);
        expect(chanceOf(-5, at)).toBe(0);
        let prev = 0;
        for (let v = 1; v <= 2_000_000; v += 7_919) {
          const p = chanceOf(v, at);
          expect(p).toBeGreaterThanOrEqual(prev);
          expect(p).toBeLessThanOrEqual(1);
          prev = p;
        }
        expect(prev).toBeGreaterThan(0);
      }
    }
  });

  it('reads a board by the sum of its tiles and their charge', () => {
    const small = [
      [2, 2, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ];
    const big = [
      [1024, 512, 256, 128],
      [64, 32, 16, 8],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ];
    expect(stageOf(small)).toBe(0);
    expect(stageOf(big)).toBe(Math.floor(2040 / STAGE_STEP));
    expect(tileCharge(small)).toBeCloseTo(2 * 2 * 11, 6);
    expect(tileCharge(big)).toBeGreaterThan(tileCharge(small));
    expect(chancePoint(big)).toEqual({ stage: stageOf(big), charge: tileCharge(big) });
  });
});
