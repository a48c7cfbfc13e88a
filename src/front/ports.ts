/**
 * What a game controller needs from the world, as small interfaces: the clock, timers, the
 * stores, the 2048 AI and the puzzle solver. Each front-end hands in the real ones (Node files
 * and worker threads, or localStorage and Web Workers); tests hand in fakes.
 */
import type { Game } from '../engine/game2048.ts';
import type { Puzzle } from '../engine/puzzle.ts';
import type { Result } from '../engine/result.ts';
import type { Direction } from '../engine/types.ts';
import type { HistoryEntry } from './history.ts';
import type { Marks2048 } from './model2048.ts';
import type { ModelDuel } from './modelDuel.ts';
import type { ModelVersus } from './modelVersus.ts';
import type { PuzzleRecord, SeriesRecord, VersusRecord } from './records.ts';
import type { AverageName, Averages, Metric } from './solves.ts';

/** Wall-clock time in milliseconds. */
export interface Clock {
  now(): number;
}

/** Stops a timer; calling it again does nothing. */
export type Cancel = () => void;

/** Timers, so tests can run time by hand. */
export interface Timers {
  /** Calls `fn` once after `ms`. */
  after(ms: number, fn: () => void): Cancel;
  /** Calls `fn` every `ms` until cancelled. */
  every(ms: number, fn: () => void): Cancel;
}

/** The real clock and timers of the platform (Node and browsers alike). */
export const systemClock: Clock = { now: () => Date.now() };
export const systemTimers: Timers = {
  after(ms, fn) {
    const t = setTimeout(fn, ms);
    return () => clearTimeout(t);
  },
  every(ms, fn) {
    const t = setInterval(fn, ms);
    return () => clearInterval(t);
  },
};

/** Why the 2048 AI is asked: a hint wants the best answer, autoplay one that keeps the pace. */
export const ADVICE_PURPOSES = ['hint', 'autoplay'] as const;
export type AdvicePurpose = (typeof ADVICE_PURPOSES)[number];

/**
 * The AI's preset for each purpose, in every front-end: `strong` for hints, where a good answer
 * matters most, and `fast` for autoplay, which has to keep up with the chosen pace.
 */
export const ADVICE_PRESETS = { hint: 'strong', autoplay: 'fast' } as const;

/** The 2048 AI, off the main thread. */
export interface Advisor {
  /** The AI's move for a board (null: no move possible); rejects when `signal` aborts. */
  bestMove(
    cells: number[][],
    purpose: AdvicePurpose,
    signal: AbortSignal,
  ): Promise<Direction | null>;
  close(): void;
}

/** The placer AI: the cell and value of the new tile that leave the slider worst off. */
export interface PlacerAi {
  /** The placement for a board (null when it is full); rejects when `signal` aborts. */
  choose(
    cells: number[][],
    signal: AbortSignal,
  ): Promise<{ at: { row: number; col: number }; value: 2 | 4 } | null>;
  close(): void;
}

/** How getting the solver's tables goes: `done` of `total` steps of `stage` (a phrase). */
export interface SolveProgress {
  readonly stage: string;
  readonly done: number;
  readonly total: number;
}

/** A solver's answer: the tiles to slide, in order, and whether no shorter solution exists. */
export interface Solution {
  readonly tiles: readonly number[];
  readonly optimal: boolean;
}

/**
 * How long an optimal puzzle search may take before the fast solver answers instead, in every
 * front-end: a hint should come in a moment, even while the 15-puzzle's tables are being built.
 */
export const OPTIMAL_TIME_LIMIT_MS = 5000;

/** The puzzle solver, off the main thread. */
export interface PuzzleSolver {
  solve(
    tiles: readonly number[],
    width: number,
    onProgress?: (p: SolveProgress) => void,
  ): { promise: Promise<Solution>; cancel(): void };
  /**
   * Loads or builds what optimal solves of this width need, in the background; resolves when
   * they are ready (at once for widths that need nothing).
   */
  prepare(width: number): Promise<void>;
  /**
   * A lower bound of the fewest moves that solve `tiles` (Manhattan distance plus linear
   * conflict), for widths where no optimal solve is feasible.
   */
  lowerBound(tiles: readonly number[], width: number): Promise<number>;
  close(): void;
}

/** Where a 2048 game and the best score are kept. */
export interface Store2048 {
  /** Saves the game in progress and its marks, and raises the best score of its size to `best`. */
  save(game: Game, best: number, marks: Marks2048): Result<void>;
  /** Adds a finished game to the history (optional: not kept without it). */
  recordGame?(entry: HistoryEntry): Result<void>;
}

/** What a solve set: the records after it, which were new, and the averages it improved. */
export interface SolveRecords {
  readonly best: PuzzleRecord;
  readonly movesRecord: boolean;
  readonly timeRecord: boolean;
  readonly improved: Readonly<Record<Metric, readonly AverageName[]>>;
  readonly averages: Readonly<Record<Metric, Averages>>;
}

/** Where a puzzle in progress and the puzzle records are kept. */
export interface StorePuzzle {
  /** Saves the puzzle (`now` folds the running timer in); `assisted`: the solver played. */
  save(puzzle: Puzzle, now: number, assisted: boolean): Result<void>;
  /** Records a solve by the player (`timeMs` null: a puzzle given up, a DNF). */
  recordSolve(width: number, moves: number, timeMs: number | null): Result<SolveRecords>;
  /** Adds a solved puzzle to the history (optional: not kept without it). */
  recordGame?(entry: HistoryEntry): Result<void>;
  /**
   * Records a finished relay or marathon (`key`: "relay-6", "marathon-4x10"): its best after
   * it and whether this one is the new best (optional: no series records without it).
   */
  recordSeries?(
    key: string,
    timeMs: number,
    moves: number,
  ): Result<{ best: SeriesRecord; newBest: boolean }>;
  /** The best relay or marathon of a kind so far (null: none yet). */
  seriesBest?(key: string): SeriesRecord | null;
  /** Adds the optimal move count worked out after its solve was recorded (optional). */
  recordOptimal?(
    entry: Pick<HistoryEntry, 'date' | 'code'>,
    optimal: { readonly moves: number; readonly exact: boolean },
  ): Result<void>;
}

/** Where versus results are kept. */
export interface StoreVersus {
  /** Counts a finished match against `opponent` ("human", "ai-easy", …) from player 1's side. */
  recordResult(opponent: string, result: 'win' | 'loss' | 'draw'): Result<VersusRecord>;
  /** Keeps the match in progress, to resume it (optional: not kept without it). */
  saveMatch?(model: ModelVersus): Result<void>;
  /** Adds a finished match to the history (optional: not kept without it). */
  recordGame?(entry: HistoryEntry): Result<void>;
}

/** Where the best duel round is kept. */
export interface StoreDuel {
  /** Counts a round a person slid; says the best after it and whether it is new. */
  recordRound(score: number): Result<{ best: number; newBest: boolean }>;
  /** Keeps the duel in progress, to resume it (optional: not kept without it). */
  saveDuel?(model: ModelDuel): Result<void>;
  /** Adds a finished duel to the history (optional: not kept without it). */
  recordGame?(entry: HistoryEntry): Result<void>;
}
