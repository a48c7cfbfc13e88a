/**
 * Faults answered honestly: a full disk (SQLite held to its pages with max_page_count; on
 * PostgreSQL, the server's own disk_full error raised by a trigger) answers 503 with
 * Retry-After and the log names the real cause; an SQLite file with a damaged page is refused
 * at start with one sentence; the log's request lines carry the client's address, never a room
 * code or a player key, and socket opens are not logged one by one.
 */
import { closeSync, copyFileSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { play2048, testPlayerKey } from '../testing/games.ts';
import {
  BACKENDS,
  call,
  newDatabaseTarget,
  startTestServer,
  type TestServer,
} from '../testing/serverHarness.ts';
import { tempDir } from '../testing/tempDir.ts';
import { causeOf, loggedPath } from './app.ts';
import { openDatabase } from './db.ts';
import { SOCKET_PATH } from './rooms/socket.ts';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function server(backend: (typeof BACKENDS)[number]): Promise<TestServer | null> {
  const target = await newDatabaseTarget(backend);
  if (typeof target !== 'string') return null;
  const s = await startTestServer(target);
  servers.push(s);
  return s;
}

let seed = 9100;
const submit = (s: TestServer, n = seed++) =>
  call(s.url, 'POST', '/api/scores', {
    code: play2048(n, 60).code,
    name: `Disk ${n}`,
    playerKey: testPlayerKey(n),
  });

/** Makes the database's storage full: SQLite held to the pages it has, PostgreSQL's disk_full. */
async function fillDisk(s: TestServer, backend: string): Promise<void> {
  if (backend === 'sqlite') {
    const file = s.database.sqlite!;
    const pages = Number(file.pragma('page_count', { simple: true }));
    file.pragma(`max_page_count = ${pages}`);
    return;
  }
  await sql`create function full_disk() returns trigger as $$
    begin raise exception 'could not extend file "base/16384/16397": No space left on device'
      using errcode = 'disk_full'; end $$ language plpgsql`.execute(s.database.db);
  await sql`create trigger full_disk before insert on games
    for each row execute function full_disk()`.execute(s.database.db);
}

async function freeDisk(s: TestServer, backend: string): Promise<void> {
  if (backend === 'sqlite') s.database.sqlite!.pragma('max_page_count = 1073741823');
  else await sql`drop trigger full_disk on games`.execute(s.database.db);
}

for (const backend of BACKENDS) {
  describe(`a full disk on ${backend}`, () => {
    it('answers 503 with Retry-After, logs the real cause, and takes games again once there is room', async () => {
      const s = await server(backend);
      if (!s) return;
      expect((await submit(s)).status).toBe(201);
      await fillDisk(s, backend);
      let full: Awaited<ReturnType<typeof submit>> | null = null;
      for (let i = 0; i < 200 && full === null; i++) {
        const r = await submit(s);
        if (r.status !== 201) full = r;
      }
      expect(full?.status).toBe(503);
      expect(full?.headers.get('retry-after')).toBe('1');
      expect(full?.body).toEqual({
        error: { code: 'unavailable', message: expect.stringMatching(/try again shortly/) },
      });
      const cause = s.lines.filter((l) => l.startsWith('unavailable (503): '));
      expect(cause.length).toBeGreaterThan(0);
      expect(cause.at(-1)).toMatch(
        backend === 'sqlite'
          ? /^unavailable \(503\): SQLITE_FULL: database or disk is full$/
          : /^unavailable \(503\): 53100: could not extend file .*No space left on device/,
      );
      expect(s.lines.join('\n')).not.toMatch(/cannot rollback|no transaction is active/);
      expect(s.lines.some((l) => /^POST \/api\/scores 503 /.test(l))).toBe(true);
      // Boards are still read meanwhile, and writes come back with the room.
      expect((await call(s.url, 'GET', '/api/leaderboard?board=2048')).status).toBe(200);
      await freeDisk(s, backend);
      expect((await submit(s)).status).toBe(201);
    });
  });
}

describe('a damaged SQLite file', () => {
  it('is refused at start with one sentence (SQLite quick check)', async () => {
    const target = (await newDatabaseTarget('sqlite')) as string;
    const s = await startTestServer(target);
    for (let i = 0; i < 30; i++) expect((await submit(s)).status).toBe(201);
    await s.close();
    const copy = join(tempDir('slidebox-damaged-'), 'leaderboards.sqlite');
    copyFileSync(target, copy);
    // A page in the middle of the file written over: its b-tree header no longer makes sense.
    const size = readFileSync(copy).length;
    const pageSize = 4096;
    const page = Math.floor(size / pageSize / 2);
    const fd = openSync(copy, 'r+');
    writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, page * pageSize);
    closeSync(fd);
    await expect(openDatabase(copy)).rejects.toThrow(
      new RegExp(
        `^the database ${copy.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged \\(.+\\): restore it from a backup, or move it aside to start an empty one\\.$`,
      ),
    );
    // The original is sound and opens.
    const sound = await openDatabase(target);
    await sound.close();
  });
});

describe('the request log', () => {
  it('carries the client address, leaves room codes and player keys out, and logs no line per socket', async () => {
    const s = await server('sqlite');
    if (!s) return;
    const key = testPlayerKey(77);
    expect((await submit(s, 77)).status).toBe(201);
    await call(s.url, 'GET', '/api/rooms/ACDE479');
    await call(s.url, 'GET', '/api/rooms/acde-479/extra');
    const own = await call(
      s.url,
      'GET',
      '/api/leaderboard?board=2048&source=self-reported',
      undefined,
      {
        'x-player-key': key,
      },
    );
    expect(own.status).toBe(200);
    expect((own.body as { you: { name: string } | null }).you?.name).toBe('Disk 77');
    const inQuery = await call(s.url, 'GET', `/api/leaderboard?board=2048&playerKey=${key}`);
    expect(inQuery.status).toBe(400);
    expect(inQuery.body).toMatchObject({
      error: { message: 'the player key goes in the X-Player-Key header, never in the address' },
    });
    for (let i = 0; i < 5; i++) {
      const ws = new WebSocket(`${s.url.replace(/^http/, 'ws')}${SOCKET_PATH}`);
      await new Promise((resolve) => ws.once('open', resolve));
      ws.close();
    }
    const text = s.lines.join('\n');
    expect(text).not.toContain('ACDE479');
    expect(text).not.toMatch(/acde-479/i);
    expect(text).not.toContain(key);
    expect(text).not.toMatch(/WS|socket/);
    expect(s.lines).toContainEqual(
      expect.stringMatching(/^GET \/api\/rooms\/:code 404 \d+\.\dms 127\.0\.0\.1$/),
    );
    expect(s.lines).toContainEqual(
      expect.stringMatching(/^GET \/api\/rooms\/:code\/extra 404 \d+\.\dms 127\.0\.0\.1$/),
    );
    for (const line of s.lines) expect(line).toMatch(/ \d+\.\dms 127\.0\.0\.1$/);
  });

  it('writes paths and causes as one line each', () => {
    expect(loggedPath('/api/rooms/ACDE479?x=1')).toBe('/api/rooms/:code');
    expect(loggedPath('/api/rooms/socket')).toBe('/api/rooms/socket');
    expect(loggedPath('/api/rooms')).toBe('/api/rooms');
    expect(loggedPath('/api/leaderboard?board=2048')).toBe('/api/leaderboard');
    const e = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    expect(causeOf(e)).toBe('SQLITE_FULL: database or disk is full');
    expect(causeOf(new Error('two\nlines'))).toBe('two lines');
  });
});
