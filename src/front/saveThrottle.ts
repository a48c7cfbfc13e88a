/**
 * Coalesces saves: a player's move is saved at once, but a stream of moves (the AI playing at
 * full speed) is saved at most once per interval, with a trailing save so the last position is
 * never left unsaved, and `flush` before the program ends.
 */
import type { Cancel, Clock, Timers } from './ports.ts';

/** Saves of the AI's moves: at most twice a second. */
export const AI_SAVE_INTERVAL_MS = 500;

export class SaveThrottle {
  private last = Number.NEGATIVE_INFINITY;
  private cancelTimer: Cancel | null = null;

  constructor(
    private readonly save: () => void,
    private readonly intervalMs: number,
    private readonly clock: Clock,
    private readonly timers: Timers,
  ) {}

  /** Saves now. */
  now(): void {
    this.cancel();
    this.last = this.clock.now();
    this.save();
  }

  /** Saves now if the last save is older than the interval, else once the interval is up. */
  soon(): void {
    const wait = this.last + this.intervalMs - this.clock.now();
    if (wait <= 0) {
      this.now();
      return;
    }
    this.cancelTimer ??= this.timers.after(wait, () => {
      this.cancelTimer = null;
      this.now();
    });
  }

  /** Saves now if a save is waiting. */
  flush(): void {
    if (this.cancelTimer) this.now();
  }

  private cancel(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }
}
