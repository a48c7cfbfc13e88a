/**
 * What the history says, per group of games (a kind and a board size; 2048 with evil spawns
 * apart): games played, wins, bests, medians, the largest tiles reached, puzzle times, results
 * by opponent, win streaks and the recent scores. Pure, for every front-end and `--json`.
 *
 * Counts, bests and streaks cover every game ever recorded (old games live on in the rolled-up
 * totals); medians and recent scores cover the games still kept (the newest 1,000).
 */
import {
  byGroup,
  foldTotals,
  type GameKind,
  type GroupKey,
  groupKey,
  type History,
  type HistoryEntry,
  type Tally,
  type Totals,
} from './history.ts';
import { type Averages, allAverages, type Metric, tpsOf } from './solves.ts';

/** How many recent scores a group's summary carries (for a sparkline). */
export const RECENT_SCORES = 30;
/** How many recent solves a puzzle group's summary carries. */
export const RECENT_SOLVES = 100;

/** One puzzle solve, as the tables of recent solves show it. */
export interface SolveLine {
  readonly date: string;
  /** The time on the clock: to the solve, or to giving up. */
  readonly timeMs: number;
  readonly moves: number;
  /** Moves a second (null for a DNF). */
  readonly tps: number | null;
  /** The fewest moves that solve its start, when known. */
  readonly optimal: number | null;
  /** A lower bound of that when it is not known (5x5 and up). */
  readonly lowerBound: number | null;
  /** Optimal (or the bound) over the moves: 1 is a perfect solve; null when unknown or a DNF. */
  readonly efficiency: number | null;
  /** The solver helped: shown, never counted in averages or bests. */
  readonly assisted: boolean;
  /** Given up. */
  readonly dnf: boolean;
  readonly code?: string;
}

/** Which games to summarize (all when a field is absent). */
export interface SummaryFilter {
  readonly kind?: GameKind;
  readonly size?: number;
}

/** One group's figures. */
export interface GroupSummary {
  readonly kind: GameKind;
  readonly size: number;
  readonly evil?: true;
  readonly games: number;
  readonly wins: number;
  /** Wins over games, 0 to 1. */
  readonly winRate: number;
  /** Games the AI or the solver helped in. */
  readonly assisted: number;
  readonly totalMoves: number;
  /** Wins in a row up to the last game, and the longest such run. */
  readonly streak: number;
  readonly longestStreak: number;
  /** 2048, versus and duel. */
  readonly bestScore?: number;
  readonly medianScore?: number;
  /** 2048, versus and duel: how many games ended with each largest tile, smallest tile first. */
  readonly maxTiles: readonly { readonly tile: number; readonly count: number }[];
  /** Puzzle, the solver's solves left out: fastest and median time, fewest moves. */
  readonly bestTimeMs?: number;
  readonly medianTimeMs?: number;
  readonly fewestMoves?: number;
  /** Puzzle: puzzles given up. */
  readonly dnfs?: number;
  /** Puzzle: the last {@link RECENT_SOLVES} solves kept, oldest first. */
  readonly solves?: readonly SolveLine[];
  /** Puzzle: the averages of the player's own solves, by metric. */
  readonly averages?: Readonly<Record<Metric, Averages>>;
  /** Versus and duel: results by opponent ("human", "ai-hard", "ai", …). */
  readonly results: readonly (Tally & { readonly opponent: string })[];
  /** The last {@link RECENT_SCORES} scores, oldest first. */
  readonly recentScores: readonly number[];
}

export interface Summary {
  readonly games: number;
  readonly wins: number;
  readonly groups: readonly GroupSummary[];
}

/** The middle value (the mean of the two middle ones for an even count); undefined for none. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const OPPONENT_ORDER = ['human', 'ai', 'ai-easy', 'ai-medium', 'ai-hard'];

function opponentRank(o: string): number {
  const i = OPPONENT_ORDER.indexOf(o);
  return i < 0 ? OPPONENT_ORDER.length : i;
}

function resultsList(t: Totals): GroupSummary['results'] {
  return Object.entries(t.results ?? {})
    .map(([opponent, tally]) => ({ opponent, ...tally }))
    .sort(
      (a, b) =>
        opponentRank(a.opponent) - opponentRank(b.opponent) || (a.opponent < b.opponent ? -1 : 1),
    );
}

function tilesList(t: Totals): GroupSummary['maxTiles'] {
  return Object.entries(t.maxTiles ?? {})
    .map(([tile, count]) => ({ tile: Number(tile), count }))
    .sort((a, b) => a.tile - b.tile);
}

const defined = <K extends string, V>(key: K, v: V | undefined) =>
  (v === undefined ? {} : { [key]: v }) as Partial<Record<K, V>>;

/** A puzzle entry as a line of the table of recent solves. */
export function solveLine(e: HistoryEntry): SolveLine {
  const timeMs = e.timeMs ?? 0;
  const known = e.optimal ?? e.lowerBound ?? null;
  return {
    date: e.date,
    timeMs,
    moves: e.moves,
    tps: e.won ? tpsOf(e.moves, timeMs) : null,
    optimal: e.optimal ?? null,
    lowerBound: e.lowerBound ?? null,
    efficiency: e.won && known !== null && e.moves > 0 ? known / e.moves : null,
    assisted: e.assisted,
    dnf: !e.won,
    ...(e.code !== undefined ? { code: e.code } : {}),
  };
}

/** A puzzle group's solves, DNFs and averages (the totals have every solve folded in). */
function puzzleFigures(t: Totals, kept: readonly HistoryEntry[]): Partial<GroupSummary> {
  if (t.kind !== 'puzzle') return {};
  return {
    dnfs: t.games - t.wins,
    solves: kept.slice(-RECENT_SOLVES).map(solveLine),
    averages: allAverages(t.tail, t.bestAverages),
  };
}

/** A group's figures from its totals (every game) and its kept games. */
function groupSummary(t: Totals, kept: readonly HistoryEntry[]): GroupSummary {
  const scores = kept.flatMap((e) => (e.score === undefined ? [] : [e.score]));
  const times = kept.flatMap((e) =>
    e.timeMs === undefined || e.assisted || !e.won ? [] : [e.timeMs],
  );
  return {
    kind: t.kind,
    size: t.size,
    ...(t.evil ? { evil: true as const } : {}),
    games: t.games,
    wins: t.wins,
    winRate: t.games === 0 ? 0 : t.wins / t.games,
    assisted: t.assisted,
    totalMoves: t.totalMoves,
    streak: t.streak,
    longestStreak: t.longestStreak,
    ...defined('bestScore', t.bestScore),
    ...defined('medianScore', median(scores)),
    maxTiles: tilesList(t),
    ...defined('bestTimeMs', t.bestTimeMs),
    ...defined('medianTimeMs', median(times)),
    ...defined('fewestMoves', t.fewestMoves),
    results: resultsList(t),
    recentScores: scores.slice(-RECENT_SCORES),
    ...puzzleFigures(t, kept),
  };
}

function matches(g: GroupKey, filter: SummaryFilter): boolean {
  return (
    (filter.kind === undefined || g.kind === filter.kind) &&
    (filter.size === undefined || g.size === filter.size)
  );
}

/** The history's figures, group by group (kind, then size, natural 2048 before evil). */
export function summarize(history: History, filter: SummaryFilter = {}): Summary {
  const kept = history.entries.filter((e) => matches(e, filter));
  const table = foldTotals(
    history.rolledUp.filter((t) => matches(t, filter)),
    kept,
  );
  const byKey = new Map<string, HistoryEntry[]>();
  for (const e of kept) {
    const key = groupKey(e);
    const list = byKey.get(key);
    if (list) list.push(e);
    else byKey.set(key, [e]);
  }
  const groups = [...table.values()]
    .sort(byGroup)
    .map((t) => groupSummary(t, byKey.get(groupKey(t)) ?? []));
  return {
    games: groups.reduce((n, g) => n + g.games, 0),
    wins: groups.reduce((n, g) => n + g.wins, 0),
    groups,
  };
}
