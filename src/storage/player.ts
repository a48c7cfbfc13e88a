/**
 * The player on the leaderboards (player.json in the data directory, readable by its owner
 * only): a random player key, made on first use and the only proof that entries are this
 * player's, and the name shown beside them. A damaged file is moved aside with one sentence;
 * the key is rescued from it when it can still be read, so the player keeps their entries.
 */
import {
  chmodSync,
  closeSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { err, ok, type Problem, problem, type Result } from '../engine/result.ts';
import { checkName, isPlayerKey } from '../net/api.ts';
import { withFileLock } from './fileLock.ts';
import { makeFolder, moveAside } from './files.ts';
import { fsCause } from './fsProblems.ts';
import { saveFailure, UnreadableSave, unreadableNotice } from './saves.ts';

export const PLAYER_KIND = 'slidebox/player';
export const PLAYER_VERSION = 1;

export interface Player {
  readonly key: string;
  /** The name on the boards; null until the player has given one. */
  readonly name: string | null;
}

export function playerPath(dir: string): string {
  return join(dir, 'player.json');
}

/** Checks the contents of a player file; the problem's message is a phrase. */
export function parsePlayerFile(data: unknown): Result<Player, Problem<'bad-player'>> {
  const bad = (message: string) => err(problem('bad-player', message));
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return bad('it is not an object');
  }
  const d = data as Record<string, unknown>;
  if (d.kind !== PLAYER_KIND) return bad('it is not a slidebox player file');
  if (typeof d.version !== 'number' || !Number.isInteger(d.version) || d.version < 1) {
    return bad('it has no version');
  }
  if (d.version > PLAYER_VERSION)
    return bad(`it was written by a newer slidebox (format ${d.version})`);
  if (!isPlayerKey(d.key)) return bad('its player key is missing or malformed');
  if (d.name === undefined || d.name === null) return ok({ key: d.key, name: null });
  const name = checkName(d.name);
  if (!name.ok) return bad(`its name is not one the boards take (${name.error.message})`);
  return ok({ key: d.key, name: name.value });
}

/** The key (and name) still legible in a damaged file's text, if any. */
export function rescuePlayer(text: string): Player | null {
  const key = /"key"\s*:\s*"([A-Za-z0-9_-]{32,128})"/.exec(text)?.[1];
  if (!key) return null;
  const quoted = /"name"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(text)?.[1];
  let name: string | null = null;
  try {
    const n = checkName(quoted ? JSON.parse(quoted) : null);
    name = n.ok ? n.value : null;
  } catch {
    name = null;
  }
  return { key, name };
}

type Read =
  | { readonly kind: 'missing' }
  | { readonly kind: 'ok'; readonly player: Player }
  | { readonly kind: 'damaged'; readonly reason: string; readonly text: string }
  | { readonly kind: 'unreadable'; readonly cause: string };

function readPlayer(path: string): Read {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    // Not damaged: its key may be fine, so it is neither moved aside nor replaced.
    return { kind: 'unreadable', cause: fsCause(e) };
  }
  if (text.trim() === '') return { kind: 'damaged', reason: 'it is empty', text };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { kind: 'damaged', reason: 'it is not valid JSON: truncated or garbled', text };
  }
  const parsed = parsePlayerFile(data);
  return parsed.ok
    ? { kind: 'ok', player: parsed.value }
    : { kind: 'damaged', reason: parsed.error.message, text };
}

/**
 * Writes the player file atomically and readable by its owner only: a temp file made with mode
 * 0600, fsynced, renamed over the old one.
 */
function writePlayer(path: string, player: Player): void {
  makeFolder(dirname(path));
  const data = { kind: PLAYER_KIND, version: PLAYER_VERSION, key: player.key, name: player.name };
  const bytes = Buffer.from(`${JSON.stringify(data, null, 1)}\n`, 'utf8');
  const temp = join(
    dirname(path),
    `.${basename(path)}.${process.pid}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}.tmp`,
  );
  const fd = openSync(temp, 'wx', 0o600);
  try {
    let off = 0;
    while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
    fsyncSync(fd);
    closeSync(fd);
    // The umask may not take group and other bits away from 0600; make sure.
    chmodSync(temp, 0o600);
    renameSync(temp, path);
  } catch (e) {
    try {
      closeSync(fd);
    } catch {
      // Closed already.
    }
    try {
      unlinkSync(temp);
    } catch {
      // Gone already.
    }
    throw e;
  }
}

/** A player file that others can read is made private again (best effort). */
function keepPrivate(path: string): void {
  try {
    if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  } catch {
    // Not ours to change, or gone: the file is read all the same.
  }
}

/** Moves a damaged file aside (the caller holds the lock); what is rescued, and the sentence. */
function setAside(
  path: string,
  read: Read & { kind: 'damaged' },
): { player: Player | null; notice: string } {
  const rescued = rescuePlayer(read.text);
  let where: string;
  try {
    where = `it was moved to ${moveAside(path)}`;
  } catch (e) {
    where = `it could not be moved aside (${fsCause(e)})`;
  }
  const then = rescued
    ? 'your player key was rescued from it'
    : 'a new player key will be made when you next submit a game (your entries under the old key stay on the boards)';
  return {
    player: rescued,
    notice: `Your player file ${path} could not be read (${read.reason}); ${where} and ${then}.`,
  };
}

/** The player in `dir`, or null when there is none yet; a damaged file is set aside (said). */
export function loadPlayer(dir: string): { player: Player | null; notices: string[] } {
  const path = playerPath(dir);
  const first = readPlayer(path);
  if (first.kind === 'missing') return { player: null, notices: [] };
  if (first.kind === 'ok') {
    keepPrivate(path);
    return { player: first.player, notices: [] };
  }
  if (first.kind === 'unreadable') {
    return { player: null, notices: [unreadableNotice(path, first.cause)] };
  }
  try {
    return changePlayer(dir, (p) => p, { create: false });
  } catch (e) {
    return {
      player: null,
      notices: [
        `Your player file ${path} could not be read (${first.reason}) nor moved aside (${fsCause(e)}).`,
      ],
    };
  }
}

/**
 * Reads the player under the file's lock, applies `change` and writes the result (0600).
 * With `create`, a missing player is made first with a new key from `newKey`. A damaged file
 * is set aside, its key rescued when legible. Throws only when the file cannot be written.
 */
function changePlayer(
  dir: string,
  change: (p: Player) => Player,
  opts: { create: boolean; newKey?: () => string },
): { player: Player | null; notices: string[] } {
  const path = playerPath(dir);
  return withFileLock(path, () => {
    const read = readPlayer(path);
    if (read.kind === 'unreadable') throw new UnreadableSave(path, read.cause);
    const notices: string[] = [];
    let player: Player | null = null;
    if (read.kind === 'ok') player = read.player;
    else if (read.kind === 'damaged') {
      const aside = setAside(path, read);
      notices.push(aside.notice);
      player = aside.player;
    }
    const wrote = read.kind !== 'ok';
    if (player === null && opts.create && opts.newKey) player = { key: opts.newKey(), name: null };
    if (player === null) return { player, notices };
    const next = change(player);
    if (wrote || next !== player) writePlayer(path, next);
    return { player: next, notices };
  });
}

/**
 * The player, made on first use (a new key from `newKey`, no name yet) and saved; the error is
 * a sentence when the file cannot be written.
 */
export function ensurePlayer(
  dir: string,
  newKey: () => string,
): Result<{ player: Player; notices: string[] }, Problem<'save-failed'>> {
  return savingPlayer(dir, () => changePlayer(dir, (p) => p, { create: true, newKey }));
}

/** Sets the player's name (making the player first if needed). */
export function setPlayerName(
  dir: string,
  name: string,
  newKey: () => string,
): Result<{ player: Player; notices: string[] }, Problem<'save-failed'>> {
  return savingPlayer(dir, () =>
    changePlayer(dir, (p) => (p.name === name ? p : { ...p, name }), { create: true, newKey }),
  );
}

function savingPlayer(
  dir: string,
  run: () => { player: Player | null; notices: string[] },
): Result<{ player: Player; notices: string[] }, Problem<'save-failed'>> {
  const path = playerPath(dir);
  try {
    const r = run();
    if (r.player === null) throw new Error('no player was made');
    return ok({ player: r.player, notices: r.notices });
  } catch (e) {
    return err(problem('save-failed', saveFailure(e, dirname(path), 'save your player file')));
  }
}
