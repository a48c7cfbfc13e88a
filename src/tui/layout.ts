/** Layout helpers shared by the games' screens: message boxes and the too-small notice. */
import type { Canvas } from './canvas.ts';
import type { ColorDepth, Style } from './color.ts';
import { chooseGeometry, type Geometry, gridSize, smallestGrid } from './grid.ts';
import type { Viewport } from './terminal.ts';

/** Rows a game screen uses besides the board: title, stats, gap, gap, keys, notice. */
export const CHROME_ROWS = 6;

/** Where a game's board goes on screen: its geometry, top-left corner and size. */
export interface Placement {
  readonly g: Geometry;
  readonly left: number;
  /** The first row of the whole screen block (the title). */
  readonly top: number;
  /** The board's first row. */
  readonly boardTop: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Places an n x n board and the rows around it, centred in the window, with the largest tiles
 * that fit (at least `minTileWidth` wide); null when the window is too small.
 */
export function placeBoard(
  n: number,
  minTileWidth: number,
  view: Viewport,
  lines: boolean,
): Placement | null {
  const g = chooseGeometry(
    n,
    minTileWidth,
    { cols: view.cols, rows: view.rows - CHROME_ROWS },
    lines,
  );
  if (!g) return null;
  const { width, height } = gridSize(n, g);
  const top = Math.max(0, Math.floor((view.rows - height - CHROME_ROWS) / 2));
  return { g, left: Math.floor((view.cols - width) / 2), top, boardTop: top + 3, width, height };
}

export interface Chrome {
  readonly title: string;
  readonly stats: string;
  readonly keys: readonly string[];
  readonly notice: string | null;
}

const DIM: Style = { fg: [150, 150, 150], fg16: 8 };

/** Draws the rows around a placed board; `keys` lists key help from longest to shortest. */
export function drawChrome(c: Canvas, p: Placement, chrome: Chrome): void {
  c.center(p.top, chrome.title, { bold: true });
  c.center(p.top + 1, chrome.stats);
  const keys = chrome.keys.find((k) => [...k].length <= c.width) ?? '';
  c.center(p.boardTop + p.height + 1, keys, DIM);
  if (chrome.notice)
    c.center(p.boardTop + p.height + 2, [...chrome.notice].slice(0, c.width).join(''));
}

/** Fills the canvas with the too-small notice for an n x n board. */
export function tooSmallFor(
  c: Canvas,
  n: number,
  minTileWidth: number,
  view: Viewport,
  lines: boolean,
): void {
  const need = smallestGrid(n, minTileWidth, lines);
  tooSmall(c, `the ${n}×${n} board`, { cols: need.width, rows: need.height + CHROME_ROWS }, view);
}

const BOX: Style = { bg: [40, 40, 40], fg: [240, 240, 240], bg16: 0, fg16: 15 };

/**
 * Draws a framed box of text lines centred on (cx, cy), the first line bold. Lines too long
 * for the window are cut rather than wrapped.
 */
export function drawBox(
  c: Canvas,
  lines: readonly string[],
  cx: number,
  cy: number,
  depth: ColorDepth,
): void {
  const inner = Math.min(Math.max(...lines.map((l) => [...l].length)), c.width - 4);
  const w = inner + 4;
  const h = lines.length + 2;
  const x = Math.max(0, Math.min(c.width - w, cx - Math.floor(w / 2)));
  const y = Math.max(0, Math.min(c.height - h, cy - Math.floor(h / 2)));
  const style: Style = depth === 'none' ? {} : BOX;
  c.fill(x, y, w, h, style);
  c.text(x, y, `┌${'─'.repeat(w - 2)}┐`, style);
  c.text(x, y + h - 1, `└${'─'.repeat(w - 2)}┘`, style);
  lines.forEach((line, i) => {
    c.text(x, y + 1 + i, '│', style);
    c.text(x + w - 1, y + 1 + i, '│', style);
    const cut = [...line].slice(0, inner).join('');
    const lx = x + 2 + Math.floor((inner - [...cut].length) / 2);
    c.text(lx, y + 1 + i, cut, i === 0 ? { ...style, bold: true } : style);
  });
}

/** Fills the canvas with the "window too small" message. */
export function tooSmall(c: Canvas, what: string, need: Viewport, have: Viewport): void {
  const lines = [
    'Window too small',
    `for ${what}.`,
    `Need ${need.cols}×${need.rows},`,
    `have ${have.cols}×${have.rows}.`,
    'Enlarge it,',
    'or press q to quit.',
  ];
  if (c.height < lines.length || c.width < Math.max(...lines.map((l) => l.length))) {
    // Not even the message fits: say the essential, cut to the window.
    c.text(0, 0, `Window too small: need ${need.cols}×${need.rows}`, { bold: true });
    return;
  }
  const top = Math.max(0, Math.floor((c.height - lines.length) / 2));
  lines.forEach((l, i) => {
    c.center(top + i, l, i === 0 ? { bold: true } : undefined);
  });
}
