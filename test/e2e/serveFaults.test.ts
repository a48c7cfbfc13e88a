/**
 * `slidebox serve` (the built CLI) on a disk that fills up and on a damaged file. The disk: the
 * server runs with a file-size limit (`ulimit -f`, SIGXFSZ ignored), so its SQLite writes fail
 * as on a full disk, at commit; a submission is then answered 503 with Retry-After and the log
 * says SQLite's own error, never "cannot rollback - no transaction is active"; the games taken
 * before are all there. The damaged file: refused at start with one sentence, exit 1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db.ts';
import { play2048, testPlayerKey } from '../../src/testing/games.ts';
import { call, startTestServer } from '../../src/testing/serverHarness.ts';
import { CLI, ROOT, TempDirs } from './helpers/cli.ts';
import { buildCli } from './helpers/serve.ts';

const dirs = new TempDirs();
const children: ChildProcess[] = [];

beforeAll(() => buildCli());
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  dirs.cleanup();
});

/** `slidebox serve` on `dataDir` under `sh`, files limited to `blocks` (512 bytes each). */
function serveLimited(dataDir: string, blocks: number | null) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.SLIDEBOX_DB;
  const limit = blocks === null ? '' : `ulimit -f ${blocks}; `;
  const child = spawn(
    'sh',
    [
      '-c',
      `trap '' XFSZ; ${limit}exec "$0" "$@"`,
      process.execPath,
      CLI,
      'serve',
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--rate-limit',
      '0',
      '--data-dir',
      dataDir,
    ],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  const out = { stdout: '', stderr: '' };
  child.stdout!.setEncoding('utf8').on('data', (d: string) => {
    out.stdout += d;
  });
  child.stderr!.setEncoding('utf8').on('data', (d: string) => {
    out.stderr += d;
  });
  const ended = new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  const url = new Promise<string>((resolve, reject) => {
    const look = () => {
      const m = /slidebox serve: (http:\/\/127\.0\.0\.1:\d+)/.exec(out.stdout);
      if (m) resolve(m[1]!);
    };
    child.stdout!.on('data', look);
    void ended.then(() => reject(new Error(`serve ended: ${out.stdout}${out.stderr}`)));
  });
  // Not every run waits for the address (a refused start prints none).
  url.catch(() => {});
  return { child, out, ended, url };
}

describe('slidebox serve on a disk that fills up', () => {
  it('answers 503 with Retry-After, logs SQLite’s own error, and keeps every game it took', async () => {
    const dataDir = dirs.make('slidebox-full-');
    const file = join(dataDir, 'leaderboards.sqlite');
    // The database made first, without a limit; then about 500 KB more is all the files may grow.
    (await openDatabase(file)).close();
    const blocks = Math.ceil(statSync(file).size / 512) + 1000;
    const s = serveLimited(dataDir, blocks);
    const url = await s.url;
    const taken: number[] = [];
    let refused: Awaited<ReturnType<typeof call>> | null = null;
    for (let i = 0; i < 1000 && refused === null; i++) {
      const r = await call(url, 'POST', '/api/scores', {
        code: play2048(30_000 + i, 200).code,
        name: `Full ${i}`,
        playerKey: testPlayerKey(30_000 + i),
      });
      if (r.status === 201) taken.push((r.body as { id: number }).id);
      else refused = r;
    }
    expect(refused?.status, JSON.stringify(refused?.body)).toBe(503);
    expect(refused?.headers.get('retry-after')).toBe('1');
    expect(refused?.body).toMatchObject({ error: { code: 'unavailable' } });
    // The log is written in batches: its lines come shortly after the answer.
    for (let i = 0; i < 100 && !/POST \/api\/scores 503 /.test(s.out.stdout); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(s.out.stdout).toMatch(/unavailable \(503\): SQLITE_(FULL|IOERR\w*): /);
    expect(s.out.stdout).not.toMatch(/cannot rollback|no transaction is active/);
    expect(s.out.stdout).toMatch(/POST \/api\/scores 503 /);
    s.child.kill('SIGTERM');
    await s.ended;
    // Every game acknowledged is there.
    const after = await startTestServer(file);
    try {
      const board = await call(
        after.url,
        'GET',
        '/api/leaderboard?board=2048&source=self-reported&limit=100',
      );
      expect(board.status).toBe(200);
      const stored = await after.database.db.selectFrom('games').select('id').execute();
      const ids = new Set(stored.map((g) => Number(g.id)));
      for (const id of taken) expect(ids.has(id)).toBe(true);
    } finally {
      await after.close();
    }
  });
});

describe('slidebox serve on a damaged SQLite file', () => {
  it('refuses to start with one sentence and exit 1', async () => {
    const dataDir = dirs.make('slidebox-damaged-');
    const file = join(dataDir, 'leaderboards.sqlite');
    const s = await startTestServer(file);
    for (let i = 0; i < 30; i++) {
      const r = await call(s.url, 'POST', '/api/scores', {
        code: play2048(40_000 + i, 60).code,
        name: `Dmg ${i}`,
        playerKey: testPlayerKey(40_000 + i),
      });
      expect(r.status).toBe(201);
    }
    await s.close();
    const size = readFileSync(file).length;
    const page = Math.floor(size / 4096 / 2);
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, page * 4096);
    closeSync(fd);
    const served = serveLimited(dataDir, null);
    expect(await served.ended).toBe(1);
    expect(served.out.stderr).toMatch(
      /^slidebox: the database .*leaderboards\.sqlite is damaged \([^\n]+\): restore it from a backup, or move it aside to start an empty one\.\n$/,
    );
    expect(served.out.stdout).toBe('');
  });
});
