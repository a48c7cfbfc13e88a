import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type PgServer, startPostgres } from './postgres.ts';

/** Whether 127.0.0.1:port can be bound (nothing listens there). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values?: unknown[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return check();
}

const startedAt = performance.now();
// Under CI (CI=true or CI=1) this throws when PostgreSQL is missing or cannot start: the file fails.
const started = await startPostgres();
if (!('skip' in started)) {
  console.log(`startPostgres: cluster up in ${Math.round(performance.now() - startedAt)} ms`);
}

if ('skip' in started) {
  describe('startPostgres', () => {
    it.skip(`skipped: ${started.skip}`, () => {});
  });
} else {
  const server: PgServer = started;
  afterAll(() => server.stop());

  describe('startPostgres', () => {
    it('gives a URL on 127.0.0.1 whose database takes tables, writes and reads', async () => {
      expect(server.url).toBe(`postgres://postgres@127.0.0.1:${server.port}/slidebox_test`);
      await query(server.url, 'CREATE TABLE scores (name text PRIMARY KEY, score int NOT NULL)');
      await query(server.url, 'INSERT INTO scores VALUES ($1, $2), ($3, $4)', ['ann', 10, 'bo', 7]);
      const rows = await query(server.url, 'SELECT name, score FROM scores ORDER BY score');
      expect(rows).toEqual([
        { name: 'bo', score: 7 },
        { name: 'ann', score: 10 },
      ]);
    });

    it('stopServer refuses connections; startServer and restart keep the data and the port', async () => {
      await server.stopServer();
      await expect(query(server.url, 'SELECT 1')).rejects.toThrow();
      await server.startServer();
      await query(server.url, "INSERT INTO scores VALUES ('cy', 3)");
      await server.restart();
      const rows = await query<{ n: number }>(server.url, 'SELECT count(*)::int AS n FROM scores');
      expect(rows).toEqual([{ n: 3 }]);
    });

    it('newDatabase gives a fresh, empty database each time (named or not)', async () => {
      const a = await server.newDatabase();
      const b = await server.newDatabase();
      expect(a).not.toBe(b);
      const named = await server.newDatabase('leaderboard_test');
      expect(named).toBe(`postgres://postgres@127.0.0.1:${server.port}/leaderboard_test`);
      await query(a, 'CREATE TABLE only_in_a (x int)');
      const tables = 'SELECT table_name FROM information_schema.tables WHERE table_schema = $1';
      expect(await query(a, tables, ['public'])).toEqual([{ table_name: 'only_in_a' }]);
      expect(await query(b, tables, ['public'])).toEqual([]);
      expect(await query(named, tables, ['public'])).toEqual([]);
      await expect(server.newDatabase('Bad; DROP')).rejects.toThrow(/invalid database name/);
    });

    it('a process that started a cluster and was killed leaves no server or directory behind', async () => {
      const module = fileURLToPath(new URL('./postgres.ts', import.meta.url));
      const code = `
        const { startPostgres } = await import(${JSON.stringify(module)});
        const s = await startPostgres();
        console.log(JSON.stringify({ port: s.port, dir: s.dir, skip: s.skip }));
        setInterval(() => {}, 1000);`;
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', code],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk) => {
          out += chunk;
          if (out.includes('\n')) resolve(out.trim());
        });
        child.once('exit', (code) => reject(new Error(`child exited (${code}): ${out}`)));
      });
      const { port, dir, skip } = JSON.parse(line) as { port: number; dir: string; skip?: string };
      expect(skip).toBeUndefined();
      expect(await portIsFree(port)).toBe(false);
      child.kill('SIGKILL');
      expect(await waitFor(async () => (await portIsFree(port)) && !existsSync(dir), 15_000)).toBe(
        true,
      );
    });

    it('stop ends the server, frees the port and removes the directory (twice is fine)', async () => {
      expect(existsSync(server.dir)).toBe(true);
      await server.stop();
      expect(existsSync(server.dir)).toBe(false);
      expect(await portIsFree(server.port)).toBe(true);
      await server.stop();
    });
  });
}
