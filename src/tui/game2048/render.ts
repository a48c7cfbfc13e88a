/**
 * The 2048 screen as a pure function: model + window size + colour depth (+ an animation
 * moment) -> the lines to draw. Testable without a terminal.
 */
import type { Cells, Game } from '../../engine/game2048.ts';
import type { Direction } from '../../engine/types.ts';
import { formatNumber } from '../../front/format.ts';
import { AUTOPLAY_DELAYS, type Model2048, phase, shownHint } from '../../front/model2048.ts';
import { Canvas } from '../canvas.ts';
import type { ColorDepth, Style } from '../color.ts';
import { cellOrigin, drawGridLines, type Geometry, gridSize } from '../grid.ts';
import { drawBox, drawChrome, type Placement, placeBoard, tooSmallFor } from '../layout.ts';
import type { Viewport } from '../terminal.ts';
import { BOARD_STYLE, tileStyle } from './palette.ts';

/** Where an animation is: tiles sliding (t from 0 to 1), or merged tiles popping. */
export type AnimFrame = { readonly kind: 'slide'; readonly t: number } | { readonly kind: 'pop' };

const DIM: Style = { fg: [150, 150, 150], fg16: 8 };

function digits(n: number): number {
  return String(n).length;
}

function maxOf(cells: Cells): number {
  let m = 0;
  for (const row of cells) for (const v of row) m = Math.max(m, v);
  return m;
}

/** The minimum tile width for the tiles on screen: the widest number and a space each side. */
/** The minimum tile width for the tiles on screen. */
export function minTileWidth(game: Game): number {
  const prev = game.previous ? maxOf(game.previous.cells) : 0;
  return Math.max(digits(maxOf(game.cells)), digits(prev)) + 2;
}

function tileText(value: number, w: number, spawned: boolean, lines: boolean): string {
  if (value === 0) return lines ? '·' : '';
  const s = String(value);
  return spawned && lines && s.length + 2 <= w ? `[${s}]` : s;
}

function drawTile(
  c: Canvas,
  x: number,
  y: number,
  g: Geometry,
  value: number,
  lines: boolean,
  mark: { spawned?: boolean; pop?: boolean } = {},
): void {
  const style = lines
    ? { bold: value >= 8 || mark.pop === true, underline: mark.spawned === true }
    : {
        ...tileStyle(value, { pop: mark.pop === true }),
        ...(mark.spawned ? { underline: true, bold: true } : {}),
      };
  if (!lines) c.fill(x, y, g.w, g.h, tileStyle(value));
  else c.fill(x, y, g.w, g.h, {});
  const text = tileText(value, g.w, mark.spawned === true, lines);
  if (text) {
    const tx = x + Math.floor((g.w - [...text].length) / 2);
    c.text(tx, y + Math.floor(g.h / 2), text, style);
  }
}

/** Draws a game's board with its top left at (x0, y0), at a moment of its animation. */
export function drawGameBoard(
  c: Canvas,
  x0: number,
  y0: number,
  g: Geometry,
  game: Game,
  anim: AnimFrame | null,
  depth: ColorDepth,
): void {
  const n = game.size;
  const lines = depth === 'none';
  const { width, height } = gridSize(n, g);
  if (lines) {
    c.fill(x0, y0, width, height, {});
    drawGridLines(c, x0, y0, n, g, DIM);
  } else {
    c.fill(x0, y0, width, height, BOARD_STYLE);
  }
  const at = (row: number, col: number) => {
    const o = cellOrigin(g, row, col);
    return { x: x0 + o.x, y: y0 + o.y };
  };
  // Empty cells everywhere first; tiles are drawn over them.
  for (let r = 0; r < n; r++) {
    for (let col = 0; col < n; col++) {
      const p = at(r, col);
      drawTile(c, p.x, p.y, g, 0, lines);
    }
  }
  const turn = game.last;
  if (anim?.kind === 'slide' && turn && game.previous) {
    // Stationary tiles first, so moving ones pass over them.
    const tiles = [...turn.tiles].sort(
      (a, b) =>
        Number(a.from.row !== a.to.row || a.from.col !== a.to.col) -
        Number(b.from.row !== b.to.row || b.from.col !== b.to.col),
    );
    for (const t of tiles) {
      const a = at(t.from.row, t.from.col);
      const b = at(t.to.row, t.to.col);
      const x = Math.round(a.x + (b.x - a.x) * anim.t);
      const y = Math.round(a.y + (b.y - a.y) * anim.t);
      drawTile(c, x, y, g, t.value, lines);
    }
    return;
  }
  const popped = new Set(
    anim?.kind === 'pop' && turn ? turn.merges.map((m) => `${m.at.row},${m.at.col}`) : [],
  );
  const spawned = new Set(game.spawned.map((s) => `${s.at.row},${s.at.col}`));
  for (let r = 0; r < n; r++) {
    for (let col = 0; col < n; col++) {
      const v = game.cells[r]![col]!;
      if (v === 0) continue;
      const p = at(r, col);
      const key = `${r},${col}`;
      const isSpawn = spawned.has(key) && anim?.kind !== 'pop';
      drawTile(c, p.x, p.y, g, v, lines, { spawned: isSpawn, pop: popped.has(key) });
    }
  }
}

function overlayLines(model: Model2048, endKeys: readonly string[] | null): string[] | null {
  const game = model.game;
  if (model.overlay === 'help') {
    return [
      'How to play',
      '',
      'Slide the tiles; equal tiles that',
      `meet merge. Reach ${formatNumber(game.target)} to win.`,
      '',
      '←↑↓→  WASD  hjkl   move',
      'u   undo     n   new game',
      'i   hint     p   AI autoplay',
      '+ − autoplay speed',
      '?   help     q   quit (saved)',
      '',
      'q: quit · any other key: back',
    ];
  }
  if (model.overlay === 'confirm-new') {
    return ['Start a new game?', 'This game will be replaced.', '', 'y: yes    n: no'];
  }
  switch (phase(game)) {
    case 'won':
      return [
        `You made ${formatNumber(game.target)}!`,
        `Score ${formatNumber(game.score)}`,
        '',
        ...(endKeys ?? ['c or Enter: keep going', 'n: new game   u: undo']),
      ];
    case 'over':
      return [
        'Game over',
        `Score ${formatNumber(game.score)}`,
        '',
        ...(endKeys ?? ['n: new game   u: undo', 'q: quit']),
      ];
    default:
      return null;
  }
}

function statsLine(model: Model2048, width: number): string {
  const g = model.game;
  const gained = g.last && g.last.gained > 0 ? ` (+${formatNumber(g.last.gained)})` : '';
  const full = `Score ${formatNumber(g.score)}${gained}   Best ${formatNumber(model.best)}   Moves ${formatNumber(g.moves)}`;
  if ([...full].length <= width) return full;
  return `${formatNumber(g.score)} · best ${formatNumber(model.best)} · ${formatNumber(g.moves)} moves`;
}

const KEYS = [
  '←↑↓→ move  u undo  i hint  p autoplay  n new  ? help  q quit',
  '←↑↓→ move  u undo  n new  ? help  q quit',
  '←↑↓→ move · u · n · ? help · q',
  '? help  q quit',
];

const ARROW: Record<Direction, string> = {
  up: '↑ up',
  down: '↓ down',
  left: '← left',
  right: '→ right',
};

/** The notice line: the model's message, else what the AI is doing. */
function noticeLine(model: Model2048): string | null {
  if (model.notice) return model.notice;
  const hint = shownHint(model);
  if (model.autoplay) {
    return `AI playing · ${AUTOPLAY_DELAYS[model.speed]} ms/move · p pause · + − speed`;
  }
  if (hint !== undefined) return hint === null ? 'Hint: no moves left.' : `Hint: ${ARROW[hint]}`;
  if (model.hintWanted) return 'Thinking…';
  return null;
}

/**
 * The words around a board when a mode other than local play owns them (ranked play): the
 * title, stats, keys and notice lines, and the box over the board (null: none).
 */
export interface ScreenText {
  readonly title: string;
  readonly stats: string;
  readonly keys: readonly string[];
  readonly notice: string | null;
  readonly box: readonly string[] | null;
}

/** Where the board goes in this window, or null when the window is too small. */
export function layoutFor(
  model: Model2048,
  view: Viewport,
  depth: ColorDepth,
  notice: string | null = noticeLine(model),
): Placement | null {
  return placeBoard(model.game.size, minTileWidth(model.game), view, depth === 'none', notice);
}

/**
 * Renders the 2048 screen into exactly `view.rows` lines. `endKeys` replaces the keys an end
 * box offers (a replay's own keys, where the game's do nothing); `text` replaces every word
 * around the board (ranked play's own).
 */
export function render2048(
  model: Model2048,
  view: Viewport,
  depth: ColorDepth,
  anim: AnimFrame | null = null,
  endKeys: readonly string[] | null = null,
  text: ScreenText | null = null,
): string[] {
  const c = new Canvas(view.cols, view.rows);
  const n = model.game.size;
  const notice = text ? text.notice : noticeLine(model);
  const p = layoutFor(model, view, depth, notice);
  if (!p) {
    tooSmallFor(c, n, minTileWidth(model.game), view, depth === 'none');
    return c.toLines(depth);
  }
  drawChrome(
    c,
    p,
    text ?? {
      title: `2048 · ${n}×${n} · target ${model.game.target}${model.evil ? ' · evil spawns' : ''}`,
      stats: statsLine(model, view.cols),
      keys: KEYS,
      notice,
    },
  );
  drawGameBoard(c, p.left, p.boardTop, p.g, model.game, anim, depth);
  const overlay = text ? text.box : overlayLines(model, endKeys);
  if (overlay && anim === null) {
    drawBox(
      c,
      overlay,
      p.left + Math.floor(p.width / 2),
      p.boardTop + Math.floor(p.height / 2),
      depth,
    );
  }
  return c.toLines(depth);
}
