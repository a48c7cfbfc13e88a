/**
 * The 2048 analysis's readable scale: the AI's search value of a move turned into an estimated
 * chance to reach 2048, by the table fitted on self-play (calibration2048.ts, made by
 * research/analysisCalibration.ts; docs/analysis.md says how and what it means).
 *
 * A search value mixes how safe a board is with how far the game has come (the evaluation
 * charges every tile: a board of big tiles scores lower than a tidy board of small ones), so
 * the table is read by stage (the sum of the tiles, in steps of 256) with the value plus the
 * position's own tile charge (the same for every move from it, so the order of the moves is
 * the search's).
 */
import { FAST_WEIGHTS } from '../ai2048/presets.ts';
import { CALIBRATION_2048 } from './calibration2048.ts';

/** The target whose chance the table estimates. */
export const CALIBRATED_TARGET = 2048;

/** Width of a stage, in the sum of the tiles. */
export const STAGE_STEP = 256;

/** The number of stages: the last holds every sum from 2048 up (the 2048 not made yet). */
export const STAGES = 9;

/** The stage of a board: the sum of its tiles in steps of {@link STAGE_STEP}. */
export function stageOf(cells: readonly (readonly number[])[]): number {
  let sum = 0;
  for (const row of cells) for (const v of row) sum += v;
  return Math.min(STAGES - 1, Math.floor(sum / STAGE_STEP));
}

/**
 * The evaluation's charge for the tiles of a board (the fast preset's weights: every row and
 * every column pays sumWeight × Σ exponent^sumPower, so each tile pays it twice).
 */
export function tileCharge(cells: readonly (readonly number[])[]): number {
  const w = FAST_WEIGHTS;
  let s = 0;
  for (const row of cells) {
    for (const v of row) if (v > 0) s += Math.log2(v) ** w.sumPower;
  }
  return 2 * w.sumWeight * s;
}

/** The value read by the table: the search's value plus the position's tile charge. */
export function levelled(value: number, charge: number): number {
  return value + charge;
}

/** Where the table is read for a position: its stage and tile charge. */
export interface ChancePoint {
  readonly stage: number;
  readonly charge: number;
}

/** The stage and tile charge of a position (a 4×4 board). */
export function chancePoint(cells: readonly (readonly number[])[]): ChancePoint {
  return { stage: stageOf(cells), charge: tileCharge(cells) };
}

/**
 * The estimated chance (0 to 1) that the reference player reaches 2048 after a move of search
 * value `value` from a position at `at`. A lost board (value 0 or less) has none.
 */
export function chanceOf(value: number, at: ChancePoint): number {
  if (!(value > 0)) return 0;
  const knots = CALIBRATION_2048.stages[at.stage]?.knots ?? [];
  if (knots.length === 0) return 0;
  const x = levelled(value, at.charge);
  const first = knots[0]!;
  if (x <= first[0]) {
    // Towards no chance at a value of 0 (a lost board), whose levelled value is the charge.
    const x0 = at.charge;
    if (first[0] <= x0) return first[1] / 10_000;
    return Math.max(0, (first[1] * (x - x0)) / (first[0] - x0)) / 10_000;
  }
  for (let i = 1; i < knots.length; i++) {
    const [x1, p1] = knots[i]!;
    if (x <= x1) {
      const [x0, p0] = knots[i - 1]!;
      return (p0 + ((p1 - p0) * (x - x0)) / (x1 - x0)) / 10_000;
    }
  }
  return knots.at(-1)![1] / 10_000;
}
