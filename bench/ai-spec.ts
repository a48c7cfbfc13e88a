/**
 * The setting a tuning run tries, as JSON (bench/ai-tune.ts, bench/ai-positions.ts):
 *   {"preset": "fast" | "strong" | {Preset fields over the "base" preset's}, "base": "fast" | "strong",
 *    "weights": {EvalWeights fields over the preset's}, "depth": D, "timeMs": T}
 * Without "preset", the fast preset. Presets play without their wall-clock cap (capMs), so a
 * seeded game replays move for move however busy the machine is.
 */
import type { AiOptions } from '../src/solvers/ai2048/player.ts';
import { isPresetName, PRESETS, type Preset, uncapped } from '../src/solvers/ai2048/presets.ts';
import { DEFAULT_WEIGHTS, type EvalWeights } from '../src/solvers/ai2048/tables.ts';

export interface Spec {
  preset?: string | Partial<Preset>;
  /** The preset an object `preset` is laid over (default fast). */
  base?: string;
  weights?: Partial<EvalWeights>;
  depth?: number;
  timeMs?: number;
}

/** The AI options of a JSON spec; throws on an unknown preset name. */
export function specOptions(json: string): AiOptions {
  const spec = JSON.parse(json) as Spec;
  let preset: Preset;
  if (typeof spec.preset === 'string') {
    if (!isPresetName(spec.preset)) throw new Error(`unknown preset ${spec.preset}`);
    preset = PRESETS[spec.preset];
  } else {
    const base = spec.base ?? 'fast';
    if (!isPresetName(base)) throw new Error(`unknown preset ${base}`);
    preset = { ...PRESETS[base], ...spec.preset };
  }
  const opts: AiOptions = { preset: uncapped(preset) };
  if (spec.weights) opts.weights = { ...(preset.weights ?? DEFAULT_WEIGHTS), ...spec.weights };
  if (spec.depth !== undefined) opts.depth = spec.depth;
  if (spec.timeMs !== undefined) opts.timeMs = spec.timeMs;
  return opts;
}
