/**
 * The 2048 screen: DOM updates from the model. Moves animate from the engine's record of the
 * move (`game.last.tiles`: where every tile went, which merged; `game.spawned`), so nothing is
 * diffed and no rule is worked out here. Clicks on the screen's buttons become commands for the
 * wiring file; the view never changes the model itself.
 */
import type { Game } from '../../engine/game2048.ts';
import type { Direction } from '../../engine/types.ts';
import { formatNumber } from '../../front/format.ts';
import {
  AUTOPLAY_DELAYS,
  type Command2048,
  type Model2048,
  phase,
  shownHint,
  wantsAi,
} from '../../front/model2048.ts';
import { setupGrid } from '../ui/board.ts';
import {
  button,
  h,
  helpOverlay,
  OverlaySlot,
  onActions,
  onSelectSteps,
  overlay,
  reducedMotion,
  setText,
} from '../ui/dom.ts';
import {
  onRanked,
  type RankedAction,
  type RankedEnd,
  rankedEndKind,
  rankedEndOverlay,
  resignButton,
} from '../ui/rankedEnd.ts';
import { showSubmit, submitButton } from '../ui/submit.ts';
import { drawTiles } from '../ui/tiles.ts';

const KEYS_HELP =
  'Arrows, WASD or hjkl move · swipe or drag on the board · U undo · N new · I hint · P autoplay · + − pace · ? help · Q or Esc menu';

/** The keys of a ranked game: no undo, hint, autoplay or new game there. */
const RANKED_KEYS_HELP =
  'Arrows, WASD or hjkl move · swipe or drag on the board · ? help · Q or Esc menu (the game stays yours to finish)';

const ARROWS: Record<Direction, string> = { up: '↑', down: '↓', left: '←', right: '→' };

function padButton(d: Direction): HTMLButtonElement {
  return h(
    'button',
    { type: 'button', class: `btn pad-${d}`, 'data-dir': d, 'aria-label': `Move ${d}` },
    ARROWS[d],
  );
}

export interface View2048Handlers {
  command(cmd: Command2048): void;
  menu(): void;
  /** Share the finished game (a replay link). */
  share(): void;
  /** Submit the finished game to the leaderboards. */
  submit(): void;
  /** Whether a finished game can be submitted (a leaderboard server serves the page). */
  canSubmit(): boolean;
  /** A ranked game's own buttons (resign, play again, the leaderboards). */
  ranked?(action: RankedAction): void;
}

export class View2048 {
  readonly root: HTMLElement;
  readonly board: HTMLElement;
  private readonly tiles: HTMLElement;
  private readonly score: HTMLElement;
  private readonly scoreBox: HTMLElement;
  private readonly best: HTMLElement;
  private readonly moves: HTMLElement;
  private readonly goal: HTMLElement;
  private readonly title = h('h1', {}, '2048');
  private readonly notice: HTMLElement;
  private readonly hint: HTMLElement;
  private readonly autoBtn: HTMLButtonElement;
  private readonly undoBtn: HTMLButtonElement;
  private readonly speed: HTMLSelectElement;
  private readonly pad: Record<Direction, HTMLButtonElement>;
  private shown: Game | null = null;
  /** The score last shown as counted (a ranked game's, the server's); null: none yet. */
  private counted: number | null = null;
  private readonly overlays: OverlaySlot;
  private size = 0;
  /** The parts of the screen a ranked game has not (new game, undo, hint, autoplay, best). */
  private readonly offline: HTMLElement[] = [];
  private readonly resignBtn = resignButton();
  private readonly keysLine = h('p', { class: 'keys-help' }, KEYS_HELP);
  /** A ranked game is shown: its end (null while it is played), else false. */
  private ranked: RankedEnd | null | false = false;

  constructor(private readonly on: View2048Handlers) {
    this.score = h('span', { class: 'stat-value', 'data-testid': 'score' }, '0');
    this.scoreBox = h(
      'div',
      { class: 'stat stat-score' },
      h('span', { class: 'stat-label' }, 'Score'),
      this.score,
    );
    this.best = h('span', { class: 'stat-value', 'data-testid': 'best' }, '0');
    this.moves = h('span', { class: 'stat-value', 'data-testid': 'moves' }, '0');
    this.goal = h('p', { class: 'goal' });
    this.notice = h('p', { class: 'notice', 'data-testid': 'notice' });
    // Said as it comes (a hint asked for by a key is not otherwise seen by a screen reader).
    this.hint = h('p', { class: 'hint-line', 'data-testid': 'hint', 'aria-live': 'polite' });
    this.tiles = h('div', { class: 'tiles' });
    this.board = h('div', {
      class: 'board board-2048',
      tabindex: 0,
      role: 'application',
      'aria-roledescription': '2048 board',
      'aria-label': '2048 board. Use the arrow keys, W A S D, or swipe to move the tiles.',
      'data-testid': 'board',
    });
    this.undoBtn = button('Undo', { action: 'undo', shortcut: 'U' });
    this.autoBtn = button('Autoplay', { action: 'autoplay', shortcut: 'P', cls: 'btn btn-toggle' });
    this.autoBtn.setAttribute('aria-pressed', 'false');
    this.speed = h('select', { class: 'speed', 'aria-label': 'Autoplay pause between moves' });
    AUTOPLAY_DELAYS.forEach((ms, i) => {
      this.speed.append(h('option', { value: i }, ms === 0 ? 'Fastest' : `${ms} ms`));
    });
    this.pad = {
      up: padButton('up'),
      left: padButton('left'),
      down: padButton('down'),
      right: padButton('right'),
    };
    this.overlays = new OverlaySlot(this.board, this.board);
    this.root = this.layout();
    this.listen();
  }

  /** The screen's element tree around the elements the constructor made. */
  private layout(): HTMLElement {
    return h(
      'section',
      { class: 'screen screen-play screen-2048', 'aria-label': '2048' },
      h(
        'header',
        { class: 'topbar' },
        button('☰ Menu', { action: 'menu', cls: 'btn btn-menu', title: 'Back to the menu' }),
        this.title,
        h(
          'div',
          { class: 'stats' },
          this.scoreBox,
          this.keep(
            h('div', { class: 'stat' }, h('span', { class: 'stat-label' }, 'Best'), this.best),
          ),
          h('div', { class: 'stat' }, h('span', { class: 'stat-label' }, 'Moves'), this.moves),
        ),
      ),
      this.goal,
      h(
        'div',
        { class: 'toolbar' },
        this.keep(button('New game', { action: 'new', shortcut: 'N' })),
        this.keep(this.undoBtn),
        this.keep(button('Hint', { action: 'hint', shortcut: 'I' })),
        this.keep(this.autoBtn),
        this.keep(h('label', { class: 'speed-label' }, 'Pause ', this.speed)),
        this.resignBtn,
      ),
      this.notice,
      this.hint,
      h('div', { class: 'board-wrap' }, this.board),
      h(
        'div',
        { class: 'pad', role: 'group', 'aria-label': 'Move buttons' },
        this.pad.up,
        this.pad.left,
        this.pad.down,
        this.pad.right,
      ),
      this.keysLine,
    );
  }

  /** Notes a part of the screen that only offline games have. */
  private keep<E extends HTMLElement>(el: E): E {
    this.offline.push(el);
    return el;
  }

  /**
   * Shows a ranked game (the server deals; `on` false: an offline one): no new game, undo, hint,
   * autoplay or best score, a Resign button, and the end dialog {@link showRankedEnd} gives.
   */
  setRanked(on: boolean): void {
    this.ranked = on ? null : false;
    for (const el of this.offline) el.hidden = on;
    this.resignBtn.hidden = !on;
    this.resignBtn.disabled = false;
    this.root.classList.toggle('ranked', on);
    setText(this.keysLine, on ? RANKED_KEYS_HELP : KEYS_HELP);
  }

  /** A ranked game's end (null: it is played); shown at the next render. */
  showRankedEnd(end: RankedEnd | null): void {
    if (this.ranked === false) return;
    this.ranked = end;
    this.resignBtn.disabled = end !== null;
  }

  /** Button clicks and the speed menu become commands for the wiring file. */
  private listen(): void {
    onActions(this.root, ACTIONS, this.on);
    onRanked(this.root, (action) => this.on.ranked?.(action));
    this.root.addEventListener('click', (e) => {
      const el = (e.target as Element).closest<HTMLElement>('[data-dir]');
      if (el && this.root.contains(el))
        this.on.command({ type: 'move', dir: el.dataset.dir as Direction });
    });
    // The model changes the pace one step at a time; a higher index is a longer pause.
    onSelectSteps(
      this.speed,
      (up) => this.on.command({ type: up ? 'slower' : 'faster' }),
      this.board,
    );
  }

  /**
   * Shows the model; `ms` > 0 animates the move that led to it. `counted`: the score and moves
   * to show instead of the board's (a ranked game's, as the server confirmed them: a slide drawn
   * ahead adds its points once the server took it, and the points pop then).
   */
  render(
    m: Model2048,
    ms: number,
    counted?: { readonly score: number; readonly moves: number },
  ): void {
    const g = m.game;
    if (g.size !== this.size) {
      this.size = g.size;
      this.board.replaceChildren(setupGrid(this.board, g.size), this.tiles);
      this.shown = null;
    }
    if (g !== this.shown) drawTiles(this.tiles, g, this.shown, ms);
    if (counted) {
      const gained = this.counted === null ? 0 : counted.score - this.counted;
      if (gained > 0 && !reducedMotion()) this.popScore(gained);
      this.counted = counted.score;
    } else {
      this.counted = null;
      if (ms > 0 && g.previous === this.shown && g.last && g.last.gained > 0) {
        this.popScore(g.last.gained);
      }
    }
    this.shown = g;

    setText(this.score, formatNumber(counted?.score ?? g.score));
    setText(this.best, formatNumber(m.best));
    setText(this.moves, formatNumber(counted?.moves ?? g.moves));
    if (this.ranked === false) {
      setText(
        this.goal,
        `Join the tiles, get to ${formatNumber(g.target)}!${g.keepPlaying ? ' (keep going)' : ''}${m.evil ? ' Evil spawns: the AI puts each new tile where it hurts most.' : ''}`,
      );
    }
    setText(this.notice, m.notice ?? '');
    this.undoBtn.disabled = g.previous === null;
    this.autoBtn.setAttribute('aria-pressed', String(m.autoplay));
    setText(this.autoBtn, m.autoplay ? 'Stop autoplay' : 'Autoplay');
    this.speed.value = String(m.speed);
    this.speed.dataset.current = String(m.speed);

    const hint = shownHint(m);
    let hintText = '';
    if (m.hintWanted && wantsAi(m) && !m.autoplay) hintText = 'Thinking…';
    else if (hint !== undefined && !m.autoplay) {
      hintText = hint === null ? 'No move helps now.' : `Hint: ${ARROWS[hint]} ${hint}`;
    }
    setText(this.hint, hintText);
    for (const d of Object.keys(this.pad) as Direction[]) {
      this.pad[d].classList.toggle('hinted', hint === d && !m.autoplay);
    }
    this.showOverlay(m);
  }

  /** The screen's title: "2048", or "Daily 2048" for the daily challenge's game. */
  setTitle(text: string): void {
    setText(this.title, text);
  }

  /** Shows a notice until the next change (one the model does not hold: loading). */
  setNotice(text: string): void {
    setText(this.notice, text);
  }

  /** The line under the title (a ranked game's: what ranked play is). */
  setGoal(text: string): void {
    setText(this.goal, text);
  }

  /** Shows or hides the finished game's Submit button. */
  showSubmit(shown: boolean): void {
    showSubmit(this.root, shown);
  }

  private popScore(gained: number): void {
    const el = h('span', { class: 'score-pop', 'aria-hidden': 'true' }, `+${formatNumber(gained)}`);
    el.addEventListener('animationend', () => el.remove());
    this.scoreBox.append(el);
    // Stale pops (animations off) never fire animationend; keep at most a few.
    const pops = this.scoreBox.querySelectorAll('.score-pop');
    for (let i = 0; i < pops.length - 3; i++) pops[i]!.remove();
  }

  private showOverlay(m: Model2048): void {
    if (this.ranked !== false) {
      const end = this.ranked;
      const kind = m.overlay === 'help' ? 'help' : end ? rankedEndKind(end) : null;
      this.overlays.show(kind, () => (end ? rankedEndOverlay(end) : helpOverlay(RANKED_KEYS_HELP)));
      return;
    }
    const p = phase(m.game);
    const kind =
      m.overlay === 'confirm-new'
        ? 'confirm'
        : m.overlay === 'help'
          ? 'help'
          : p === 'playing'
            ? null
            : p;
    this.overlays.show(kind, () => {
      const g = m.game;
      const el =
        kind === 'help'
          ? helpOverlay(KEYS_HELP)
          : kind === 'won'
            ? overlay(
                'won',
                'You win!',
                `You reached ${formatNumber(g.target)} with ${formatNumber(g.score)} points.`,
                [
                  button('Keep going', {
                    action: 'keep-going',
                    cls: 'btn btn-primary',
                    shortcut: 'C',
                  }),
                  button('New game', { action: 'new' }),
                  button('Share', {
                    action: 'share',
                    title: 'Share a link that replays this game',
                  }),
                  submitButton(this.on.canSubmit()),
                ],
              )
            : kind === 'over'
              ? overlay(
                  'over',
                  'Game over',
                  `No moves left. You scored ${formatNumber(g.score)}.`,
                  [
                    button('Try again', { action: 'new', cls: 'btn btn-primary' }),
                    button('Undo', { action: 'undo' }),
                    button('Share', {
                      action: 'share',
                      title: 'Share a link that replays this game',
                    }),
                    submitButton(this.on.canSubmit()),
                  ],
                )
              : overlay('confirm', 'Start a new game?', 'This game will be lost.', [
                  button('New game', {
                    action: 'new-confirmed',
                    cls: 'btn btn-primary',
                    shortcut: 'Y',
                  }),
                  button('Cancel', { action: 'cancel', shortcut: 'Escape' }),
                ]);
      return el;
    });
  }
}

const ACTIONS: Record<string, Command2048> = {
  new: { type: 'new' },
  'new-confirmed': { type: 'new-confirmed' },
  cancel: { type: 'cancel' },
  undo: { type: 'undo' },
  hint: { type: 'hint' },
  autoplay: { type: 'autoplay' },
  'keep-going': { type: 'keep-going' },
};
