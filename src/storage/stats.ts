/**
 * The stats file shared by the games: best scores and records. Updates re-read the file and
 * merge, so two instances running at once keep the better of each record.
 */
import { join } from 'node:path';
import { EMPTY_RECORDS, parseRecordTables, type Records } from '../front/records.ts';
import { atomicWrite, moveAside, readJson } from './files.ts';

export const STATS_KIND = 'slidebox/stats';
export const STATS_VERSION = 1;

/** The records in the stats file. */
export type Stats = Records;

export const EMPTY_STATS: Stats = EMPTY_RECORDS;

export function statsPath(dir: string): string {
  return join(dir, 'stats.json');
}

/** Validates stats data; unknown fields are dropped, bad entries make the whole file damaged. */
export function parseStats(data: unknown): Stats | string {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return 'it is not an object';
  const d = data as Record<string, unknown>;
  if (d.kind !== STATS_KIND) return 'it is not a slidebox stats file';
  if (typeof d.version !== 'number') return 'it has no version';
  if (d.version > STATS_VERSION) return `it was written by a newer slidebox (format ${d.version})`;
  return parseRecordTables(d);
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
