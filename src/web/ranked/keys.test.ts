import { describe, expect, it } from 'vitest';
import type { KeyInput } from '../../front/keymap.ts';
import { rankedKey } from './keys.ts';

/** The screen's calls for a key, and whether the key was taken. */
function press(key: string, helpShown = false, mods: Partial<KeyInput> = {}) {
  const calls: string[] = [];
  const taken = rankedKey(
    { key, ...mods },
    {
      helpShown,
      help: (shown) => calls.push(`help ${shown}`),
      home: () => calls.push('home'),
      move: (dir) => calls.push(`move ${dir}`),
    },
  );
  return { taken, calls };
}

describe('the ranked screens’ keys', () => {
  it('moves by arrows, WASD and hjkl; q and Escape go home; ? shows the help', () => {
    expect(press('ArrowLeft')).toEqual({ taken: true, calls: ['move left'] });
    expect(press('w')).toEqual({ taken: true, calls: ['move up'] });
    expect(press('j')).toEqual({ taken: true, calls: ['move down'] });
    expect(press('q')).toEqual({ taken: true, calls: ['home'] });
    expect(press('Escape')).toEqual({ taken: true, calls: ['home'] });
    expect(press('?')).toEqual({ taken: true, calls: ['help true'] });
  });

  it('leaves alone the keys that help offline (undo, hint, new) and any with Ctrl', () => {
    for (const key of ['u', 'i', 'n', 'p', 'Enter']) {
      expect(press(key), key).toEqual({ taken: false, calls: [] });
    }
    expect(press('ArrowLeft', false, { ctrlKey: true })).toEqual({ taken: false, calls: [] });
  });

  it('with the help shown: any key but a modifier closes it, and does nothing else', () => {
    expect(press('ArrowLeft', true)).toEqual({ taken: true, calls: ['help false'] });
    expect(press('q', true)).toEqual({ taken: true, calls: ['help false'] });
    for (const key of ['Shift', 'Control', 'Tab']) {
      expect(press(key, true), key).toEqual({ taken: false, calls: [] });
    }
    expect(press('x', true, { metaKey: true })).toEqual({ taken: false, calls: [] });
  });
});
