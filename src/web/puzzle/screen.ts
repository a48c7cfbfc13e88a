/**
 * The sliding puzzle screen of the web app: the shared controller with the browser's store and
 * the solver in a Web Worker, the view (numbers or a picture), and the queue that lets each
 * slide finish before the next.
 */
import { elapsedMs, newPuzzle } from '../../engine/puzzle.ts';
import { type ChangePuzzle, ControllerPuzzle } from '../../front/controllerPuzzle.ts';
import { DAILY_SIZE, givenUpResult } from '../../front/daily.ts';
import { keyPuzzle } from '../../front/keymap.ts';
import {
  type CommandPuzzle,
  initialModelPuzzle,
  type ModelPuzzle,
  puzzleName,
} from '../../front/modelPuzzle.ts';
import { type AppContext, FROM_OTHER_TAB, MOVE_MS } from '../context.ts';
import { countDaily, type DailyPlan, dailyNoticeFor, withDaily } from '../storage/daily.ts';
import { KEYS, loadPuzzle, savedAssisted, savePuzzle } from '../storage/persist.ts';
import { webStorePuzzle } from '../storage/webStores.ts';
import { describePuzzle } from '../ui/announce.ts';
import { reducedMotion } from '../ui/dom.ts';
import { attachPointer } from '../ui/input.ts';
import { CommandQueue } from '../ui/queue.ts';
import { gameCode, shareGame } from '../ui/share.ts';
import { createSolverClient } from '../workers/clients.ts';
import { builtinPicture } from './picture.ts';
import { ViewPuzzle } from './view.ts';

export class ScreenPuzzle {
  private readonly view: ViewPuzzle;
  private readonly queue: CommandQueue<CommandPuzzle>;
  private game: ControllerPuzzle | null = null;
  private animate = false;
  /** A submission to the leaderboards is under way. */
  private submitting = false;

  /** `daily`: today's plan, for the daily challenge's 15-puzzle (else the settings' puzzle). */
  constructor(
    private readonly ctx: AppContext,
    private readonly daily?: () => DailyPlan,
  ) {
    this.queue = new CommandQueue<CommandPuzzle>((cmd, backlog) => {
      this.animate = !reducedMotion() && backlog <= 2;
      const change = this.game?.dispatch(cmd);
      const slid = this.animate && !!change && (change.moved || change.undone);
      this.animate = false;
      return slid ? MOVE_MS : 0;
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
    const plan = this.daily?.();
    if (plan) {
      this.enterDaily(plan);
      return;
    }
    const s = this.ctx.settings();
    let notice: string | null = null;
    if (!this.game || this.game.model.puzzle.width !== s.width) {
      const loaded = loadPuzzle(this.ctx.kv, s.width);
      notice = loaded.notice;
      const puzzle = loaded.value ?? newPuzzle({ width: s.width, seed: this.ctx.nextSeed() });
      if (!loaded.value) savePuzzle(this.ctx.kv, puzzle, Date.now());
      const best = this.ctx.records.value.puzzle[String(s.width)] ?? {};
      const assisted = loaded.value !== null && savedAssisted(this.ctx.kv, s.width);
      this.game?.close();
      this.game = this.controller(initialModelPuzzle(puzzle, best, { assisted }));
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
    this.game.replace({ ...m, notice: this.ctx.takeNotices(notice), overlay: null });
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
      this.game?.close();
      this.game = this.controller(initialModelPuzzle(puzzle!, best, { assisted }), plan);
    }
    this.view.setLook(this.look());
    document.title = 'Daily 15-puzzle · slidebox';
    this.ctx.mount(this.view.root);
    const said = this.ctx.takeNotices(notice ?? dailyNoticeFor(plan, this.ctx.records));
    this.game.replace({ ...this.game.model, notice: said, overlay: null });
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
    this.game?.suspend();
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
    if (!this.game || this.daily || key !== KEYS.puzzle(this.game.model.puzzle.width)) return;
    const width = this.game.model.puzzle.width;
    const loaded = loadPuzzle(this.ctx.kv, width).value;
    if (!loaded) return;
    this.queue.clear();
    const best = this.ctx.records.value.puzzle[String(width)] ?? {};
    this.game.replace(initialModelPuzzle(loaded, best, { notice: FROM_OTHER_TAB }));
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
    this.view.render(m, now, this.animate && (c.moved || c.undone), status);
    const notice = m.notice !== c.before.notice ? (m.notice ?? '') : '';
    const said =
      c.cmd.type === 'none'
        ? ''
        : describePuzzle(c.before.puzzle, m.puzzle, elapsedMs(m.puzzle, now));
    this.ctx.live(said || notice);
  }
}
