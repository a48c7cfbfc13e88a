import { describe, expect, it } from 'vitest';
import { detectColorDepth, rgbTo16, rgbTo256, sgr } from './color.ts';
import { tileStyle } from './game2048/palette.ts';

describe('detectColorDepth', () => {
  it.each([
    [{ NO_COLOR: '1', COLORTERM: 'truecolor' }, true, 'none'],
    [{ NO_COLOR: '', COLORTERM: 'truecolor' }, true, 'truecolor'],
    [{ FORCE_COLOR: '0' }, true, 'none'],
    [{ FORCE_COLOR: '2' }, false, '256'],
    [{ COLORTERM: '24bit' }, true, 'truecolor'],
    [{ TERM: 'xterm-256color' }, true, '256'],
    [{ TERM: 'xterm' }, true, '16'],
    [{ TERM: 'dumb' }, true, 'none'],
    [{ TERM: 'xterm-256color' }, false, 'none'],
  ] as const)('%j (tty %s) -> %s', (env, tty, depth) => {
    expect(detectColorDepth(env, tty)).toBe(depth);
  });
});

describe('colour reduction', () => {
  it('maps exact palette colours to themselves', () => {
    expect(rgbTo256([0, 0, 0])).toBe(16);
    expect(rgbTo256([255, 255, 255])).toBe(231);
    expect(rgbTo256([95, 135, 175])).toBe(16 + 36 * 1 + 6 * 2 + 3);
    expect(rgbTo256([128, 128, 128])).toBe(244);
    expect(rgbTo16([205, 0, 0])).toBe(1);
    expect(rgbTo16([255, 255, 255])).toBe(15);
  });

  it('writes SGR for each depth and nothing for no colour', () => {
    const s = { fg: [1, 2, 3] as const, bg: [255, 0, 0] as const, bold: true };
    expect(sgr(s, 'truecolor')).toBe('\x1b[1;38;2;1;2;3;48;2;255;0;0m');
    expect(sgr(s, '256')).toBe(`\x1b[1;38;5;${rgbTo256([1, 2, 3])};48;5;196m`);
    expect(sgr(s, '16')).toBe('\x1b[1;30;101m');
    expect(sgr(s, 'none')).toBe('\x1b[1m');
    expect(sgr({ fg: [1, 2, 3] }, 'none')).toBe('');
  });
});

describe('tile palette', () => {
  const values = [0, ...Array.from({ length: 17 }, (_, i) => 2 ** (i + 1))]; // empty .. 131072
  for (const depth of ['truecolor', '256', '16'] as const) {
    it(`gives every tile up to 131072 its own look at depth ${depth}`, () => {
      const looks = values.map((v) => sgr({ ...tileStyle(v), bold: false }, depth));
      expect(new Set(looks).size).toBe(values.length);
    });
  }
});
