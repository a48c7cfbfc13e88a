/**
 * The duel screen: one 2048 board, the round and who slides or places, each finished round's
 * score, and for a person placing a 2/4 toggle, a cursor and cells to tap. Clicks and taps
 * become commands for the wiring file; the view never changes the model itself.
 */

import { whoIs } from '../../engine/duel.ts';
import { maxTile } from '../../engine/game2048.ts';
import type { Pos } from '../../engine/types.ts';
import { formatNumber } from '../../front/format.ts';
import {
  aiToAct,
  type CommandDuel,
  duelResultLine,
  type ModelDuel,
  playerNames,
} from '../../front/modelDuel.ts';
import { turnLine } from '../ui/announceMatch.ts';
import { cellTransform, setupGrid } from '../ui/board.ts';
import {
  button,
  h,
  helpOverlay,
  NoticeLine,
  OverlaySlot,
  onActions,
  overlay,
  setText,
} from '../ui/dom.ts';
import { drawTiles } from '../ui/tiles.ts';

const KEYS_HELP =
  'Sliding: arrows, WASD or swipe · Placing: tap an empty cell (the 2/4 toggle picks the tile), or move the cursor with the arrows and press 2 or 4 · N new duel · R rematch · ? help · Q or Esc menu';

export interface ViewDuelHandlers {
  command(cmd: CommandDuel): void;
  menu(): void;
  /** Share the finished game (a replay link). */
  share(): void;
}

export class ViewDuel {
  readonly root: HTMLElement;
  readonly board: HTMLElement;
  private readonly tiles: HTMLElement;
  private readonly cursor: HTMLElement;
  private readonly roles: HTMLElement;
  private readonly turn: HTMLElement;
  private readonly rounds: HTMLElement;
  private readonly score: HTMLElement;
  private readonly largest: HTMLElement;
  private readonly notice = new NoticeLine();
  private readonly placeBar: HTMLElement;
  private readonly valueButtons: Record<2 | 4, HTMLButtonElement>;
  /** The tile a tap places. */
  private value: 2 | 4 = 2;
  private model: ModelDuel | null = null;
  private shown: ModelDuel['duel']['game'] | null = null;
  private size = 0;
  private readonly overlays: OverlaySlot;

  constructor(private readonly on: ViewDuelHandlers) {
    this.roles = h('p', { class: 'duel-roles', 'data-testid': 'roles' });
    this.turn = h('p', { class: 'duel-turn', 'data-testid': 'turn' });
    this.rounds = h('p', { class: 'duel-rounds', 'data-testid': 'rounds' });
    this.score = h('span', { class: 'stat-value', 'data-testid': 'score' }, '0');
    this.largest = h('span', { class: 'stat-value', 'data-testid': 'largest' }, '0');
    this.tiles = h('div', { class: 'tiles' });
    this.cursor = h('div', { class: 'place-cursor', 'aria-hidden': 'true' });
    this.board = h('div', {
      class: 'board board-2048 board-duel',
      tabindex: 0,
      role: 'application',
      'aria-roledescription': 'duel board',
      'data-testid': 'board',
    });
    const valueButton = (v: 2 | 4) =>
      h(
        'button',
        {
          type: 'button',
          class: 'btn btn-toggle value-btn',
          'data-value-choice': v,
          'aria-pressed': v === 2 ? 'true' : 'false',
          title: `Place a ${v} (${v})`,
        },
        String(v),
      );
    this.valueButtons = { 2: valueButton(2), 4: valueButton(4) };
    this.placeBar = h(
      'div',
      { class: 'place-bar', role: 'group', 'aria-label': 'Tile to place' },
      h('span', {}, 'Tile to place:'),
      this.valueButtons[2],
      this.valueButtons[4],
    );
    const stat = (label: string, value: HTMLElement) =>
      h('div', { class: 'stat' }, h('span', { class: 'stat-label' }, label), value);
    this.overlays = new OverlaySlot(this.board, this.board);
    this.root = h(
      'section',
      { class: 'screen screen-duel', 'aria-label': 'Duel' },
      h(
        'header',
        { class: 'topbar' },
        button('☰ Menu', { action: 'menu', cls: 'btn btn-menu', title: 'Back to the menu' }),
        h('h1', {}, 'Duel'),
        h('div', { class: 'stats' }, stat('Score', this.score), stat('Largest', this.largest)),
      ),
      this.roles,
      this.rounds,
      h(
        'div',
        { class: 'toolbar' },
        button('New duel', { action: 'new', shortcut: 'N' }),
        button('Help', { action: 'help', shortcut: '?' }),
      ),
      this.turn,
      this.notice.el,
      h('div', { class: 'board-wrap' }, this.board),
      this.placeBar,
      h('p', { class: 'keys-help' }, KEYS_HELP),
    );
    this.listen();
  }

  private listen(): void {
    onActions(this.root, ACTIONS, this.on);
    this.root.addEventListener('click', (e) => {
      const el = (e.target as Element).closest<HTMLElement>('[data-value-choice]');
      if (!el || !this.root.contains(el)) return;
      this.value = el.dataset.valueChoice === '4' ? 4 : 2;
      if (this.model) this.render(this.model, 0);
    });
  }

  /** Shows a notice the model does not hold (a damaged save, sharing) until the player acts. */
  setNotice(text: string): void {
    this.notice.set(text);
  }

  clearNotice(): void {
    this.notice.clear();
  }

  /** A tap at a point of the screen: a placement there when a person places. */
  tapAt(x: number, y: number): void {
    const m = this.model;
    if (m?.duel.phase !== 'place' || aiToAct(m) !== null) return;
    const r = this.board.getBoundingClientRect();
    const n = m.duel.size;
    const cell = (v: number, from: number, size: number) =>
      Math.min(n - 1, Math.max(0, Math.floor(((v - from) / size) * n)));
    const at: Pos = { row: cell(y, r.top, r.height), col: cell(x, r.left, r.width) };
    // The cursor follows the finger, so the keyboard goes on from there.
    this.on.command({ type: 'cursor-at', at });
    this.on.command({ type: 'place', value: this.value, at });
  }

  /** Shows the model; `ms` > 0 animates the slide that led to it. */
  render(m: ModelDuel, ms: number): void {
    this.model = m;
    const d = m.duel;
    const g = d.game;
    if (g.size !== this.size) {
      this.size = g.size;
      this.board.replaceChildren(setupGrid(this.board, g.size), this.tiles, this.cursor);
      this.shown = null;
    }
    if (g !== this.shown) drawTiles(this.tiles, g, this.shown, ms);
    this.shown = g;
    const names = playerNames(m.players);
    const t = whoIs(d);
    setText(this.score, formatNumber(g.score));
    setText(this.largest, formatNumber(maxTile(g.cells)));
    setText(
      this.roles,
      d.phase === 'over'
        ? 'Duel over'
        : `Round ${t.round + 1} of 2 · ${names[t.slider]} ${names[t.slider] === 'You' ? 'slide' : 'slides'} · ${names[t.placer]} ${names[t.placer] === 'You' ? 'place' : 'places'}`,
    );
    setText(
      this.rounds,
      d.rounds
        .map((r, i) => `Round ${i + 1}: ${names[r.slider]} scored ${formatNumber(r.score)}`)
        .join(' · '),
    );
    const aiTurn = aiToAct(m) !== null;
    const personPlaces = d.phase === 'place' && !aiTurn;
    let turn = turnLine(m);
    if (aiTurn) turn = `${turn.replace(/\.$/, '')}…`;
    else if (personPlaces) turn = `${turn.replace(/\.$/, '')}: tap an empty cell.`;
    setText(this.turn, d.phase === 'over' ? '' : turn);
    this.turn.dataset.phase = d.phase;
    this.board.dataset.phase = aiTurn ? 'ai' : d.phase;
    this.notice.show(m.notice);
    this.placeBar.hidden = !personPlaces;
    this.cursor.hidden = !personPlaces;
    this.cursor.style.transform = cellTransform(m.cursor);
    for (const v of [2, 4] as const) {
      this.valueButtons[v].setAttribute('aria-pressed', String(this.value === v));
    }
    this.board.setAttribute(
      'aria-label',
      `Duel board. ${turn} Score ${formatNumber(g.score)}. Arrows or swipes slide; to place, move the cursor with the arrows and press 2 or 4, or tap a cell.`,
    );
    this.showOverlay(m);
  }

  private showOverlay(m: ModelDuel): void {
    const kind = m.overlay ?? (m.duel.phase === 'over' ? 'over' : null);
    this.overlays.show(kind, () => {
      const names = playerNames(m.players);
      const el =
        kind === 'help'
          ? helpOverlay(KEYS_HELP)
          : kind === 'confirm-new'
            ? overlay('confirm', 'Start a new duel?', 'This duel will be lost.', [
                button('New duel', {
                  action: 'new-confirmed',
                  cls: 'btn btn-primary',
                  shortcut: 'Y',
                }),
                button('Cancel', { action: 'cancel', shortcut: 'Escape' }),
              ])
            : overlay(
                'over',
                duelResultLine(m) ?? 'Duel over',
                m.duel.rounds
                  .map(
                    (r, i) =>
                      `Round ${i + 1}: ${names[r.slider]} scored ${formatNumber(r.score)} (largest ${formatNumber(r.maxTile)}, ${formatNumber(r.moves)} moves)`,
                  )
                  .join(' · '),
                [
                  button('Rematch', { action: 'rematch', cls: 'btn btn-primary', shortcut: 'R' }),
                  button('Share', {
                    action: 'share',
                    title: 'Share a link that replays this match',
                  }),
                  button('Menu', { action: 'menu' }),
                ],
              );
      return el;
    });
  }
}

const ACTIONS: Record<string, CommandDuel> = {
  new: { type: 'new' },
  'new-confirmed': { type: 'new-confirmed' },
  cancel: { type: 'cancel' },
  rematch: { type: 'rematch' },
  help: { type: 'help' },
};
