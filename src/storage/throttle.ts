/**
 * Coalesces saves: a player's move is saved at once, but a stream of moves (the AI playing at
 * full speed) is saved at most once per interval, with a trailing save so the last position is
 * never left unsaved, and `flush` before the program ends.
 */
export class SaveThrottle {
  private last = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly save: () => void,
    private readonly intervalMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Saves now. */
  now(): void {
    this.cancel();
    this.last = this.clock();
    this.save();
  }

  /** Saves now if the last save is older than the interval, else once the interval is up. */
  soon(): void {
    const wait = this.last + this.intervalMs - this.clock();
    if (wait <= 0) {
      this.now();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.now();
    }, wait);
  }

  /** Saves now if a save is waiting. */
  flush(): void {
    if (this.timer) this.now();
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
