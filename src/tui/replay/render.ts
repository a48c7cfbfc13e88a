/**
 * The replay screen: the game's own screen at the replayed position (2048, puzzle, versus or
 * duel, drawn by its renderer), with the game's key line and notice line replaced by the
 * replay's keys and where the replay stands.
 */
import { formatNumber, formatTime } from '../../front/format.ts';
import { clockText, lastIndex, type ModelReplay, paceLabel } from '../../front/modelReplay.ts';
import { replayScreen } from '../../front/replayText.ts';
import { Canvas } from '../canvas.ts';
import type { ColorDepth, Style } from '../color.ts';
import { duelLayout, renderDuel } from '../duel/render.ts';
import { type AnimFrame, layoutFor, render2048 } from '../game2048/render.ts';
import { puzzleLayout, renderPuzzle } from '../puzzle/render.ts';
import type { Viewport } from '../terminal.ts';
import { renderVersus, versusLayout } from '../versus/render.ts';

const DIM: Style = { fg: [150, 150, 150], fg16: 8 };
const STATUS: Style = { bold: true };

const KEYS = [
  'space play/pause · ← → step · + − pace · Home/g start · End/G end · q quit',
  'space ▶/❚❚ · ← → step · + − pace · g G ends · q quit',
  '␣ ← → + − g G q',
];

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

/** The rows of the game's key line and notice line in this window (null: too small). */
function chromeRows(m: ModelReplay, view: Viewport, depth: ColorDepth): [number, number] | null {
  const s = replayScreen(m.replay, m.index);
  if (s.kind === 'versus') {
    const p = versusLayout(s.model, view, depth);
    return p ? [p.keysRow, p.noticeRow] : null;
  }
  const p =
    s.kind === '2048'
      ? layoutFor(s.model, view, depth)
      : s.kind === 'puzzle'
        ? puzzleLayout(s.model, view, depth)
        : duelLayout(s.model, view, depth);
  return p ? [p.boardTop + p.height + 1, p.boardTop + p.height + 2] : null;
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
  view: Viewport,
  depth: ColorDepth,
  f: AnimFrame | null,
): string[] {
  const s = replayScreen(m.replay, m.index);
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
  const lines = gameLines(m, view, depth, frame);
  const rows = chromeRows(m, view, depth);
  if (!rows) return lines;
  const [keysRow, statusRow] = rows;
  if (keysRow < lines.length) lines[keysRow] = row(KEYS, view.cols, depth, DIM);
  if (statusRow < lines.length) lines[statusRow] = row(statusTexts(m), view.cols, depth, STATUS);
  return lines;
}
