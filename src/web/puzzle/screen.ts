/**
 * The sliding puzzle screen of the web app: the shared controller with the browser's store and
 * the solver in a Web Worker, the view (numbers or a picture), and the queue that lets each
 * slide finish before the next. It plays the saved single puzzle, the daily one, or a relay or
 * a marathon (dealt afresh each time the screen opens, never saved: leaving it ends it). Tiles
 * move by click or tap, or (the hover control) as the mouse comes onto them (hover.ts).
 */
import { elapsedMs, movableTiles, newPuzzle } from '../../engine/puzzle.ts';
import { type ChangePuzzle, ControllerPuzzle } from '../../front/controllerPuzzle.ts';
import { DAILY_SIZE, givenUpResult } from '../../front/daily.ts';
import { keyPuzzle } from '../../front/keymap.ts';
import {
  type CommandPuzzle,
  initialModelPuzzle,
  type ModelPuzzle,
  newSeries,
  puzzleName,
  type Series,
  seriesName,
} from '../../front/modelPuzzle.ts';
import { seriesLines } from '../../front/solveText.ts';
import { type AppContext, FROM_OTHER_TAB, MOVE_MS } from '../context.ts';
import { countDaily, type DailyPlan, dailyNoticeFor, withDaily } from '../storage/daily.ts';
import { KEYS, loadPuzzle, savedAssisted, savePuzzle } from '../storage/persist.ts';
import type { SeriesKind, Settings } from '../storage/settings.ts';
import { webStorePuzzle } from '../storage/webStores.ts';
import { describePuzzle } from '../ui/announce.ts';
import { GAP } from '../ui/board.ts';
import { reducedMotion } from '../ui/dom.ts';
import { attachPointer } from '../ui/input.ts';
import { CommandQueue } from '../ui/queue.ts';
import { gameCode, shareGame } from '../ui/share.ts';
import { createSolverClient } from '../workers/clients.ts';
import { cellAt, HoverTracker } from './hover.ts';
import { builtinPicture } from './picture.ts';
import { ViewPuzzle } from './view.ts';

/** What waits in the queue: a command, or a look at the tile under the mouse (hover control). */
type Queued = CommandPuzzle | { readonly type: 'hover' };

/** The series the card's options make: a relay up to its size, a marathon of its count. */
function seriesOf(kind: SeriesKind, s: Settings): Series {
  return kind === 'relay'
    ? newSeries({ kind: 'relay', upTo: s.relayUpTo })
    : newSeries({ kind: 'marathon', width: s.width, count: s.marathonCount });
}

export class ScreenPuzzle {
  private readonly view: ViewPuzzle;
  private readonly queue: CommandQueue<Queued>;
  private game: ControllerPuzzle | null = null;
  private animate = false;
  /** A submission to the leaderboards is under way. */
  private submitting = false;
  private readonly hover = new HoverTracker();
  /** Where the mouse (or a hovering pen) was last seen over the board, in the viewport. */
  private pointerAt: { readonly x: number; readonly y: number } | null = null;
  /** A look at the tile under the mouse waits in the queue. */
  private hoverQueued = false;
  /**
   * The board has just appeared: the first place the mouse is seen at is where it already was
   * (the browser reports a still mouse as "entering" what appeared under it), not a move.
   */
  private pointerUnknown = true;

  /**
   * `daily`: today's plan, for the daily challenge's 15-puzzle; `series`: a relay or a marathon
   * (else the settings' puzzle).
   */
  constructor(
    private readonly ctx: AppContext,
    private readonly daily?: () => DailyPlan,
    private readonly series?: SeriesKind,
  ) {
    this.queue = new CommandQueue<Queued>((cmd, backlog) => {
      if (cmd.type !== 'hover') return this.run(cmd, backlog);
      this.hoverQueued = false;
      return this.hoverLook();
    });
    this.view = new ViewPuzzle({
      command: (cmd) => this.command(cmd),
      menu: () => ctx.home(),
      numbers: (on) => {
        ctx.changeSettings({ ...ctx.settings(), numbers: on });
        this.view.setLook(this.look());
      },
      share: () => {
        const m = this.game?.model;
        if (!m) return;
        const opts = { assisted: m.assisted, timeMs: elapsedMs(m.puzzle, Date.now()) };
        const title = `${puzzleName(m.puzzle.width)} on slidebox`;
        void shareGame((c) => c.sharedPuzzle(m.puzzle, opts), title).then((said) => {
          this.view.setNotice(said);
          this.ctx.live(said);
        });
      },
      submit: () => this.submit(),
      canSubmit: () => this.ctx.server() !== null,
    });
    attachPointer(this.view.board, {
      swipe: (dir) => this.queue.push({ type: 'move', dir }),
      tap: (target) => {
        const tile = this.view.tileOf(target);
        if (tile) this.queue.push({ type: 'tile', tile });
      },
    });
    this.listenHover();
  }

  /** Applies a command; says how long its slide keeps the board busy. */
  private run(cmd: CommandPuzzle, backlog: number): number {
    this.animate = !reducedMotion() && backlog <= 2;
    const change = this.game?.dispatch(cmd);
    const slid = this.animate && !!change && (change.moved || change.undone);
    this.animate = false;
    return slid ? MOVE_MS : 0;
  }

  private hovering(): boolean {
    return this.ctx.settings().puzzleControl === 'hover';
  }

  /**
   * The hover control: the mouse's moves over the board (a touch has none; a drag with a button
   * down is a swipe). Only a real move counts: the browser also reports the pointer "entering"
   * a tile that slid under it while it stayed still.
   */
  private listenHover(): void {
    const board = this.view.board;
    const seen = (e: PointerEvent) => {
      if (e.pointerType === 'touch' || e.buttons !== 0) return;
      // A move of the mouse itself, not the browser telling of what came under a still one.
      const real = e.type === 'pointermove' && (e.movementX !== 0 || e.movementY !== 0);
      const at = this.pointerAt;
      const same = at !== null && at.x === e.clientX && at.y === e.clientY;
      // (The first real move may be at the place a still mouse was first seen at.)
      if (same && !(this.pointerUnknown && real)) return;
      this.pointerAt = { x: e.clientX, y: e.clientY };
      if (this.pointerUnknown && !real) {
        // Where a still mouse rests as the board appears: the tile under it waits for a move.
        if (this.hovering()) this.lookSoon();
        return;
      }
      this.pointerUnknown = false;
      this.pointerMoved();
    };
    board.addEventListener('pointerover', seen);
    board.addEventListener('pointermove', seen);
    board.addEventListener('pointerleave', (e) => {
      if (e.pointerType === 'touch') return;
      this.pointerAt = null;
      this.pointerMoved();
    });
  }

  private pointerMoved(): void {
    if (!this.hovering()) return;
    this.hover.move();
    this.lookSoon();
  }

  /**
   * Looks at the tile under the mouse now, or after the commands waiting (never in the middle of
   * one: called from a change, it waits for the next turn of the event loop).
   */
  private lookSoon(): void {
    if (this.queue.length === 0) {
      this.hoverLook();
    } else if (!this.hoverQueued) {
      this.hoverQueued = true;
      this.queue.push({ type: 'hover' });
    }
  }

  /** Slides the tile under the mouse when hover says so; says how long the slide takes. */
  private hoverLook(): number {
    const m = this.game?.model;
    if (!m || !this.hovering()) return 0;
    const p = m.puzzle;
    const at = this.pointerAt;
    const rect = this.view.board.getBoundingClientRect();
    const cell = at && cellAt(at.x, at.y, rect, p.width, GAP);
    const under = cell === null ? null : p.tiles[cell]!;
    const movable = movableTiles(p);
    const active = m.overlay === null && !p.solved && !m.autoSolve;
    const tile = this.hover.look(under, (t) => movable.includes(t), active);
    return tile === null ? 0 : this.run({ type: 'tile', tile }, this.queue.length);
  }

  /** The leaderboard server was found: a solved puzzle on screen can be submitted. */
  serverFound(): void {
    this.view.showSubmit(this.ctx.server() !== null);
  }

  /** Submits the solved puzzle; its rank, or what went wrong, shows on the notice line. */
  private submit(): void {
    const server = this.ctx.server();
    const m = this.game?.model;
    if (!server || !m?.puzzle.solved || this.submitting) return;
    this.submitting = true;
    const opts = { assisted: m.assisted, timeMs: elapsedMs(m.puzzle, Date.now()) };
    const sending = () => this.view.setNotice('Submitting…');
    void gameCode((c) => c.sharedPuzzle(m.puzzle, opts))
      .then((c) => ('code' in c ? server.submit(c.code, { sending }) : c.problem))
      .then((said) => {
        this.submitting = false;
        this.view.setNotice(said);
        this.ctx.live(said);
      });
  }

  /** Shows the puzzle of the chosen width, loading or starting it. */
  enter(): void {
    const s = this.ctx.settings();
    // The board appears under a mouse that has not moved yet: nothing it rests on is chosen.
    this.pointerAt = null;
    this.pointerUnknown = true;
    this.hover.appeared();
    this.view.setControls(
      { hover: s.puzzleControl === 'hover', invert: s.puzzleInvert },
      this.series !== undefined,
    );
    if (this.series) {
      this.enterSeries(this.series);
      return;
    }
    const plan = this.daily?.();
    this.view.setDaily(plan !== undefined);
    if (plan) {
      this.enterDaily(plan);
      return;
    }
    let notice: string | null = null;
    if (!this.game || this.game.model.puzzle.width !== s.width) {
      const loaded = loadPuzzle(this.ctx.kv, s.width);
      notice = loaded.notice;
      const puzzle = loaded.value ?? newPuzzle({ width: s.width, seed: this.ctx.nextSeed() });
      if (!loaded.value) savePuzzle(this.ctx.kv, puzzle, Date.now());
      const best = this.ctx.records.value.puzzle[String(s.width)] ?? {};
      const assisted = loaded.value !== null && savedAssisted(this.ctx.kv, s.width);
      this.game?.close();
      this.game = this.controller(
        initialModelPuzzle(puzzle, best, { assisted, invert: s.puzzleInvert }),
      );
    }
    if (s.picture === 'custom' && !this.ctx.picture()) {
      notice = [notice, 'No picture of yours is saved yet: showing the built-in one.']
        .filter(Boolean)
        .join(' ');
    }
    this.view.setLook(this.look());
    document.title = `${s.width * s.width - 1}-puzzle · slidebox`;
    this.ctx.mount(this.view.root);
    const m = this.game.model;
    const said = this.ctx.takeNotices(notice);
    this.game.replace({ ...m, notice: said, overlay: null, invert: s.puzzleInvert });
    this.game.resume();
  }

  /** Deals a relay or a marathon from the card's options: a new one each time it opens. */
  private enterSeries(kind: SeriesKind): void {
    const s = this.ctx.settings();
    if (!this.game) {
      const series = seriesOf(kind, s);
      const first = newPuzzle({ width: series.widths[0]!, seed: this.ctx.nextSeed() });
      const model = initialModelPuzzle(first, {}, { series, invert: s.puzzleInvert });
      this.game = this.controller(model);
      this.view.flash(null);
    }
    this.view.setLook(this.look());
    document.title = `${seriesName(this.game.model.series!)} · slidebox`;
    this.ctx.mount(this.view.root);
    const m = this.game.model;
    this.game.replace({ ...m, notice: this.ctx.takeNotices(), overlay: null });
    this.game.resume();
  }

  /** Shows today's daily puzzle, resuming it or dealing it from the day's seed. */
  private enterDaily(plan: DailyPlan): void {
    let notice: string | null = null;
    if (this.game?.model.puzzle.seed !== plan.seed) {
      const loaded = loadPuzzle(this.ctx.kv, DAILY_SIZE, plan.key);
      notice = loaded.notice;
      let puzzle = loaded.value;
      const today = puzzle?.seed === plan.seed;
      if (!today) {
        puzzle = newPuzzle({ width: DAILY_SIZE, seed: plan.seed });
        savePuzzle(this.ctx.kv, puzzle, Date.now(), false, plan.key);
      }
      const best = this.ctx.records.value.puzzle[String(DAILY_SIZE)] ?? {};
      const assisted = today && savedAssisted(this.ctx.kv, DAILY_SIZE, plan.key);
      const invert = this.ctx.settings().puzzleInvert;
      this.game?.close();
      this.game = this.controller(initialModelPuzzle(puzzle!, best, { assisted, invert }), plan);
    }
    this.view.setLook(this.look());
    document.title = 'Daily 15-puzzle · slidebox';
    this.ctx.mount(this.view.root);
    const said = this.ctx.takeNotices(notice ?? dailyNoticeFor(plan, this.ctx.records));
    const invert = this.ctx.settings().puzzleInvert;
    this.game.replace({ ...this.game.model, notice: said, overlay: null, invert });
    this.game.resume();
  }

  /** A new daily puzzle while the day's attempt is under way: that attempt is given up. */
  private giveUp(plan: DailyPlan): void {
    const m = this.game?.model;
    const result = m && givenUpResult(m.puzzle, plan.day, Date.now(), m.assisted);
    const line = result && countDaily(plan, result, this.ctx.kv, this.ctx.records);
    if (line) this.counted(line);
  }

  /** The day's result counted: said once the screen shows it. */
  private counted(line: string): void {
    queueMicrotask(() => {
      this.view.setNotice(`Counted for today: ${line}`);
      this.ctx.live(`Counted for today: ${line}`);
    });
  }

  leave(): void {
    this.queue.clear();
    this.hoverQueued = false;
    this.pointerAt = null;
    if (!this.series) {
      this.game?.suspend();
      return;
    }
    // A relay or a marathon is played in one sitting: leaving it ends it.
    this.game?.close();
    this.game = null;
  }

  /** The page was hidden or shown again: the clock stops while nobody can see it. */
  visible(shown: boolean): void {
    if (shown) this.game?.resume();
    else this.game?.suspend();
  }

  key(e: KeyboardEvent): boolean {
    if (!this.game) return false;
    const cmd = keyPuzzle(e, this.game.model);
    if (!cmd) return false;
    this.command(cmd);
    return true;
  }

  /** Another tab saved this puzzle: take its position, so neither tab overwrites the other. */
  storageChanged(key: string, shown: boolean): void {
    if (!this.game || this.daily || this.series) return;
    if (key !== KEYS.puzzle(this.game.model.puzzle.width)) return;
    const width = this.game.model.puzzle.width;
    const loaded = loadPuzzle(this.ctx.kv, width).value;
    if (!loaded) return;
    this.queue.clear();
    const best = this.ctx.records.value.puzzle[String(width)] ?? {};
    const invert = this.ctx.settings().puzzleInvert;
    this.game.replace(initialModelPuzzle(loaded, best, { notice: FROM_OTHER_TAB, invert }));
    if (shown) this.ctx.live(FROM_OTHER_TAB);
  }

  private command(cmd: CommandPuzzle): void {
    // q and Escape leave the game for the menu (the game is kept as it is).
    if (cmd.type === 'quit') this.ctx.home();
    else this.queue.push(cmd);
  }

  private look(): { picture: string | null; numbers: boolean } {
    const s = this.ctx.settings();
    if (s.picture === 'none') return { picture: null, numbers: true };
    const custom = s.picture === 'custom' ? this.ctx.picture() : null;
    return { picture: custom ?? builtinPicture(), numbers: s.numbers };
  }

  private controller(model: ModelPuzzle, plan?: DailyPlan): ControllerPuzzle {
    const store = webStorePuzzle(this.ctx.kv, this.ctx.records, plan?.key);
    const counted = (line: string) => this.counted(line);
    const solver = async () => createSolverClient();
    return new ControllerPuzzle({
      model,
      store: plan ? withDaily(store, plan, this.ctx.kv, this.ctx.records, counted) : store,
      solver,
      optimalSolver: solver,
      // The daily challenge's new puzzles are the day's board again (practice).
      seed: plan
        ? () => {
            this.giveUp(plan);
            return plan.seed;
          }
        : () => this.ctx.nextSeed(),
      post: (cmd) => this.queue.push(cmd),
      onChange: (c) => this.show(c),
      onTick: () => {
        if (this.game) this.view.tick(this.game.model, Date.now());
      },
    });
  }

  private show(c: ChangePuzzle): void {
    const now = Date.now();
    const m = c.model;
    const status = this.game?.status ?? null;
    if (c.cmd.type === 'new' || c.cmd.type === 'new-confirmed') this.view.flash(null);
    this.view.render(m, now, this.animate && (c.moved || c.undone), status);
    const notice = m.notice !== c.before.notice ? (m.notice ?? '') : '';
    const said =
      c.cmd.type === 'none'
        ? ''
        : describePuzzle(c.before.puzzle, m.puzzle, elapsedMs(m.puzzle, now));
    // A puzzle of a series solved: its split is said, then the next puzzle (or the end).
    const split = seriesLines(c.before, m);
    if (split.length > 0) {
      this.view.flash(split[0]!);
      this.ctx.live([...split, ...(m.puzzle.solved ? [] : [said])].join(' '));
    } else {
      this.ctx.live(said || notice);
    }
    if (m.puzzle !== c.before.puzzle && this.hovering()) {
      // A new deal under a still mouse was not its choice; a tile it rests on may now move.
      if (m.puzzle.previous === null) this.hover.forget();
      setTimeout(() => this.lookSoon(), 0);
    }
  }
}
