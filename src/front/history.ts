/**
 * The history of finished games, for every front-end: one entry per finished game (newest
 * last), at most {@link MAX_ENTRIES}; older entries are folded into per-group totals so that
 * games played, wins, bests and streaks stay right however long the history grows. Pure: the
 * terminal keeps it in a file, and any store validates it with {@link parseHistory}.
 */
import { MAX_TILE } from '../engine/game2048.ts';
import { err, ok, type Problem, problem, type Result } from '../engine/result.ts';
import { MAX_SIZE, MIN_SIZE } from '../engine/types.ts';
import {
  type BestAverages,
  combineBests,
  NO_BESTS,
  parseBestAverages,
  parseTail,
  type SolveMark,
  TAIL_LENGTH,
  withSolve,
} from './solves.ts';

export const GAME_KINDS = ['2048', 'puzzle', 'versus', 'duel'] as const;
export type GameKind = (typeof GAME_KINDS)[number];

/** A match's end from player 1's side (versus and duel). */
export const MATCH_RESULTS = ['win', 'loss', 'draw'] as const;
export type MatchResult = (typeof MATCH_RESULTS)[number];

/** How many entries the history keeps; older ones are folded into {@link History.rolledUp}. */
export const MAX_ENTRIES = 1000;
/** The longest share code an entry may carry. */
export const MAX_CODE_LENGTH = 100_000;

/** One finished game. */
export interface HistoryEntry {
  readonly kind: GameKind;
  /** Board width and height. */
  readonly size: number;
  /** When it finished: an ISO date in UTC ("2025-01-31T12:00:00.000Z"). */
  readonly date: string;
  /** 2048: the score; versus: player 1's; duel: the score of player 1's round as slider. */
  readonly score?: number;
  /** 2048 and puzzle: the game's moves; versus and duel: player 1's slides. */
  readonly moves: number;
  /** Puzzle: the time on its clock (ms), when solved or when given up. */
  readonly timeMs?: number;
  /** Puzzle: the fewest moves that solve its start, when known. */
  readonly optimal?: number;
  /** Puzzle (5x5 and up): a lower bound of that, when it is not known. */
  readonly lowerBound?: number;
  /** 2048, versus and duel: the largest tile on player 1's final board. */
  readonly maxTile?: number;
  /** 2048: reached the target; puzzle: solved (false: given up, a DNF); versus and duel: player 1 won. */
  readonly won: boolean;
  /** Versus and duel: the end from player 1's side. */
  readonly result?: MatchResult;
  /** Versus: "human", "ai-easy", …; duel: "human" or "ai". */
  readonly opponent?: string;
  /** The AI (2048) or the solver (puzzle) helped. */
  readonly assisted: boolean;
  /** 2048: the placer AI chose every new tile. */
  readonly evil?: true;
  /** A share code for the game. */
  readonly code?: string;
}

/** Matches against one opponent, from player 1's side. */
export interface Tally {
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

/**
 * Totals of one group of games (a kind and a board size; 2048 with evil spawns apart), in the
 * order they were played. Every field can be carried on from one game to the next, which is
 * what lets old entries be dropped without changing them.
 */
export interface Totals {
  readonly kind: GameKind;
  readonly size: number;
  readonly evil?: true;
  readonly games: number;
  readonly wins: number;
  /** Games the AI or the solver helped in. */
  readonly assisted: number;
  readonly totalMoves: number;
  /** 2048, versus and duel: the best score. */
  readonly bestScore?: number;
  /** 2048, versus and duel: how many games ended with each largest tile (keyed "2048"). */
  readonly maxTiles?: Readonly<Record<string, number>>;
  /** Puzzle: the fastest solve and the fewest moves, the solver's solves left out. */
  readonly bestTimeMs?: number;
  readonly fewestMoves?: number;
  /** Versus and duel: results by opponent. */
  readonly results?: Readonly<Record<string, Tally>>;
  /**
   * Puzzle: the last solves folded in (up to 99, the solver's left out; time -1 for a DNF), so
   * that averages go on across them, and the best averages of the solves folded in.
   */
  readonly tail?: readonly (readonly [number, number])[];
  readonly bestAverages?: BestAverages;
  /** Wins in a row up to the last game, and the longest such run. */
  readonly streak: number;
  readonly longestStreak: number;
}

export interface History {
  /** The newest {@link MAX_ENTRIES} games, oldest first. */
  readonly entries: readonly HistoryEntry[];
  /** The totals of the games dropped from `entries`, one per group. */
  readonly rolledUp: readonly Totals[];
}

export const EMPTY_HISTORY: History = { entries: [], rolledUp: [] };

/** The group a game counts in: its kind, its size, and (2048) whether the spawns were evil. */
export interface GroupKey {
  readonly kind: GameKind;
  readonly size: number;
  readonly evil?: true;
}

export function groupKey(g: GroupKey): string {
  return `${g.kind}:${g.size}${g.evil ? ':evil' : ''}`;
}

/** Totals of a group before any game. */
export function emptyTotals(g: GroupKey): Totals {
  return {
    kind: g.kind,
    size: g.size,
    ...(g.evil ? { evil: true as const } : {}),
    games: 0,
    wins: 0,
    assisted: 0,
    totalMoves: 0,
    streak: 0,
    longestStreak: 0,
  };
}

const smaller = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.min(a, b);
const larger = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.max(a, b);

function withTile(t: Totals, tile: number | undefined): Totals['maxTiles'] {
  if (tile === undefined) return t.maxTiles;
  const key = String(tile);
  return { ...t.maxTiles, [key]: (t.maxTiles?.[key] ?? 0) + 1 };
}

function withResult(t: Totals, e: HistoryEntry): Totals['results'] {
  if (e.result === undefined || e.opponent === undefined) return t.results;
  const old = t.results?.[e.opponent] ?? { wins: 0, losses: 0, draws: 0 };
  const next: Tally = {
    wins: old.wins + (e.result === 'win' ? 1 : 0),
    losses: old.losses + (e.result === 'loss' ? 1 : 0),
    draws: old.draws + (e.result === 'draw' ? 1 : 0),
  };
  return { ...t.results, [e.opponent]: next };
}

/** A puzzle entry in a series of solves (a given-up one is a DNF). */
export function solveMark(e: HistoryEntry): SolveMark {
  return { timeMs: e.won ? (e.timeMs ?? 0) : null, moves: e.moves };
}

/** A puzzle group's tail and best averages after one more of the player's own solves. */
function withOwnSolve(t: Totals, e: HistoryEntry): Pick<Totals, 'tail' | 'bestAverages'> {
  if (e.kind !== 'puzzle' || e.assisted) return {};
  const next = withSolve(t.tail, t.bestAverages, solveMark(e));
  return { tail: next.tail, bestAverages: next.bests };
}

/** The totals after one more game of their group. */
export function addToTotals(t: Totals, e: HistoryEntry): Totals {
  const streak = e.won ? t.streak + 1 : 0;
  // A solve counts for the bests when the player did it alone and did not give up.
  const skill = !e.assisted && e.won;
  const maxTiles = withTile(t, e.maxTile);
  const results = withResult(t, e);
  const bestScore = larger(t.bestScore, e.score);
  const bestTimeMs = skill && e.kind === 'puzzle' ? smaller(t.bestTimeMs, e.timeMs) : t.bestTimeMs;
  const fewestMoves =
    skill && e.kind === 'puzzle' ? smaller(t.fewestMoves, e.moves) : t.fewestMoves;
  return {
    ...t,
    games: t.games + 1,
    wins: t.wins + (e.won ? 1 : 0),
    assisted: t.assisted + (e.assisted ? 1 : 0),
    totalMoves: t.totalMoves + e.moves,
    ...(bestScore !== undefined ? { bestScore } : {}),
    ...(maxTiles !== undefined ? { maxTiles } : {}),
    ...(bestTimeMs !== undefined ? { bestTimeMs } : {}),
    ...(fewestMoves !== undefined ? { fewestMoves } : {}),
    ...(results !== undefined ? { results } : {}),
    ...withOwnSolve(t, e),
    streak,
    longestStreak: Math.max(t.longestStreak, streak),
  };
}

/** Folds games, oldest first, into a table of totals by group. */
export function foldTotals(
  start: readonly Totals[],
  games: readonly HistoryEntry[],
): Map<string, Totals> {
  const table = new Map(start.map((t) => [groupKey(t), t]));
  for (const e of games) {
    const key = groupKey(e);
    table.set(key, addToTotals(table.get(key) ?? emptyTotals(e), e));
  }
  return table;
}

/**
 * The history after one more finished game. When it holds more than `max` entries (default
 * {@link MAX_ENTRIES}) the oldest are folded into the rolled-up totals.
 */
export function appendEntry(history: History, entry: HistoryEntry, max = MAX_ENTRIES): History {
  return capped({ entries: [...history.entries, entry], rolledUp: history.rolledUp }, max);
}

function capped(h: History, max: number): History {
  const excess = h.entries.length - max;
  if (excess <= 0) return h;
  const table = foldTotals(h.rolledUp, h.entries.slice(0, excess));
  const rolledUp = [...table.values()].sort(byGroup);
  return { entries: h.entries.slice(excess), rolledUp };
}

/**
 * The history with a puzzle's optimal move count added to its entry (found by date and share
 * code; the same history when it is not there any more or already has one).
 */
export function withOptimal(
  history: History,
  e: Pick<HistoryEntry, 'date' | 'code'>,
  optimal: { readonly moves: number; readonly exact: boolean },
): History {
  const i = history.entries.findLastIndex(
    (x) => x.kind === 'puzzle' && x.date === e.date && x.code === e.code,
  );
  const old = history.entries[i];
  if (!old || old.optimal !== undefined || old.lowerBound !== undefined) return history;
  const more = optimal.exact ? { optimal: optimal.moves } : { lowerBound: optimal.moves };
  const entries = [...history.entries];
  entries[i] = inFieldOrder({ ...old, ...more });
  return { ...history, entries };
}

/** Groups in the order people read them: by kind, then size, natural before evil. */
export function byGroup(a: GroupKey, b: GroupKey): number {
  return (
    GAME_KINDS.indexOf(a.kind) - GAME_KINDS.indexOf(b.kind) ||
    a.size - b.size ||
    Number(a.evil ?? false) - Number(b.evil ?? false)
  );
}

// ------------------------------------------------------------------------ the stored form

export const HISTORY_KIND = 'slidebox/history';
/** 2: a puzzle may be given up (not won), and carries its optimal move count. */
export const HISTORY_VERSION = 2;

/** The JSON-ready form of a history. */
export function serializeHistory(h: History): Record<string, unknown> {
  return {
    kind: HISTORY_KIND,
    version: HISTORY_VERSION,
    entries: h.entries,
    rolledUp: h.rolledUp,
  };
}

/** Why stored history was refused; the message is a phrase ("its game 3 is invalid"). */
export type HistoryProblem = Problem<'bad-history'>;

function bad(message: string): Result<never, HistoryProblem> {
  return err(problem('bad-history', message));
}

/**
 * Validates stored history: every entry and every total is checked, unknown fields are
 * dropped, and more than {@link MAX_ENTRIES} entries are folded into the totals. The problem's
 * message is a phrase saying what is wrong.
 */
export function parseHistory(data: unknown): Result<History, HistoryProblem> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return bad('it is not an object');
  }
  const d = data as Record<string, unknown>;
  if (d.kind !== HISTORY_KIND) return bad('it is not a slidebox game history');
  if (typeof d.version !== 'number') return bad('it has no version');
  if (d.version > HISTORY_VERSION) {
    return bad(`it was written by a newer slidebox (format ${d.version})`);
  }
  if (!Array.isArray(d.entries)) return bad('its games are not a list');
  if (d.rolledUp !== undefined && !Array.isArray(d.rolledUp)) {
    return bad('its totals are not a list');
  }
  const entries: HistoryEntry[] = [];
  for (const [i, raw] of d.entries.entries()) {
    const e = parseEntry(raw);
    if (typeof e === 'string') return bad(`its game ${i + 1} is invalid (${e})`);
    entries.push(e);
  }
  const rolledUp: Totals[] = [];
  const seen = new Set<string>();
  for (const [i, raw] of ((d.rolledUp ?? []) as unknown[]).entries()) {
    const t = parseTotals(raw);
    if (typeof t === 'string') return bad(`its totals ${i + 1} are invalid (${t})`);
    if (seen.has(groupKey(t))) return bad(`its totals ${i + 1} repeat a group`);
    seen.add(groupKey(t));
    rolledUp.push(t);
  }
  return ok(capped({ entries, rolledUp: rolledUp.sort(byGroup) }, MAX_ENTRIES));
}

const isCount = (x: unknown): x is number =>
  typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
const isSize = (x: unknown): x is number =>
  Number.isInteger(x) && (x as number) >= MIN_SIZE && (x as number) <= MAX_SIZE;
const isTile = (x: unknown): x is number =>
  typeof x === 'number' && x >= 2 && x <= MAX_TILE && Number.isInteger(Math.log2(x));
const isKind = (x: unknown): x is GameKind => GAME_KINDS.includes(x as GameKind);
const isResult = (x: unknown): x is MatchResult => MATCH_RESULTS.includes(x as MatchResult);
const OPPONENT = /^(human|ai(-[a-z]{1,12})?)$/;
const isOpponent = (x: unknown): x is string => typeof x === 'string' && OPPONENT.test(x);
const ISO_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/;
const isDate = (x: unknown): x is string =>
  typeof x === 'string' && ISO_DATE.test(x) && !Number.isNaN(Date.parse(x));
const isCode = (x: unknown): x is string => typeof x === 'string' && x.length <= MAX_CODE_LENGTH;

/** What each field of an entry must be, and whether each kind of game has it. */
const ENTRY_FIELDS = {
  score: { valid: isCount, kinds: ['2048', 'versus', 'duel'] },
  timeMs: { valid: isCount, kinds: ['puzzle'] },
  optimal: { valid: isCount, kinds: ['puzzle'], optional: true },
  lowerBound: { valid: isCount, kinds: ['puzzle'], optional: true },
  maxTile: { valid: isTile, kinds: ['2048', 'versus', 'duel'] },
  result: { valid: isResult, kinds: ['versus', 'duel'] },
  opponent: { valid: isOpponent, kinds: ['versus', 'duel'] },
} as const;

/** An entry from stored data, or why it is invalid (a word or two). */
function parseEntry(raw: unknown): HistoryEntry | string {
  if (typeof raw !== 'object' || raw === null) return 'not an object';
  const r = raw as Record<string, unknown>;
  if (!isKind(r.kind)) return 'kind';
  if (!isSize(r.size)) return 'size';
  if (!isDate(r.date)) return 'date';
  if (!isCount(r.moves)) return 'moves';
  if (typeof r.won !== 'boolean') return 'won';
  if (typeof r.assisted !== 'boolean') return 'assisted';
  const kind = r.kind;
  let entry: HistoryEntry = {
    kind,
    size: r.size,
    date: r.date,
    moves: r.moves,
    won: r.won,
    assisted: r.assisted,
  };
  for (const [name, f] of Object.entries(ENTRY_FIELDS)) {
    const has = (f.kinds as readonly string[]).includes(kind);
    if (!has && r[name] !== undefined) return `${name} for ${kind}`;
    if (has && 'optional' in f && r[name] === undefined) continue;
    if (has && !f.valid(r[name])) return name;
    if (has) entry = { ...entry, [name]: r[name] };
  }
  if (r.evil !== undefined && !(r.evil === true && kind === '2048')) return 'evil';
  if (r.evil === true) entry = { ...entry, evil: true };
  if (r.code !== undefined && !isCode(r.code)) return 'code';
  if (r.code !== undefined) entry = { ...entry, code: r.code as string };
  if (entry.optimal !== undefined && entry.lowerBound !== undefined) return 'lowerBound';
  if (entry.result !== undefined && entry.won !== (entry.result === 'win')) return 'won';
  return inFieldOrder(entry);
}

/** The fields in the order {@link HistoryEntry} declares them, as the controllers write them. */
const ENTRY_ORDER = [
  'kind',
  'size',
  'date',
  'score',
  'moves',
  'timeMs',
  'optimal',
  'lowerBound',
  'maxTile',
  'won',
  'result',
  'opponent',
  'assisted',
  'evil',
  'code',
] as const satisfies readonly (keyof HistoryEntry)[];

function inFieldOrder(e: HistoryEntry): HistoryEntry {
  const out: Record<string, unknown> = {};
  for (const k of ENTRY_ORDER) if (e[k] !== undefined) out[k] = e[k];
  return out as unknown as HistoryEntry;
}

const isCountTable = (x: unknown): boolean =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && Object.values(x).every(isCount);

function parseMaxTiles(x: unknown): Record<string, number> | string {
  if (!isCountTable(x)) return 'largest tiles';
  const table = x as Record<string, number>;
  return Object.keys(table).every((k) => isTile(Number(k)) && String(Number(k)) === k)
    ? { ...table }
    : 'largest tiles';
}

function parseResults(x: unknown): Record<string, Tally> | string {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return 'results';
  const out: Record<string, Tally> = {};
  for (const [k, v] of Object.entries(x)) {
    const t = v as Record<string, unknown> | null;
    if (!isOpponent(k) || typeof t !== 'object' || t === null) return 'results';
    if (!isCount(t.wins) || !isCount(t.losses) || !isCount(t.draws)) return 'results';
    out[k] = { wins: t.wins, losses: t.losses, draws: t.draws };
  }
  return out;
}

const OPTIONAL_TOTALS = ['bestScore', 'bestTimeMs', 'fewestMoves'] as const;

/** Totals from stored data, or why they are invalid. */
function parseTotals(raw: unknown): Totals | string {
  if (typeof raw !== 'object' || raw === null) return 'not an object';
  const r = raw as Record<string, unknown>;
  if (!isKind(r.kind)) return 'kind';
  if (!isSize(r.size)) return 'size';
  if (r.evil !== undefined && !(r.evil === true && r.kind === '2048')) return 'evil';
  let t = emptyTotals({ kind: r.kind, size: r.size, ...(r.evil ? { evil: true } : {}) });
  for (const name of ['games', 'wins', 'assisted', 'totalMoves', 'streak', 'longestStreak']) {
    if (!isCount(r[name])) return name;
    t = { ...t, [name]: r[name] };
  }
  if (t.wins > t.games || t.assisted > t.games || t.longestStreak > t.wins) return 'games';
  if (t.streak > t.longestStreak) return 'streak';
  for (const name of OPTIONAL_TOTALS) {
    if (r[name] !== undefined && !isCount(r[name])) return name;
    if (r[name] !== undefined) t = { ...t, [name]: r[name] };
  }
  if (r.maxTiles !== undefined) {
    const maxTiles = parseMaxTiles(r.maxTiles);
    if (typeof maxTiles === 'string') return maxTiles;
    t = { ...t, maxTiles };
  }
  if (r.results !== undefined) {
    const results = parseResults(r.results);
    if (typeof results === 'string') return results;
    t = { ...t, results };
  }
  if (r.tail !== undefined || r.bestAverages !== undefined) {
    if (t.kind !== 'puzzle') return 'averages';
    const tail = parseTail(r.tail ?? []);
    const bestAverages = parseBestAverages(r.bestAverages ?? NO_BESTS);
    if (tail === null) return 'tail';
    if (bestAverages === null) return 'best averages';
    t = { ...t, tail, bestAverages };
  }
  return t;
}

// ------------------------------------------------------------ for stores that keep records

/**
 * Validates one stored entry, as {@link parseHistory} checks each of its games (for stores that
 * keep one record per game). The problem's message is a phrase ("the game is invalid (size)").
 */
export function parseHistoryEntry(raw: unknown): Result<HistoryEntry, HistoryProblem> {
  const e = parseEntry(raw);
  return typeof e === 'string' ? bad(`the game is invalid (${e})`) : ok(e);
}

/**
 * Validates stored rolled-up totals (a list, one per group) exactly as {@link parseHistory}
 * checks a history's: each total checked, no group twice; sorted by group.
 */
export function parseRolledUp(raw: unknown): Result<Totals[], HistoryProblem> {
  if (!Array.isArray(raw)) return bad('its totals are not a list');
  const parsed = parseHistory({
    kind: HISTORY_KIND,
    version: HISTORY_VERSION,
    entries: [],
    rolledUp: raw,
  });
  return parsed.ok ? ok([...parsed.value.rolledUp]) : parsed;
}

/**
 * The rolled-up totals after the oldest games are folded in, as {@link appendEntry} does with
 * the games it drops past {@link MAX_ENTRIES}: `oldest` in the order played, sorted by group.
 */
export function rollUp(rolledUp: readonly Totals[], oldest: readonly HistoryEntry[]): Totals[] {
  return [...foldTotals(rolledUp, oldest).values()].sort(byGroup);
}

/** A history cut to its newest `max` entries, the rest folded into its totals. */
export function withinMax(h: History, max = MAX_ENTRIES): History {
  return capped(h, max);
}

/**
 * The totals of two runs of games of one group, `newer` played after `older`. Counts add up,
 * bests are the better of the two, and a win streak carries on across them when the newer run
 * has only wins; a winning run that spans both otherwise counts as two runs, so the longest
 * streak is then at least the longer of the two (the only figure that can come out low).
 */
export function combineTotals(older: Totals, newer: Totals): Totals {
  const joined = newer.streak === newer.games ? older.streak + newer.games : newer.streak;
  const sumTables = <T>(
    a: Readonly<Record<string, T>> | undefined,
    b: Readonly<Record<string, T>> | undefined,
    add: (x: T, y: T) => T,
  ): Record<string, T> | undefined => {
    if (a === undefined || b === undefined) return a ?? b;
    const out: Record<string, T> = { ...a };
    for (const [k, v] of Object.entries(b)) out[k] = out[k] === undefined ? v : add(out[k], v);
    return out;
  };
  const bestScore = larger(older.bestScore, newer.bestScore);
  const bestTimeMs = smaller(older.bestTimeMs, newer.bestTimeMs);
  const fewestMoves = smaller(older.fewestMoves, newer.fewestMoves);
  const maxTiles = sumTables(older.maxTiles, newer.maxTiles, (x, y) => x + y);
  const results = sumTables(older.results, newer.results, (x, y) => ({
    wins: x.wins + y.wins,
    losses: x.losses + y.losses,
    draws: x.draws + y.draws,
  }));
  return {
    ...emptyTotals(newer),
    games: older.games + newer.games,
    wins: older.wins + newer.wins,
    assisted: older.assisted + newer.assisted,
    totalMoves: older.totalMoves + newer.totalMoves,
    ...(bestScore !== undefined ? { bestScore } : {}),
    ...(maxTiles !== undefined ? { maxTiles } : {}),
    ...(bestTimeMs !== undefined ? { bestTimeMs } : {}),
    ...(fewestMoves !== undefined ? { fewestMoves } : {}),
    ...(results !== undefined ? { results } : {}),
    ...(older.tail || newer.tail || older.bestAverages || newer.bestAverages
      ? {
          // Averages across the two runs are not known: each run's own bests are.
          tail: [...(older.tail ?? []), ...(newer.tail ?? [])].slice(-TAIL_LENGTH),
          bestAverages: combineBests(older.bestAverages, newer.bestAverages),
        }
      : {}),
    streak: joined,
    longestStreak: Math.max(older.longestStreak, newer.longestStreak, joined),
  };
}

/** Two lists of rolled-up totals as one, `newer` played after `older` (see {@link combineTotals}). */
export function mergeRolledUp(older: readonly Totals[], newer: readonly Totals[]): Totals[] {
  const table = new Map(older.map((t) => [groupKey(t), t]));
  for (const t of newer) {
    const before = table.get(groupKey(t));
    table.set(groupKey(t), before ? combineTotals(before, t) : t);
  }
  return [...table.values()].sort(byGroup);
}
