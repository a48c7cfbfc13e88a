/**
 * The browser's history of finished games as records (see historyDb.ts for the database): each
 * game's id, the form of its records and of the totals record, and the sentences the player
 * reads. Pure: no storage here, so the decisions are unit-tested.
 *
 * A game's id is a hash of its figures (share code left out), the same whichever way it comes
 * in (finished here, waiting in local storage, or moved over from the old history), so a game
 * that comes in twice is kept once.
 */
import {
  type HistoryEntry,
  parseHistoryEntry,
  parseRolledUp,
  type Totals,
} from '../../front/history.ts';

/** A game on its way into the database, under its id. */
export interface HistoryItem {
  readonly id: string;
  readonly entry: HistoryEntry;
}

/** cyrb53: a fast 53-bit string hash (not cryptographic; ids only need to differ). */
function hash53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A 106-bit hash of a text, as 22 base-36 digits. */
export function fingerprint(text: string): string {
  const part = (seed: number) => hash53(text, seed).toString(36).padStart(11, '0');
  return part(1) + part(2);
}

/**
 * A game's id: the hash of its figures with the share code left out (the old history drops
 * the codes of older games), the fields in a fixed order.
 */
export function entryId(e: HistoryEntry): string {
  const fields = Object.keys(e)
    .filter((k) => k !== 'code')
    .sort();
  return fingerprint(JSON.stringify(e, fields));
}

/** Games with their ids; a game repeated in the list gets "~2", "~3", … on its later copies. */
export function itemsOf(entries: readonly HistoryEntry[]): HistoryItem[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const id = entryId(entry);
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    return { id: n === 1 ? id : `${id}~${n}`, entry };
  });
}

/** A game's record in the database. */
export function gameRecord(item: HistoryItem): { id: string; entry: HistoryEntry } {
  return { id: item.id, entry: item.entry };
}

/** A record read back from the database, checked; null when it is damaged. */
export function readGameRecord(raw: unknown): HistoryItem | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.id !== 'string' || r.id.length === 0 || r.id.length > 100) return null;
  const entry = parseHistoryEntry(r.entry);
  return entry.ok ? { id: r.id, entry: entry.value } : null;
}

export const TOTALS_KIND = 'slidebox/history-totals';
export const TOTALS_VERSION = 1;

/** The totals record: the rolled-up totals of the games dropped past the newest 1,000. */
export function totalsRecord(rolledUp: readonly Totals[]): Record<string, unknown> {
  return { kind: TOTALS_KIND, version: TOTALS_VERSION, rolledUp };
}

/** The totals record read back: none yet is no totals; a damaged one is reset. */
export function readTotalsRecord(raw: unknown): { rolledUp: Totals[]; damaged: boolean } {
  if (raw === undefined) return { rolledUp: [], damaged: false };
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const current = r.kind === TOTALS_KIND && r.version === TOTALS_VERSION;
  const parsed = current ? parseRolledUp(r.rolledUp) : null;
  return parsed?.ok ? { rolledUp: parsed.value, damaged: false } : { rolledUp: [], damaged: true };
}

/** How many old histories' fingerprints the move-over marker remembers. */
export const MARKS_KEPT = 20;

/** The move-over marker's list of fingerprints, from whatever is stored (junk: none). */
export function readMarks(raw: unknown): string[] {
  const marks = (raw as { moved?: unknown } | null | undefined)?.moved;
  return Array.isArray(marks) ? marks.filter((m): m is string => typeof m === 'string') : [];
}

/** The marker after the old history with `mark` was moved over (the newest few kept). */
export function markedRecord(marks: readonly string[], mark: string): { moved: string[] } {
  return { moved: [...marks.filter((m) => m !== mark), mark].slice(-MARKS_KEPT) };
}

// -------------------------------------------------------------------- what the player reads

/** Why the history is kept in local storage for now. */
export type FallbackReason = 'unavailable' | 'full';

/** Said once a visit when the history falls back to local storage. */
export function fallbackNotice(reason: FallbackReason): string {
  return `Your game history is kept in this browser's local storage for now (its database is ${reason}): only the newest 50 games keep their share code.`;
}

/** A finished game that nothing could keep. */
export const NOT_ADDED =
  "This game could not be added to your history: this browser's database is unavailable and its local storage refused it (full or disabled).";

/** A finished game that is still waiting in local storage for room. */
export const WAITING =
  "A finished game could not be added to your history yet (this browser's database is unavailable and its local storage is nearly full): it is kept aside and will be added on a later visit.";

/** What was removed as damaged, as one sentence (null: nothing). */
export function damageNotice(games: number, totals: boolean): string | null {
  const parts = [
    ...(games > 0 ? [`${games} damaged game${games === 1 ? '' : 's'}`] : []),
    ...(totals ? ['damaged totals of older games'] : []),
  ];
  if (parts.length === 0) return null;
  const which = games === 1 && !totals ? 'which was' : 'which were';
  return `Your game history had ${parts.join(' and ')}, ${which} removed; the rest is kept.`;
}
