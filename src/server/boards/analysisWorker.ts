/**
 * Entry of the server's analysis thread (bundled as dist/analysis-pool-worker.js): answers each
 * `{ id, code }` of a stored game with its figures — a 2048 game judged by the AI at the fast
 * preset (analyse2048), a 3×3 or 4×4 puzzle by the optimal solver (analysePuzzle; 4×4 only when
 * the pattern databases are in the solver's cache: they are read, never built here). The
 * thread runs at the lowest priority the system gives it.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { readShareCode } from '../../engine/shareReplay.ts';
import { analyse2048 } from '../../solvers/analysis/analyse2048.ts';
import { analysePuzzle } from '../../solvers/analysis/analysePuzzle.ts';
import type { PatternDb } from '../../solvers/puzzle/pdb.ts';
import { storedPatternDbs4 } from '../../solvers/puzzle/pdbProvider.ts';
import { fileCache } from '../../storage/fileCache.ts';
import { figures2048, figuresPuzzle } from './analysisFigures.ts';
import type { AnalysisReply, AnalysisRequest, AnalysisWorkerData } from './analysisProtocol.ts';

const port = parentPort;
if (!port) throw new Error('analysisWorker must run in a worker thread');
const data = (workerData ?? { tables: null }) as AnalysisWorkerData;

/**
 * This thread at the lowest priority (Linux: nice 19 for this thread alone, by its thread id
 * from /proc/thread-self), so that the analysis takes only the CPU that requests leave. Where
 * that cannot be done it runs at the process's priority.
 */
function lowestPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isSafeInteger(tid) && tid > 0) setPriority(tid, 19);
  } catch {
    // Not Linux, or not allowed: the process's priority.
  }
}
lowestPriority();

/** The 4×4 tables from the cache, or null when they are not all there (looked for each time). */
async function tables(): Promise<readonly PatternDb[] | null> {
  if (data.tables === false) return null;
  const set = await storedPatternDbs4(
    data.tables === null ? fileCache() : fileCache(data.tables),
  ).catch(() => null);
  return set?.dbs ?? null;
}

async function analyseCode(req: AnalysisRequest): Promise<AnalysisReply> {
  const r = readShareCode(req.code);
  if (!r.ok) return { id: req.id, failed: r.error.message };
  const replay = r.value;
  const g = replay.shared.game;
  if (replay.kind === '2048' && g.kind === '2048') {
    // The chance is calibrated with random spawns: an evil game's tiles are the adversary's.
    const a = analyse2048(replay.states, g.moves, { preset: 'fast', calibrated: !g.evil });
    return a.ok
      ? { id: req.id, figures: figures2048(a.value) }
      : { id: req.id, failed: a.error.message };
  }
  if (replay.kind === 'puzzle' && g.kind === 'puzzle') {
    const width = replay.states[0]!.size;
    if (width > 4) return { id: req.id, skipped: 'no exact solver from 5×5 up' };
    const dbs4 = width === 4 ? await tables() : undefined;
    if (dbs4 === null) return { id: req.id, skipped: 'the 4×4 tables are not in the cache' };
    const f = figuresPuzzle(analysePuzzle(replay.states, g.tiles, dbs4 ? { dbs4 } : {}));
    return f ? { id: req.id, figures: f } : { id: req.id, skipped: 'distances not exact' };
  }
  return { id: req.id, skipped: `a ${replay.kind} is not analysed for the boards` };
}

port.on('message', (req: AnalysisRequest) => {
  analyseCode(req).then(
    (reply) => port.postMessage(reply),
    (e: unknown) =>
      port.postMessage({
        id: req.id,
        failed: e instanceof Error ? e.message : String(e),
      } satisfies AnalysisReply),
  );
});
