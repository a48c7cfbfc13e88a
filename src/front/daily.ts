/**
 * The daily challenge, for every front-end: one 2048 game and one 15-puzzle a day, dealt from
 * seeds that come from the UTC date, so every player (terminal or web) gets the same boards.
 * The first attempt of a day counts (later plays are practice); the days played make a streak;
 * a result is one shareable line. Pure: the stores keep the results with the records.
 */
import { elapsedMs, type Puzzle } from '../engine/puzzle.ts';
import { err, ok, type Problem, problem, type Result } from '../engine/result.ts';
import { decodeShared, encodeShared, sharedPuzzle } from '../engine/shareCode.ts';
import { formatNumber, formatTime } from './format.ts';
import type { HistoryEntry } from './history.ts';

export const DAILY_KINDS = ['2048', 'puzzle'] as const;
export type DailyKind = (typeof DAILY_KINDS)[number];

/** The daily boards: 4×4, the 2048 game to 2048. */
export const DAILY_SIZE = 4;
export const DAILY_TARGET = 2048;
/** Days of results kept (older ones only shorten the longest streak's memory). */
export const DAILY_DAYS_KEPT = 400;

/** The counted attempt of a day's challenge. */
export interface DailyResult {
  /** 2048: the score and the largest tile. */
  readonly score?: number;
  readonly maxTile?: number;
  readonly moves: number;
  /** Puzzle: the time on its clock (ms). */
  readonly timeMs?: number;
  /** 2048: reached 2048; puzzle: solved (false: the attempt was given up). */
  readonly won: boolean;
  /** Hints, the AI or the solver were used. */
  readonly assisted: boolean;
  /** The game's share code. */
  readonly code?: string;
}

/** A day's results, by kind. */
export type DailyDay = Partial<Record<DailyKind, DailyResult>>;

/** Days ("2026-11-25") to their results. */
export type DailyTable = Readonly<Record<string, DailyDay>>;

/** The UTC day of a clock reading, as "YYYY-MM-DD". */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether text names a real day ("2026-02-30" does not). */
export function isDay(text: string): boolean {
  const m = DAY.exec(text);
  return m !== null && utcDay(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)) === text;
}

/** Days from 1970-01-01 to a day. */
function dayNumber(day: string): number {
  const m = DAY.exec(day)!;
  return Math.round(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!) / 86_400_000);
}

/**
 * The seed of a day's game: FNV-1a of "slidebox daily DAY KIND", mixed, as a whole number
 * below 2^32 — the same in every front-end and on every machine.
 */
export function dailySeed(day: string, kind: DailyKind): number {
  let h = 0x811c9dc5;
  for (const ch of `slidebox daily ${day} ${kind}`) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d) >>> 0;
  h ^= h >>> 15;
  return h >>> 0;
}

/** The day's result from the history entry of a finished game. */
export function dailyResult(e: HistoryEntry): DailyResult {
  return {
    ...(e.score !== undefined ? { score: e.score } : {}),
    ...(e.maxTile !== undefined ? { maxTile: e.maxTile } : {}),
    moves: e.moves,
    ...(e.timeMs !== undefined ? { timeMs: e.timeMs } : {}),
    won: e.won,
    assisted: e.assisted,
    ...(e.code !== undefined ? { code: e.code } : {}),
  };
}

/** The day's result a finished game gives, or null when it is not the day's game of `kind`. */
export function dailyResultOf(e: HistoryEntry, day: string, kind: DailyKind): DailyResult | null {
  const d = e.code ? decodeShared(e.code) : null;
  return d?.ok && d.value.game.seed === dailySeed(day, kind) ? dailyResult(e) : null;
}

/**
 * The result of the day's puzzle given up at `now` (a new puzzle was asked for), or null when
 * it is not the day's or no attempt is under way (no move yet, or solved).
 */
export function givenUpResult(
  p: Puzzle,
  day: string,
  now: number,
  assisted: boolean,
): DailyResult | null {
  if (p.moves === 0 || p.solved || p.seed !== dailySeed(day, 'puzzle')) return null;
  const timeMs = Math.round(elapsedMs(p, now));
  const shared = sharedPuzzle(p, { assisted, timeMs });
  const code = shared.ok ? { code: encodeShared(shared.value) } : {};
  return { moves: p.moves, timeMs, won: false, assisted, ...code };
}

/** The notice a daily game opens with: the first game to end counts, or this one is practice. */
export function dailyNotice(table: DailyTable, day: string, kind: DailyKind): string {
  const done = table[day]?.[kind];
  return done
    ? `Today's ${DAILY_NAMES[kind]} already counted (${dailyLine(day, kind, done)}): this game is practice.`
    : `Daily ${DAILY_NAMES[kind]} · ${day} · your first game to end counts.`;
}

/**
 * The table after a day's attempt ends: the first one of the day counts (`counted`), later
 * ones are practice and leave the table as it is. Days too old are dropped.
 */
export function recordDaily(
  table: DailyTable,
  day: string,
  kind: DailyKind,
  result: DailyResult,
): { table: DailyTable; counted: boolean } {
  if (table[day]?.[kind]) return { table, counted: false };
  const next: Record<string, DailyDay> = { ...table, [day]: { ...table[day], [kind]: result } };
  const oldest = dayNumber(day) - DAILY_DAYS_KEPT;
  for (const d of Object.keys(next)) if (dayNumber(d) < oldest) delete next[d];
  return { table: next, counted: true };
}

/** Days in a row with a counted attempt: up to today (or yesterday, today not played yet). */
export function streak(table: DailyTable, today: string): { current: number; longest: number } {
  const played = new Set(
    Object.keys(table)
      .filter((d) => Object.keys(table[d]!).length > 0)
      .map(dayNumber),
  );
  const t = dayNumber(today);
  let current = 0;
  for (let d = played.has(t) ? t : t - 1; played.has(d); d--) current++;
  let longest = 0;
  for (const d of played) {
    if (played.has(d - 1)) continue;
    let n = 0;
    while (played.has(d + n)) n++;
    longest = Math.max(longest, n);
  }
  return { current, longest };
}

/** The daily games' names. */
export const DAILY_NAMES: Readonly<Record<DailyKind, string>> = {
  '2048': '2048',
  puzzle: '15-puzzle',
};

/** The shareable line of a day's result. */
export function dailyLine(day: string, kind: DailyKind, r: DailyResult): string {
  const parts = [`slidebox daily ${day}`, DAILY_NAMES[kind]];
  if (kind === '2048') {
    parts.push(`${formatNumber(r.score ?? 0)} points`, `largest ${formatNumber(r.maxTile ?? 0)}`);
  } else {
    parts.push(`${formatNumber(r.moves)} move${r.moves === 1 ? '' : 's'}`);
    if (r.timeMs !== undefined) parts.push(formatTime(r.timeMs));
    if (!r.won) parts.push('given up');
  }
  if (r.assisted) parts.push('assisted');
  return parts.join(' · ');
}

function isCount(x: unknown): x is number {
  return typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
}

function parseResult(x: unknown): DailyResult | null {
  const r = x as Record<string, unknown> | null;
  if (typeof r !== 'object' || r === null) return null;
  if (!isCount(r.moves) || typeof r.won !== 'boolean' || typeof r.assisted !== 'boolean')
    return null;
  for (const k of ['score', 'maxTile', 'timeMs'] as const) {
    if (r[k] !== undefined && !isCount(r[k])) return null;
  }
  if (r.code !== undefined && (typeof r.code !== 'string' || r.code.length > 100_000)) return null;
  const pick = (k: 'score' | 'maxTile' | 'timeMs') =>
    r[k] === undefined ? {} : { [k]: r[k] as number };
  return {
    ...pick('score'),
    ...pick('maxTile'),
    moves: r.moves,
    ...pick('timeMs'),
    won: r.won,
    assisted: r.assisted,
    ...(r.code !== undefined ? { code: r.code as string } : {}),
  };
}

/** Validates a stored daily table; the problem's message is a phrase. */
export function parseDailyTable(
  raw: unknown,
): Result<Record<string, DailyDay>, Problem<'bad-records'>> {
  const bad = () => err(problem('bad-records', 'its daily results are invalid'));
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return bad();
  const out: Record<string, DailyDay> = {};
  for (const [day, v] of Object.entries(raw)) {
    if (!isDay(day) || typeof v !== 'object' || v === null) return bad();
    const dayOut: Record<string, DailyResult> = {};
    for (const [kind, r] of Object.entries(v)) {
      const parsed = (DAILY_KINDS as readonly string[]).includes(kind) ? parseResult(r) : null;
      if (!parsed) return bad();
      dayOut[kind] = parsed;
    }
    out[day] = dayOut;
  }
  return ok(out);
}
