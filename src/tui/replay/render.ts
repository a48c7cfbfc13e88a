/**
 * The replay screen: the game's own screen at the replayed position (2048, puzzle, versus or
 * duel, drawn by its renderer), with the game's key line and notice line replaced by the
 * replay's keys and where the replay stands. With the analysis on, a panel beside the board
 * (analysisPanel.ts) shows it, and the board shows the better move: arrows beside a 2048 board,
 * the better tile of a puzzle's detour lit. A window too narrow for the panel gets its gist in
 * place of the game's title; one too small for the board gets the game's own notice.
 */
import { formatNumber, formatTime } from '../../front/format.ts';
import { type MarkMatch, markAt } from '../../front/modelAnalysis.ts';
import { positionKey } from '../../front/modelPuzzle.ts';
import {
  analysisKeyAction,
  clockText,
  lastIndex,
  type ModelReplay,
  mistakeTarget,
  paceLabel,
  paces,
  shownAnalysis,
} from '../../front/modelReplay.ts';
import { type ReplayScreen, replayScreen } from '../../front/replayText.ts';
import { stripAnsi } from '../ansi.ts';
import { Canvas } from '../canvas.ts';
import type { ColorDepth, Style } from '../color.ts';
import { duelLayout, renderDuel } from '../duel/render.ts';
import { type AnimFrame, layoutFor, render2048 } from '../game2048/render.ts';
import type { Geometry } from '../grid.ts';
import { puzzleLayout, renderPuzzle } from '../puzzle/render.ts';
import type { Viewport } from '../terminal.ts';
import { renderVersus, versusLayout } from '../versus/render.ts';
import {
  type BoardPlace,
  drawPanel,
  markBoard,
  markCells,
  matchGist,
  panelLine,
} from './analysisPanel.ts';

const DIM: Style = { fg: [150, 150, 150], fg16: 8 };
const STATUS: Style = { bold: true };

/** A key's help in three lengths: in full, shorter, and the key alone. */
type KeyHelp = readonly [string, string, string];

/**
 * The replay's keys that do something now, each in three lengths: a key that would do nothing
 * here (a step past an end, a jump with no mistake that way) is not offered.
 */
function keyHelps(m: ModelReplay): KeyHelp[] {
  const back = m.index > 0;
  const on = m.index < lastIndex(m);
  const keys: KeyHelp[] = [['space play/pause', 'space ▶/❚❚', '␣']];
  if (back && on) keys.push(['← → step', '← → step', '← →']);
  else if (back) keys.push(['← step back', '← step', '←']);
  else if (on) keys.push(['→ step', '→ step', '→']);
  const faster = m.speed < paces(m).length - 1;
  const slower = m.speed > 0;
  if (faster && slower) keys.push(['+ − pace', '+ − pace', '+ −']);
  else if (faster) keys.push(['+ faster', '+ faster', '+']);
  else if (slower) keys.push(['− slower', '− slower', '−']);
  if (back) keys.push(['Home/g start', 'g start', 'g']);
  if (on) keys.push(['End/G end', 'G end', 'G']);
  const action = analysisKeyAction(m);
  if (action === 'analyse') keys.push(['i analyse', 'i analyse', 'i']);
  if (action === 'stop') keys.push(['i stop analysing', 'i stop', 'i']);
  if (action === 'hide') keys.push(['i hide analysis', 'i hide', 'i']);
  if (action === 'show') keys.push(['i show analysis', 'i show', 'i']);
  const next = mistakeTarget(m, 1) !== null;
  const prev = mistakeTarget(m, -1) !== null;
  if (next && prev) keys.push(['n N next/previous mistake', 'n N mistakes', 'n N']);
  else if (next) keys.push(['n next mistake', 'n mistake', 'n']);
  else if (prev) keys.push(['N previous mistake', 'N mistake', 'N']);
  keys.push(['q quit', 'q quit', 'q']);
  return keys;
}

/** The key line, from longest to shortest. */
export function keyLines(m: ModelReplay): string[] {
  const keys = keyHelps(m);
  // The medium line says g and G in one ("g G ends") when both work.
  const medium = keys
    .map((k) => k[1])
    .join(' · ')
    .replace('g start · G end', 'g G ends');
  return [keys.map((k) => k[0]).join(' · '), medium, keys.map((k) => k[2]).join(' ')];
}

/** Where the replay stands, from longest to shortest. */
function statusTexts(m: ModelReplay): string[] {
  const r = m.replay;
  const at = `${formatNumber(m.index)} of ${formatNumber(lastIndex(m))}`;
  // A replay with move times shows its pace paused too, and the solve's clock.
  const clock = clockText(m);
  const paused = clock ? `❚❚ paused ${paceLabel(m)}` : '❚❚ paused';
  const state = m.playing ? `▶ ${paceLabel(m)}` : paused;
  const g = r.shared.game;
  const took = g.kind === 'puzzle' && g.timeMs !== null ? ` · took ${formatTime(g.timeMs)}` : '';
  const time = clock ? ` · ${clock}` : took;
  const help = r.shared.assisted ? (r.kind === 'puzzle' ? ' · solver helped' : ' · AI helped') : '';
  return [
    `Replay · move ${at} · ${state}${time}${help}`,
    `Replay ${at} · ${state}${time}${help}`,
    `Replay ${at} · ${state}${help}`,
    `${at} ${m.playing ? '▶' : '❚❚'}`,
  ];
}

/** Where things are on a replay's screen in a window (null: too small for the board). */
interface Place {
  readonly keysRow: number;
  readonly statusRow: number;
  /** The game's first row (its title). */
  readonly top: number;
  /** The board of a 2048 game, a puzzle or a duel (a versus screen has two: `sides`). */
  readonly board: BoardPlace | null;
  /** A versus match's boards, side 0's and side 1's. */
  readonly sides: readonly [BoardPlace, BoardPlace] | null;
  /** The boards' geometry. */
  readonly g: Geometry;
}

function placeOf(s: ReplayScreen, view: Viewport, depth: ColorDepth): Place | null {
  if (s.kind === 'versus') {
    const p = versusLayout(s.model, view, depth);
    if (!p) return null;
    const n = s.model.match.rules.size;
    const spot = (i: 0 | 1): BoardPlace => ({
      left: p.boards[i].left,
      top: p.boards[i].boardTop,
      width: p.width,
      height: p.height,
      g: p.g,
      n,
    });
    return {
      keysRow: p.keysRow,
      statusRow: p.noticeRow,
      top: p.top,
      board: null,
      sides: [spot(0), spot(1)],
      g: p.g,
    };
  }
  const p =
    s.kind === '2048'
      ? layoutFor(s.model, view, depth)
      : s.kind === 'puzzle'
        ? puzzleLayout(s.model, view, depth)
        : duelLayout(s.model, view, depth);
  if (!p) return null;
  const n =
    s.kind === 'puzzle'
      ? s.model.puzzle.width
      : s.kind === '2048'
        ? s.model.game.size
        : s.model.duel.size;
  const board = { left: p.left, top: p.boardTop, width: p.width, height: p.height, g: p.g, n };
  return {
    keysRow: p.boardTop + p.height + 1,
    statusRow: p.boardTop + p.height + 2,
    top: p.top,
    board,
    sides: null,
    g: p.g,
  };
}

/** Rows the panel needs for everything: the figures, the mark and a chart of 6 rows. */
const PANEL_ROWS = 4 + 1 + 3 + 1 + 8;

/** The analysis' panel width in a window this wide. */
function panelWidth(cols: number): number {
  return cols >= 110 ? 36 : 28;
}

/**
 * The game's screen model at the position on screen; with the analysis shown, a puzzle's detour
 * lights the better tile (as the game's hint does).
 */
function screenOf(m: ModelReplay): ReplayScreen {
  const s = replayScreen(m.replay, m.index);
  const a = shownAnalysis(m);
  const mark = a ? markAt(a, m.index) : null;
  if (s.kind !== 'puzzle' || !mark || 'class' in mark || mark.optimal || mark.best === null) {
    return s;
  }
  const puzzle = s.model.puzzle;
  const plan = { from: positionKey(puzzle), tiles: [mark.best], optimal: true };
  return { kind: 'puzzle', model: { ...s.model, hint: true, plan } };
}

/**
 * Whether the position on screen was reached by a slide that can be animated from the one
 * before (a duel's placements are not slides).
 */
export function slidIn(m: ModelReplay): boolean {
  if (m.index === 0) return false;
  const r = m.replay;
  return r.kind !== 'duel' || r.states[m.index]!.log[m.index - 1]?.kind === 'slide';
}

/**
 * The keys a game's end box offers in a replay: the replay's own (the game's keys, such as
 * n, u or r, do nothing here).
 */
export function replayEndKeys(m: ModelReplay): string[] {
  return m.index >= lastIndex(m)
    ? ['space: play again   ←: step back', 'g: start   q: quit']
    : ['space: play   ← →: step', 'g: start   q: quit'];
}

function gameLines(
  m: ModelReplay,
  s: ReplayScreen,
  view: Viewport,
  depth: ColorDepth,
  f: AnimFrame | null,
): string[] {
  const keys = replayEndKeys(m);
  switch (s.kind) {
    case '2048':
      return render2048(s.model, view, depth, f, keys);
    case 'puzzle':
      return renderPuzzle(s.model, view, depth, 0, f?.kind === 'slide' ? { t: f.t } : null, keys);
    case 'versus': {
      // Only the board that moved slides (and flashes when an attack landed on it).
      const last = s.model.match.log.at(-1);
      const mine = (side: 0 | 1) => (f && last?.side === side ? f : null);
      const hit = (side: 0 | 1) => f !== null && last?.side === side && last.received !== null;
      const anim = { frames: [mine(0), mine(1)] as const, flash: [hit(0), hit(1)] as const };
      return renderVersus(s.model, view, depth, anim, keys);
    }
    case 'duel':
      return renderDuel(s.model, view, depth, f, keys);
  }
}

/** One row of text, centred, as the canvas draws it. */
function row(texts: readonly string[], width: number, depth: ColorDepth, style: Style): string {
  const c = new Canvas(width, 1);
  const text = texts.find((t) => [...t].length <= width) ?? '';
  c.center(0, text, style);
  return c.toLines(depth)[0]!;
}

/** Whether the analysis takes room on screen: running, failed, or done and shown. */
function panelWanted(m: ModelReplay): boolean {
  const a = m.analysis;
  return (
    a !== null && (a.status === 'running' || a.status === 'failed' || shownAnalysis(m) !== null)
  );
}

/**
 * Draws the mark of the action played from the position on screen: arrows beside a 2048 board
 * (a versus match's: beside the board of the side that slides), a duel placement's cells.
 */
function markScreen(
  m: ModelReplay,
  lines: string[],
  place: Place,
  cols: number,
  depth: ColorDepth,
): void {
  const a = shownAnalysis(m);
  const mark = a ? markAt(a, m.index) : null;
  if (!mark) return;
  if ('action' in mark) {
    const mm = mark as MarkMatch;
    const board = place.sides ? place.sides[mm.side] : place.board;
    if (!board) return;
    if (mm.action === 'slide') markBoard(lines, board, mm, cols, depth);
    else markCells(lines, board, mm, cols, depth);
    return;
  }
  if ('class' in mark && place.board) markBoard(lines, place.board, mark, cols, depth);
}

/**
 * Renders the replay screen into exactly `view.rows` lines; `frame` is a moment of the slide
 * into the position on screen (see {@link slidIn}).
 */
export function renderReplay(
  m: ModelReplay,
  view: Viewport,
  depth: ColorDepth,
  frame: AnimFrame | null = null,
): string[] {
  const s = screenOf(m);
  const keys = keyLines(m);
  if (panelWanted(m)) {
    const width = panelWidth(view.cols);
    const gameView = { cols: view.cols - width, rows: view.rows };
    const p = placeOf(s, gameView, depth);
    const full = placeOf(s, view, depth);
    // Beside a board of the size it has without the panel, with a column each side of it for
    // the better move's arrows; else the board keeps its size and the panel gives way.
    const boardWidth = p
      ? p.sides
        ? p.sides[1].left + p.sides[1].width - p.sides[0].left
        : (p.board?.width ?? 0)
      : 0;
    // A versus match's two boards may shrink for it while their cells keep 3 rows.
    const kept = p !== null && (p.g === full?.g || (p.sides !== null && p.g.h >= 3));
    if (p && kept && boardWidth + 2 <= gameView.cols) {
      const lines = gameLines(m, s, gameView, depth, frame);
      markScreen(m, lines, p, gameView.cols, depth);
      const c = new Canvas(width, view.rows);
      // From the game's title down to the key line, or from the top when the rows above the
      // title are empty (a low window gets a chart sooner).
      const top = p.keysRow - p.top < PANEL_ROWS ? 0 : p.top;
      drawPanel(c, m.analysis!, m.index, 0, top, width, p.keysRow - top);
      const panel = c.toLines(depth);
      const out = lines.map((l, i) => l + panel[i]!);
      if (p.keysRow < out.length) out[p.keysRow] = row(keys, view.cols, depth, DIM);
      if (p.statusRow < out.length) {
        out[p.statusRow] = row(statusTexts(m), view.cols, depth, STATUS);
      }
      return out;
    }
  }
  const lines = gameLines(m, s, view, depth, frame);
  const p = placeOf(s, view, depth);
  if (!p) return lines;
  if (panelWanted(m)) {
    // Too narrow for the panel: its gist in place of the title, the marks on the board.
    markScreen(m, lines, p, view.cols, depth);
    const gist = panelLine(m.analysis!, m.index, view.cols);
    lines[p.top] = row([gist, [...gist].slice(0, view.cols).join('')], view.cols, depth, {});
    // A match's figures per side on the row above, when it is free.
    const a = shownAnalysis(m);
    if (a?.kind === 'match' && p.top >= 1 && stripAnsi(lines[p.top - 1]!).trim() === '') {
      lines[p.top - 1] = row([matchGist(a), ''], view.cols, depth, DIM);
    }
  }
  if (p.keysRow < lines.length) lines[p.keysRow] = row(keys, view.cols, depth, DIM);
  if (p.statusRow < lines.length)
    lines[p.statusRow] = row(statusTexts(m), view.cols, depth, STATUS);
  return lines;
}
