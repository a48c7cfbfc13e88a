/**
 * The packed expectimax (search.ts) run by its WebAssembly build (wasm/kernel.as.ts): the same
 * search with the same values, about 1.5x faster. One instance per thread, each with its own
 * memory (the tables and a 2^20-entry transposition table, about 17 MB).
 */
import type { PackedSearch, RootResult, SearchLimits } from './search.ts';
import { ROW_LR } from './tables.ts';
import { KERNEL_WASM_BASE64 } from './wasm/kernelBytes.ts';

interface Kernel {
  memory: WebAssembly.Memory;
  init(): number;
  rowLrPtr(): number;
  evalPtr(): number;
  newSearch(): void;
  evaluate(a: number, b: number): number;
  complete(): number;
  searchRoot(
    a: number,
    b: number,
    depth: number,
    minProb: number,
    deadline: number,
    mask: number,
    ttBits: number,
    cache: number,
  ): number;
  evaluated: WebAssembly.Global;
  v0: WebAssembly.Global;
  v1: WebAssembly.Global;
  v2: WebAssembly.Global;
  v3: WebAssembly.Global;
}

/** The log2 of the kernel's transposition-table entries (TT_MAX_BITS there). */
const KERNEL_TT_BITS = 20;

let compiled: WebAssembly.Module | null | undefined;

/** The compiled kernel, or null where WebAssembly is missing or refuses it. */
function kernelModule(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  try {
    const bin = atob(KERNEL_WASM_BASE64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    compiled = new WebAssembly.Module(bytes);
  } catch {
    compiled = null;
  }
  return compiled;
}

const now: () => number =
  typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();

/** The WebAssembly searcher; build one with {@link createWasmSearch}. */
export class WasmExpectimax implements PackedSearch {
  private readonly k: Kernel;
  private evalTable: Float32Array;
  private readonly ttBits: number;

  private constructor(k: Kernel, evalTable: Float32Array, ttBits: number) {
    this.k = k;
    this.ttBits = ttBits;
    k.init();
    new Uint32Array(k.memory.buffer, k.rowLrPtr(), 65536).set(ROW_LR);
    this.evalTable = evalTable;
    this.copyEvalTable();
  }

  /**
   * A searcher evaluating with `evalTable`, or null where WebAssembly cannot run the kernel.
   * `ttBits` as for Expectimax: log2 of the transposition-table entries (at most 20), 0 for no
   * cache.
   */
  static create(evalTable: Float32Array, ttBits = KERNEL_TT_BITS): WasmExpectimax | null {
    const mod = kernelModule();
    if (!mod) return null;
    try {
      const inst = new WebAssembly.Instance(mod, { env: { now } });
      return new WasmExpectimax(
        inst.exports as unknown as Kernel,
        evalTable,
        Math.max(0, Math.min(KERNEL_TT_BITS, ttBits)),
      );
    } catch {
      return null;
    }
  }

  /** Positions evaluated since construction (for benchmarks). */
  get evaluated(): number {
    return this.k.evaluated.value as number;
  }

  useEvalTable(evalTable: Float32Array): void {
    if (evalTable === this.evalTable) return;
    this.evalTable = evalTable;
    this.copyEvalTable();
    this.newSearch();
  }

  private copyEvalTable(): void {
    new Float32Array(this.k.memory.buffer, this.k.evalPtr(), 65536).set(this.evalTable);
  }

  newSearch(): void {
    this.k.newSearch();
  }

  evaluate(a: number, b: number): number {
    return this.k.evaluate(a >>> 0, b >>> 0);
  }

  searchRoot(a: number, b: number, limits: SearchLimits, result: RootResult): void {
    const k = this.k;
    result.move = k.searchRoot(
      a >>> 0,
      b >>> 0,
      limits.depth,
      limits.minProb,
      limits.deadline,
      limits.mask ?? 0xf,
      Math.max(0, Math.min(this.ttBits, limits.ttBits ?? this.ttBits)),
      this.ttBits > 0 ? 1 : 0,
    );
    result.values[0] = k.v0.value as number;
    result.values[1] = k.v1.value as number;
    result.values[2] = k.v2.value as number;
    result.values[3] = k.v3.value as number;
    result.complete = k.complete() !== 0;
  }
}
