/**
 * The fast solver for any board from 3x3 to 8x8: not optimal, always valid, a few tens of
 * milliseconds for 8x8.
 *
 * It reduces the board as people do, a row then a column at a time, until a 3x3 corner remains,
 * which is solved optimally. Each tile is brought home by the shortest sequence that leaves the
 * finished tiles alone: a breadth-first search over (tile cell, blank cell). The last two tiles
 * of a row or column go home together (a search over both tiles and the blank), which avoids
 * the special cases of the hand method.
 */

import { cancelBacktracks, neighbourTable } from './grid.ts';
import { IdaSearch } from './ida.ts';
import { ManhattanHeuristic } from './manhattan.ts';

/** Solves a valid, solvable square board; returns the tiles to slide. */
export function reductionSolve(tiles: readonly number[], width: number): number[] {
  const w = width;
  const n = w * w;
  const board = Uint8Array.from(tiles);
  const locked = new Uint8Array(n);
  const nbr = neighbourTable(w, w);
  const out: number[] = [];
  const ctx: Ctx = { w, n, board, locked, nbr, out, blank: board.indexOf(0) };
  let top = 0;
  let left = 0;
  while (w - top > 3 || w - left > 3) {
    if (w - top >= w - left) {
      // Row `top`, columns left .. w-1.
      for (let c = left; c < w - 2; c++) placeOne(ctx, top * w + c);
      placeTwo(ctx, top * w + w - 2, top * w + w - 1);
      top++;
    } else {
      for (let r = top; r < w - 2; r++) placeOne(ctx, r * w + left);
      placeTwo(ctx, (w - 2) * w + left, (w - 1) * w + left);
      left++;
    }
  }
  // The 3x3 corner: relabel its tiles as an 8-puzzle and solve it optimally.
  const local: number[] = [];
  const globalOf: number[] = [0];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      const cell = (top + r) * w + left + c;
      globalOf.push(cell + 1);
      const t = board[cell]!;
      local.push(t === 0 ? 0 : localLabel(t - 1, w, top, left));
    }
  }
  globalOf.length = 9;
  const search = new IdaSearch(local, 3, 3, new ManhattanHeuristic(3, 3, true));
  while (search.step(1_000_000) !== 'found');
  for (const t of search.result!) out.push(globalOf[t]!);
  return cancelBacktracks(out);
}

function localLabel(home: number, w: number, top: number, left: number): number {
  const r = Math.floor(home / w) - top;
  const c = (home % w) - left;
  return r * 3 + c + 1;
}

interface Ctx {
  w: number;
  n: number;
  board: Uint8Array;
  locked: Uint8Array;
  nbr: Int8Array;
  out: number[];
  blank: number;
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
  const prev = new Int32Array(n * n).fill(-1);
  const queue = new Int32Array(n * n);
  let head = 0;
  let tail = 0;
  queue[tail++] = start;
  prev[start] = start;
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
      if (prev[next]! >= 0) continue;
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
  const prev = new Int32Array(nn * n).fill(-1);
  const queue = new Int32Array(nn * n);
  let head = 0;
  let tail = 0;
  queue[tail++] = start;
  prev[start] = start;
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
      if (prev[next]! >= 0) continue;
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
