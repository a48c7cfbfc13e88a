/**
 * Who a versus match is played against, and the AI's levels: how fast it moves and how often it
 * plays a random legal move instead of its best one. Its best move is the 2048 AI's autoplay
 * answer; the random choices come from a generator seeded by the match, so a match against the
 * AI replays alike.
 */
import { legalMoves } from '../engine/game2048.ts';
import { nextInt, type Seed, seedRng, seedWord } from '../engine/rng.ts';
import type { Direction } from '../engine/types.ts';

export const AI_LEVELS = ['easy', 'medium', 'hard'] as const;
export type AiLevel = (typeof AI_LEVELS)[number];

export interface LevelSpec {
  /** Pause between the AI's moves (ms), counted from when it was asked. */
  readonly paceMs: number;
  /** Share of moves played at random among the legal ones (0 to 1). */
  readonly blunder: number;
}

/**
 * From "beatable by a beginner" to "hard": a beginner makes about two moves a second with
 * plenty of poor ones; `hard` plays its best move four times a second.
 */
export const LEVELS: Readonly<Record<AiLevel, LevelSpec>> = {
  easy: { paceMs: 900, blunder: 0.35 },
  medium: { paceMs: 500, blunder: 0.12 },
  hard: { paceMs: 250, blunder: 0 },
};

/** Who plays side 2 (index 1) of a versus match: a second player, or the AI at a level. */
export type Opponent =
  | { readonly kind: 'human' }
  | { readonly kind: 'ai'; readonly level: AiLevel };

export function isAiLevel(x: unknown): x is AiLevel {
  return (AI_LEVELS as readonly unknown[]).includes(x);
}

/**
 * The AI's move at its level: the best move, or, for the level's share of moves, a legal move
 * drawn from a generator seeded by the match seed and the move's number.
 */
export function levelMove(
  level: AiLevel,
  cells: number[][],
  best: Direction | null,
  seed: Seed,
  moveNumber: number,
): Direction | null {
  const spec = LEVELS[level];
  if (best === null || spec.blunder === 0) return best;
  const rng = seedRng((seedWord(seed) ^ Math.imul(moveNumber + 1, 0x9e3779b1)) >>> 0);
  const roll = nextInt(rng, 1_000_000);
  if (roll.value >= spec.blunder * 1_000_000) return best;
  const legal = legalMoves(cells);
  return legal[nextInt(roll.state, legal.length).value] ?? best;
}
