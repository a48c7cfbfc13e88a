/**
 * Seat tokens of online rooms (seats.json in the data directory, readable by its owner only):
 * the proof that a seat is this player's, so `--join CODE` takes it back. Keyed by server and
 * room code; the newest {@link SEATS_KEPT} are kept. A damaged file is moved aside with one
 * sentence (only the seats of rooms in play are lost, and those can still be watched).
 */
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { isPlayerKey } from '../net/api.ts';
import { withFileLock } from './fileLock.ts';
import { atomicWrite, moveAside, readJson } from './files.ts';
import { UnreadableSave, unreadableNotice } from './saves.ts';

export const SEATS_KIND = 'slidebox/seats';
export const SEATS_KEPT = 50;

interface SeatRecord {
  readonly server: string;
  readonly room: string;
  readonly token: string;
  readonly savedMs: number;
}

export function seatsPath(dir: string): string {
  return join(dir, 'seats.json');
}

function readSeats(dir: string, notices: string[]): SeatRecord[] {
  const path = seatsPath(dir);
  const r = readJson(path);
  if (r.kind === 'missing') return [];
  if (r.kind === 'unreadable') {
    notices.push(unreadableNotice(path, r.cause));
    return [];
  }
  const d = r.kind === 'ok' ? (r.data as { kind?: unknown; seats?: unknown }) : null;
  if (d && d.kind === SEATS_KIND && Array.isArray(d.seats)) {
    return d.seats.filter(
      (s): s is SeatRecord =>
        typeof s === 'object' &&
        s !== null &&
        typeof s.server === 'string' &&
        typeof s.room === 'string' &&
        isPlayerKey(s.token) &&
        typeof s.savedMs === 'number',
    );
  }
  const aside = moveAside(path);
  notices.push(
    `Your online seats file was damaged (${r.kind === 'damaged' ? r.reason : 'not a seats file'}); it was moved to ${aside}. Rooms you were in can still be watched.`,
  );
  return [];
}

/** Your seat token in a room on a server, or null. */
export function loadSeat(
  dir: string,
  server: string,
  room: string,
): { token: string | null; notices: string[] } {
  const notices: string[] = [];
  const seat = readSeats(dir, notices).find((s) => s.server === server && s.room === room);
  return { token: seat?.token ?? null, notices };
}

/** Keeps a seat token (the newest {@link SEATS_KEPT}). */
export function saveSeat(
  dir: string,
  server: string,
  room: string,
  token: string,
  now = Date.now(),
): string[] {
  const notices: string[] = [];
  withFileLock(seatsPath(dir), () => {
    // A file that cannot be read is never written over (its seats are not lost).
    const unreadable = readJson(seatsPath(dir));
    if (unreadable.kind === 'unreadable')
      throw new UnreadableSave(seatsPath(dir), unreadable.cause);
    const kept = readSeats(dir, notices).filter((s) => !(s.server === server && s.room === room));
    kept.push({ server, room, token, savedMs: now });
    const seats = kept.slice(-SEATS_KEPT);
    atomicWrite(
      seatsPath(dir),
      `${JSON.stringify({ kind: SEATS_KIND, version: 1, seats }, null, 1)}\n`,
    );
    try {
      chmodSync(seatsPath(dir), 0o600);
    } catch {
      // A file system without modes: the token is still only in this folder.
    }
  });
  return notices;
}
