/**
 * Test support: `slidebox serve`'s app listening on 127.0.0.1 (a free port) over a real
 * database — an SQLite file in a temporary directory, or a database of a throwaway PostgreSQL
 * cluster (src/testing/postgres.ts) — for tests that talk to it with real HTTP requests.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Leaderboard } from '../net/api.ts';
import { buildServer, type ServerOptions } from '../server/app.ts';
import { type Database, openDatabase } from '../server/db.ts';
import { createVerifier } from '../server/verifier.ts';
import { type PgServer, startPostgres } from './postgres.ts';
import { tempDir } from './tempDir.ts';

export type Backend = 'sqlite' | 'postgres';
export const BACKENDS: readonly Backend[] = ['sqlite', 'postgres'];

let cluster: Promise<PgServer | { skip: string }> | null = null;

afterAll(async () => {
  const c = await cluster;
  cluster = null;
  if (c && !('skip' in c)) await c.stop();
});

/** The PostgreSQL cluster of this test file (started once), or why there is none. */
export function postgresCluster(): Promise<PgServer | { skip: string }> {
  cluster ??= startPostgres();
  return cluster;
}

/**
 * For the enclosing describe block: each test is reported as skipped, with the reason, while
 * `why()` gives one (read before each test, so a `beforeAll` can find it out first). Under CI a
 * missing PostgreSQL never gets here: startPostgres throws, and the block's tests fail.
 */
export function skipTestsWhile(why: () => string | null): void {
  beforeEach((ctx) => {
    const reason = why();
    if (reason !== null) ctx.skip(reason);
  });
}

/** A new empty database: an SQLite file, or a new PostgreSQL database; null when skipped. */
export async function newDatabaseTarget(backend: Backend): Promise<string | { skip: string }> {
  if (backend === 'sqlite') return join(tempDir('slidebox-serve-'), 'leaderboards.sqlite');
  const c = await postgresCluster();
  if ('skip' in c) return c;
  return c.newDatabase();
}

export interface TestServer {
  readonly url: string;
  readonly app: FastifyInstance;
  readonly database: Database;
  /** The request lines logged. */
  readonly lines: string[];
  close(): Promise<void>;
}

/**
 * Starts the server on database `target`, on `port` (0: a free one); `wrap` changes the database
 * the server is given (src/testing/laterAnswers.ts).
 */
export async function startTestServer(
  target: string,
  opts: Partial<Omit<ServerOptions, 'database'>> = {},
  port = 0,
  wrap: (d: Database) => Database = (d) => d,
): Promise<TestServer> {
  const database = wrap(await openDatabase(target));
  const verifier = createVerifier();
  const lines: string[] = [];
  const app = await buildServer({
    database,
    verify: verifier.verify,
    webRoot: null,
    rateLimit: 0,
    log: (line) => lines.push(line),
    ...opts,
  });
  const address = await app.listen({ host: '127.0.0.1', port });
  return {
    url: address,
    app,
    database,
    lines,
    async close() {
      await app.close();
      await database.close();
      await verifier.close();
    },
  };
}

/** A JSON request: status, body and headers. */
export async function call(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** A describe block's server, started before its tests on a new database and closed after. */
export interface BlockServer {
  /** The server (throws when the block is skipped). */
  server(): TestServer;
  /** Why the block's tests are skipped (no PostgreSQL here), or null; they skip themselves. */
  skipped(): string | null;
  /** POST /api/scores. */
  post(body: unknown): Promise<{ status: number; body: unknown; headers: Headers }>;
  /**
   * GET /api/leaderboard?query, which must answer 200; a `playerKey` in `query` is sent in the
   * X-Player-Key header, as the clients send it.
   */
  board(query: string): Promise<Leaderboard>;
}

/**
 * How long a block's setup or teardown may take (starting PostgreSQL's cluster, a server; the
 * hooks end as soon as they are done): a loaded machine can take more than vitest's 10 s.
 */
export const HOOK_MS = 120_000;

/** Registers the hooks of a describe block that tests one server on `backend`. */
export function serverForBlock(
  backend: Backend,
  opts: Partial<Omit<ServerOptions, 'database'>> = {},
  wrap?: (d: Database) => Database,
): BlockServer {
  let s: TestServer | null = null;
  let skipped: string | null = null;
  beforeAll(async () => {
    const target = await newDatabaseTarget(backend);
    if (typeof target !== 'string') {
      skipped = target.skip;
      console.warn(`PostgreSQL tests skipped: ${skipped}`);
      return;
    }
    s = await startTestServer(target, opts, 0, wrap);
  }, HOOK_MS);
  skipTestsWhile(() => skipped);
  afterAll(async () => {
    await s?.close();
  }, HOOK_MS);
  const server = () => {
    if (!s) throw new Error(`no server (${skipped})`);
    return s;
  };
  return {
    server,
    skipped: () => skipped,
    post: (body) => call(server().url, 'POST', '/api/scores', body),
    async board(query) {
      const params = new URLSearchParams(query);
      const key = params.get('playerKey');
      params.delete('playerKey');
      const headers: Record<string, string> = key === null ? {} : { 'x-player-key': key };
      const r = await call(server().url, 'GET', `/api/leaderboard?${params}`, undefined, headers);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body as Leaderboard;
    },
  };
}
