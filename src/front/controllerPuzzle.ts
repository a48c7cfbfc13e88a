/**
 * The sliding puzzle's loop, once for every front-end: applies commands through the pure
 * `updatePuzzle`, runs the timer, saves after each move, records a solve (not one the solver
 * played), asks the solver for hints and the animated solution and drops answers for a position
 * that has moved on, and paces the solution being played. On a 4x4 board it has the solver's
 * tables built in the background, and swaps a fast solver's plan for an optimal one as soon as
 * they are ready. Effects come in through {@link ./ports.ts}.
 */
import { elapsedMs, type Puzzle, pauseClock, resumeClock } from '../engine/puzzle.ts';
import { entryPuzzle } from './gameEntries.ts';
import type { HistoryEntry } from './history.ts';
import {
  type CommandPuzzle,
  type ModelPuzzle,
  type OptimalCount,
  positionKey,
  seriesDone,
  seriesKey,
  updatePuzzle,
  wantsSolution,
} from './modelPuzzle.ts';
import {
  type Cancel,
  type Clock,
  type PuzzleSolver,
  type SolveProgress,
  type StorePuzzle,
  systemClock,
  systemTimers,
  type Timers,
} from './ports.ts';
import { type AverageName, type Averages, tpsOf } from './solves.ts';

/** Pause between the moves of a solution being played. */
export const SOLVE_STEP_MS = 200;
/** How often the timer on screen is redrawn while the clock runs. */
export const TICK_MS = 500;
/** Widths whose optimal solves need tables built first. */
const TABLE_WIDTHS = new Set([4]);
/** Widths whose solves get their optimal move count (larger ones: a lower bound). */
const OPTIMAL_WIDTHS = new Set([3, 4]);

/** An optimal count as far as it is known now (null while it is being worked out). */
const known = (o: OptimalCount | 'pending' | null) => (o === 'pending' ? null : o);

/** The tiles a puzzle was dealt (before its first move). */
export function startTiles(p: Puzzle): readonly number[] {
  let root = p;
  while (root.previous) root = root.previous;
  return root.tiles;
}

/** What the solver is doing, for the status line (null: nothing). */
export interface SolverStatus {
  readonly text: string;
  /** Part done, 0 to 1, when known. */
  readonly progress: number | null;
}

export interface ChangePuzzle {
  readonly before: ModelPuzzle;
  readonly model: ModelPuzzle;
  readonly cmd: CommandPuzzle;
  /** Tiles slid forward by one move (worth animating). */
  readonly moved: boolean;
  /** A move was taken back. */
  readonly undone: boolean;
}

export interface ControllerPuzzleOptions {
  readonly model: ModelPuzzle;
  readonly store: StorePuzzle;
  /** Loads the solver on first use (or when a 4x4 board opens). */
  readonly solver: () => Promise<PuzzleSolver>;
  readonly seed: () => number;
  /** Hears each change of the model (and of the solver's status). */
  readonly onChange: (change: ChangePuzzle) => void;
  /** Hears the clock tick while it runs, to redraw the timer. */
  readonly onTick?: () => void;
  /** Where the controller's own commands (answers, solution steps) go; default: at once. */
  readonly post?: (cmd: CommandPuzzle) => void;
  /** Build the 4x4 tables in the background when a 4x4 board opens (default true). */
  readonly prepareTables?: boolean;
  /**
   * Works out each puzzle's optimal move count (a lower bound from 5x5 up) in the background
   * while it is played, for the solve summary and the history; none without it.
   */
  readonly optimalSolver?: () => Promise<PuzzleSolver>;
  readonly clock?: Clock;
  readonly timers?: Timers;
}

interface SolveJob {
  readonly from: string;
  cancel: Cancel;
  /** This job asks for an optimal plan to replace a fast one. */
  readonly upgrade: boolean;
}

export class ControllerPuzzle {
  private m: ModelPuzzle;
  private job: SolveJob | null = null;
  private solverLoad: Promise<PuzzleSolver> | null = null;
  private solverRef: PuzzleSolver | null = null;
  private stopStep: Cancel | null = null;
  private stopTicker: Cancel | null = null;
  private readonly ready = new Set<number>();
  private readonly preparing = new Set<number>();
  /** An optimal plan was sought for the plan being followed and not found in time. */
  private upgradeFailed = false;
  private readonly clock: Clock;
  private readonly timers: Timers;
  private readonly post: (cmd: CommandPuzzle) => void;
  private active = false;
  /** The board can be seen (see setShown). */
  private shown = true;
  private idleWaiters: (() => void)[] = [];
  /** What the solver is doing now, for the status line. */
  status: SolverStatus | null = null;
  /** The optimal move count of the puzzle's start: sought, or known (null: none to be had). */
  private optimal: {
    readonly start: string;
    value: OptimalCount | null;
    done: boolean;
    cancel: Cancel;
  } | null = null;
  private optimalSolver: Promise<PuzzleSolver> | null = null;
  private optimalWaiters: (() => void)[] = [];
  /** The history entry of the last solve (its optimal count may come after it). */
  private solvedEntry: HistoryEntry | null = null;

  constructor(private readonly opts: ControllerPuzzleOptions) {
    const s = opts.model.series;
    this.m = s
      ? { ...opts.model, seriesBest: opts.store.seriesBest?.(seriesKey(s)) ?? null }
      : opts.model;
    this.clock = opts.clock ?? systemClock;
    this.timers = opts.timers ?? systemTimers;
    this.post = opts.post ?? ((cmd) => this.dispatch(cmd));
  }

  get model(): ModelPuzzle {
    return this.m;
  }

  /** The game is on screen: the clock runs, the timer ticks, the solver starts if wanted. */
  resume(): void {
    if (this.active) return;
    this.active = true;
    this.m = { ...this.m, puzzle: resumeClock(this.m.puzzle, this.clock.now()) };
    this.stopTicker = this.timers.every(TICK_MS, () => {
      if (this.m.puzzle.clock.runningSince !== null) this.opts.onTick?.();
    });
    this.prepare();
    this.seekOptimal();
    this.sync();
  }

  /** The game leaves the screen (or the program is suspended): the clock stops, it is saved. */
  suspend(): void {
    if (!this.active) return;
    this.active = false;
    this.stopTicker?.();
    this.stopTicker = null;
    this.m = { ...this.m, puzzle: pauseClock(this.m.puzzle, this.clock.now()), autoSolve: false };
    this.sync();
    this.save();
  }

  /** Applies one command and says what changed. */
  dispatch(cmd: CommandPuzzle): ChangePuzzle {
    if ((cmd.type === 'solution' || cmd.type === 'solver-failed') && this.job?.from === cmd.from) {
      this.job = null;
      this.status = null;
    }
    const now = this.clock.now();
    const before = this.m;
    this.m = updatePuzzle(before, cmd, { now, seed: this.opts.seed });
    if (this.m.series) {
      this.recordSeriesIfDone(before);
    } else if (this.m.puzzle !== before.puzzle) {
      if (cmd.type === 'new-confirmed') this.recordGivenUp(before, now);
      this.recordIfSolved(before, now);
    }
    if (this.m.puzzle !== before.puzzle) {
      this.save();
      if (cmd.type === 'new' || cmd.type === 'new-confirmed') this.seekOptimal();
    }
    const p = this.m.puzzle;
    const change: ChangePuzzle = {
      before,
      model: this.m,
      cmd,
      moved: p !== before.puzzle && p.previous === before.puzzle,
      undone: p !== before.puzzle && p.undone !== null && p.previous !== before.puzzle,
    };
    this.prepare();
    this.sync();
    this.opts.onChange(change);
    return change;
  }

  /** Takes a game from elsewhere (another tab saved it); nothing is saved. */
  replace(model: ModelPuzzle): void {
    const before = this.m;
    const now = this.clock.now();
    const puzzle = this.active ? resumeClock(model.puzzle, now) : model.puzzle;
    this.m = { ...model, puzzle };
    this.seekOptimal();
    this.sync();
    this.opts.onChange(this.noChange(before));
  }

  /**
   * Whether the board can be seen: while it cannot (a terminal window too small for it), a
   * solution being played waits, and it goes on once the board is back.
   */
  setShown(shown: boolean): void {
    if (shown === this.shown) return;
    this.shown = shown;
    this.sync();
  }

  /** Resolves once no solver answer is on its way (plain mode waits for hints this way). */
  settled(): Promise<void> {
    if (!this.job) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Resolves once the optimal count of the puzzle on screen is known (or given up), or after
   * `ms` (plain mode prints it with the solve).
   */
  optimalSettled(ms: number): Promise<void> {
    if (!this.optimal || this.optimal.done) return Promise.resolve();
    return new Promise((resolve) => {
      const stop = this.timers.after(ms, resolve);
      this.optimalWaiters.push(() => {
        stop();
        resolve();
      });
    });
  }

  /** Ends the loop: the clock stops, the game is saved, the solver is closed. */
  close(): ModelPuzzle {
    this.suspend();
    this.cancelJob();
    this.solverRef?.close();
    this.solverLoad?.then(
      (s) => s.close(),
      () => {},
    );
    this.solverLoad = null;
    this.optimal?.cancel();
    if (this.opts.optimalSolver !== this.opts.solver) {
      this.optimalSolver?.then(
        (s) => s.close(),
        () => {},
      );
    }
    this.optimalSolver = null;
    return this.m;
  }

  private noChange(before: ModelPuzzle): ChangePuzzle {
    return { before, model: this.m, cmd: { type: 'none' }, moved: false, undone: false };
  }

  /**
   * A solve goes into the history with its optimal move count when known; the player's own
   * (not one the solver helped with) may set records and improve averages. The summary says so.
   */
  private recordIfSolved(before: ModelPuzzle, now: number): void {
    const p = this.m.puzzle;
    if (!p.solved || before.puzzle.solved || p.moves === 0) return;
    const timeMs = Math.round(elapsedMs(p, now));
    const optimal = this.optimalOf(p);
    let improved: readonly AverageName[] = [];
    let averages: Averages | null = null;
    if (!this.m.assisted) {
      const r = this.opts.store.recordSolve(p.width, p.moves, timeMs);
      if (r.ok) {
        improved = r.value.improved.time;
        averages = r.value.averages.time;
      }
      this.m = r.ok
        ? {
            ...this.m,
            best: r.value.best,
            records: { moves: r.value.movesRecord, time: r.value.timeRecord },
          }
        : { ...this.m, notice: r.error.message };
    }
    this.m = {
      ...this.m,
      summary: {
        timeMs,
        moves: p.moves,
        tps: tpsOf(p.moves, timeMs),
        optimal,
        assisted: this.m.assisted,
        improved,
        averages,
      },
    };
    const entry = entryPuzzle(p, timeMs, this.m.assisted, now, { optimal: known(optimal) });
    const h = this.opts.store.recordGame?.(entry);
    if (h && !h.ok) this.m = { ...this.m, notice: h.error.message };
    this.solvedEntry = entry;
  }

  /** A relay or a marathon just finished: its total time may be a record (not with help). */
  private recordSeriesIfDone(before: ModelPuzzle): void {
    const s = this.m.series;
    if (!s || !seriesDone(s) || seriesDone(before.series)) return;
    if (this.m.assisted) return;
    const total = s.splits.reduce((t, x) => t + x.timeMs, 0);
    const moves = s.splits.reduce((t, x) => t + x.moves, 0);
    const r = this.opts.store.recordSeries?.(seriesKey(s), total, moves);
    if (!r) return;
    this.m = r.ok
      ? { ...this.m, seriesBest: r.value.best, records: { moves: false, time: r.value.newBest } }
      : { ...this.m, notice: r.error.message };
  }

  /** A puzzle left for a new one after moves were made: given up, a DNF. */
  private recordGivenUp(before: ModelPuzzle, now: number): void {
    const p = before.puzzle;
    if (p.solved || p.moves === 0) return;
    const timeMs = Math.round(elapsedMs(p, now));
    if (!before.assisted) this.opts.store.recordSolve(p.width, p.moves, null);
    const entry = entryPuzzle(p, timeMs, before.assisted, now, {
      optimal: known(this.optimalOf(p)),
      dnf: true,
    });
    const h = this.opts.store.recordGame?.(entry);
    if (h && !h.ok) this.m = { ...this.m, notice: h.error.message };
  }

  /** The optimal move count of `p`'s start: known, still being worked out, or none. */
  private optimalOf(p: Puzzle): OptimalCount | 'pending' | null {
    const o = this.optimal;
    if (!o || o.start !== startTiles(p).join(',')) return null;
    return o.done ? o.value : 'pending';
  }

  /**
   * Starts working out the optimal move count of the puzzle on screen (once per puzzle): the
   * solver's optimal solve on 3x3 and 4x4 (its lower bound when that runs out of time), a
   * lower bound from 5x5 up. When it comes after the solve, the summary gets it.
   */
  private seekOptimal(): void {
    const load = this.opts.optimalSolver;
    if (!load || !this.active || this.m.puzzle.solved || this.m.series) return;
    const tiles = startTiles(this.m.puzzle);
    const width = this.m.puzzle.width;
    const start = tiles.join(',');
    if (this.optimal?.start === start) return;
    this.optimal?.cancel();
    let cancelled = false;
    const job = {
      start,
      value: null as OptimalCount | null,
      done: false,
      cancel: () => {
        cancelled = true;
      },
    };
    this.optimal = job;
    // The same loader as the hints' shares their solver (and its tables).
    this.optimalSolver ??= load === this.opts.solver ? this.loadSolver() : load();
    this.optimalSolver
      .then(async (s) => {
        if (cancelled) return;
        let value: OptimalCount | null = null;
        if (OPTIMAL_WIDTHS.has(width)) {
          const run = s.solve(tiles, width);
          job.cancel = () => {
            cancelled = true;
            run.cancel();
          };
          const sol = await run.promise;
          if (sol.optimal) value = { moves: sol.tiles.length, exact: true };
        }
        value ??= { moves: await s.lowerBound(tiles, width), exact: false };
        if (cancelled) return;
        job.value = value;
        job.done = true;
        this.optimalKnown(job.start, value);
      })
      .catch(() => {
        // Cancelled, or the solver failed: the summary goes without.
        job.done = true;
        if (!cancelled) this.optimalKnown(job.start, null);
      })
      .finally(() => {
        for (const w of this.optimalWaiters.splice(0)) w();
      });
  }

  /** An optimal count came after its puzzle was solved: the summary shows it (or goes without). */
  private optimalKnown(start: string, value: OptimalCount | null): void {
    const m = this.m;
    if (m.summary?.optimal !== 'pending' || startTiles(m.puzzle).join(',') !== start) return;
    const r = value && this.solvedEntry && this.opts.store.recordOptimal?.(this.solvedEntry, value);
    this.m = { ...m, summary: { ...m.summary, optimal: value } };
    if (r && !r.ok) this.m = { ...this.m, notice: r.error.message };
    this.opts.onChange(this.noChange(m));
  }

  private save(): void {
    // A relay or a marathon is played in one sitting: the saved single game stays as it was.
    if (this.m.series) return;
    const r = this.opts.store.save(this.m.puzzle, this.clock.now(), this.m.assisted);
    if (!r.ok) this.m = { ...this.m, notice: r.error.message };
  }

  private loadSolver(): Promise<PuzzleSolver> {
    this.solverLoad ??= this.opts.solver().then((s) => {
      this.solverRef = s;
      return s;
    });
    return this.solverLoad;
  }

  /** On a board whose optimal solves need tables, has them built in the background. */
  private prepare(): void {
    const width = this.m.puzzle.width;
    if (this.opts.prepareTables === false || !this.active) return;
    if (!TABLE_WIDTHS.has(width) || this.preparing.has(width)) return;
    this.preparing.add(width);
    this.loadSolver()
      .then((s) => s.prepare(width))
      .then(
        () => {
          this.ready.add(width);
          this.sync();
        },
        () => {
          // The next solve reports what went wrong; a fast plan stays meanwhile.
        },
      );
  }

  /** A fast plan is being followed on a board whose tables are now ready. */
  private wantsUpgrade(): boolean {
    const m = this.m;
    return (
      (m.hint || m.autoSolve) &&
      !m.puzzle.solved &&
      m.plan !== null &&
      !m.plan.optimal &&
      m.plan.from === positionKey(m.puzzle) &&
      this.ready.has(m.puzzle.width) &&
      !this.upgradeFailed
    );
  }

  private cancelJob(): void {
    if (!this.job) return;
    this.job.cancel();
    this.job = null;
    this.status = null;
  }

  private wakeIdle(): void {
    if (this.job) return;
    for (const w of this.idleWaiters.splice(0)) w();
  }

  /** Starts or stops the solver and the solution player to match the model. */
  private sync(): void {
    const from = positionKey(this.m.puzzle);
    const want = this.active && wantsSolution(this.m);
    const upgrade = this.active && !want && this.wantsUpgrade();
    if (this.job && (this.job.from !== from || (!want && !upgrade))) this.cancelJob();
    if ((want || upgrade) && !this.job) this.startJob(from, upgrade);
    this.stopStep?.();
    this.stopStep = null;
    if (this.active && this.shown && this.m.autoSolve && !wantsSolution(this.m)) {
      this.stopStep = this.timers.after(SOLVE_STEP_MS, () => this.post({ type: 'solve-step' }));
    }
    this.wakeIdle();
  }

  private startJob(from: string, upgrade: boolean): void {
    const { tiles, width } = this.m.puzzle;
    let cancelled = false;
    const job: SolveJob = { from, upgrade, cancel: () => (cancelled = true) };
    // A fresh plan is sought: it may be upgraded once more when it comes from the fast solver.
    if (!upgrade) this.upgradeFailed = false;
    this.job = job;
    if (!upgrade) this.status = { text: 'Solving…', progress: null };
    const onProgress = (p: SolveProgress) => {
      if (this.job !== job) return;
      const part = p.total > 0 ? p.done / p.total : null;
      const percent = part === null ? '' : ` ${Math.floor(part * 100)}%`;
      this.status = { text: `${p.stage}…${percent}`, progress: part };
      this.opts.onChange(this.noChange(this.m));
    };
    this.loadSolver()
      .then((s) => {
        if (cancelled) throw new DOMException('cancelled', 'AbortError');
        const run = s.solve([...tiles], width, onProgress);
        job.cancel = () => {
          cancelled = true;
          run.cancel();
        };
        return run.promise;
      })
      .then(
        (sol) => {
          if (cancelled) return;
          if (upgrade && !sol.optimal) this.upgradeFailed = true;
          this.post({ type: 'solution', from, tiles: sol.tiles, optimal: sol.optimal });
        },
        (e: unknown) => {
          if (cancelled) return;
          if (upgrade) {
            // The fast plan still stands: drop the upgrade quietly.
            this.job = null;
            this.ready.delete(width);
            this.wakeIdle();
            return;
          }
          const message = e instanceof Error ? e.message : String(e);
          this.post({ type: 'solver-failed', from, message });
        },
      );
  }
}
