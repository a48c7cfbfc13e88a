/**
 * Plays a short sequence of animation frames on timers, and can finish at once: a key pressed
 * mid-animation stops it, so input is never delayed, dropped or reordered by an animation.
 */
export interface Step<F> {
  readonly frame: F;
  readonly ms: number;
}

export class Animator<F> {
  private timer: NodeJS.Timeout | null = null;
  /** The frame on screen now, or null when no animation runs. */
  frame: F | null = null;

  constructor(private readonly draw: () => void) {}

  get running(): boolean {
    return this.frame !== null;
  }

  /** Shows each step's frame for its time, then null (the final state) and draws again. */
  play(steps: readonly Step<F>[]): void {
    this.stop();
    const next = (i: number) => {
      const step = steps[i];
      this.frame = step ? step.frame : null;
      this.timer = step ? setTimeout(() => next(i + 1), step.ms) : null;
      this.draw();
    };
    next(0);
  }

  /** Ends the animation where it is (the caller draws the final state). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.frame = null;
  }
}
