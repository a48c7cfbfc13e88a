/** Messages between the main thread and the puzzle solver worker. */
import type { SolveOptions, SolveReport } from '../solvers/puzzle/solve.ts';

export interface WorkerConfig {
  /** Cache folder for pattern databases; undefined for the default, null for no cache. */
  cacheDir?: string | null;
  /** Load (or build) the 4x4 pattern databases as soon as the thread starts. */
  preload?: boolean;
}

export type ToWorker =
  | { type: 'solve'; id: number; tiles: unknown; width: number; opts: SolveOptions }
  | { type: 'cancel'; id: number }
  /** Load or build what optimal solves of a width need; answered with `ready`. */
  | { type: 'prepare'; id: number; width: number };

export type FromWorker =
  | { type: 'done'; id: number; report: SolveReport }
  | { type: 'ready'; id: number }
  | { type: 'error'; id: number; error: { name: string; message: string; code?: string } };
