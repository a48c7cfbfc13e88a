/**
 * The duel screen of the web app: the shared controller with the browser's store, the AI as
 * slider in a Web Worker and as placer on the page, the view, and the queue that lets each
 * slide finish before the next action. The home screen's choices (who slides first, who
 * places first) start the next duel; a duel under way is resumed as it is.
 */
import { type Duel, newDuel } from '../../engine/duel.ts';
import { ok } from '../../engine/result.ts';
import type { Seed } from '../../engine/rng.ts';
import { type ChangeDuel, ControllerDuel } from '../../front/controllerDuel.ts';
import { keyDuel } from '../../front/keymapMatch.ts';
import {
  type CommandDuel,
  initialModelDuel,
  type ModelDuel,
  type PlayerKind,
} from '../../front/modelDuel.ts';
import { type AppContext, MOVE_MS, QUICK_MS } from '../context.ts';
import { loadDuel, webStoreDuel } from '../storage/persistMatch.ts';
import type { Settings } from '../storage/settings.ts';
import { describeDuel } from '../ui/announceMatch.ts';
import { reducedMotion } from '../ui/dom.ts';
import { attachPointer } from '../ui/input.ts';
import { CommandQueue } from '../ui/queue.ts';
import { shareGame } from '../ui/share.ts';
import { webAdvisor, webPlacerAi } from '../workers/webAdvisor.ts';
import { ViewDuel } from './view.ts';

/** Duel boards in the browser: 4×4, the size the placer AI is built for. */
export const WEB_DUEL_SIZE = 4;

/** Who plays each player of `duel`: the first slider and the first placer as chosen. */
function playersFor(duel: Duel, s: Settings): [PlayerKind, PlayerKind] {
  return duel.first === 0 ? [s.duelSlider, s.duelPlacer] : [s.duelPlacer, s.duelSlider];
}

function matchesSettings(m: ModelDuel, s: Settings): boolean {
  const want = playersFor(m.duel, s);
  return m.duel.size === WEB_DUEL_SIZE && m.players[0] === want[0] && m.players[1] === want[1];
}

function duelFor(seed: Seed): Duel {
  const r = newDuel({ seed, size: WEB_DUEL_SIZE });
  // A checked seed and a fixed size always make a valid duel.
  if (!r.ok) throw new Error(`newDuel: ${r.error.message}`);
  return r.value;
}

export class ScreenDuel {
  private readonly view: ViewDuel;
  private readonly queue: CommandQueue<CommandDuel>;
  private game: ControllerDuel | null = null;
  private animateMs = 0;

  constructor(private readonly ctx: AppContext) {
    this.queue = new CommandQueue<CommandDuel>((cmd, backlog) => {
      const ms = reducedMotion() || backlog > 2 ? 0 : backlog > 0 ? QUICK_MS : MOVE_MS;
      return this.run(cmd, ms);
    });
    this.view = new ViewDuel({
      command: (cmd) => this.command(cmd),
      menu: () => ctx.home(),
      share: () => {
        const m = this.game?.model;
        if (!m) return;
        const players = m.players.join(',');
        void shareGame((c) => ok(c.sharedDuel(m.duel, players)), 'A duel on slidebox').then((s) => {
          this.view.setNotice(s);
          this.ctx.live(s);
        });
      },
    });
    attachPointer(this.view.board, {
      swipe: (dir) => {
        const m = this.game?.model;
        if (m && m.duel.phase === 'slide') this.command({ type: 'slide', dir });
      },
      tap: (_target, x, y) => this.view.tapAt(x, y),
    });
  }

  /** Shows the duel under way, or starts one with the home screen's choices. */
  enter(): void {
    const s = this.ctx.settings();
    document.title = 'Duel · slidebox';
    let notice: string | null = null;
    if (!this.game) {
      const loaded = loadDuel(this.ctx.kv);
      notice = loaded.notice;
      let model = loaded.value;
      if (!model) {
        const duel = duelFor(this.ctx.nextSeed());
        model = initialModelDuel(duel, playersFor(duel, s));
      }
      this.game = this.controller(model);
    }
    const m = this.game.model;
    this.ctx.mount(this.view.root);
    this.view.render(m, 0);
    if (!matchesSettings(m, s)) {
      if (m.duel.log.length > 0 && m.duel.phase !== 'over') {
        const more = 'Continuing the duel under way; your new choices apply to the next duel.';
        notice = notice ? `${notice} ${more}` : more;
      } else this.startFromSettings();
    }
    this.game.resume();
    const said = this.ctx.takeNotices(notice);
    if (said) {
      this.view.setNotice(said);
      this.ctx.live(said);
    }
  }

  leave(): void {
    this.queue.clear();
    this.game?.suspend();
  }

  /** A key pressed on this screen; true when the game took it. */
  key(e: KeyboardEvent): boolean {
    if (!this.game) return false;
    const cmd = keyDuel(e, this.game.model);
    if (!cmd) return false;
    this.command(cmd);
    return true;
  }

  /** Starts a duel with the home screen's choices (keeping the seed of a fresh duel). */
  private startFromSettings(): void {
    const g = this.game!;
    const s = this.ctx.settings();
    const seed = g.model.duel.log.length === 0 ? g.model.duel.seed : this.ctx.nextSeed();
    const duel = duelFor(seed);
    g.dispatch({ type: 'setup', duel, players: playersFor(duel, s) });
  }

  private command(cmd: CommandDuel): void {
    if (cmd.type !== 'ai-action' && cmd.type !== 'ai-failed') this.view.clearNotice();
    if (cmd.type === 'quit') this.ctx.home();
    else this.queue.push(cmd);
  }

  /** Applies a command; how long its board animates. */
  private run(cmd: CommandDuel, ms: number): number {
    const g = this.game;
    if (!g) return 0;
    this.animateMs = ms;
    const change = g.dispatch(cmd);
    this.animateMs = 0;
    // A new duel (new, rematch) takes the home screen's latest choices.
    const fresh = change.model.duel !== change.before.duel && change.model.duel.log.length === 0;
    if (fresh && cmd.type !== 'setup' && !matchesSettings(change.model, this.ctx.settings())) {
      this.startFromSettings();
    }
    return change.moved ? ms : 0;
  }

  private controller(model: ModelDuel): ControllerDuel {
    return new ControllerDuel({
      model,
      store: webStoreDuel(this.ctx.kv, this.ctx.records),
      advisor: webAdvisor,
      placer: webPlacerAi,
      seed: () => this.ctx.nextSeed(),
      post: (cmd) => this.command(cmd),
      onChange: (c) => this.show(c),
    });
  }

  private show(c: ChangeDuel): void {
    const m = c.model;
    this.view.render(m, c.moved ? this.animateMs : 0);
    const notice = m.notice !== c.before.notice ? (m.notice ?? '') : '';
    this.ctx.live([describeDuel(c.before, m), notice].filter(Boolean).join(' '));
  }
}
