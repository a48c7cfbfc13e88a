/**
 * The ranked puzzle screen (`#ranked-puzzle`, `#ranked-daily-puzzle`): the offline puzzle's view
 * with none of its helpers (no undo, hint, solver or new puzzle), over the ranked client of the
 * scramble the server dealt. Each slide is drawn at once (a puzzle's moves are certain) and
 * sent, and counted in Moves once the server took it; the clock is the server's (its last reading, running on from then) and stops at the
 * server's time of the solving move. Tiles move by click, tap, swipe, the arrow keys or (the
 * hover control) as the mouse comes onto them, as offline. While the connection is down keys do
 * nothing and the notice says so.
 */
import { movableTiles, tileToward } from '../../engine/puzzle.ts';
import type { Direction } from '../../engine/types.ts';
import { initialModelPuzzle, type ModelPuzzle } from '../../front/modelPuzzle.ts';
import { pictureOf } from '../../front/online/modelRanked.ts';
import type { RankedView } from '../../net/rankedClient.ts';
import type { AppContext } from '../context.ts';
import { cellAt, HoverTracker } from '../puzzle/hover.ts';
import { builtinPicture } from '../puzzle/picture.ts';
import { ViewPuzzle } from '../puzzle/view.ts';
import { describePuzzle } from '../ui/announce.ts';
import { GAP } from '../ui/board.ts';
import { reducedMotion } from '../ui/dom.ts';
import { attachPointer } from '../ui/input.ts';
import { connectKept, rankedNotice, serverClocked } from './client.ts';
import { type RankedApp, RankedGame } from './game.ts';
import { rankedKey } from './keys.ts';
import type { RankedSlot } from './slots.ts';

export class ScreenRankedPuzzle {
  private readonly view: ViewPuzzle;
  private readonly game: RankedGame;
  private model: ModelPuzzle | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  /** Your moves drawn ahead, said once the server took move `n`. */
  private unsaid: { n: number; text: string }[] = [];
  private readonly hover = new HoverTracker();
  /** Where the mouse was last seen over the board (null: off it, or not seen yet). */
  private pointerAt: { readonly x: number; readonly y: number } | null = null;

  constructor(
    private readonly ctx: AppContext,
    app: RankedApp,
    slot: RankedSlot,
  ) {
    this.view = new ViewPuzzle({
      command: (cmd) => {
        if (cmd.type === 'tile') this.slide(cmd.tile);
        else if (cmd.type === 'cancel' && this.model) this.render({ ...this.model, overlay: null });
      },
      menu: () => ctx.home(),
      numbers: (on) => {
        ctx.changeSettings({ ...ctx.settings(), numbers: on });
        this.view.setLook(this.look());
      },
      share: () => {},
      submit: () => {},
      canSubmit: () => false,
      ranked: (action) => this.game.action(action),
    });
    this.view.setRanked('Ranked puzzle');
    this.game = new RankedGame(ctx, app, slot, {
      connect: (server, kept, onChange) => connectKept(server, kept, onChange),
      shown: (v) => this.draw(v),
      end: (end) => this.view.showRankedEnd(end),
      title: (text) => this.view.setRanked(text),
      mount: () => {
        this.model = null;
        this.pointerAt = null;
        this.hover.appeared();
        const s = this.ctx.settings();
        this.view.setControls({ hover: s.puzzleControl === 'hover', invert: s.puzzleInvert });
        this.view.setLook(this.look());
        this.view.showRankedEnd(null);
        this.ctx.mount(this.view.root);
        this.view.board.focus({ preventScroll: true });
      },
    });
    attachPointer(this.view.board, {
      swipe: (dir) => this.toward(dir),
      tap: (target) => {
        const tile = this.view.tileOf(target);
        if (tile) this.slide(tile);
      },
    });
    this.listenHover();
  }

  private hovering(): boolean {
    return this.ctx.settings().puzzleControl === 'hover';
  }

  /**
   * The hover control: a real move of the mouse over the board (not a tile sliding under a still
   * one, not a touch or a drag) looks at the tile under it.
   */
  private listenHover(): void {
    const board = this.view.board;
    board.addEventListener('pointermove', (e) => {
      if (e.pointerType === 'touch' || e.buttons !== 0 || !this.hovering()) return;
      if (e.movementX === 0 && e.movementY === 0) return;
      this.pointerAt = { x: e.clientX, y: e.clientY };
      this.hover.move();
      this.hoverLook();
    });
    board.addEventListener('pointerleave', () => {
      this.pointerAt = null;
      this.hover.move();
    });
  }

  /** Slides the tile under the mouse when hover says so (also after each change of the board). */
  private hoverLook(): void {
    const v = this.game.view;
    const p = v?.puzzle;
    if (!v || !p || !this.hovering()) return;
    const at = this.pointerAt;
    const rect = this.view.board.getBoundingClientRect();
    const cell = at && cellAt(at.x, at.y, rect, p.size, GAP);
    const under = cell === null ? null : p.tiles[cell]!;
    const active = this.model?.overlay === null && v.status === 'open' && !v.result && !p.solved;
    const movable = movableTiles(p);
    const tile = this.hover.look(under, (t) => movable.includes(t), active);
    if (tile !== null) this.slide(tile);
  }

  enter(): void {
    this.game.enter();
    this.ticker ??= setInterval(() => {
      if (this.model) this.view.tick(this.model, Date.now());
    }, 250);
  }

  leave(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    this.game.leave();
  }

  /** A key pressed on this screen; true when the screen took it. */
  key(e: KeyboardEvent): boolean {
    return rankedKey(e, {
      helpShown: this.model?.overlay === 'help',
      help: (shown) => {
        if (this.model) this.render({ ...this.model, overlay: shown ? 'help' : null });
      },
      home: () => this.ctx.home(),
      move: (dir) => this.toward(dir),
    });
  }

  /** The tile an arrow or a swipe names, slid. */
  private toward(dir: Direction): void {
    const p = this.game.view?.puzzle;
    if (!p) return;
    const tile = tileToward(p, dir, this.ctx.settings().puzzleInvert);
    if (tile !== null) this.slide(tile);
  }

  private slide(tile: number): void {
    const c = this.game.client;
    const v = this.game.view;
    if (!c || !v || v.result) return;
    const before = v.puzzle;
    if (before && !movableTiles(before).includes(tile)) return;
    if (this.game.moveTile(tile) && before && c.view.puzzle) {
      // Said once the server took it.
      const n = c.view.confirmed.moves + c.view.pending;
      this.unsaid.push({ n, text: describePuzzle(before, c.view.puzzle, c.elapsedMs()) });
      this.announce(c.view);
    }
  }

  /** Says the moves the server took; forgets those it did not (refused, or the game over). */
  private announce(v: RankedView): void {
    const taken = v.confirmed.moves;
    while (this.unsaid[0] && this.unsaid[0].n <= taken) this.ctx.live(this.unsaid.shift()!.text);
    if (v.pending === 0) this.unsaid = [];
  }

  private draw(v: RankedView): void {
    this.announce(v);
    const p = serverClocked(v);
    if (!p) return;
    const moved = this.model !== null && p.tiles.some((t, i) => t !== this.model!.puzzle.tiles[i]);
    const notice = rankedNotice(v, this.game.wasRefused, this.game.said);
    const base =
      this.model ?? initialModelPuzzle(p, {}, { invert: this.ctx.settings().puzzleInvert });
    this.render({ ...base, puzzle: p, notice }, moved && !reducedMotion());
    const marked = pictureOf(v, Date.now()).marked;
    this.view.board.setAttribute('aria-busy', String(marked));
    this.view.board.classList.toggle('pending', marked);
    // A tile the mouse rests on may move now (after its own slide, it waits for the mouse).
    if (moved && this.hovering()) setTimeout(() => this.hoverLook(), 0);
  }

  private render(m: ModelPuzzle, animate = false): void {
    this.model = m;
    this.view.render(m, Date.now(), animate, null);
  }

  private look(): { picture: string | null; numbers: boolean } {
    const s = this.ctx.settings();
    if (s.picture === 'none') return { picture: null, numbers: true };
    const custom = s.picture === 'custom' ? this.ctx.picture() : null;
    return { picture: custom ?? builtinPicture(), numbers: s.numbers };
  }
}
