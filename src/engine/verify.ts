/**
 * A share code checked for a leaderboard: decoded, re-played through the rules from its seed,
 * and reduced to the figures a board ranks by. Only 2048 games (not evil: their tiles come from
 * the placer AI) and puzzles are ranked; evil games, versus matches and duels are refused as
 * `not-ranked` without being re-played. The code is read by the lean reader of
 * fastReplayCode.ts (by `decodeShared` when that one declines it, to say what is wrong) and
 * re-played by fastReplay.ts: the same rules and refusals as `readShareCode`, at a small
 * fraction of the cost.
 * Pure and total: any value gives a `Result`.
 */

import {
  type Figures2048,
  type FiguresPuzzle,
  replay2048Figures,
  replay2048Moves,
  replayPuzzleFigures,
  replayPuzzleTiles,
} from './fastReplay.ts';
import { readRankedCode } from './fastReplayCode.ts';
import { err, ok, type Problem, problem, type Result } from './result.ts';
import type { Seed } from './rng.ts';
import { decodeShared, type ShareProblem } from './shareCode.ts';

/** What a code proves, as a board ranks it. */
export interface Verified {
  readonly kind: '2048' | 'puzzle';
  /** Board width (and height). */
  readonly size: number;
  /** 2048: the target tile; puzzle: null. */
  readonly target: number | null;
  readonly seed: Seed;
  /** The AI, a hint or the solver helped (the code's mark). */
  readonly assisted: boolean;
  /** 2048: the score reached; puzzle: 0. */
  readonly score: number;
  /** 2048: turns; puzzle: single-tile moves. */
  readonly moves: number;
  /** 2048: the largest tile; puzzle: null. */
  readonly maxTile: number | null;
  /** Puzzle: the time the code reports (not provable from the moves); 2048: null. */
  readonly timeMs: number | null;
  /** 2048: no move is left; puzzle: solved. */
  readonly over: boolean;
  /** 2048: the target was reached; puzzle: solved. */
  readonly won: boolean;
}

export type VerifyProblem = ShareProblem | Problem<'not-ranked'>;

function verified2048(
  g: { size: number; target: number; seed: Seed },
  assisted: boolean,
  f: Figures2048,
): Verified {
  return {
    kind: '2048',
    size: g.size,
    target: g.target,
    seed: g.seed,
    assisted,
    score: f.score,
    moves: f.moves,
    maxTile: f.maxTile,
    timeMs: null,
    over: f.over,
    won: f.won,
  };
}

function verifiedPuzzle(
  g: { width: number; seed: Seed; timeMs: number | null },
  assisted: boolean,
  f: FiguresPuzzle,
): Verified {
  return {
    kind: 'puzzle',
    size: g.width,
    target: null,
    seed: g.seed,
    assisted,
    score: 0,
    moves: f.moves,
    maxTile: null,
    timeMs: g.timeMs,
    over: f.solved,
    won: f.solved,
  };
}

/**
 * Re-plays a code and gives its figures, or why it is refused: the codes and sentences of
 * `readShareCode` (`not-a-code`, `damaged`, `illegal-move` naming the move, …), or
 * `not-ranked` for an evil 2048 game, a versus match or a duel.
 */
export function verifyCode(code: unknown): Result<Verified, VerifyProblem> {
  const lean = readRankedCode(code);
  if (lean?.kind === '2048') {
    const r = replay2048Moves(lean.size, lean.target, lean.seed, lean.moves);
    return r.ok ? ok(verified2048(lean, lean.assisted, r.value)) : r;
  }
  if (lean?.kind === 'puzzle') {
    const r = replayPuzzleTiles(lean.width, lean.seed, lean.tiles);
    return r.ok ? ok(verifiedPuzzle(lean, lean.assisted, r.value)) : r;
  }
  const d = decodeShared(code as string);
  if (!d.ok) return d;
  const shared = d.value;
  const g = shared.game;
  if (g.kind === '2048') {
    if (g.evil)
      return err(problem('not-ranked', 'evil games (tiles placed by the AI) are not ranked'));
    const r = replay2048Figures(g);
    return r.ok ? ok(verified2048(g, shared.assisted, r.value)) : r;
  }
  if (g.kind === 'puzzle') {
    const r = replayPuzzleFigures(g);
    return r.ok ? ok(verifiedPuzzle(g, shared.assisted, r.value)) : r;
  }
  return err(
    problem('not-ranked', `a ${g.kind} code is not ranked: boards rank 2048 games and puzzles`),
  );
}
