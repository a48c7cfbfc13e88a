/**
 * The sliding puzzle's loop, once for every front-end: applies commands through the pure
 * `updatePuzzle`, runs the timer, saves after each move, records a solve (not one the solver
 * played), asks the solver for hints and the animated solution and drops answers for a position
 * that has moved on, and paces the solution being played. On a 4x4 board it has the solver's
 * tables built in the background, and swaps a fast solver's plan for an optimal one as soon as
 * they are ready. Effects come in through {@link ./ports.ts}.
 */
import { elapsedMs, pauseClock, resumeClock } from '../engine/puzzle.ts';
import { entryPuzzle } from './gameEntries.ts';
import {
  type CommandPuzzle,
  type ModelPuzzle,
  positionKey,
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

/** Pause between the moves of a solution being played. */
export const SOLVE_STEP_MS = 200;
/** How often the timer on screen is redrawn while the clock runs. */
export const TICK_MS = 500;
/** Widths whose optimal solves need tables built first. */
const TABLE_WIDTHS = new Set([4]);

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
  private idleWaiters: (() => void)[] = [];
  /** What the solver is doing now, for the status line. */
  status: SolverStatus | null = null;

  constructor(private readonly opts: ControllerPuzzleOptions) {
    this.m = opts.model;
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
    if (this.m.puzzle !== before.puzzle) {
      this.recordIfSolved(before, now);
      this.save();
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
    this.sync();
    this.opts.onChange(this.noChange(before));
  }

  /** Resolves once no solver answer is on its way (plain mode waits for hints this way). */
  settled(): Promise<void> {
    if (!this.job) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
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
    return this.m;
  }

  private noChange(before: ModelPuzzle): ChangePuzzle {
    return { before, model: this.m, cmd: { type: 'none' }, moved: false, undone: false };
  }

  /** A solve goes into the history; the player's own (not the solver's) may set records. */
  private recordIfSolved(before: ModelPuzzle, now: number): void {
    const p = this.m.puzzle;
    if (!p.solved || before.puzzle.solved || p.moves === 0) return;
    const timeMs = elapsedMs(p, now);
    if (!this.m.assisted) {
      const r = this.opts.store.recordSolve(p.width, p.moves, timeMs);
      this.m = r.ok
        ? {
            ...this.m,
            best: r.value.best,
            records: { moves: r.value.movesRecord, time: r.value.timeRecord },
          }
        : { ...this.m, notice: r.error.message };
    }
    const h = this.opts.store.recordGame?.(entryPuzzle(p, timeMs, this.m.assisted, now));
    if (h && !h.ok) this.m = { ...this.m, notice: h.error.message };
  }

  private save(): void {
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
    if (this.active && this.m.autoSolve && !wantsSolution(this.m)) {
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
