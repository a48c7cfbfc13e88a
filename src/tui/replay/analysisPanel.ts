/**
 * The analysis beside a replayed board: where a running analysis stands, or the game's figures,
 * the mark of the move played from the position on screen, and a chart of the game's course
 * (a 2048 game's loss per move, a puzzle's distance to solved) with the position marked. Also
 * the one-line form for windows too narrow for the panel, and the marks drawn on a 2048 board.
 */
import type { Direction } from '../../engine/types.ts';
import {
  type AnalysisState,
  course,
  coursePoint,
  type GameAnalysis,
  type LossScale,
  lossText,
  type Mark2048,
  type MarkPlace,
  type MatchSideView,
  type MoveClass,
  markAt,
  markLines,
  placedText,
  progressText,
  puzzleVerdictText,
  type SideFigures,
  sideName,
  summaryLines,
} from '../../front/modelAnalysis.ts';
import { RESET, stripAnsi } from '../ansi.ts';
import type { Canvas } from '../canvas.ts';
import { type ColorDepth, type Style, sgr } from '../color.ts';
import { cellOrigin, type Geometry } from '../grid.ts';
import { wrap } from '../layout.ts';

const BOLD: Style = { bold: true };
const DIM: Style = { fg: [150, 150, 150], fg16: 8 };

/** Each class's colour on the chart and in the mark. */
const CLASS_STYLE: Readonly<Record<MoveClass, Style>> = {
  best: { fg: [110, 190, 110], fg16: 2 },
  good: { fg: [110, 190, 110], fg16: 2 },
  inaccuracy: { fg: [230, 200, 60], fg16: 3 },
  mistake: { fg: [240, 140, 40], fg16: 11 },
  blunder: { fg: [230, 60, 50], fg16: 9, bold: true },
};
const CLASS_RANK: Readonly<Record<MoveClass, number>> = {
  best: 0,
  good: 1,
  inaccuracy: 2,
  mistake: 3,
  blunder: 4,
};
const ON_PATH: Style = { fg: [90, 160, 230], fg16: 12 };
const DETOUR: Style = { fg: [240, 140, 40], fg16: 11 };
/** The better move's mark on the board, and the played one's when it differs. */
const BETTER: Style = { fg: [80, 220, 120], fg16: 10, bold: true };
const PLAYED: Style = { fg: [230, 80, 70], fg16: 9 };

/**
 * The loss that fills the chart's height, per scale: 5% of value, 20 points of chance (four
 * times a blunder's start on each, docs/analysis.md). Heights go as the square root, so the
 * small losses of good moves still show.
 */
const LOSS_TOP: Readonly<Record<LossScale, number>> = { value: 5, chance: 20 };
const EIGHTHS = ['', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/** Rows a chart of the game's course takes: its title, its bars, the position's marker. */
export function chartRows(height: number): number {
  return height + 2;
}

/** Each chart point's height (0 to 1) and style. */
function chartPoints(a: GameAnalysis): { h: number; style: Style; rank: number }[] {
  if (a.kind === '2048') {
    return a.moves.map((m) => ({
      h: Math.sqrt(Math.min(1, m.loss / LOSS_TOP[m.scale ?? 'value'])),
      style: CLASS_STYLE[m.class],
      rank: CLASS_RANK[m.class],
    }));
  }
  if (a.kind === 'match') {
    // Both sides' actions in the match's order; an action not judged stays empty.
    return a.moves.map((m) =>
      m
        ? {
            h: Math.sqrt(
              Math.min(1, m.loss / LOSS_TOP[m.action === 'slide' ? (m.scale ?? 'value') : 'value']),
            ),
            style: CLASS_STYLE[m.class],
            rank: CLASS_RANK[m.class],
          }
        : { h: 0, style: DIM, rank: -1 },
    );
  }
  // From the lowest distance of the game (a tenth of the height) to the highest (all of it),
  // so the ups and downs of a long game show.
  const values = course(a);
  const lo = Math.min(...values);
  const span = Math.max(1, Math.max(...values) - lo);
  return values.map((v, i) => {
    const detour = i > 0 && !a.moves[i - 1]!.optimal;
    const h = 0.1 + (0.9 * (v - lo)) / span;
    return { h, style: detour ? DETOUR : ON_PATH, rank: detour ? 1 : 0 };
  });
}

/**
 * Draws the game's course at (x, y): a title, then `height` rows of bars in `width` columns,
 * each column the worst of its moves (a 2048 move's loss, a puzzle's distance to solved), then
 * the position on screen marked under its column.
 */
export function drawChart(
  c: Canvas,
  a: GameAnalysis,
  index: number,
  x: number,
  y: number,
  width: number,
  height: number,
): void {
  const points = chartPoints(a);
  const n = points.length;
  // A short game's moves get up to three columns each.
  const each = Math.max(1, Math.min(3, Math.floor(width / Math.max(1, n))));
  const cols = Math.max(1, Math.min(n, Math.floor(width / each)));
  const values = course(a);
  const title =
    a.kind === '2048'
      ? 'Loss per move'
      : a.kind === 'match'
        ? 'Loss per action, P1 and P2'
        : `To solved: ${Math.min(...values)} to ${Math.max(...values)}`;
  c.text(x, y, [...title].slice(0, width).join(''), DIM);
  const first = (col: number) => Math.floor((col * n) / cols);
  for (let col = 0; col < cols; col++) {
    const from = first(col);
    const to = Math.max(from + 1, first(col + 1));
    let h = 0;
    let worst = points[from]!;
    for (let i = from; i < to && i < n; i++) {
      h = Math.max(h, points[i]!.h);
      if (points[i]!.rank > worst.rank) worst = points[i]!;
    }
    // Any loss or distance shows as at least the lowest bar.
    const eighths = h > 0 ? Math.max(1, Math.round(h * height * 8)) : 0;
    for (let row = 0; row < height; row++) {
      const fill = Math.max(0, Math.min(8, eighths - (height - 1 - row) * 8));
      const bar = EIGHTHS[fill]!.repeat(each);
      if (fill > 0) c.text(x + col * each, y + 1 + row, bar, worst.style);
    }
  }
  const at = coursePoint(a, index);
  const col = Math.min(cols - 1, Math.floor((at * cols) / n));
  c.text(x + col * each + Math.floor((each - 1) / 2), y + 1 + height, '▲', BOLD);
}

/** The lines of a running or failed analysis. */
function stateLines(s: AnalysisState, width: number): { text: string; style?: Style }[] {
  if (s.status === 'running') {
    const share = s.total > 0 ? s.done / s.total : 0;
    const barWidth = Math.max(1, width - 5);
    const full = Math.floor(share * barWidth);
    return [
      { text: 'Analysing the game', style: BOLD },
      { text: progressText(s, width) },
      { text: `${'█'.repeat(full)}${'░'.repeat(barWidth - full)} ${Math.floor(share * 100)}%` },
    ];
  }
  if (s.status === 'failed') {
    return [
      { text: 'No analysis', style: BOLD },
      ...wrap(s.message, width).map((text) => ({ text })),
    ];
  }
  return [];
}

/** The style of a mark's verdict line. */
function verdictStyle(a: GameAnalysis, index: number): Style | undefined {
  const m = markAt(a, index);
  if (!m) return undefined;
  if ('class' in m) return CLASS_STYLE[m.class];
  return m.optimal ? ON_PATH : DETOUR;
}

/**
 * The panel, `width` × `height`: a running analysis' progress, a failure's reason, or the game's
 * figures, the position's mark and the chart (left out when the rows are too few).
 */
export function drawPanel(
  c: Canvas,
  s: AnalysisState,
  index: number,
  x: number,
  y: number,
  width: number,
  height: number,
): void {
  const w = width - 2;
  const put = (row: number, text: string, style?: Style) => {
    if (row < height) c.text(x + 1, y + row, [...text].slice(0, w).join(''), style);
  };
  if (s.status !== 'done') {
    stateLines(s, w).forEach((l, i) => {
      put(i, l.text, l.style);
    });
    return;
  }
  const a = s.result;
  const summary = summaryLines(a).flatMap((l) => wrap(l, w));
  const mark = markLines(a, index).flatMap((l) => wrap(l, w));
  let row = 0;
  // The mark first when rows are short: it is what the position on screen is about.
  const chartHeight = Math.min(6, height - summary.length - mark.length - 2 - chartRows(0));
  const showSummary = height >= summary.length + mark.length + 1;
  if (showSummary) {
    summary.forEach((l, i) => {
      put(row++, l, i === 0 ? BOLD : undefined);
    });
    row++;
  }
  mark.forEach((l, i) => {
    put(row++, l, i === 1 ? verdictStyle(a, index) : i === 0 ? BOLD : undefined);
  });
  if (chartHeight >= 2 && showSummary) {
    row++;
    drawChart(c, a, index, x + 1, y + row, w, chartHeight);
  }
}

/** The panel's content as one line, for a window too narrow for the panel. */
export function panelLine(s: AnalysisState, index: number, width: number): string {
  if (s.status === 'running') return progressText(s, width);
  if (s.status === 'failed') return `No analysis: ${s.message}`;
  if (s.status === 'idle') return '';
  const a = s.result;
  const m = markAt(a, index);
  if (!m) {
    if (a.kind === 'match') return matchGist(a);
    return summaryLines(a).slice(1).join(' · ');
  }
  if ('action' in m) {
    const who = `${sideName(m.side)} action ${m.at}`;
    const played = m.action === 'slide' ? m.played : `places ${placedText(m.played)}`;
    if (m.class === 'best') return `${who} ${played}: best`;
    const loss = m.action === 'slide' ? lossText(m) : `${m.loss.toFixed(2)}% of outlook`;
    const better = m.action === 'slide' ? m.best : placedText(m.best);
    return `${who} ${played}: ${m.class} ${loss} · better ${better}`;
  }
  if ('class' in m) {
    const better = m.class !== 'best' ? ` · better ${m.best}` : '';
    const loss = m.class === 'best' ? '' : ` ${lossText(m)}`;
    return `Move ${m.n} ${m.played}: ${m.class}${loss}${better}`;
  }
  const exact = a.kind === 'puzzle' && a.exact;
  const better = !m.optimal && m.best !== null ? ` · better ${m.best}` : '';
  return `Move ${m.n} tile ${m.played}: ${puzzleVerdictText(m, exact)}${better}`;
}

/** A match's figures in one line: "P1 97.2/88% · P2 91.0/70%" (accuracy/agreement). */
export function matchGist(a: GameAnalysis & { kind: 'match' }): string {
  return a.sides.map(sideGist).join(' · ');
}

/** A match side's figures in a few words: "P1 97.2 / 88%" (slides, then placements). */
function sideGist(s: MatchSideView): string {
  const f = (x: SideFigures) => `${x.accuracy.toFixed(1)}/${Math.round(x.agreement)}%`;
  return `${sideName(s.side)} ${f(s.slides)}${s.placements ? ` places ${f(s.placements)}` : ''}`;
}

const FILLED: Readonly<Record<Direction, string>> = {
  up: '▲',
  down: '▼',
  left: '◀',
  right: '▶',
};
const HOLLOW: Readonly<Record<Direction, string>> = {
  up: '△',
  down: '▽',
  left: '◁',
  right: '▷',
};

/** Where the board is: its top-left corner, size and geometry. */
export interface BoardPlace {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  readonly g: Geometry;
  readonly n: number;
}

/** The cells beside a board on the side a direction points to, one per row or column. */
function sideCells(b: BoardPlace, d: Direction): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  for (let i = 0; i < b.n; i++) {
    const o = cellOrigin(b.g, i, i);
    const cx = b.left + o.x + Math.floor(b.g.w / 2);
    const cy = b.top + o.y + Math.floor(b.g.h / 2);
    if (d === 'up') out.push({ x: cx, y: b.top - 1 });
    if (d === 'down') out.push({ x: cx, y: b.top + b.height });
    if (d === 'left') out.push({ x: b.left - 1, y: cy });
    if (d === 'right') out.push({ x: b.left + b.width, y: cy });
  }
  return out;
}

/** Writes `ch` at visible column `x` of a line that may hold escape sequences. */
export function putChar(
  line: string,
  x: number,
  ch: string,
  style: Style,
  depth: ColorDepth,
): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stepping over escape sequences
  const parts = line.match(/\x1b\[[0-9;]*m|[\s\S]/gu) ?? [];
  let col = 0;
  let active = '';
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (p.startsWith('\x1b[')) {
      active = p === RESET ? '' : p;
      continue;
    }
    if (col === x) {
      const code = sgr(style, depth);
      parts[i] = code ? `${RESET}${code}${ch}${RESET}${active}` : ch;
      return parts.join('');
    }
    col++;
  }
  return line;
}

/**
 * A 2048 position's mark drawn around its board: the better move as filled arrows on that
 * side, the move played, when it differs, as hollow ones on its side. Cells off the lines (or
 * the window) are left out.
 */
export function markBoard(
  lines: string[],
  b: BoardPlace,
  m: Mark2048,
  width: number,
  depth: ColorDepth,
): void {
  const put = (d: Direction, ch: string, style: Style) => {
    for (const { x, y } of sideCells(b, d)) {
      if (y < 0 || y >= lines.length || x < 0 || x >= width) continue;
      // Never over the screen's own text (a versus board's queue line is above it).
      if (![' ', undefined].includes([...stripAnsi(lines[y]!)][x])) continue;
      lines[y] = putChar(lines[y]!, x, ch, style, depth);
    }
  };
  // A move of no loss is as good as the AI's choice: it alone is marked, as the better one.
  if (m.class === 'best') {
    put(m.played, FILLED[m.played], BETTER);
    return;
  }
  put(m.played, HOLLOW[m.played], PLAYED);
  put(m.best, FILLED[m.best], BETTER);
}

/**
 * A duel placement's mark drawn on its board: the placer's better cell as a filled diamond, the
 * cell played, when it differs, as a hollow one (both are empty before the placement).
 */
export function markCells(
  lines: string[],
  b: BoardPlace,
  m: MarkPlace,
  width: number,
  depth: ColorDepth,
): void {
  const put = (p: { row: number; col: number }, ch: string, style: Style) => {
    const o = cellOrigin(b.g, p.row, p.col);
    // Where the cell's own text (the empty cell's dot) is centred.
    const x = b.left + o.x + Math.floor((b.g.w - 1) / 2);
    const y = b.top + o.y + Math.floor(b.g.h / 2);
    if (y < 0 || y >= lines.length || x < 0 || x >= width) return;
    lines[y] = putChar(lines[y]!, x, ch, style, depth);
  };
  if (m.class === 'best') {
    put(m.played.at, '◆', BETTER);
    return;
  }
  put(m.played.at, '◇', PLAYED);
  put(m.best.at, '◆', BETTER);
}
