/**
 * The stats file (stats.json) shared by the games: the records (best scores, fewest moves,
 * fastest times). Updates re-read the file and merge, so two instances running at once keep
 * the better of each record.
 */
import { join } from 'node:path';
import { err, problem, type Result } from '../engine/result.ts';
import {
  EMPTY_RECORDS,
  parseRecordTables,
  type Records,
  type RecordsProblem,
} from '../front/records.ts';
import { atomicWrite, moveAside, readJson } from './files.ts';

export const STATS_KIND = 'slidebox/stats';
export const STATS_VERSION = 1;

export function statsPath(dir: string): string {
  return join(dir, 'stats.json');
}

function bad(message: string): Result<never, RecordsProblem> {
  return err(problem('bad-records', message));
}

/**
 * Validates the contents of a stats file; unknown fields are dropped, bad entries make the whole
 * file damaged. The problem's message is a phrase ("it is not an object").
 */
export function parseStatsFile(data: unknown): Result<Records, RecordsProblem> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return bad('it is not an object');
  }
  const d = data as Record<string, unknown>;
  if (d.kind !== STATS_KIND) return bad('it is not a slidebox stats file');
  if (typeof d.version !== 'number') return bad('it has no version');
  if (d.version > STATS_VERSION) {
    return bad(`it was written by a newer slidebox (format ${d.version})`);
  }
  return parseRecordTables(d);
}

/** Loads the records from the stats file; a damaged file is moved aside and reported. */
export function loadRecords(dir: string): { records: Records; notices: string[] } {
  const path = statsPath(dir);
  const read = readJson(path);
  if (read.kind === 'missing') return { records: EMPTY_RECORDS, notices: [] };
  let reason: string;
  if (read.kind === 'ok') {
    const parsed = parseStatsFile(read.data);
    if (parsed.ok) return { records: parsed.value, notices: [] };
    reason = parsed.error.message;
  } else {
    reason = read.reason;
  }
  let where: string;
  try {
    where = `it was moved to ${moveAside(path)}`;
  } catch (e) {
    where = `it could not be moved aside (${(e as Error).message})`;
  }
  return {
    records: EMPTY_RECORDS,
    notices: [`Your best scores could not be loaded (${reason}); ${where}.`],
  };
}

/**
 * Re-reads the records, applies `change`, and writes them back atomically if anything changed.
 * A damaged file met here is left for the next load to report.
 */
export function updateRecords(dir: string, change: (r: Records) => Records): void {
  const read = readJson(statsPath(dir));
  let current = EMPTY_RECORDS;
  if (read.kind === 'ok') {
    const parsed = parseStatsFile(read.data);
    if (!parsed.ok) return;
    current = parsed.value;
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
