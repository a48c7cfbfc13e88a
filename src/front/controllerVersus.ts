/**
 * The versus loop, once for every front-end: applies commands through the pure `updateVersus`,
 * plays side 2 with the AI at its level (asked off the main thread through the advisor, paced,
 * answers for a board that has moved on dropped), and counts each finished match in the
 * records. Effects come in through {@link ./ports.ts}.
 */
import type { Game } from '../engine/game2048.ts';
import { AiLoop } from './aiLoop.ts';
import { entryVersus } from './gameEntries.ts';
import {
  AI_SIDE,
  type CommandVersus,
  type ModelVersus,
  opponentKey,
  sideNames,
  updateVersus,
  wantsAiMove,
} from './modelVersus.ts';
import type { Advisor, Clock, StoreVersus, Timers } from './ports.ts';
import type { VersusRecord } from './records.ts';
import { AI_SAVE_INTERVAL_MS, SaveThrottle } from './saveThrottle.ts';
import { LEVELS, levelMove } from './versusAi.ts';

/** One step of a match, as the front-end hears of it. */
export interface ChangeVersus {
  readonly before: ModelVersus;
  readonly model: ModelVersus;
  readonly cmd: CommandVersus;
  /** Which boards slid (worth animating). */
  readonly moved: readonly [boolean, boolean];
  /** Which boards an attack landed on (worth a flash). */
  readonly attacked: readonly [boolean, boolean];
}

export interface ControllerVersusOptions {
  readonly model: ModelVersus;
  /** Loads the AI on first use. */
  readonly advisor: () => Promise<Advisor>;
  readonly store: StoreVersus;
  readonly seed: () => number;
  readonly onChange: (change: ChangeVersus) => void;
  /** Where the controller's own commands (the AI's moves) go; default: applied at once. */
  readonly post?: (cmd: CommandVersus) => void;
  /**
   * The AI moves once after each move of player 1, at once, instead of at its level's pace
   * (plain mode: deterministic with a seed).
   */
  readonly lockstep?: boolean;
  readonly clock?: Clock;
  readonly timers?: Timers;
}

/** Player 1's record against this kind of opponent, in words. */
export function recordLine(m: ModelVersus, r: VersusRecord): string {
  const [me, them] = sideNames(m.opponent);
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const tally = `${plural(r.wins, 'win', 'wins')}, ${plural(r.losses, 'loss', 'losses')}, ${plural(r.draws, 'draw', 'draws')}`;
  return me === 'You'
    ? `Your record against ${them}: ${tally}.`
    : `${me} against ${them}: ${tally}.`;
}

export class ControllerVersus extends AiLoop<ModelVersus, CommandVersus, Game> {
  private readonly saver: SaveThrottle;
  private advisorLoad: Promise<Advisor> | null = null;
  /** The match in which the AI failed: it is not asked again until a new match. */
  private failedIn: ModelVersus['match']['rules'] | null = null;

  constructor(private readonly opts: ControllerVersusOptions) {
    super(opts);
    this.saver = new SaveThrottle(() => this.save(), AI_SAVE_INTERVAL_MS, this.clock, this.timers);
  }

  private save(): void {
    const r = this.opts.store.saveMatch?.(this.m);
    if (r && !r.ok) this.m = { ...this.m, notice: r.error.message };
  }

  /** Applies one command and says what changed. */
  dispatch(cmd: CommandVersus): ChangeVersus {
    if (cmd.type === 'ai-answer') this.turn.answered(cmd.game);
    const before = this.m;
    this.m = updateVersus(before, cmd, this.opts.seed);
    this.recordIfOver(before);
    if (this.m.match !== before.match) {
      // The player's moves are kept at once; the AI's, at most twice a second.
      if (cmd.type === 'ai-answer') this.saver.soon();
      else this.saver.now();
    }
    const g = this.m.match.games;
    const b = before.match.games;
    const last = this.m.match.log.at(-1);
    const newMove = this.m.match.log.length > before.match.log.length && last !== undefined;
    const change: ChangeVersus = {
      before,
      model: this.m,
      cmd,
      moved: [g[0] !== b[0] && g[0].previous === b[0], g[1] !== b[1] && g[1].previous === b[1]],
      attacked: [
        newMove && last.side === 0 && last.received !== null,
        newMove && last.side === 1 && last.received !== null,
      ],
    };
    this.syncAi();
    this.opts.onChange(change);
    return change;
  }

  /** Writes a waiting save now (the page is going away or out of sight); play goes on. */
  saveNow(): void {
    this.saver.flush();
  }

  /** Ends the loop: the AI is stopped and closed. */
  close(): ModelVersus {
    this.active = false;
    this.turn.cancel();
    this.saver.flush();
    this.advisorLoad?.then(
      (a) => a.close(),
      () => {},
    );
    this.advisorLoad = null;
    return this.m;
  }

  /** In lock-step: the AI has made fewer moves than player 1. */
  private aiOwesTurn(): boolean {
    const [a, b] = this.m.match.games;
    return b.moves < a.moves;
  }

  private recordIfOver(before: ModelVersus): void {
    const w = this.m.match.winner;
    if (w === null || before.match === this.m.match || before.match.winner !== null) return;
    const result = w === 'draw' ? 'draw' : w === 0 ? 'win' : 'loss';
    const r = this.opts.store.recordResult(opponentKey(this.m), result);
    this.m = { ...this.m, notice: r.ok ? recordLine(this.m, r.value) : r.error.message };
    const h = this.opts.store.recordGame?.(entryVersus(this.m, this.clock.now()));
    if (h && !h.ok) this.m = { ...this.m, notice: h.error.message };
  }

  /** Asks the AI for side 2's move when it owes one and is not already thinking. */
  protected syncAi(): void {
    const want =
      this.playing &&
      wantsAiMove(this.m) &&
      this.failedIn !== this.m.match.rules &&
      (!this.opts.lockstep || this.aiOwesTurn());
    const game = this.m.match.games[AI_SIDE];
    this.turn.keep(want ? game : null);
    if (!want || this.turn.busy || this.m.opponent.kind !== 'ai') return;
    const level = this.m.opponent.level;
    const cells = game.cells.map((r) => [...r]);
    const rules = this.m.match.rules;
    const seed = rules.seed;
    this.advisorLoad ??= this.opts.advisor();
    const advisor = this.advisorLoad;
    this.turn.ask(
      game,
      (signal) => advisor.then((a) => a.bestMove(cells, 'autoplay', signal)),
      // The level's pace counts from when the AI was asked.
      () => (this.opts.lockstep ? 0 : LEVELS[level].paceMs),
      (best) => {
        const dir = levelMove(level, cells, best, seed, game.moves);
        this.post({ type: 'ai-answer', game, dir });
      },
      (e) => {
        this.failedIn = rules;
        this.post({ type: 'ai-failed', message: e instanceof Error ? e.message : String(e) });
      },
    );
  }
}
