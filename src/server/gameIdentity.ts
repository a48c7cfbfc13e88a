/**
 * What makes a stored game the same game, and a copy of another: pure rules of the boards,
 * apart from HTTP and the database.
 *
 * A game is its canonical form: the kind, the board size, the 2048 target, the seed and the
 * moves (a puzzle: the tiles moved). What else a code holds — the players' label, the assisted
 * mark, a puzzle's reported times, flags a kind does not use, how long its numbers are
 * written — is not the game: two codes that read to the same canonical form are one game.
 *
 * A copy continues (or cuts short) another game: the same kind, size and seed, and the same
 * moves for a long prefix — at least {@link OPENING_MOVES} moves and at least half of the
 * stored game's moves — or all of its moves (under another 2048 target: the same moves under
 * another target are the same play). The opening (the first {@link OPENING_MOVES} moves, or
 * all of a shorter game's, with the kind, size and seed, not the target) is hashed so that the
 * stored games a code may copy are found by an index.
 */
import { createHash } from 'node:crypto';
import { readRankedCode } from '../engine/fastReplayCode.ts';

/**
 * The moves two games must share from the start, at least, for one to be a copy of the other.
 * Two players who choose their moves share 64 of them by chance with a likelihood far below
 * one in 10^20 (see docs/server.md, Boards).
 */
export const OPENING_MOVES = 64;

/** A code's game, reduced to what identifies it. */
export interface GameIdentity {
  readonly kind: '2048' | 'puzzle';
  readonly size: number;
  /** 2048: the target tile; puzzle: null. */
  readonly target: number | null;
  readonly seed: number;
  /** 2048: directions (0–3); puzzle: the tiles moved. */
  readonly moves: Uint8Array;
  /** SHA-256 (hex) of the canonical form: one value per game, however its code is written. */
  readonly gameHash: string;
  /** SHA-256 (hex) of the opening: the first {@link OPENING_MOVES} moves, or all of fewer. */
  readonly openingHash: string;
}

/** The identity of a code of a ranked kind (a 2048 game not evil, a puzzle), or null. */
export function gameIdentity(code: unknown): GameIdentity | null {
  const r = readRankedCode(code);
  if (!r) return null;
  const moves = r.kind === '2048' ? r.moves : r.tiles;
  const size = r.kind === '2048' ? r.size : r.width;
  const target = r.kind === '2048' ? r.target : null;
  const rules = `${r.kind} ${size} ${r.seed}`;
  const gameHash = createHash('sha256')
    .update(`slidebox game ${rules} ${target ?? '-'} ${moves.length}:`)
    .update(moves)
    .digest('hex');
  const opening = moves.subarray(0, OPENING_MOVES);
  const openingHash = createHash('sha256')
    .update(`slidebox opening ${rules} ${opening.length}:`)
    .update(opening)
    .digest('hex');
  return { kind: r.kind, size, target, seed: r.seed, moves, gameHash, openingHash };
}

/** How many moves two move lists share from the start. */
export function sharedPrefix(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

/**
 * Whether `game` copies `stored` (the same kind, size and seed): they share at least
 * {@link OPENING_MOVES} moves from the start and at least half of the stored game's moves, or
 * they are the same moves, one or more (under another target: the same game is one game).
 */
export function copies(game: GameIdentity, stored: GameIdentity): boolean {
  if (game.kind !== stored.kind || game.size !== stored.size || game.seed !== stored.seed) {
    return false;
  }
  const shared = sharedPrefix(game.moves, stored.moves);
  if (shared > 0 && shared === game.moves.length && shared === stored.moves.length) return true;
  return shared >= OPENING_MOVES && shared * 2 >= stored.moves.length;
}
