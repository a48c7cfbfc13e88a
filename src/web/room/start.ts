/**
 * Going into a room from the home screen: a room made on the server with a card's options
 * (the player's name asked for the first time), its seat token kept in this browser; and what
 * the server says of a room before joining it (is a seat free?).
 */
import type { OnlineKind, RoomServer } from '../context.ts';
import type { KeyValueStore } from '../storage/keyValue.ts';
import type { Settings } from '../storage/settings.ts';
import { saveSeat } from './seats.ts';
import { roomNetSentence } from './shown.ts';

/** Online boards are 4×4, as the browser's local versus and duel. */
export const ROOM_SIZE = 4;

/** The name prompt's words when a room needs the player's name. */
export const NAME_TEXT = { title: 'Your name in online games', ok: 'Play' } as const;

/**
 * Makes a room for `kind` with the card's options: its code (and a sentence when its seat could
 * not be kept), or why not (an empty sentence: the player cancelled the name prompt).
 */
export async function makeRoom(
  online: RoomServer,
  kv: KeyValueStore,
  kind: OnlineKind,
  s: Settings,
): Promise<{ code: string; notice: string | null } | { problem: string }> {
  const name = await online.name(NAME_TEXT);
  if (name === null) return { problem: '' };
  // The player's key goes with the seat: the room's matches count for its record.
  const key = online.player()?.key;
  const player = key ? { player: key } : {};
  const made = await online.client.createRoom(
    kind === 'versus'
      ? {
          kind,
          name,
          size: ROOM_SIZE,
          target: s.versusTarget,
          attackCap: s.versusCap || null,
          ...player,
        }
      : { kind, name, size: ROOM_SIZE, ...player },
  );
  if (!made.ok) return { problem: roomNetSentence(made.error) };
  return { code: made.value.code, notice: saveSeat(kv, made.value.code, made.value.seat) };
}

/** What the server says of a room before joining: missing, or whether a seat is free. */
export type RoomLook =
  | { readonly kind: 'missing' }
  | { readonly kind: 'found'; readonly free: boolean };

/** What is said of a room code that no room has. */
export const missingRoom = (code: string) => `No room has the code ${code} (it may have expired).`;

/** Asks the server about room `code` (`GET /api/rooms/CODE`); null when it does not answer. */
export async function lookAtRoom(base: string, code: string): Promise<RoomLook | null> {
  try {
    const res = await fetch(`${base}/api/rooms/${code}`, { signal: AbortSignal.timeout(5000) });
    if (res.status === 404) return { kind: 'missing' };
    if (!res.ok) return null;
    const body = (await res.json()) as { seats?: { name?: unknown }[] };
    if (!Array.isArray(body.seats)) return null;
    return { kind: 'found', free: body.seats.some((s) => s?.name == null) };
  } catch {
    return null;
  }
}
