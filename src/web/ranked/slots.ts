/**
 * The ranked games this browser plays, kept in its store so a reload (or the browser's restart)
 * takes the game back with its token: one slot per kind of ranked game (2048, the puzzle, and
 * the daily of each). A slot holds the game's id and token while it is played, and what the
 * server ranked once it ended (so the end still shows after a reload), until the next game of
 * its kind starts. Read through {@link readSlot}: anything that is not a slot is no game.
 */
import type { RankedBoard, RankedKind, RankedResult } from '../../net/ranked.ts';
import { drop, type KeyValueStore, readJson, writeJson } from '../storage/keyValue.ts';

/** The kinds of ranked game, one slot each. */
export const RANKED_SLOTS = ['2048', 'puzzle', 'daily-2048', 'daily-puzzle'] as const;
export type RankedSlot = (typeof RANKED_SLOTS)[number];

/** A ranked game kept in this browser. */
export interface KeptRanked {
  readonly id: string;
  readonly token: string;
  readonly kind: RankedKind;
  readonly daily: boolean;
  readonly size: number;
  /** 2048: the target; puzzle: null. */
  readonly target: number | null;
  /** How long the server keeps the game when no client plays it (ms), as it said. */
  readonly keepMs: number;
  /** What the server ranked, once the game ended (null while it is played). */
  readonly result: RankedResult | null;
  /**
   * The board as the server last said it (untrusted once read back: drawn only through the
   * engine's parsers), to show the end after a reload; null when not known.
   */
  readonly board: RankedBoard | null;
}

/** Where a slot is kept. */
export const slotKey = (slot: RankedSlot) => `slidebox:ranked:${slot}`;

/** The slot of a kind of ranked game. */
export function slotOf(kind: RankedKind, daily: boolean): RankedSlot {
  return daily ? `daily-${kind}` : kind;
}

/** The screen name (and URL hash) of a slot: `ranked-2048`, `ranked-daily-puzzle`. */
export const slotHash = (slot: RankedSlot) => `ranked-${slot}`;

/** The slot a hash (without `#`) names, or null. */
export function slotOfHash(hash: string): RankedSlot | null {
  const s = hash.replace(/^ranked-/, '');
  return hash.startsWith('ranked-') && (RANKED_SLOTS as readonly string[]).includes(s)
    ? (s as RankedSlot)
    : null;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length < 500;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** A board kept with a game, when it has the fields of one (its tiles are checked when drawn). */
function readBoard(b: unknown): RankedBoard | null {
  if (typeof b !== 'object' || b === null) return null;
  const x = b as Record<string, unknown>;
  const fields = ['size', 'score', 'moves', 'elapsedMs'].every((k) => isCount(x[k]));
  const flags = typeof x.over === 'boolean' && typeof x.won === 'boolean';
  const tiles = x.kind === '2048' ? Array.isArray(x.cells) : Array.isArray(x.tiles);
  return fields && flags && tiles ? (b as RankedBoard) : null;
}

/** Reads data kept under a slot (untrusted): the game, or null when it is not one. */
export function parseKept(data: unknown): KeptRanked | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  if (!isText(d.id) || !isText(d.token)) return null;
  if (d.kind !== '2048' && d.kind !== 'puzzle') return null;
  if (typeof d.daily !== 'boolean' || !isCount(d.size) || !isCount(d.keepMs)) return null;
  if (d.target !== null && !isCount(d.target)) return null;
  const r = d.result as RankedResult | null | undefined;
  // A ranked daily's result has no code while its day lasts (null).
  const result =
    r &&
    typeof r === 'object' &&
    (typeof r.code === 'string' || r.code === null) &&
    typeof r.reason === 'string'
      ? r
      : null;
  return {
    id: d.id,
    token: d.token,
    kind: d.kind,
    daily: d.daily,
    size: d.size,
    target: d.target as number | null,
    keepMs: d.keepMs,
    result,
    board: readBoard(d.board),
  };
}

/** The game kept in a slot, or null. */
export function readSlot(kv: KeyValueStore, slot: RankedSlot): KeptRanked | null {
  const read = readJson(kv, slotKey(slot));
  return read.kind === 'ok' ? parseKept(read.data) : null;
}

/** Keeps a game in its slot; a sentence when the browser refuses (null: kept). */
export function writeSlot(kv: KeyValueStore, game: KeptRanked): string | null {
  return writeJson(kv, slotKey(slotOf(game.kind, game.daily)), game);
}

/** Forgets a slot's game. */
export function clearSlot(kv: KeyValueStore, slot: RankedSlot): void {
  drop(kv, slotKey(slot));
}

/**
 * Whether a kept game is still being played as far as this browser knows (not ended here): the
 * server says whether it still is (a game left longer than it keeps one has ended there).
 */
export function inPlay(game: KeptRanked | null): game is KeptRanked {
  return game !== null && game.result === null;
}
