/**
 * The stats file shared by the games: best scores and records. Updates re-read the file and
 * merge, so two instances running at once keep the better of each record.
 */
import { join } from 'node:path';
import { atomicWrite, moveAside, readJson } from './files.ts';

export const STATS_KIND = 'slidebox/stats';
export const STATS_VERSION = 1;

/** Records by board size (as a string key: "4"). */
export interface Stats {
  readonly best2048: Readonly<Record<string, number>>;
  /** Puzzle records by width: fewest moves and fastest time (ms). */
  readonly puzzle: Readonly<Record<string, { readonly moves?: number; readonly timeMs?: number }>>;
}

export const EMPTY_STATS: Stats = { best2048: {}, puzzle: {} };

export function statsPath(dir: string): string {
  return join(dir, 'stats.json');
}

function isCount(x: unknown): x is number {
  return typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
}

/** Validates stats data; unknown fields are dropped, bad entries make the whole file damaged. */
export function parseStats(data: unknown): Stats | string {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return 'it is not an object';
  const d = data as Record<string, unknown>;
  if (d.kind !== STATS_KIND) return 'it is not a slidebox stats file';
  if (typeof d.version !== 'number') return 'it has no version';
  if (d.version > STATS_VERSION) return `it was written by a newer slidebox (format ${d.version})`;
  const best: Record<string, number> = {};
  const rawBest = d.best2048 ?? {};
  if (typeof rawBest !== 'object' || rawBest === null) return 'its best scores are not a table';
  for (const [k, v] of Object.entries(rawBest)) {
    if (!/^[3-8]$/.test(k) || !isCount(v)) return `its best score for size ${k} is invalid`;
    best[k] = v;
  }
  const puzzle: Record<string, { moves?: number; timeMs?: number }> = {};
  const rawPuzzle = d.puzzle ?? {};
  if (typeof rawPuzzle !== 'object' || rawPuzzle === null)
    return 'its puzzle records are not a table';
  for (const [k, v] of Object.entries(rawPuzzle)) {
    const rec = v as Record<string, unknown> | null;
    if (!/^[3-8]$/.test(k) || typeof rec !== 'object' || rec === null) {
      return `its puzzle record for size ${k} is invalid`;
    }
    if (
      (rec.moves !== undefined && !isCount(rec.moves)) ||
      (rec.timeMs !== undefined && !isCount(rec.timeMs))
    ) {
      return `its puzzle record for size ${k} is invalid`;
    }
    puzzle[k] = {
      ...(rec.moves !== undefined ? { moves: rec.moves as number } : {}),
      ...(rec.timeMs !== undefined ? { timeMs: rec.timeMs as number } : {}),
    };
  }
  return { best2048: best, puzzle };
}

/** Loads the stats; a damaged file is moved aside and reported. */
export function loadStats(dir: string): { stats: Stats; notices: string[] } {
  const path = statsPath(dir);
  const read = readJson(path);
  if (read.kind === 'missing') return { stats: EMPTY_STATS, notices: [] };
  const parsed = read.kind === 'ok' ? parseStats(read.data) : read.reason;
  if (typeof parsed !== 'string') return { stats: parsed, notices: [] };
  let where: string;
  try {
    where = `it was moved to ${moveAside(path)}`;
  } catch (e) {
    where = `it could not be moved aside (${(e as Error).message})`;
  }
  return {
    stats: EMPTY_STATS,
    notices: [`Your best scores could not be loaded (${parsed}); ${where}.`],
  };
}

/**
 * Re-reads the stats, applies `change`, and writes them back atomically if anything changed.
 * A damaged file met here is left for the next load to report.
 */
export function updateStats(dir: string, change: (s: Stats) => Stats): void {
  const read = readJson(statsPath(dir));
  let current = EMPTY_STATS;
  if (read.kind === 'ok') {
    const parsed = parseStats(read.data);
    if (typeof parsed === 'string') return;
    current = parsed;
  } else if (read.kind === 'damaged') {
    return;
  }
  const next = change(current);
  if (next === current && read.kind === 'ok') return;
  atomicWrite(
    statsPath(dir),
    `${JSON.stringify({ kind: STATS_KIND, version: STATS_VERSION, ...next }, null, 1)}\n`,
  );
}
