/**
 * The setting a research run tries, as JSON (research/aiTune.ts, research/aiPositions.ts,
 * research/aiKernel.ts):
 *   {"preset": "fast" | "strong" | {Preset fields over the "base" preset's}, "base": "fast" | "strong",
 *    "weights": {EvalWeights fields over the preset's}, "depth": D, "timeMs": T,
 *    "net": "FILE", "mix": M}
 * Without "preset", the fast preset. Presets play without their wall-clock cap (capMs), so a
 * seeded game replays move for move however busy the machine is. The result is a plan for the
 * player's research entry (`analysePlan`), which takes presets of any making.
 */
import { readFileSync } from 'node:fs';
import type { SearchPlan } from '../src/solvers/ai2048/player.ts';
import { isPresetName, PRESETS, type Preset, uncapped } from '../src/solvers/ai2048/presets.ts';
import { buildEvalTable, DEFAULT_WEIGHTS, type EvalWeights } from '../src/solvers/ai2048/tables.ts';
import { foldNetwork, NTupleNet, SHAPE_SIZE, SHAPES } from './ntuple.ts';
import { NTupleExpectimax } from './ntupleSearch.ts';

export interface Spec {
  preset?: string | Partial<Preset>;
  /** The preset an object `preset` is laid over (default fast). */
  base?: string;
  weights?: Partial<EvalWeights>;
  depth?: number;
  timeMs?: number;
  /** A trained n-tuple network file (research/ntupleTrain.ts) to evaluate with. */
  net?: string;
  /** With `net`: add this many times the evaluation weights' line table to the network's lines. */
  mix?: number;
}

/** The search plan of a JSON spec; throws on an unknown preset name. */
export function specPlan(json: string): SearchPlan {
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
  if (spec.weights) {
    preset = { ...preset, weights: { ...(preset.weights ?? DEFAULT_WEIGHTS), ...spec.weights } };
  }
  const plan: SearchPlan = { preset: uncapped(preset) };
  if (spec.depth !== undefined) plan.depth = spec.depth;
  if (spec.timeMs !== undefined) plan.timeMs = spec.timeMs;
  if (spec.net !== undefined) {
    const t = foldNetwork(readNetwork(spec.net));
    const mix = spec.mix ?? 0;
    if (mix !== 0) {
      const h = buildEvalTable(preset.weights ?? DEFAULT_WEIGHTS);
      for (let x = 0; x < 65536; x++) {
        t.outer[x]! += mix * h[x]!;
        t.inner[x]! += mix * h[x]!;
      }
    }
    plan.search = new NTupleExpectimax(t, 16);
  }
  return plan;
}

/** Reads a network file written by research/ntupleTrain.ts (little-endian float32 weights). */
export function readNetwork(path: string): NTupleNet {
  const buf = readFileSync(path);
  if (buf.length !== SHAPES * SHAPE_SIZE * 4) throw new Error(`${path}: not a network file`);
  return new NTupleNet(new Float32Array(buf.buffer, buf.byteOffset, buf.length / 4).slice());
}
