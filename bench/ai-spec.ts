/**
 * The setting a tuning run tries, as JSON (bench/ai-tune.ts, bench/ai-positions.ts):
 *   {"preset": "fast" | "strong" | {Preset fields over the "base" preset's}, "base": "fast" | "strong",
 *    "weights": {EvalWeights fields over the preset's}, "depth": D, "timeMs": T}
 * Without "preset", the fast preset. Presets play without their wall-clock cap (capMs), so a
 * seeded game replays move for move however busy the machine is.
 */
import { readFileSync } from 'node:fs';
import { foldNetwork, NTupleNet, SHAPE_SIZE, SHAPES } from '../src/solvers/ai2048/ntuple.ts';
import type { ExperimentOptions } from '../src/solvers/ai2048/player.ts';
import { isPresetName, PRESETS, type Preset, uncapped } from '../src/solvers/ai2048/presets.ts';
import { buildEvalTable, DEFAULT_WEIGHTS, type EvalWeights } from '../src/solvers/ai2048/tables.ts';

export interface Spec {
  preset?: string | Partial<Preset>;
  /** The preset an object `preset` is laid over (default fast). */
  base?: string;
  weights?: Partial<EvalWeights>;
  depth?: number;
  timeMs?: number;
  /** A trained n-tuple network file (bench/ntuple-train.ts) to evaluate with. */
  net?: string;
  /** With `net`: add this many times the evaluation weights' line table to the network's lines. */
  mix?: number;
}

/** The AI options of a JSON spec; throws on an unknown preset name. */
export function specOptions(json: string): ExperimentOptions {
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
  const opts: ExperimentOptions = { preset: uncapped(preset) };
  if (spec.weights) opts.weights = { ...(preset.weights ?? DEFAULT_WEIGHTS), ...spec.weights };
  if (spec.depth !== undefined) opts.depth = spec.depth;
  if (spec.timeMs !== undefined) opts.timeMs = spec.timeMs;
  if (spec.net !== undefined) {
    const t = foldNetwork(readNetwork(spec.net));
    const mix = spec.mix ?? 0;
    if (mix !== 0) {
      const h = buildEvalTable(opts.weights ?? preset.weights ?? DEFAULT_WEIGHTS);
      for (let x = 0; x < 65536; x++) {
        t.outer[x]! += mix * h[x]!;
        t.inner[x]! += mix * h[x]!;
      }
    }
    opts.network = t;
  }
  return opts;
}

/** Reads a network file written by bench/ntuple-train.ts (little-endian float32 weights). */
export function readNetwork(path: string): NTupleNet {
  const buf = readFileSync(path);
  if (buf.length !== SHAPES * SHAPE_SIZE * 4) throw new Error(`${path}: not a network file`);
  return new NTupleNet(new Float32Array(buf.buffer, buf.byteOffset, buf.length / 4).slice());
}
