/**
 * `slidebox serve`'s rate limit (requests a minute per client address on /api/): past it, 429
 * in the API's shape with Retry-After; 0 turns it off.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { play2048, testPlayerKey } from '../testing/games.ts';
import { tableCounts } from '../testing/serverChecks.ts';
import {
  call,
  newDatabaseTarget,
  startTestServer,
  type TestServer,
} from '../testing/serverHarness.ts';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function server(rateLimit: number): Promise<TestServer> {
  const s = await startTestServer((await newDatabaseTarget('sqlite')) as string, { rateLimit });
  servers.push(s);
  return s;
}

describe('the rate limit', () => {
  it('answers the 6th request in a minute with 429, Retry-After and the API shape, at 5', async () => {
    const s = await server(5);
    const { code } = play2048(1, 40);
    const answers = [
      await call(s.url, 'GET', '/api/health'),
      await call(s.url, 'POST', '/api/scores', { code, name: 'R', playerKey: testPlayerKey(1) }),
      await call(s.url, 'GET', '/api/leaderboard?board=2048'),
      await call(s.url, 'POST', '/api/scores', { code: 'sb.x', name: 'R', playerKey: 'short' }),
      await call(s.url, 'PUT', '/api/players/me', { name: 'S', playerKey: testPlayerKey(1) }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 201, 200, 400, 200]);
    expect(answers.map((a) => a.headers.get('x-ratelimit-remaining'))).toEqual([
      '4',
      '3',
      '2',
      '1',
      '0',
    ]);
    for (const [method, path, body] of [
      ['GET', '/api/health', undefined],
      ['GET', '/api/leaderboard?board=2048', undefined],
      [
        'POST',
        '/api/scores',
        { code: play2048(2, 40).code, name: 'R', playerKey: testPlayerKey(2) },
      ],
    ] as const) {
      const r = await call(s.url, method, path, body);
      expect(r.status).toBe(429);
      const retry = Number(r.headers.get('retry-after'));
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(60);
      expect(r.body).toMatchObject({ error: { code: 'rate-limited' } });
      expect((r.body as { error: { message: string } }).error.message).toMatch(/try again in/);
    }
    // The game refused with 429 was not stored.
    expect(s.lines.filter((l) => l.includes(' 429 '))).toHaveLength(3);
    expect((await tableCounts(s.database)).games).toBe(1);
  });

  it('counts each client address: a limit reached is not a server that stops answering', async () => {
    const s = await server(5);
    for (let i = 0; i < 5; i++) await call(s.url, 'GET', '/api/health');
    expect((await call(s.url, 'GET', '/api/health')).status).toBe(429);
    // Another server (another count) still answers: the limit is per server and address.
    const other = await server(5);
    expect((await call(other.url, 'GET', '/api/health')).status).toBe(200);
  });

  it('lets a client make a tenth as many rooms a minute: past that, 429 and no room made', async () => {
    const s = await server(30);
    const made = [];
    for (let i = 0; i < 4; i++) {
      made.push((await call(s.url, 'POST', '/api/rooms', { kind: 'duel', name: 'R' })).status);
    }
    expect(made).toEqual([201, 201, 201, 429]);
    const rooms = await s.database.db
      .selectFrom('rooms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rooms.n)).toBe(3);
    // Other routes still answer within the general limit.
    expect((await call(s.url, 'GET', '/api/health')).status).toBe(200);
  });

  it('lets a client start a tenth as many ranked games a minute: past that, 429 and no game dealt', async () => {
    const s = await server(20);
    const started = [];
    for (let i = 0; i < 3; i++) {
      const body = { kind: 'puzzle', size: 3, name: 'R', playerKey: 'k'.repeat(43) };
      started.push((await call(s.url, 'POST', '/api/ranked', body)).status);
    }
    expect(started).toEqual([201, 201, 429]);
    const games = await s.database.db
      .selectFrom('ranked_games')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(games.n)).toBe(2);
  });

  it('is off at 0: no 429 and no rate-limit headers', async () => {
    const s = await server(0);
    const statuses = [];
    for (let i = 0; i < 40; i++) {
      const r = await call(s.url, 'GET', '/api/health');
      statuses.push(r.status);
      expect(r.headers.get('x-ratelimit-limit')).toBeNull();
    }
    expect(statuses).toEqual(statuses.map(() => 200));
  });
});
