/**
 * Inputs arriving during an animation wait their turn: commands run one at a time, in the
 * order they came, each after the previous one's animation. None is dropped. When inputs pile
 * up faster than animations play, the runner is told how many wait (`backlog`), so it can
 * skip animations and catch up.
 */

/** Runs a command and says how long (ms) its animation keeps the board busy (0: not at all). */
export type Runner<C> = (cmd: C, backlog: number) => number;

/** Calls `fn` after `ms`; returns a way to cancel. */
export type Scheduler = (fn: () => void, ms: number) => () => void;

export const timeoutScheduler: Scheduler = (fn, ms) => {
  const t = setTimeout(fn, ms);
  return () => clearTimeout(t);
};

export class CommandQueue<C> {
  private readonly waiting: C[] = [];
  private cancelBusy: (() => void) | null = null;
  /** Set while a command runs, so a push from inside the runner only queues. */
  private running = false;

  constructor(
    private readonly run: Runner<C>,
    private readonly schedule: Scheduler = timeoutScheduler,
  ) {}

  /** Adds a command; it runs now if the board is idle. */
  push(cmd: C): void {
    this.waiting.push(cmd);
    this.pump();
  }

  /** Commands waiting (not counting one whose animation is playing). */
  get length(): number {
    return this.waiting.length;
  }

  get busy(): boolean {
    return this.cancelBusy !== null;
  }

  /** Drops the waiting commands and ends the current wait (e.g. when leaving the game). */
  clear(): void {
    this.waiting.length = 0;
    this.cancelBusy?.();
    this.cancelBusy = null;
  }

  private pump(): void {
    if (this.running) return;
    while (!this.cancelBusy && this.waiting.length > 0) {
      const cmd = this.waiting.shift()!;
      this.running = true;
      let ms: number;
      try {
        ms = this.run(cmd, this.waiting.length);
      } finally {
        this.running = false;
      }
      if (ms > 0) {
        this.cancelBusy = this.schedule(() => {
          this.cancelBusy = null;
          this.pump();
        }, ms);
      }
    }
  }
}
