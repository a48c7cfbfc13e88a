/**
 * One question to an AI at a time, about one position: its answer is delivered after a pause
 * counted from when it was asked, unless the position moved on meanwhile (then the question is
 * cancelled and its answer dropped). The controllers of 2048, versus and duel ask through it.
 */
import type { Cancel, Clock, Timers } from './ports.ts';

interface Job<K> {
  readonly key: K;
  readonly ctrl: AbortController;
  cancelWait: Cancel | null;
}

export class AiTurn<K> {
  private job: Job<K> | null = null;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly clock: Clock,
    private readonly timers: Timers,
  ) {}

  /** A question is on its way (or its answer waits to be applied). */
  get busy(): boolean {
    return this.job !== null;
  }

  /**
   * Keeps the question only if it is about `key` (null: keeps none). Call it whenever the
   * position may have changed.
   */
  keep(key: K | null): void {
    if (this.job && (key === null || this.job.key !== key)) this.cancel();
    if (!this.job) this.wake();
  }

  /**
   * Asks about `key`: `question` gets a signal that aborts when the question is dropped; its
   * answer goes to `deliver` once `pauseMs()` has passed since now, and a failure to `fail`.
   */
  ask<A>(
    key: K,
    question: (signal: AbortSignal) => Promise<A>,
    pauseMs: () => number,
    deliver: (answer: A) => void,
    fail: (e: unknown) => void,
  ): void {
    const job: Job<K> = { key, ctrl: new AbortController(), cancelWait: null };
    this.job = job;
    const started = this.clock.now();
    question(job.ctrl.signal).then(
      (answer) => {
        if (job.ctrl.signal.aborted) return;
        const send = () => {
          if (!job.ctrl.signal.aborted) deliver(answer);
        };
        const wait = pauseMs() - (this.clock.now() - started);
        if (wait > 0) job.cancelWait = this.timers.after(wait, send);
        else send();
      },
      (e: unknown) => {
        if (job.ctrl.signal.aborted) return;
        this.job = null;
        fail(e);
        this.wake();
      },
    );
  }

  /** The answer about `key` has been applied: the turn is free again. */
  answered(key: K): void {
    if (this.job?.key === key) this.job = null;
  }

  /** Drops the question under way, if any. */
  cancel(): void {
    if (!this.job) return;
    this.job.ctrl.abort();
    this.job.cancelWait?.();
    this.job = null;
    this.wake();
  }

  /**
   * Resolves once no question is on its way. A wake-up is checked again when it runs: the
   * answer that freed the turn may have led straight to the next question (the AI's next turn).
   */
  async settled(): Promise<void> {
    while (this.job) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  private wake(): void {
    if (this.job) return;
    for (const w of this.waiters.splice(0)) w();
  }
}
