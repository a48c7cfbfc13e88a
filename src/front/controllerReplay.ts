/**
 * The replay loop, once for every front-end: applies commands through the pure update and
 * moves on by itself at the chosen pace while playing. A replay with move times keeps to the
 * solve's own timing at the pace (×0.25 to ×4), each move due at a time worked out from where
 * playing started, so late timers do not add up. Effects (clock, timers) come in through
 * {@link ./ports.ts}; the game's analysis, when the front-end offers it, through a
 * {@link ReplayAnalyser}: started when the model asks for it, stopped when it no longer does
 * (the key again, quitting), its late answers dropped.
 */
import type { AnalysisJob, ReplayAnalyser } from './modelAnalysis.ts';
import {
  type CommandReplay,
  type ModelReplay,
  REPLAY_SPEEDS,
  TIMED_PACES,
  timelineAt,
  updateReplay,
} from './modelReplay.ts';
import { type Cancel, type Clock, systemClock, systemTimers, type Timers } from './ports.ts';

export interface ChangeReplay {
  readonly before: ModelReplay;
  readonly model: ModelReplay;
  readonly cmd: CommandReplay;
}

export interface ControllerReplayOptions {
  readonly model: ModelReplay;
  readonly onChange: (change: ChangeReplay) => void;
  readonly timers?: Timers;
  /** The wall clock a replay with move times keeps to (default: the system's). */
  readonly clock?: Clock;
  /** Runs the game's analysis (needed when the model offers one). */
  readonly analyser?: ReplayAnalyser;
}

/** Where a replay with move times is kept to: a wall time, the solve's time then, the pace. */
interface Anchor {
  readonly wall: number;
  /** ms of the replay's timeline ({@link timelineAt}). */
  readonly line: number;
  readonly pace: number;
}

export class ControllerReplay {
  private m: ModelReplay;
  private readonly timers: Timers;
  private cancelTick: Cancel | null = null;
  /** The pace the running timer was set for (null: none running). */
  private tickingAt: number | null = null;
  private readonly clock: Clock;
  private anchor: Anchor | null = null;
  /** The analysis running, if any (its job once started). */
  private run: { job: AnalysisJob | null } | null = null;

  constructor(private readonly opts: ControllerReplayOptions) {
    this.m = opts.model;
    this.timers = opts.timers ?? systemTimers;
    this.clock = opts.clock ?? systemClock;
  }

  get model(): ModelReplay {
    return this.m;
  }

  start(): void {
    this.sync();
    this.syncAnalysis();
  }

  dispatch(cmd: CommandReplay): ChangeReplay {
    const before = this.m;
    this.m = updateReplay(before, cmd);
    this.sync();
    this.syncAnalysis();
    const change = { before, model: this.m, cmd };
    this.opts.onChange(change);
    return change;
  }

  /**
   * Runs the analysis while the model says it runs, and stops it when it no longer does. An
   * answer from a job that was stopped meanwhile is dropped.
   */
  private syncAnalysis(): void {
    const want = this.m.analysis?.status === 'running' && !this.m.quit;
    if (!want) {
      const run = this.run;
      this.run = null;
      run?.job?.cancel();
      return;
    }
    if (this.run) return;
    const analyser = this.opts.analyser;
    if (!analyser) {
      this.dispatch({ type: 'analysis-failed', message: 'this viewer cannot analyse games' });
      return;
    }
    // The run is known before the job starts: an analyser may report progress at once.
    const run: { job: AnalysisJob | null } = { job: null };
    this.run = run;
    const job = analyser.analyse(this.m.replay, (progress) => {
      if (this.run === run) this.dispatch({ type: 'analysis-progress', progress });
    });
    run.job = job;
    job.promise.then(
      (result) => {
        if (this.run !== run) return;
        this.run = null;
        this.dispatch({ type: 'analysis-done', result });
      },
      (e: unknown) => {
        if (this.run !== run) return;
        this.run = null;
        this.dispatch({
          type: 'analysis-failed',
          message: e instanceof Error ? e.message : String(e),
        });
      },
    );
  }

  /** Runs the pace's timer while playing, at the current pace. */
  private sync(): void {
    if (this.m.clock) {
      this.syncTimed(this.m.clock);
      return;
    }
    const want = this.m.playing && !this.m.quit ? REPLAY_SPEEDS[this.m.speed]! : null;
    if (want === this.tickingAt) return;
    this.cancelTick?.();
    this.cancelTick = null;
    this.tickingAt = want;
    if (want !== null) {
      this.cancelTick = this.timers.every(Math.round(1000 / want), () =>
        this.dispatch({ type: 'tick' }),
      );
    }
  }

  /**
   * While playing a replay with move times: the next move's timer, due when the solve made it
   * (at the pace) counted from the anchor; a pace change re-anchors where the wait had got to.
   */
  private syncTimed(clock: readonly number[]): void {
    this.cancelTick?.();
    this.cancelTick = null;
    if (!this.m.playing || this.m.quit) {
      this.anchor = null;
      return;
    }
    const pace = TIMED_PACES[this.m.speed]!;
    const now = this.clock.now();
    const a = this.anchor;
    if (!a) this.anchor = { wall: now, line: timelineAt(clock, this.m.index), pace };
    else if (a.pace !== pace)
      this.anchor = { wall: now, line: a.line + (now - a.wall) * a.pace, pace };
    const { wall, line } = this.anchor!;
    const due = wall + (timelineAt(clock, this.m.index + 1) - line) / pace;
    this.cancelTick = this.timers.after(Math.max(0, due - now), () => {
      this.cancelTick = null;
      this.dispatch({ type: 'tick' });
    });
  }

  suspend(): void {
    this.cancelTick?.();
    this.cancelTick = null;
    this.tickingAt = null;
    this.anchor = null;
  }

  resume(): void {
    this.sync();
  }

  close(): ModelReplay {
    this.suspend();
    this.m = { ...this.m, quit: true, playing: false };
    this.syncAnalysis();
    return this.m;
  }
}
