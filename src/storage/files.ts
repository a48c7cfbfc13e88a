/**
 * Small, careful file helpers for saves: atomic writes (temp file, fsync, rename) so a crash
 * never loses the previous file and two writers never interleave, and reads that classify a
 * file as missing, readable JSON, or damaged (to be moved aside, never silently dropped).
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fsCause } from './fsProblems.ts';

export type JsonRead =
  | { readonly kind: 'missing' }
  | { readonly kind: 'ok'; readonly data: unknown }
  | { readonly kind: 'damaged'; readonly reason: string }
  /** The file is there but could not be read (no permission, …): not damaged, never moved aside. */
  | { readonly kind: 'unreadable'; readonly cause: string };

/** Where slidebox keeps saves: `$XDG_DATA_HOME/slidebox`, else `~/.local/share/slidebox`. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_DATA_HOME;
  if (xdg?.startsWith('/')) return join(xdg, 'slidebox');
  return join(env.HOME || homedir(), '.local', 'share', 'slidebox');
}

/**
 * Makes the folder `dir` and the folders above it that are missing, one at a time, so that a
 * refusal says its true cause: Node's recursive `mkdirSync` answers ENOENT for a folder under a
 * read-only mount (EROFS) and never returns under `/proc`. Throws the system's error.
 */
export function makeFolder(dir: string): void {
  const missing: string[] = [];
  for (let p = dir; ; p = dirname(p)) {
    try {
      if (statSync(p).isDirectory()) break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    missing.push(p);
    if (dirname(p) === p) break;
  }
  for (const p of missing.reverse()) {
    try {
      mkdirSync(p);
    } catch (e) {
      // Made by another process meanwhile.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
}

/** Test hook: runs after the temp file is durable and before the rename. */
export interface AtomicWriteHooks {
  beforeRename?: (tempPath: string) => void;
}

/**
 * Writes `data` to `path` atomically: a unique temp file beside it is written and fsynced,
 * then renamed over `path`. Readers see the old file or the new one, never a mix.
 */
export function atomicWrite(
  path: string,
  data: string | Uint8Array,
  hooks: AtomicWriteHooks = {},
): void {
  makeFolder(dirname(path));
  const unique = `${process.pid}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`;
  const temp = join(dirname(path), `.${basename(path)}.${unique}.tmp`);
  const fd = openSync(temp, 'wx', 0o644);
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    let off = 0;
    while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    tryUnlink(temp);
    throw e;
  }
  closeSync(fd);
  try {
    hooks.beforeRename?.(temp);
    renameSync(temp, path);
  } catch (e) {
    tryUnlink(temp);
    throw e;
  }
  // Make the rename itself durable where the platform allows syncing a directory.
  try {
    const dfd = openSync(dirname(path), 'r');
    try {
      fsyncSync(dfd);
    } finally {
      closeSync(dfd);
    }
  } catch {
    // Not supported here (e.g. some file systems): the data itself is already synced.
  }
}

function tryUnlink(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

/**
 * Reads a JSON file: missing, parsed, damaged with the reason (its bytes are wrong), or
 * unreadable with the cause (they could not be read at all: nothing is known to be wrong).
 */
export function readJson(path: string): JsonRead {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    // No file, or a path through something that is not a folder: nothing saved there.
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    return { kind: 'unreadable', cause: fsCause(e) };
  }
  if (text.trim() === '') return { kind: 'damaged', reason: 'it is empty' };
  try {
    return { kind: 'ok', data: JSON.parse(text) };
  } catch {
    return { kind: 'damaged', reason: 'it is not valid JSON: truncated or garbled' };
  }
}

/** Renames a damaged file to `<name>.corrupt-<time>` and returns the new path. */
export function moveAside(path: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  let target = `${path}.corrupt-${stamp}`;
  for (let i = 1; existsSync(target); i++) target = `${path}.corrupt-${stamp}-${i}`;
  renameSync(path, target);
  return target;
}
