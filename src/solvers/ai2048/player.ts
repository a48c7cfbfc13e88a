/**
 * The 2048 player: validates the options and the board, picks the search (packed expectimax for
 * 4x4, the generic one otherwise), runs it with a preset, a fixed depth or a time budget, and
 * checks the chosen move against the reference engine before returning it.
 */
import { parseCells, slideValid } from '../../engine/game2048.ts';
import { unwrap } from '../../engine/result.ts';
import { DIRECTIONS, type Direction } from '../../engine/types.ts';
import { out, packExponents } from './board.ts';
import { genericBestMove, toExponents } from './generic.ts';
import { type AiOptions, checkAiOptions, MAX_DEPTH } from './options.ts';
import { PRESETS, type Preset, presetDepth, presetMinProb, uncapped } from './presets.ts';
import { Expectimax, newRootResult, type PackedSearch, type RootResult } from './search.ts';
import { buildEvalTable, DEFAULT_WEIGHTS, type EvalWeights } from './tables.ts';
import { WasmExpectimax } from './wasmSearch.ts';

export type { AiOptions } from './options.ts';

/**
 * A search as the player runs it: checked options with the preset resolved. The public entries
 * build one from {@link AiOptions}; the research tools (not shipped) build their own,
 * with presets of their making.
 */
export interface SearchPlan {
  preset: Preset;
  timeMs?: number;
  depth?: number;
  rootMask?: number;
  /**
   * A searcher to use instead of this thread's shared one, evaluating in its own way (the
   * research tools' hook for other evaluations); the preset's weights are then not used.
   */
  search?: PackedSearch;
}

/** What a search found, for callers that want more than the move. */
export interface Analysis {
  /** The move, or null when no move changes the board. */
  move: Direction | null;
  /** Value of each direction searched (-Infinity: the move changes nothing or was skipped). */
  values: Record<Direction, number>;
  /** Depth of the last completed search (0 for the generic search). */
  depth: number;
}

/** Iterative deepening stops when the next depth is predicted to overrun the budget. */
const GROWTH_ESTIMATE = 4;

let searcher: PackedSearch | null = null;

/**
 * Which build of the packed search runs: WebAssembly where it can, else JavaScript. Both return
 * the same values (wasmSearch.test.ts); the WebAssembly one is faster.
 */
export type SearchBackend = 'wasm' | 'js';

/** The packed search's build this thread uses: 'js' where WebAssembly is not available. */
export function searchBackend(): SearchBackend {
  // The searcher as it is (asking must not switch its evaluation table).
  return (searcher ?? getSearcher(DEFAULT_WEIGHTS)) instanceof WasmExpectimax ? 'wasm' : 'js';
}
/** Evaluation tables by weights (a preset's, the default, a research tool's). */
const tables = new WeakMap<EvalWeights, Float32Array>();
const root = newRootResult();
const now: () => number =
  typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();

/**
 * The shared searcher of this thread (built on first use: a 1M-entry cache), set to evaluate
 * with `weights` (their table is built once and kept).
 */
function getSearcher(weights: EvalWeights): PackedSearch {
  let table = tables.get(weights);
  if (!table) {
    table = buildEvalTable(weights);
    tables.set(weights, table);
  }
  if (!searcher) {
    searcher = WasmExpectimax.create(table, 20) ?? new Expectimax(table, 20);
  } else searcher.useEvalTable(table);
  return searcher;
}

/**
 * Exponents for the packed engine: the board's own, or, when tiles pass 16384 with more than
 * one 32768 or any tile above it, a remapping that keeps the order of the distinct tiles and,
 * as far as room allows, their gaps, with the largest at 14. Moves depend only on which tiles
 * are equal, so the legal moves of the remapped board are the real ones. Null when more than
 * 14 distinct tiles leave no room.
 */
function packedExponents(exps: Int8Array): number[][] | null {
  let max = 0;
  let fifteens = 0;
  for (const e of exps) {
    if (e > max) max = e;
    if (e === 15) fifteens++;
  }
  let map: (e: number) => number = (e) => e;
  if (max > 15 || fifteens > 1) {
    const distinct = [...new Set(exps)].filter((e) => e > 0).sort((x, y) => x - y);
    if (distinct.length > 14) return null;
    const mapped = new Map<number, number>();
    let next = 14;
    for (let i = distinct.length - 1; i >= 0; i--) {
      const e = distinct[i]!;
      if (i < distinct.length - 1) {
        const gap = distinct[i + 1]! - e;
        // Keep the gap if the smaller tiles still fit below, else close it.
        next = Math.max(i + 1, next - gap);
      }
      mapped.set(e, next);
    }
    map = (e) => (e === 0 ? 0 : mapped.get(e)!);
  }
  const grid: number[][] = [];
  for (let r = 0; r < 4; r++) {
    grid.push([0, 1, 2, 3].map((c) => map(exps[r * 4 + c]!)));
  }
  return grid;
}

function distinctTiles(exps: Int8Array): number {
  let mask = 0;
  let count = 0;
  for (const e of exps) {
    if (e === 0) continue;
    const bit = 2 ** Math.min(e, 52);
    if (Math.floor(mask / bit) % 2 === 0) {
      mask += bit;
      count++;
    }
  }
  return count;
}

/** Positions this thread's packed search has evaluated so far (for benchmarks). */
export function evaluatedCount(): number {
  return searcher ? searcher.evaluated : 0;
}

/** The plan of checked public options. */
export function planOf(opts: AiOptions): SearchPlan {
  const preset = PRESETS[opts.preset ?? 'strong'];
  const plan: SearchPlan = { preset: opts.noCap ? uncapped(preset) : preset };
  if (opts.timeMs !== undefined) plan.timeMs = opts.timeMs;
  if (opts.depth !== undefined) plan.depth = opts.depth;
  if (opts.rootMask !== undefined) plan.rootMask = opts.rootMask;
  return plan;
}

/** Runs the packed search per the plan; fills `root` and returns the depth completed. */
function searchPacked(
  a: number,
  b: number,
  distinct: number,
  maxTile: number,
  opts: SearchPlan,
): number {
  const preset = opts.preset;
  const s = opts.search ?? getSearcher(preset.weights ?? DEFAULT_WEIGHTS);
  s.newSearch();
  const mask = opts.rootMask ?? 0xf;
  const limits = {
    depth: 1,
    minProb: presetMinProb(preset, maxTile),
    deadline: Number.POSITIVE_INFINITY,
    mask,
    ttBits: preset.ttBits,
  };
  if (opts.depth !== undefined) {
    limits.depth = Math.max(1, Math.min(MAX_DEPTH, Math.floor(opts.depth)));
    if (opts.timeMs !== undefined) limits.deadline = now() + opts.timeMs;
    s.searchRoot(a, b, limits, root);
    if (root.complete) return limits.depth;
    limits.depth = 1;
    limits.deadline = Number.POSITIVE_INFINITY;
    s.searchRoot(a, b, limits, root);
    return 1;
  }
  if (opts.timeMs !== undefined) {
    const start = now();
    const deadline = start + Math.max(0, opts.timeMs);
    const best = newRootResult();
    let done = 0;
    let lastEvaluated = -1;
    for (let depth = 1; depth <= MAX_DEPTH; depth++) {
      const t0 = now();
      const before = s.evaluated;
      limits.depth = depth;
      // Depth 1 always finishes, so there is always an answer.
      limits.deadline = depth === 1 ? Number.POSITIVE_INFINITY : deadline;
      s.searchRoot(a, b, limits, root);
      if (!root.complete) break;
      copyResult(root, best);
      done = depth;
      const t1 = now();
      const evaluated = s.evaluated - before;
      // The probability cut-off stops the tree growing: deeper would search the same nodes.
      if (evaluated === lastEvaluated) break;
      lastEvaluated = evaluated;
      if (t1 - start + (t1 - t0) * GROWTH_ESTIMATE > opts.timeMs) break;
    }
    copyResult(best, root);
    return done;
  }
  limits.depth = presetDepth(preset, distinct);
  if (preset.capMs !== Number.POSITIVE_INFINITY) limits.deadline = now() + preset.capMs;
  s.searchRoot(a, b, limits, root);
  if (root.complete) return limits.depth;
  // Over the cap: a shallow search still gives a good move.
  limits.depth = Math.min(limits.depth, 3);
  limits.deadline = Number.POSITIVE_INFINITY;
  s.searchRoot(a, b, limits, root);
  return limits.depth;
}

function copyResult(from: RootResult, to: RootResult): void {
  to.move = from.move;
  to.complete = from.complete;
  to.values.set(from.values);
}

/**
 * Analyses a board: the best move and the value of each direction. Throws a SlideboxError
 * for options that are not sound (code `bad-options`) and for a board that is not a valid
 * square board of 3x3 to 8x8.
 */
export function analyse(cells: readonly (readonly number[])[], opts: AiOptions = {}): Analysis {
  return analysePlan(cells, planOf(unwrap(checkAiOptions(opts))));
}

/**
 * {@link analyse} with a plan instead of options: for the research tools, which search with
 * presets and evaluations of their own. The plan is trusted.
 */
export function analysePlan(cells: readonly (readonly number[])[], opts: SearchPlan): Analysis {
  const board = unwrap(parseCells(cells));
  const n = board.length;
  const exps = toExponents(board);
  const values = { up: -Infinity, down: -Infinity, left: -Infinity, right: -Infinity };
  let move = -1;
  let depth = 0;
  const packed = n === 4 ? packedExponents(exps) : null;
  if (packed) {
    packExponents(packed);
    const top = 2 ** Math.max(...exps);
    depth = searchPacked(out.a | 0, out.b | 0, distinctTiles(exps), top, opts);
    move = root.move;
    for (let d = 0; d < 4; d++) values[DIRECTIONS[d]!] = root.values[d]!;
  } else {
    move = genericBestMove(exps, n, 2);
  }
  // The reference engine has the last word on legality.
  if (move >= 0 && !slideValid(board, DIRECTIONS[move]!).moved) move = -1;
  if (move < 0) {
    const mask = opts.rootMask ?? 0xf;
    const fallback = genericBestMove(exps, n, 1);
    const legal = DIRECTIONS.findIndex((d, i) => (mask >> i) & 1 && slideValid(board, d).moved);
    move =
      fallback >= 0 && (mask >> fallback) & 1 && slideValid(board, DIRECTIONS[fallback]!).moved
        ? fallback
        : legal;
  }
  return { move: move >= 0 ? DIRECTIONS[move]! : null, values, depth };
}

/**
 * The best move for a 2048 board, or null when no move changes it. Synchronous, on the calling
 * thread. With `depth`, a fixed-depth search (moves, the root move included); with `timeMs`, an
 * iterative deepening within about that many ms; with neither, a preset (default `strong`, depth
 * adapted to the position). Boards other than 4x4, and 4x4 boards with more than 14 distinct
 * tiles, get a simpler search. Throws a SlideboxError for bad options (code `bad-options`) or an
 * invalid board.
 */
export function bestMove(
  cells: readonly (readonly number[])[],
  opts: AiOptions = {},
): Direction | null {
  return analyse(cells, opts).move;
}
