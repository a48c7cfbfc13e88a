/**
 * A replay's analysis, for every front-end: what the analysis of a game says (the shape the
 * solvers' `analyse2048` and `analysePuzzle` answer with, restated here so the front layer
 * imports only the engine), where it stands while it runs, each position's mark, the moves
 * worth a look, the game's course for a chart, and the words. The analysis itself runs
 * elsewhere (a worker thread), behind {@link ReplayAnalyser}.
 *
 * A position's mark is the move played from it: at position i (the board after i moves) the
 * mark is move i + 1's, so the better move can be shown on the board it was chosen from.
 */
import type { Replay } from '../engine/shareReplay.ts';
import type { Direction } from '../engine/types.ts';
import { formatNumber } from './format.ts';

/** How a 2048 move is judged, from no loss to a large one (docs/analysis.md). */
export type MoveClass = 'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder';

/** One 2048 move judged by the AI. */
export interface Mark2048 {
  /** The move's number, from 1. */
  readonly n: number;
  readonly played: Direction;
  /** The AI's choice there. */
  readonly best: Direction;
  /** What the played move gives up (0 for the best), on its {@link LossScale}. */
  readonly loss: number;
  readonly class: MoveClass;
  /** The loss's scale (absent: `value`). */
  readonly scale?: LossScale;
}

/**
 * A 2048 loss's scale: `chance`, percentage points of the estimated chance to reach 2048;
 * `value`, percent of the best move's search value (docs/analysis.md).
 */
export type LossScale = 'chance' | 'value';

/** A 2048 game's analysis. */
export interface Analysis2048View {
  readonly kind: '2048';
  readonly preset: string;
  /** 0 to 100. */
  readonly accuracy: number;
  /** Percent of the moves equal to the AI's choice. */
  readonly agreement: number;
  readonly counts: Readonly<Record<MoveClass, number>>;
  readonly moves: readonly Mark2048[];
}

/** One puzzle move judged by the optimal solver. */
export interface MarkPuzzle {
  readonly n: number;
  /** The tile moved. */
  readonly played: number;
  /** Fewest moves to solved before and after the move. */
  readonly before: number;
  readonly after: number;
  /** On a shortest path (else a detour). */
  readonly optimal: boolean;
  /** A tile whose move starts a shortest solution (null when not exact). */
  readonly best: number | null;
}

/** A puzzle game's analysis. */
export interface AnalysisPuzzleView {
  readonly kind: 'puzzle';
  /** The distances are exact, not lower bounds. */
  readonly exact: boolean;
  /** Fewest moves that solve the start. */
  readonly optimal: number;
  readonly wasted: number;
  /** Numbers of the moves that were detours. */
  readonly detours: readonly number[];
  readonly moves: readonly MarkPuzzle[];
}

export type GameAnalysis = Analysis2048View | AnalysisPuzzleView;

/** How a running analysis goes: the solver's tables being read or built, or the moves. */
export interface AnalysisProgress {
  readonly stage: 'tables' | 'moves';
  readonly done: number;
  readonly total: number;
}

/** Where a replay's analysis stands. */
export type AnalysisState =
  | { readonly status: 'idle' }
  | ({ readonly status: 'running' } & AnalysisProgress)
  | { readonly status: 'done'; readonly result: GameAnalysis; readonly shown: boolean }
  | { readonly status: 'failed'; readonly message: string };

/** A running analysis: its answer, and a way to stop it (the promise then never settles). */
export interface AnalysisJob {
  readonly promise: Promise<GameAnalysis>;
  cancel(): void;
}

/** The analysis off the main thread: a front-end hands in its own (a worker thread). */
export interface ReplayAnalyser {
  analyse(replay: Replay, onProgress: (p: AnalysisProgress) => void): AnalysisJob;
}

/**
 * Why a replay cannot be analysed, or null when it can: 2048 games and puzzles (the analyser
 * says so itself of a size it does not judge).
 */
export function notAnalysable(r: Replay): string | null {
  if (r.kind === 'puzzle' || r.kind === '2048') return null;
  return `${r.kind} matches are not analysed yet: 2048 games and puzzles are`;
}

/** Whether a move counts as a mistake for the jumps: a mistake or blunder, a puzzle's detour. */
export function isMistake(m: Mark2048 | MarkPuzzle): boolean {
  return 'class' in m ? m.class === 'mistake' || m.class === 'blunder' : !m.optimal;
}

/** The mark of the move played from position `index` (null at the end of the game). */
export function markAt(a: GameAnalysis, index: number): Mark2048 | MarkPuzzle | null {
  return a.moves[index] ?? null;
}

/**
 * The position of the next mistake after position `index` (`by` 1) or of the last one before it
 * (`by` -1): the board it was played from. Null when there is none that way.
 */
export function mistakeFrom(a: GameAnalysis, index: number, by: 1 | -1): number | null {
  const moves = a.moves as readonly (Mark2048 | MarkPuzzle)[];
  if (by === 1) {
    for (let i = Math.max(0, index + 1); i < moves.length; i++) if (isMistake(moves[i]!)) return i;
    return null;
  }
  for (let i = Math.min(moves.length, index) - 1; i >= 0; i--) if (isMistake(moves[i]!)) return i;
  return null;
}

/** How many moves count as mistakes (see {@link isMistake}). */
export function mistakeCount(a: GameAnalysis): number {
  return (a.moves as readonly (Mark2048 | MarkPuzzle)[]).filter(isMistake).length;
}

/**
 * The game's course, one value per point of a chart: a 2048 game's loss per move (percent), a
 * puzzle's distance to solved at each position (the start, then after every move).
 */
export function course(a: GameAnalysis): number[] {
  if (a.kind === '2048') return a.moves.map((m) => m.loss);
  return a.moves.length === 0 ? [a.optimal] : [a.moves[0]!.before, ...a.moves.map((m) => m.after)];
}

/** The point of {@link course} that belongs to position `index`. */
export function coursePoint(a: GameAnalysis, index: number): number {
  const n = course(a).length;
  return Math.max(0, Math.min(n - 1, index));
}

/** Directions in words with their arrows. */
export const DIRECTION_WORDS: Readonly<Record<Direction, string>> = {
  up: '↑ up',
  down: '↓ down',
  left: '← left',
  right: '→ right',
};

/**
 * A 2048 loss in words: "−3.1 pts of chance" (percentage points of the chance to reach 2048),
 * "1.20% of value".
 */
export function lossText(m: Mark2048): string {
  const small = m.loss < 0.01 && m.loss > 0;
  if (m.scale === 'chance') return `−${m.loss.toFixed(small ? 3 : 1)} pts of chance`;
  return `${m.loss.toFixed(small ? 3 : 2)}% of value`;
}

/** A 2048 move's verdict in words: "mistake, −3.1 pts of chance", "best (the AI’s move)". */
export function verdictText(m: Mark2048): string {
  return m.class === 'best' ? 'best (the AI’s move)' : `${m.class}, ${lossText(m)}`;
}

/**
 * A puzzle move's verdict with the distance to solved before and after it: "on path, 14 → 13"
 * (on a shortest path) or "detour, 14 → 15"; "≥" marks lower bounds.
 */
export function puzzleVerdictText(m: MarkPuzzle, exact: boolean): string {
  const d = (x: number) => `${exact ? '' : '≥'}${formatNumber(x)}`;
  return `${m.optimal ? 'on path' : 'detour'}, ${d(m.before)} → ${d(m.after)}`;
}

/** The analysis' summary lines (first the kind of judge). */
export function summaryLines(a: GameAnalysis): string[] {
  if (a.kind === '2048') {
    return [
      `Judged by the AI (${a.preset})`,
      `Accuracy ${a.accuracy.toFixed(1)}`,
      `Agreement ${a.agreement.toFixed(1)}%`,
      `Mistakes ${a.counts.mistake} · blunders ${a.counts.blunder}`,
    ];
  }
  const at = a.exact ? '' : 'at least ';
  return [
    a.exact ? 'Judged by the solver' : 'Lower bounds, not exact',
    `Optimal ${at}${formatNumber(a.optimal)} moves`,
    `Wasted ${formatNumber(a.wasted)}`,
    `Detours ${formatNumber(a.detours.length)}`,
  ];
}

/**
 * The lines on the move played from position `index` (the next one, seen from the board on
 * screen): which move, what was played, the verdict and the better move (none at the end).
 */
export function markLines(a: GameAnalysis, index: number): string[] {
  const m = markAt(a, index);
  if (!m) return ['The end of the game.'];
  if ('class' in m) {
    const lines = [`Next, move ${formatNumber(m.n)}: ${DIRECTION_WORDS[m.played]}`, verdictText(m)];
    // A move of no loss is as good as the AI's, even when the AI chose another.
    if (m.class !== 'best') lines.push(`better ${DIRECTION_WORDS[m.best]}`);
    return lines;
  }
  const exact = a.kind === 'puzzle' && a.exact;
  const lines = [`Next, move ${formatNumber(m.n)}: tile ${m.played}`, puzzleVerdictText(m, exact)];
  if (!m.optimal && m.best !== null && m.best !== m.played) lines.push(`better tile ${m.best}`);
  return lines;
}

/** The analysis state after a progress report (ignored unless running). */
export function progressed(s: AnalysisState, p: AnalysisProgress): AnalysisState {
  return s.status === 'running' ? { status: 'running', ...p } : s;
}

/** Where a running analysis stands, in words: "Analysing: move 37 of 120". */
export function progressText(s: AnalysisState & { status: 'running' }, width?: number): string {
  if (s.stage === 'tables') {
    const pc = s.total > 0 ? ` ${Math.floor((s.done / s.total) * 100)}%` : '';
    return `Getting the 4×4 solver tables…${pc}`;
  }
  const text = `Analysing: move ${formatNumber(s.done)} of ${formatNumber(s.total)}`;
  return width !== undefined && [...text].length > width
    ? `${formatNumber(s.done)}/${formatNumber(s.total)}`
    : text;
}
