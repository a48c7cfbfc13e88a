/**
 * What the 2048 and puzzle views show only in a ranked game (dealt and timed by the server): the
 * Resign button, and the end dialog with the figures the server counted, the rank and board, a
 * replay link when there is one, Play ranked again (not after the day's ranked daily), the
 * leaderboards at the game's board, and the menu.
 */
import { button, h, overlay } from './dom.ts';

/** The buttons only a ranked game has. */
export type RankedAction = 'resign' | 'again' | 'boards';

/** A ranked game's end dialog: its title and lines (the figures, the rank and board). */
export interface RankedEnd {
  readonly title: string;
  readonly lines: readonly string[];
  /** The game's replay link (null: none yet, as for today's ranked daily). */
  readonly replay: string | null;
  /** Whether Play ranked again is offered: not after today's ranked daily, played once a day. */
  readonly again: boolean;
}

/** A ranked game's button, routed by {@link onRanked}. */
function rankedButton(label: string, action: RankedAction, cls = 'btn', title?: string) {
  const b = button(label, { action, cls, ...(title ? { title } : {}) });
  b.dataset.ranked = action;
  return b;
}

/** The Resign button of a ranked game (hidden until the view shows one). */
export function resignButton(): HTMLButtonElement {
  const b = rankedButton('Resign', 'resign', 'btn', 'End this ranked game as it stands');
  b.hidden = true;
  return b;
}

/** The end dialog of a ranked game. */
export function rankedEndOverlay(end: RankedEnd): HTMLElement {
  const el = overlay('ranked-end', end.title, '', [
    ...(end.again ? [rankedButton('Play ranked again', 'again', 'btn btn-primary')] : []),
    rankedButton('Leaderboards', 'boards', end.again ? 'btn' : 'btn btn-primary'),
    button('Menu', { action: 'menu' }),
  ]);
  const lines = h(
    'div',
    { class: 'solve-summary', 'data-testid': 'ranked-end' },
    ...end.lines.map((line, i) =>
      h('div', { class: i === 0 ? 'summary-main' : 'summary-line' }, line),
    ),
  );
  el.querySelector('h2')!.after(lines);
  if (end.replay) {
    el.querySelector('.overlay-buttons')!.append(
      h('a', { href: end.replay, class: 'btn', 'data-testid': 'ranked-replay' }, 'Replay'),
    );
  }
  return el;
}

/** The overlay's kind for a ranked end: a new one when its lines change. */
export function rankedEndKind(end: RankedEnd): string {
  return `ranked-end ${end.lines.join(' ')} ${end.replay ?? ''}`;
}

/** Routes clicks on a view's ranked buttons (`data-ranked`) to its handler. */
export function onRanked(root: HTMLElement, on: (action: RankedAction) => void): void {
  root.addEventListener('click', (e) => {
    const el = (e.target as Element).closest<HTMLElement>('[data-ranked]');
    if (el && root.contains(el)) on(el.dataset.ranked as RankedAction);
  });
}
