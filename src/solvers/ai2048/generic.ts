/**
 * A plain expectimax for boards the packed engine does not cover: sizes 3x3 to 8x8 other than
 * 4x4, and 4x4 boards with tiles past what a nibble holds. Exponents in a flat array, the
 * same kind of evaluation as the packed player (per line: empty cells, merges, monotonicity,
 * tile sum), a shallow search: move, average over spawns (sampled on big empty boards), move.
 * Slower and weaker than the packed search, but always legal and sensible.
 */
import { DEFAULT_WEIGHTS, type EvalWeights, lineEval } from './tables.ts';

/** Exponent grid: cell (r, c) at r * n + c; 0 empty, k for 2^k. */
export type ExpGrid = Int8Array;

/** Exponents of a valid board of tile values. */
export function toExponents(cells: readonly (readonly number[])[]): ExpGrid {
  const n = cells.length;
  const g = new Int8Array(n * n);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const v = cells[r]![c]!;
      g[r * n + c] = v === 0 ? 0 : Math.round(Math.log2(v));
    }
  }
  return g;
}

/** Index of cell i of line `line` for direction d (0 up, 1 down, 2 left, 3 right), wall first. */
function cellIndex(n: number, d: number, line: number, i: number): number {
  switch (d) {
    case 0:
      return i * n + line;
    case 1:
      return (n - 1 - i) * n + line;
    case 2:
      return line * n + i;
    default:
      return line * n + (n - 1 - i);
  }
}

/** Slides `g` in direction d into `outGrid`; returns whether anything changed. */
export function moveGrid(g: ExpGrid, n: number, d: number, outGrid: ExpGrid): boolean {
  outGrid.fill(0);
  let moved = false;
  for (let line = 0; line < n; line++) {
    let target = 0;
    let open = -1;
    for (let i = 0; i < n; i++) {
      const v = g[cellIndex(n, d, line, i)]!;
      if (v === 0) continue;
      if (open >= 0 && outGrid[cellIndex(n, d, line, open)] === v) {
        outGrid[cellIndex(n, d, line, open)] = v + 1;
        open = -1;
        moved = true;
        continue;
      }
      const to = cellIndex(n, d, line, target);
      outGrid[to] = v;
      if (target !== i) moved = true;
      open = target;
      target++;
    }
  }
  return moved;
}

/** Evaluation: {@link lineEval}'s terms over every row and column (any line length). */
export function evaluateGrid(g: ExpGrid, n: number, w: EvalWeights = DEFAULT_WEIGHTS): number {
  let total = 0;
  const line = new Array<number>(n);
  for (let k = 0; k < n; k++) {
    for (let i = 0; i < n; i++) line[i] = g[k * n + i]!;
    total += lineEvalN(line, w);
    for (let i = 0; i < n; i++) line[i] = g[i * n + k]!;
    total += lineEvalN(line, w);
  }
  return total;
}

function lineEvalN(line: number[], w: EvalWeights): number {
  if (line.length === 4) return lineEval(line, w);
  // Same terms as the 4-cell version, scaled per cell so that sizes compare alike.
  let v = 0;
  const window = [0, 0, 0, 0];
  for (let s = 0; s + 4 <= line.length; s++) {
    for (let i = 0; i < 4; i++) window[i] = line[s + i]!;
    v += lineEval(window, w);
  }
  if (line.length < 4) {
    for (let i = 0; i < 4; i++) window[i] = i < line.length ? line[i]! : 0;
    v += lineEval(window, w) - w.emptyWeight * (4 - line.length);
  }
  return v;
}

/** Most spawn cells averaged at a chance node; larger boards are sampled evenly. */
const MAX_SPAWN_CELLS = 12;

/**
 * The best direction index for an exponent grid with a shallow expectimax, or -1 when no
 * move changes the board. `depth` counts moves (1 or 2).
 */
export function genericBestMove(g: ExpGrid, n: number, depth = 2): number {
  const values = genericMoveValues(g, n, depth);
  let best = -1;
  let bestValue = Number.NEGATIVE_INFINITY;
  for (let d = 0; d < 4; d++) {
    if (values[d]! > bestValue) {
      bestValue = values[d]!;
      best = d;
    }
  }
  return best;
}

/**
 * The value of each direction (0 up, 1 down, 2 left, 3 right) by the shallow expectimax of
 * {@link genericBestMove}, -Infinity where the move changes nothing.
 */
export function genericMoveValues(g: ExpGrid, n: number, depth = 2): number[] {
  const after = new Int8Array(n * n);
  const values = [0, 0, 0, 0];
  for (let d = 0; d < 4; d++) {
    values[d] = !moveGrid(g, n, d, after)
      ? Number.NEGATIVE_INFINITY
      : depth <= 1
        ? evaluateGrid(after, n)
        : chanceValue(after, n, depth - 1);
  }
  return values;
}

function chanceValue(g: ExpGrid, n: number, depth: number): number {
  const empties: number[] = [];
  for (let i = 0; i < g.length; i++) if (g[i] === 0) empties.push(i);
  if (empties.length === 0) return evaluateGrid(g, n);
  const step = Math.max(1, Math.ceil(empties.length / MAX_SPAWN_CELLS));
  const spawned = new Int8Array(g);
  const after = new Int8Array(g.length);
  let sum = 0;
  let count = 0;
  for (let k = 0; k < empties.length; k += step) {
    const cell = empties[k]!;
    for (const [exp, p] of [
      [1, 0.9],
      [2, 0.1],
    ] as const) {
      spawned[cell] = exp;
      let best = 0; // no move: lost
      for (let d = 0; d < 4; d++) {
        if (!moveGrid(spawned, n, d, after)) continue;
        const v = depth <= 1 ? evaluateGrid(after, n) : chanceValue(after, n, depth - 1);
        if (v > best) best = v;
      }
      sum += p * best;
    }
    spawned[cell] = 0;
    count++;
  }
  return sum / count;
}
