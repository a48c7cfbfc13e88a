/**
 * The duel screen: one 2048 board, the round and who slides or places, each finished round's
 * score, and for a person placing a 2/4 toggle, a cursor and cells to tap. Clicks and taps
 * become commands for the wiring file; the view never changes the model itself.
 */

import { formatNumber } from '../../front/format.ts';
import {
  type CommandDuel,
  duelResultLine,
  type ModelDuel,
  playerNames,
} from '../../front/modelDuel.ts';
import { button, h, helpOverlay, NoticeLine, OverlaySlot, onActions, overlay } from '../ui/dom.ts';
import { DuelBoard } from '../ui/duelBoard.ts';

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
  private readonly parts: DuelBoard;
  private readonly notice = new NoticeLine();
  private readonly overlays: OverlaySlot;

  constructor(private readonly on: ViewDuelHandlers) {
    this.parts = new DuelBoard((cmd) => this.on.command(cmd));
    const p = this.parts;
    this.board = p.board;
    this.overlays = new OverlaySlot(this.board, this.board);
    this.root = h(
      'section',
      { class: 'screen screen-play screen-duel', 'aria-label': 'Duel' },
      h(
        'header',
        { class: 'topbar' },
        button('☰ Menu', { action: 'menu', cls: 'btn btn-menu', title: 'Back to the menu' }),
        h('h1', {}, 'Duel'),
        p.stats,
      ),
      p.roles,
      p.rounds,
      h(
        'div',
        { class: 'toolbar' },
        button('New duel', { action: 'new', shortcut: 'N' }),
        button('Help', { action: 'help', shortcut: '?' }),
      ),
      p.turn,
      this.notice.el,
      p.wrap,
      p.placeBar,
      h('p', { class: 'keys-help' }, KEYS_HELP),
    );
    onActions(this.root, ACTIONS, this.on);
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
    this.parts.tapAt(x, y);
  }

  /** Shows the model; `ms` > 0 animates the slide that led to it. */
  render(m: ModelDuel, ms: number): void {
    this.parts.render(m, ms);
    this.notice.show(m.notice);
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
