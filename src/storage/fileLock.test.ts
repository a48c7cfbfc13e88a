import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/tempDir.ts';
import { LockTimeout, withFileLock } from './fileLock.ts';

/** The id of a process that has just ended (nothing runs under it now, barring reuse). */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(r.stdout);
}

const secondsAgo = (path: string, s: number) => {
  const t = new Date(Date.now() - s * 1000);
  utimesSync(path, t, t);
};

describe('withFileLock', () => {
  it('runs the update holding `<file>.lock` and removes it afterwards', () => {
    const file = join(tempDir(), 'sub', 'stats.json');
    const seen = withFileLock(file, () => readFileSync(`${file}.lock`, 'utf8'));
    expect(seen.split(' ').slice(0, 2)).toEqual([String(process.pid), hostname()]);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('releases the lock when the update throws, and passes the error on', () => {
    const file = join(tempDir(), 'history.json');
    expect(() =>
      withFileLock(file, () => {
        throw new Error('disk full');
      }),
    ).toThrow('disk full');
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('breaks at once a lock whose process is gone (it crashed while holding it)', () => {
    const dir = tempDir();
    const file = join(dir, 'history.json');
    writeFileSync(`${file}.lock`, `${deadPid()} ${hostname()} ${Date.now()} x`);
    expect(withFileLock(file, () => 'ran', { timeoutMs: 200, staleMs: 60_000 })).toBe('ran');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('waits for a live process, and gives up with LockTimeout while its lock is fresh', () => {
    const file = join(tempDir(), 'history.json');
    // The test runner's parent is alive for the whole test.
    writeFileSync(`${file}.lock`, `${process.ppid} ${hostname()} ${Date.now()} x`);
    let ran = false;
    expect(() =>
      withFileLock(
        file,
        () => {
          ran = true;
        },
        { timeoutMs: 150, staleMs: 60_000 },
      ),
    ).toThrow(LockTimeout);
    expect(ran).toBe(false);
    // The other process's lock is left alone.
    expect(readFileSync(`${file}.lock`, 'utf8')).toContain(`${process.ppid} `);
  });

  it('breaks a lock older than staleMs even if its process still runs (it hangs)', () => {
    const file = join(tempDir(), 'stats.json');
    writeFileSync(`${file}.lock`, `${process.ppid} ${hostname()} 0 x`);
    secondsAgo(`${file}.lock`, 30);
    expect(withFileLock(file, () => 1, { timeoutMs: 100, staleMs: 10_000 })).toBe(1);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('breaks an old empty lock (its process died before writing its name) and one from another host', () => {
    const file = join(tempDir(), 'stats.json');
    writeFileSync(`${file}.lock`, '');
    secondsAgo(`${file}.lock`, 30);
    expect(withFileLock(file, () => 2, { timeoutMs: 100, staleMs: 10_000 })).toBe(2);
    // Another machine sharing the folder: its process cannot be checked, only the lock's age.
    writeFileSync(`${file}.lock`, `${deadPid()} not-${hostname()} 0 x`);
    expect(() => withFileLock(file, () => 3, { timeoutMs: 100, staleMs: 10_000 })).toThrow(
      LockTimeout,
    );
    secondsAgo(`${file}.lock`, 30);
    expect(withFileLock(file, () => 3, { timeoutMs: 100, staleMs: 10_000 })).toBe(3);
  });

  it('does not remove a lock that is no longer its own when it finishes', () => {
    const file = join(tempDir(), 'stats.json');
    withFileLock(file, () => {
      // Taken over meanwhile (this update was thought to hang and its lock was broken).
      writeFileSync(`${file}.lock`, 'someone else');
    });
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe('someone else');
  });
});
