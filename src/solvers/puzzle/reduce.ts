/**
 * The fast solver for any board from 3x3 to 8x8: not optimal, always valid, well under a second
 * for 8x8.
 *
 * It reduces the board as people do, a row then a column at a time, until a 3x3 corner remains,
 * which is solved optimally (or, given a 4x4 corner solver, until a 4x4 corner remains).
 * Tiles go home two at a time (one alone first when a line has an odd count), each pair by
 * the shortest sequence that leaves finished tiles alone: a breadth-first search over (cell of
 * each tile, blank cell). Pairs give shorter solutions than single tiles (about a tenth on
 * 8x8) and make the last two tiles of a line no special case.
 */

import { cancelBacktracks, neighbourTable } from './grid.ts';
import { IdaSearch } from './ida.ts';
import { ManhattanHeuristic } from './manhattan.ts';

/**
 * Solves the 4x4 corner of a reduced board (tiles relabelled as a 15-puzzle), or gives up with
 * null (e.g. past a node budget); the reduction then goes on down to 3x3.
 */
export type CornerSolver4 = (tiles: readonly number[]) => number[] | null;

/**
 * Solves a valid, solvable square board; returns the tiles to slide. With `finish4`, boards of
 * 5x5 and up stop reducing at a 4x4 corner and try it first (shorter solutions).
 */
export function reductionSolve(
  tiles: readonly number[],
  width: number,
  finish4?: CornerSolver4,
): number[] {
  const w = width;
  const n = w * w;
  const board = Uint8Array.from(tiles);
  const locked = new Uint8Array(n);
  const nbr = neighbourTable(w, w);
  const out: number[] = [];
  // Search buffers, shared by every placement: a state is visited when its mark is the
  // current generation, so nothing needs clearing between searches.
  const states = n * n * n;
  const ctx: Ctx = {
    w,
    n,
    board,
    locked,
    nbr,
    out,
    blank: board.indexOf(0),
    prev: new Int32Array(states),
    mark: new Uint32Array(states),
    queue: new Int32Array(states),
    gen: 0,
  };
  let top = 0;
  let left = 0;
  const reduceTo = (size: number) => reduceRegion(ctx, size, top, left);
  if (finish4 && w >= 5) {
    [top, left] = reduceTo(4);
    const corner = solveCorner(ctx, top, left, 4, finish4);
    if (corner) return cancelBacktracks(out);
  }
  [top, left] = reduceTo(3);
  solveCorner(ctx, top, left, 3, (local) => {
    const search = new IdaSearch(local, 3, 3, new ManhattanHeuristic(3, 3, true));
    while (search.step(1_000_000) !== 'found');
    return search.result!;
  });
  return cancelBacktracks(out);
}

/** Reduces rows and columns until a `size` x `size` corner remains; returns its top-left. */
function reduceRegion(ctx: Ctx, size: number, top0: number, left0: number): [number, number] {
  const { w } = ctx;
  let top = top0;
  let left = left0;
  while (w - top > size || w - left > size) {
    if (w - top >= w - left) {
      // Row `top`, columns left .. w-1: a single first if the count is odd, then pairs.
      let c = left;
      if ((w - left) % 2 === 1) placeOne(ctx, top * w + c++);
      for (; c < w; c += 2) placeTwo(ctx, top * w + c, top * w + c + 1);
      top++;
    } else {
      let r = top;
      if ((w - top) % 2 === 1) placeOne(ctx, r++ * w + left);
      for (; r < w; r += 2) placeTwo(ctx, r * w + left, (r + 1) * w + left);
      left++;
    }
  }
  return [top, left];
}

/**
 * Relabels the `size` x `size` corner at (top, left) as a puzzle of its own, solves it with
 * `solver` and plays the answer on the board. False (nothing played) if the solver gave up.
 */
function solveCorner(
  ctx: Ctx,
  top: number,
  left: number,
  size: number,
  solver: (local: readonly number[]) => number[] | null,
): boolean {
  const { w, board } = ctx;
  const local: number[] = [];
  // globalOf[L]: the board's tile whose home is the corner's L-th cell.
  const globalOf: number[] = [0];
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const cell = (top + r) * w + left + c;
      globalOf.push(cell + 1);
      const t = board[cell]!;
      if (t === 0) {
        local.push(0);
      } else {
        const home = t - 1;
        local.push((Math.floor(home / w) - top) * size + (home % w) - left + 1);
      }
    }
  }
  const moves = solver(local);
  if (!moves) return false;
  // Play the answer on the board: the blank steps onto each named tile's cell in turn.
  for (const t of moves) walkBlank(ctx, [board.indexOf(globalOf[t]!)]);
  return true;
}

interface Ctx {
  w: number;
  n: number;
  board: Uint8Array;
  locked: Uint8Array;
  nbr: Int8Array;
  out: number[];
  blank: number;
  prev: Int32Array;
  mark: Uint32Array;
  queue: Int32Array;
  gen: number;
}

/** Slides the blank along `cells` (each next to the previous), recording the tiles moved. */
function walkBlank(ctx: Ctx, cells: readonly number[]): void {
  for (const c of cells) {
    const t = ctx.board[c]!;
    ctx.board[ctx.blank] = t;
    ctx.board[c] = 0;
    ctx.out.push(t);
    ctx.blank = c;
  }
}

/** Brings the tile whose home is `home` there, then locks it. */
function placeOne(ctx: Ctx, home: number): void {
  const { n, board, locked, nbr } = ctx;
  const tile = home + 1;
  const start = board.indexOf(tile) * n + ctx.blank;
  const { prev, mark, queue } = ctx;
  const gen = ++ctx.gen;
  let head = 0;
  let tail = 0;
  queue[tail++] = start;
  prev[start] = start;
  mark[start] = gen;
  let found = -1;
  while (head < tail) {
    const s = queue[head++]!;
    const tp = (s / n) | 0;
    if (tp === home) {
      found = s;
      break;
    }
    const bp = s - tp * n;
    for (let k = 0; k < 4; k++) {
      const m = nbr[bp * 4 + k]!;
      if (m < 0 || locked[m]) continue;
      const next = m === tp ? bp * n + m : tp * n + m;
      if (mark[next] === gen) continue;
      mark[next] = gen;
      prev[next] = s;
      queue[tail++] = next;
    }
  }
  if (found < 0) throw new Error(`reduction: cannot bring tile ${tile} home`);
  walkBlank(ctx, blankPath(found, prev, n));
  locked[home] = 1;
}

/** Brings the tiles whose homes are `ha` and `hb` there together, then locks them. */
function placeTwo(ctx: Ctx, ha: number, hb: number): void {
  const { n, board, locked, nbr } = ctx;
  const nn = n * n;
  const enc = (a: number, b: number, z: number) => (a * n + b) * n + z;
  const start = enc(board.indexOf(ha + 1), board.indexOf(hb + 1), ctx.blank);
  const { prev, mark, queue } = ctx;
  const gen = ++ctx.gen;
  let head = 0;
  let tail = 0;
  queue[tail++] = start;
  prev[start] = start;
  mark[start] = gen;
  let found = -1;
  while (head < tail) {
    const s = queue[head++]!;
    const a = (s / nn) | 0;
    const b = ((s / n) | 0) % n;
    if (a === ha && b === hb) {
      found = s;
      break;
    }
    const z = s % n;
    for (let k = 0; k < 4; k++) {
      const m = nbr[z * 4 + k]!;
      if (m < 0 || locked[m]) continue;
      const next = m === a ? enc(z, b, m) : m === b ? enc(a, z, m) : enc(a, b, m);
      if (mark[next] === gen) continue;
      mark[next] = gen;
      prev[next] = s;
      queue[tail++] = next;
    }
  }
  if (found < 0) throw new Error(`reduction: cannot bring tiles ${ha + 1} and ${hb + 1} home`);
  walkBlank(ctx, blankPath(found, prev, n));
  locked[ha] = 1;
  locked[hb] = 1;
}

/** The blank's cells along the search path to `end` (states keep the blank in `% n`). */
function blankPath(end: number, prev: Int32Array, n: number): number[] {
  const cells: number[] = [];
  let s = end;
  while (prev[s] !== s) {
    cells.push(s % n);
    s = prev[s]!;
  }
  return cells.reverse();
}
