/**
 * The ranked daily's new attempts per client address (`--daily-starts`), on both databases:
 * from one address under many player keys the first N are dealt and the rest answered 429 with
 * Retry-After until the next UTC day, also when they come at once; another address, the other
 * kind and a game that is not the daily still start; a key's own attempt resumes past the bound
 * (and an attempt over is still 409); the bound holds across two processes on one database and
 * across a restart. And the mark of keys made for the day: a ranked daily line whose player key
 * was first seen that day says `newKey`, a key seen the day before does not.
 */
import { request } from 'node:http';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { utcDay } from '../../front/daily.ts';
import { type Leaderboard, newPlayerKey, ServerClient } from '../../net/api.ts';
import type { RankedServerMessage } from '../../net/ranked.ts';
import { helloed, type RankedSocket } from '../../testing/rankedPlay.ts';
import {
  BACKENDS,
  call,
  newDatabaseTarget,
  postgresCluster,
  skipTestsWhile,
  startTestServer,
  type TestServer,
} from '../../testing/serverHarness.ts';
import { secondsToNextDay } from './dailyStarts.ts';

/** Noon (UTC): 12 hours to the next day. */
const NOW = Date.UTC(2026, 10, 26, 12);
const DAY = utcDay(NOW);
const MAX = 3;

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown> & { error?: { code: string; message: string } };
  readonly retryAfter: string | undefined;
}

/** POST /api/ranked from the loopback address `from`. */
function startFrom(url: string, from: string, body: Record<string, unknown>): Promise<Answer> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api/ranked`,
      {
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8').on('data', (d: string) => {
          data += d;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(data) as Answer['body'],
            retryAfter: res.headers['retry-after'] as string | undefined,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** A daily start of `kind` by `playerKey` (named after it) from `from`. */
const daily = (url: string, from: string, kind: '2048' | 'puzzle', playerKey: string) =>
  startFrom(url, from, { kind, daily: true, playerKey, name: `P ${playerKey.slice(0, 10)}` });

function expectBound(a: Answer, what: string): void {
  expect(a.status, `${what}: ${JSON.stringify(a.body)}`).toBe(429);
  expect(a.body.error?.code, what).toBe('daily-starts');
  expect(a.body.error?.message, what).toMatch(
    /^at most 3 new ranked daily (2048|puzzle) attempts a day from one address/,
  );
  expect(a.retryAfter, what).toBe(String(secondsToNextDay(NOW)));
}

/**
 * The first move of `order` that slides, then a resignation: the attempt's end. (Two keys that
 * play the same first move of the daily play one game, which has one entry: its first player's.)
 */
async function finish(
  socket: RankedSocket,
  order: readonly ('l' | 'd' | 'r' | 'u')[] = ['l', 'd', 'r', 'u'],
): Promise<Extract<RankedServerMessage, { type: 'over' }>> {
  for (const d of order) {
    await socket.send({ type: 'move', n: 1, d });
    if ((await socket.answer(1)).type === 'moved') break;
  }
  await socket.send({ type: 'resign' });
  const over = await socket.next('over');
  socket.close();
  await socket.closed;
  return over;
}

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

for (const backend of BACKENDS) {
  describe(`ranked daily starts per address on ${backend}`, () => {
    let skipped: string | null = null;
    beforeAll(async () => {
      if (backend !== 'postgres') return;
      const c = await postgresCluster();
      if ('skip' in c) skipped = c.skip;
    }, 120_000);
    skipTestsWhile(() => skipped);

    const target = async () => {
      const t = await newDatabaseTarget(backend);
      if (typeof t !== 'string') throw new Error(t.skip);
      return t;
    };
    const serve = async (t: string, now = NOW) => {
      const s = await startTestServer(t, {
        now: () => now,
        dailyStarts: MAX,
        secret: 'test secret',
      });
      servers.push(s);
      return s;
    };

    it('deals the first 3 new attempts from one address and answers the rest 429 until tomorrow', async () => {
      const s = await serve(await target());
      const keys = Array.from({ length: 10 }, () => newPlayerKey());
      const answers: Answer[] = [];
      for (const k of keys) answers.push(await daily(s.url, '127.0.0.1', '2048', k));
      expect(answers.map((a) => a.status)).toEqual([
        201, 201, 201, 429, 429, 429, 429, 429, 429, 429,
      ]);
      for (const a of answers.slice(MAX)) expectBound(a, 'past the bound');
      // The clients' API says it as the server's refusal, not as a rate to slow down for.
      const client = await new ServerClient(s.url).startRanked({
        kind: '2048',
        daily: true,
        playerKey: newPlayerKey(),
        name: 'Client',
      });
      expect(client.ok).toBe(false);
      if (!client.ok) {
        expect(client.error).toMatchObject({
          code: 'refused',
          serverCode: 'daily-starts',
          status: 429,
        });
        expect(client.error.message).toMatch(/^at most 3 new ranked daily 2048 attempts a day/);
      }
      // The same board to each key dealt.
      const boards = answers
        .slice(0, MAX)
        .map((a) => JSON.stringify((a.body.board as { cells: unknown }).cells));
      expect(new Set(boards).size).toBe(1);
      // A key's own attempt resumes past the bound: no new start.
      const resumes: Answer[] = [];
      for (const k of keys.slice(0, MAX)) {
        const again = await daily(s.url, '127.0.0.1', '2048', k);
        expect(again.status, JSON.stringify(again.body)).toBe(200);
        expect(again.body.resumed).toBe(true);
        resumes.push(again);
      }
      // The other kind, a game not the daily, and another address still start.
      expect((await daily(s.url, '127.0.0.1', 'puzzle', keys[5]!)).status).toBe(201);
      const plain = await startFrom(s.url, '127.0.0.1', {
        kind: '2048',
        playerKey: keys[6],
        name: `P ${keys[6]!.slice(0, 10)}`,
      });
      expect(plain.status).toBe(201);
      expect((await daily(s.url, '127.0.0.2', '2048', keys[7]!)).status).toBe(201);
      // An attempt over is still refused as played, not as past the bound.
      // (Its token is the resume's: a resume replaces the token.)
      const first = resumes[0]!.body as { id: string; token: string };
      const { socket } = await helloed(s.url, first);
      await finish(socket);
      const played = await daily(s.url, '127.0.0.1', '2048', keys[0]!);
      expect(played.status).toBe(409);
      expect(played.body.error?.code).toBe('daily-played');
      // The database keeps no address, only the day's hashes.
      const rows = await s.database.db.selectFrom('ranked_daily_starts').selectAll().execute();
      expect(rows.map((r) => [r.day, r.kind, Number(r.starts)]).sort()).toEqual([
        [DAY, '2048', 1],
        [DAY, '2048', 3],
        [DAY, 'puzzle', 1],
      ]);
      for (const r of rows) expect(r.address_hash).not.toMatch(/127\.0\.0/);
    });

    it('deals exactly 3 of 20 new attempts sent at once from one address', async () => {
      const s = await serve(await target());
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => daily(s.url, '127.0.0.3', 'puzzle', newPlayerKey())),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(MAX);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(20 - MAX);
    });

    it('holds across two processes on one database and across a restart', async () => {
      const t = await target();
      const a = await serve(t);
      const b = await serve(t);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push(
          (await daily((i % 2 ? a : b).url, '127.0.0.4', '2048', newPlayerKey())).status,
        );
      }
      expect(statuses.filter((x) => x === 201)).toHaveLength(MAX);
      expect(statuses.slice(MAX)).toEqual([429, 429, 429]);
      await a.close();
      await b.close();
      servers.splice(0);
      const again = await serve(t);
      expectBound(await daily(again.url, '127.0.0.4', '2048', newPlayerKey()), 'after a restart');
      // The next day the address starts again.
      const tomorrow = await serve(t, NOW + 86_400_000);
      expect((await daily(tomorrow.url, '127.0.0.4', '2048', newPlayerKey())).status).toBe(201);
    });

    it('marks a ranked daily line whose key was first seen that day, and not one seen before', async () => {
      const t = await target();
      // The day before: an aged key starts a game that is not the daily (it holds its name).
      const before = await serve(t, NOW - 86_400_000);
      const aged = newPlayerKey();
      const early = await startFrom(before.url, '127.0.0.5', {
        kind: 'puzzle',
        size: 3,
        playerKey: aged,
        name: `P ${aged.slice(0, 10)}`,
      });
      expect(early.status).toBe(201);
      await before.close();
      servers.splice(0);
      const s = await serve(t);
      const fresh = newPlayerKey();
      for (const [k, order] of [
        [aged, ['l', 'd', 'r', 'u']],
        [fresh, ['r', 'u', 'l', 'd']],
      ] as const) {
        const started = await daily(s.url, '127.0.0.5', '2048', k);
        expect(started.status).toBe(201);
        const { socket } = await helloed(s.url, started.body as { id: string; token: string });
        expect((await finish(socket, order)).result.entry).not.toBeNull();
      }
      const board = (await call(s.url, 'GET', `/api/leaderboard?board=daily-2048&day=${DAY}`))
        .body as Leaderboard;
      const byName = new Map(board.entries.map((e) => [e.name, e.newKey]));
      expect(byName.get(`P ${fresh.slice(0, 10)}`)).toBe(true);
      expect(byName.get(`P ${aged.slice(0, 10)}`)).toBe(false);
      // The reader's own line carries it too.
      const mine = await call(
        s.url,
        'GET',
        `/api/leaderboard?board=daily-2048&day=${DAY}`,
        undefined,
        { 'x-player-key': fresh },
      );
      expect((mine.body as Leaderboard).you?.newKey).toBe(true);
    });
  });
}
