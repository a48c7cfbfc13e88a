/**
 * The sliding puzzle screen: one element per tile, kept across renders, so a move is only a new
 * transform and the CSS transition slides it (multi-tile moves slide together). Tiles show their
 * number, or their part of a picture with the number optional. Clicks and taps name a tile; the
 * engine decides whether it can move.
 */
import { elapsedMs, movableTiles, posOf } from '../../engine/puzzle.ts';
import type { SolverStatus } from '../../front/controllerPuzzle.ts';
import { formatNumber, formatSolveTime, formatTime } from '../../front/format.ts';
import {
  type CommandPuzzle,
  hintTile,
  type ModelPuzzle,
  puzzleName,
  type SolveSummary,
  seriesDone,
  seriesName,
  seriesTimeMs,
  wantsSolution,
} from '../../front/modelPuzzle.ts';
import { seriesEndLines, summaryLines } from '../../front/solveText.ts';
import { cellTransform, digitsClass, setupGrid } from '../ui/board.ts';
import { button, h, helpOverlay, OverlaySlot, onActions, overlay, setText } from '../ui/dom.ts';
import {
  onRanked,
  type RankedAction,
  type RankedEnd,
  rankedEndKind,
  rankedEndOverlay,
  resignButton,
} from '../ui/rankedEnd.ts';
import { showSubmit, submitButton } from '../ui/submit.ts';

/** How the player moves tiles: the pointer's way, and whether the arrows move the gap. */
export interface Controls {
  readonly hover: boolean;
  readonly invert: boolean;
}

/** The keys and controls line (also the help dialog's text). */
export function keysHelp(c: Controls, series: boolean): string {
  return [
    c.hover
      ? 'Hover: the tile under the mouse slides as soon as it is in the gap’s row or column (tap on a touch screen)'
      : 'Click or tap a tile in the gap’s row or column',
    c.invert ? 'arrows/WASD/hjkl move the gap' : 'arrows/WASD/hjkl slide into the gap',
    'U undo',
    series ? 'N start again' : 'N new',
    'I hint · P solve (any key stops it) · ? help · Q or Esc menu',
  ].join(' · ');
}

/** The keys and controls line of a ranked puzzle: no undo, hint or solver there. */
export function rankedKeysHelp(c: Controls): string {
  return [
    keysHelp(c, false).split(' · ').slice(0, 2).join(' · '),
    '? help',
    'Q or Esc menu (the clock runs on the server)',
  ].join(' · ');
}

/** How long a split's line stays on the notice line. */
const SPLIT_MS = 4000;

export interface ViewPuzzleHandlers {
  command(cmd: CommandPuzzle): void;
  menu(): void;
  numbers(show: boolean): void;
  /** Share the finished game (a replay link). */
  share(): void;
  /** Submit the solved puzzle to the leaderboards. */
  submit(): void;
  /** Whether a solved puzzle can be submitted (a leaderboard server serves the page). */
  canSubmit(): boolean;
  /** A ranked game's own buttons (resign, play again, the leaderboards). */
  ranked?(action: RankedAction): void;
}

/** How tiles look: the picture (a URL) or none, and whether numbers show on pictures. */
export interface Look {
  readonly picture: string | null;
  readonly numbers: boolean;
}

/** What the solver is doing, for the progress line. */

export class ViewPuzzle {
  readonly root: HTMLElement;
  readonly board: HTMLElement;
  private readonly layer: HTMLElement;
  private readonly title: HTMLElement;
  private readonly moves: HTMLElement;
  private readonly time: HTMLElement;
  private readonly best: HTMLElement;
  /** A series' puzzle number ("2 of 5") and total time, shown instead of the moves. */
  private readonly at: HTMLElement;
  private readonly total: HTMLElement;
  private readonly movesStat: HTMLElement;
  private readonly seriesStats: HTMLElement[];
  private readonly keysLine: HTMLElement;
  private readonly newBtn: HTMLButtonElement;
  private controls: Controls = { hover: false, invert: false };
  /** A split's line, shown on the notice line for a while. */
  private flashText = '';
  private flashTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly notice: HTMLElement;
  /** The hinted tile, said to a screen reader as the hint comes (the board shows it). */
  private readonly hintSaid: HTMLElement;
  private readonly status: HTMLElement;
  private readonly bar: HTMLProgressElement;
  private readonly undoBtn: HTMLButtonElement;
  private readonly hintBtn: HTMLButtonElement;
  private readonly solveBtn: HTMLButtonElement;
  private readonly numbersBox: HTMLInputElement;
  private readonly numbersLabel: HTMLElement;
  private tileEls: HTMLElement[] = [];
  private width = 0;
  private readonly overlays: OverlaySlot;
  /** The win overlay's solve summary (its optimal count may come after the solve). */
  private summaryEl: HTMLElement | null = null;
  private look: Look = { picture: null, numbers: true };
  /** The daily challenge's puzzle: its title says so for the whole game. */
  private daily = false;
  /** The parts of the screen a ranked game has not (new, undo, hint, solve, best, solver line). */
  private readonly offline: HTMLElement[] = [];
  private readonly resignBtn = resignButton();
  /** A ranked game is shown: its end (null while it is played), else false. */
  private ranked: RankedEnd | null | false = false;
  /** A ranked game's title (the view's own otherwise). */
  private rankedTitle = '';

  constructor(private readonly on: ViewPuzzleHandlers) {
    this.title = h('h1', {});
    this.moves = h('span', { class: 'stat-value', 'data-testid': 'moves' }, '0');
    this.time = h('span', { class: 'stat-value', 'data-testid': 'time' }, '0:00');
    this.best = h('span', { class: 'stat-value stat-small', 'data-testid': 'best' }, '—');
    this.at = h('span', { class: 'stat-value', 'data-testid': 'series-at' });
    this.total = h('span', { class: 'stat-value', 'data-testid': 'series-total' }, '0:00');
    const stat = (label: string, value: HTMLElement) =>
      h('div', { class: 'stat' }, h('span', { class: 'stat-label' }, label), value);
    this.movesStat = stat('Moves', this.moves);
    this.seriesStats = [stat('Puzzle', this.at), stat('Total', this.total)];
    this.keysLine = h('p', { class: 'keys-help' });
    this.newBtn = button('New puzzle', { action: 'new', shortcut: 'N' });
    this.notice = h('p', { class: 'notice', 'data-testid': 'notice' });
    this.status = h('span', { 'data-testid': 'solver-status' });
    this.hintSaid = h('p', { class: 'sr-only', 'aria-live': 'polite', 'data-testid': 'hint-said' });
    this.bar = h('progress', { max: 1, value: 0, 'aria-label': 'Building solver tables' });
    this.layer = h('div', { class: 'tiles' });
    this.board = h('div', {
      class: 'board board-puzzle',
      tabindex: 0,
      role: 'application',
      'aria-roledescription': 'sliding puzzle board',
      'data-testid': 'board',
    });
    this.undoBtn = button('Undo', { action: 'undo', shortcut: 'U' });
    this.hintBtn = button('Hint', { action: 'hint', shortcut: 'I', cls: 'btn btn-toggle' });
    this.solveBtn = button('Solve', { action: 'auto-solve', shortcut: 'P', cls: 'btn btn-toggle' });
    this.numbersBox = h('input', { type: 'checkbox', 'data-testid': 'numbers' });
    this.numbersLabel = h('label', { class: 'check' }, this.numbersBox, ' Numbers');
    this.overlays = new OverlaySlot(this.board, this.board);
    this.root = h(
      'section',
      { class: 'screen screen-play screen-puzzle', 'aria-label': 'Sliding puzzle' },
      h(
        'header',
        { class: 'topbar' },
        button('☰ Menu', { action: 'menu', cls: 'btn btn-menu', title: 'Back to the menu' }),
        this.title,
        h(
          'div',
          { class: 'stats' },
          this.seriesStats[0],
          this.movesStat,
          stat('Time', this.time),
          this.seriesStats[1],
          this.keep(stat('Best', this.best)),
        ),
      ),
      h(
        'div',
        { class: 'toolbar' },
        this.keep(this.newBtn),
        this.keep(this.undoBtn),
        this.keep(this.hintBtn),
        this.keep(this.solveBtn),
        this.resignBtn,
        this.numbersLabel,
      ),
      this.notice,
      this.keep(h('p', { class: 'solver-line', 'aria-live': 'off' }, this.status, this.bar)),
      h('div', { class: 'board-wrap' }, this.board),
      this.keysLine,
      this.hintSaid,
    );
    this.setControls(this.controls);
    onActions(this.root, ACTIONS, this.on);
    onRanked(this.root, (action) => this.on.ranked?.(action));
    this.numbersBox.addEventListener('change', () => this.on.numbers(this.numbersBox.checked));
  }

  /** Notes a part of the screen that only offline games have. */
  private keep<E extends HTMLElement>(el: E): E {
    this.offline.push(el);
    return el;
  }

  /**
   * Shows a ranked puzzle (dealt and timed by the server; `title` its name, null: an offline
   * puzzle): no new puzzle, undo, hint, solver or best, a Resign button, and the end dialog
   * {@link showRankedEnd} gives.
   */
  setRanked(title: string | null): void {
    const on = title !== null;
    this.ranked = on ? null : false;
    this.rankedTitle = title ?? '';
    for (const el of this.offline) el.hidden = on;
    this.resignBtn.hidden = !on;
    this.resignBtn.disabled = false;
    this.root.classList.toggle('ranked', on);
    this.setControls(this.controls);
  }

  /** A ranked game's end (null: it is played); shown at the next render. */
  showRankedEnd(end: RankedEnd | null): void {
    if (this.ranked === false) return;
    this.ranked = end;
    this.resignBtn.disabled = end !== null;
  }

  /** The tile number of an element on the board, if it is a tile. */
  tileOf(target: Element): number | null {
    const el = target.closest<HTMLElement>('.ptile');
    return el && this.board.contains(el) ? Number(el.dataset.tile) : null;
  }

  setLook(look: Look): void {
    this.look = look;
    this.board.classList.toggle('picture', look.picture !== null);
    this.board.classList.toggle('no-numbers', look.picture !== null && !look.numbers);
    if (look.picture) this.board.style.setProperty('--pic', `url("${look.picture}")`);
    else this.board.style.removeProperty('--pic');
    this.numbersBox.checked = look.numbers;
    this.numbersLabel.hidden = look.picture === null;
  }

  /** How tiles are moved, for the keys line, the help dialog and the board's label. */
  setControls(c: Controls, series = false): void {
    this.controls = c;
    setText(this.keysLine, this.ranked === false ? keysHelp(c, series) : rankedKeysHelp(c));
    const pointer = c.hover
      ? 'move the mouse onto a tile in the gap’s row or column, or tap it, to slide it'
      : 'click or tap a tile in the gap’s row or column to slide it';
    const arrows = c.invert
      ? 'Arrow keys or W A S D move the gap'
      : 'Arrow keys or W A S D slide a tile into the gap';
    this.board.setAttribute('aria-label', `Sliding puzzle. ${arrows}; ${pointer}.`);
  }

  /** Marks the screen as the daily challenge's (its title says "Daily"). */
  setDaily(daily: boolean): void {
    this.daily = daily;
  }

  /** Shows a split's line on the notice line for a few seconds (null: takes it away now). */
  flash(text: string | null): void {
    clearTimeout(this.flashTimer);
    this.flashText = text ?? '';
    setText(this.notice, this.flashText);
    if (text === null) return;
    this.flashTimer = setTimeout(() => {
      if (this.notice.textContent === this.flashText) setText(this.notice, '');
      this.flashText = '';
    }, SPLIT_MS);
  }

  /** Shows the model at time `now`; `animate` lets tiles slide (CSS transition). */
  render(m: ModelPuzzle, now: number, animate: boolean, solver: SolverStatus | null): void {
    const p = m.puzzle;
    const w = p.width;
    if (w !== this.width) this.build(w);
    this.board.classList.toggle('animate', animate);
    this.board.classList.toggle('solved', p.solved);
    const movable = new Set(movableTiles(p));
    const hinted = hintTile(m);
    p.tiles.forEach((t, i) => {
      const el = this.tileEls[t === 0 ? w * w - 1 : t - 1]!;
      const at = posOf(i, w);
      const tr = cellTransform(at);
      if (el.style.transform !== tr) el.style.transform = tr;
      el.dataset.row = String(at.row);
      el.dataset.col = String(at.col);
      if (t === 0) return;
      el.classList.toggle('movable', movable.has(t) && !p.solved);
      el.classList.toggle('hinted', hinted === t);
      el.classList.toggle('home', i === t - 1);
    });

    setText(this.hintSaid, hinted === null || p.solved ? '' : `Hint: slide tile ${hinted}`);
    this.renderStats(m, now);
    setText(this.notice, m.notice ?? this.flashText);
    this.undoBtn.disabled = p.previous === null || p.solved;
    this.hintBtn.disabled = p.solved;
    this.solveBtn.disabled = p.solved;
    this.hintBtn.setAttribute('aria-pressed', String(m.hint));
    this.solveBtn.setAttribute('aria-pressed', String(m.autoSolve));
    setText(this.solveBtn, m.autoSolve ? 'Stop' : 'Solve');
    const s = solver && wantsSolution(m) ? solver : null;
    setText(this.status, s?.text ?? '');
    this.bar.hidden = s?.progress === null || s === null;
    if (s?.progress != null) this.bar.value = s.progress;
    this.showOverlay(m, now);
    if (this.summaryEl && m.summary) showSummary(this.summaryEl, m.summary);
  }

  /** The title and the figures above the board: a single puzzle's, or a series'. */
  private renderStats(m: ModelPuzzle, now: number): void {
    const p = m.puzzle;
    const s = m.series;
    this.root.classList.toggle('series', s !== null);
    this.movesStat.hidden = s !== null;
    for (const el of this.seriesStats) el.hidden = s === null;
    setText(this.newBtn, s ? 'Start again' : 'New puzzle');
    this.tick(m, now);
    if (s) {
      setText(this.title, seriesName(s));
      const at = Math.min(s.splits.length + 1, s.widths.length);
      setText(this.at, `${at} of ${s.widths.length}`);
      setText(this.best, m.seriesBest ? formatSolveTime(m.seriesBest.timeMs) : '—');
      return;
    }
    const name = `${this.daily ? 'Daily ' : ''}${puzzleName(p.width)}`;
    setText(this.title, this.ranked === false ? name : this.rankedTitle);
    setText(this.moves, formatNumber(p.moves));
    const b = m.best;
    setText(
      this.best,
      b.moves === undefined ? '—' : `${formatNumber(b.moves)} · ${formatSolveTime(b.timeMs ?? 0)}`,
    );
  }

  /** Shows a notice until the next change (one the model does not hold: sharing). */
  setNotice(text: string): void {
    setText(this.notice, text);
  }

  /** Shows or hides the solved puzzle's Submit button. */
  showSubmit(shown: boolean): void {
    showSubmit(this.root, shown);
  }

  /** Updates only the timer (called every second while it runs). */
  tick(m: ModelPuzzle, now: number): void {
    // The clock ticks in seconds; a solved puzzle's time shows to the millisecond.
    const clock = m.puzzle.solved ? formatSolveTime : formatTime;
    setText(this.time, clock(elapsedMs(m.puzzle, now)));
    const s = m.series;
    // Once the series is over, its total to the millisecond (as the end box says it).
    if (s)
      setText(this.total, (seriesDone(s) ? formatSolveTime : formatTime)(seriesTimeMs(m, now)));
  }

  private build(w: number): void {
    this.width = w;
    this.tileEls = [];
    for (let t = 1; t <= w * w; t++) {
      const blank = t === w * w;
      const goal = posOf(t - 1, w);
      const el = h(
        'div',
        { class: blank ? 'ptile blank' : `ptile ${digitsClass(t)}`, 'data-tile': blank ? 0 : t },
        blank ? null : h('span', { class: 'pnum' }, String(t)),
      );
      // The tile's part of the picture: where it sits in the goal.
      el.style.backgroundPosition = `${(goal.col / (w - 1)) * 100}% ${(goal.row / (w - 1)) * 100}%`;
      el.style.setProperty('--layer', String(Math.min(goal.row, goal.col)));
      this.tileEls.push(el);
    }
    this.layer.replaceChildren(...this.tileEls);
    this.board.replaceChildren(setupGrid(this.board, w), this.layer);
    this.overlays.reset();
    this.setLook(this.look);
  }

  /**
   * The win overlay: the solve summary when the solve was just made (a puzzle solved before a
   * reload says its moves and time only), and the records it set.
   */
  private wonOverlay(m: ModelPuzzle, now: number): HTMLElement {
    const p = m.puzzle;
    const rec = m.records;
    const news = [rec?.moves ? 'fewest moves' : '', rec?.time ? 'fastest time' : ''].filter(
      Boolean,
    );
    const record = news.length ? `New record: ${news.join(' and ')}!` : '';
    const line = m.summary
      ? record
      : `${formatNumber(p.moves)} moves in ${formatTime(elapsedMs(p, now))}.` +
        (m.assisted ? ' (With the solver’s help: no records.)' : '') +
        (record ? ` ${record}` : '');
    const el = overlay('won', 'Solved!', line, [
      button('New puzzle', { action: 'new', cls: 'btn btn-primary', shortcut: 'N' }),
      button('Share', { action: 'share', title: 'Share a link that replays this solve' }),
      submitButton(this.on.canSubmit()),
      button('Menu', { action: 'menu' }),
    ]);
    this.summaryEl = null;
    if (m.summary) {
      this.summaryEl = h('div', {
        class: 'solve-summary',
        'data-testid': 'solve-summary',
        'aria-live': 'polite',
      });
      showSummary(this.summaryEl, m.summary);
      el.querySelector('h2')!.after(this.summaryEl);
    }
    return el;
  }

  /** A relay's or a marathon's end: its total, moves, splits and whether it is a new best. */
  private seriesOverlay(m: ModelPuzzle): HTMLElement {
    const lines = seriesEndLines(m);
    const el = overlay('won', 'Done!', '', [
      button('Again', { action: 'new', cls: 'btn btn-primary', shortcut: 'N' }),
      button('Menu', { action: 'menu' }),
    ]);
    const summary = h(
      'div',
      { class: 'solve-summary', 'data-testid': 'series-summary' },
      ...lines.map((line, i) =>
        h('div', { class: i === 0 ? 'summary-main' : 'summary-line' }, line),
      ),
    );
    el.querySelector('h2')!.after(summary);
    return el;
  }

  private showOverlay(m: ModelPuzzle, now: number): void {
    if (this.ranked !== false) {
      const end = this.ranked;
      const kind = m.overlay === 'help' ? 'help' : end ? rankedEndKind(end) : null;
      this.overlays.show(kind, () =>
        end ? rankedEndOverlay(end) : helpOverlay(rankedKeysHelp(this.controls)),
      );
      return;
    }
    const done = m.series !== null && seriesDone(m.series);
    const kind =
      m.overlay === 'confirm-new'
        ? 'confirm'
        : m.overlay === 'help'
          ? 'help'
          : done
            ? 'series-done'
            : m.puzzle.solved
              ? 'won'
              : null;
    this.overlays.show(kind, () => {
      if (kind === 'help') return helpOverlay(keysHelp(this.controls, m.series !== null));
      if (kind === 'won') return this.wonOverlay(m, now);
      if (kind === 'series-done') return this.seriesOverlay(m);
      const name = m.series?.kind;
      return overlay(
        'confirm',
        name ? `Start the ${name} again?` : 'Start a new puzzle?',
        name ? 'The time so far will be lost.' : 'This puzzle will be lost.',
        [
          button(name ? 'Start again' : 'New puzzle', {
            action: 'new-confirmed',
            cls: 'btn btn-primary',
            shortcut: 'Y',
          }),
          button('Cancel', { action: 'cancel', shortcut: 'Escape' }),
        ],
      );
    });
  }
}

/**
 * The summary's lines (time, moves and TPS first, then the optimal count, the averages it
 * improved and the current ones), written again only when they change.
 */
function showSummary(el: HTMLElement, s: SolveSummary): void {
  const lines = summaryLines(s);
  if (el.dataset.text === lines.join('\n')) return;
  el.dataset.text = lines.join('\n');
  el.replaceChildren(
    ...lines.map((line, i) => h('div', { class: i === 0 ? 'summary-main' : 'summary-line' }, line)),
  );
}

const ACTIONS: Record<string, CommandPuzzle> = {
  new: { type: 'new' },
  'new-confirmed': { type: 'new-confirmed' },
  cancel: { type: 'cancel' },
  undo: { type: 'undo' },
  hint: { type: 'hint' },
  'auto-solve': { type: 'auto-solve' },
};
