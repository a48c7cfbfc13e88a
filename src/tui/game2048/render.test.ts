import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gameFromCells, newGame, play } from '../../engine/game2048.ts';
import { initialModel2048, type Model2048 } from '../../front/model2048.ts';
import { stripAnsi, visibleWidth } from '../ansi.ts';
import type { ColorDepth } from '../color.ts';
import { render2048 } from './render.ts';

/** The numbers on board rows (rows with no letters), sorted. */
function boardNumbers(lines: string[]): number[] {
  return lines
    .map(stripAnsi)
    .filter((l) => !/[A-Za-z]/.test(l))
    .flatMap((l) => l.match(/\d+/g) ?? [])
    .map(Number)
    .sort((a, b) => a - b);
}

function tilesOf(cells: readonly (readonly number[])[]): number[] {
  return cells
    .flat()
    .filter((v) => v > 0)
    .sort((a, b) => a - b);
}

const view = (cols: number, rows: number) => ({ cols, rows });

describe('render2048', () => {
  it('draws title, score, every tile and the keys in 80x24', () => {
    const model = initialModel2048(newGame({ seed: 1 }), 1234);
    for (const depth of ['truecolor', '256', '16', 'none'] as const) {
      const lines = render2048(model, view(80, 24), depth);
      expect(lines).toHaveLength(24);
      const text = lines.map(stripAnsi).join('\n');
      expect(text).toContain('2048 · 4×4 · target 2048');
      expect(text).toContain('Score 0   Best 1,234   Moves 0');
      expect(text).toContain('q quit');
      expect(boardNumbers(lines)).toEqual(tilesOf(model.game.cells));
    }
  });

  it('uses no colour codes with NO_COLOR (depth none), marking the new tiles instead', () => {
    const model = initialModel2048(newGame({ seed: 2 }), 0);
    const lines = render2048(model, view(80, 24), 'none');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for colour escape codes
    expect(lines.join('')).not.toMatch(/\x1b\[[0-9;]*(3[0-9]|4[0-9]|9[0-7]|10[0-7])[;m]/);
    expect(lines.join('').match(/\[[24]\]/g)).toHaveLength(2);
    expect(lines.join('')).toMatch(/[┌┐└┘│─]/);
  });

  it('keeps 5- and 6-digit tiles whole and inside the window', () => {
    const cells = [
      [131072, 65536, 32768, 16384],
      [2, 4, 8, 16],
      [1024, 2048, 4096, 8192],
      [0, 0, 0, 2],
    ];
    const model = initialModel2048(gameFromCells(cells, { target: 2 ** 20 }), 0);
    for (const depth of ['truecolor', 'none'] as const) {
      for (const [c, r] of [
        [80, 24],
        [40, 16],
        [45, 12],
        [200, 60],
      ] as const) {
        const lines = render2048(model, view(c, r), depth);
        expect(lines).toHaveLength(r);
        for (const l of lines) expect(visibleWidth(l)).toBeLessThanOrEqual(c);
        const text = lines.map(stripAnsi).join('\n');
        if (!text.includes('Window too small')) expect(boardNumbers(lines)).toEqual(tilesOf(cells));
      }
    }
  });

  it('fits an 8x8 board in 80x24', () => {
    const model = initialModel2048(newGame({ size: 8, seed: 3 }), 0);
    const lines = render2048(model, view(80, 24), 'truecolor');
    expect(lines.map(stripAnsi).join('\n')).not.toContain('Window too small');
    expect(boardNumbers(lines)).toEqual(tilesOf(model.game.cells));
  });

  it('says the window is too small, with the size needed, instead of a broken board', () => {
    const model = initialModel2048(newGame({ seed: 4 }), 0);
    const text = render2048(model, view(25, 10), 'truecolor').map(stripAnsi).join('\n');
    expect(text).toContain('Window too small');
    expect(text).toMatch(/Need \d+×\d+,/);
    expect(text).toContain('have 25×10');
  });

  it('property: any board in any window renders rows that fit, with every tile or the too-small notice', () => {
    const board = fc.integer({ min: 3, max: 8 }).chain((n) =>
      fc.array(
        fc.array(
          fc.oneof(
            fc.constant(0),
            fc.integer({ min: 1, max: 17 }).map((e) => 2 ** e),
          ),
          { minLength: n, maxLength: n },
        ),
        {
          minLength: n,
          maxLength: n,
        },
      ),
    );
    fc.assert(
      fc.property(
        board,
        fc.integer({ min: 1, max: 220 }),
        fc.integer({ min: 1, max: 70 }),
        fc.constantFrom<ColorDepth[]>('truecolor', '256', '16', 'none'),
        (cells, cols, rows, depth) => {
          const model = initialModel2048(gameFromCells(cells, { target: 2 ** 20 }), 0);
          const lines = render2048(model, view(cols, rows), depth);
          expect(lines).toHaveLength(rows);
          for (const l of lines) expect(visibleWidth(l)).toBeLessThanOrEqual(cols);
          const text = lines.map(stripAnsi).join('\n');
          // In a window too small for the board, the notice shows (cut to the window).
          const notice = 'Window too small'.slice(0, cols);
          // A finished game's box may cover tiles; the board under it is checked elsewhere.
          if (model.game.over) return;
          if (!text.includes(notice)) expect(boardNumbers(lines)).toEqual(tilesOf(cells));
          else
            expect(boardNumbers(lines)).not.toEqual(tilesOf(cells).length ? tilesOf(cells) : [-1]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('shows the win, game-over, help and confirm overlays', () => {
    const win = play(
      gameFromCells(
        [
          [4, 4, 0],
          [0, 0, 0],
          [0, 0, 0],
        ],
        { target: 8, seed: 1 },
      ),
      'left',
    );
    const shown = (m: Model2048) =>
      render2048(m, view(80, 24), 'truecolor').map(stripAnsi).join('\n');
    expect(shown(initialModel2048(win, 0))).toContain('You made 8!');
    const over = gameFromCells([
      [2, 4, 2],
      [4, 2, 4],
      [2, 4, 2],
    ]);
    expect(shown(initialModel2048(over, 0))).toContain('Game over');
    const m = initialModel2048(newGame({ seed: 5 }), 0);
    expect(shown({ ...m, overlay: 'help' })).toContain('How to play');
    expect(shown({ ...m, overlay: 'confirm-new' })).toContain('Start a new game?');
  });

  it('draws animation frames with the tiles of the previous board, then the new one', () => {
    let g = newGame({ seed: 9 });
    for (const d of ['left', 'up', 'right', 'down', 'left'] as const) g = play(g, d);
    const m = initialModel2048(g, 0);
    const before = tilesOf(g.previous!.cells);
    // At the start of the slide every old tile is where it was; later, merge partners overlap.
    expect(boardNumbers(render2048(m, view(80, 24), 'truecolor', { kind: 'slide', t: 0 }))).toEqual(
      before,
    );
    const mid = render2048(m, view(80, 24), 'truecolor', { kind: 'slide', t: 0.5 });
    expect(boardNumbers(mid).length).toBeGreaterThanOrEqual(before.length - g.last!.merges.length);
    expect(boardNumbers(render2048(m, view(80, 24), 'truecolor', { kind: 'pop' }))).toEqual(
      tilesOf(g.cells),
    );
  });
});
