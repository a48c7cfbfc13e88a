import { describe, expect, it } from 'vitest';
import { newGame } from '../engine/game2048.ts';
import { initialModel2048 } from '../front/model2048.ts';
import { stripAnsi } from './ansi.ts';
import { render2048 } from './game2048/render.ts';
import { wrap } from './layout.ts';

const RESUMED =
  'Resumed your saved game; --seed and --target apply to new games (press n, or start with --new).';
const CORRUPT =
  'Your saved game could not be loaded (it is not valid JSON: truncated or garbled); it was moved to /tmp/sbc/2048-4x4.json.corrupt-2026-12-02T05-03-43-453Z and a new game started.';

/** The words of the screen, in order, with the lines joined. */
function wordsOf(lines: readonly string[]): string {
  return lines
    .map((l) => stripAnsi(l).trim())
    .join(' ')
    .replace(/\s+/g, ' ');
}

describe('wrap', () => {
  it('breaks at spaces, and a word longer than a line goes on in pieces, nothing dropped', () => {
    expect(wrap('one two three', 7)).toEqual(['one two', 'three']);
    const path = '/a/very/long/path/of/a/file.json';
    const lines = wrap(`moved to ${path} now`, 10);
    expect(lines.every((l) => [...l].length <= 10)).toBe(true);
    expect(lines.join('').replace(/ /g, '')).toBe(`movedto${path}now`);
  });
});

describe('a notice wider than the window', () => {
  const model = (notice: string) => ({ ...initialModel2048(newGame({ seed: 1 }), 0), notice });

  for (const [cols, rows] of [
    [80, 24],
    [60, 20],
  ] as const) {
    it(`wraps at ${cols}×${rows}: every word of it is on the screen, no line wider than the window`, () => {
      for (const notice of [RESUMED, CORRUPT]) {
        const lines = render2048(model(notice), { cols, rows }, 'none');
        expect(lines).toHaveLength(rows);
        for (const l of lines) expect([...stripAnsi(l)].length).toBeLessThanOrEqual(cols);
        // The notice's words, in order (a long word may be broken between lines).
        expect(wordsOf(lines).replace(/ /g, '')).toContain(notice.replace(/ /g, ''));
        // Smaller tiles make the room: the keys keep their row.
        expect(wordsOf(lines)).toContain('q quit');
      }
    });
  }

  it('longer than every row a 40×10 window has for it: its start, ended with "…"', () => {
    const lines = render2048(model(CORRUPT), { cols: 40, rows: 10 }, 'none');
    for (const l of lines) expect([...stripAnsi(l)].length).toBeLessThanOrEqual(40);
    const words = wordsOf(lines);
    expect(words).toContain('Your saved game could not be loaded');
    expect(words).toMatch(/…$/);
  });

  it('gives the keys their row back once the notice fits on its own', () => {
    const lines = render2048(model('Hint: ← left'), { cols: 80, rows: 24 }, 'none');
    expect(wordsOf(lines)).toContain('q quit');
    expect(wordsOf(lines)).toContain('Hint: ← left');
  });
});
