/**
 * The 2048 game loop, once for every front-end: applies commands through the pure `update2048`,
 * saves (the player's moves at once, the AI's at most twice a second, everything on close),
 * keeps the best score, asks the AI for hints and autoplay moves and drops answers for a game
 * that has moved on, and keeps autoplay's pace. Effects come in through {@link ./ports.ts}; the
 * front-end draws each change and animates it as it likes.
 */
import type { Game } from '../engine/game2048.ts';
import type { Placer } from '../engine/spawn.ts';
import { AiLoop } from './aiLoop.ts';
import { entry2048 } from './gameEntries.ts';
import {
  AUTOPLAY_DELAYS,
  type Command2048,
  type Model2048,
  update2048,
  wantsAi,
} from './model2048.ts';
import type { Advisor, Clock, Store2048, Timers } from './ports.ts';
import { AI_SAVE_INTERVAL_MS, SaveThrottle } from './saveThrottle.ts';

/** One step of the game, as the front-end hears of it. */
export interface Change2048 {
  readonly before: Model2048;
  readonly model: Model2048;
  readonly cmd: Command2048;
  /** The board slid by one move (worth animating). */
  readonly moved: boolean;
}

export interface Controller2048Options {
  readonly model: Model2048;
  readonly store: Store2048;
  /** Loads the AI on first use (a hint or autoplay), so start-up stays fast. */
  readonly advisor: () => Promise<Advisor>;
  /** Seeds for new games. */
  readonly seed: () => number;
  /** Hears each change of the model, after it was saved. */
  readonly onChange: (change: Change2048) => void;
  /** Where the controller's own commands (the AI's answers) go; default: applied at once. */
  readonly post?: (cmd: Command2048) => void;
  /** The placer of an evil game's tiles (required when the model is evil). */
  readonly place?: Placer;
  readonly clock?: Clock;
  readonly timers?: Timers;
}

export class Controller2048 extends AiLoop<Model2048, Command2048, Game> {
  private advisorLoad: Promise<Advisor> | null = null;
  private advisor: Advisor | null = null;
  private readonly saver: SaveThrottle;
  private dispatching = false;

  constructor(private readonly opts: Controller2048Options) {
    super(opts);
    this.saver = new SaveThrottle(() => this.save(), AI_SAVE_INTERVAL_MS, this.clock, this.timers);
  }

  /** Applies one command and says what changed. */
  dispatch(cmd: Command2048): Change2048 {
    if (cmd.type === 'ai-answer') this.turn.answered(cmd.game);
    const before = this.m;
    this.dispatching = true;
    try {
      this.m = update2048(before, cmd, this.opts.seed, this.opts.place);
      this.recordFinished(before, cmd);
      if (this.m.game !== before.game) {
        // The player's moves are saved at once; the AI's, at most twice a second.
        if (cmd.type === 'ai-answer') this.saver.soon();
        else this.saver.now();
      } else if (this.m.assisted !== before.assisted || this.m.recorded !== before.recorded) {
        // A hint marks the game helped, and a recorded game is marked so: kept at once, so it
        // stays marked after a restart.
        this.saver.now();
      }
    } finally {
      this.dispatching = false;
    }
    const g = this.m.game;
    const change = {
      before,
      model: this.m,
      cmd,
      moved: g !== before.game && g.previous === before.game,
    };
    this.syncAi();
    this.opts.onChange(change);
    return change;
  }

  /** Takes a game from elsewhere (another tab saved it); nothing is saved. */
  replace(model: Model2048): void {
    const before = this.m;
    this.m = model;
    this.syncAi();
    this.opts.onChange({ before, model, cmd: { type: 'none' }, moved: false });
  }

  /** The game leaves the screen: autoplay and a waiting hint stop, saves are written. */
  override suspend(): void {
    this.active = false;
    this.m = { ...this.m, autoplay: false, hintWanted: false };
    this.syncAi();
    this.saver.flush();
  }

  /** Writes a waiting save now (the page is going away or out of sight); play goes on. */
  saveNow(): void {
    this.saver.flush();
  }

  /** Ends the loop: the AI is stopped and closed, waiting saves are written. */
  close(): Model2048 {
    this.active = false;
    this.turn.cancel();
    this.advisor?.close();
    this.advisorLoad?.then(
      (a) => a.close(),
      () => {},
    );
    this.advisorLoad = null;
    this.saver.flush();
    return this.m;
  }

  /**
   * Adds the game to the history once: when it ends, or when a new game replaces it after at
   * least one move (left unfinished, it counts as won if it reached the target).
   */
  private recordFinished(before: Model2048, cmd: Command2048): void {
    const replaced =
      (cmd.type === 'new' || cmd.type === 'new-confirmed') && this.m.game !== before.game;
    if (replaced) {
      if (!before.recorded && before.game.moves > 0) this.record(before);
      this.m = { ...this.m, recorded: false };
    }
    if (!this.m.recorded && this.m.game.over) {
      this.record(this.m);
      this.m = { ...this.m, recorded: true };
    }
  }

  private record(m: Model2048): void {
    const r = this.opts.store.recordGame?.(entry2048(m, this.clock.now()));
    if (r && !r.ok) this.m = { ...this.m, notice: r.error.message };
  }

  private save(): void {
    const { game, best, assisted, recorded } = this.m;
    const r = this.opts.store.save(game, best, { assisted, recorded });
    if (r.ok) return;
    this.m = { ...this.m, notice: r.error.message };
    // A save that was waiting failed: show it now (play goes on).
    if (!this.dispatching) {
      this.opts.onChange({ before: this.m, model: this.m, cmd: { type: 'none' }, moved: false });
    }
  }

  private loadAdvisor(): Promise<Advisor> {
    this.advisorLoad ??= this.opts.advisor().then((a) => {
      this.advisor = a;
      return a;
    });
    return this.advisorLoad;
  }

  /** Asks the AI when the model wants an answer it is not already waiting for. */
  protected syncAi(): void {
    const want = this.playing && wantsAi(this.m);
    const game = this.m.game;
    this.turn.keep(want ? game : null);
    if (!want || this.turn.busy) return;
    const purpose = this.m.autoplay ? 'autoplay' : 'hint';
    const cells = game.cells.map((r) => [...r]);
    this.turn.ask(
      game,
      (signal) => this.loadAdvisor().then((a) => a.bestMove(cells, purpose, signal)),
      // Autoplay keeps its pace: the pause counts from when the AI was asked.
      () => (purpose === 'autoplay' ? AUTOPLAY_DELAYS[this.m.speed]! : 0),
      (dir) => this.post({ type: 'ai-answer', game, dir }),
      (e) => this.post({ type: 'ai-failed', message: e instanceof Error ? e.message : String(e) }),
    );
  }
}
