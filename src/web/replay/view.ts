/**
 * The replay screen: what the code holds (one line), the replayed position drawn as the game
 * draws it (a 2048 or duel board, the two versus boards, the puzzle's tiles), and the player's
 * controls: play/pause, a step either way, the ends, the pace and a position slider. Clicks
 * become commands for the wiring file; the view never changes the model itself.
 *
 * With an analysis (analysis.ts), a panel beside the board (under it on a narrow screen) shows
 * its progress and Cancel, then the summary, the mark of the move played from the position on
 * screen, the chart of the game's course (a click shows that move) and the jumps between
 * mistakes; the better move is drawn on the board (an arrow on 2048, an outlined tile on the
 * puzzle).
 */
import { posOf } from '../../engine/puzzle.ts';
import type { Direction, Pos } from '../../engine/types.ts';
import { formatNumber } from '../../front/format.ts';
import {
  type GameAnalysis,
  type Mark,
  type MarkMatch,
  markAt,
  markLines,
  mistakeCount,
  mistakeFrom,
  progressText,
  summaryLines,
} from '../../front/modelAnalysis.ts';
import {
  analysisKeyAction,
  type CommandReplay,
  clockText,
  lastIndex,
  type ModelReplay,
  mistakeTarget,
  paceLabel,
  paces,
  REPLAY_KEYS,
  shownAnalysis,
} from '../../front/modelReplay.ts';
import { type ReplayScreen, replayScreen, replaySummary } from '../../front/replayText.ts';
import { cellTransform, digitsClass, setupGrid } from '../ui/board.ts';
import { button, h, onActions, onSelectSteps, setText } from '../ui/dom.ts';
import { SidePanel } from '../ui/sidePanel.ts';
import { drawTiles } from '../ui/tiles.ts';
import {
  CHART_H,
  CHART_W,
  chartX,
  distancePoints,
  indexAtFraction,
  LOSS_TICKS,
  lossBars,
  lossHeight,
  percentOf,
  type ServerFigures,
  serverFiguresText,
} from './analysis.ts';

export interface ViewReplayHandlers {
  command(cmd: CommandReplay): void;
  menu(): void;
}

/**
 * The analysis's keys that do something now, in words (after the replay's own): i by what it
 * does, and n / N only while the analysis shows a mistake to go to.
 */
export function analysisKeys(m: ModelReplay): string {
  const keys: string[] = [];
  const action = analysisKeyAction(m);
  if (action === 'analyse') keys.push('i analyse');
  if (action === 'stop') keys.push('i stop analysing');
  if (action === 'hide') keys.push('i hide analysis');
  if (action === 'show') keys.push('i show analysis');
  const next = mistakeTarget(m, 1) !== null;
  const prev = mistakeTarget(m, -1) !== null;
  if (next && prev) keys.push('n / N next / previous mistake');
  else if (next) keys.push('n next mistake');
  else if (prev) keys.push('N previous mistake');
  return keys.join(' · ');
}

const SVG = 'http://www.w3.org/2000/svg';

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number> = {},
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/** A button whose name is read without its arrow sign. */
function named(b: HTMLButtonElement, label: string): HTMLButtonElement {
  b.setAttribute('aria-label', label);
  return b;
}

/** Degrees to turn an arrow pointing right so that it points `d`. */
const TURN: Readonly<Record<Direction, number>> = { right: 0, down: 90, left: 180, up: 270 };

/** An arrow from the board's centre towards its side `d` (viewBox 0 0 100 100). */
function arrow(kind: 'better' | 'played', d: Direction): SVGGElement {
  const g = svg('g', {
    class: `move-arrow move-arrow-${kind}`,
    'data-testid': `${kind}-move`,
    'data-direction': d,
    transform: `rotate(${TURN[d]} 50 50)`,
  });
  g.append(
    svg('path', {
      d: kind === 'better' ? 'M56 50 H80 M74 38 L88 50 L74 62' : 'M56 50 H80 M74 40 L86 50 L74 60',
    }),
  );
  return g;
}

/** Draws in `el` the better move (and the move played, when it differs), or none. */
function showArrows(el: SVGSVGElement, better: Direction | null, played: Direction | null): void {
  const key = `${better} ${played}`;
  if (el.dataset.shown === key) return;
  el.dataset.shown = key;
  el.replaceChildren(
    ...(played && played !== better ? [arrow('played', played)] : []),
    ...(better ? [arrow('better', better)] : []),
  );
}

/** A cell's ring on an n×n board (viewBox 0 0 100 100). */
function cellRing(kind: 'better' | 'played', p: Pos, n: number): SVGCircleElement {
  const step = 100 / n;
  return svg('circle', {
    class: `cell-mark cell-mark-${kind}`,
    'data-testid': `${kind}-cell`,
    'data-row': p.row,
    'data-col': p.col,
    cx: (p.col + 0.5) * step,
    cy: (p.row + 0.5) * step,
    r: step * 0.3,
  });
}

/** Marks in `el` a placement's better cell (and the cell played, when it differs), or none. */
function showCells(el: SVGSVGElement, better: Pos | null, played: Pos | null, n: number): void {
  const key = `cells ${better?.row},${better?.col} ${played?.row},${played?.col}`;
  if (el.dataset.shown === key) return;
  el.dataset.shown = key;
  const same = better && played && better.row === played.row && better.col === played.col;
  el.replaceChildren(
    ...(played && !same ? [cellRing('played', played, n)] : []),
    ...(better ? [cellRing('better', better, n)] : []),
  );
}

/** A layer of the analysis's marks over a board. */
function marksLayer(): SVGSVGElement {
  return svg('svg', { class: 'move-arrows', viewBox: '0 0 100 100', 'aria-hidden': 'true' });
}

/** A 2048 board drawn from game states (2048 and duel replays). */
class Board2048 {
  readonly root: HTMLElement;
  private readonly tiles = h('div', { class: 'tiles' });
  private shown: ReplayScreen | null = null;

  /** The analysis's arrows over the tiles. */
  private readonly arrows = marksLayer();

  constructor(size: number) {
    this.root = h('div', { class: 'board board-2048', 'data-testid': 'board' });
    this.root.replaceChildren(setupGrid(this.root, size), this.tiles, this.arrows);
  }

  /** Draws the better move (and the move played, when it differs), or none. */
  showMoves(better: Direction | null, played: Direction | null): void {
    showArrows(this.arrows, better, played);
  }

  /** Marks a duel placement's better cell (and the cell played, when it differs), or none. */
  showCells(better: Pos | null, played: Pos | null, n: number): void {
    showCells(this.arrows, better, played, n);
  }

  render(s: ReplayScreen & { kind: '2048' | 'duel' }, ms: number): void {
    const game = s.kind === '2048' ? s.model.game : s.model.duel.game;
    const before = this.shown;
    const prev =
      before?.kind === '2048'
        ? before.model.game
        : before?.kind === 'duel'
          ? before.model.duel.game
          : null;
    drawTiles(this.tiles, game, prev, ms);
    this.shown = s;
  }
}

/** The puzzle's numbered tiles, placed by transforms (they slide when the board animates). */
class BoardPuzzle {
  readonly root: HTMLElement;
  private readonly els: HTMLElement[] = [];

  constructor(width: number) {
    this.root = h('div', { class: 'board board-puzzle', 'data-testid': 'board' });
    const layer = h('div', { class: 'tiles' });
    for (let t = 1; t < width * width; t++) {
      const el = h(
        'div',
        { class: `ptile ${digitsClass(t)}`, 'data-tile': t },
        h('span', { class: 'pnum' }, String(t)),
      );
      this.els.push(el);
    }
    layer.replaceChildren(...this.els);
    this.root.replaceChildren(setupGrid(this.root, width), layer);
  }

  /** Outlines the better tile to slide (and the tile played, when it differs), or none. */
  showTiles(better: number | null, played: number | null): void {
    this.els.forEach((el, i) => {
      const t = i + 1;
      el.classList.toggle('better-tile', t === better);
      el.classList.toggle('played-tile', t === played && t !== better);
      if (t === better) el.dataset.testid = 'better-tile';
      else delete el.dataset.testid;
    });
  }

  render(s: ReplayScreen & { kind: 'puzzle' }, animate: boolean): void {
    const p = s.model.puzzle;
    this.root.classList.toggle('animate', animate);
    p.tiles.forEach((t, i) => {
      if (t === 0) return;
      const el = this.els[t - 1]!;
      const at = posOf(i, p.width);
      el.style.transform = cellTransform(at);
      el.dataset.row = String(at.row);
      el.dataset.col = String(at.col);
      el.classList.toggle('home', i === t - 1);
    });
  }
}

type Stage =
  | { kind: '2048' | 'duel'; board: Board2048 }
  | { kind: 'puzzle'; board: BoardPuzzle }
  | { kind: 'versus'; sides: [SidePanel, SidePanel]; marks: [SVGSVGElement, SVGSVGElement] };

export class ViewReplay {
  readonly root: HTMLElement;
  private readonly summary = h('p', { class: 'goal', 'data-testid': 'replay-summary' });
  private readonly notice = h('p', { class: 'notice', 'data-testid': 'notice' });
  private readonly detail = h('p', { class: 'replay-detail', 'data-testid': 'replay-detail' });
  private readonly stageEl = h('div', { class: 'replay-stage' });
  private readonly position = h('span', {
    class: 'replay-position',
    'data-testid': 'replay-position',
  });
  private readonly playBtn = button('Play', {
    action: 'play-pause',
    shortcut: 'Space',
    cls: 'btn btn-primary btn-toggle',
  });
  private readonly slider = h('input', {
    type: 'range',
    min: 0,
    value: 0,
    'aria-label': 'Position in the game',
    'data-testid': 'replay-slider',
  });
  private readonly speed = h('select', {
    class: 'speed',
    'aria-label': 'Pace',
    'data-testid': 'replay-speed',
  });
  private stage: Stage | null = null;
  private readonly serverLine = h('p', {
    class: 'replay-server',
    'data-testid': 'server-figures',
    hidden: true,
  });
  private readonly analyseBtn = button('Analyse', {
    action: 'analyse',
    shortcut: 'I',
    title: 'Judge every move, by the AI or the optimal solver',
    cls: 'btn btn-analyse',
  });
  private readonly keysHelp = h('p', { class: 'keys-help', 'data-replay-part': '' }, REPLAY_KEYS);
  private readonly progressText = h('span', {
    class: 'analysis-progress-text',
    'data-testid': 'analysis-progress-text',
  });
  private readonly progressBar = h('progress', {
    max: 100,
    value: 0,
    'aria-label': 'Analysis progress',
    'data-testid': 'analysis-progress',
  });
  private readonly cancelBtn = button('Cancel', {
    action: 'cancel-analysis',
    shortcut: 'I',
    title: 'Stop the analysis',
    cls: 'btn',
  });
  private readonly progressBox = h(
    'div',
    { class: 'analysis-progress' },
    this.progressText,
    this.progressBar,
    this.cancelBtn,
  );
  private readonly failedLine = h('p', {
    class: 'analysis-failed',
    'data-testid': 'analysis-failed',
  });
  private readonly resultSummary = h('p', {
    class: 'analysis-summary',
    'data-testid': 'analysis-summary',
  });
  private readonly resultJudge = h('p', { class: 'analysis-judge' });
  private readonly mark = h('p', { class: 'analysis-mark', 'data-testid': 'analysis-mark' });
  private readonly chartCaption = h('p', { class: 'analysis-caption' });
  private readonly chart = svg('svg', {
    class: 'analysis-chart',
    viewBox: `0 0 ${CHART_W} ${CHART_H}`,
    preserveAspectRatio: 'none',
    role: 'img',
    'data-testid': 'analysis-chart',
  });
  private readonly marker = svg('line', { class: 'chart-now', y1: 0, y2: CHART_H });
  private readonly prevBtn = named(
    button('◀ Mistake', {
      action: 'previous-mistake',
      shortcut: 'Shift+N',
      title: 'The previous mistake',
    }),
    'Previous mistake',
  );
  private readonly nextBtn = named(
    button('Mistake ▶', { action: 'next-mistake', shortcut: 'N', title: 'The next mistake' }),
    'Next mistake',
  );
  private readonly resultBox = h(
    'div',
    { class: 'analysis-result' },
    this.resultSummary,
    this.resultJudge,
    this.mark,
    this.chartCaption,
    h('div', { class: 'analysis-chart-wrap' }, this.chart),
    h(
      'div',
      { class: 'toolbar analysis-jumps', role: 'group', 'aria-label': 'Mistakes' },
      this.prevBtn,
      this.nextBtn,
    ),
  );
  private readonly panel = h(
    'section',
    {
      class: 'replay-analysis',
      'aria-label': 'Analysis',
      'data-testid': 'analysis',
      hidden: true,
    },
    this.progressBox,
    this.failedLine,
    this.resultBox,
  );
  /** The position drawn last. */
  private drawnScreen: ReplayScreen | null = null;
  /** The analysis drawn (its chart is made once). */
  private drawn: GameAnalysis | null = null;

  constructor(private readonly on: ViewReplayHandlers) {
    this.root = h(
      'section',
      { class: 'screen screen-play screen-replay', 'aria-label': 'Replay' },
      h(
        'header',
        { class: 'topbar' },
        button('☰ Menu', { action: 'menu', cls: 'btn btn-menu', title: 'Back to the menu' }),
        h('h1', {}, 'Replay'),
      ),
      this.summary,
      this.serverLine,
      this.notice,
      this.detail,
      this.stageEl,
      this.panel,
      h(
        'div',
        {
          class: 'toolbar replay-controls',
          role: 'group',
          'aria-label': 'Replay controls',
          'data-replay-part': '',
        },
        button('Start', { action: 'start', shortcut: 'Home', title: 'The start' }),
        button('◀', { action: 'back', shortcut: 'ArrowLeft', title: 'One move back' }),
        this.playBtn,
        button('▶', { action: 'forward', shortcut: 'ArrowRight', title: 'One move forward' }),
        button('End', { action: 'end', shortcut: 'End', title: 'The end' }),
        h('label', { class: 'speed-label' }, 'Pace ', this.speed),
        this.analyseBtn,
      ),
      h('div', { class: 'replay-seek', 'data-replay-part': '' }, this.slider, this.position),
      this.keysHelp,
    );
    this.listen();
  }

  private listen(): void {
    onActions(this.root, ACTIONS, this.on);
    this.chart.addEventListener('click', (e) => {
      const r = this.drawn;
      if (!r) return;
      const box = this.chart.getBoundingClientRect();
      const index = indexAtFraction(r, (e.clientX - box.left) / box.width);
      this.on.command({ type: 'seek', index });
    });
    this.slider.addEventListener('input', () =>
      this.on.command({ type: 'seek', index: Number(this.slider.value) }),
    );
    // A higher index is more moves a second.
    onSelectSteps(this.speed, (up) => this.on.command({ type: up ? 'faster' : 'slower' }));
  }

  /** Shows a message instead of a replay (a code that was refused). */
  showProblem(text: string): void {
    // No replay, no controls: nothing on screen that does nothing.
    this.showParts(false);
    this.stage = null;
    this.stageEl.replaceChildren();
    setText(this.summary, '');
    setText(this.detail, '');
    setText(this.notice, text);
    this.slider.max = '0';
    setText(this.position, '');
    this.showServerFigures(null, '');
    this.showAnalysis(null, null);
  }

  /** The server's figures for this game (from a leaderboard's link), or none. */
  showServerFigures(f: ServerFigures | null, kind: string): void {
    this.serverLine.hidden = f === null;
    setText(this.serverLine, f ? serverFiguresText(f, kind) : '');
  }

  /**
   * Shows the analysis as the model has it (null: no replay), at the position on screen;
   * `note` says why a puzzle's distances are lower bounds where they could have been exact.
   */
  showAnalysis(m: ModelReplay | null, note: string | null): void {
    const a = m?.analysis ?? null;
    const action = m ? analysisKeyAction(m) : null;
    const result = m ? shownAnalysis(m) : null;
    const index = m?.index ?? 0;
    // What has the focus before a button hides (a browser may drop it at once).
    const at = document.activeElement;
    this.analyseBtn.hidden = action !== 'analyse' && action !== 'show';
    setText(this.analyseBtn, action === 'show' ? 'Show analysis' : 'Analyse');
    const more = m ? analysisKeys(m) : '';
    setText(this.keysHelp, more ? `${REPLAY_KEYS} · ${more}` : REPLAY_KEYS);
    const open = a?.status === 'running' || a?.status === 'failed' || result !== null;
    this.panel.hidden = !open;
    this.root.classList.toggle('replay-analysed', open);
    this.progressBox.hidden = a?.status !== 'running';
    this.failedLine.hidden = a?.status !== 'failed';
    this.resultBox.hidden = result === null;
    if (a?.status === 'running') {
      const pct = percentOf(a.done, a.total);
      setText(this.progressText, `${progressText(a)} (${pct}%)`);
      this.progressBar.value = pct;
    }
    if (a?.status === 'failed') setText(this.failedLine, `The analysis stopped: ${a.message}.`);
    // A button that just hid (Analyse, Cancel) hands the focus to the one that took its place.
    if (at instanceof HTMLElement && this.root.contains(at) && at.closest('[hidden]')) {
      const to = a?.status === 'running' ? this.cancelBtn : result ? this.nextBtn : this.analyseBtn;
      to.focus({ preventScroll: true });
    }
    if (result !== this.drawn) this.drawChart(result);
    if (result) {
      setText(this.resultJudge, note ?? '');
      this.resultJudge.hidden = note === null;
      setText(this.mark, markLines(result, index).join(' · '));
      const mk = markAt(result, index);
      this.mark.dataset.class =
        mk === null ? 'end' : 'class' in mk ? mk.class : mk.optimal ? 'optimal' : 'detour';
      const x = chartX(result, index);
      this.marker.setAttribute('visibility', x === null ? 'hidden' : 'visible');
      this.marker.setAttribute('x1', String(x ?? 0));
      this.marker.setAttribute('x2', String(x ?? 0));
      this.prevBtn.disabled = mistakeFrom(result, index, -1) === null;
      this.nextBtn.disabled = mistakeFrom(result, index, 1) === null;
    }
    const found = result ? markAt(result, index) : null;
    const st0 = this.stage;
    if (st0?.kind === 'versus' || st0?.kind === 'duel') this.showMatchMark(found);
    // A match's marks are drawn by showMatchMark.
    const mk = found && 'action' in found ? null : found;
    // The better move only where the played one is not as good (a 2048 move of no loss is).
    const better =
      mk === null ? null : 'class' in mk ? (mk.class === 'best' ? mk.played : mk.best) : mk.best;
    const st = this.stage;
    if (st?.kind === '2048') {
      st.board.showMoves(better as Direction | null, (mk?.played as Direction | undefined) ?? null);
    } else if (st?.kind === 'puzzle') {
      st.board.showTiles(better as number | null, (mk?.played as number | undefined) ?? null);
    }
  }

  /**
   * A match's mark on its boards: a slide's arrows on the board of the side that slides (a
   * versus match's own, the duel's one), a placement's better cell ringed; none without one.
   */
  private showMatchMark(found: Mark | null): void {
    const st = this.stage;
    const mk = found && 'action' in found ? (found as MarkMatch) : null;
    const better = (m: MarkMatch & { action: 'slide' }) => (m.class === 'best' ? m.played : m.best);
    if (st?.kind === 'versus') {
      st.sides.forEach((side, i) => {
        const layer = st.marks[i]!;
        if (!side.board.contains(layer)) side.board.append(layer);
        const mine = mk?.action === 'slide' && mk.side === i ? mk : null;
        showArrows(layer, mine ? better(mine) : null, mine?.played ?? null);
      });
    } else if (st?.kind === 'duel') {
      const s = this.drawnScreen;
      const n = s?.kind === 'duel' ? s.model.duel.size : 4;
      if (mk?.action === 'place') {
        const best = mk.class === 'best' ? mk.played.at : mk.best.at;
        st.board.showCells(best, mk.played.at, n);
      } else st.board.showMoves(mk ? better(mk) : null, mk?.played ?? null);
    }
    this.mark.dataset.side = mk ? String(mk.side) : '';
  }

  /** Makes the chart of an analysis (bars of the loss, or the distance line), or empties it. */
  private drawChart(r: GameAnalysis | null): void {
    this.drawn = r;
    if (!r) {
      this.chart.replaceChildren();
      return;
    }
    const mistakes = mistakeCount(r);
    setText(this.resultSummary, summaryLines(r).join(' · '));
    const parts: SVGElement[] = [];
    if (r.kind === '2048' || r.kind === 'match') {
      const what = r.kind === 'match' ? 'action' : 'move';
      const both = r.kind === 'match' ? ', P1 dark, P2 light' : '';
      setText(this.chartCaption, `Loss per ${what}${both} (log scale) · click one to see it`);
      this.chart.setAttribute(
        'aria-label',
        `Loss per ${what} of ${r.moves.length} ${what}s; ${mistakes} mistakes or blunders`,
      );
      for (const t of LOSS_TICKS) {
        const y = CHART_H - lossHeight(t) * CHART_H;
        parts.push(svg('line', { class: 'chart-tick', x1: 0, x2: CHART_W, y1: y, y2: y }));
      }
      for (const b of lossBars(r)) {
        parts.push(
          svg('rect', {
            class: `chart-loss loss-${b.cls}${b.side === undefined ? '' : ` side-${b.side}`}`,
            x: b.x,
            y: b.y,
            width: b.width,
            height: b.height,
          }),
        );
      }
    } else {
      const { points, max } = distancePoints(r);
      setText(this.chartCaption, `Distance to solved (0 to ${max}) · click a move to see it`);
      this.chart.setAttribute(
        'aria-label',
        `Distance to solved at each of ${points.length} positions; ${mistakes} detours`,
      );
      parts.push(
        svg('polyline', {
          class: 'chart-distance',
          points: points.map((p) => `${p.x},${p.y}`).join(' '),
        }),
      );
      for (const n of r.detours) {
        const p = points[n]!;
        parts.push(svg('line', { class: 'chart-detour', x1: p.x, x2: p.x, y1: CHART_H, y2: p.y }));
      }
    }
    this.chart.replaceChildren(...parts, this.marker);
  }

  private buildStage(m: ModelReplay): Stage {
    const s = replayScreen(m.replay, 0);
    let stage: Stage;
    if (s.kind === 'versus') {
      const sides: [SidePanel, SidePanel] = [new SidePanel(0), new SidePanel(1)];
      this.stageEl.replaceChildren(h('div', { class: 'arena' }, sides[0].root, sides[1].root));
      stage = { kind: 'versus', sides, marks: [marksLayer(), marksLayer()] };
    } else if (s.kind === 'puzzle') {
      stage = { kind: 'puzzle', board: new BoardPuzzle(s.model.puzzle.width) };
      this.stageEl.replaceChildren(h('div', { class: 'board-wrap' }, stage.board.root));
    } else {
      const size = s.kind === '2048' ? s.model.game.size : s.model.duel.size;
      stage = { kind: s.kind, board: new Board2048(size) };
      this.stageEl.replaceChildren(h('div', { class: 'board-wrap' }, stage.board.root));
    }
    this.root.classList.toggle('replay-versus', s.kind === 'versus');
    // Moves a second, or times the solve's speed for a code with move times.
    this.speed.replaceChildren(
      ...paces(m).map((_, i) => h('option', { value: i }, paceLabel(m, i))),
    );
    this.speed.setAttribute(
      'aria-label',
      m.clock ? 'Pace (times the real speed)' : 'Moves a second',
    );
    return stage;
  }

  /** Shows the model; `ms` > 0 animates a one-move step. */
  /** Shows or hides the controls, the seek bar and the keys: there only with a replay. */
  private showParts(shown: boolean): void {
    for (const el of this.root.querySelectorAll<HTMLElement>('[data-replay-part]')) {
      el.hidden = !shown;
    }
  }

  render(m: ModelReplay, ms: number): void {
    this.showParts(true);
    if (!this.stage) this.stage = this.buildStage(m);
    const s = replayScreen(m.replay, m.index);
    this.drawnScreen = s;
    const st = this.stage;
    if (st.kind === 'versus' && s.kind === 'versus') {
      const last = s.model.match.log.at(-1);
      for (const side of st.sides) {
        const hit = ms > 0 && last?.side === side.side && last.received !== null;
        side.render(s.model, last?.side === side.side ? ms : 0, hit, false);
      }
    } else if (st.kind === 'puzzle' && s.kind === 'puzzle') st.board.render(s, ms > 0);
    else if ((st.kind === '2048' || st.kind === 'duel') && (s.kind === '2048' || s.kind === 'duel'))
      st.board.render(s, ms);
    setText(this.summary, replaySummary(m.replay));
    const clock = clockText(m);
    setText(this.detail, clock ? `${detailLine(s)} · ${clock}` : detailLine(s));
    setText(this.notice, '');
    const last = lastIndex(m);
    this.slider.max = String(last);
    this.slider.value = String(m.index);
    setText(this.position, `Move ${formatNumber(m.index)} of ${formatNumber(last)}`);
    setText(this.playBtn, m.playing ? 'Pause' : 'Play');
    this.playBtn.setAttribute('aria-pressed', String(m.playing));
    this.speed.value = String(m.speed);
    this.speed.dataset.current = String(m.speed);
  }
}

/** The position's score (and the duel's roles), under the summary. */
function detailLine(s: ReplayScreen): string {
  switch (s.kind) {
    case '2048':
      return `Score ${formatNumber(s.model.game.score)}`;
    case 'puzzle':
      return `${formatNumber(s.model.puzzle.moves)} moves${s.model.puzzle.solved ? ' · solved' : ''}`;
    case 'versus':
      return '';
    case 'duel': {
      const d = s.model.duel;
      const rounds = d.rounds.map((r, i) => `round ${i + 1}: ${formatNumber(r.score)}`).join(' · ');
      return `Round ${d.round + 1} · score ${formatNumber(d.game.score)}${rounds ? ` · ${rounds}` : ''}`;
    }
  }
}

const ACTIONS: Record<string, CommandReplay> = {
  // The analysis key's command: runs it, stops it while it runs, shows it when hidden.
  analyse: { type: 'analyse' },
  'cancel-analysis': { type: 'analyse' },
  'next-mistake': { type: 'mistake', by: 1 },
  'previous-mistake': { type: 'mistake', by: -1 },
  start: { type: 'start' },
  end: { type: 'end' },
  back: { type: 'step', by: -1 },
  forward: { type: 'step', by: 1 },
  'play-pause': { type: 'play-pause' },
};
