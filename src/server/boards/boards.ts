/**
 * Where a verified game ranks, and by what: pure rules of the leaderboards, apart from HTTP and
 * the database.
 *
 * A ladder is one ranking: a board (`2048:4:2048`, `puzzle:4`, `daily-2048:2026-11-26`, …) and a
 * track: `ranked` (games the server dealt and timed: what a board shows by default), or, for
 * self-reported games (share codes sent with `POST /api/scores`), `clean` (games nobody helped)
 * or `open` (every self-reported game, assisted ones marked). Ranked and self-reported games
 * never share a ladder. Every ladder orders its entries by two whole numbers, lower first:
 * 2048 by the score (higher first), then fewer moves; the puzzle by fewer moves, then less time.
 * Then the earlier game.
 */
import { err, ok, type Problem, problem, type Result } from '../../engine/result.ts';
import type { Verified } from '../../engine/verify.ts';
import { DAILY_SIZE, DAILY_TARGET, dailySeed, utcDay } from '../../front/daily.ts';
import type { BoardName } from '../../net/api.ts';

export type Track = 'clean' | 'open' | 'ranked';

/** After midnight (UTC), how long yesterday's daily games are still accepted on its board. */
export const DAILY_GRACE_MS = 60 * 60 * 1000;
/** The fastest a person moves puzzle tiles, on average over a solve: faster times are refused. */
export const MAX_TILES_PER_SECOND = 25;
/**
 * The largest 2048 target a board is kept for: the leaderboard's queries name targets up to it
 * (and the database keeps a target in 32 bits). A game with a larger one is not ranked.
 */
export const MAX_TARGET = 2 ** 20;
/** Scores and first keys stay below this (2^40); a score above it is refused. */
export const KEY_LIMIT = 2 ** 40;
/** The second key of a puzzle whose time is not known: after every timed one. */
const NO_TIME = KEY_LIMIT - 1;

export interface Placement {
  /** The board's key, as the database names its ladders. */
  readonly board: string;
  readonly name: BoardName;
  /** The daily challenge's day, for the daily boards. */
  readonly day: string | null;
  /** A daily board keeps a player's first game; an all-time board their best. */
  readonly firstCounts: boolean;
}

export interface Ranked {
  /** The boards the game goes on, its primary board (the daily one, when it is) first. */
  readonly placements: readonly Placement[];
  /** The tracks: `ranked` for a ranked game; both others for a clean game, `open` only for an assisted one. */
  readonly tracks: readonly Track[];
  readonly k1: number;
  readonly k2: number;
  /** The daily challenge's day it counts for, or null. */
  readonly day: string | null;
}

export type RankProblem = Problem<'not-solved' | 'too-fast' | 'not-ranked'>;

/** The board key of an all-time board. */
export function allTimeBoard(kind: '2048' | 'puzzle', size: number, target: number | null): string {
  return kind === '2048' ? `2048:${size}:${target}` : `puzzle:${size}`;
}

/** The board key of a daily board. */
export function dailyBoard(kind: '2048' | 'puzzle', day: string): string {
  return `daily-${kind}:${day}`;
}

/** The daily challenge day a game counts for at `now`: today, or yesterday within the grace. */
function dailyDayOf(v: Verified, now: number): string | null {
  if (v.size !== DAILY_SIZE || (v.kind === '2048' && v.target !== DAILY_TARGET)) return null;
  const today = utcDay(now);
  if (v.seed === dailySeed(today, v.kind)) return today;
  const yesterday = utcDay(now - DAILY_GRACE_MS);
  if (yesterday !== today && v.seed === dailySeed(yesterday, v.kind)) return yesterday;
  return null;
}

/** The two keys a game is ordered by on its ladders (lower first). */
export function keysOf(v: Verified): { k1: number; k2: number } {
  if (v.kind === '2048') return { k1: KEY_LIMIT - 1 - v.score, k2: v.moves };
  return { k1: v.moves, k2: v.timeMs === null ? NO_TIME : Math.min(v.timeMs, NO_TIME - 1) };
}

/**
 * Where a verified game ranks at `now`, or why it does not: a puzzle only when solved and in a
 * time a person can move its tiles in.
 */
export function rankGame(v: Verified, now: number): Result<Ranked, RankProblem> {
  if (v.kind === 'puzzle') {
    if (!v.won) return err(problem('not-solved', 'a puzzle ranks only when solved'));
    if (v.timeMs !== null && v.timeMs * MAX_TILES_PER_SECOND < v.moves * 1000) {
      return err(
        problem(
          'too-fast',
          `${v.moves} tiles in ${(v.timeMs / 1000).toFixed(1)} s is faster than a person moves tiles (at most ${MAX_TILES_PER_SECOND} a second)`,
        ),
      );
    }
  }
  if (v.kind === '2048' && v.target !== null && v.target > MAX_TARGET) {
    return err(
      problem(
        'not-ranked',
        `boards rank 2048 games with targets up to ${MAX_TARGET}, not ${v.target}`,
      ),
    );
  }
  if (v.kind === '2048' && v.score >= KEY_LIMIT - 1) {
    return err(problem('not-ranked', 'the score is beyond what the boards keep'));
  }
  const day = dailyDayOf(v, now);
  const allTime: Placement = {
    board: allTimeBoard(v.kind, v.size, v.target),
    name: v.kind,
    day: null,
    firstCounts: false,
  };
  const placements: Placement[] =
    day === null
      ? [allTime]
      : [
          { board: dailyBoard(v.kind, day), name: `daily-${v.kind}`, day, firstCounts: true },
          allTime,
        ];
  return ok({
    placements,
    tracks: v.assisted ? ['open'] : ['clean', 'open'],
    ...keysOf(v),
    day,
  });
}

/** Levels of the rank counts: first keys are below 2^40. */
export const LEVELS = 40;
const LEVEL_SPAN = 2 ** LEVELS;
/** The node that counts every entry of a ladder (the one block of level 40). */
export const TOTAL_NODE = LEVELS * LEVEL_SPAN;

/**
 * The rank counts: for each level L, how many entries have a first key in each aligned block
 * [i·2^L, (i+1)·2^L). A node is one block, numbered L·2^40 + i (a whole number below 2^46),
 * and {@link TOTAL_NODE} counts them all. Adding an entry adds one to the 41 nodes that hold its
 * key; the entries ahead of a key are a sum of a few nodes (see {@link rankNodes}) — a rank
 * costs the same at a million entries as at ten.
 */
export function nodesOf(k1: number): number[] {
  const out: number[] = [];
  for (let level = 0; level < LEVELS; level++) {
    out.push(level * LEVEL_SPAN + Math.floor(k1 / 2 ** level));
  }
  out.push(TOTAL_NODE);
  return out;
}

/** The nodes whose counts add up to the entries with a first key below `k1`. */
export function nodesBelow(k1: number): number[] {
  const out: number[] = [];
  for (let level = LEVELS - 1; level >= 0; level--) {
    const block = Math.floor(k1 / 2 ** level);
    if (block % 2 === 1) out.push(level * LEVEL_SPAN + block - 1);
  }
  return out;
}

/** The nodes whose counts add up to the entries with a first key of `k1` or more. */
export function nodesFrom(k1: number): number[] {
  if (k1 === 0) return [TOTAL_NODE];
  const out: number[] = [];
  let cursor = k1;
  for (let level = 0; level < LEVELS && cursor < LEVEL_SPAN; level++) {
    const block = Math.floor(cursor / 2 ** level);
    if (block % 2 === 1) {
      out.push(level * LEVEL_SPAN + block);
      cursor += 2 ** level;
    }
  }
  return out;
}

/**
 * How to count the entries ahead of `k1` with the fewest nodes: the sum of `add`, less the sum
 * of `subtract` — the nodes below it, or all entries less those from it on (a 2048 score's key
 * is near 2^40, whose blocks below are many and whose blocks above are few).
 */
export function rankNodes(k1: number): { add: number[]; subtract: number[] } {
  const below = nodesBelow(k1);
  const from = nodesFrom(k1);
  return below.length <= from.length + 1
    ? { add: below, subtract: [] }
    : { add: [TOTAL_NODE], subtract: from };
}

/**
 * Where a ranked game (dealt and timed by the server) ranks: the same checks as
 * {@link rankGame}, on the `ranked` track only, on its ranked daily's board first when it has
 * a day (`day`, fixed when the server dealt it), and on its all-time board.
 */
export function rankRankedGame(v: Verified, day: string | null): Result<Ranked, RankProblem> {
  const checked = rankGame({ ...v, assisted: false }, 0);
  if (!checked.ok) return checked;
  const allTime: Placement = {
    board: allTimeBoard(v.kind, v.size, v.target),
    name: v.kind,
    day: null,
    firstCounts: false,
  };
  const placements: Placement[] =
    day === null
      ? [allTime]
      : [
          { board: dailyBoard(v.kind, day), name: `daily-${v.kind}`, day, firstCounts: true },
          allTime,
        ];
  return ok({ placements, tracks: ['ranked'], ...keysOf(v), day });
}
