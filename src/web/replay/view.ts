/**
 * The replay screen: what the code holds (one line), the replayed position drawn as the game
 * draws it (a 2048 or duel board, the two versus boards, the puzzle's tiles), and the player's
 * controls: play/pause, a step either way, the ends, the pace and a position slider. Clicks
 * become commands for the wiring file; the view never changes the model itself.
 */
import { posOf } from '../../engine/puzzle.ts';
import { formatNumber } from '../../front/format.ts';
import {
  type CommandReplay,
  clockText,
  lastIndex,
  type ModelReplay,
  paceLabel,
  paces,
  REPLAY_KEYS,
} from '../../front/modelReplay.ts';
import { type ReplayScreen, replayScreen, replaySummary } from '../../front/replayText.ts';
import { cellTransform, digitsClass, setupGrid } from '../ui/board.ts';
import { button, h, onActions, onSelectSteps, setText } from '../ui/dom.ts';
import { SidePanel } from '../ui/sidePanel.ts';
import { drawTiles } from '../ui/tiles.ts';

export interface ViewReplayHandlers {
  command(cmd: CommandReplay): void;
  menu(): void;
}

/** A 2048 board drawn from game states (2048 and duel replays). */
class Board2048 {
  readonly root: HTMLElement;
  private readonly tiles = h('div', { class: 'tiles' });
  private shown: ReplayScreen | null = null;

  constructor(size: number) {
    this.root = h('div', { class: 'board board-2048', 'data-testid': 'board' });
    this.root.replaceChildren(setupGrid(this.root, size), this.tiles);
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
  | { kind: 'versus'; sides: [SidePanel, SidePanel] };

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
      this.notice,
      this.detail,
      this.stageEl,
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
      ),
      h('div', { class: 'replay-seek', 'data-replay-part': '' }, this.slider, this.position),
      h('p', { class: 'keys-help', 'data-replay-part': '' }, REPLAY_KEYS),
    );
    this.listen();
  }

  private listen(): void {
    onActions(this.root, ACTIONS, this.on);
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
  }

  private buildStage(m: ModelReplay): Stage {
    const s = replayScreen(m.replay, 0);
    let stage: Stage;
    if (s.kind === 'versus') {
      const sides: [SidePanel, SidePanel] = [new SidePanel(0), new SidePanel(1)];
      this.stageEl.replaceChildren(h('div', { class: 'arena' }, sides[0].root, sides[1].root));
      stage = { kind: 'versus', sides };
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
  start: { type: 'start' },
  end: { type: 'end' },
  back: { type: 'step', by: -1 },
  forward: { type: 'step', by: 1 },
  'play-pause': { type: 'play-pause' },
};
