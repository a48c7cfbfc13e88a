/** A clock and timers that move only when a test says so. */
import type { Cancel, Clock, Timers } from '../front/ports.ts';

interface Pending {
  at: number;
  seq: number;
  fn: () => void;
  every: number | null;
  live: boolean;
}

export class FakeTime implements Clock, Timers {
  private t: number;
  private seq = 0;
  private readonly queue: Pending[] = [];

  constructor(start = 1_000_000) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  after(ms: number, fn: () => void): Cancel {
    return this.add(ms, fn, null);
  }

  every(ms: number, fn: () => void): Cancel {
    return this.add(ms, fn, ms);
  }

  /** Timers not yet fired or cancelled. */
  get pending(): number {
    return this.queue.filter((p) => p.live).length;
  }

  /** Moves time on by `ms`, firing each timer due on the way, in order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const next = this.queue
        .filter((p) => p.live && p.at <= end)
        .sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!next) break;
      this.t = next.at;
      if (next.every === null) next.live = false;
      else next.at += Math.max(1, next.every);
      next.fn();
    }
    this.t = end;
    for (let i = this.queue.length - 1; i >= 0; i--)
      if (!this.queue[i]!.live) this.queue.splice(i, 1);
  }

  private add(ms: number, fn: () => void, every: number | null): Cancel {
    const p: Pending = { at: this.t + Math.max(0, ms), seq: this.seq++, fn, every, live: true };
    this.queue.push(p);
    return () => {
      p.live = false;
    };
  }
}
