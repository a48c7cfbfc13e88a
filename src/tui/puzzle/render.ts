/**
 * The sliding puzzle screen as a pure function of the model, the window, the colour depth, the
 * clock reading and an animation moment. Tiles are coloured by the layer they belong to in the
 * goal (the L-shaped bands people solve in order), so a solved region reads at a glance.
 */
import { elapsedMs, posOf } from '../../engine/puzzle.ts';
import { formatNumber, formatSolveTime, formatTime } from '../../front/format.ts';
import {
  hintTile,
  type ModelPuzzle,
  puzzleName,
  type Series,
  seriesDone,
  seriesName,
  seriesTimeMs,
  wantsSolution,
} from '../../front/modelPuzzle.ts';
import { seriesEndLines, summaryLines } from '../../front/solveText.ts';
import { Canvas } from '../canvas.ts';
import type { ColorDepth, Rgb, Style } from '../color.ts';
import type { ScreenText } from '../game2048/render.ts';
import { cellOrigin, drawGridLines } from '../grid.ts';
import { drawBox, drawChrome, type Placement, placeBoard, tooSmallFor } from '../layout.ts';
import type { Viewport } from '../terminal.ts';

/** An animation moment: the last move's tiles part-way (t from 0 to 1). */
export interface PuzzleFrame {
  readonly t: number;
}

const BOARD: Style = { bg: [60, 60, 70], bg16: 0, fg: [200, 200, 200], fg16: 7 };
const LAYERS: readonly { bg: Rgb; bg16: number }[] = [
  { bg: [230, 126, 34], bg16: 3 },
  { bg: [46, 134, 193], bg16: 4 },
  { bg: [39, 174, 96], bg16: 2 },
  { bg: [155, 89, 182], bg16: 5 },
  { bg: [22, 160, 133], bg16: 6 },
  { bg: [192, 57, 43], bg16: 1 },
  { bg: [127, 140, 141], bg16: 8 },
];
const HINT: Style = { bg: [250, 220, 60], fg: [20, 20, 20], bg16: 11, fg16: 0, bold: true };
const DIM: Style = { fg: [150, 150, 150], fg16: 8 };

function tileStyle(tile: number, width: number): Style {
  const goal = posOf(tile - 1, width);
  const layer = LAYERS[Math.min(goal.row, goal.col) % LAYERS.length]!;
  return { bg: layer.bg, bg16: layer.bg16, fg: [255, 255, 255], fg16: 15, bold: true };
}

function minTileWidth(width: number): number {
  return String(width * width - 1).length + 2;
}

/** Where the board goes in this window, or null when the window is too small. */
export function puzzleLayout(m: ModelPuzzle, view: Viewport, depth: ColorDepth): Placement | null {
  const w = m.puzzle.width;
  return placeBoard(w, minTileWidth(w), view, depth === 'none', notice(m, view.cols));
}

/** The tile drawn at screen position (x, y), or null. */
export function tileAt(
  m: ModelPuzzle,
  view: Viewport,
  depth: ColorDepth,
  x: number,
  y: number,
): number | null {
  const p = puzzleLayout(m, view, depth);
  if (!p) return null;
  const w = m.puzzle.width;
  for (let i = 0; i < w * w; i++) {
    const pos = posOf(i, w);
    const o = cellOrigin(p.g, pos.row, pos.col);
    const x0 = p.left + o.x;
    const y0 = p.boardTop + o.y;
    if (x >= x0 && x < x0 + p.g.w && y >= y0 && y < y0 + p.g.h) return m.puzzle.tiles[i] || null;
  }
  return null;
}

function statsLine(m: ModelPuzzle, now: number, cols: number): string {
  const time = formatTime(elapsedMs(m.puzzle, now));
  if (m.series) {
    const s = m.series;
    const at = Math.min(s.splits.length + 1, s.widths.length);
    const total = formatTime(seriesTimeMs(m, now));
    const best = m.seriesBest ? `   Best ${formatSolveTime(m.seriesBest.timeMs)}` : '';
    const full = `Puzzle ${at} of ${s.widths.length}   Time ${time}   Total ${total}${best}`;
    return [...full].length <= cols ? full : `${at}/${s.widths.length} · ${total}`;
  }
  const best =
    m.best.moves !== undefined
      ? `   Best ${formatNumber(m.best.moves)} moves · ${formatTime(m.best.timeMs ?? 0)}`
      : '';
  const full = `Moves ${formatNumber(m.puzzle.moves)}   Time ${time}${best}`;
  return [...full].length <= cols ? full : `${formatNumber(m.puzzle.moves)} moves · ${time}`;
}

const KEYS = [
  '←↑↓→/click slide  u undo  i hint  p solve  n new  ? help  q quit',
  '←↑↓→ slide · u · i hint · p solve · n · ? · q',
  '? help  q quit',
];

function notice(m: ModelPuzzle, cols: number): string | null {
  if (m.notice) return m.notice;
  if (m.autoSolve)
    return wantsSolution(m)
      ? 'Solving…  (any key stops)'
      : 'Playing the solution…  (any key stops)';
  if (m.hint && !m.puzzle.solved) {
    const t = hintTile(m);
    return t === null ? 'Thinking…' : `Hint: slide ${t}`;
  }
  return m.series ? splitsLine(m.series, cols) : null;
}

/**
 * A series' splits so far ("Splits: 3×3 4.210 · 4×4 21.380 (94 moves)", the latest with its
 * moves), the earliest left out ("…") when they do not fit; null before the first one and
 * once the series is done (its end box lists them).
 */
export function splitsLine(s: Series, cols: number): string | null {
  if (s.splits.length === 0 || seriesDone(s)) return null;
  const last = s.splits.length - 1;
  const parts = s.splits.map((x, i) => {
    const size = s.kind === 'relay' ? `${x.width}×${x.width} ` : '';
    const moves = i === last ? ` (${formatNumber(x.moves)} move${x.moves === 1 ? '' : 's'})` : '';
    return `${size}${formatSolveTime(x.timeMs)}${moves}`;
  });
  const line = (from: number) => `Splits: ${from > 0 ? '… ' : ''}${parts.slice(from).join(' · ')}`;
  let from = 0;
  while (from < last && [...line(from)].length > cols) from++;
  return line(from);
}

function overlayLines(
  m: ModelPuzzle,
  now: number,
  endKeys: readonly string[] | null,
): string[] | null {
  if (m.overlay === 'help') {
    return [
      `The ${puzzleName(m.puzzle.width)}`,
      '',
      'Put the tiles in order, 1 at the top',
      'left, the gap at the bottom right.',
      '',
      `←↑↓→ WASD hjkl  slide a tile ${m.invert ? '(the gap moves)' : 'that way'}`,
      "click a tile in the gap's row or column",
      'u undo   i hint   p play the solution',
      // A relay or a marathon is never saved: n starts it again.
      m.series ? 'n start again   q quit' : 'n new game   q quit (saved)',
      '',
      'q: quit · any other key: back',
    ];
  }
  if (m.overlay === 'confirm-quit' && m.series) {
    return [
      `Quit the ${m.series.kind}?`,
      'It is not saved: its splits will be lost.',
      '',
      'y: yes    n: no',
    ];
  }
  if (m.overlay === 'confirm-new') {
    return m.series
      ? [`Start the ${m.series.kind} again?`, 'Its splits will be lost.', '', 'y: yes    n: no']
      : ['Start a new game?', 'This game will be replaced.', '', 'y: yes    n: no'];
  }
  if (m.series && seriesDone(m.series)) {
    return ['Done!', ...seriesEndLines(m), '', ...(endKeys ?? ['n: again   q: quit'])];
  }
  if (m.puzzle.solved && m.puzzle.moves > 0) {
    const lines = [
      'Solved!',
      ...(m.summary
        ? summaryLines(m.summary)
        : [
            `${formatNumber(m.puzzle.moves)} move${m.puzzle.moves === 1 ? '' : 's'} in ${formatTime(elapsedMs(m.puzzle, now))}`,
          ]),
    ];
    if (m.summary) {
      // The summary names a new best time (single); fewest moves is said apart.
      if (!m.assisted && m.records?.moves) lines.push('New best: fewest moves!');
    } else if (m.assisted) lines.push('(with the solver: no record)');
    else if (m.records?.moves && m.records.time) lines.push('New best: moves and time!');
    else if (m.records?.moves) lines.push('New best: fewest moves!');
    else if (m.records?.time) lines.push('New best: fastest time!');
    lines.push('', ...(endKeys ?? ['n: new game   q: quit']));
    return lines;
  }
  return null;
}

/**
 * Renders the puzzle screen into exactly `view.rows` lines. `endKeys` replaces the keys the
 * end box offers (a replay's own keys, where the game's do nothing); `text` replaces every word
 * around the board (ranked play's own).
 */
export function renderPuzzle(
  m: ModelPuzzle,
  view: Viewport,
  depth: ColorDepth,
  now: number,
  frame: PuzzleFrame | null = null,
  endKeys: readonly string[] | null = null,
  text: ScreenText | null = null,
): string[] {
  const c = new Canvas(view.cols, view.rows);
  const w = m.puzzle.width;
  const lines = depth === 'none';
  const p = puzzleLayout(m, view, depth);
  if (!p) {
    tooSmallFor(c, w, minTileWidth(w), view, lines);
    return c.toLines(depth);
  }
  drawChrome(
    c,
    p,
    text ?? {
      title: m.series ? seriesName(m.series) : `${puzzleName(w)} · ${w}×${w}`,
      stats: statsLine(m, now, view.cols),
      keys: KEYS,
      notice: notice(m, view.cols),
    },
  );
  if (lines) {
    drawGridLines(c, p.left, p.boardTop, w, p.g, DIM);
  } else {
    c.fill(p.left, p.boardTop, p.width, p.height, BOARD);
  }
  const hint = hintTile(m);
  // Tiles of the last move, drawn part-way along during the animation.
  const moving = new Map<number, { fr: number; fc: number }>();
  if (frame && m.puzzle.last) {
    for (const s of m.puzzle.last.slides) moving.set(s.tile, { fr: s.from.row, fc: s.from.col });
  }
  m.puzzle.tiles.forEach((tile, i) => {
    if (tile === 0) return;
    const pos = posOf(i, w);
    const to = cellOrigin(p.g, pos.row, pos.col);
    const from = moving.get(tile);
    const f = from ? cellOrigin(p.g, from.fr, from.fc) : to;
    const t = frame?.t ?? 1;
    const x = p.left + Math.round(f.x + (to.x - f.x) * t);
    const y = p.boardTop + Math.round(f.y + (to.y - f.y) * t);
    const isHint = tile === hint;
    const style: Style = lines
      ? { bold: isHint, reverse: isHint }
      : isHint
        ? HINT
        : tileStyle(tile, w);
    if (lines) c.fill(x, y, p.g.w, p.g.h, isHint ? style : {});
    else c.fill(x, y, p.g.w, p.g.h, style);
    const label = String(tile);
    c.text(x + Math.floor((p.g.w - label.length) / 2), y + Math.floor(p.g.h / 2), label, style);
  });
  const overlay = text ? text.box : overlayLines(m, now, endKeys);
  if (overlay && !frame) {
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
