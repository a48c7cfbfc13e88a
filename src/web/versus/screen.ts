/**
 * The versus screen of the web app: the shared controller with the browser's store and the AI
 * in a Web Worker, the view, and one queue per board so each board's slide finishes before its
 * next move while the other board plays on. The home screen's choices (opponent, target, attack
 * cap) start the next match; a match under way is resumed as it is.
 */

import { ok } from '../../engine/result.ts';
import type { Seed } from '../../engine/rng.ts';
import { newVersus, type VersusMatch } from '../../engine/versus.ts';
import { type ChangeVersus, ControllerVersus } from '../../front/controllerVersus.ts';
import { keyVersus } from '../../front/keymapMatch.ts';
import {
  type CommandVersus,
  initialModelVersus,
  type ModelVersus,
  type Opponent,
  opponentKey,
} from '../../front/modelVersus.ts';
import { type AppContext, MOVE_MS, QUICK_MS } from '../context.ts';
import { loadVersus, webStoreVersus } from '../storage/persistMatch.ts';
import type { Settings } from '../storage/settings.ts';
import { describeVersus } from '../ui/announceMatch.ts';
import { reducedMotion } from '../ui/dom.ts';
import { attachPointer } from '../ui/input.ts';
import { CommandQueue } from '../ui/queue.ts';
import { shareGame } from '../ui/share.ts';
import { webAdvisor } from '../workers/webAdvisor.ts';
import { ViewVersus } from './view.ts';

/** Versus boards in the browser: 4×4, so two fit side by side on a phone in landscape. */
export const WEB_VERSUS_SIZE = 4;

function opponentOf(s: Settings): Opponent {
  return s.versusOpponent === 'human' ? { kind: 'human' } : { kind: 'ai', level: s.versusOpponent };
}

/** Does the match play by the chosen rules against the chosen opponent? */
function matchesSettings(m: ModelVersus, s: Settings): boolean {
  const r = m.match.rules;
  const o = opponentOf(s);
  return (
    r.target === s.versusTarget &&
    r.attackCap === (s.versusCap || null) &&
    r.size === WEB_VERSUS_SIZE &&
    m.opponent.kind === o.kind &&
    (o.kind === 'human' || (m.opponent.kind === 'ai' && m.opponent.level === o.level))
  );
}

function matchFor(s: Settings, seed: Seed): VersusMatch {
  const r = newVersus({
    seed,
    size: WEB_VERSUS_SIZE,
    target: s.versusTarget,
    attackCap: s.versusCap || null,
  });
  // The settings' values are checked when read: they always make a valid match.
  if (!r.ok) throw new Error(`newVersus: ${r.error.message}`);
  return r.value;
}

export class ScreenVersus {
  private readonly view: ViewVersus;
  private readonly queues: readonly [CommandQueue<CommandVersus>, CommandQueue<CommandVersus>];
  private game: ControllerVersus | null = null;
  private animateMs = 0;

  constructor(private readonly ctx: AppContext) {
    const queue = () =>
      new CommandQueue<CommandVersus>((cmd, backlog) => {
        const ms = reducedMotion() || backlog > 2 ? 0 : backlog > 0 ? QUICK_MS : MOVE_MS;
        return this.run(cmd, ms);
      });
    this.queues = [queue(), queue()];
    this.view = new ViewVersus({
      command: (cmd) => this.command(cmd),
      menu: () => ctx.home(),
      share: () => {
        const m = this.game?.model;
        if (!m) return;
        const title = 'A versus match on slidebox';
        void shareGame((c) => ok(c.sharedVersus(m.match, opponentKey(m))), title).then((s) =>
          this.showNotice(s),
        );
      },
    });
    for (const side of this.view.sides) {
      // Each half of the screen is its own swipe area; the AI's half takes no swipes.
      attachPointer(side.root, {
        swipe: (dir) => {
          const m = this.game?.model;
          if (!m) return;
          if (m.opponent.kind === 'ai' && side.side === 1) return;
          this.command({ type: 'move', side: side.side, dir });
        },
      });
    }
  }

  /** Shows the match under way, or starts one with the home screen's choices. */
  enter(): void {
    const s = this.ctx.settings();
    document.title = 'Versus · slidebox';
    let notice: string | null = null;
    if (!this.game) {
      const loaded = loadVersus(this.ctx.kv);
      notice = loaded.notice;
      const model =
        loaded.value ?? initialModelVersus(matchFor(s, this.ctx.nextSeed()), opponentOf(s));
      this.game = this.controller(model);
    }
    const m = this.game.model;
    this.ctx.mount(this.view.root);
    this.view.render(m, 0);
    const underWay = m.match.log.length > 0 && !m.match.over;
    if (!matchesSettings(m, s)) {
      if (underWay) {
        notice = [
          notice,
          'Continuing the match under way; your new choices apply to the next match.',
        ]
          .filter(Boolean)
          .join(' ');
      } else this.startFromSettings();
    }
    this.game.resume();
    const said = this.ctx.takeNotices(notice);
    if (said) this.showNotice(said);
  }

  /** Writes a waiting save now: the page is going away or out of sight. */
  saveNow(): void {
    this.game?.saveNow();
  }

  leave(): void {
    for (const q of this.queues) q.clear();
    this.game?.suspend();
  }

  /** A key pressed on this screen; true when the game took it. */
  key(e: KeyboardEvent): boolean {
    if (!this.game) return false;
    const cmd = keyVersus(e, this.game.model);
    if (!cmd) return false;
    this.command(cmd);
    return true;
  }

  private showNotice(text: string): void {
    this.view.setNotice(text);
    this.ctx.live(text);
  }

  /** Starts a match with the home screen's choices (keeping the seed of a fresh match). */
  private startFromSettings(): void {
    const g = this.game!;
    const s = this.ctx.settings();
    const seed = g.model.match.log.length === 0 ? g.model.match.rules.seed : this.ctx.nextSeed();
    g.dispatch({ type: 'setup', match: matchFor(s, seed), opponent: opponentOf(s) });
  }

  private command(cmd: CommandVersus): void {
    if (cmd.type !== 'ai-answer' && cmd.type !== 'ai-failed') this.view.clearNotice();
    if (cmd.type === 'quit') this.ctx.home();
    else if (cmd.type === 'move') this.queues[cmd.side].push(cmd);
    else if (cmd.type === 'ai-answer') this.queues[1].push(cmd);
    else {
      for (const q of this.queues) q.clear();
      this.run(cmd, 0);
    }
  }

  /** Applies a command; how long its board animates. */
  private run(cmd: CommandVersus, ms: number): number {
    const g = this.game;
    if (!g) return 0;
    this.animateMs = ms;
    const change = g.dispatch(cmd);
    this.animateMs = 0;
    // A new match (new, rematch) takes the home screen's latest choices.
    const fresh = change.model.match !== change.before.match && change.model.match.log.length === 0;
    if (fresh && cmd.type !== 'setup' && !matchesSettings(change.model, this.ctx.settings())) {
      this.startFromSettings();
    }
    return change.moved.some(Boolean) ? ms : 0;
  }

  private controller(model: ModelVersus): ControllerVersus {
    return new ControllerVersus({
      model,
      store: webStoreVersus(this.ctx.kv, this.ctx.records),
      advisor: webAdvisor,
      seed: () => this.ctx.nextSeed(),
      post: (cmd) => this.command(cmd),
      onChange: (c) => this.show(c),
    });
  }

  private show(c: ChangeVersus): void {
    const m = c.model;
    this.view.render(m, this.animateMs, c.moved, c.attacked);
    const notice = m.notice !== c.before.notice ? (m.notice ?? '') : '';
    const said = describeVersus(c.before, m);
    // The AI's moves are read out only when they send or receive an attack, or end the match.
    const quiet =
      c.cmd.type === 'ai-answer' &&
      !m.match.over &&
      !c.attacked[1] &&
      m.match.log.at(-1)?.sent == null;
    this.ctx.live([quiet ? '' : said, notice].filter(Boolean).join(' '));
  }
}
