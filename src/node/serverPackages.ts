/**
 * The packages `slidebox serve` loads from node_modules. They are optional peer dependencies of
 * slidebox (and dev dependencies of the repository), so installing slidebox as a library pulls
 * in no server and compiles no native module; `slidebox serve` says what to install instead.
 */
import { createRequire } from 'node:module';

/** The server's packages, as `npm install` takes them. */
export const SERVER_PACKAGES = [
  'fastify',
  '@fastify/static',
  '@fastify/rate-limit',
  'better-sqlite3',
  'kysely',
  'pg',
  'ws',
] as const;

/** Those of `names` that cannot be loaded from here. */
export function missingPackages(
  names: readonly string[] = SERVER_PACKAGES,
  resolve: (name: string) => unknown = createRequire(import.meta.url).resolve,
): string[] {
  return names.filter((name) => {
    try {
      resolve(name);
      return false;
    } catch {
      return true;
    }
  });
}

/** The sentence `slidebox serve` says when some are missing, or null when all are there. */
export function missingServerSentence(missing: readonly string[]): string | null {
  if (missing.length === 0) return null;
  return (
    `slidebox serve needs the server's packages, which a library install leaves out: ` +
    `npm install ${missing.join(' ')}`
  );
}
