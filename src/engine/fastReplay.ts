/**
 * Share codes re-played for their figures only: the same rules as `replayShared`
 * (shareReplay.ts), move for move and draw for draw, without building a position per move.
 * A 2048 board is a flat `Uint8Array` of exponents (0 empty, 1 for a 2, … 53 for 2^53) slid in
 * place, a 4x4 board packed in two words while its tiles are below 2^15 (fastReplay4.ts); the
 * spawns are drawn as fastReplayDraw.ts draws them. A puzzle is a `Uint8Array` of tiles with
 * the cell of each tile beside it. A game is legal here exactly when `replayShared` accepts it,
 * and the figures are those of its last position (the property tests in fastReplay.test.ts
 * hold the two to that).
 *
 * Pure and synchronous; nothing allocates per move.
 */

import { type Board2048, PACKED_BELOW, playPacked4 } from './fastReplay4.ts';
import { drawSpawn, drawSpawnChaCha, drawState } from './fastReplayDraw.ts';
import { newGame } from './game2048.ts';
import { newPuzzle } from './puzzle.ts';
import { err, ok, type Result } from './result.ts';
import type { Seed } from './rng.ts';
import type { SharedGame, ShareProblem } from './shareCode.ts';

/** The last position of a 2048 code, as figures. */
export interface Figures2048 {
  readonly score: number;
  /** Turns (every move of a legal code is one). */
  readonly moves: number;
  readonly maxTile: number;
  /** No direction changes the board. */
  readonly over: boolean;
  /** A tile has reached the target. */
  readonly won: boolean;
}

/** The last position of a puzzle code, as figures. */
export interface FiguresPuzzle {
  /** Single-tile moves (a multi-tile move counts each tile). */
  readonly moves: number;
  readonly solved: boolean;
}

/** Tiles at 2^53 do not merge (their sum is not exact), as in game2048.ts. */
const MAX_EXP = 53;
/** Tile values by exponent; 0 for an empty cell. */
const VALUE = Float64Array.from({ length: MAX_EXP + 1 }, (_, e) => (e === 0 ? 0 : 2 ** e));
/** Direction names by index, as in DIRECTIONS and in codes. */
const NAMES = ['up', 'down', 'left', 'right'] as const;

// The same sentence as shareReplay.ts gives for a move the rules refuse.
function illegal(i: number, what: string): Result<never, ShareProblem> {
  return err({
    code: 'illegal-move',
    message: `move ${i + 1} (${what}) is not a legal move there: the code does not describe a real game`,
  });
}

/** Where a slide writes what it did, so that nothing is allocated per move. */
interface SlideOut {
  gained: number;
  merges: number;
  /** The largest exponent a merge made. */
  top: number;
}

/**
 * Slides an n×n board of exponents in place in direction `dir` (0 up, 1 down, 2 left, 3 right,
 * the order of DIRECTIONS), as game2048.ts `slideValid`: lines in order, each from the wall
 * the move goes toward, a tile merging at most once. Returns whether anything moved; the
 * points (summed in the same order as the engine), merges and largest new tile go to `out`.
 */
function slide(cells: Uint8Array, n: number, dir: number, out: SlideOut): boolean {
  // The first cell of line 0, the step along a line and the step from one line to the next.
  const first = dir === 0 ? 0 : dir === 1 ? (n - 1) * n : dir === 2 ? 0 : n - 1;
  const step = dir === 0 ? n : dir === 1 ? -n : dir === 2 ? 1 : -1;
  const across = dir < 2 ? 1 : n;
  let moved = false;
  let gained = 0;
  let merges = 0;
  let top = 0;
  for (let line = 0; line < n; line++) {
    const start = first + line * across;
    const end = start + n * step;
    let w = start;
    // The exponent of the last tile placed while it may still take a merge (0: none).
    let open = 0;
    for (let r = start; r !== end; r += step) {
      const v = cells[r]!;
      if (v === 0) continue;
      if (v === open && v < MAX_EXP) {
        const e = v + 1;
        cells[w - step] = e;
        gained += VALUE[e]!;
        merges++;
        if (e > top) top = e;
        moved = true;
        open = 0;
        continue;
      }
      if (w !== r) {
        cells[w] = v;
        moved = true;
      }
      open = v;
      w += step;
    }
    for (; w !== end; w += step) cells[w] = 0;
  }
  out.gained = gained;
  out.merges = merges;
  out.top = top;
  return moved;
}

/** game2048.ts `canMoveValid` on exponents: an empty cell, or two equal neighbours below 2^53. */
function canMove(cells: Uint8Array, n: number): boolean {
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const v = cells[i]!;
      if (v === 0) return true;
      if (v === MAX_EXP) continue;
      if (c + 1 < n && cells[i + 1] === v) return true;
      if (r + 1 < n && cells[i + n] === v) return true;
    }
  }
  return false;
}

/**
 * Plays `moves` from index `from` on the flat board of `g`, keeping it up to date. Returns
 * `moves.length`, or -(i + 1) when move i changes nothing.
 */
function playFlat(g: Board2048, n: number, moves: Uint8Array, from: number): number {
  const cells = g.cells;
  const out: SlideOut = { gained: 0, merges: 0, top: 0 };
  const chacha = g.rng.length !== 4;
  for (let i = from; i < moves.length; i++) {
    const d = moves[i]!;
    if (d > 3 || !slide(cells, n, d, out)) return -(i + 1);
    g.score += out.gained;
    g.tiles -= out.merges;
    if (out.top > g.top) g.top = out.top;
    if (out.top >= g.targetExp) g.won = true;
    // A slide that moved left a cell empty; tiles start at 2 or 4, below any target.
    const s = chacha ? drawSpawnChaCha(g.rng, n * n - g.tiles) : drawSpawn(g.rng, n * n - g.tiles);
    const e = (s & 1) + 1;
    let k = s >> 1;
    let c = 0;
    while (c < cells.length && (cells[c] !== 0 || k-- !== 0)) c++;
    if (c >= cells.length) throw new Error('fastReplay: no empty cell for the spawn');
    cells[c] = e;
    g.tiles++;
    if (e > g.top) g.top = e;
  }
  return moves.length;
}

/**
 * Re-plays 2048 moves (indices into DIRECTIONS: up, down, left, right) from a seed with natural
 * spawns and gives the figures of the last position, or `illegal-move` naming the first move
 * that changes nothing (the same sentence as `replayShared`). A move once the game is over
 * changes nothing; a win waiting for its choice is kept going, as `replayShared` does. Size
 * 3..8, target a power of two from 8, a valid seed: as a decoded code has them. `packedBelow`
 * is for tests only: the exponent at which a 4x4 board leaves the packed form.
 */
export function replay2048Moves(
  size: number,
  target: number,
  seed: Seed,
  moves: Uint8Array,
  packedBelow = PACKED_BELOW,
): Result<Figures2048, ShareProblem> {
  // The two first tiles and the generator after them, from the engine itself.
  const start = newGame({ size, target, seed });
  const n = size;
  const g: Board2048 = {
    cells: new Uint8Array(n * n),
    rng: drawState(start.rng),
    targetExp: Math.log2(target),
    score: 0,
    tiles: 0,
    top: 0,
    won: start.won,
  };
  start.cells.forEach((row, r) => {
    row.forEach((v, c) => {
      if (v === 0) return;
      const e = Math.log2(v);
      g.cells[r * n + c] = e;
      g.tiles++;
      if (e > g.top) g.top = e;
    });
  });
  let next = n === 4 ? playPacked4(g, moves, 0, packedBelow) : 0;
  if (next >= 0 && next < moves.length) next = playFlat(g, n, moves, next);
  if (next < 0) {
    const i = -next - 1;
    return illegal(i, NAMES[moves[i]!] ?? String(moves[i]));
  }
  return ok({
    score: g.score,
    moves: moves.length,
    maxTile: VALUE[g.top]!,
    over: !canMove(g.cells, n),
    won: g.won,
  });
}

/**
 * {@link replay2048Moves} for a decoded 2048 code. An evil game is refused as `needs-placer`,
 * as `replayShared` refuses it without a placer.
 */
export function replay2048Figures(
  g: SharedGame & { kind: '2048' },
): Result<Figures2048, ShareProblem> {
  if (g.evil)
    return err({ code: 'needs-placer', message: 'an evil game is replayed with the placer AI' });
  const moves = new Uint8Array(g.moves.length);
  for (let i = 0; i < moves.length; i++) {
    const k = NAMES.indexOf(g.moves[i]!);
    if (k < 0) return illegal(i, String(g.moves[i]));
    moves[i] = k;
  }
  return replay2048Moves(g.size, g.target, g.seed, moves);
}

/** {@link replayPuzzleTiles} for a decoded puzzle code. */
export function replayPuzzleFigures(
  g: SharedGame & { kind: 'puzzle' },
): Result<FiguresPuzzle, ShareProblem> {
  return replayPuzzleTiles(g.width, g.seed, g.tiles);
}

/**
 * Re-plays the tiles asked of a puzzle dealt from `seed` and gives the figures of its last
 * position, or `illegal-move` naming the first tile that is not a tile, is not in the blank's
 * row or column, or moves once the puzzle is solved (the same sentence as `replayShared`).
 * Multi-tile moves count each tile, as puzzle.ts `moveTile` does. Width 3..8 and a valid seed,
 * as a decoded code has them; tiles are whole numbers.
 */
export function replayPuzzleTiles(
  width: number,
  seed: Seed,
  asked: ArrayLike<number>,
): Result<FiguresPuzzle, ShareProblem> {
  const w = width;
  const n = w * w;
  const start = newPuzzle({ width: w, seed });
  const tiles = Uint8Array.from(start.tiles);
  const where = new Uint8Array(n);
  // Cells holding their goal tile (1..n-1 in order, the blank last): solved when all n do.
  let home = 0;
  const isHome = (i: number) => (tiles[i] === (i === n - 1 ? 0 : i + 1) ? 1 : 0);
  for (let i = 0; i < n; i++) {
    where[tiles[i]!] = i;
    home += isHome(i);
  }
  let solved = home === n;
  let moves = 0;
  for (let i = 0; i < asked.length; i++) {
    const t = asked[i]!;
    if (t < 1 || t >= n || solved) return illegal(i, `tile ${t}`);
    const blank = where[0]!;
    const at = where[t]!;
    const br = (blank / w) | 0;
    const tr = (at / w) | 0;
    const bc = blank - br * w;
    const tc = at - tr * w;
    if (br !== tr && bc !== tc) return illegal(i, `tile ${t}`);
    const step = Math.sign(br - tr) * w + Math.sign(bc - tc);
    // Walk from the blank back to the tile, each tile one cell into the gap.
    for (let gap = blank; gap !== at; gap -= step) {
      const from = gap - step;
      const x = tiles[from]!;
      home -= isHome(gap);
      tiles[gap] = x;
      where[x] = gap;
      home += isHome(gap);
      moves++;
    }
    home -= isHome(at);
    tiles[at] = 0;
    where[0] = at;
    home += isHome(at);
    solved = home === n;
  }
  return ok({ moves, solved });
}
