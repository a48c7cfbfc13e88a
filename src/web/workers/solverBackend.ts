/**
 * The adapter between the solver worker and the puzzle solver (src/solvers/puzzle/solve.ts),
 * the same one the terminal uses: optimal for 3×3 and 4×4 (the 4×4 pattern databases built in
 * the worker on first use and kept in the blob store, IndexedDB in the browser), the fast
 * reduction solver from 5×5 up. An optimal search gets {@link OPTIMAL_TIME_LIMIT_MS}, waiting
 * for the databases included; then the fast solver answers, and a build under way goes on for
 * the next request.
 */
import { OPTIMAL_TIME_LIMIT_MS } from '../../front/ports.ts';
import { patternDbs4 } from '../../solvers/puzzle/pdbProvider.ts';
import { solvePuzzle } from '../../solvers/puzzle/solve.ts';
import type { BlobStore } from '../../solvers/puzzle/store.ts';

export const SOLVER_BACKEND = { name: 'slidebox puzzle solver', final: true } as const;

/** What the page shows for each stage of getting the 4×4 databases. */
export const STAGES = {
  reading: 'Reading stored tables',
  building: 'Building tables',
} as const;

export interface SolveOptions {
  readonly signal: AbortSignal;
  readonly store: BlobStore;
  /** Table reading or building: `done` of `total` steps of `stage` (a phrase for the page). */
  progress(stage: string, done: number, total: number): void;
  /** Defaults to {@link OPTIMAL_TIME_LIMIT_MS}. */
  readonly timeLimitMs?: number;
}

/**
 * The tiles to slide, in order, to take `tiles` (validated by the engine) to the goal.
 * Rejects with an AbortError when cancelled, and with an Error whose message names the problem
 * for a bad board. Progress is passed on only when the whole percentage or the stage changes,
 * so the page is not flooded with messages.
 */
export async function solve(
  tiles: unknown,
  width: number,
  opts: SolveOptions,
): Promise<{ tiles: number[]; optimal: boolean }> {
  let lastStage = '';
  let lastPercent = -1;
  const report = await solvePuzzle(tiles, width, {
    signal: opts.signal,
    store: opts.store,
    timeLimitMs: opts.timeLimitMs ?? OPTIMAL_TIME_LIMIT_MS,
    onProgress: (p) => {
      const stage = STAGES[p.stage];
      const percent = Math.floor((p.done / p.total) * 100);
      if (stage === lastStage && percent === lastPercent) return;
      lastStage = stage;
      lastPercent = percent;
      opts.progress(stage, p.done, p.total);
    },
  });
  return { tiles: report.moves, optimal: report.optimal };
}

/** Reads or builds what optimal solves of a width need (the 4×4 tables; nothing otherwise). */
export async function prepare(width: number, store: BlobStore): Promise<void> {
  if (width === 4) await patternDbs4(store);
}
