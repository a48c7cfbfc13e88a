/**
 * A 2048 game judged move by move by the AI: at each position the values the AI's search gives
 * the legal moves (a preset, uncapped so the answer depends on the board only), the move played
 * and the AI's best, the loss of the played move, its class, and for the game an accuracy and
 * the agreement. The formulas and thresholds are in docs/analysis.md.
 */
import type { Game } from '../../engine/game2048.ts';
import { err, ok, type Problem, problem, type Result } from '../../engine/result.ts';
import { DIRECTIONS, type Direction } from '../../engine/types.ts';
import { analyse } from '../ai2048/player.ts';
import type { PresetName } from '../ai2048/presets.ts';

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
 * Upper bounds of the loss (percent of the best move's value) of each class but `best` (the
 * AI's own move, or a move of the same value) and `blunder` (anything larger).
 */
export const LOSS_THRESHOLDS = { good: 0.1, inaccuracy: 0.5, mistake: 2 } as const;

/** One move judged. */
export interface MoveVerdict2048 {
  /** The move's number, from 1. */
  readonly n: number;
  readonly played: Direction;
  /** The AI's choice there. */
  readonly best: Direction;
  /** The AI's value of each legal move (null: the move changes nothing). */
  readonly values: Readonly<Record<Direction, number | null>>;
  /** Percent of the best move's value that the played move gives up (0 for the best). */
  readonly loss: number;
  readonly class: MoveClass;
  /** This move's accuracy, 0 to 100. */
  readonly accuracy: number;
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
}

/** Options of {@link analyse2048}. */
export interface Analyse2048Options {
  /** The AI's preset (default `fast`). */
  preset?: PresetName;
  /** Hears after each move analysed: moves done, moves in all. */
  onProgress?: (done: number, total: number) => void;
}

/** Why a game cannot be analysed. */
export type Analysis2048Problem = Problem<'unsupported'>;

/** The class of a move of `loss` percent; `agrees` when it is the AI's own choice. */
export function classify(loss: number, agrees: boolean): MoveClass {
  if (agrees || loss <= 0) return 'best';
  if (loss <= LOSS_THRESHOLDS.good) return 'good';
  if (loss <= LOSS_THRESHOLDS.inaccuracy) return 'inaccuracy';
  if (loss <= LOSS_THRESHOLDS.mistake) return 'mistake';
  return 'blunder';
}

/**
 * A move's accuracy from its loss in percent: the chess sites' curve
 * 103.1668·e^(−0.04354·x) − 3.1669, clamped to 0..100, with x = 20 × loss (a 2% loss, the
 * start of a blunder, scores about 15; a 0.5% loss, the start of a mistake, about 63; a 0.1%
 * loss, the start of an inaccuracy, about 91).
 */
export function moveAccuracy(loss: number): number {
  const a = 103.1668 * Math.exp(-0.04354 * 20 * Math.max(0, loss)) - 3.1669;
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

/**
 * Analyses the moves leading from each state to the next (`states` as a replay gives them:
 * the start, then the position after every move). 4×4 only: other sizes have no packed search
 * whose values compare, and are refused with `unsupported`.
 */
export function analyse2048(
  states: readonly Game[],
  moves: readonly Direction[],
  opts: Analyse2048Options = {},
): Result<Analysis2048, Analysis2048Problem> {
  const preset = opts.preset ?? 'fast';
  const size = states[0]?.cells.length ?? 4;
  if (size !== 4) {
    return err(problem('unsupported', `only 4×4 2048 games are analysed, not ${size}×${size}`));
  }
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
  for (let i = 0; i < moves.length; i++) {
    const played = moves[i]!;
    const a = analyse(states[i]!.cells, { preset, noCap: true });
    const values = {} as Record<Direction, number | null>;
    for (const d of DIRECTIONS) values[d] = Number.isFinite(a.values[d]) ? a.values[d] : null;
    const best = a.move ?? played;
    const vBest = values[best] ?? 0;
    const vPlayed = values[played] ?? 0;
    const agrees = best === played;
    const loss = agrees ? 0 : lossOf(vBest, vPlayed);
    const cls = classify(loss, agrees);
    const accuracy = moveAccuracy(loss);
    counts[cls]++;
    if (agrees) agreed++;
    sum += accuracy;
    verdicts.push({ n: i + 1, played, best, values, loss, class: cls, accuracy });
    opts.onProgress?.(i + 1, moves.length);
  }
  const n = moves.length;
  return ok({
    kind: '2048',
    preset,
    accuracy: n === 0 ? 100 : sum / n,
    agreement: n === 0 ? 100 : (agreed / n) * 100,
    counts,
    moves: verdicts,
  });
}
