/**
 * A share code checked for a leaderboard: decoded, re-played through the rules from its seed,
 * and reduced to the figures a board ranks by. Only 2048 games (not evil: their tiles come from
 * the placer AI) and puzzles are ranked; versus matches and duels are refused as `not-ranked`.
 * Pure and total: any value gives a `Result`.
 */
import { type Game, maxTile } from './game2048.ts';
import type { Puzzle } from './puzzle.ts';
import { err, type Problem, problem, type Result } from './result.ts';
import type { ShareProblem } from './shareCode.ts';
import { readShareCode } from './shareReplay.ts';

/** What a code proves, as a board ranks it. */
export interface Verified {
  readonly kind: '2048' | 'puzzle';
  /** Board width (and height). */
  readonly size: number;
  /** 2048: the target tile; puzzle: null. */
  readonly target: number | null;
  readonly seed: number;
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

/** Re-plays a code and gives its figures, or why it is refused. */
export function verifyCode(code: unknown): Result<Verified, VerifyProblem> {
  const r = readShareCode(code as string);
  if (!r.ok) return r;
  const { shared } = r.value;
  const g = shared.game;
  if (r.value.kind === '2048' && g.kind === '2048') {
    if (g.evil)
      return err(problem('not-ranked', 'evil games (tiles placed by the AI) are not ranked'));
    const last: Game = r.value.states[r.value.states.length - 1]!;
    return {
      ok: true,
      value: {
        kind: '2048',
        size: g.size,
        target: g.target,
        seed: g.seed,
        assisted: shared.assisted,
        score: last.score,
        moves: last.moves,
        maxTile: maxTile(last.cells),
        timeMs: null,
        over: last.over,
        won: last.won,
      },
    };
  }
  if (r.value.kind === 'puzzle' && g.kind === 'puzzle') {
    const last: Puzzle = r.value.states[r.value.states.length - 1]!;
    return {
      ok: true,
      value: {
        kind: 'puzzle',
        size: g.width,
        target: null,
        seed: g.seed,
        assisted: shared.assisted,
        score: 0,
        moves: last.moves,
        maxTile: null,
        timeMs: g.timeMs,
        over: last.solved,
        won: last.solved,
      },
    };
  }
  return err(
    problem('not-ranked', `a ${g.kind} code is not ranked: boards rank 2048 games and puzzles`),
  );
}
