/**
 * The Submit button of a finished game's dialog (2048 and the puzzle): there only when a
 * leaderboard server serves the page. The views route its clicks with their other actions.
 */
import { button } from './dom.ts';

/** The Submit button, hidden unless `shown` (see {@link showSubmit}). */
export function submitButton(shown: boolean): HTMLButtonElement {
  const b = button('Submit', { action: 'submit', title: 'Put this game on the leaderboards' });
  b.hidden = !shown;
  return b;
}

/** Shows or hides the Submit buttons in `root` (the leaderboard server was found). */
export function showSubmit(root: HTMLElement, shown: boolean): void {
  for (const b of root.querySelectorAll<HTMLElement>('[data-action="submit"]')) b.hidden = !shown;
}
