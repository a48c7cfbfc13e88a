/**
 * The seat tokens of online rooms, kept in this browser so a reload (or a later visit) takes
 * the seat back: one entry per room (`slidebox:seat:CODE`), and a list of the rooms, newest
 * last, so that only the newest {@link SEATS_KEPT} are kept. A token read back is checked by
 * the server's own rule for tokens; anything else there is as good as missing.
 */
import { isPlayerKey } from '../../net/api.ts';
import { drop, type KeyValueStore, readJson, writeJson } from '../storage/keyValue.ts';

/** How many rooms' seats are kept (older ones are forgotten). */
export const SEATS_KEPT = 50;

/** The list of rooms with a kept seat, oldest first. */
export const SEAT_ROOMS_KEY = 'slidebox:seats';

/** Where a room's seat token is kept. */
export const seatKey = (code: string) => `slidebox:seat:${code}`;

function rooms(kv: KeyValueStore): string[] {
  const read = readJson(kv, SEAT_ROOMS_KEY);
  if (read.kind !== 'ok' || !Array.isArray(read.data)) return [];
  return read.data.filter((c): c is string => typeof c === 'string');
}

/** The seat token kept for a room, or null. */
export function loadSeat(kv: KeyValueStore, code: string): string | null {
  const read = readJson(kv, seatKey(code));
  return read.kind === 'ok' && isPlayerKey(read.data) ? read.data : null;
}

/**
 * Keeps a room's seat token (the room becomes the newest), forgetting the oldest rooms past
 * {@link SEATS_KEPT}; returns a sentence when the browser refuses to store it.
 */
export function saveSeat(kv: KeyValueStore, code: string, token: string): string | null {
  const list = [...rooms(kv).filter((c) => c !== code), code];
  for (const old of list.splice(0, Math.max(0, list.length - SEATS_KEPT))) drop(kv, seatKey(old));
  const refused = writeJson(kv, seatKey(code), token) ?? writeJson(kv, SEAT_ROOMS_KEY, list);
  return refused
    ? 'This browser would not keep your seat: if the page is closed, the seat cannot be taken back.'
    : null;
}

/** Forgets a room's seat (a token the room no longer knows). */
export function forgetSeat(kv: KeyValueStore, code: string): void {
  drop(kv, seatKey(code));
  const list = rooms(kv);
  if (list.includes(code)) {
    writeJson(
      kv,
      SEAT_ROOMS_KEY,
      list.filter((c) => c !== code),
    );
  }
}
