/**
 * Records shared by every front-end: the best 2048 score per board size and the puzzle's
 * fewest moves and fastest time per width. Pure: the terminal keeps them in a file, the browser
 * in its storage, and both validate and update them here.
 */
import { err, ok, type Problem, problem, type Result } from '../engine/result.ts';
import { type DailyTable, parseDailyTable } from './daily.ts';
import type { Opponent } from './versusAi.ts';

/** A puzzle width's records: fewest moves and fastest time (ms), each kept on its own. */
export interface PuzzleRecord {
  readonly moves?: number;
  readonly timeMs?: number;
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
    if (
      !/^[3-8]$/.test(k) ||
      typeof r !== 'object' ||
      r === null ||
      (r.moves !== undefined && !isCount(r.moves)) ||
      (r.timeMs !== undefined && !isCount(r.timeMs))
    ) {
      return bad(`its puzzle record for size ${k} is invalid`);
    }
    puzzle[k] = {
      ...(r.moves !== undefined ? { moves: r.moves as number } : {}),
      ...(r.timeMs !== undefined ? { timeMs: r.timeMs as number } : {}),
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
  if (d.versus === undefined) return ok({ best2048, puzzle, ...duel, ...daily });
  const versus = parseVersusTable(d.versus);
  return versus.ok ? ok({ best2048, puzzle, versus: versus.value, ...duel, ...daily }) : versus;
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

/** The records after a solve, and which records it set (the same object when none). */
export function recordSolve<R extends Records>(
  records: R,
  width: number,
  moves: number,
  timeMs: number,
): { records: R; movesRecord: boolean; timeRecord: boolean } {
  const key = String(width);
  const old = records.puzzle[key] ?? {};
  const time = Math.round(timeMs);
  const movesRecord = old.moves === undefined || moves < old.moves;
  const timeRecord = old.timeMs === undefined || time < old.timeMs;
  if (!movesRecord && !timeRecord) return { records, movesRecord, timeRecord };
  const rec: PuzzleRecord = {
    moves: movesRecord ? moves : old.moves,
    timeMs: timeRecord ? time : old.timeMs,
  };
  return {
    records: { ...records, puzzle: { ...records.puzzle, [key]: rec } },
    movesRecord,
    timeRecord,
  };
}
