/**
 * Test support: a cache folder inside the repository (never the user's), shared by test runs so
 * the 15-puzzle pattern databases are built once per checkout. `TEST_XDG_CACHE_HOME` is the
 * value of XDG_CACHE_HOME that makes the default store use the same folder.
 */
import { fileURLToPath } from 'node:url';

export const TEST_XDG_CACHE_HOME = fileURLToPath(
  new URL('../../node_modules/.cache/slidebox-test', import.meta.url),
);
export const TEST_CACHE_DIR = `${TEST_XDG_CACHE_HOME}/slidebox`;
