/**
 * The puzzle analysis the solver worker runs for the replay screen, apart from the worker so
 * that it is tested without one: on 4×4 the tables first, then every move in one go (the search
 * keeps what it learnt from one move to the next, so it is not cut into slices; the page ends
 * the worker to stop it).
 */
import { readShareCode } from '../../engine/shareReplay.ts';
import { type AnalysisPuzzle, analysePuzzle } from '../../solvers/analysis/analysePuzzle.ts';
import type { PatternDb } from '../../solvers/puzzle/pdb.ts';
import { patternDbs4 } from '../../solvers/puzzle/pdbProvider.ts';
import type { BlobStore } from '../../solvers/puzzle/store.ts';
import { notAnalysed, throttled } from './analysisCode.ts';
import { ANALYSING } from './protocol.ts';
import { STAGES } from './solverBackend.ts';

export interface JobPuzzleDeps {
  /** Where the 4×4 tables are kept (IndexedDB in the worker). */
  readonly store: BlobStore | null;
  /** Whether the job was cancelled (checked once the tables are had). */
  cancelled(): boolean;
  /** `done` of `total` steps of `stage`, only when the stage or its whole percent changes. */
  progress(stage: string, done: number, total: number): void;
  done(a: AnalysisPuzzle, note: string | null): void;
  fail(message: string): void;
  /** The 4×4 tables (default: read or built through the solver's provider). */
  tables?(
    store: BlobStore | null,
    onProgress: (stage: string, done: number, total: number) => void,
  ): Promise<readonly PatternDb[]>;
}

const defaultTables: NonNullable<JobPuzzleDeps['tables']> = async (store, onProgress) =>
  (await patternDbs4(store, undefined, (p) => onProgress(STAGES[p.stage], p.done, p.total))).dbs;

/**
 * Analyses a puzzle: on 4×4 the tables first (read or built, with progress; when they cannot
 * be had, the distances are lower bounds and the note says why), then every move.
 */
export async function runPuzzleJob(code: string, deps: JobPuzzleDeps): Promise<void> {
  const r = readShareCode(code);
  const why = notAnalysed(r, 'puzzle');
  if (why !== null || !r.ok || r.value.kind !== 'puzzle') {
    deps.fail(why ?? '');
    return;
  }
  const replay = r.value;
  const tiles = (replay.shared.game as { tiles: readonly number[] }).tiles;
  const width = replay.states[0]!.size;
  const report = throttled(deps.progress);
  let dbs4: readonly PatternDb[] | undefined;
  let note: string | null = null;
  if (width === 4) {
    try {
      dbs4 = await (deps.tables ?? defaultTables)(deps.store, report);
    } catch (e) {
      note = `the 15-puzzle's tables could not be had (${(e as Error).message ?? e}), so the distances are lower bounds`;
    }
  }
  if (deps.cancelled()) return;
  report(ANALYSING, 0, tiles.length);
  const analysis = analysePuzzle(replay.states, tiles, {
    ...(dbs4 ? { dbs4 } : {}),
    onProgress: (done, total) => report(ANALYSING, done, total),
  });
  if (deps.cancelled()) return;
  deps.done(analysis, note);
}
