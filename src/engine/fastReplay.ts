/**
 * Share codes re-played for their figures only: the same rules as `replayShared`
 * (shareReplay.ts), move for move and draw for draw, without building a position per move.
 * A 2048 board is a flat `Uint8Array` of exponents (0 empty, 1 for a 2, … 53 for 2^53) slid in
 * place; the generator is xoshiro128** on four words kept in an `Int32Array`; a puzzle is a
 * `Uint8Array` of tiles with the cell of each tile beside it. A game is legal here exactly when
 * `replayShared` accepts it, and the figures are those of its last position (the property
 * tests in fastReplay.test.ts hold the two to that).
 *
 * Pure and synchronous; nothing allocates per move.
 */
import { newGame } from './game2048.ts';
import { newPuzzle } from './puzzle.ts';
import { err, ok, type Result } from './result.ts';
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
const TWO_32 = 2 ** 32;
/** Tile values by exponent; 0 for an empty cell. */
const VALUE = Float64Array.from({ length: MAX_EXP + 1 }, (_, e) => (e === 0 ? 0 : 2 ** e));

// The same sentence as shareReplay.ts gives for a move the rules refuse.
function illegal(i: number, what: string): Result<never, ShareProblem> {
  return err({
    code: 'illegal-move',
    message: `move ${i + 1} (${what}) is not a legal move there: the code does not describe a real game`,
  });
}

/** xoshiro128** (rng.ts `nextUint32`) on a state of four words, advanced in place. */
function nextUint32(s: Int32Array): number {
  const a = s[0]!;
  const b = s[1]!;
  const x = Math.imul(b, 5);
  const value = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
  const c = s[2]! ^ a;
  const d = s[3]! ^ b;
  s[0] = a ^ d;
  s[1] = b ^ c;
  s[2] = c ^ (b << 9);
  s[3] = (d << 11) | (d >>> 21);
  return value;
}

/**
 * A natural spawn (game2048.ts `spawnTile`): the cell drawn with `nextInt(empty)` (rejection
 * above the largest multiple), then the value with `nextFloat() < 0.9`; the k-th empty cell in
 * row-major order. `empty` is at least 1.
 */
function spawn(cells: Uint8Array, s: Int32Array, empty: number): void {
  const limit = TWO_32 - (TWO_32 % empty);
  let r = nextUint32(s);
  while (r >= limit) r = nextUint32(s);
  let k = r % empty;
  const e = nextUint32(s) / TWO_32 < 0.9 ? 1 : 2;
  for (let i = 0; ; i++) {
    if (cells[i] === 0 && k-- === 0) {
      cells[i] = e;
      return;
    }
  }
}

/** Where a slide writes its results, so that nothing is allocated per move. */
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

function directionIndex(d: string): number {
  return d === 'up' ? 0 : d === 'down' ? 1 : d === 'left' ? 2 : d === 'right' ? 3 : -1;
}

/**
 * Re-plays a 2048 code with natural spawns (not evil: `needs-placer`, as `replayShared` without
 * a placer) and gives the figures of its last position, or `illegal-move` naming the first
 * move that changes nothing (the same sentence as `replayShared`). The game's fields must be
 * as `decodeShared` gives them (size 3..8, target a power of two from 8, a valid seed).
 */
export function replay2048Figures(
  g: SharedGame & { kind: '2048' },
): Result<Figures2048, ShareProblem> {
  if (g.evil)
    return err({ code: 'needs-placer', message: 'an evil game is replayed with the placer AI' });
  // The two first tiles and the generator after them, from the engine itself.
  const start = newGame({ size: g.size, target: g.target, seed: g.seed });
  const n = g.size;
  const cells = new Uint8Array(n * n);
  let tiles = 0;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const v = start.cells[r]![c]!;
      if (v !== 0) {
        cells[r * n + c] = Math.log2(v);
        tiles++;
      }
    }
  }
  const rng = Int32Array.from(start.rng);
  const targetExp = Math.log2(g.target);
  const out: SlideOut = { gained: 0, merges: 0, top: 0 };
  const moves = g.moves;
  let won = start.won;
  let score = 0;
  for (let i = 0; i < moves.length; i++) {
    const d = directionIndex(moves[i]!);
    // A move that changes nothing is refused, and so is any move once the game is over: then
    // no direction changes the board. A win waiting for its choice is kept going, as
    // replayShared does, so it refuses nothing.
    if (d < 0 || !slide(cells, n, d, out)) return illegal(i, moves[i]!);
    score += out.gained;
    tiles -= out.merges;
    if (out.top >= targetExp) won = true;
    // A slide that moved left a cell empty; tiles start at 2 or 4, below any target.
    spawn(cells, rng, n * n - tiles);
    tiles++;
  }
  let top = 0;
  for (let i = 0; i < cells.length; i++) if (cells[i]! > top) top = cells[i]!;
  return ok({
    score,
    moves: moves.length,
    maxTile: VALUE[top]!,
    over: !canMove(cells, n),
    won,
  });
}

/**
 * Re-plays a puzzle code and gives the figures of its last position, or `illegal-move` naming
 * the first tile that is not a tile, is not in the blank's row or column, or moves once the
 * puzzle is solved (the same sentence as `replayShared`). Multi-tile moves count each tile,
 * as puzzle.ts `moveTile` does. The fields must be as `decodeShared` gives them.
 */
export function replayPuzzleFigures(
  g: SharedGame & { kind: 'puzzle' },
): Result<FiguresPuzzle, ShareProblem> {
  const w = g.width;
  const n = w * w;
  const start = newPuzzle({ width: w, seed: g.seed });
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
  const asked = g.tiles;
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
