/**
 * What the 2048, versus and duel controllers share: the model, the clock and timers, where
 * their own commands go, one AI turn at a time, and being on screen or not.
 */
import { AiTurn } from './aiTurn.ts';
import { type Clock, systemClock, systemTimers, type Timers } from './ports.ts';

export interface AiLoopOptions<M, C> {
  readonly model: M;
  /** Where the controller's own commands (the AI's) go; default: applied at once. */
  readonly post?: (cmd: C) => void;
  readonly clock?: Clock;
  readonly timers?: Timers;
}

export abstract class AiLoop<M, C, K> {
  protected m: M;
  protected readonly clock: Clock;
  protected readonly timers: Timers;
  protected readonly post: (cmd: C) => void;
  protected readonly turn: AiTurn<K>;
  /** On screen: the AI may play. */
  protected active = true;
  /** The board can be seen (a window too small to show it pauses the AI until it can). */
  private shown = true;

  constructor(opts: AiLoopOptions<M, C>) {
    this.m = opts.model;
    this.clock = opts.clock ?? systemClock;
    this.timers = opts.timers ?? systemTimers;
    this.post = opts.post ?? ((cmd) => this.dispatch(cmd));
    this.turn = new AiTurn(this.clock, this.timers);
  }

  get model(): M {
    return this.m;
  }

  /** Starts what the model asks of the AI. */
  start(): void {
    this.syncAi();
  }

  /** Leaves the screen (or the program is suspended): the AI waits. */
  suspend(): void {
    this.active = false;
    this.syncAi();
  }

  /** Back on screen. */
  resume(): void {
    this.active = true;
    this.syncAi();
  }

  /**
   * Whether the board can be seen: while it cannot (a terminal window too small for it), the
   * AI waits, and it goes on once the board is back.
   */
  setShown(shown: boolean): void {
    if (shown === this.shown) return;
    this.shown = shown;
    this.syncAi();
  }

  /** On screen and in sight: the AI may play now. */
  protected get playing(): boolean {
    return this.active && this.shown;
  }

  /** Resolves once no AI answer is on its way (plain mode waits for the AI this way). */
  settled(): Promise<void> {
    return this.turn.settled();
  }

  abstract dispatch(cmd: C): unknown;

  /** Asks the AI or drops its question, to match the model. */
  protected abstract syncAi(): void;
}
