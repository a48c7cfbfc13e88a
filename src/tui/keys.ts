/**
 * Decoding raw terminal input into keys. One chunk of input may hold several keys (typed fast,
 * or pasted); every one is returned, in order, so no key press is lost or doubled.
 */
import type { KeyInput } from '../front/keymap.ts';

export type KeyName =
  | 'home'
  | 'end'
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'escape'
  | 'enter'
  | 'space'
  | 'backspace'
  | 'tab'
  | 'ctrl-c'
  | 'ctrl-d'
  | 'ctrl-z'
  | 'char'
  | 'mouse'
  | 'unknown';

export interface Key {
  readonly name: KeyName;
  /** The character, for 'char' keys (letters as typed, case kept). */
  readonly ch?: string;
  /** Mouse press position (0-based column and row), for 'mouse'. */
  readonly x?: number;
  readonly y?: number;
  /** Mouse button (0 left, 1 middle, 2 right), for 'mouse'. */
  readonly button?: number;
}

const ARROWS: Record<string, KeyName> = {
  A: 'up',
  B: 'down',
  C: 'right',
  D: 'left',
  H: 'home',
  F: 'end',
};

/** Home and End as `ESC [ n ~` (xterm and the Linux console send 1/7 and 4/8). */
const TILDE: Record<string, KeyName> = { '1': 'home', '7': 'home', '4': 'end', '8': 'end' };

/** Decodes a chunk of raw input into keys. */
export function decodeKeys(data: string): Key[] {
  const keys: Key[] = [];
  let i = 0;
  while (i < data.length) {
    const c = data[i]!;
    if (c === '\x1b') {
      const next = data[i + 1];
      if (next === '[' || next === 'O') {
        // CSI or SS3: parameters then a final byte in @..~
        let j = i + 2;
        if (next === '[' && data[j] === '<') {
          // SGR mouse: ESC [ < b ; x ; y (M|m)
          const m = /^<(\d+);(\d+);(\d+)([Mm])/.exec(data.slice(j));
          if (m) {
            const b = Number(m[1]);
            // Report presses of buttons without motion or wheel bits.
            if (m[4] === 'M' && (b & 0b1100000) === 0) {
              keys.push({ name: 'mouse', button: b & 3, x: Number(m[2]) - 1, y: Number(m[3]) - 1 });
            }
            i = j + m[0].length;
            continue;
          }
        }
        while (j < data.length && !/[@-~]/.test(data[j]!)) j++;
        const final = data[j];
        const params = data.slice(i + 2, j);
        i = j + 1;
        if (final && ARROWS[final] && (next === 'O' || /^[\d;]*$/.test(params))) {
          keys.push({ name: ARROWS[final]! });
        } else if (final === '~' && next === '[' && TILDE[params]) {
          keys.push({ name: TILDE[params]! });
        } else {
          keys.push({ name: 'unknown' });
        }
        continue;
      }
      if (next === undefined || next === '\x1b') {
        keys.push({ name: 'escape' });
        i += 1;
        continue;
      }
      // Alt+key: treat as the key itself would be surprising; report unknown.
      keys.push({ name: 'unknown' });
      i += 2;
      continue;
    }
    i += 1;
    if (c === '\r' || c === '\n') keys.push({ name: 'enter' });
    else if (c === ' ') keys.push({ name: 'space' });
    else if (c === '\x7f' || c === '\b') keys.push({ name: 'backspace' });
    else if (c === '\t') keys.push({ name: 'tab' });
    else if (c === '\x03') keys.push({ name: 'ctrl-c' });
    else if (c === '\x04') keys.push({ name: 'ctrl-d' });
    else if (c === '\x1a') keys.push({ name: 'ctrl-z' });
    else if (c < ' ') keys.push({ name: 'unknown' });
    else keys.push({ name: 'char', ch: c });
  }
  return keys;
}

const KEY_NAMES: Partial<Record<KeyName, string>> = {
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  home: 'Home',
  end: 'End',
  escape: 'Escape',
  enter: 'Enter',
  space: ' ',
  backspace: 'Backspace',
  tab: 'Tab',
};

/** A terminal key as the shared keymap reads keys (browser names); null for mouse and unknowns. */
export function keyInput(key: Key): KeyInput | null {
  if (key.name === 'char') return { key: key.ch! };
  const name = KEY_NAMES[key.name];
  return name ? { key: name } : null;
}
