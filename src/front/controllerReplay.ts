/**
 * The replay loop, once for every front-end: applies commands through the pure update and
 * moves on by itself at the chosen pace while playing. Effects (timers) come in through
 * {@link ./ports.ts}.
 */
import {
  type CommandReplay,
  type ModelReplay,
  REPLAY_SPEEDS,
  updateReplay,
} from './modelReplay.ts';
import { type Cancel, systemTimers, type Timers } from './ports.ts';

export interface ChangeReplay {
  readonly before: ModelReplay;
  readonly model: ModelReplay;
  readonly cmd: CommandReplay;
}

export interface ControllerReplayOptions {
  readonly model: ModelReplay;
  readonly onChange: (change: ChangeReplay) => void;
  readonly timers?: Timers;
}

export class ControllerReplay {
  private m: ModelReplay;
  private readonly timers: Timers;
  private cancelTick: Cancel | null = null;
  /** The pace the running timer was set for (null: none running). */
  private tickingAt: number | null = null;

  constructor(private readonly opts: ControllerReplayOptions) {
    this.m = opts.model;
    this.timers = opts.timers ?? systemTimers;
  }

  get model(): ModelReplay {
    return this.m;
  }

  start(): void {
    this.sync();
  }

  dispatch(cmd: CommandReplay): ChangeReplay {
    const before = this.m;
    this.m = updateReplay(before, cmd);
    this.sync();
    const change = { before, model: this.m, cmd };
    this.opts.onChange(change);
    return change;
  }

  /** Runs the pace's timer while playing, at the current pace. */
  private sync(): void {
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

  suspend(): void {
    this.cancelTick?.();
    this.cancelTick = null;
    this.tickingAt = null;
  }

  resume(): void {
    this.sync();
  }

  close(): ModelReplay {
    this.suspend();
    this.m = { ...this.m, quit: true, playing: false };
    return this.m;
  }
}
