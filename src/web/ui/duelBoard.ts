/**
 * A duel's board and the lines that go with it, shared by the duel screen and an online room's:
 * the board with its tiles and placing cursor, the round and who slides or places, each
 * finished round's score, the score and largest tile, and for a person placing a 2/4 toggle
 * and cells to tap. The screen lays the parts out; taps become commands for it, and nothing
 * here changes the model.
 */
import { whoIs } from '../../engine/duel.ts';
import { maxTile } from '../../engine/game2048.ts';
import type { Pos } from '../../engine/types.ts';
import { formatNumber } from '../../front/format.ts';
import { aiToAct, type CommandDuel, type ModelDuel, playerNames } from '../../front/modelDuel.ts';
import { turnLine } from './announceMatch.ts';
import { cellTransform, setupGrid } from './board.ts';
import { h, setText } from './dom.ts';
import { drawTiles, sameCells } from './tiles.ts';

export class DuelBoard {
  readonly board: HTMLElement;
  readonly wrap: HTMLElement;
  readonly roles: HTMLElement;
  readonly turn: HTMLElement;
  readonly rounds: HTMLElement;
  /** The score and the largest tile, as the top bar shows them. */
  readonly stats: HTMLElement;
  readonly placeBar: HTMLElement;
  private readonly score: HTMLElement;
  private readonly largest: HTMLElement;
  private readonly tiles: HTMLElement;
  private readonly cursor: HTMLElement;
  private readonly valueButtons: Record<2 | 4, HTMLButtonElement>;
  /** The tile a tap places. */
  private value: 2 | 4 = 2;
  private model: ModelDuel | null = null;
  private names: readonly [string, string] | undefined;
  private shown: ModelDuel['duel']['game'] | null = null;
  private size = 0;

  constructor(private readonly command: (cmd: CommandDuel) => void) {
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
    this.wrap = h('div', { class: 'board-wrap' }, this.board);
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
    this.stats = h(
      'div',
      { class: 'stats' },
      stat('Score', this.score),
      stat('Largest', this.largest),
    );
    this.placeBar.addEventListener('click', (e) => {
      const el = (e.target as Element).closest<HTMLElement>('[data-value-choice]');
      if (!el) return;
      this.value = el.dataset.valueChoice === '4' ? 4 : 2;
      if (this.model) this.render(this.model, 0, this.names);
    });
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
    this.command({ type: 'cursor-at', at });
    this.command({ type: 'place', value: this.value, at });
  }

  /**
   * Shows the model; `ms` > 0 animates the slide that led to it. `names`: the players' names
   * (default: the model's; "You" for the keyboard's player); `score`: the score to show (default
   * the board's; online, the server's while an action of yours waits). Returns the turn line shown.
   */
  render(
    m: ModelDuel,
    ms: number,
    names?: readonly [string, string],
    score: number = m.duel.game.score,
  ): string {
    this.model = m;
    this.names = names;
    const d = m.duel;
    const g = d.game;
    if (g.size !== this.size) {
      this.size = g.size;
      this.board.replaceChildren(setupGrid(this.board, g.size), this.tiles, this.cursor);
      this.shown = null;
    }
    if (g !== this.shown && !sameCells(g, this.shown)) drawTiles(this.tiles, g, this.shown, ms);
    this.shown = g;
    const ns = names ?? playerNames(m.players);
    const t = whoIs(d);
    const verb = (who: string, v: string) => `${who} ${who === 'You' ? v : `${v}s`}`;
    setText(this.score, formatNumber(score));
    setText(this.largest, formatNumber(maxTile(g.cells)));
    setText(
      this.roles,
      d.phase === 'over'
        ? 'Duel over'
        : `Round ${t.round + 1} of 2 · ${verb(ns[t.slider], 'slide')} · ${verb(ns[t.placer], 'place')}`,
    );
    setText(
      this.rounds,
      d.rounds
        .map((r, i) => `Round ${i + 1}: ${ns[r.slider]} scored ${formatNumber(r.score)}`)
        .join(' · '),
    );
    const aiTurn = aiToAct(m) !== null;
    const personPlaces = d.phase === 'place' && !aiTurn;
    let turn = turnLine(m, ns);
    if (aiTurn) turn = `${turn.replace(/\.$/, '')}…`;
    else if (personPlaces) turn = `${turn.replace(/\.$/, '')}: tap an empty cell.`;
    setText(this.turn, d.phase === 'over' ? '' : turn);
    this.turn.dataset.phase = d.phase;
    this.board.dataset.phase = aiTurn ? 'ai' : d.phase;
    this.placeBar.hidden = !personPlaces;
    this.cursor.hidden = !personPlaces;
    this.cursor.style.transform = cellTransform(m.cursor);
    for (const v of [2, 4] as const) {
      this.valueButtons[v].setAttribute('aria-pressed', String(this.value === v));
    }
    this.board.setAttribute(
      'aria-label',
      `Duel board. ${turn} Score ${formatNumber(score)}. Arrows or swipes slide; to place, move the cursor with the arrows and press 2 or 4, or tap a cell.`,
    );
    return turn;
  }
}
