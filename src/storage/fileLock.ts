/**
 * A lock file beside a file that several slidebox processes update (`history.json`,
 * `stats.json`), so that each update re-reads and writes the file alone and no other process's
 * change is lost. The lock (`<file>.lock`) is created exclusively and holds its owner's process
 * id, host and a random token. A process that crashed cannot leave it behind for good: a lock
 * whose owner is no longer running on this machine is broken at once, and any lock older than
 * `staleMs` (an owner that hangs, or one on another machine sharing the folder) is broken then.
 */
import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { makeFolder } from './files.ts';

export interface LockOptions {
  /** How long to wait for another process's lock before giving up (ms). */
  readonly timeoutMs?: number;
  /** A lock older than this is taken to be left behind (ms). */
  readonly staleMs?: number;
}

/** Updates take milliseconds; a lock held this long belongs to a process that hangs. */
export const STALE_LOCK_MS = 10_000;
export const LOCK_TIMEOUT_MS = 20_000;

/** The lock could not be had in time: another process holds it. */
export class LockTimeout extends Error {
  constructor(path: string) {
    super(`another slidebox kept ${path} locked`);
    this.name = 'LockTimeout';
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Blocks this thread for `ms` (the updates it waits for are synchronous too). */
function sleep(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

function errno(e: unknown): string | undefined {
  return (e as NodeJS.ErrnoException).code;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The process is running (or exists under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return errno(e) === 'EPERM';
  }
}

/** Whether the lock with this content was left behind by a process that is gone or hangs. */
function isStale(lock: string, content: string | null, staleMs: number, now: number): boolean {
  const [pid, host] = (content ?? '').split(' ');
  if (host === hostname() && Number(pid) > 0 && Number(pid) !== process.pid) {
    if (!alive(Number(pid))) return true;
  }
  try {
    return now - statSync(lock).mtimeMs > staleMs;
  } catch {
    return false;
  }
}

/**
 * Removes a lock judged stale when it still holds `content`. The lock is first renamed to a
 * name of this process's own, so two processes breaking it at once cannot both succeed; if
 * what was renamed turns out to be a newer lock, it is put back.
 */
function breakLock(lock: string, content: string | null): void {
  const aside = `${lock}.stale-${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    renameSync(lock, aside);
  } catch {
    return; // Someone else broke or released it first.
  }
  if (content !== null && readText(aside) !== content) {
    try {
      linkSync(aside, lock);
    } catch {
      // A third process has taken the lock meanwhile; the one put aside is gone for good.
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // Already gone.
  }
}

function tryCreate(lock: string, token: string): boolean {
  let fd: number;
  try {
    fd = openSync(lock, 'wx', 0o644);
  } catch (e) {
    if (errno(e) === 'EEXIST') return false;
    throw e;
  }
  try {
    writeSync(fd, token);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Runs `fn` while holding the lock of `path` (the file `path + '.lock'`), waiting for other
 * processes' updates first. Throws {@link LockTimeout} when the lock cannot be had in time, and
 * whatever `fn` throws; the lock is released either way.
 */
export function withFileLock<T>(path: string, fn: () => T, opts: LockOptions = {}): T {
  const timeoutMs = opts.timeoutMs ?? LOCK_TIMEOUT_MS;
  const staleMs = opts.staleMs ?? STALE_LOCK_MS;
  const lock = `${path}.lock`;
  const token = `${process.pid} ${hostname()} ${Date.now()} ${Math.random().toString(36).slice(2)}`;
  makeFolder(dirname(path));
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; !tryCreate(lock, token); attempt++) {
    const content = readText(lock);
    const now = Date.now();
    if (isStale(lock, content, staleMs, now)) {
      breakLock(lock, content);
      continue;
    }
    if (now > deadline) throw new LockTimeout(path);
    // Short waits first (updates take a few ms), a little random so waiters spread out.
    sleep(Math.min(50, 1 + attempt) * (0.5 + Math.random()));
  }
  try {
    return fn();
  } finally {
    // Released only if still ours (a lock broken as stale may have a new owner by now).
    if (readText(lock) === token) {
      try {
        unlinkSync(lock);
      } catch {
        // Already gone.
      }
    }
  }
}
