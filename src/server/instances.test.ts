/**
 * Several `slidebox serve` processes on one PostgreSQL: started at once on a new database (one
 * applies the migrations, the others wait for it), games submitted to each at the same time land
 * on one board, every process lists and ranks them alike, and the tables stay consistent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailySeed } from '../front/daily.ts';
import type { Leaderboard, SubmittedEntry } from '../net/api.ts';
import { play2048, testPlayerKey } from '../testing/games.ts';
import { inconsistencies } from '../testing/serverChecks.ts';
import {
  call,
  newDatabaseTarget,
  skipTestsWhile,
  startTestServer,
  type TestServer,
} from '../testing/serverHarness.ts';

const NOW = Date.UTC(2026, 10, 26, 12);
const DAY = '2026-11-26';

describe('three servers on one PostgreSQL', () => {
  let servers: TestServer[] = [];
  let skipped: string | null = null;

  beforeAll(async () => {
    const target = await newDatabaseTarget('postgres');
    if (typeof target !== 'string') {
      skipped = target.skip;
      console.warn(`PostgreSQL tests skipped: ${skipped}`);
      return;
    }
    servers = await Promise.all([0, 1, 2].map(() => startTestServer(target, { now: () => NOW })));
  });
  skipTestsWhile(() => skipped);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  it('share one board: submissions to each are listed and ranked alike by all', async () => {
    const seed = dailySeed(DAY, '2048');
    const games = Array.from({ length: 36 }, (_, i) => play2048(seed, 40 + i * 7, { pick: i + 1 }));
    // Twelve players, three games each, sent to the three servers at the same time.
    const answers = await Promise.all(
      games.map((g, i) =>
        call(servers[i % 3]!.url, 'POST', '/api/scores', {
          code: g.code,
          name: `P${i % 12}`,
          playerKey: testPlayerKey(i % 12),
        }),
      ),
    );
    for (const a of answers) expect([200, 201], JSON.stringify(a.body)).toContain(a.status);
    // A daily board keeps each player's first stored game; the all-time board their best.
    const boards = await Promise.all(
      servers.map(async (s) => {
        const r = await call(
          s.url,
          'GET',
          '/api/leaderboard?source=self-reported&board=2048&limit=100',
        );
        return r.body as Leaderboard;
      }),
    );
    expect(boards[1]).toEqual(boards[0]);
    expect(boards[2]).toEqual(boards[0]);
    const lines = boards[0]!.entries;
    expect(lines.map((e) => e.rank)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    const best = new Map<string, number>();
    games.forEach((g, i) => {
      const name = `P${i % 12}`;
      best.set(name, Math.max(best.get(name) ?? 0, g.game.score));
    });
    for (const e of lines) expect(e.score).toBe(best.get(e.name));
    // Each player's rank, asked of any server, is their line's.
    for (let p = 0; p < 12; p++) {
      const r = await call(
        servers[p % 3]!.url,
        'GET',
        '/api/leaderboard?source=self-reported&board=2048&limit=1',
        undefined,
        { 'x-player-key': testPlayerKey(p) },
      );
      const you = (r.body as Leaderboard).you!;
      expect(you).toEqual(lines.find((e) => e.name === `P${p}`));
    }
    const daily = (
      await call(
        servers[2]!.url,
        'GET',
        `/api/leaderboard?source=self-reported&board=daily-2048&day=${DAY}&limit=100`,
      )
    ).body as Leaderboard;
    expect(daily.entries).toHaveLength(12);
    // The same code sent again to another server: the stored entry, not a new one.
    const again = await call(servers[1]!.url, 'POST', '/api/scores', {
      code: games[0]!.code,
      name: 'P0',
      playerKey: testPlayerKey(0),
    });
    expect(again.status).toBe(200);
    expect((again.body as SubmittedEntry).id).toBe((answers[0]!.body as SubmittedEntry).id);
    expect(await inconsistencies(servers[0]!.database)).toEqual([]);
  });
});
