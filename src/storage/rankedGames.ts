/**
 * Ranked games in progress (ranked.json in the data directory, readable by its owner only): the
 * server, the game's id and its token — the proof that the game is this player's — so running
 * the same command again resumes it after the program ended. One game per server and kind of
 * game (2048 of a size and target, the puzzle of a size, the daily of each kind); a finished
 * game is removed. Written atomically under the file's lock; a damaged file is moved aside with
 * one sentence (the games in it can no longer be resumed and end on the server as they stand).
 */
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import type { RankedBoard, RankedKind } from '../net/ranked.ts';
import { withFileLock } from './fileLock.ts';
import { atomicWrite, moveAside, readJson } from './files.ts';
import { saveFailure, UnreadableSave, unreadableNotice } from './saves.ts';

export const RANKED_KIND = 'slidebox/ranked';

/** Which ranked game a command plays: the same command resumes the same game. */
export interface RankedSlot {
  readonly server: string;
  readonly kind: RankedKind;
  readonly size: number;
  /** 2048: the target; puzzle: null. */
  readonly target: number | null;
  readonly daily: boolean;
}

/** A ranked game in progress, as kept. */
export interface RankedSaved extends RankedSlot {
  readonly id: string;
  readonly token: string;
  /** The day of a ranked daily (YYYY-MM-DD), or null. */
  readonly day: string | null;
  /** How long the server said it keeps a game no client plays (ms). */
  readonly keepMs: number;
  /** When it was kept (ms since the epoch). */
  readonly savedMs: number;
  /**
   * The board as dealt, for the client to start from: never shown, the server's own board is
   * (a resumed game is drawn once the server has said where it stands).
   */
  readonly board: RankedBoard;
}

export function rankedPath(dir: string): string {
  return join(dir, 'ranked.json');
}

const TEXT = /^[A-Za-z0-9_-]{1,200}$/;

function isSaved(s: unknown): s is RankedSaved {
  if (typeof s !== 'object' || s === null) return false;
  const r = s as Record<string, unknown>;
  return (
    typeof r.server === 'string' &&
    (r.kind === '2048' || r.kind === 'puzzle') &&
    Number.isInteger(r.size) &&
    (r.target === null || Number.isInteger(r.target)) &&
    typeof r.daily === 'boolean' &&
    typeof r.id === 'string' &&
    TEXT.test(r.id) &&
    typeof r.token === 'string' &&
    TEXT.test(r.token) &&
    (r.day === null || typeof r.day === 'string') &&
    typeof r.keepMs === 'number' &&
    typeof r.savedMs === 'number' &&
    isBoard(r.board, r.kind, r.size as number)
  );
}

/** Whether a kept board has the shape of its kind (the client builds its game from it). */
function isBoard(b: unknown, kind: unknown, size: number): b is RankedBoard {
  if (typeof b !== 'object' || b === null) return false;
  const x = b as Record<string, unknown>;
  const whole = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
  if (x.kind !== kind || x.size !== size || !whole(x.score) || !whole(x.moves)) return false;
  if (!whole(x.elapsedMs) || typeof x.over !== 'boolean' || typeof x.won !== 'boolean') {
    return false;
  }
  if (kind === '2048') {
    return (
      whole(x.target) &&
      Array.isArray(x.cells) &&
      x.cells.length === size &&
      x.cells.every((row) => Array.isArray(row) && row.length === size && row.every(whole))
    );
  }
  return (
    Array.isArray(x.tiles) &&
    x.tiles.length === size * size &&
    [...x.tiles].sort((a, c) => a - c).every((t, i) => t === i)
  );
}

function sameSlot(a: RankedSlot, b: RankedSlot): boolean {
  return (
    a.server === b.server &&
    a.kind === b.kind &&
    a.size === b.size &&
    a.target === b.target &&
    a.daily === b.daily
  );
}

function readGames(dir: string, notices: string[]): RankedSaved[] {
  const path = rankedPath(dir);
  const r = readJson(path);
  if (r.kind === 'missing') return [];
  if (r.kind === 'unreadable') {
    notices.push(unreadableNotice(path, r.cause));
    return [];
  }
  const d = r.kind === 'ok' ? (r.data as { kind?: unknown; games?: unknown }) : null;
  if (d && d.kind === RANKED_KIND && Array.isArray(d.games)) return d.games.filter(isSaved);
  const aside = moveAside(path);
  notices.push(
    `Your ranked games file was damaged (${r.kind === 'damaged' ? r.reason : 'not a ranked games file'}); it was moved to ${aside}. Games in it end on the server as they stand.`,
  );
  return [];
}

/** The ranked game in progress for a slot, or null; notices say what went wrong reading. */
export function loadRanked(
  dir: string,
  slot: RankedSlot,
): { saved: RankedSaved | null; notices: string[] } {
  const notices: string[] = [];
  const saved = readGames(dir, notices).find((s) => sameSlot(s, slot)) ?? null;
  return { saved, notices };
}

/** Writes the games, keeping others' (the caller holds the lock). */
function change(
  dir: string,
  notices: string[],
  edit: (games: RankedSaved[]) => RankedSaved[],
): void {
  const path = rankedPath(dir);
  // A file that cannot be read is never written over (its games are not lost).
  const read = readJson(path);
  if (read.kind === 'unreadable') throw new UnreadableSave(path, read.cause);
  const games = edit(readGames(dir, notices));
  atomicWrite(path, `${JSON.stringify({ kind: RANKED_KIND, version: 1, games }, null, 1)}\n`);
  try {
    chmodSync(path, 0o600);
  } catch {
    // A file system without modes: the token is still only in this folder.
  }
}

/**
 * Keeps a ranked game in progress (replacing the slot's previous one); the sentences to say —
 * a write that failed says the game cannot be resumed after the program ends.
 */
export function saveRanked(dir: string, game: RankedSaved): string[] {
  const notices: string[] = [];
  try {
    withFileLock(rankedPath(dir), () =>
      change(dir, notices, (games) => [...games.filter((g) => !sameSlot(g, game)), game]),
    );
  } catch (e) {
    notices.push(
      `${saveFailure(e, dir, 'keep your ranked game')} It is played all the same, but cannot be resumed if the program ends.`,
    );
  }
  return notices;
}

/** Forgets a ranked game (finished, or gone from the server); the sentences to say. */
export function dropRanked(dir: string, id: string): string[] {
  const notices: string[] = [];
  try {
    withFileLock(rankedPath(dir), () => {
      const r = readJson(rankedPath(dir));
      if (r.kind === 'missing') return;
      change(dir, notices, (games) => games.filter((g) => g.id !== id));
    });
  } catch (e) {
    notices.push(saveFailure(e, dir, 'forget your finished ranked game'));
  }
  return notices;
}
