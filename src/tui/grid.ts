/**
 * Geometry of a square grid of tiles on a character screen, shared by both games: which tile
 * size fits a window, where each cell starts, and how to draw the grid's lines without colour.
 */
import type { Canvas } from './canvas.ts';
import type { Style } from './color.ts';

/** Tile width and height in characters, and the gaps between tiles (and at the edges). */
export interface Geometry {
  readonly w: number;
  readonly h: number;
  readonly gx: number;
  readonly gy: number;
}

/** Sizes tried from largest to smallest when colours paint the gaps. */
const COLOR_SIZES: readonly Geometry[] = [
  { w: 16, h: 7, gx: 2, gy: 1 },
  { w: 14, h: 5, gx: 2, gy: 1 },
  { w: 10, h: 5, gx: 2, gy: 1 },
  { w: 10, h: 3, gx: 2, gy: 1 },
  { w: 8, h: 3, gx: 1, gy: 1 },
  { w: 8, h: 1, gx: 1, gy: 1 },
  { w: 7, h: 1, gx: 1, gy: 0 },
];

/** Without colour the gaps hold lines, so they are one character wide. */
const LINE_SIZES: readonly Geometry[] = [
  { w: 15, h: 7, gx: 1, gy: 1 },
  { w: 13, h: 5, gx: 1, gy: 1 },
  { w: 10, h: 3, gx: 1, gy: 1 },
  { w: 8, h: 3, gx: 1, gy: 1 },
  { w: 8, h: 1, gx: 1, gy: 1 },
  { w: 7, h: 1, gx: 1, gy: 0 },
];

export function gridSize(n: number, g: Geometry): { width: number; height: number } {
  return { width: n * g.w + (n + 1) * g.gx, height: n * g.h + (n + 1) * g.gy };
}

/** The top-left character of cell (row, col), relative to the grid's top-left. */
export function cellOrigin(g: Geometry, row: number, col: number): { x: number; y: number } {
  return { x: g.gx + col * (g.w + g.gx), y: g.gy + row * (g.h + g.gy) };
}

/**
 * The largest geometry whose grid fits in `avail` with tiles at least `minTileWidth` wide,
 * or null when none does (the window is too small).
 */
export function chooseGeometry(
  n: number,
  minTileWidth: number,
  avail: { cols: number; rows: number },
  lines: boolean,
): Geometry | null {
  for (const g of lines ? LINE_SIZES : COLOR_SIZES) {
    if (g.w < minTileWidth) continue;
    const s = gridSize(n, g);
    if (s.width <= avail.cols && s.height <= avail.rows) return g;
  }
  return null;
}

/** The smallest grid any geometry gives (for the too-small message). */
export function smallestGrid(
  n: number,
  minTileWidth: number,
  lines: boolean,
): { width: number; height: number } {
  const sizes = (lines ? LINE_SIZES : COLOR_SIZES).filter((g) => g.w >= minTileWidth);
  const g = sizes[sizes.length - 1] ?? { w: minTileWidth, h: 1, gx: 1, gy: 0 };
  return gridSize(n, g);
}

/** Draws grid lines (box-drawing characters) in the gaps, for the colourless style. */
export function drawGridLines(
  c: Canvas,
  x0: number,
  y0: number,
  n: number,
  g: Geometry,
  style: Style,
): void {
  const { width, height } = gridSize(n, g);
  const colLine = (i: number) => x0 + i * (g.w + g.gx);
  const rowLine = (i: number) => y0 + i * (g.h + g.gy);
  for (let i = 0; i <= n; i++) {
    if (g.gx) c.fill(colLine(i), y0, 1, height, style, '│');
    if (g.gy) c.fill(x0, rowLine(i), width, 1, style, '─');
  }
  if (!g.gy || !g.gx) return;
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= n; j++) {
      const top = i === 0;
      const bottom = i === n;
      const left = j === 0;
      const right = j === n;
      let ch = '┼';
      if (top) ch = left ? '┌' : right ? '┐' : '┬';
      else if (bottom) ch = left ? '└' : right ? '┘' : '┴';
      else if (left) ch = '├';
      else if (right) ch = '┤';
      c.text(colLine(j), rowLine(i), ch, style);
    }
  }
}
