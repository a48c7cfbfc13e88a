/**
 * Board geometry shared by both games' views: tiles are absolutely placed squares whose gap is
 * a fixed fraction of their size, so a cell's position is a translate() in percent of the
 * tile's own size and the same numbers work at every board width. The CSS reads --n and --k.
 */
import type { Pos } from '../../engine/types.ts';
import { h } from './dom.ts';

/** Gap between tiles as a fraction of a tile's side (also the board's padding). */
export const GAP = 0.12;

/** The transform that puts a tile on a cell. */
export function cellTransform(p: Pos): string {
  const step = (1 + GAP) * 100;
  return `translate(${p.col * step}%, ${p.row * step}%)`;
}

/** Sets up a board element for an n×n grid: its size variables and the empty cells behind. */
export function setupGrid(board: HTMLElement, n: number): HTMLElement {
  board.style.setProperty('--n', String(n));
  board.style.setProperty('--k', String(GAP));
  const grid = h('div', { class: 'grid', 'aria-hidden': 'true' });
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const cell = h('div', { class: 'cell' });
      cell.style.transform = cellTransform({ row: r, col: c });
      grid.append(cell);
    }
  }
  return grid;
}

/** The class naming a number's digit count (d1 … d7), for the font size. */
export function digitsClass(value: number): string {
  return `d${Math.min(String(value).length, 7)}`;
}
