/**
 * The versus screen as a pure function: model + window size + colour depth (+ an animation
 * moment per board) -> the lines to draw. Two 2048 boards, side by side in a wide window or
 * stacked in a tall one, each under a header with its score and the attacks waiting for it.
 */
import { type Game, maxTile } from '../../engine/game2048.ts';
import type { Side } from '../../engine/versus.ts';
import { formatNumber } from '../../front/format.ts';
import { type ModelVersus, resultLine, versusNames } from '../../front/modelVersus.ts';
import { stripAnsi } from '../ansi.ts';
import { Canvas } from '../canvas.ts';
import type { ColorDepth, Style } from '../color.ts';
import { type AnimFrame, drawGameBoard, minTileWidth } from '../game2048/render.ts';
import { chooseGeometry, type Geometry, gridSize, smallestGrid } from '../grid.ts';
import { drawBox, tooSmall } from '../layout.ts';
import type { Viewport } from '../terminal.ts';

/** Each board's animation moment, and whether an attack just landed on it (a short highlight). */
export type VersusAnim = {
  readonly frames: readonly [AnimFrame | null, AnimFrame | null];
  readonly flash: readonly [boolean, boolean];
};

/** One board's place: its top-left corner and the screen columns its header may use. */
export interface BoardSpot {
  readonly left: number;
  /** The first of the header's two rows (the board starts right under them). */
  readonly headerTop: number;
  readonly boardTop: number;
  /** The columns the header may use: from `colLeft`, `colWidth` wide. */
  readonly colLeft: number;
  readonly colWidth: number;
}

/** Where the versus screen's parts go. Both boards share one geometry. */
export interface VersusPlacement {
  readonly arrangement: 'side-by-side' | 'stacked';
  readonly g: Geometry;
  /** One board's size in characters. */
  readonly width: number;
  readonly height: number;
  /** The title's row; the names are on the next one. */
  readonly top: number;
  readonly boards: readonly [BoardSpot, BoardSpot];
  readonly keysRow: number;
  readonly noticeRow: number;
}

/** Columns between two boards side by side. */
const GAP = 4;
/** Header rows over each board: name, score and largest tile; the attack queue. */
const HEAD_ROWS = 2;
/** Side by side: title, names, gap, header, [board], gap, keys, notice. */
const SIDE_CHROME = 3 + HEAD_ROWS + 3;
/** Stacked: title, names, gap, header, [board], gap, header, [board], gap, keys, notice. */
const STACK_CHROME = 3 + HEAD_ROWS + 1 + HEAD_ROWS + 3;

const DIM: Style = { fg: [150, 150, 150], fg16: 8 };
const FLASH: Style = { bold: true, reverse: true, fg: [255, 210, 90], fg16: 11 };

function tileWidthFor(model: ModelVersus): number {
  const [a, b] = model.match.games;
  return Math.max(minTileWidth(a), minTileWidth(b));
}

function sideBySide(
  n: number,
  minW: number,
  view: Viewport,
  lines: boolean,
): VersusPlacement | null {
  const avail = { cols: Math.floor((view.cols - GAP) / 2), rows: view.rows - SIDE_CHROME };
  const g = chooseGeometry(n, minW, avail, lines);
  if (!g) return null;
  const { width, height } = gridSize(n, g);
  const top = Math.max(0, Math.floor((view.rows - height - SIDE_CHROME) / 2));
  const left0 = Math.floor((view.cols - 2 * width - GAP) / 2);
  const half = Math.floor(view.cols / 2);
  const spot = (left: number, colLeft: number, colWidth: number): BoardSpot => ({
    left,
    headerTop: top + 3,
    boardTop: top + 3 + HEAD_ROWS,
    colLeft,
    colWidth,
  });
  const bottom = top + 3 + HEAD_ROWS + height;
  return {
    arrangement: 'side-by-side',
    g,
    width,
    height,
    top,
    boards: [spot(left0, 0, half), spot(left0 + width + GAP, half, view.cols - half)],
    keysRow: bottom + 1,
    noticeRow: bottom + 2,
  };
}

function stacked(n: number, minW: number, view: Viewport, lines: boolean): VersusPlacement | null {
  const avail = { cols: view.cols, rows: Math.floor((view.rows - STACK_CHROME) / 2) };
  const g = chooseGeometry(n, minW, avail, lines);
  if (!g) return null;
  const { width, height } = gridSize(n, g);
  const top = Math.max(0, Math.floor((view.rows - 2 * height - STACK_CHROME) / 2));
  const left = Math.floor((view.cols - width) / 2);
  const first = top + 3;
  const second = first + HEAD_ROWS + height + 1;
  const spot = (headerTop: number): BoardSpot => ({
    left,
    headerTop,
    boardTop: headerTop + HEAD_ROWS,
    colLeft: 0,
    colWidth: view.cols,
  });
  const bottom = second + HEAD_ROWS + height;
  return {
    arrangement: 'stacked',
    g,
    width,
    height,
    top,
    boards: [spot(first), spot(second)],
    keysRow: bottom + 1,
    noticeRow: bottom + 2,
  };
}

const area = (g: Geometry) => g.w * g.h;

/**
 * Where the two boards go: side by side, stacked, or null when neither fits. Of the two, the
 * one with the larger tiles wins; side by side on a tie (it is how a race reads best).
 */
export function versusLayout(
  model: ModelVersus,
  view: Viewport,
  depth: ColorDepth,
): VersusPlacement | null {
  const n = model.match.rules.size;
  const minW = tileWidthFor(model);
  const lines = depth === 'none';
  const side = sideBySide(n, minW, view, lines);
  const stack = stacked(n, minW, view, lines);
  if (side && stack) return area(stack.g) > area(side.g) ? stack : side;
  return side ?? stack;
}

/** The too-small notice, asking for whichever arrangement is nearer to the window. */
function drawTooSmall(c: Canvas, model: ModelVersus, view: Viewport, lines: boolean): void {
  const n = model.match.rules.size;
  const grid = smallestGrid(n, tileWidthFor(model), lines);
  const needs: Viewport[] = [
    { cols: 2 * grid.width + GAP, rows: grid.height + SIDE_CHROME },
    { cols: grid.width, rows: 2 * grid.height + STACK_CHROME },
  ];
  const short = (v: Viewport) => Math.max(0, v.cols - view.cols) + Math.max(0, v.rows - view.rows);
  const need = short(needs[1]!) < short(needs[0]!) ? needs[1]! : needs[0]!;
  tooSmall(c, `two ${n}×${n} boards`, need, view);
}

const fits = (s: string, width: number) => [...s].length <= width;

/** The first text that fits the width, else the last one cut to it. */
function pick(options: readonly string[], width: number): string {
  const found = options.find((s) => fits(s, width));
  return found ?? [...options[options.length - 1]!].slice(0, Math.max(0, width)).join('');
}

/** The value the side's latest move received from its queue, if it received one. */
function lastLanded(model: ModelVersus, side: Side): number | null {
  const log = model.match.log;
  for (let i = log.length - 1; i >= 0; i--) {
    if (log[i]!.side === side) return log[i]!.received;
  }
  return null;
}

function queueTexts(queue: readonly number[]): string[] {
  const head = queue[0];
  if (head === undefined) return ['next: —'];
  const more = queue.length - 1;
  const h = formatNumber(head);
  return more > 0 ? [`next: ${h}  (+${more} more)`, `next: ${h} +${more}`] : [`next: ${h}`];
}

/** The header's two rows for a side, each as options from longest to shortest. */
function headerTexts(model: ModelVersus, side: Side, flash: boolean): [string[], string[]] {
  const name = versusNames(model)[side];
  const game: Game = model.match.games[side];
  const score = formatNumber(game.score);
  const best = formatNumber(maxTile(game.cells));
  const first = [
    `${name}   Score ${score}   Max ${best}`,
    `${name} · ${score} · max ${best}`,
    `${name} ${score}`,
  ];
  const queue = queueTexts(model.match.queues[side]);
  let second = queue;
  if (game.over && !model.match.over) {
    second = [`out of moves after ${formatNumber(game.moves)}`, 'out of moves'];
  } else if (flash) {
    const landed = lastLanded(model, side);
    const what = landed === null ? '» attack landed' : `» ${formatNumber(landed)} landed`;
    second = [...queue.map((q) => `${what} · ${q}`), what, ...queue];
  }
  return [first, second];
}

function drawHeader(
  c: Canvas,
  model: ModelVersus,
  p: VersusPlacement,
  side: Side,
  flash: boolean,
): void {
  const spot = p.boards[side];
  const [first, second] = headerTexts(model, side, flash);
  const style: Style | undefined = flash ? FLASH : undefined;
  [first, second].forEach((options, i) => {
    const text = pick(options, spot.colWidth);
    const len = [...text].length;
    const centred = spot.left + Math.floor((p.width - len) / 2);
    const x = Math.max(spot.colLeft, Math.min(centred, spot.colLeft + spot.colWidth - len));
    c.text(x, spot.headerTop + i, text, i === 0 ? { ...style, bold: true } : style);
  });
}

const KEYS_HUMAN = [
  'WASD: board 1 · arrows: board 2 · n new · ? help · q quit',
  'WASD: board 1 · arrows: board 2 · n · ? · q',
  'WASD 1 · ←↑↓→ 2 · n · ? · q',
  '? help  q quit',
];

const KEYS_ONLINE = [
  'arrows/WASD move your board · ? help · q leave',
  '←↑↓→ move · ? help · q leave',
  '←↑↓→ move · ? · q',
  '? help  q leave',
];

/** Watching an online match: the keys only help or leave. */
const KEYS_WATCHING = ['watching · ? help · q leave', '? help · q leave', '? · q'];

const KEYS_AI = [
  'arrows/WASD move · n new · ? help · q quit',
  '←↑↓→ move · n new · ? help · q quit',
  '←↑↓→ move · n · ? · q',
  '? help  q quit',
];

function helpLines(model: ModelVersus): string[] {
  const human = model.opponent.kind === 'human';
  const [a, b] = versusNames(model);
  return [
    'How versus works',
    '',
    'Both boards start alike. A merge',
    'attacks the other board: the tile',
    'it made is the next tile to appear',
    'there (attacks wait in a queue).',
    `First to make ${formatNumber(model.match.rules.target)} wins.`,
    'A board that cannot move is out.',
    '',
    ...(model.online?.you === null
      ? ['You are watching: only the', 'players move.', '?   help      q leave']
      : model.online
        ? ['Your board: ←↑↓→, WASD or hjkl.', 'r rematch (at the end)', '?   help      q leave']
        : [
            ...(human
              ? [`${a}: W A S D    ${b}: ←↑↓→`]
              : [`${a}: ←↑↓→, WASD or hjkl`, `${b} plays the other board.`]),
            'n new match   r rematch (at the end)',
            '?   help      q quit',
          ]),
    '',
    'q: quit · any other key: back',
  ];
}

function overlayLines(model: ModelVersus, endKeys: readonly string[] | null): string[] | null {
  if (model.overlay === 'help') return helpLines(model);
  if (model.overlay === 'confirm-new') {
    return ['Start a new match?', 'This match will be lost.', '', 'y: yes    n: no'];
  }
  const result = resultLine(model);
  if (!model.match.over || result === null) return null;
  const names = versusNames(model);
  const [a, b] = model.match.games;
  return [
    result,
    `${names[0]}: ${formatNumber(a.score)}   ${names[1]}: ${formatNumber(b.score)}`,
    '',
    ...(endKeys ?? [
      model.online?.you === null
        ? 'q: leave'
        : model.online
          ? 'r: rematch   q: leave'
          : 'r: rematch   n: new   q: quit',
    ]),
  ];
}

function drawScreen(
  c: Canvas,
  model: ModelVersus,
  p: VersusPlacement,
  depth: ColorDepth,
  anim: VersusAnim | null,
): void {
  const { size, target } = model.match.rules;
  const names = versusNames(model);
  c.center(p.top, pick([`Versus · ${size}×${size} · first to ${formatNumber(target)}`], c.width), {
    bold: true,
  });
  c.center(p.top + 1, pick([`${names[0]}  vs  ${names[1]}`], c.width));
  for (const side of [0, 1] as const) {
    drawHeader(c, model, p, side, anim?.flash[side] === true);
    const spot = p.boards[side];
    const game = model.match.games[side];
    drawGameBoard(c, spot.left, spot.boardTop, p.g, game, anim?.frames[side] ?? null, depth);
  }
  const keys = model.online
    ? model.online.you === null
      ? KEYS_WATCHING
      : KEYS_ONLINE
    : model.opponent.kind === 'human'
      ? KEYS_HUMAN
      : KEYS_AI;
  c.center(p.keysRow, pick(keys, c.width), DIM);
  if (model.notice) c.center(p.noticeRow, pick([model.notice], c.width));
}

/** The middle of the boards' block, where boxes go. */
function boxCentre(p: VersusPlacement): { x: number; y: number } {
  const [a, b] = p.boards;
  const right = b.left + p.width;
  const bottom = b.boardTop + p.height;
  return { x: Math.floor((a.left + right) / 2), y: Math.floor((a.headerTop + bottom) / 2) };
}

/**
 * Renders the versus screen into exactly `view.rows` lines. `endKeys` replaces the keys the
 * end box offers (a replay's own keys, where the game's do nothing).
 */
export function renderVersus(
  model: ModelVersus,
  view: Viewport,
  depth: ColorDepth,
  anim: VersusAnim | null = null,
  endKeys: readonly string[] | null = null,
): string[] {
  const c = new Canvas(view.cols, view.rows);
  const p = versusLayout(model, view, depth);
  if (!p) {
    drawTooSmall(c, model, view, depth === 'none');
  } else {
    drawScreen(c, model, p, depth, anim);
    const moving = anim !== null && (anim.frames[0] !== null || anim.frames[1] !== null);
    const overlay = overlayLines(model, endKeys);
    if (overlay && !moving) {
      const at = boxCentre(p);
      drawBox(c, overlay, at.x, at.y, depth);
    }
  }
  const out = c.toLines(depth);
  // Without colour the screen is plain characters: bold, underline and reverse go too (the
  // boards mark new tiles as [2] and the headers say what landed in words).
  return depth === 'none' ? out.map(stripAnsi) : out;
}
