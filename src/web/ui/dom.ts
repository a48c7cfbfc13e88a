/** Small DOM helpers shared by the views. */

type Attrs = Record<string, string | number | boolean | null | undefined>;
type Child = Node | string | null | undefined | false;

/** Creates an element with attributes (false/null/undefined are left out) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c);
  }
  return el;
}

/** Sets text only when it changed (keeps screen readers and layout quiet). */
export function setText(el: Element, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

/** Whether the player asked the system for less motion. */
export function reducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** A button with a visible label and an optional keyboard shortcut shown in its title. */
export function button(
  label: string,
  opts: { cls?: string; title?: string; shortcut?: string; action: string },
): HTMLButtonElement {
  const title = opts.title ?? label;
  return h(
    'button',
    {
      type: 'button',
      class: opts.cls ?? 'btn',
      'data-action': opts.action,
      title: opts.shortcut ? `${title} (${opts.shortcut})` : title,
      'aria-keyshortcuts': opts.shortcut,
    },
    label,
  );
}

/** An overlay dialog over the board, with a title, a line and buttons. */
export function overlay(
  kind: string,
  title: string,
  text: string,
  buttons: HTMLButtonElement[],
): HTMLElement {
  const id = `overlay-title-${kind}`;
  return h(
    'div',
    {
      class: `overlay overlay-${kind}`,
      role: 'dialog',
      'aria-modal': 'true',
      'aria-labelledby': id,
    },
    h(
      'div',
      { class: 'overlay-box' },
      h('h2', { id }, title),
      text ? h('p', {}, text) : null,
      h('div', { class: 'overlay-buttons' }, ...buttons),
    ),
  );
}

/** The help dialog: the game's keys, closed by any key or its button. */
export function helpOverlay(keys: string): HTMLElement {
  return overlay('help', 'Keys', keys, [
    button('Close', { action: 'cancel', cls: 'btn btn-primary', shortcut: 'Escape' }),
  ]);
}

/** The elements of `root` that Tab goes to, in order. */
function focusables(root: HTMLElement): HTMLElement[] {
  return [
    ...root.querySelectorAll<HTMLElement>(
      'button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])',
    ),
  ].filter((el) => !el.hidden && !(el as HTMLButtonElement).disabled && el.offsetParent !== null);
}

/** Keeps Tab and Shift+Tab inside a dialog: from its last control to its first, and back. */
export function trapFocus(dialog: HTMLElement): void {
  dialog.addEventListener('keydown', (e) => {
    if (e.key !== 'Tab') return;
    const all = focusables(dialog);
    if (all.length === 0) return;
    const first = all[0]!;
    const last = all.at(-1)!;
    const at = document.activeElement;
    if (e.shiftKey ? at === first : at === last) {
      e.preventDefault();
      (e.shiftKey ? last : first).focus({ preventScroll: true });
    }
  });
}

/**
 * Where a view's overlay dialog goes: one at a time, replaced only when its kind changes, its
 * primary button focused and Tab kept inside it; when a focused dialog closes, focus goes back
 * to where it was before the dialog opened (else to `home`).
 */
export class OverlaySlot {
  private kind: string | null = null;
  private el: HTMLElement | null = null;
  /** What had the focus when the dialog opened. */
  private before: HTMLElement | null = null;

  constructor(
    private readonly host: HTMLElement,
    private readonly home: HTMLElement | null = null,
  ) {}

  /** Shows the dialog of `kind` (made by `make` when it changes), or none for null. */
  show(kind: string | null, make: () => HTMLElement): void {
    if (kind === this.kind) return;
    this.kind = kind;
    const hadFocus = this.el?.contains(document.activeElement) ?? false;
    this.el?.remove();
    if (this.el === null) {
      const at = document.activeElement;
      this.before = at instanceof HTMLElement && at !== document.body ? at : null;
    }
    this.el = null;
    if (!kind) {
      const back = this.before?.isConnected ? this.before : this.home;
      this.before = null;
      if (hadFocus) back?.focus({ preventScroll: true });
      return;
    }
    this.el = make();
    this.host.append(this.el);
    trapFocus(this.el);
    this.el.querySelector<HTMLButtonElement>('.btn-primary')?.focus({ preventScroll: true });
  }

  /** Forgets the dialog (the host was emptied). */
  reset(): void {
    this.kind = null;
    this.el = null;
    this.before = null;
  }
}

/**
 * A view's notice line: the model's notice, or one the model does not hold (a damaged save,
 * sharing) kept until {@link clear} (the player's next action).
 */
export class NoticeLine {
  readonly el = h('p', { class: 'notice', 'data-testid': 'notice' });
  private sticky: string | null = null;

  /** Shows a notice of the view's own until the player acts. */
  set(text: string): void {
    this.sticky = text;
    setText(this.el, text);
  }

  clear(): void {
    this.sticky = null;
  }

  /** Shows the model's notice, else the view's own. */
  show(fromModel: string | null): void {
    setText(this.el, fromModel ?? this.sticky ?? '');
  }
}

/**
 * Routes clicks on a view's `[data-action]` buttons: `menu`, `share` and `submit` to their
 * handlers, the others through `actions` to the view's commands.
 */
export function onActions<C>(
  root: HTMLElement,
  actions: Readonly<Record<string, C>>,
  on: { command(cmd: C): void; menu(): void; share?(): void; submit?(): void },
): void {
  root.addEventListener('click', (e) => {
    const el = (e.target as Element).closest<HTMLElement>('[data-action]');
    if (!el || !root.contains(el)) return;
    const action = el.dataset.action!;
    if (action === 'menu') on.menu();
    else if (action === 'share') on.share?.();
    else if (action === 'submit') on.submit?.();
    else {
      const cmd = actions[action];
      if (cmd !== undefined) on.command(cmd);
    }
  });
}

/**
 * A select whose setting the model changes one step at a time (a pace): `step(up)` is called
 * once per step from the value shown (`data-current`) to the one chosen.
 */
export function onSelectSteps(
  sel: HTMLSelectElement,
  step: (up: boolean) => void,
  then: HTMLElement | null = null,
): void {
  sel.addEventListener('change', () => {
    const want = Number(sel.value);
    const current = Number(sel.dataset.current ?? want);
    for (let i = 0; i < Math.abs(want - current); i++) step(want > current);
    // A choice made, the game's keys are the game's again (the arrows would change the list).
    if (then) then.focus({ preventScroll: true });
    else sel.blur();
  });
}
