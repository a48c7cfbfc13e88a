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
      'aria-modal': 'false',
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
