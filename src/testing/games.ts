/**
 * Test support: real games played through the engine and their share codes — random legal
 * 2048 games, and puzzles solved by the solver (with some wandering first, for longer ones).
 */
import {
  awaitingWinChoice,
  type Game,
  keepGoing,
  legalMoves,
  newGame,
  play,
} from '../engine/game2048.ts';
import { movableTiles, moveTile, newPuzzle, type Puzzle } from '../engine/puzzle.ts';
import type { Seed } from '../engine/rng.ts';
import { encodeShared, type Shared, shared2048, sharedPuzzle } from '../engine/shareCode.ts';
import { solvePuzzle } from '../solvers/puzzle/solve.ts';

/** A small deterministic generator for choosing moves (not the game's own randomness). */
function chooser(seed: number): (n: number) => number {
  let s = seed >>> 0 || 1;
  return (n) => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s % n;
  };
}

export interface Played2048 {
  readonly game: Game;
  readonly code: string;
}

/**
 * A 2048 game from `seed` with up to `moves` random legal moves (ended early when over),
 * preferring down and left three times in four so that games run long.
 */
export function play2048(
  seed: number,
  moves: number,
  opts: { size?: number; target?: number; assisted?: boolean; pick?: number } = {},
): Played2048 {
  const pick = chooser(opts.pick ?? seed + 1);
  let game = newGame({ size: opts.size ?? 4, target: opts.target ?? 2048, seed });
  for (let i = 0; i < moves && !game.over; i++) {
    if (awaitingWinChoice(game)) game = keepGoing(game);
    const legal = legalMoves(game.cells);
    const liked = legal.filter((d) => d === 'down' || d === 'left');
    const from = liked.length > 0 && pick(4) !== 0 ? liked : legal;
    game = play(game, from[pick(from.length)]!);
  }
  const shared = shared2048(game, { assisted: opts.assisted ?? false });
  if (!shared.ok) throw new Error(shared.error.message);
  return { game, code: encodeShared(shared.value) };
}

/** A game's share, or a throw with the engine's sentence (test games are always shareable). */
export function mustShare(
  r: { ok: true; value: Shared } | { ok: false; error: { message: string } },
): Shared {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const CORNER = ['down', 'left', 'right', 'up'] as const;

/**
 * A 2048 game by the corner order (down, left, right, up: the first that moves), keeping going
 * past a win, to its end or `moves` moves: long games on large boards, the same every time.
 */
export function cornerGame(size: number, seed: Seed, moves: number, target = 2048): Game {
  let g = newGame({ size, seed, target });
  while (!g.over && g.moves < moves) {
    if (awaitingWinChoice(g)) g = keepGoing(g);
    for (const d of CORNER) {
      const next = play(g, d);
      if (next !== g) {
        g = next;
        break;
      }
    }
  }
  return g;
}

export interface PlayedPuzzle {
  readonly puzzle: Puzzle;
  readonly code: string;
}

/** A puzzle from `seed` given `wander` random moves (a move may slide several tiles), then solved (or not) by the solver. */
export async function playPuzzle(
  seed: number,
  opts: {
    width?: number;
    wander?: number;
    solve?: boolean;
    timeMs?: number | null;
    assisted?: boolean;
  } = {},
): Promise<PlayedPuzzle> {
  const width = opts.width ?? 3;
  const pick = chooser(seed + 7);
  let p = newPuzzle({ width, seed });
  for (let i = 0; i < (opts.wander ?? 0); i++) {
    const movable = movableTiles(p);
    p = moveTile(p, movable[pick(movable.length)]!);
  }
  if (opts.solve ?? true) {
    const report = await solvePuzzle(p.tiles, width, { optimal: width === 3, store: null });
    for (const t of report.moves) p = moveTile(p, t);
    if (!p.solved) throw new Error('the solver did not solve the puzzle');
  }
  const timeMs = opts.timeMs === undefined ? p.moves * 1000 : opts.timeMs;
  const shared = sharedPuzzle(p, { assisted: opts.assisted ?? false, timeMs });
  if (!shared.ok) throw new Error(shared.error.message);
  return { puzzle: p, code: encodeShared(shared.value) };
}

/** A player key for tests, the same for the same `n` (43 characters of base64url). */
export function testPlayerKey(n: number): string {
  const pick = chooser(n * 7919 + 17);
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let s = '';
  for (let i = 0; i < 43; i++) s += abc[pick(64)];
  return s;
}
