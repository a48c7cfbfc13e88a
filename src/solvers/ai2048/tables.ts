/**
 * Precomputed 65,536-entry tables over one packed row (four 4-bit exponents, column 0 in the
 * low nibble): the row after a slide toward column 0 ("left") and toward column 3 ("right"),
 * the points the slide gains, and the row's evaluation term.
 *
 * Exponent 15 (32768) is the largest a nibble holds. The tables never merge two 15s: the
 * 65536 it would make does not fit, so the packed engine is exact on every board whose moves
 * stay within 32768 and conservative (it refuses the merge) beyond. The player checks its
 * choice at the root against the reference engine (see player.ts).
 */

/** The largest exponent a packed cell holds. */
export const MAX_PACKED_EXP = 15;

/** Row after sliding toward the low nibble (left in a row, up in a transposed column). */
export const ROW_LEFT = new Uint16Array(65536);
/** Row after sliding toward the high nibble. */
export const ROW_RIGHT = new Uint16Array(65536);
/** Both slides in one word, for one look-up per row: left in the low 16 bits, right above. */
export const ROW_LR = new Uint32Array(65536);
/** Points gained by sliding the row (the same for both directions of a line). */
export const ROW_SCORE = new Uint32Array(65536);

function unpackRow(row: number, out: number[]): void {
  out[0] = row & 0xf;
  out[1] = (row >>> 4) & 0xf;
  out[2] = (row >>> 8) & 0xf;
  out[3] = (row >>> 12) & 0xf;
}

function packRow(line: readonly number[]): number {
  return line[0]! | (line[1]! << 4) | (line[2]! << 8) | (line[3]! << 12);
}

/** Slides a line of exponents toward index 0 with the rules of 2048; returns the points. */
function slideLine(line: number[]): number {
  const out = [0, 0, 0, 0];
  let n = 0;
  let open = -1; // index in out of the last tile placed that may still merge
  let gained = 0;
  for (let i = 0; i < 4; i++) {
    const v = line[i]!;
    if (v === 0) continue;
    if (open >= 0 && out[open] === v && v < MAX_PACKED_EXP) {
      out[open] = v + 1;
      gained += 2 ** (v + 1);
      open = -1;
      continue;
    }
    out[n] = v;
    open = n;
    n++;
  }
  for (let i = 0; i < 4; i++) line[i] = out[i]!;
  return gained;
}

function buildMoveTables(): void {
  const line = [0, 0, 0, 0];
  for (let row = 0; row < 65536; row++) {
    unpackRow(row, line);
    const gained = slideLine(line);
    ROW_LEFT[row] = packRow(line);
    ROW_SCORE[row] = gained;
    // Right: reverse, slide left, reverse back.
    unpackRow(row, line);
    line.reverse();
    slideLine(line);
    line.reverse();
    ROW_RIGHT[row] = packRow(line);
    ROW_LR[row] = (ROW_LEFT[row]! | (ROW_RIGHT[row]! << 16)) >>> 0;
  }
}
buildMoveTables();

/**
 * Weights of the hand-written evaluation, applied to every row and every column.
 * The form follows the well-known expectimax evaluation for 2048: a big constant for being
 * alive, rewards for empty cells and adjacent equal tiles, penalties for non-monotone lines
 * and for the sum of (exponent ^ sumPower) (which prefers few, large tiles).
 */
export interface EvalWeights {
  readonly lostPenalty: number;
  readonly monotonicityPower: number;
  readonly monotonicityWeight: number;
  readonly sumPower: number;
  readonly sumWeight: number;
  readonly mergesWeight: number;
  readonly emptyWeight: number;
}

/**
 * The default weights: those of the well-known C++ expectimax player for 2048. A doubled
 * empty-cell weight did no better in self-play (docs/ai.md); these stay.
 */
export const DEFAULT_WEIGHTS: EvalWeights = {
  lostPenalty: 200000,
  monotonicityPower: 4,
  monotonicityWeight: 47,
  sumPower: 3.5,
  sumWeight: 11,
  mergesWeight: 700,
  emptyWeight: 270,
};

/** The evaluation term of one line of four exponents. */
export function lineEval(line: readonly number[], w: EvalWeights): number {
  let sum = 0;
  let empty = 0;
  let merges = 0;
  let prev = 0;
  let counter = 0;
  for (let i = 0; i < 4; i++) {
    const rank = line[i]!;
    sum += rank ** w.sumPower;
    if (rank === 0) {
      empty++;
    } else {
      if (prev === rank) {
        counter++;
      } else if (counter > 0) {
        merges += 1 + counter;
        counter = 0;
      }
      prev = rank;
    }
  }
  if (counter > 0) merges += 1 + counter;
  let monoLeft = 0;
  let monoRight = 0;
  for (let i = 1; i < 4; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    if (a > b) monoLeft += a ** w.monotonicityPower - b ** w.monotonicityPower;
    else monoRight += b ** w.monotonicityPower - a ** w.monotonicityPower;
  }
  return (
    w.lostPenalty +
    w.emptyWeight * empty +
    w.mergesWeight * merges -
    w.monotonicityWeight * Math.min(monoLeft, monoRight) -
    w.sumWeight * sum
  );
}

/** A 65,536-entry table of {@link lineEval} for the given weights. */
export function buildEvalTable(w: EvalWeights = DEFAULT_WEIGHTS): Float32Array {
  const t = new Float32Array(65536);
  const line = [0, 0, 0, 0];
  for (let row = 0; row < 65536; row++) {
    unpackRow(row, line);
    t[row] = lineEval(line, w);
  }
  return t;
}
