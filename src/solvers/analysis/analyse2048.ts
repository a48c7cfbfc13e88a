/**
 * A 2048 game judged move by move by the AI: at each position the values the AI's search gives
 * the legal moves (a preset, uncapped so the answer depends on the board only), the move played
 * and the AI's best, the loss of the played move (on 4×4 before the first 2048, in points of the
 * estimated chance to reach 2048, calibrated on self-play; otherwise in percent of the search's
 * value), its class, and for the game an accuracy and the agreement. The formulas and
 * thresholds are in docs/analysis.md.
 */
import { type Game, maxTile } from '../../engine/game2048.ts';
import { ok, type Problem, type Result } from '../../engine/result.ts';
import { DIRECTIONS, type Direction } from '../../engine/types.ts';
import { genericMoveValues, toExponents } from '../ai2048/generic.ts';
import { analyse } from '../ai2048/player.ts';
import type { PresetName } from '../ai2048/presets.ts';
import { CALIBRATED_TARGET, chanceOf, chancePoint } from './chance2048.ts';

/** How a move is judged, from no loss to a large one. */
export type MoveClass = 'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder';

/** The classes in order, best first. */
export const MOVE_CLASSES: readonly MoveClass[] = [
  'best',
  'good',
  'inaccuracy',
  'mistake',
  'blunder',
];

/**
 * The scale of a move's loss. `chance`: percentage points of the estimated chance to reach
 * 2048 (4×4 boards before their first 2048; the calibration fitted on self-play,
 * chance2048.ts). `value`: percent of the best move's search value given up (other sizes, and
 * 4×4 boards once a 2048 is made, where that chance is 1 whatever the move).
 */
export type LossScale = 'chance' | 'value';

/**
 * Upper bounds of the loss of each class but `best` (the AI's own move, or a move of no loss)
 * and `blunder` (anything larger), on each scale: percentage points of chance, percent of value.
 */
export const THRESHOLDS: Readonly<
  Record<
    LossScale,
    { readonly good: number; readonly inaccuracy: number; readonly mistake: number }
  >
> = {
  chance: { good: 0.2, inaccuracy: 1, mistake: 3 },
  value: { good: 0.1, inaccuracy: 0.5, mistake: 2 },
};

/** The value scale's thresholds (the scale of every 2048 analysis before the calibration). */
export const LOSS_THRESHOLDS = THRESHOLDS.value;

/**
 * The factor on the loss in the accuracy curve, per scale: a loss at the edge of a mistake
 * (`THRESHOLDS[scale].inaccuracy`) scores about 64 on both.
 */
export const ACCURACY_FACTOR: Readonly<Record<LossScale, number>> = { chance: 10, value: 20 };

/** One move judged. */
export interface MoveVerdict2048 {
  /** The move's number, from 1. */
  readonly n: number;
  readonly played: Direction;
  /** The AI's choice there. */
  readonly best: Direction;
  /** The AI's value of each legal move (null: the move changes nothing). */
  readonly values: Readonly<Record<Direction, number | null>>;
  /** What the played move gives up, on the move's `scale` (0 for the best). */
  readonly loss: number;
  readonly class: MoveClass;
  /** This move's accuracy, 0 to 100. */
  readonly accuracy: number;
  /** The loss's scale (always set by {@link analyse2048}; absent in older analyses: `value`). */
  readonly scale?: LossScale;
  /**
   * On the `chance` scale, the estimated chance (0 to 1) to reach 2048 after the AI's move and
   * after the played one; null on the `value` scale.
   */
  readonly chance?: { readonly best: number; readonly played: number } | null;
}

/** A 2048 game's analysis. */
export interface Analysis2048 {
  readonly kind: '2048';
  readonly preset: PresetName;
  /** Mean of the moves' accuracies, 0 to 100 (100 for a game of no moves). */
  readonly accuracy: number;
  /** Percent of the moves equal to the AI's choice (100 for a game of no moves). */
  readonly agreement: number;
  /** Moves per class. */
  readonly counts: Readonly<Record<MoveClass, number>>;
  readonly moves: readonly MoveVerdict2048[];
  /** The board's side (always set by {@link analyse2048}). */
  readonly size?: number;
  /**
   * Which search judged it: `packed` (4×4, the preset's expectimax) or `generic` (other sizes:
   * the AI's shallow expectimax for them, whatever the preset).
   */
  readonly search?: 'packed' | 'generic';
  /** The scale of the moves' losses: `chance`, `value`, or `mixed` (both: before and after the first 2048). */
  readonly scale?: LossScale | 'mixed';
}

/** Options of {@link analyse2048}. */
export interface Analyse2048Options {
  /** The AI's preset (default `fast`). */
  preset?: PresetName;
  /** Hears after each move analysed: moves done, moves in all. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Whether 4×4 moves before the first 2048 are judged on the calibrated `chance` scale
   * (default true). The matches turn it off: the calibration is of a lone game with random
   * spawns and the 2048 target, which neither a versus match nor a duel plays.
   */
  calibrated?: boolean;
}

/** Why a game cannot be analysed (no longer answered: every size from 3 to 8 is analysed). */
export type Analysis2048Problem = Problem<'unsupported'>;

/** The class of a move of `loss` on `scale`; `agrees` when it is the AI's own choice. */
export function classify(loss: number, agrees: boolean, scale: LossScale = 'value'): MoveClass {
  const t = THRESHOLDS[scale];
  if (agrees || loss <= 0) return 'best';
  if (loss <= t.good) return 'good';
  if (loss <= t.inaccuracy) return 'inaccuracy';
  if (loss <= t.mistake) return 'mistake';
  return 'blunder';
}

/**
 * A move's accuracy from its loss on `scale`: the chess sites' curve
 * 103.1668·e^(−0.04354·x) − 3.1669, clamped to 0..100, with x = {@link ACCURACY_FACTOR} × loss.
 */
export function moveAccuracy(loss: number, scale: LossScale = 'value'): number {
  const x = ACCURACY_FACTOR[scale] * Math.max(0, loss);
  const a = 103.1668 * Math.exp(-0.04354 * x) - 3.1669;
  return Math.min(100, Math.max(0, a));
}

/**
 * The loss of the played move in percent: (value(best) − value(played)) / value(best) × 100,
 * from 0 (as good as the best) to 100 (the AI sees nothing left in it).
 */
export function lossOf(best: number, played: number): number {
  if (!(best > 0) || played >= best) return 0;
  return Math.min(100, ((best - played) / best) * 100);
}

/** The loss in percentage points of two chances (0 to 1): never below 0. */
export function chanceLoss(best: number, played: number): number {
  return Math.max(0, (best - played) * 100);
}

/** The AI's move and values of every direction at a position, and which search gave them. */
function searchValues(
  cells: readonly (readonly number[])[],
  preset: PresetName,
): { move: Direction | null; values: Record<Direction, number | null>; packed: boolean } {
  const a = analyse(cells, { preset, noCap: true });
  const values = {} as Record<Direction, number | null>;
  for (const d of DIRECTIONS) values[d] = Number.isFinite(a.values[d]) ? a.values[d] : null;
  if (DIRECTIONS.some((d) => values[d] !== null)) return { move: a.move, values, packed: true };
  // Not the packed search (another size, or tiles it cannot hold): the generic one's values.
  const n = cells.length;
  const g = genericMoveValues(toExponents(cells), n, 2);
  for (let d = 0; d < 4; d++) values[DIRECTIONS[d]!] = Number.isFinite(g[d]) ? g[d]! : null;
  return { move: a.move, values, packed: false };
}

/**
 * Analyses the moves leading from each state to the next (`states` as a replay gives them:
 * the start, then the position after every move), on any size from 3×3 to 8×8: 4×4 with the
 * preset's packed search, other sizes with the AI's generic search for them.
 */
export function analyse2048(
  states: readonly Game[],
  moves: readonly Direction[],
  opts: Analyse2048Options = {},
): Result<Analysis2048, Analysis2048Problem> {
  const preset = opts.preset ?? 'fast';
  const calibrated = opts.calibrated ?? true;
  const size = states[0]?.cells.length ?? 4;
  const verdicts: MoveVerdict2048[] = [];
  const counts: Record<MoveClass, number> = {
    best: 0,
    good: 0,
    inaccuracy: 0,
    mistake: 0,
    blunder: 0,
  };
  let agreed = 0;
  let sum = 0;
  let packedAll = true;
  const scales = new Set<LossScale>();
  for (let i = 0; i < moves.length; i++) {
    const played = moves[i]!;
    const cells = states[i]!.cells;
    const a = searchValues(cells, preset);
    if (!a.packed) packedAll = false;
    const values = a.values;
    const best = a.move ?? played;
    const vBest = values[best] ?? 0;
    const vPlayed = values[played] ?? 0;
    const agrees = best === played;
    const onChance = calibrated && size === 4 && a.packed && maxTile(cells) < CALIBRATED_TARGET;
    const scale: LossScale = onChance ? 'chance' : 'value';
    scales.add(scale);
    let chance: MoveVerdict2048['chance'] = null;
    let loss: number;
    if (onChance) {
      const at = chancePoint(cells);
      chance = { best: chanceOf(vBest, at), played: chanceOf(vPlayed, at) };
      loss = agrees ? 0 : chanceLoss(chance.best, chance.played);
    } else loss = agrees ? 0 : lossOf(vBest, vPlayed);
    const cls = classify(loss, agrees, scale);
    const accuracy = moveAccuracy(loss, scale);
    counts[cls]++;
    if (agrees) agreed++;
    sum += accuracy;
    verdicts.push({ n: i + 1, played, best, values, loss, class: cls, accuracy, scale, chance });
    opts.onProgress?.(i + 1, moves.length);
  }
  const n = moves.length;
  const search = size === 4 && packedAll ? 'packed' : 'generic';
  const defaultScale: LossScale = size === 4 && calibrated ? 'chance' : 'value';
  return ok({
    kind: '2048',
    preset,
    size,
    search,
    scale: scales.size === 2 ? 'mixed' : ([...scales][0] ?? defaultScale),
    accuracy: n === 0 ? 100 : sum / n,
    agreement: n === 0 ? 100 : (agreed / n) * 100,
    counts,
    moves: verdicts,
  });
}
