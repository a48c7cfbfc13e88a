/**
 * A versus match: two players race on two boards started from the same seed, so both see the
 * same natural draws and neither side is luckier. Merges attack the other side (the seed's
 * two-player wish: "when a player merges two 4s, it makes an 8, and the next tile the other
 * player gets will be an 8").
 *
 * Rules ({@link VersusOptions}; the defaults are the seed's rule):
 * - A move that merges sends the largest tile it made, capped at `attackCap` when one is set,
 *   to the end of the other side's queue. A move that merges nothing sends nothing.
 * - Each move of a side whose queue is not empty takes the queue's head as its spawn: the value
 *   is forced, the cell is drawn as for a natural spawn (see `spawn.ts`), so the generators of
 *   the two boards stay in step. One attack is delivered per receiving move.
 * - Moves come from either side in any order (two players at one keyboard). A move that
 *   changes nothing is not logged and changes nothing; after the match is over moves are
 *   refused (`match-over`).
 * - The first side to make a tile of the target wins at once.
 * - A side whose move leaves its board unable to move is out after its k-th move. The other
 *   side wins as soon as it has made k moves of its own and can still move (it outlasted the
 *   side that is out), including at once if it had already made k or more. Until then it plays
 *   on alone (and still wins at once on reaching the target). If it is also left unable to
 *   move, the one out after more moves wins, and a **draw** is when both are out after the
 *   same number of moves: each side's k-th move left its own board unable to move. Counting
 *   moves, not time, keeps the end fair when one player types faster.
 */

import { checkKnownOptions, show } from './describe.ts';
import {
  type Cells,
  checkOptions,
  type Game,
  gameFromCells,
  isTileValue,
  MAX_TILE_WORDS,
  maxTile,
  newGame,
  parseCells,
  type Spawn,
} from './game2048.ts';
import { err, ok, type Problem, problem, type Result } from './result.ts';
import type { Seed } from './rng.ts';
import { playWith, type SpawnRule, slideOnly, spawnOn } from './spawn.ts';
import { DEFAULT_VERSUS_TARGET, type Direction, isDirection } from './types.ts';

/** One of the two players of a match: 0 or 1. */
export type Side = 0 | 1;

/** Options of {@link newVersus}. */
export interface VersusOptions {
  /** The seed both boards share (default: a fresh random seed). */
  seed?: Seed;
  /** Board width and height, 3 to 8 (default 4). */
  size?: number;
  /** The tile that wins the match, a power of two from 16 (default 512). */
  target?: number;
  /** The largest attack, a power of two from 4, or null for none (the default). */
  attackCap?: number | null;
}

/** The checked rules of a match, defaults filled in. */
export interface VersusRules {
  readonly seed: Seed;
  readonly size: number;
  readonly target: number;
  readonly attackCap: number | null;
}

/** One logged move: who moved where, the attack it received (spawn) and the one it sent. */
export interface VersusMove {
  readonly side: Side;
  readonly direction: Direction;
  /** The forced spawn this move delivered from the side's queue, or null for a natural one. */
  readonly received: number | null;
  /** The attack this move sent to the other side, or null when it merged nothing. */
  readonly sent: number | null;
}

/** A versus match: an immutable value. */
export interface VersusMatch {
  readonly rules: VersusRules;
  /** Side 0's game and side 1's game (their `target` is the match target). */
  readonly games: readonly [Game, Game];
  /** The attacks waiting for each side, the next one first. */
  readonly queues: readonly [readonly number[], readonly number[]];
  /** The side that won, `'draw'`, or null while the match goes on. */
  readonly winner: Side | 'draw' | null;
  /** The match is decided; no more moves. */
  readonly over: boolean;
  /** The moves that changed a board, in order. */
  readonly log: readonly VersusMove[];
}

/**
 * Why a match call was refused: bad options (`bad-options`, `bad-size`, `bad-target`,
 * `bad-seed`, `bad-cap`), a bad move (`bad-side`, `bad-direction`, `match-over`), a log that
 * does not replay (`bad-log`), or (a match dealt from outside) a starting board that is not one
 * (`bad-board`) or a dealt tile the rules do not allow (`bad-tile`).
 */
export type VersusProblem = Problem<
  | 'bad-options'
  | 'bad-size'
  | 'bad-target'
  | 'bad-seed'
  | 'bad-cap'
  | 'bad-side'
  | 'bad-direction'
  | 'match-over'
  | 'bad-log'
  | 'bad-board'
  | 'bad-tile'
>;

export { DEFAULT_VERSUS_TARGET };

const OPTION_NAMES = ['seed', 'size', 'target', 'attackCap'];

/** Checks match options, filling in defaults (a fresh random seed when none is given). */
export function checkVersusOptions(opts: VersusOptions = {}): Result<VersusRules, VersusProblem> {
  const known = checkKnownOptions(opts, OPTION_NAMES);
  if (!known.ok) return known;
  const target = opts.target ?? DEFAULT_VERSUS_TARGET;
  if (!isTileValue(target) || target < 16) {
    return err(
      problem(
        'bad-target',
        `target must be a power of two from 16 to ${MAX_TILE_WORDS}, got ${show(opts.target)}`,
      ),
    );
  }
  const cap = opts.attackCap ?? null;
  if (cap !== null && (!isTileValue(cap) || cap < 4)) {
    return err(
      problem(
        'bad-cap',
        `attackCap must be a power of two from 4 to ${MAX_TILE_WORDS}, or null for none, got ${show(cap)}`,
      ),
    );
  }
  const base = checkOptions({ size: opts.size, target, seed: opts.seed });
  if (!base.ok) return base;
  return ok({ seed: base.value.seed, size: base.value.size, target, attackCap: cap });
}

/** A match before its first move: both boards `game`, empty queues. */
function startingWith(rules: VersusMatch['rules'], game: Game): VersusMatch {
  return { rules, games: [game, game], queues: [[], []], winner: null, over: false, log: [] };
}

/** A new match: two identical boards from the shared seed, empty queues. */
export function newVersus(opts?: VersusOptions): Result<VersusMatch, VersusProblem> {
  const rules = checkVersusOptions(opts);
  if (!rules.ok) return rules;
  const { seed, size, target } = rules.value;
  const game = newGame({ seed, size, target });
  return ok(startingWith(rules.value, game));
}

/**
 * Who has won, given both games and the side that just moved (see the module comment):
 * the mover on reaching `target`; otherwise judged by who is out after how many moves.
 */
export function versusWinner(
  games: readonly [Game, Game],
  mover: Side,
  target: number,
): Side | 'draw' | null {
  if (maxTile(games[mover].cells) >= target) return mover;
  const [a, b] = games;
  if (a.over && b.over) {
    if (a.moves === b.moves) return 'draw';
    return a.moves > b.moves ? 0 : 1;
  }
  if (!a.over && !b.over) return null;
  const out: Side = a.over ? 0 : 1;
  const other: Side = out === 0 ? 1 : 0;
  return games[other].moves >= games[out].moves ? other : null;
}

/** The attack a move sends: its largest merge, capped; null when it merged nothing. */
function attackOf(game: Game, cap: number | null): number | null {
  const merges = game.last?.merges ?? [];
  if (merges.length === 0) return null;
  const largest = Math.max(...merges.map((m) => m.value));
  return cap === null ? largest : Math.min(largest, cap);
}

/** Refuses a move by a bad side or direction, or after the end; null when it may be tried. */
function refuseMove(
  match: VersusMatch,
  side: Side,
  dir: Direction,
): { ok: false; error: VersusProblem } | null {
  if (side !== 0 && side !== 1) {
    return err(problem('bad-side', `side must be 0 or 1, got ${show(side)}`));
  }
  if (!isDirection(dir)) {
    return err(
      problem('bad-direction', `direction must be one of up, down, left, right, got ${show(dir)}`),
    );
  }
  if (match.over) {
    return err(problem('match-over', 'the match is over: no more moves'));
  }
  return null;
}

/**
 * The match after `side`'s board became `next` (a move that changed it): the attack it made
 * joins the other queue, the head of its own queue is taken when `took`, and the winner judged.
 */
function afterMove(
  match: VersusMatch,
  side: Side,
  dir: Direction,
  next: Game,
  took: boolean,
): VersusMatch {
  const queue = match.queues[side];
  const head = took ? queue[0] : undefined;
  const sent = attackOf(next, match.rules.attackCap);
  const other: Side = side === 0 ? 1 : 0;
  const mine = head === undefined ? queue : queue.slice(1);
  const theirs = sent === null ? match.queues[other] : [...match.queues[other], sent];
  return judged(match, side, next, side === 0 ? [mine, theirs] : [theirs, mine], [
    ...match.log,
    { side, direction: dir, received: head ?? null, sent },
  ]);
}

/** `match` with `side`'s board `next`, these queues and log, and the winner judged. */
function judged(
  match: VersusMatch,
  side: Side,
  next: Game,
  queues: VersusMatch['queues'],
  log: VersusMatch['log'],
): VersusMatch {
  const games: [Game, Game] = side === 0 ? [next, match.games[1]] : [match.games[0], next];
  const winner = versusWinner(games, side, match.rules.target);
  return { rules: match.rules, games, queues, winner, over: winner !== null, log };
}

/**
 * Side `side` moves `dir`. Its spawn is the head of its queue (forced) or natural; the attack
 * it makes joins the other queue. A move that changes nothing returns the same match.
 */
export function versusMove(
  match: VersusMatch,
  side: Side,
  dir: Direction,
): Result<VersusMatch, VersusProblem> {
  const refused = refuseMove(match, side, dir);
  if (refused) return refused;
  const game = match.games[side];
  const head = match.queues[side][0];
  const rule: SpawnRule =
    head === undefined ? { kind: 'natural' } : { kind: 'forced', value: head };
  const played = playWith(game, dir, rule);
  // A slide that moved always leaves an empty cell, and queued values are valid tiles.
  if (!played.ok) throw new Error(`versusMove: spawn refused: ${played.error.message}`);
  const next = played.value;
  if (next === game) return ok(match);
  return ok(afterMove(match, side, dir, next, true));
}

/** The tile a move of a versus match spawned on the mover's board (see {@link versusDealt}). */
export type DealtTile = Spawn;

/**
 * A match whose tiles are dealt from outside, as a client of an online room plays it without
 * knowing the seed: both boards start as `cells`. Its `rules.seed` is 0, standing for a seed
 * not known, and its boards' generators are never drawn from: every move comes through
 * {@link versusDealt} with the tile the dealer spawned (or {@link versusSlide}, a move's slide
 * before its tile is known).
 */
export function versusFromCells(
  opts: Omit<VersusOptions, 'seed'>,
  cells: Cells,
): Result<VersusMatch, VersusProblem> {
  const board = parseCells(cells);
  if (!board.ok) return err(problem('bad-board', board.error.message));
  const rules = checkVersusOptions({ ...opts, seed: 0 });
  if (!rules.ok) return rules;
  if (board.value.length !== rules.value.size) {
    return err(
      problem(
        'bad-board',
        `the boards are ${rules.value.size}×${rules.value.size}, got ${board.value.length} rows`,
      ),
    );
  }
  const game = gameFromCells(board.value, { seed: 0, target: rules.value.target });
  return ok(startingWith(rules.value, game));
}

/**
 * The spawn of a tile dealt from outside on `side`'s board, whose queue's head is `head`: the
 * attack's value when there is one, else a 2 or a 4 (the cell is checked by the spawn itself).
 */
function dealtRule(
  side: Side,
  head: number | undefined,
  tile: DealtTile,
): Result<SpawnRule, VersusProblem> {
  const t = tile as { at?: unknown; value?: unknown } | null;
  const value = t?.value;
  if (head !== undefined ? value !== head : value !== 2 && value !== 4) {
    return err(
      problem(
        'bad-tile',
        head !== undefined
          ? `side ${side}'s next tile is the attack ${head}, got ${show(value)}`
          : `a tile dealt without an attack is a 2 or a 4, got ${show(value)}`,
      ),
    );
  }
  return ok({ kind: 'placed', at: t?.at, value } as SpawnRule);
}

/**
 * Side `side` moves `dir` and the dealer's `tile` appears on its board: the tile must be the
 * head of the side's queue when it has one (an attack's value, on the cell dealt), else a 2 or
 * a 4, on a cell the slide left empty. The same match as {@link versusMove} made with the
 * dealer's seed, but for the boards' generators. A move that changes nothing returns the same
 * match (the tile unused).
 */
export function versusDealt(
  match: VersusMatch,
  side: Side,
  dir: Direction,
  tile: DealtTile,
): Result<VersusMatch, VersusProblem> {
  const refused = refuseMove(match, side, dir);
  if (refused) return refused;
  const game = match.games[side];
  const head = match.queues[side][0];
  const rule = dealtRule(side, head, tile);
  if (!rule.ok) return rule;
  const played = playWith(game, dir, rule.value);
  if (!played.ok) return err(problem('bad-tile', played.error.message));
  if (played.value === game) return ok(match);
  return ok(afterMove(match, side, dir, played.value, true));
}

/**
 * The tile the dealer spawned for `side`'s slide that `slid` shows without it ({@link
 * versusSlide}): the same match as {@link versusDealt} on the match before the slide, and the
 * same board object but for the tile (`previous` and `last` kept), so a picture of the slide can
 * add the tile without drawing the slide again. The tile must be one the rules allow, as for
 * `versusDealt`; refused (`bad-tile`) when `slid`'s newest move is not a slide of `side` waiting
 * for its tile.
 */
export function versusDealSlid(
  slid: VersusMatch,
  side: Side,
  tile: DealtTile,
): Result<VersusMatch, VersusProblem> {
  const last = slid.log.at(-1);
  const game = slid.games[side];
  if (last?.side !== side || last.received !== null || game?.spawned.length !== 0) {
    return err(problem('bad-tile', `no slide of side ${show(side)} waits for its tile`));
  }
  const queue = slid.queues[side];
  const head = queue[0];
  const rule = dealtRule(side, head, tile);
  if (!rule.ok) return rule;
  const placed = spawnOn(game, rule.value);
  if (!placed.ok) return err(problem('bad-tile', placed.error.message));
  const next = placed.value;
  const other: Side = side === 0 ? 1 : 0;
  const mine = head === undefined ? queue : queue.slice(1);
  return ok(
    judged(slid, side, next, side === 0 ? [mine, slid.queues[other]] : [slid.queues[other], mine], [
      ...slid.log.slice(0, -1),
      { ...last, received: head ?? null },
    ]),
  );
}

/**
 * Side `side`'s move `dir` as far as it is known before its tile is dealt: the slide, its
 * points and the attack it sends; the side's queue keeps its head (the tile will take it). For
 * showing a move at once; the dealt move ({@link versusDealt}) replaces it. A slide that
 * changes nothing returns the same match.
 */
export function versusSlide(
  match: VersusMatch,
  side: Side,
  dir: Direction,
): Result<VersusMatch, VersusProblem> {
  const refused = refuseMove(match, side, dir);
  if (refused) return refused;
  const game = match.games[side];
  const next = slideOnly(game, dir);
  if (next === game) return ok(match);
  return ok(afterMove(match, side, dir, next, false));
}

/**
 * Replays a move log from the start (the `received`/`sent` fields, if any, are ignored and
 * recomputed). Every move must change its board; a refused or empty move is a `bad-log`.
 */
export function replayVersus(
  opts: VersusOptions,
  log: readonly { readonly side: Side; readonly direction: Direction }[],
): Result<VersusMatch, VersusProblem> {
  const start = newVersus(opts);
  if (!start.ok) return start;
  if (!Array.isArray(log)) {
    return err(problem('bad-log', `a move log must be an array, got ${show(log)}`));
  }
  let match = start.value;
  for (let i = 0; i < log.length; i++) {
    const m = log[i] as { side?: unknown; direction?: unknown } | null;
    if (typeof m !== 'object' || m === null) {
      return err(problem('bad-log', `move ${i + 1} must be an object, got ${show(m)}`));
    }
    const next = versusMove(match, m.side as Side, m.direction as Direction);
    if (!next.ok) return err(problem('bad-log', `move ${i + 1}: ${next.error.message}`));
    if (next.value === match) {
      return err(problem('bad-log', `move ${i + 1} does not change side ${m.side}'s board`));
    }
    match = next.value;
  }
  return ok(match);
}
