/**
 * The 2048 player: validates a board, picks the search (packed expectimax for 4x4, the
 * generic one otherwise), runs it with a preset, a fixed depth or a time budget, and checks
 * the chosen move against the reference engine before returning it.
 */
import { parseCells, slideValid } from '../../engine/game2048.ts';
import { unwrap } from '../../engine/result.ts';
import { DIRECTIONS, type Direction } from '../../engine/types.ts';
import { countEmpty, out, packExponents } from './board.ts';
import { genericBestMove, toExponents } from './generic.ts';
import type { NTupleTables } from './ntuple.ts';
import { NTupleExpectimax } from './ntupleSearch.ts';
import {
  isPresetName,
  PRESETS,
  type Preset,
  type PresetName,
  presetDepth,
  presetPhase,
} from './presets.ts';
import {
  Expectimax,
  newRootResult,
  type PackedSearch,
  type RootResult,
  type SearchLimits,
} from './search.ts';
import { buildEvalTable, DEFAULT_WEIGHTS, type EvalWeights } from './tables.ts';
import { WasmExpectimax } from './wasmSearch.ts';

/** Options of a search. */
export interface AiOptions {
  /** Time budget per move in ms: iterative deepening until it is spent. */
  timeMs?: number;
  /** Fixed search depth in moves (the root move included). Takes precedence over the preset. */
  depth?: number;
  /** A preset name or settings (default `strong`); used when neither timeMs nor depth is set. */
  preset?: PresetName | Preset;
  /**
   * Root moves to search, as a bitmask over {@link DIRECTIONS} indices (default all). The
   * worker pool splits the root with it.
   */
  rootMask?: number;
  /** Evaluation weights (default: the preset's, else {@link DEFAULT_WEIGHTS}); for experiments. */
  weights?: EvalWeights;
}

/**
 * AiOptions with a learned evaluation (ntuple.ts) instead of the weights' table: for the bench
 * tools' experiments (bench/ai-spec.ts `net`), not part of the package's API.
 */
export interface ExperimentOptions extends AiOptions {
  network?: NTupleTables;
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

const MAX_DEPTH = 20;
/** Iterative deepening stops when the next depth is predicted to overrun the budget. */
const GROWTH_ESTIMATE = 4;

let searcher: PackedSearch | null = null;

/** Which build of the packed search runs: WebAssembly (where it can) or JavaScript. */
export type SearchBackend = 'wasm' | 'js';
let backend: SearchBackend = 'wasm';

/**
 * Chooses the packed search's build for this thread from the next search on. Both return the
 * same values (wasmSearch.test.ts); the WebAssembly one, the default, is faster. For benchmarks.
 */
export function useSearchBackend(b: SearchBackend): void {
  if (b === backend) return;
  backend = b;
  searcher = null;
}

/** The packed search's build this thread uses: 'js' where WebAssembly is not available. */
export function searchBackend(): SearchBackend {
  // The searcher as it is (asking must not switch its evaluation table).
  return (searcher ?? getSearcher(DEFAULT_WEIGHTS)) instanceof WasmExpectimax ? 'wasm' : 'js';
}
/** Evaluation tables by weights (a preset's, the default, a tuning experiment's). */
const tables = new WeakMap<EvalWeights, Float32Array>();
const root = newRootResult();
/** Searchers for learned evaluations (experiments: bench/ai-spec.ts `net`). */
const netSearchers = new WeakMap<NTupleTables, PackedSearch>();
const now: () => number =
  typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();

/**
 * The shared searcher of this thread (built on first use: a 1M-entry cache), set to evaluate
 * with `weights` (their table is built once and kept).
 */
function getSearcher(weights: EvalWeights, network?: NTupleTables): PackedSearch {
  if (network) {
    let s = netSearchers.get(network);
    if (!s) {
      s = new NTupleExpectimax(network, 16);
      netSearchers.set(network, s);
    }
    return s;
  }
  let table = tables.get(weights);
  if (!table) {
    table = buildEvalTable(weights);
    tables.set(weights, table);
  }
  if (!searcher) {
    searcher =
      (backend === 'wasm' ? WasmExpectimax.create(table, 20) : null) ?? new Expectimax(table, 20);
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

function resolvePreset(p: AiOptions['preset']): Preset {
  if (p === undefined) return PRESETS.strong;
  if (typeof p === 'string') {
    if (!isPresetName(p)) throw new RangeError(`unknown preset ${JSON.stringify(p)}`);
    return PRESETS[p];
  }
  return p;
}

/** Runs the packed search per the options; fills `root` and returns the depth completed. */
function searchPacked(
  a: number,
  b: number,
  distinct: number,
  maxTile: number,
  opts: ExperimentOptions,
): number {
  const preset = presetPhase(resolvePreset(opts.preset), maxTile);
  const s = getSearcher(opts.weights ?? preset.weights ?? DEFAULT_WEIGHTS, opts.network);
  s.newSearch();
  const mask = opts.rootMask ?? 0xf;
  const limits = {
    depth: 1,
    minProb: preset.minProb,
    deadline: Number.POSITIVE_INFINITY,
    mask,
    extendEmpty: preset.extendEmpty ?? -1,
    extensions: preset.extensions ?? 0,
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
  if (preset.nodeBudget !== undefined) return deepenWithinBudget(s, a, b, preset, limits);
  limits.depth = presetDepth(preset, distinct, countEmpty(a, b));
  if (preset.capMs !== Number.POSITIVE_INFINITY) limits.deadline = now() + preset.capMs;
  s.searchRoot(a, b, limits, root);
  if (root.complete) return limits.depth;
  // Over the cap: a shallow search still gives a good move.
  limits.depth = Math.min(limits.depth, 3);
  limits.deadline = Number.POSITIVE_INFINITY;
  s.searchRoot(a, b, limits, root);
  return limits.depth;
}

/** Iterative deepening within a preset's node budget; returns the depth completed. */
function deepenWithinBudget(
  s: PackedSearch,
  a: number,
  b: number,
  preset: Preset,
  limits: SearchLimits,
): number {
  const budget = preset.nodeBudget!;
  const deadline = preset.capMs === Number.POSITIVE_INFINITY ? preset.capMs : now() + preset.capMs;
  const best = newRootResult();
  let done = 0;
  let last = 0;
  for (let depth = preset.minDepth; depth <= preset.maxDepth; depth++) {
    const before = s.evaluated;
    limits.depth = depth;
    limits.deadline = done === 0 ? Number.POSITIVE_INFINITY : deadline;
    s.searchRoot(a, b, limits, root);
    if (!root.complete) break;
    copyResult(root, best);
    done = depth;
    const evaluated = s.evaluated - before;
    if (evaluated <= last) break; // the probability cut-off has stopped the tree growing
    const growth = last > 0 ? Math.max(2, evaluated / last) : 6;
    if (evaluated * growth > budget) break;
    last = evaluated;
  }
  copyResult(best, root);
  return done;
}

function copyResult(from: RootResult, to: RootResult): void {
  to.move = from.move;
  to.complete = from.complete;
  to.values.set(from.values);
}

/**
 * Analyses a board: the best move and the value of each direction. Throws a SlideboxError
 * for a board that is not a valid square board of 3x3 to 8x8.
 */
export function analyse(cells: readonly (readonly number[])[], opts: AiOptions = {}): Analysis {
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
 * iterative deepening within about that many ms; with neither, the `strong` preset (depth
 * adapted to the position). Boards other than 4x4, and 4x4 boards with more than 14 distinct
 * tiles, get a simpler search. Throws a SlideboxError for an invalid board.
 */
export function bestMove(
  cells: number[][],
  opts?: { timeMs?: number; depth?: number },
): Direction | null {
  return analyse(cells, opts ?? {}).move;
}
