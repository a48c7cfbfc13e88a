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
import { fsCause } from './fsProblems.ts';
import { unreadableNotice } from './saves.ts';

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
  | { readonly damaged: string }
  | { readonly unreadable: string };

function readRecords(path: string): RecordsRead {
  const read: JsonRead = readJson(path);
  if (read.kind === 'missing') return { records: EMPTY_RECORDS, exists: false };
  if (read.kind === 'damaged') return { damaged: read.reason };
  if (read.kind === 'unreadable') return { unreadable: read.cause };
  const parsed = parseStatsFile(read.data);
  return parsed.ok ? { records: parsed.value, exists: true } : { damaged: parsed.error.message };
}

/**
 * Loads the records from the stats file; a damaged file is moved aside and reported. One that
 * cannot be read is left as it is: `unreadable` is its sentence (also among the notices).
 */
export function loadRecords(dir: string): {
  records: Records;
  notices: string[];
  unreadable?: string;
} {
  const path = statsPath(dir);
  const first = readRecords(path);
  if ('records' in first) return { records: first.records, notices: [] };
  if ('unreadable' in first) {
    const notice = unreadableNotice(path, first.unreadable);
    return { records: EMPTY_RECORDS, notices: [notice], unreadable: notice };
  }
  // Set aside under the lock, and only if still damaged: another process may have just
  // replaced it.
  let where: string;
  try {
    const again = withFileLock(path, () => {
      const read = readRecords(path);
      return 'damaged' in read ? { aside: moveAside(path) } : read;
    });
    if ('records' in again) return { records: again.records, notices: [] };
    if ('unreadable' in again) return loadRecords(dir);
    where = `it was moved to ${again.aside}`;
  } catch (e) {
    where = `it could not be moved aside (${fsCause(e)})`;
  }
  return {
    records: EMPTY_RECORDS,
    notices: [`Your best scores could not be loaded (${first.damaged}); ${where}.`],
  };
}

/**
 * Applies `change` to the records as they are in the file now and writes them back atomically
 * if anything changed, under the file's lock. A damaged file met here is left for the next
 * load to report, and so is one that cannot be read (never written over). Throws when the
 * file cannot be written.
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
