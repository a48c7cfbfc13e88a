/**
 * The versus screen: two 2048 boards side by side (stacked on a narrow portrait screen), each
 * with its player's name, score, largest tile and the attacks waiting for it; an attack that
 * lands flashes its board and rings its tile. Each half of the screen is its own swipe area,
 * so two people can play on one tablet or phone. Clicks become commands for the wiring file;
 * the view never changes the model itself.
 */
import { maxTile } from '../../engine/game2048.ts';
import { formatNumber } from '../../front/format.ts';
import {
  type CommandVersus,
  type ModelVersus,
  resultLine,
  sideNames,
} from '../../front/modelVersus.ts';
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
import { SidePanel } from '../ui/sidePanel.ts';

const KEYS_HUMANS =
  'Player 1: W A S D or swipe on the left half · Player 2: arrows or swipe on the right half · N new match · R rematch · ? help · Q or Esc menu';
const KEYS_AI =
  'Arrows, WASD or swipe on your board · N new match · R rematch · ? help · Q or Esc menu';

/** The rules in the help dialog, with which attack cap plays better and why. */
const RULES =
  'Each merge sends the largest tile it made to the other board, where it lands as that board’s next new tile (attacks wait in a queue, one lands per move). First to the target wins; a board that cannot move loses once the other has made as many moves. Capping attacks (at 8, say) plays better: a big attack often merges with the receiver’s own tile and helps them, while small ones clutter the board.';

export interface ViewVersusHandlers {
  command(cmd: CommandVersus): void;
  menu(): void;
  /** Share the finished game (a replay link). */
  share(): void;
}

export class ViewVersus {
  readonly root: HTMLElement;
  readonly sides: readonly [SidePanel, SidePanel];
  private readonly goal: HTMLElement;
  private readonly notice = new NoticeLine();
  private readonly keysHelp: HTMLElement;
  private readonly arena: HTMLElement;
  private readonly overlays: OverlaySlot;

  constructor(private readonly on: ViewVersusHandlers) {
    this.sides = [new SidePanel(0), new SidePanel(1)];
    this.goal = h('p', { class: 'goal', 'data-testid': 'goal' });
    this.keysHelp = h('p', { class: 'keys-help' });
    this.arena = h('div', { class: 'arena' }, this.sides[0].root, this.sides[1].root);
    this.overlays = new OverlaySlot(this.arena, null);
    this.root = h(
      'section',
      { class: 'screen screen-play screen-versus', 'aria-label': 'Versus' },
      h(
        'header',
        { class: 'topbar' },
        button('☰ Menu', { action: 'menu', cls: 'btn btn-menu', title: 'Back to the menu' }),
        h('h1', {}, 'Versus'),
        h(
          'div',
          { class: 'toolbar' },
          button('New match', { action: 'new', shortcut: 'N' }),
          button('Help', { action: 'help', shortcut: '?' }),
        ),
      ),
      this.goal,
      this.notice.el,
      this.arena,
      this.keysHelp,
    );
    onActions(this.root, ACTIONS, this.on);
  }

  /** Shows the model; `ms` > 0 animates the boards that `moved`. */
  render(
    m: ModelVersus,
    ms: number,
    moved: readonly [boolean, boolean] = [false, false],
    attacked: readonly [boolean, boolean] = [false, false],
  ): void {
    for (const s of this.sides) s.render(m, moved[s.side] ? ms : 0, attacked[s.side]);
    const { target, attackCap } = m.match.rules;
    const cap = attackCap === null ? 'a merge sends its tile' : `attacks up to ${attackCap}`;
    setText(this.goal, `First to ${formatNumber(target)} wins · ${cap} to the other board`);
    this.notice.show(m.notice);
    setText(this.keysHelp, m.opponent.kind === 'ai' ? KEYS_AI : KEYS_HUMANS);
    this.root.classList.toggle('vs-ai', m.opponent.kind === 'ai');
    this.showOverlay(m);
  }

  /** Shows a notice the model does not hold (a damaged save, sharing) until the player acts. */
  setNotice(text: string): void {
    this.notice.set(text);
  }

  clearNotice(): void {
    this.notice.clear();
  }

  private showOverlay(m: ModelVersus): void {
    const kind = m.overlay ?? (m.match.over ? 'over' : null);
    this.overlays.show(kind, () => {
      const el =
        kind === 'help'
          ? helpOverlay(`${m.opponent.kind === 'ai' ? KEYS_AI : KEYS_HUMANS}. ${RULES}`)
          : kind === 'confirm-new'
            ? overlay('confirm', 'Start a new match?', 'This match will be lost.', [
                button('New match', {
                  action: 'new-confirmed',
                  cls: 'btn btn-primary',
                  shortcut: 'Y',
                }),
                button('Cancel', { action: 'cancel', shortcut: 'Escape' }),
              ])
            : overlay('over', resultLine(m) ?? 'Match over', summary(m), [
                button('Rematch', { action: 'rematch', cls: 'btn btn-primary', shortcut: 'R' }),
                button('Share', { action: 'share', title: 'Share a link that replays this match' }),
                button('Menu', { action: 'menu' }),
              ]);
      return el;
    });
  }
}

/** The match in one line: each side's score, largest tile and moves. */
function summary(m: ModelVersus): string {
  const names = sideNames(m.opponent);
  return m.match.games
    .map(
      (g, i) =>
        `${names[i]}: ${formatNumber(g.score)} points, largest ${formatNumber(maxTile(g.cells))}, ${formatNumber(g.moves)} moves`,
    )
    .join(' · ');
}

const ACTIONS: Record<string, CommandVersus> = {
  new: { type: 'new' },
  'new-confirmed': { type: 'new-confirmed' },
  cancel: { type: 'cancel' },
  rematch: { type: 'rematch' },
  help: { type: 'help' },
};
