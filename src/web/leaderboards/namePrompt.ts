/**
 * The name prompt: an in-page dialog (never window.prompt) asking for the name other players
 * see on the leaderboards, checked by the API's own rule (checkName) before it is taken; a
 * refused name keeps the dialog open with the reason.
 */
import { checkName } from '../../net/api.ts';
import { h } from '../ui/dom.ts';

export interface NamePromptText {
  readonly title: string;
  /** The label of the button that takes the name. */
  readonly ok: string;
}

/**
 * Asks for a name, starting from `current`; resolves with the checked name (trimmed), or null
 * when the player cancels (Cancel or Escape).
 */
export function askName(current: string | null, text: NamePromptText): Promise<string | null> {
  return new Promise((resolve) => {
    const input = h('input', {
      type: 'text',
      id: 'player-name',
      maxlength: 100,
      autocomplete: 'nickname',
      spellcheck: 'false',
      'aria-describedby': 'player-name-help player-name-error',
      'data-testid': 'name-input',
    });
    input.value = current ?? '';
    const error = h('p', {
      class: 'name-error',
      id: 'player-name-error',
      role: 'alert',
      'data-testid': 'name-error',
    });
    const ok = h(
      'button',
      { type: 'submit', class: 'btn btn-primary', 'data-testid': 'name-ok' },
      text.ok,
    );
    const cancel = h(
      'button',
      { type: 'button', class: 'btn', 'data-testid': 'name-cancel' },
      'Cancel',
    );
    const form = h(
      'form',
      { class: 'name-form', novalidate: true },
      h('h2', { id: 'player-name-title' }, text.title),
      h(
        'p',
        { id: 'player-name-help' },
        'Other players see it beside your games: 1 to 24 characters.',
      ),
      h('label', { class: 'field', for: 'player-name' }, h('span', {}, 'Your name'), input),
      error,
      h('div', { class: 'overlay-buttons' }, ok, cancel),
    );
    const dialog = h(
      'dialog',
      {
        class: 'name-dialog',
        'aria-labelledby': 'player-name-title',
        'data-testid': 'name-dialog',
      },
      form,
    );
    let done = false;
    const finish = (name: string | null) => {
      if (done) return;
      done = true;
      dialog.close();
      dialog.remove();
      resolve(name);
    };
    // Keys typed here are the dialog's: none reaches the game behind it (Escape would leave it).
    dialog.addEventListener('keydown', (e) => e.stopPropagation());
    dialog.addEventListener('cancel', (e) => {
      e.preventDefault();
      finish(null);
    });
    cancel.addEventListener('click', () => finish(null));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const checked = checkName(input.value);
      if (!checked.ok) {
        error.textContent = `This name cannot be used: ${checked.error.message}.`;
        input.setAttribute('aria-invalid', 'true');
        input.focus();
        return;
      }
      finish(checked.value);
    });
    document.body.append(dialog);
    dialog.showModal();
    input.focus();
    input.select();
  });
}
