import { describe, expect, it } from 'vitest';
import { missingPackages, missingServerSentence, SERVER_PACKAGES } from './serverPackages.ts';

describe('the server packages slidebox serve needs', () => {
  it('are all found in the repository (its dev dependencies)', () => {
    expect(missingPackages()).toEqual([]);
  });

  it('names only the missing ones, in one sentence with the install command', () => {
    const have = new Set(['fastify', 'ws']);
    const missing = missingPackages(SERVER_PACKAGES, (n) => {
      if (!have.has(n)) throw new Error(`Cannot find module '${n}'`);
    });
    expect(missing).toEqual([
      '@fastify/static',
      '@fastify/rate-limit',
      'better-sqlite3',
      'kysely',
      'pg',
    ]);
    const s = missingServerSentence(missing);
    expect(s).toContain('npm install @fastify/static @fastify/rate-limit better-sqlite3 kysely pg');
    expect(s?.split(/[.:]\s/).length).toBe(2);
    expect(missingServerSentence([])).toBeNull();
  });
});
