/**
 * A cache of binary files under Node: `$XDG_CACHE_HOME/slidebox`, else `~/.cache/slidebox`.
 * It implements the solver's `BlobStore`. Writes are atomic: a temporary file in the same
 * folder is written, flushed to disk (fsync) and renamed over the target, so a crash leaves
 * either the old file or the new one, never half of one. (A damaged file is still possible
 * from outside; readers check what they get.)
 */
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { BlobStore } from '../solvers/puzzle/store.ts';
import { atomicWrite } from './files.ts';

/** The cache folder for an environment (XDG base directory rules: relative paths are ignored). */
export function cacheDir(
  env: Record<string, string | undefined> = process.env,
  home: string = homedir(),
): string {
  const xdg = env.XDG_CACHE_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(home, '.cache'), 'slidebox');
}

/** Keys are plain file names: letters, digits, '.', '-', '_'. */
function checkKey(key: string): void {
  if (!/^[A-Za-z0-9._-]+$/.test(key) || key.startsWith('.')) {
    throw new RangeError(`bad cache key ${JSON.stringify(key)}`);
  }
}

/** A store of files in `dir` (default {@link cacheDir}), created on first write. */
export function fileCache(dir: string = cacheDir()): BlobStore & { readonly dir: string } {
  return {
    dir,
    async read(key) {
      checkKey(key);
      try {
        const buf = await readFile(join(dir, key));
        return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async write(key, data) {
      checkKey(key);
      atomicWrite(join(dir, key), data);
    },
  };
}
