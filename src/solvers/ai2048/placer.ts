/**
 * The adversarial placer ("evil" spawner): after the slider's move it chooses the cell and the
 * value (2 or 4) of the new tile that leave the slider worst off. A minimax over the slider's
 * replies with alpha-beta, deepened one slider move at a time: the packed 4x4 search with a
 * transposition table (placerSearch.ts), a plain one on other sizes (placerGeneric.ts), the
 * expectimax player's evaluation at the leaves. Deterministic unless given a time budget:
 * without one, the search stops at a count of evaluated positions, not at a clock.
 */
import { show } from '../../engine/describe.ts';
import { parseCells } from '../../engine/game2048.ts';
import { err, problem, type Result, unwrap } from '../../engine/result.ts';
import type { Pos } from '../../engine/types.ts';
import { fitsPacked, out, pack } from './board.ts';
import { toExponents } from './generic.ts';
import { type BadOptions, checkOptions } from './options.ts';
import { GenericPlacer } from './placerGeneric.ts';
import {
  LOST,
  MAX_PLACER_DEPTH,
  PackedPlacer,
  type PlacerLimits,
  type PlacerTree,
  sortByKey,
} from './placerSearch.ts';
import { buildEvalTable, DEFAULT_WEIGHTS } from './tables.ts';

export { MAX_PLACER_DEPTH } from './placerSearch.ts';

/** Options of the placer. */
export interface PlacerOptions {
  /**
   * Slider moves looked ahead, 1 to {@link MAX_PLACER_DEPTH}: 1 picks the placement after which
   * the slider's best single move is worst by the evaluation. A fixed depth, searched whole
   * (unless `timeMs` runs out first).
   */
  depth?: number;
  /**
   * Time budget in ms (from 0): deepen until it is spent (up to `depth` when given). The answer
   * then depends on the machine's speed; without it the placer is deterministic.
   */
  timeMs?: number;
}

/** Where the placer puts a tile, and which. */
export interface Placement {
  at: Pos;
  value: 2 | 4;
}

/** What the placer found, for callers that want more than the placement. */
export interface PlacementAnalysis extends Placement {
  /** Slider moves searched in the last completed search. */
  depth: number;
  /** The slider's best outcome after the placement, by the evaluation (lower is better here). */
  outcome: number;
  /** The slider cannot avoid a board with no move within `depth` moves. */
  sliderLost: boolean;
}

/**
 * The default search: deepen up to these depths while the positions evaluated stay under the
 * budget (a count, so that the same board always gives the same placement). The packed budget
 * reaches 5 to 6 slider moves in about 7 ms median, 12 ms p95 on positions from real games (a
 * 2-core AMD EPYC, idle; about twice that under load): `slidebox bench ai --placer 200`.
 */
const PACKED_DEFAULT = { maxDepth: 8, budget: 400_000 };
const GENERIC_DEFAULT = { maxDepth: 3, budget: 4_000 };

/** Iterative deepening stops when the next depth is predicted to overrun the budget. */
const GROWTH_ESTIMATE = 3;

const now: () => number =
  typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();

const KEYS = ['depth', 'timeMs'] as const;

/** Checks the placer's options: `depth` (1 to {@link MAX_PLACER_DEPTH}) and `timeMs`. */
export function checkPlacerOptions(opts: unknown): Result<PlacerOptions, BadOptions> {
  const checked = checkOptions<PlacerOptions>(opts, KEYS);
  if (!checked.ok) return checked;
  const depth = checked.value.depth;
  if (depth !== undefined && depth > MAX_PLACER_DEPTH) {
    return err(
      problem(
        'bad-options',
        `depth must be a whole number of moves from 1 to ${MAX_PLACER_DEPTH}, got ${show(depth)}`,
      ),
    );
  }
  return checked;
}

let packedSearch: PackedPlacer | null = null;

function packedPlacer(): PackedPlacer {
  packedSearch ??= new PackedPlacer(buildEvalTable(DEFAULT_WEIGHTS), 16);
  return packedSearch;
}

/** Whether the packed search plays this 4x4 board exactly: tiles up to one 32768. */
function packable(board: number[][]): boolean {
  return fitsPacked(board) && board.flat().filter((v) => v === 32768).length <= 1;
}

/**
 * The smallest double above x (x finite): a search window that makes a value equal to x exact.
 */
function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  const f = new Float64Array([x]);
  const i = new BigInt64Array(f.buffer);
  i[0] = i[0]! + (x > 0 ? 1n : -1n);
  return f[0]!;
}

/**
 * Searches every root placement to `depth`, in the order of `values` (the last search's, which
 * it overwrites). Returns the placement of least value, the earliest in the fixed order among
 * equals, or -1 when a limit stopped the search (depth 1 always finishes).
 */
function searchRoot(t: PlacerTree, depth: number, values: Float64Array, order: Int32Array): number {
  const n = t.rootCount;
  sortByKey(order, values, n, 1);
  let best = -1;
  let bestValue = Number.POSITIVE_INFINITY;
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    // A placement before the best in the fixed order wins a tie: its window makes an equal
    // value exact (fail-soft, a value at or above the window is only a lower bound).
    const beta = best >= 0 && i < best ? nextUp(bestValue) : bestValue;
    const v = t.rootChild(i, depth, beta);
    if (depth > 1 && t.aborted) return -1;
    values[i] = v;
    if (v < bestValue || (v === bestValue && i < best)) {
      bestValue = v;
      best = i;
    }
  }
  return best;
}

/**
 * Deepens one slider move at a time within the limits (an evaluation budget, a time budget);
 * the index of the best placement, the depth completed and the slider's outcome.
 */
export function deepen(
  t: PlacerTree,
  maxDepth: number,
  budget: number,
  timeMs: number | undefined,
): { index: number; depth: number; outcome: number } {
  const n = t.rootCount;
  const values = new Float64Array(n);
  const order = new Int32Array(n);
  const start = now();
  const deadline = timeMs === undefined ? Number.POSITIVE_INFINITY : start + timeMs;
  const first = t.evaluated;
  let found = { index: -1, depth: 0, outcome: 0 };
  for (let depth = 1; depth <= maxDepth; depth++) {
    const t0 = now();
    const before = t.evaluated;
    const limits: PlacerLimits =
      depth === 1
        ? { budget: Number.POSITIVE_INFINITY, deadline: Number.POSITIVE_INFINITY }
        : { budget: budget - (before - first), deadline };
    t.limit(limits);
    const index = searchRoot(t, depth, values, order);
    if (index < 0) break;
    found = { index, depth, outcome: values[index]! };
    // A forced loss for the slider: deeper cannot do better for the placer.
    if (found.outcome < LOST / 2) break;
    const cost = t.evaluated - before;
    if (t.evaluated - first + cost * GROWTH_ESTIMATE > budget) break;
    const t1 = now();
    if (timeMs !== undefined && t1 - start + (t1 - t0) * GROWTH_ESTIMATE > timeMs) break;
  }
  return found;
}

/**
 * Where the placer puts the next tile, with the depth searched and the slider's outcome; null
 * on a full board. Throws a SlideboxError for bad options (code `bad-options`) or a board that
 * is not a valid square board of 3x3 to 8x8.
 */
export function analysePlacement(
  cells: readonly (readonly number[])[],
  opts: PlacerOptions = {},
): PlacementAnalysis | null {
  const o = unwrap(checkPlacerOptions(opts));
  const board = unwrap(parseCells(cells));
  const n = board.length;
  const empty: Pos[] = [];
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) if (board[row]![col] === 0) empty.push({ row, col });
  }
  if (empty.length === 0) return null;
  let t: PlacerTree;
  let defaults: { maxDepth: number; budget: number };
  if (n === 4 && packable(board)) {
    pack(board);
    const p = packedPlacer();
    p.begin(out.a | 0, out.b | 0);
    t = p;
    defaults = PACKED_DEFAULT;
  } else {
    t = new GenericPlacer(toExponents(board), n);
    defaults = GENERIC_DEFAULT;
  }
  // A depth or a time budget asked for: no evaluation budget.
  const unbounded = o.depth !== undefined || o.timeMs !== undefined;
  const maxDepth = o.depth ?? (o.timeMs !== undefined ? MAX_PLACER_DEPTH : defaults.maxDepth);
  const budget = unbounded ? Number.POSITIVE_INFINITY : defaults.budget;
  const found = deepen(t, maxDepth, budget, o.timeMs);
  return {
    at: empty[found.index >> 1]!,
    value: found.index & 1 ? 4 : 2,
    depth: found.depth,
    outcome: found.outcome,
    sliderLost: found.outcome < LOST / 2,
  };
}

/** A placement judged: the placer's own and the one played, with the slider's outcome of each. */
export interface PlacementJudged {
  /** The placer's choice there (what {@link analysePlacement} answers). */
  best: Placement;
  /** The slider's best outcome after the placer's choice (lower is better for the placer). */
  bestOutcome: number;
  /** The slider's best outcome after the played placement, searched to the same depth. */
  playedOutcome: number;
  /** Slider moves searched. */
  depth: number;
}

/**
 * Judges a placement played on a board: the placer's own choice with its default search (as
 * {@link analysePlacement}), and the played placement searched to the same depth with no
 * window, so that the two outcomes compare. Null on a full board. Throws a SlideboxError for
 * bad options or an invalid board, and an Error (the caller's bug) for a played placement that
 * is not a 2 or a 4 on an empty cell.
 */
export function judgePlacement(
  cells: readonly (readonly number[])[],
  played: Placement,
  opts: PlacerOptions = {},
): PlacementJudged | null {
  const best = analysePlacement(cells, opts);
  if (!best) return null;
  const board = unwrap(parseCells(cells));
  const n = board.length;
  let cell = -1;
  for (let i = 0, k = 0; i < n * n; i++) {
    if (board[Math.floor(i / n)]![i % n] !== 0) continue;
    if (i === played.at.row * n + played.at.col) cell = k;
    k++;
  }
  if (cell < 0 || (played.value !== 2 && played.value !== 4)) {
    throw new Error('the played placement is not a 2 or a 4 on an empty cell');
  }
  const index = cell * 2 + (played.value === 4 ? 1 : 0);
  let t: PlacerTree;
  if (n === 4 && packable(board)) {
    pack(board);
    const p = packedPlacer();
    p.begin(out.a | 0, out.b | 0);
    t = p;
  } else t = new GenericPlacer(toExponents(board), n);
  t.limit({ budget: Number.POSITIVE_INFINITY, deadline: Number.POSITIVE_INFINITY });
  const playedOutcome = t.rootChild(index, best.depth, Number.POSITIVE_INFINITY);
  return {
    best: { at: best.at, value: best.value },
    bestOutcome: best.outcome,
    playedOutcome,
    depth: best.depth,
  };
}

/**
 * The adversarial placement for a 2048 board: the empty cell and the tile (2 or 4) that leave
 * the slider worst off, by a minimax over its replies; null when the board is full. Never an
 * occupied cell. The same board and options give the same placement (ties go to the earliest
 * cell row by row, a 2 before a 4), unless `timeMs` is set. Throws a SlideboxError for bad
 * options (code `bad-options`) or an invalid board.
 */
export function choosePlacement(
  cells: readonly (readonly number[])[],
  opts: PlacerOptions = {},
): Placement | null {
  const a = analysePlacement(cells, opts);
  return a ? { at: a.at, value: a.value } : null;
}
