/** The messages between the server's analysis pool (analysisPool.ts) and its threads. */
import type { GameFigures } from './analysisFigures.ts';

/** A stored game's code to analyse; `id` comes back in the reply. */
export interface AnalysisRequest {
  readonly id: number;
  readonly code: string;
}

/**
 * The figures of request `id`, or why there are none: `skipped` (a game the analysis does not
 * judge: a puzzle from 5×5 up, a 4×4 puzzle while the 4×4 tables are not in the cache, a kind
 * it has no analysis for), `failed` (the code did not replay: a bug, the code was checked).
 */
export type AnalysisReply =
  | { readonly id: number; readonly figures: GameFigures }
  | { readonly id: number; readonly skipped: string }
  | { readonly id: number; readonly failed: string };

/** What a thread is started with. */
export interface AnalysisWorkerData {
  /**
   * Where the 4×4 pattern databases are read from (the solver's file cache folder), or null
   * for the user's default cache; `false`: never read (4×4 puzzles are skipped).
   */
  readonly tables: string | null | false;
}
