/**
 * Records shared by every front-end: the best 2048 score per board size and the puzzle's
 * fewest moves and fastest time per width. Pure: the terminal keeps them in a file, the browser
 * in its storage, and both validate and update them here.
 */
import { err, ok, type Problem, problem, type Result } from '../engine/result.ts';
import { type DailyTable, parseDailyTable } from './daily.ts';
import {
  type AverageName,
  type Averages,
  allAverages,
  type BestAverages,
  improved,
  METRICS,
  type Metric,
  parseBestAverages,
  parseTail,
  withSolve,
} from './solves.ts';
import type { Opponent } from './versusAi.ts';

/**
 * A puzzle width's records: fewest moves and fastest time (ms), each kept on its own; and the
 * player's last solves (up to 100: [time or -1 for a DNF, moves]) with their best averages.
 */
export interface PuzzleRecord {
  readonly moves?: number;
  readonly timeMs?: number;
  readonly tail?: readonly (readonly [number, number])[];
  readonly bests?: BestAverages;
}

/** Versus matches against one kind of opponent, from player 1's side. */
export interface VersusRecord {
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

/** Records by board size, keyed by the size as a string ("4"); versus results by opponent. */
export interface Records {
  readonly best2048: Readonly<Record<string, number>>;
  readonly puzzle: Readonly<Record<string, PuzzleRecord>>;
  /** By opponent: "human", or "ai-easy", "ai-medium", "ai-hard" (absent until a match ends). */
  readonly versus?: Readonly<Record<string, VersusRecord>>;
  /** The best score a person made sliding a duel round (absent until one ends). */
  readonly duelBest?: number;
  /** The daily challenge's counted attempts, by UTC day (absent until one ends). */
  readonly daily?: DailyTable;
  /** The best relay and marathon of each kind ("relay-6", "marathon-4x10"; absent until one). */
  readonly series?: Readonly<Record<string, SeriesRecord>>;
}

/** A relay's or a marathon's best: its total time (ms) and the moves of that run. */
export interface SeriesRecord {
  readonly timeMs: number;
  readonly moves: number;
}

const SERIES_KEY = /^(relay-[4-8]|marathon-[3-8]x\d{1,3})$/;

/** The records after a finished relay or marathon, and whether its time is a new best. */
export function recordSeries<R extends Records>(
  records: R,
  key: string,
  timeMs: number,
  moves: number,
): { records: R; best: SeriesRecord; newBest: boolean } {
  const old = records.series?.[key];
  const time = Math.round(timeMs);
  if (old && old.timeMs <= time) return { records, best: old, newBest: false };
  const best = { timeMs: time, moves };
  return {
    records: { ...records, series: { ...records.series, [key]: best } },
    best,
    newBest: true,
  };
}

function parseSeriesTable(raw: unknown): Result<Record<string, SeriesRecord>, RecordsProblem> {
  if (typeof raw !== 'object' || raw === null)
    return bad('its relays and marathons are not a table');
  const out: Record<string, SeriesRecord> = {};
  for (const [k, v] of Object.entries(raw)) {
    const r = v as Record<string, unknown> | null;
    if (!SERIES_KEY.test(k) || typeof r !== 'object' || r === null) {
      return bad(`its record for ${k} is invalid`);
    }
    if (!isCount(r.timeMs) || !isCount(r.moves)) return bad(`its record for ${k} is invalid`);
    out[k] = { timeMs: r.timeMs, moves: r.moves };
  }
  return ok(out);
}

export const EMPTY_RECORDS: Records = { best2048: {}, puzzle: {} };

function isCount(x: unknown): x is number {
  return typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
}

/** Why stored records were refused; the message is a phrase ("its … is invalid"). */
export type RecordsProblem = Problem<'bad-records'>;

function bad(message: string): Result<never, RecordsProblem> {
  return err(problem('bad-records', message));
}

/**
 * Validates the two record tables of stored data (missing tables count as empty); returns the
 * records or a problem whose message is a phrase saying what is wrong. Unknown fields are
 * dropped.
 */
export function parseRecordTables(d: {
  best2048?: unknown;
  puzzle?: unknown;
  versus?: unknown;
  duelBest?: unknown;
  daily?: unknown;
  series?: unknown;
}): Result<Records, RecordsProblem> {
  const rawBest = d.best2048 ?? {};
  const rawPuzzle = d.puzzle ?? {};
  if (typeof rawBest !== 'object' || rawBest === null)
    return bad('its best scores are not a table');
  if (typeof rawPuzzle !== 'object' || rawPuzzle === null) {
    return bad('its puzzle records are not a table');
  }
  const best2048: Record<string, number> = {};
  for (const [k, v] of Object.entries(rawBest)) {
    if (!/^[3-8]$/.test(k) || !isCount(v)) return bad(`its best score for size ${k} is invalid`);
    best2048[k] = v;
  }
  const puzzle: Record<string, PuzzleRecord> = {};
  for (const [k, v] of Object.entries(rawPuzzle)) {
    const r = v as Record<string, unknown> | null;
    const tail = r?.tail === undefined ? undefined : parseTail(r.tail);
    const bests = r?.bests === undefined ? undefined : parseBestAverages(r.bests);
    if (
      !/^[3-8]$/.test(k) ||
      typeof r !== 'object' ||
      r === null ||
      (r.moves !== undefined && !isCount(r.moves)) ||
      (r.timeMs !== undefined && !isCount(r.timeMs)) ||
      tail === null ||
      bests === null
    ) {
      return bad(`its puzzle record for size ${k} is invalid`);
    }
    puzzle[k] = {
      ...(r.moves !== undefined ? { moves: r.moves as number } : {}),
      ...(r.timeMs !== undefined ? { timeMs: r.timeMs as number } : {}),
      ...(tail !== undefined ? { tail } : {}),
      ...(bests !== undefined ? { bests } : {}),
    };
  }
  if (d.duelBest !== undefined && !isCount(d.duelBest))
    return bad('its best duel round is invalid');
  const duel = d.duelBest === undefined ? {} : { duelBest: d.duelBest as number };
  let daily = {};
  if (d.daily !== undefined) {
    const table = parseDailyTable(d.daily);
    if (!table.ok) return table;
    daily = { daily: table.value };
  }
  let series = {};
  if (d.series !== undefined) {
    const table = parseSeriesTable(d.series);
    if (!table.ok) return table;
    series = { series: table.value };
  }
  if (d.versus === undefined) return ok({ best2048, puzzle, ...duel, ...daily, ...series });
  const versus = parseVersusTable(d.versus);
  return versus.ok
    ? ok({ best2048, puzzle, versus: versus.value, ...duel, ...daily, ...series })
    : versus;
}

/** The records after a person's duel round as slider, and whether it is a new best. */
export function recordDuelRound<R extends Records>(
  records: R,
  score: number,
): { records: R; newBest: boolean } {
  if ((records.duelBest ?? -1) >= score) return { records, newBest: false };
  return { records: { ...records, duelBest: score }, newBest: true };
}

const OPPONENT_KEY = /^(human|ai-[a-z]{1,12})$/;

function parseVersusTable(raw: unknown): Result<Record<string, VersusRecord>, RecordsProblem> {
  if (typeof raw !== 'object' || raw === null) return bad('its versus results are not a table');
  const versus: Record<string, VersusRecord> = {};
  for (const [k, v] of Object.entries(raw)) {
    const r = v as Record<string, unknown> | null;
    if (!OPPONENT_KEY.test(k) || typeof r !== 'object' || r === null) {
      return bad(`its versus results against ${k} are invalid`);
    }
    if (!isCount(r.wins) || !isCount(r.losses) || !isCount(r.draws)) {
      return bad(`its versus results against ${k} are invalid`);
    }
    versus[k] = { wins: r.wins, losses: r.losses, draws: r.draws };
  }
  return ok(versus);
}

/** The records' and the history's name of a versus opponent: "human", "ai-easy", … */
export function opponentKey(m: { readonly opponent: Opponent }): string {
  return m.opponent.kind === 'ai' ? `ai-${m.opponent.level}` : 'human';
}

/** The records after a versus match against `opponent`, from player 1's side. */
export function recordVersus<R extends Records>(
  records: R,
  opponent: string,
  result: 'win' | 'loss' | 'draw',
): R {
  const old = records.versus?.[opponent] ?? { wins: 0, losses: 0, draws: 0 };
  const next: VersusRecord = {
    wins: old.wins + (result === 'win' ? 1 : 0),
    losses: old.losses + (result === 'loss' ? 1 : 0),
    draws: old.draws + (result === 'draw' ? 1 : 0),
  };
  return { ...records, versus: { ...records.versus, [opponent]: next } };
}

/** The records after a 2048 score (the same object when it is not a record). */
export function raiseBest2048<R extends Records>(records: R, size: number, score: number): R {
  const key = String(size);
  if ((records.best2048[key] ?? 0) >= score) return records;
  return { ...records, best2048: { ...records.best2048, [key]: score } };
}

/** What one solve (or a puzzle given up) did to a width's records. */
export interface SolveOutcome<R extends Records> {
  readonly records: R;
  readonly movesRecord: boolean;
  readonly timeRecord: boolean;
  /** The averages whose best it improved, by metric. */
  readonly improved: Readonly<Record<Metric, readonly AverageName[]>>;
  /** The averages after it, by metric. */
  readonly averages: Readonly<Record<Metric, Averages>>;
}

/** A solve's outcome as the puzzle stores tell it: the width's record after it, and the rest. */
export function solveRecords(
  r: SolveOutcome<Records>,
  width: number,
): {
  best: PuzzleRecord;
  movesRecord: boolean;
  timeRecord: boolean;
  improved: SolveOutcome<Records>['improved'];
  averages: SolveOutcome<Records>['averages'];
} {
  const { movesRecord, timeRecord, improved, averages } = r;
  return {
    best: r.records.puzzle[String(width)] ?? {},
    movesRecord,
    timeRecord,
    improved,
    averages,
  };
}

/**
 * The records after one of the player's own solves (`timeMs` null: a puzzle given up, a DNF):
 * the fewest moves and the fastest time, the last solves and their best averages.
 */
export function recordSolve<R extends Records>(
  records: R,
  width: number,
  moves: number,
  timeMs: number | null,
): SolveOutcome<R> {
  const key = String(width);
  const old = records.puzzle[key] ?? {};
  const time = timeMs === null ? null : Math.round(timeMs);
  const movesRecord = time !== null && (old.moves === undefined || moves < old.moves);
  const timeRecord = time !== null && (old.timeMs === undefined || time < old.timeMs);
  const rec: PuzzleRecord = {
    ...(movesRecord ? { moves } : old.moves !== undefined ? { moves: old.moves } : {}),
    ...(timeRecord && time !== null
      ? { timeMs: time }
      : old.timeMs !== undefined
        ? { timeMs: old.timeMs }
        : {}),
    ...withSolve(old.tail, old.bests, { timeMs: time, moves }),
  };
  const was = allAverages(old.tail, old.bests);
  const now = allAverages(rec.tail, rec.bests);
  return {
    records: { ...records, puzzle: { ...records.puzzle, [key]: rec } },
    movesRecord,
    timeRecord,
    improved: Object.fromEntries(
      METRICS.map((m) => [m, improved(was[m], now[m], m)]),
    ) as unknown as Record<Metric, AverageName[]>,
    averages: now,
  };
}
