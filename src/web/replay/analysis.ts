/**
 * What the web replay adds to the shared analysis model (src/front/modelAnalysis.ts): the
 * server's figures a leaderboard's link may carry, the progress as a percentage, and the
 * chart's geometry (an SVG drawn by the view). No DOM here, so it is tested as it is.
 */
import { course, type GameAnalysis, type MoveClass } from '../../front/modelAnalysis.ts';

/** A game's figures as a leaderboard's server analysed it (docs/server.md, Analysis). */
export interface ServerFigures {
  /** 0 to 100. */
  readonly accuracy: number;
  /** Percent of the moves equal to the AI's choice (a puzzle: on a shortest path). */
  readonly agreement: number;
  /** A puzzle's fewest moves that solve its start, when given. */
  readonly optimal?: number;
  /** A puzzle's moves played beyond the distance they covered, when given. */
  readonly wasted?: number;
}

/**
 * A replay link's parts: `#replay=CODE`, and from a board
 * `#replay=CODE&accuracy=A&agreement=G` (numbers, 0 to 100), a puzzle's also `&optimal=O&wasted=W`
 * (whole numbers), for the server's figures. Null when the address is not a replay link.
 */
export function replayLink(hash: string): { code: string; server: ServerFigures | null } | null {
  const m = /^#?replay=([^&]*)(&.*)?$/.exec(hash);
  if (!m) return null;
  let code: string;
  try {
    code = decodeURIComponent(m[1]!);
  } catch {
    // A broken %-escape: the text as it is, which the code's reader then refuses with a reason.
    code = m[1]!;
  }
  const params = new URLSearchParams(m[2]?.slice(1) ?? '');
  const figure = (name: string): number | null => {
    const text = params.get(name);
    const v = text === null || text.trim() === '' ? Number.NaN : Number(text);
    return Number.isFinite(v) && v >= 0 && v <= 100 ? v : null;
  };
  const count = (name: string): number | null => {
    const text = params.get(name);
    const v = text === null || text.trim() === '' ? Number.NaN : Number(text);
    return Number.isSafeInteger(v) && v >= 0 ? v : null;
  };
  const accuracy = figure('accuracy');
  const agreement = figure('agreement');
  if (accuracy === null || agreement === null) return { code, server: null };
  const optimal = count('optimal');
  const wasted = count('wasted');
  return {
    code,
    server: {
      accuracy,
      agreement,
      ...(optimal !== null ? { optimal } : {}),
      ...(wasted !== null ? { wasted } : {}),
    },
  };
}

/** The server's figures in words, as the replay's kind reads them. */
export function serverFiguresText(f: ServerFigures, kind: string): string {
  const acc = `accuracy ${f.accuracy.toFixed(1)}`;
  if (kind !== 'puzzle')
    return `The board's analysis: ${acc} · agreement ${f.agreement.toFixed(1)}%`;
  const more = [
    f.optimal !== undefined ? ` · optimal ${f.optimal}` : '',
    f.wasted !== undefined ? ` · wasted ${f.wasted}` : '',
  ].join('');
  return `The board's analysis: ${acc} · on a shortest path ${f.agreement.toFixed(1)}%${more}`;
}

/** Whole percent done (0 before the total is known). */
export function percentOf(done: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((done / total) * 100)));
}

// ------------------------------------------------------------------ the chart

/** The chart's drawing box (the SVG's viewBox; it is stretched to its place). */
export const CHART_W = 600;
export const CHART_H = 100;

/** Losses marked on the chart's scale by faint lines. */
export const LOSS_TICKS = [0.1, 1, 10] as const;

/**
 * The height of a loss on the chart, 0 to 1: a log scale, so that the small losses that
 * separate good moves from mistakes show as well as the near-100 of a move that loses.
 */
export function lossHeight(loss: number): number {
  const l = Math.max(0, Math.min(100, loss));
  return Math.log1p(l / 0.05) / Math.log1p(100 / 0.05);
}

export interface ChartBar {
  /** The position the move was played from (what a click on it shows). */
  readonly index: number;
  readonly x: number;
  readonly width: number;
  readonly y: number;
  readonly height: number;
  readonly cls: MoveClass;
  /** A match's side that acted. */
  readonly side?: 0 | 1;
}

/** One bar a move, its height the loss; a move that loses nothing still shows a sliver. */
export function lossBars(a: GameAnalysis & { kind: '2048' | 'match' }): ChartBar[] {
  const moves = a.moves as readonly ({ loss: number; class: MoveClass; side?: 0 | 1 } | null)[];
  const w = CHART_W / Math.max(1, moves.length);
  const bars: ChartBar[] = [];
  moves.forEach((m, i) => {
    // A match's action not judged has no bar.
    if (!m) return;
    const height = Math.max(1.5, lossHeight(m.loss) * CHART_H);
    const bar = { index: i, x: i * w, width: w, y: CHART_H - height, height, cls: m.class };
    bars.push(m.side === undefined ? bar : { ...bar, side: m.side });
  });
  return bars;
}

/** The puzzle's course: the distance line's points (one a position), and the largest distance. */
export function distancePoints(a: GameAnalysis & { kind: 'puzzle' }): {
  points: { x: number; y: number; index: number }[];
  max: number;
} {
  const d = course(a);
  const max = Math.max(1, ...d);
  const n = Math.max(1, d.length - 1);
  return {
    points: d.map((v, i) => ({
      x: (i / n) * CHART_W,
      y: CHART_H - (v / max) * (CHART_H - 4),
      index: i,
    })),
    max,
  };
}

/** Where position `index` is on the chart's x axis (null where the chart shows nothing). */
export function chartX(a: GameAnalysis, index: number): number | null {
  const moves = a.moves.length;
  if (a.kind === '2048' || a.kind === 'match') {
    if (index < 0 || index >= moves) return null;
    return ((index + 0.5) / moves) * CHART_W;
  }
  if (index < 0 || index > moves) return null;
  return moves === 0 ? 0 : (index / moves) * CHART_W;
}

/** The position a click at `fraction` (0 left, 1 right) of the chart's width shows. */
export function indexAtFraction(a: GameAnalysis, fraction: number): number {
  const moves = a.moves.length;
  const f = Math.max(0, Math.min(1, Number.isFinite(fraction) ? fraction : 0));
  if (a.kind === '2048' || a.kind === 'match')
    return Math.max(0, Math.min(moves - 1, Math.floor(f * moves)));
  return Math.round(f * moves);
}
