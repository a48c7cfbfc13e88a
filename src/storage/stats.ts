/**
 * The stats file (stats.json) shared by the games: the records (best scores, fewest moves,
 * fastest times, results, the daily challenge). Each update re-reads the file and writes it
 * under the file's lock, so processes updating it at the same moment keep every record.
 */
import { join } from 'node:path';
import { err, problem, type Result } from '../engine/result.ts';
import {
  EMPTY_RECORDS,
  parseRecordTables,
  type Records,
  type RecordsProblem,
} from '../front/records.ts';
import { withFileLock } from './fileLock.ts';
import { atomicWrite, type JsonRead, moveAside, readJson } from './files.ts';

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

type RecordsRead =
  | { readonly records: Records; readonly exists: boolean }
  | { readonly damaged: string };

function readRecords(path: string): RecordsRead {
  const read: JsonRead = readJson(path);
  if (read.kind === 'missing') return { records: EMPTY_RECORDS, exists: false };
  if (read.kind === 'damaged') return { damaged: read.reason };
  const parsed = parseStatsFile(read.data);
  return parsed.ok ? { records: parsed.value, exists: true } : { damaged: parsed.error.message };
}

/** Loads the records from the stats file; a damaged file is moved aside and reported. */
export function loadRecords(dir: string): { records: Records; notices: string[] } {
  const path = statsPath(dir);
  const first = readRecords(path);
  if ('records' in first) return { records: first.records, notices: [] };
  // Set aside under the lock, and only if still damaged: another process may have just
  // replaced it.
  let where: string;
  try {
    const again = withFileLock(path, () => {
      const read = readRecords(path);
      return 'records' in read ? read : { aside: moveAside(path) };
    });
    if ('records' in again) return { records: again.records, notices: [] };
    where = `it was moved to ${again.aside}`;
  } catch (e) {
    where = `it could not be moved aside (${(e as Error).message})`;
  }
  return {
    records: EMPTY_RECORDS,
    notices: [`Your best scores could not be loaded (${first.damaged}); ${where}.`],
  };
}

/**
 * Applies `change` to the records as they are in the file now and writes them back atomically
 * if anything changed, under the file's lock. A damaged file met here is left for the next
 * load to report. Throws when the file cannot be written.
 */
export function updateRecords(dir: string, change: (r: Records) => Records): void {
  const path = statsPath(dir);
  // Most updates (a move that beats no record) change nothing: no lock needed for those.
  const peek = readRecords(path);
  if (!('records' in peek) || (peek.exists && change(peek.records) === peek.records)) return;
  withFileLock(path, () => {
    const read = readRecords(path);
    if (!('records' in read)) return;
    const next = change(read.records);
    if (next === read.records && read.exists) return;
    atomicWrite(
      path,
      `${JSON.stringify({ kind: STATS_KIND, version: STATS_VERSION, ...next }, null, 1)}\n`,
    );
  });
}
