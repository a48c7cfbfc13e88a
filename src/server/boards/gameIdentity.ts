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
 * stored games a code may copy are found by an index. A puzzle is compared by its path: its
 * moves with every detour that comes back to a position cut out (a puzzle has no chance in it,
 * so moving a tile and back, or round a loop, leaves the same game to copy on from).
 */

import { readRankedCode } from '../../engine/fastReplayCode.ts';
import { newPuzzle } from '../../engine/puzzle.ts';
import type { Seed } from '../../engine/rng.ts';
import { sha256Of } from '../hash.ts';

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
  readonly seed: Seed;
  /** 2048: directions (0–3); puzzle: the tiles moved. */
  readonly moves: Uint8Array;
  /** The moves the copy rule compares: 2048: the moves; puzzle: without its detours. */
  readonly path: Uint8Array;
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
  const gameHash = sha256Of(`slidebox game ${rules} ${target ?? '-'} ${moves.length}:`, moves);
  const path = r.kind === 'puzzle' ? withoutDetours(size, r.seed, moves) : moves;
  const opening = path.subarray(0, OPENING_MOVES);
  const openingHash = sha256Of(`slidebox opening ${rules} ${opening.length}:`, opening);
  return { kind: r.kind, size, target, seed: r.seed, moves, path, gameHash, openingHash };
}

/**
 * A puzzle's moves with every detour cut out: whenever a position comes back, the moves since
 * it left it go. The moves as they are when one is not legal (the replay refuses the code).
 */
export function withoutDetours(width: number, seed: Seed, asked: Uint8Array): Uint8Array {
  const n = width * width;
  const tiles = Uint8Array.from(newPuzzle({ width, seed }).tiles);
  const where = new Uint8Array(n);
  for (let i = 0; i < n; i++) where[tiles[i]!] = i;
  const position = () => Buffer.from(tiles).toString('latin1');
  // The positions along the path (after 0, 1, … of its moves), and where each is on it.
  const positions = [position()];
  const seen = new Map([[positions[0]!, 0]]);
  const path: number[] = [];
  for (const t of asked) {
    const blank = where[0]!;
    const at = where[t]!;
    const [br, bc, tr, tc] = [(blank / width) | 0, blank % width, (at / width) | 0, at % width];
    if (t < 1 || t >= n || (br !== tr && bc !== tc)) return asked;
    const step = Math.sign(br - tr) * width + Math.sign(bc - tc);
    for (let gap = blank; gap !== at; gap -= step) {
      tiles[gap] = tiles[gap - step]!;
      where[tiles[gap]!] = gap;
    }
    tiles[at] = 0;
    where[0] = at;
    const here = position();
    const back = seen.get(here);
    if (back === undefined) {
      path.push(t);
      positions.push(here);
      seen.set(here, path.length);
      continue;
    }
    for (let i = back + 1; i < positions.length; i++) seen.delete(positions[i]!);
    positions.length = back + 1;
    path.length = back;
  }
  return Uint8Array.from(path);
}

/** How many moves two move lists share from the start. */
export function sharedPrefix(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

/**
 * Whether `game` copies `stored` (the same kind, size and seed): their paths (the moves; a
 * puzzle's without detours) share at least {@link OPENING_MOVES} moves from the start and at
 * least half of the stored game's, or they are the same, one move or more (under another
 * target: the same game is one game).
 */
export function copies(game: GameIdentity, stored: GameIdentity): boolean {
  if (game.kind !== stored.kind || game.size !== stored.size || game.seed !== stored.seed) {
    return false;
  }
  const shared = sharedPrefix(game.path, stored.path);
  if (shared > 0 && shared === game.path.length && shared === stored.path.length) return true;
  return shared >= OPENING_MOVES && shared * 2 >= stored.path.length;
}
