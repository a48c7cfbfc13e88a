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
 * that fit (at least `minTileWidth` wide), and room for `notice` wrapped when the window has
 * it; null when the window is too small.
 */
export function placeBoard(
  n: number,
  minTileWidth: number,
  view: Viewport,
  lines: boolean,
  notice: string | null = null,
): Placement | null {
  // A notice wider than the window takes the rows it wraps to, where smaller tiles make room.
  const noticeRows = notice ? Math.max(1, wrap(notice, view.cols).length) : 1;
  let chrome = CHROME_ROWS - 1 + noticeRows;
  let g = chooseGeometry(n, minTileWidth, { cols: view.cols, rows: view.rows - chrome }, lines);
  if (!g && chrome > CHROME_ROWS) {
    chrome = CHROME_ROWS;
    g = chooseGeometry(n, minTileWidth, { cols: view.cols, rows: view.rows - chrome }, lines);
  }
  if (!g) return null;
  const { width, height } = gridSize(n, g);
  const top = Math.max(0, Math.floor((view.rows - height - chrome) / 2));
  return { g, left: Math.floor((view.cols - width) / 2), top, boardTop: top + 3, width, height };
}

export interface Chrome {
  readonly title: string;
  readonly stats: string;
  readonly keys: readonly string[];
  readonly notice: string | null;
}

const DIM: Style = { fg: [150, 150, 150], fg16: 8 };

/**
 * Text cut into lines of at most `width` characters, at spaces where it can be; a word longer
 * than a line (a file's path) goes on in pieces of a line each, nothing of it dropped.
 */
export function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if ([...next].length <= width) {
      line = next;
      continue;
    }
    if (line) out.push(line);
    const chars = [...word];
    while (chars.length > width && width > 0) out.push(chars.splice(0, width).join(''));
    line = chars.join('');
  }
  if (line) out.push(line);
  return out;
}

/**
 * Draws the rows around a placed board; `keys` lists key help from longest to shortest. A
 * notice wider than the window wraps onto the rows below it (placeBoard leaves them); in a
 * window too small for that, it takes the keys' row too while it shows, and only a notice
 * longer than every row it can have ends in "…".
 */
export function drawChrome(c: Canvas, p: Placement, chrome: Chrome): void {
  c.center(p.top, chrome.title, { bold: true });
  c.center(p.top + 1, chrome.stats);
  const keysRow = p.boardTop + p.height + 1;
  const lines = chrome.notice ? wrap(chrome.notice, c.width) : [];
  const free = c.height - (keysRow + 1);
  const first = lines.length > free ? keysRow : keysRow + 1;
  if (first === keysRow + 1) {
    const keys = chrome.keys.find((k) => [...k].length <= c.width) ?? '';
    c.center(keysRow, keys, DIM);
  }
  const shown = lines.slice(0, c.height - first);
  if (shown.length < lines.length) {
    const last = [...shown.at(-1)!];
    shown[shown.length - 1] = `${last.slice(0, Math.max(0, c.width - 1)).join('')}…`;
  }
  for (const [i, line] of shown.entries()) c.center(first + i, line);
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
