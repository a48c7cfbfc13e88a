/**
 * A duel: 2048 without luck. Two players take turns in two roles, the slider and the placer.
 * The slider moves (no random spawn); then the placer chooses the cell and the value (2 or 4)
 * of the new tile, as the "evil" placer of adversarial 2048 does.
 *
 * - A round starts on an empty board: the placer places the first two tiles, then the slider
 *   moves, then the placer places one tile, and so on. Placing the start tiles is part of the
 *   placer's job, so the slider gets no lucky start either.
 * - A move that changes nothing is not a turn: it returns the same duel.
 * - The round ends when, after a placement, the slider cannot move. The slider's score is the
 *   round's score; there is no target (a round is played out to the end).
 * - A duel is two rounds with the roles swapped. Who slides in round 1 is the only thing the
 *   seed decides (`first`, drawn from the seed's generator).
 * - The higher slider score wins; on equal scores the larger largest tile on the round's final
 *   board, then a draw.
 */

import { checkKnownOptions, show } from './describe.ts';
import { checkOptions, type Game, gameFromCells, MAX_TILE, maxTile } from './game2048.ts';
import { err, ok, type Problem, problem, type Result } from './result.ts';
import { nextInt, type Seed, seedRng } from './rng.ts';
import { placeTile, slideOnly } from './spawn.ts';
import { type Direction, isDirection, type Pos } from './types.ts';

/** One of the two players of a duel: 0 or 1. */
export type Player = 0 | 1;

/** What the duel waits for: a placement, a slide, or nothing (it is over). */
export type DuelPhase = 'place' | 'slide' | 'over';

/** Options of {@link newDuel}. */
export interface DuelOptions {
  /** Decides who slides first (default: a fresh random seed). */
  seed?: Seed;
  /** Board width and height, 3 to 8 (default 4). */
  size?: number;
}

/** One logged action: a slide or a placement. */
export type DuelAction =
  | { readonly kind: 'slide'; readonly direction: Direction }
  | { readonly kind: 'place'; readonly at: Pos; readonly value: 2 | 4 };

/** How a finished round went for its slider. */
export interface RoundResult {
  readonly slider: Player;
  readonly score: number;
  /** The largest tile on the final board. */
  readonly maxTile: number;
  /** The slides of the round. */
  readonly moves: number;
}

/** A duel: an immutable value. */
export interface Duel {
  readonly seed: Seed;
  readonly size: number;
  /** The player who slides in the first round (and places in the second). */
  readonly first: Player;
  /** The round being played (0 or 1); stays 1 once the duel is over. */
  readonly round: 0 | 1;
  readonly phase: DuelPhase;
  /** The current round's board (the last round's final board once the duel is over). */
  readonly game: Game;
  /** The finished rounds, in order. */
  readonly rounds: readonly RoundResult[];
  /** The player who won, `'draw'`, or null while the duel goes on. */
  readonly winner: Player | 'draw' | null;
  /** Every action, in order. */
  readonly log: readonly DuelAction[];
}

/** Who does what now: see {@link whoIs}. */
export interface DuelTurn {
  readonly phase: DuelPhase;
  readonly round: 0 | 1;
  readonly slider: Player;
  readonly placer: Player;
  /** The player to act now (null once the duel is over). */
  readonly toAct: Player | null;
}

/**
 * Why a duel call was refused: bad options (`bad-options`, `bad-size`, `bad-seed`), an action
 * out of turn (`wrong-phase`, `duel-over`), a bad slide (`bad-direction`), a bad placement
 * (`bad-value`: only 2 or 4; `off-board`; `occupied-cell`), or a log that does not replay
 * (`bad-log`).
 */
export type DuelProblem = Problem<
  | 'bad-options'
  | 'bad-size'
  | 'bad-seed'
  | 'wrong-phase'
  | 'duel-over'
  | 'bad-direction'
  | 'bad-value'
  | 'off-board'
  | 'occupied-cell'
  | 'bad-log'
>;

const OPTION_NAMES = ['seed', 'size'];

/** Checks duel options, filling in defaults (a fresh random seed when none is given). */
export function checkDuelOptions(
  opts: DuelOptions = {},
): Result<{ seed: Seed; size: number }, DuelProblem> {
  const known = checkKnownOptions(opts, OPTION_NAMES);
  if (!known.ok) return known;
  const base = checkOptions({ size: opts.size, seed: opts.seed });
  if (!base.ok) return base as { ok: false; error: DuelProblem };
  return ok({ seed: base.value.seed, size: base.value.size });
}

/** An empty board for a round; no target, so a round is played out to the end. */
function emptyRound(size: number, seed: Seed): Game {
  const cells = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  return gameFromCells(cells, { target: MAX_TILE, seed });
}

/** A new duel: round 1 on an empty board, its placer to place the first tile. */
export function newDuel(opts?: DuelOptions): Result<Duel, DuelProblem> {
  const o = checkDuelOptions(opts);
  if (!o.ok) return o;
  const { seed, size } = o.value;
  return ok({
    seed,
    size,
    first: nextInt(seedRng(seed), 2).value as Player,
    round: 0,
    phase: 'place',
    game: emptyRound(size, seed),
    rounds: [],
    winner: null,
    log: [],
  });
}

/**
 * A duel whose first slider is known but not its seed, as a client of an online room starts it
 * (the server keeps the seed until the end): the same duel as {@link newDuel} with the seed
 * that drew `first`, but for `seed`, which is 0 (not known) and decides nothing after the start.
 */
export function duelWithFirst(
  opts: { readonly size?: number },
  first: Player,
): Result<Duel, DuelProblem> {
  if (first !== 0 && first !== 1) {
    return err(problem('bad-options', `the first slider is player 0 or 1, got ${show(first)}`));
  }
  const o = checkDuelOptions({ ...opts, seed: 0 });
  if (!o.ok) return o;
  const start = newDuel(o.value);
  return start.ok ? ok({ ...start.value, first }) : start;
}

/** Which player slides and which places in the current round, the phase, and who acts now. */
export function whoIs(duel: Duel): DuelTurn {
  const slider: Player = duel.round === 0 ? duel.first : duel.first === 0 ? 1 : 0;
  const placer: Player = slider === 0 ? 1 : 0;
  const toAct = duel.phase === 'over' ? null : duel.phase === 'slide' ? slider : placer;
  return { phase: duel.phase, round: duel.round, slider, placer, toAct };
}

function refuseOutOfTurn(duel: Duel, want: DuelPhase): { ok: false; error: DuelProblem } | null {
  if (duel.phase === 'over') return err(problem('duel-over', 'the duel is over: no more turns'));
  if (duel.phase === want) return null;
  const who = whoIs(duel);
  return err(
    problem(
      'wrong-phase',
      duel.phase === 'slide'
        ? `it is the slider's turn (player ${who.slider}) to move, not the placer's to place`
        : `it is the placer's turn (player ${who.placer}) to place a tile, not the slider's to move`,
    ),
  );
}

/** The slider moves `dir` (no spawn). A move that changes nothing returns the same duel. */
export function duelSlide(duel: Duel, dir: Direction): Result<Duel, DuelProblem> {
  if (!isDirection(dir)) {
    return err(
      problem('bad-direction', `direction must be one of up, down, left, right, got ${show(dir)}`),
    );
  }
  const refused = refuseOutOfTurn(duel, 'slide');
  if (refused) return refused;
  const game = slideOnly(duel.game, dir);
  if (game === duel.game) return ok(duel);
  return ok({
    ...duel,
    phase: 'place',
    game,
    log: [...duel.log, { kind: 'slide', direction: dir }],
  });
}

/** The winner of two finished rounds: higher score, then larger tile, else a draw. */
function decide(a: RoundResult, b: RoundResult): Player | 'draw' {
  if (a.score !== b.score) return a.score > b.score ? a.slider : b.slider;
  if (a.maxTile !== b.maxTile) return a.maxTile > b.maxTile ? a.slider : b.slider;
  return 'draw';
}

/** After a placement: the slider's turn, or the round's end when the slider cannot move. */
function afterPlacement(duel: Duel, game: Game, log: readonly DuelAction[]): Duel {
  const starting = game.moves === 0 && game.spawned.length < 2;
  if (starting || !game.over) return { ...duel, phase: starting ? 'place' : 'slide', game, log };
  const result: RoundResult = {
    slider: whoIs(duel).slider,
    score: game.score,
    maxTile: maxTile(game.cells),
    moves: game.moves,
  };
  const rounds = [...duel.rounds, result];
  if (duel.round === 0) {
    return {
      ...duel,
      round: 1,
      phase: 'place',
      game: emptyRound(duel.size, duel.seed),
      rounds,
      log,
    };
  }
  return { ...duel, phase: 'over', game, rounds, winner: decide(rounds[0]!, result), log };
}

/**
 * The placer puts a tile of `value` (2 or 4) on the empty cell `at`. A refused placement
 * changes nothing.
 */
export function duelPlace(duel: Duel, at: Pos, value: number): Result<Duel, DuelProblem> {
  const refused = refuseOutOfTurn(duel, 'place');
  if (refused) return refused;
  if (value !== 2 && value !== 4) {
    return err(problem('bad-value', `the placer places a 2 or a 4, got ${show(value)}`));
  }
  const placed = placeTile(duel.game, at, value);
  if (!placed.ok) return placed as { ok: false; error: DuelProblem };
  const action: DuelAction = { kind: 'place', at: placed.value.spawned.at(-1)!.at, value };
  return ok(afterPlacement(duel, placed.value, [...duel.log, action]));
}

/** Replays a duel's log from the start. Every action must be taken; a slide must move. */
export function replayDuel(
  opts: DuelOptions,
  log: readonly DuelAction[],
): Result<Duel, DuelProblem> {
  const start = newDuel(opts);
  if (!start.ok) return start;
  if (!Array.isArray(log)) {
    return err(problem('bad-log', `a duel log must be an array, got ${show(log)}`));
  }
  let duel = start.value;
  for (let i = 0; i < log.length; i++) {
    const a = log[i] as Record<string, unknown> | null;
    const next =
      a?.kind === 'slide'
        ? duelSlide(duel, a.direction as Direction)
        : a?.kind === 'place'
          ? duelPlace(duel, a.at as Pos, a.value as number)
          : err(problem('bad-log', `action ${i + 1} must be a slide or a place, got ${show(a)}`));
    if (!next.ok) return err(problem('bad-log', `action ${i + 1}: ${next.error.message}`));
    if (next.value === duel) return err(problem('bad-log', `action ${i + 1} changes nothing`));
    duel = next.value;
  }
  return ok(duel);
}
