import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheDir, fileCache } from './fileCache.ts';

describe('cacheDir', () => {
  it('uses $XDG_CACHE_HOME/slidebox when it is an absolute path', () => {
    expect(cacheDir({ XDG_CACHE_HOME: '/x/cache' }, '/home/u')).toBe('/x/cache/slidebox');
  });
  it('falls back to ~/.cache/slidebox (unset, empty or relative XDG_CACHE_HOME)', () => {
    expect(cacheDir({}, '/home/u')).toBe('/home/u/.cache/slidebox');
    expect(cacheDir({ XDG_CACHE_HOME: '' }, '/home/u')).toBe('/home/u/.cache/slidebox');
    expect(cacheDir({ XDG_CACHE_HOME: 'rel/cache' }, '/home/u')).toBe('/home/u/.cache/slidebox');
  });
});

describe('fileCache', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'slidebox-fc-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads null for a missing key, then what was written; creates its folder', async () => {
    const store = fileCache(join(dir, 'nested', 'slidebox'));
    expect(await store.read('a.bin')).toBeNull();
    await store.write('a.bin', Uint8Array.of(1, 2, 3));
    expect([...((await store.read('a.bin')) ?? [])]).toEqual([1, 2, 3]);
    await store.write('a.bin', Uint8Array.of(9));
    expect([...((await store.read('a.bin')) ?? [])]).toEqual([9]);
  });

  it('leaves no temporary files behind, and replaces files atomically', async () => {
    const store = fileCache(dir);
    await writeFile(join(dir, 'b.bin'), 'old');
    await Promise.all([1, 2, 3, 4].map((i) => store.write('b.bin', new Uint8Array(1000).fill(i))));
    expect(await readdir(dir)).toEqual(['b.bin']);
    const got = (await store.read('b.bin'))!;
    expect(got.length).toBe(1000);
    // One whole write won: every byte is the same value.
    expect(new Set(got).size).toBe(1);
  });

  it('rejects keys that are not plain file names', async () => {
    const store = fileCache(dir);
    await expect(store.read('../escape')).rejects.toThrow(/bad cache key/);
    await expect(store.write('.hidden', Uint8Array.of(1))).rejects.toThrow(/bad cache key/);
  });
});
