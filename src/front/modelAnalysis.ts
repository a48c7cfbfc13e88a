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

/** A cell and the tile put there by a duel's placer. */
export interface Placed {
  readonly at: { readonly row: number; readonly col: number };
  readonly value: number;
}

/** A match's slide judged by the AI: a 2048 mark, with its side and number in the match. */
export interface MarkSlide extends Mark2048 {
  readonly action: 'slide';
  /** The side that slid: 0 (player 1) or 1 (player 2). */
  readonly side: 0 | 1;
  /** The action's number in the whole match, from 1. */
  readonly at: number;
}

/** A duel's placement judged by the placer's search (docs/analysis.md). */
export interface MarkPlace {
  readonly action: 'place';
  readonly side: 0 | 1;
  readonly at: number;
  /** The placement's number among the side's placements, from 1. */
  readonly n: number;
  readonly played: Placed;
  /** The placer's own choice there. */
  readonly best: Placed;
  /** Percent of the slider's outlook the placer's choice would have taken away. */
  readonly loss: number;
  readonly class: MoveClass;
}

export type MarkMatch = MarkSlide | MarkPlace;

/** A side's figures for one kind of action (its slides, or a duel's placements). */
export interface SideFigures {
  readonly accuracy: number;
  readonly agreement: number;
  readonly counts: Readonly<Record<MoveClass, number>>;
  /** The actions judged. */
  readonly judged: number;
}

/** One side of a match's analysis. */
export interface MatchSideView {
  readonly side: 0 | 1;
  readonly slides: SideFigures;
  /** A duel's placements (null in versus). */
  readonly placements: SideFigures | null;
}

/**
 * A versus match's or a duel's analysis: each side's slides judged as a 2048 game, a duel's
 * placements by the placer's search; the marks by the action's index in the match.
 */
export interface AnalysisMatchView {
  readonly kind: 'match';
  readonly match: 'versus' | 'duel';
  readonly preset: string;
  readonly sides: readonly [MatchSideView, MatchSideView];
  /** The mark of action i + 1 at index i (null: an action not judged). */
  readonly moves: readonly (MarkMatch | null)[];
}

export type GameAnalysis = Analysis2048View | AnalysisPuzzleView | AnalysisMatchView;

/**
 * The shape of the solvers' `analyseMatch` answer (restated, as the front imports only the
 * engine): what {@link matchView} reads of it.
 */
export interface MatchAnalysisInput {
  readonly kind: 'versus' | 'duel';
  readonly preset: string;
  readonly sides: readonly {
    readonly side: 0 | 1;
    readonly accuracy: number;
    readonly agreement: number;
    readonly counts: Readonly<Record<MoveClass, number>>;
    readonly moves: readonly (Mark2048 & { readonly at: number })[];
    readonly placements: {
      readonly accuracy: number;
      readonly agreement: number;
      readonly counts: Readonly<Record<MoveClass, number>>;
      readonly moves: readonly (Omit<MarkPlace, 'action' | 'side'> & { readonly at: number })[];
    } | null;
  }[];
}

/** A match's analysis as the viewers show it, for a match of `actions` actions. */
export function matchView(a: MatchAnalysisInput, actions: number): AnalysisMatchView {
  const moves: (MarkMatch | null)[] = Array.from({ length: actions }, () => null);
  const sides = a.sides.map((s): MatchSideView => {
    for (const m of s.moves) {
      const { n, played, best, loss, class: cls, at } = m;
      const slide: MarkSlide = {
        action: 'slide',
        side: s.side,
        at,
        n,
        played,
        best,
        loss,
        class: cls,
      };
      moves[at - 1] = m.scale ? { ...slide, scale: m.scale } : slide;
    }
    const p = s.placements;
    for (const m of p?.moves ?? []) {
      const played = { at: { row: m.played.at.row, col: m.played.at.col }, value: m.played.value };
      const best = { at: { row: m.best.at.row, col: m.best.at.col }, value: m.best.value };
      moves[m.at - 1] = {
        action: 'place',
        side: s.side,
        at: m.at,
        n: m.n,
        played,
        best,
        loss: m.loss,
        class: m.class,
      };
    }
    const figures = (
      f: { accuracy: number; agreement: number; counts: Readonly<Record<MoveClass, number>> },
      judged: number,
    ): SideFigures => ({
      accuracy: f.accuracy,
      agreement: f.agreement,
      counts: { ...f.counts },
      judged,
    });
    return {
      side: s.side,
      slides: figures(s, s.moves.length),
      placements: p ? figures(p, p.moves.length) : null,
    };
  });
  return {
    kind: 'match',
    match: a.kind,
    preset: a.preset,
    sides: [sides[0]!, sides[1]!],
    moves,
  };
}

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
 * Why a replay cannot be analysed, or null when it can: 2048 games, puzzles, versus matches and
 * duels all can (the analyser says so itself of a size it does not judge).
 */
export function notAnalysable(r: Replay): string | null {
  switch (r.kind) {
    case '2048':
    case 'puzzle':
    case 'versus':
    case 'duel':
      return null;
  }
}

/** Any kind of analysis' mark. */
export type Mark = Mark2048 | MarkPuzzle | MarkMatch;

/**
 * Whether a move counts as a mistake for the jumps: a mistake or blunder (a match's slide or
 * placement of either side), a puzzle's detour.
 */
export function isMistake(m: Mark | null): boolean {
  if (m === null) return false;
  return 'class' in m ? m.class === 'mistake' || m.class === 'blunder' : !m.optimal;
}

/** The mark of the move played from position `index` (null at the end, or not judged). */
export function markAt(a: GameAnalysis, index: number): Mark | null {
  return (a.moves as readonly (Mark | null)[])[index] ?? null;
}

/**
 * The position of the next mistake after position `index` (`by` 1) or of the last one before it
 * (`by` -1): the board it was played from. Null when there is none that way.
 */
export function mistakeFrom(a: GameAnalysis, index: number, by: 1 | -1): number | null {
  const moves = a.moves as readonly (Mark | null)[];
  if (by === 1) {
    for (let i = Math.max(0, index + 1); i < moves.length; i++) if (isMistake(moves[i]!)) return i;
    return null;
  }
  for (let i = Math.min(moves.length, index) - 1; i >= 0; i--) if (isMistake(moves[i]!)) return i;
  return null;
}

/** How many moves count as mistakes (see {@link isMistake}). */
export function mistakeCount(a: GameAnalysis): number {
  return (a.moves as readonly (Mark | null)[]).filter(isMistake).length;
}

/**
 * The game's course, one value per point of a chart: a 2048 game's loss per move (percent), a
 * puzzle's distance to solved at each position (the start, then after every move).
 */
export function course(a: GameAnalysis): number[] {
  if (a.kind === '2048') return a.moves.map((m) => m.loss);
  if (a.kind === 'match') return a.moves.map((m) => m?.loss ?? 0);
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

/** A match side's name: "P1", "P2". */
export function sideName(side: 0 | 1): string {
  return `P${side + 1}`;
}

/** A cell in words: "r2c3" (row 2, column 3, from 1). */
export function cellText(p: { readonly row: number; readonly col: number }): string {
  return `r${p.row + 1}c${p.col + 1}`;
}

/** A placement in words: "2 at r1c4". */
export function placedText(p: Placed): string {
  return `${p.value} at ${cellText(p.at)}`;
}

/** A placement's verdict in words: "mistake, 1.20% of outlook", "best (the placer’s choice)". */
export function placeVerdictText(m: MarkPlace): string {
  if (m.class === 'best') return 'best (the placer’s choice)';
  const small = m.loss < 0.01 && m.loss > 0;
  return `${m.class}, ${m.loss.toFixed(small ? 3 : 2)}% of outlook`;
}

/** A match side's summary: "P1 slides: accuracy 97.2, agreement 88.0%" (and placements). */
export function sideSummaryLines(s: MatchSideView): string[] {
  const f = (what: string, x: SideFigures) =>
    `${sideName(s.side)} ${what}: accuracy ${x.accuracy.toFixed(1)}, agreement ${x.agreement.toFixed(1)}%`;
  const lines = [f('slides', s.slides)];
  if (s.placements) lines.push(f('places', s.placements));
  return lines;
}

/** The analysis' summary lines (first the kind of judge). */
export function summaryLines(a: GameAnalysis): string[] {
  if (a.kind === 'match') {
    const placer = a.match === 'duel' ? ', the placer' : '';
    return [`Judged by the AI (${a.preset})${placer}`, ...a.sides.flatMap(sideSummaryLines)];
  }
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
  if (a.kind === 'match') {
    if (!m || !('action' in m)) {
      return [index >= a.moves.length ? 'The end of the match.' : 'This action is not judged.'];
    }
    return matchMarkLines(m);
  }
  if (!m) return ['The end of the game.'];
  if ('action' in m) return matchMarkLines(m);
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

/** A match action's mark in lines: which side and action, the verdict, the better one. */
export function matchMarkLines(m: MarkMatch): string[] {
  const who = `Next, action ${formatNumber(m.at)}: ${sideName(m.side)}`;
  if (m.action === 'slide') {
    const lines = [`${who} ${DIRECTION_WORDS[m.played]}`, verdictText(m)];
    if (m.class !== 'best') lines.push(`better ${DIRECTION_WORDS[m.best]}`);
    return lines;
  }
  const lines = [`${who} places ${placedText(m.played)}`, placeVerdictText(m)];
  if (m.class !== 'best') lines.push(`better ${placedText(m.best)}`);
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
