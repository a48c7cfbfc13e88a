/**
 * The ranked 2048 screen (`#ranked-2048`, `#ranked-daily-2048`): the offline game's view with
 * none of its helpers (no undo, hint, autoplay or new game), over the ranked client of the game
 * the server deals. A slide is drawn at once and its new tile when the server's answer brings
 * it (once the slide has played), the score and moves as the server confirmed them
 * (front/online/modelRanked.ts's picture: a slide drawn ahead adds its points with the server's
 * answer); keys pressed meanwhile wait their turn in the client. While
 * the connection is down keys do nothing and the notice says so; the client reconnects with the
 * game's token and goes on. At the end: the score, the rank and board, as the server ranked
 * them. The game's id and token are kept in this browser (slots.ts), so a reload takes it back.
 */
import type { Game } from '../../engine/game2048.ts';
import type { Direction } from '../../engine/types.ts';
import { type Command2048, initialModel2048, type Model2048 } from '../../front/model2048.ts';
import { pictureOf } from '../../front/online/modelRanked.ts';
import type { RankedView } from '../../net/rankedClient.ts';
import { type AppContext, MOVE_MS, QUICK_MS } from '../context.ts';
import { View2048 } from '../game2048/view.ts';
import { describe2048 } from '../ui/announce.ts';
import { reducedMotion } from '../ui/dom.ts';
import { attachPointer } from '../ui/input.ts';
import type { RankedAction } from '../ui/rankedEnd.ts';
import { connectKept, rankedNotice } from './client.ts';
import { type RankedApp, RankedGame } from './game.ts';
import { rankedKey } from './keys.ts';
import type { RankedSlot } from './slots.ts';

export class ScreenRanked2048 {
  private readonly view: View2048;
  private readonly game: RankedGame;
  private model: Model2048 | null = null;
  /** The game drawn. */
  private drawn: Game | null = null;
  /** When the slide on screen ends (the page's clock, ms). */
  private slideEnds = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The moves the server had taken when last said (null: none said on this screen yet). */
  private taken: number | null = null;

  constructor(
    private readonly ctx: AppContext,
    app: RankedApp,
    slot: RankedSlot,
  ) {
    this.view = new View2048({
      command: (cmd) => this.command(cmd),
      menu: () => ctx.home(),
      share: () => {},
      submit: () => {},
      canSubmit: () => false,
      ranked: (action) => this.action(action),
    });
    this.view.setRanked(true);
    this.game = new RankedGame(ctx, app, slot, {
      connect: (server, kept, onChange) => connectKept(server, kept, onChange),
      shown: (v) => this.changed(v),
      end: (end) => this.view.showRankedEnd(end),
      title: (text, goal) => {
        this.view.setTitle(text);
        this.view.setGoal(goal);
      },
      mount: () => {
        this.drawn = null;
        this.model = null;
        this.taken = null;
        this.view.showRankedEnd(null);
        this.ctx.mount(this.view.root);
        this.view.board.focus({ preventScroll: true });
      },
    });
    attachPointer(this.view.board, { swipe: (dir) => this.press(dir) });
  }

  enter(): void {
    this.game.enter();
  }

  leave(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.game.leave();
  }

  /** A key pressed on this screen; true when the screen took it. */
  key(e: KeyboardEvent): boolean {
    return rankedKey(e, {
      helpShown: this.model?.overlay === 'help',
      help: (shown) => this.command({ type: shown ? 'help' : 'cancel' }),
      home: () => this.ctx.home(),
      move: (dir) => this.press(dir),
    });
  }

  private command(cmd: Command2048): void {
    if (cmd.type === 'move') this.press(cmd.dir);
    else if (cmd.type === 'help' && this.model) this.render({ ...this.model, overlay: 'help' }, 0);
    else if (cmd.type === 'cancel' && this.model) this.render({ ...this.model, overlay: null }, 0);
    else if (cmd.type === 'quit') this.ctx.home();
  }

  private action(a: RankedAction): void {
    this.game.action(a);
  }

  private press(dir: Direction): void {
    this.game.move(dir);
  }

  /**
   * The client changed: drawn now, or once the slide on screen has played (a tile drawn in the
   * middle of its slide would cut the slide short).
   */
  private changed(v: RankedView): void {
    this.announce(v);
    const wait = this.slideEnds - Date.now();
    if (wait > 0 && v.game !== this.drawn) {
      this.timer ??= setTimeout(() => {
        this.timer = null;
        const latest = this.game.view;
        if (latest) this.changed(latest);
      }, wait);
      return;
    }
    this.draw(v);
  }

  private draw(v: RankedView): void {
    const g = v.game;
    if (!g) return;
    let before = this.drawn;
    const notice = rankedNotice(v, this.game.wasRefused, this.game.said);
    const base = this.model ?? initialModel2048(g, 0);
    // A slide made after a tile that came while the slide before it played: that tile shows
    // first (at once), then this slide plays from it.
    const p = g.previous;
    if (before && p && p !== before && p.previous === before.previous && p.last === before.last) {
      this.render({ ...base, game: p, notice }, 0);
      before = p;
    }
    const slid = before !== null && g.previous === before && g.last !== null;
    const came = before !== null && g.previous === before.previous && g.spawned.length > 0;
    const quick = v.queued > 0 ? QUICK_MS : MOVE_MS;
    const ms = reducedMotion() || v.queued > 2 ? 0 : slid ? quick : came ? MOVE_MS : 0;
    if (slid) this.slideEnds = Date.now() + ms;
    this.drawn = g;
    this.render({ ...(this.model ?? base), game: g, notice }, ms);
    // Busy while moves wait for the server's answer (screen readers wait for the tile too).
    const marked = pictureOf(v, Date.now()).marked;
    this.view.board.setAttribute('aria-busy', String(marked));
    this.view.board.classList.toggle('pending', marked);
  }

  /** A move is said once the server took it (with its tile), never when only drawn ahead. */
  private announce(v: RankedView): void {
    const moves = v.confirmed.moves;
    if (moves === this.taken) return;
    const g = v.game;
    if (this.taken !== null && moves === this.taken + 1 && v.pending === 0 && g?.previous) {
      this.ctx.live(describe2048(g.previous, g));
    }
    this.taken = moves;
  }

  /** Draws the model, with the score and moves the server confirmed (a slide drawn ahead adds nothing yet). */
  private render(m: Model2048, ms: number): void {
    this.model = m;
    const v = this.game.view;
    const p = v ? pictureOf(v, Date.now()) : null;
    this.view.render(m, ms, p?.points == null ? undefined : { score: p.points, moves: p.moves });
  }
}
