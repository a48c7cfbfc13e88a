/**
 * The 2048 screen of the web app: the shared controller with the browser's store and the AI in
 * a Web Worker, the view, and the queue that lets each move's animation finish before the next.
 */
import { newGame } from '../../engine/game2048.ts';
import type { Placer } from '../../engine/spawn.ts';
import { type Change2048, Controller2048 } from '../../front/controller2048.ts';
import { DAILY_SIZE, DAILY_TARGET } from '../../front/daily.ts';
import { key2048 } from '../../front/keymap.ts';
import { type Command2048, initialModel2048, type Model2048 } from '../../front/model2048.ts';
import { type AppContext, FROM_OTHER_TAB, MOVE_MS, QUICK_MS } from '../context.ts';
import { type DailyPlan, dailyNoticeFor, withDaily } from '../storage/daily.ts';
import { KEYS, load2048, save2048, savedMarks2048 } from '../storage/persist.ts';
import { webStore2048 } from '../storage/webStores.ts';
import { describe2048 } from '../ui/announce.ts';
import { reducedMotion } from '../ui/dom.ts';
import { attachPointer } from '../ui/input.ts';
import { CommandQueue } from '../ui/queue.ts';
import { gameCode, shareGame } from '../ui/share.ts';
import { webAdvisor, webPlacer } from '../workers/webAdvisor.ts';
import { View2048 } from './view.ts';

export class Screen2048 {
  private readonly view: View2048;
  private readonly queue: CommandQueue<Command2048>;
  private game: Controller2048 | null = null;
  /** How long the change being applied may animate. */
  private animateMs = 0;
  /** The placer AI for evil spawns, once loaded. */
  private placer: Placer | null = null;
  private placerLoad: Promise<void> | null = null;
  /** The screen is shown (a placer that finishes loading opens the game only then). */
  private entered = false;
  /** A submission to the leaderboards is under way. */
  private submitting = false;

  /** `daily`: today's plan, for the daily challenge's 2048 (else the game of the settings). */
  constructor(
    private readonly ctx: AppContext,
    private readonly daily?: () => DailyPlan,
  ) {
    this.queue = new CommandQueue<Command2048>((cmd, backlog) => {
      const ms = reducedMotion() || backlog > 2 ? 0 : backlog > 0 ? QUICK_MS : MOVE_MS;
      this.animateMs = ms;
      const change = this.game?.dispatch(cmd);
      this.animateMs = 0;
      return change?.moved ? ms : 0;
    });
    this.view = new View2048({
      command: (cmd) => this.command(cmd),
      menu: () => ctx.home(),
      share: () => {
        const m = this.game?.model;
        if (!m) return;
        const opts = { evil: m.evil, assisted: m.assisted };
        void shareGame((c) => c.shared2048(m.game, opts), '2048 on slidebox').then((said) => {
          this.view.setNotice(said);
          this.ctx.live(said);
        });
      },
      submit: () => this.submit(),
      canSubmit: () => this.canSubmit(),
    });
    attachPointer(this.view.board, { swipe: (dir) => this.queue.push({ type: 'move', dir }) });
  }

  /** A leaderboard server serves the page and the game is one it ranks (evil games are not). */
  private canSubmit(): boolean {
    return this.ctx.server() !== null && this.game?.model.evil !== true;
  }

  /** The leaderboard server was found: a finished game on screen can be submitted. */
  serverFound(): void {
    this.view.showSubmit(this.canSubmit());
  }

  /** Submits the finished game; its rank, or what went wrong, shows on the notice line. */
  private submit(): void {
    const server = this.ctx.server();
    const m = this.game?.model;
    if (!server || !m || m.evil || this.submitting) return;
    this.submitting = true;
    const opts = { evil: m.evil, assisted: m.assisted };
    const sending = () => this.view.setNotice('Submitting…');
    void gameCode((c) => c.shared2048(m.game, opts))
      .then((c) =>
        'code' in c ? server.submit(c.code, { target: m.game.target, sending }) : c.problem,
      )
      .then((said) => {
        this.submitting = false;
        this.view.setNotice(said);
        this.ctx.live(said);
      });
  }

  /**
   * Shows the game of the chosen size and spawns, loading or starting it. Evil spawns need the
   * placer AI first: its chunk is loaded, then the game opens.
   */
  enter(): void {
    this.view.setTitle(this.daily ? 'Daily 2048' : '2048');
    if (this.daily) {
      this.enterDaily(this.daily());
      return;
    }
    const s = this.ctx.settings();
    document.title = '2048 · slidebox';
    this.entered = true;
    const evil = s.spawns === 'evil';
    if (evil && !this.placer) {
      this.ctx.mount(this.view.root);
      this.view.setNotice('Loading the evil placer…');
      this.placerLoad ??= webPlacer().then(
        (p) => {
          this.placer = p;
          if (this.entered) this.enter();
        },
        (e: unknown) => {
          this.placerLoad = null;
          this.view.setNotice(`The evil placer could not be loaded (${(e as Error).message}).`);
        },
      );
      return;
    }
    let notice: string | null = null;
    const m0 = this.game?.model;
    if (!m0 || m0.game.size !== s.size || m0.evil !== evil) {
      const place = evil ? (this.placer ?? undefined) : undefined;
      const loaded = load2048(this.ctx.kv, s.size, place);
      notice = loaded.notice;
      let game = loaded.value;
      if (game && game.target !== s.target && game.moves > 0) {
        notice = `Continuing your ${game.size}×${game.size} game (target ${game.target}); the new target applies to your next new game.`;
      } else if (!game || game.target !== s.target) {
        game = newGame({ size: s.size, target: s.target, seed: this.ctx.nextSeed() });
        save2048(this.ctx.kv, game, evil);
      }
      this.game?.close();
      const best = this.ctx.records.value.best2048[String(s.size)] ?? 0;
      const marks =
        game === loaded.value ? savedMarks2048(this.ctx.kv, KEYS.game2048(s.size, evil), game) : {};
      const model = { ...initialModel2048(game, best, null, evil), speed: s.speed, ...marks };
      this.game = this.controller(model, place);
    }
    const game = this.game!;
    const m = game.model;
    this.ctx.mount(this.view.root);
    game.replace({
      ...m,
      target: s.target,
      notice: this.ctx.takeNotices(notice),
      overlay: null,
    });
    game.resume();
  }

  /** Shows today's daily game, resuming it or dealing it from the day's seed. */
  private enterDaily(plan: DailyPlan): void {
    document.title = 'Daily 2048 · slidebox';
    let notice: string | null = null;
    if (this.game?.model.game.seed !== plan.seed) {
      const loaded = load2048(this.ctx.kv, DAILY_SIZE, undefined, plan.key);
      notice = loaded.notice;
      let game = loaded.value;
      if (game?.seed !== plan.seed) {
        game = newGame({ size: DAILY_SIZE, target: DAILY_TARGET, seed: plan.seed });
        save2048(this.ctx.kv, game, false, plan.key);
      }
      this.game?.close();
      const best = this.ctx.records.value.best2048[String(DAILY_SIZE)] ?? 0;
      const marks = game === loaded.value ? savedMarks2048(this.ctx.kv, plan.key, game) : {};
      const speed = this.ctx.settings().speed;
      const model = { ...initialModel2048(game, best), speed, ...marks };
      this.game = this.controller(model, undefined, plan);
    }
    this.ctx.mount(this.view.root);
    const said = this.ctx.takeNotices(notice ?? dailyNoticeFor(plan, this.ctx.records));
    this.game.replace({ ...this.game.model, notice: said, overlay: null });
    this.game.resume();
  }

  /** Writes a waiting save now: the page is going away or out of sight. */
  saveNow(): void {
    this.game?.saveNow();
  }

  leave(): void {
    this.entered = false;
    this.queue.clear();
    this.game?.suspend();
  }

  /** A key pressed on this screen; true when the game took it. */
  key(e: KeyboardEvent): boolean {
    if (!this.game) return false;
    // Keys are read against the model on screen; the queue applies them in order.
    const cmd = key2048(e, this.game.model);
    if (!cmd) return false;
    this.command(cmd);
    return true;
  }

  /** Another tab saved: take its game or pace, so neither tab's moves overwrite the other's. */
  storageChanged(key: string, shown: boolean): void {
    if (!this.game || this.daily) return;
    const { game: shownGame, evil, speed } = this.game.model;
    const size = shownGame.size;
    if (key !== KEYS.game2048(size, evil)) return;
    const place = evil ? (this.placer ?? undefined) : undefined;
    const game = load2048(this.ctx.kv, size, place).value;
    if (!game) return;
    this.queue.clear();
    const best = this.ctx.records.value.best2048[String(size)] ?? 0;
    const marks = savedMarks2048(this.ctx.kv, KEYS.game2048(size, evil), game);
    this.game.replace({ ...initialModel2048(game, best, FROM_OTHER_TAB, evil), speed, ...marks });
    if (shown) this.ctx.live(FROM_OTHER_TAB);
  }

  /** The autoplay pace changed in another tab. */
  speedChanged(speed: number): void {
    if (this.game && this.game.model.speed !== speed) {
      this.game.replace({ ...this.game.model, speed });
    }
  }

  private command(cmd: Command2048): void {
    // q and Escape leave the game for the menu (the game is kept as it is).
    if (cmd.type === 'quit') this.ctx.home();
    else this.queue.push(cmd);
  }

  private controller(
    model: Model2048,
    place: Placer | undefined,
    plan?: DailyPlan,
  ): Controller2048 {
    const store = webStore2048(this.ctx.kv, this.ctx.records, model.evil, plan?.key);
    return new Controller2048({
      model,
      place,
      store: plan
        ? withDaily(store, plan, this.ctx.kv, this.ctx.records, (l) => this.counted(l))
        : store,
      advisor: webAdvisor,
      // The daily challenge's new games are the day's board again (practice).
      seed: plan ? () => plan.seed : () => this.ctx.nextSeed(),
      post: (cmd) => this.queue.push(cmd),
      onChange: (c) => this.show(c),
    });
  }

  /** The day's result counted: said once the screen shows the game's end. */
  private counted(line: string): void {
    queueMicrotask(() => {
      this.view.setNotice(`Counted for today: ${line}`);
      this.ctx.live(`Counted for today: ${line}`);
    });
  }

  private show(c: Change2048): void {
    const m = c.model;
    this.view.render(m, c.moved ? this.animateMs : 0);
    const notice = m.notice !== c.before.notice ? (m.notice ?? '') : '';
    if (c.cmd.type === 'none') {
      this.ctx.live(notice);
      return;
    }
    // Autoplay moves come too fast to read out: only their results (a win, the end) are.
    const said = describe2048(c.before.game, m.game);
    const quiet = c.cmd.type === 'ai-answer' && m.autoplay && !m.game.over && !said.includes('win');
    this.ctx.live((quiet ? '' : said) || notice);
    const s = this.ctx.settings();
    if (m.speed !== s.speed) this.ctx.changeSettings({ ...s, speed: m.speed });
  }
}
