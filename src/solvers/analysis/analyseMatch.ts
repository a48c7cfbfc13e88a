/**
 * Versus and duel matches judged side by side. Each side's slides are a 2048 game judged by the
 * AI ({@link analyse2048}, on the value scale: the chance calibration is of a lone game with
 * random spawns played for 2048, which a match is not); in a duel, the tiles a side placed are judged by the placer's own
 * search ({@link judgePlacement}): its placement against the one played. docs/analysis.md says
 * what each figure means.
 */
import { type Duel, whoIs } from '../../engine/duel.ts';
import type { Game } from '../../engine/game2048.ts';
import type { Direction, Pos } from '../../engine/types.ts';
import type { VersusMatch } from '../../engine/versus.ts';
import { judgePlacement, type Placement } from '../ai2048/placer.ts';
import type { PresetName } from '../ai2048/presets.ts';
import {
  type Analysis2048,
  analyse2048,
  classify,
  lossOf,
  MOVE_CLASSES,
  type MoveClass,
  type MoveVerdict2048,
  moveAccuracy,
} from './analyse2048.ts';

/** A side's slide judged: a 2048 verdict, with the action's number in the whole match. */
export interface SideVerdict extends MoveVerdict2048 {
  /** The move's number among the match's moves (both sides'), from 1. */
  readonly at: number;
}

/** One side of a match: its slides as a 2048 game (numbered from 1 among its own moves). */
export interface SideAnalysis extends Omit<Analysis2048, 'moves'> {
  /** The side: 0 (player 1) or 1 (player 2). */
  readonly side: 0 | 1;
  readonly moves: readonly SideVerdict[];
  /** In a duel, the tiles the side placed, judged by the placer's search; null in versus. */
  readonly placements: PlacementsAnalysis | null;
}

/** A placement judged by the placer's search. */
export interface PlacementVerdict {
  /** The placement's number among the side's placements, from 1. */
  readonly n: number;
  /** The action's number in the whole duel, from 1. */
  readonly at: number;
  readonly played: Placement;
  /** The placer's own choice there. */
  readonly best: Placement;
  /**
   * Percent of the slider's outlook after the played placement that the placer's choice would
   * have taken away: (outcome(played) − outcome(best)) / outcome(played) × 100, where an outcome
   * is the slider's best evaluation after the placement by the placer's minimax; 100 when the
   * placer's choice forces the slider to lose and the played one does not.
   */
  readonly loss: number;
  readonly class: MoveClass;
  readonly accuracy: number;
  /** The slider's outcome after each (lower is better for the placer). */
  readonly outcomes: { readonly best: number; readonly played: number };
  /** Slider moves the placer searched. */
  readonly depth: number;
}

/** A side's placements in a duel. */
export interface PlacementsAnalysis {
  readonly accuracy: number;
  readonly agreement: number;
  readonly counts: Readonly<Record<MoveClass, number>>;
  readonly moves: readonly PlacementVerdict[];
}

/** A match's analysis: one entry per side. */
export interface AnalysisMatch {
  readonly kind: 'versus' | 'duel';
  readonly preset: PresetName;
  readonly sides: readonly [SideAnalysis, SideAnalysis];
}

/** Options of the match analyses. */
export interface AnalyseMatchOptions {
  /** The AI's preset for the slides (default `fast`). */
  preset?: PresetName;
  /** Hears after each action judged: actions done, actions in all. */
  onProgress?: (done: number, total: number) => void;
}

/** A slider outcome at or below this is a forced loss (the placer search's LOST is −1e10). */
const FORCED_LOSS = -1e9;

/** The loss of a played placement, in percent (see {@link PlacementVerdict.loss}). */
export function placementLoss(best: number, played: number): number {
  if (played <= FORCED_LOSS) return 0;
  if (best <= FORCED_LOSS) return 100;
  if (!(played > 0) || best >= played) return 0;
  return lossOf(played, best);
}

function emptyCounts(): Record<MoveClass, number> {
  return { best: 0, good: 0, inaccuracy: 0, mistake: 0, blunder: 0 };
}

/** A side's slides judged: the positions before each and the moves, with their match numbers. */
function slides(
  side: 0 | 1,
  before: readonly Game[],
  moves: readonly Direction[],
  ats: readonly number[],
  opts: AnalyseMatchOptions,
  tick: () => void,
  placements: PlacementsAnalysis | null,
): SideAnalysis {
  const r = analyse2048(before, moves, {
    preset: opts.preset ?? 'fast',
    onProgress: tick,
    calibrated: false,
  });
  // analyse2048 refuses nothing (every size is analysed).
  if (!r.ok) throw new Error(r.error.message);
  const moveList = r.value.moves.map((m, i) => ({ ...m, at: ats[i]! }));
  return { ...r.value, side, moves: moveList, placements };
}

/** Each side of a versus match judged as a 2048 game. */
export function analyseVersus(
  states: readonly VersusMatch[],
  opts: AnalyseMatchOptions = {},
): AnalysisMatch {
  const log = states.at(-1)?.log ?? [];
  let done = 0;
  const tick = () => opts.onProgress?.(++done, log.length);
  const side = (s: 0 | 1): SideAnalysis => {
    const before: Game[] = [];
    const moves: Direction[] = [];
    const ats: number[] = [];
    log.forEach((m, i) => {
      if (m.side !== s) return;
      before.push(states[i]!.games[s]);
      moves.push(m.direction);
      ats.push(i + 1);
    });
    before.push(states.at(-1)!.games[s]);
    return slides(s, before, moves, ats, opts, tick, null);
  };
  return { kind: 'versus', preset: opts.preset ?? 'fast', sides: [side(0), side(1)] };
}

/** A side's placements judged by the placer's search. */
function judgePlacements(
  states: readonly Duel[],
  placer: 0 | 1,
  tick: () => void,
): PlacementsAnalysis {
  const log = states.at(-1)?.log ?? [];
  const counts = emptyCounts();
  const moves: PlacementVerdict[] = [];
  let agreed = 0;
  let sum = 0;
  log.forEach((a, i) => {
    const d = states[i]!;
    if (a.kind !== 'place' || whoIs(d).placer !== placer) return;
    const j = judgePlacement(d.game.cells, { at: a.at, value: a.value });
    tick();
    if (!j) return;
    const agrees = samePlace(j.best, a);
    const loss = agrees ? 0 : placementLoss(j.bestOutcome, j.playedOutcome);
    const cls = classify(loss, agrees, 'value');
    const accuracy = moveAccuracy(loss, 'value');
    counts[cls]++;
    if (agrees) agreed++;
    sum += accuracy;
    moves.push({
      n: moves.length + 1,
      at: i + 1,
      played: { at: a.at, value: a.value },
      best: j.best,
      loss,
      class: cls,
      accuracy,
      outcomes: { best: j.bestOutcome, played: j.playedOutcome },
      depth: j.depth,
    });
  });
  const n = moves.length;
  return {
    accuracy: n === 0 ? 100 : sum / n,
    agreement: n === 0 ? 100 : (agreed / n) * 100,
    counts,
    moves,
  };
}

function samePlace(x: { at: Pos; value: number }, y: { at: Pos; value: number }): boolean {
  return x.at.row === y.at.row && x.at.col === y.at.col && x.value === y.value;
}

/**
 * Each side of a duel: its slides (in the round it slid) judged by the AI as a 2048 game, its
 * placements (in the round it placed) by the placer's search.
 */
export function analyseDuel(
  states: readonly Duel[],
  opts: AnalyseMatchOptions = {},
): AnalysisMatch {
  const log = states.at(-1)?.log ?? [];
  let done = 0;
  const tick = () => opts.onProgress?.(++done, log.length);
  const side = (p: 0 | 1): SideAnalysis => {
    const before: Game[] = [];
    const moves: Direction[] = [];
    const ats: number[] = [];
    log.forEach((a, i) => {
      const d = states[i]!;
      if (a.kind !== 'slide' || whoIs(d).slider !== p) return;
      before.push(d.game);
      moves.push(a.direction);
      ats.push(i + 1);
    });
    if (before.length === 0) before.push(states[0]!.game);
    const placements = judgePlacements(states, p, tick);
    return slides(p, before, moves, ats, opts, tick, placements);
  };
  return { kind: 'duel', preset: opts.preset ?? 'fast', sides: [side(0), side(1)] };
}

/** The classes in order (re-exported for the summaries). */
export { MOVE_CLASSES };
