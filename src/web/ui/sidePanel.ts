/**
 * One player's half of a versus match on screen: their name and keys, score, largest tile, the
 * attacks waiting for them and their board, which flashes when an attack lands. The versus
 * screen draws two, and so does the replay of a versus match.
 */
import { type Game, maxTile } from '../../engine/game2048.ts';
import type { Side } from '../../engine/versus.ts';
import { formatNumber } from '../../front/format.ts';
import { type ModelVersus, sideNames } from '../../front/modelVersus.ts';
import { setupGrid } from './board.ts';
import { h, setText } from './dom.ts';
import { drawTiles, sameCells } from './tiles.ts';

/** How long a board flashes when an attack lands on it (ms). */
const FLASH_MS = 600;

/** One player’s half of the versus screen. */
export class SidePanel {
  readonly root: HTMLElement;
  readonly board: HTMLElement;
  private readonly name: HTMLElement;
  private readonly keys: HTMLElement;
  private readonly score: HTMLElement;
  private readonly largest: HTMLElement;
  private readonly incoming: HTMLElement;
  private readonly tiles: HTMLElement;
  private shown: Game | null = null;
  private size = 0;
  private flashTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(readonly side: Side) {
    const n = side + 1;
    this.name = h('h2', { class: 'side-name', 'data-testid': `name-${n}` });
    this.keys = h('span', { class: 'side-keys' });
    this.score = h('span', { class: 'stat-value', 'data-testid': `score-${n}` }, '0');
    this.largest = h('span', { class: 'stat-value', 'data-testid': `largest-${n}` }, '0');
    this.incoming = h('p', { class: 'incoming', 'data-testid': `incoming-${n}` });
    this.tiles = h('div', { class: 'tiles' });
    this.board = h('div', {
      class: 'board board-2048',
      role: 'img',
      'data-testid': `board-${n}`,
    });
    const stat = (label: string, value: HTMLElement) =>
      h('div', { class: 'stat' }, h('span', { class: 'stat-label' }, label), value);
    this.root = h(
      'div',
      { class: `side side-${n}`, 'data-side': side, 'data-testid': `side-${n}` },
      h(
        'div',
        { class: 'side-head' },
        h('div', { class: 'side-title' }, this.name, this.keys),
        h('div', { class: 'stats' }, stat('Score', this.score), stat('Largest', this.largest)),
      ),
      this.incoming,
      h('div', { class: 'board-wrap' }, this.board),
    );
  }

  /**
   * Shows the side. `keys`: say which keys move it (false: none, in a replay; a text: those
   * words); `names`: the players' names (default: the model's, "Player 1" or "You"); `score`:
   * the score to show (default the board's; online, the server's while a move of yours waits).
   */
  render(
    m: ModelVersus,
    ms: number,
    attacked: boolean,
    keys: boolean | string = true,
    names: readonly [string, string] = sideNames(m.opponent),
    score: number = m.match.games[this.side].score,
  ): void {
    const side = this.side;
    const game = m.match.games[side];
    const name = names[side];
    if (game.size !== this.size) {
      this.size = game.size;
      this.board.replaceChildren(setupGrid(this.board, game.size), this.tiles);
      this.shown = null;
    }
    if (game !== this.shown && !sameCells(game, this.shown)) {
      drawTiles(this.tiles, game, this.shown, ms, attacked ? 'attack' : '');
    }
    this.shown = game;
    setText(this.name, name);
    const ai = m.opponent.kind === 'ai';
    this.keys.hidden = keys === false || keys === '';
    setText(
      this.keys,
      typeof keys === 'string'
        ? keys
        : ai
          ? side === 0
            ? 'arrows · WASD · swipe'
            : ''
          : side === 0
            ? 'W A S D'
            : 'arrows',
    );
    setText(this.score, formatNumber(score));
    setText(this.largest, formatNumber(maxTile(game.cells)));
    const queue = m.match.queues[side];
    let line: string;
    if (game.over && !m.match.over) line = `Out of moves after ${formatNumber(game.moves)}`;
    else if (queue.length === 0) line = 'No attack waiting';
    else {
      const more = queue.length > 1 ? ` (+${queue.length - 1} more)` : '';
      line = `Next tile: ${formatNumber(queue[0]!)} from ${names[side === 0 ? 1 : 0]}${more}`;
    }
    setText(this.incoming, line);
    this.incoming.classList.toggle('waiting', queue.length > 0);
    this.board.setAttribute(
      'aria-label',
      `${name}'s board: score ${formatNumber(score)}, largest tile ${formatNumber(maxTile(game.cells))}. ${line}.`,
    );
    this.root.classList.toggle('winner', m.match.winner === side);
    if (attacked) this.flash();
  }

  /** Marks the board hit for a moment (restarting the animation if it is still running). */
  private flash(): void {
    this.root.classList.remove('hit');
    void this.root.offsetWidth;
    this.root.classList.add('hit');
    if (this.flashTimer) clearTimeout(this.flashTimer);
    this.flashTimer = setTimeout(() => this.root.classList.remove('hit'), FLASH_MS);
  }
}
