/**
 * Named search settings. The depth adapts to the position: boards with more distinct tiles
 * (the late game, where mistakes cost most) are searched deeper.
 */

import { DEFAULT_WEIGHTS, type EvalWeights } from './tables.ts';

/** How a preset chooses its search. */
export interface Preset {
  readonly name: string;
  /** Depth in moves (the root move included) = distinct tiles - `distinctOffset`, clamped. */
  readonly distinctOffset: number;
  readonly minDepth: number;
  readonly maxDepth: number;
  /** Chance branches less probable than this are evaluated instead of expanded. */
  readonly minProb: number;
  /**
   * Safety cap per move in ms: a search still running then is dropped for a shallow one.
   * Infinity for none.
   */
  readonly capMs: number;
  /**
   * log2 of the transposition-table entries the search uses (default: the whole 2^20): a
   * table sized to the search fits the processor's caches and runs faster.
   */
  readonly ttBits?: number;
  /** Evaluation weights (default: tables.ts `DEFAULT_WEIGHTS`). */
  readonly weights?: EvalWeights;
  /**
   * A finer cut-off while the largest tile is below `belowTile`: early-game boards hold small
   * tiles and are cheap to search, and a game lost there is lost before 2048.
   */
  readonly early?: { readonly belowTile: number; readonly minProb: number };
  /**
   * A finer cut-off once the largest tile is `fromTile` or more: the last stretch of a long
   * game (a board of big tiles to merge in a row) is where a strong game is lost.
   */
  readonly late?: { readonly fromTile: number; readonly minProb: number };
}

/** The preset names. */
export const PRESET_NAMES = ['fast', 'strong'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

/**
 * The fast preset's evaluation: the default with a lighter monotonicity penalty (30, not 47).
 * A shallow search with it picks a deep search's moves more often and wins more games
 * (docs/ai.md).
 */
export const FAST_WEIGHTS: EvalWeights = { ...DEFAULT_WEIGHTS, monotonicityWeight: 30 };

/**
 * Built-in presets: `fast` for quick autoplay (about a millisecond a move), `strong` to win.
 * `fast` searches with a coarse probability cut-off but up to 8 moves deep: nearly full boards,
 * where games are lost, branch little, so the search goes deep there for little work. Allowing
 * 8 moves instead of 6 took its 16384 share from 50% to 66.5% of the same 200 games; with the
 * cut-off at 0.01 instead of 0.008, 69.5%, for 1.2x the old preset's evaluations (a finer
 * cut-off with 6 moves, for more work, gained 2.5 points). Until the first 2048 it uses a
 * finer cut-off (0.002): boards of small tiles are cheap to search even so (under a millisecond
 * a move), and it cut the games lost before 2048 from 18 in 6,000 to 3 on the same seeds. `strong`
 * searches with a cut-off of 2e-4 until the first 16384, then of 5e-5: the stretch after it (a
 * board of big tiles to merge into 32768) is where its games are lost, and the finer search there
 * (about 2.5x the work a move) reached 32768 in 25 of 66 seeds against 16 without it (not yet
 * significant: 19 seeds gained, 10 lost). How the settings were chosen: docs/ai.md.
 */
export const PRESETS: Readonly<Record<PresetName, Preset>> = {
  fast: {
    name: 'fast',
    distinctOffset: 2,
    minDepth: 3,
    maxDepth: 8,
    minProb: 0.01,
    capMs: 50,
    ttBits: 16,
    weights: FAST_WEIGHTS,
    early: { belowTile: 2048, minProb: 0.002 },
  },
  strong: {
    name: 'strong',
    distinctOffset: 2,
    minDepth: 3,
    maxDepth: 12,
    minProb: 2e-4,
    capMs: 1000,
    ttBits: 16,
    late: { fromTile: 16384, minProb: 5e-5 },
  },
};

/** The depth a preset uses for a board with `distinct` distinct tiles. */
export function presetDepth(p: Preset, distinct: number): number {
  return Math.max(p.minDepth, Math.min(p.maxDepth, distinct - p.distinctOffset));
}

/** The probability cut-off a preset uses for a board whose largest tile is `maxTile`. */
export function presetMinProb(p: Preset, maxTile: number): number {
  if (p.early && maxTile < p.early.belowTile) return p.early.minProb;
  if (p.late && maxTile >= p.late.fromTile) return p.late.minProb;
  return p.minProb;
}

/**
 * The preset without its wall-clock safety cap: its play then depends on the board only, so a
 * seeded game replays move for move however busy the machine is.
 */
export function uncapped(p: Preset): Preset {
  return { ...p, capMs: Number.POSITIVE_INFINITY };
}

/** Whether `x` names a preset. */
export function isPresetName(x: unknown): x is PresetName {
  return typeof x === 'string' && (PRESET_NAMES as readonly string[]).includes(x);
}
