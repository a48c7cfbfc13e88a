/**
 * The duel loop, once for every front-end: applies commands through the pure `updateDuel`,
 * and plays the AI's turns — its slides through the advisor, its placements through the
 * placer AI — at a pace a person can follow, dropping answers for a duel that moved on.
 */
import type { Duel } from '../engine/duel.ts';
import { whoIs } from '../engine/duel.ts';
import { AiLoop } from './aiLoop.ts';
import { formatNumber } from './format.ts';
import { entryDuel } from './gameEntries.ts';
import { aiToAct, type CommandDuel, type ModelDuel, updateDuel } from './modelDuel.ts';
import type { Advisor, Clock, PlacerAi, StoreDuel, Timers } from './ports.ts';

/** Pause before each of the AI's actions in a duel, so a person can follow them. */
export const DUEL_AI_PACE_MS = 400;

export interface ChangeDuel {
  readonly before: ModelDuel;
  readonly model: ModelDuel;
  readonly cmd: CommandDuel;
  /** The board slid (worth animating). */
  readonly moved: boolean;
}

export interface ControllerDuelOptions {
  readonly model: ModelDuel;
  /** The AI as slider (loaded on first use). */
  readonly advisor: () => Promise<Advisor>;
  /** The AI as placer (loaded on first use). */
  readonly placer: () => Promise<PlacerAi>;
  readonly seed: () => number;
  /** Keeps the best round a person slid (none: not kept). */
  readonly store?: StoreDuel;
  readonly onChange: (change: ChangeDuel) => void;
  readonly post?: (cmd: CommandDuel) => void;
  /** The AI acts at once, without its pause (plain mode). */
  readonly immediate?: boolean;
  readonly clock?: Clock;
  readonly timers?: Timers;
}

export class ControllerDuel extends AiLoop<ModelDuel, CommandDuel, Duel> {
  private advisorLoad: Promise<Advisor> | null = null;
  private placerLoad: Promise<PlacerAi> | null = null;
  private failedIn: Duel | null = null;

  constructor(private readonly opts: ControllerDuelOptions) {
    super(opts);
  }

  dispatch(cmd: CommandDuel): ChangeDuel {
    if (cmd.type === 'ai-action') this.turn.answered(cmd.duel);
    const before = this.m;
    this.m = updateDuel(before, cmd, this.opts.seed);
    this.recordRound(before);
    this.recordIfOver(before, cmd);
    if (this.m.duel !== before.duel) {
      const r = this.opts.store?.saveDuel?.(this.m);
      if (r && !r.ok) this.m = { ...this.m, notice: r.error.message };
    }
    const g = this.m.duel.game;
    const b = before.duel.game;
    const change = { before, model: this.m, cmd, moved: g !== b && g.previous === b };
    this.syncAi();
    this.opts.onChange(change);
    return change;
  }

  /** A round a person slid just ended: keep it if it is their best. */
  private recordRound(before: ModelDuel): void {
    const rounds = this.m.duel.rounds;
    if (!this.opts.store || rounds.length <= before.duel.rounds.length) return;
    if (this.m.duel.seed !== before.duel.seed) return;
    const round = rounds.at(-1)!;
    if (this.m.players[round.slider] !== 'human') return;
    const r = this.opts.store.recordRound(round.score);
    if (!r.ok) this.m = { ...this.m, notice: r.error.message };
    else if (r.value.newBest) {
      this.m = { ...this.m, notice: `A new best duel round: ${formatNumber(round.score)} points.` };
    }
  }

  /** The duel just ended by a player's action: it goes into the history, once. */
  private recordIfOver(before: ModelDuel, cmd: CommandDuel): void {
    const acted = cmd.type === 'slide' || cmd.type === 'place' || cmd.type === 'ai-action';
    if (!acted || before.duel.winner !== null || this.m.duel.winner === null) return;
    const r = this.opts.store?.recordGame?.(entryDuel(this.m, this.clock.now()));
    if (r && !r.ok) this.m = { ...this.m, notice: r.error.message };
  }

  close(): ModelDuel {
    this.active = false;
    this.turn.cancel();
    for (const load of [this.advisorLoad, this.placerLoad]) {
      load?.then(
        (a) => a.close(),
        () => {},
      );
    }
    this.advisorLoad = null;
    this.placerLoad = null;
    return this.m;
  }

  /** The AI's action for the duel on screen, as a command. */
  private async aiAction(duel: Duel, signal: AbortSignal): Promise<CommandDuel> {
    const cells = duel.game.cells.map((r) => [...r]);
    if (whoIs(duel).phase === 'slide') {
      this.advisorLoad ??= this.opts.advisor();
      const dir = await (await this.advisorLoad).bestMove(cells, 'hint', signal);
      if (dir === null) throw new Error('the AI found no move');
      return { type: 'ai-action', duel, action: { kind: 'slide', dir } };
    }
    this.placerLoad ??= this.opts.placer();
    const p = await (await this.placerLoad).choose(cells, signal);
    if (p === null) throw new Error('the board is full');
    return { type: 'ai-action', duel, action: { kind: 'place', at: p.at, value: p.value } };
  }

  /** Starts the AI's turn when it is the AI's to play and it is not already thinking. */
  protected syncAi(): void {
    const duel = this.m.duel;
    const want =
      this.playing && this.m.overlay === null && aiToAct(this.m) !== null && this.failedIn !== duel;
    this.turn.keep(want ? duel : null);
    if (!want || this.turn.busy) return;
    this.turn.ask(
      duel,
      (signal) => this.aiAction(duel, signal),
      () => (this.opts.immediate ? 0 : DUEL_AI_PACE_MS),
      (cmd) => this.post(cmd),
      (e) => {
        this.failedIn = duel;
        this.post({ type: 'ai-failed', message: e instanceof Error ? e.message : String(e) });
      },
    );
  }
}
