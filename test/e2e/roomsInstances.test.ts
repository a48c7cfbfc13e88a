/**
 * Two real `slidebox serve --db postgres://…` processes on loopback serve one set of rooms:
 * player one connected to the first process, player two to the second, a versus match played to
 * its end — both see the same moves and the same result, as the database stored them — and both
 * processes stop cleanly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Direction } from '../../src/engine/types.ts';
import type { CreatedRoomAnswer } from '../../src/net/api.ts';
import { RoomClient } from '../../src/net/roomClient.ts';

import { nodeSocket } from '../../src/node/webSocket.ts';
import { openDatabase } from '../../src/server/db.ts';
import { type PgServer, startPostgres } from '../../src/testing/postgres.ts';
import { dealtLog, ROOM_WAIT_MS, replayed, seen, until } from '../../src/testing/roomSockets.ts';
import { buildCli, type Served, startServe, stopServe } from './helpers/serve.ts';

const DIRS: readonly Direction[] = ['up', 'down', 'left', 'right'];

let pg: PgServer | { skip: string } | null = null;
const served: Served[] = [];

beforeAll(async () => {
  buildCli();
  pg = await startPostgres();
  if ('skip' in pg) console.warn(`PostgreSQL tests skipped: ${pg.skip}`);
});
afterAll(async () => {
  for (const s of served) await stopServe(s);
  if (pg && !('skip' in pg)) await pg.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return res.json();
}

describe('slidebox serve: two processes on one PostgreSQL', () => {
  it('plays a match to its end with each player on a different process', async (ctx) => {
    // Reported as skipped, with the reason; under CI startPostgres threw instead.
    if (!pg || 'skip' in pg) return ctx.skip(pg?.skip ?? 'PostgreSQL did not start');
    const dbUrl = await pg.newDatabase();
    const first = await startServe(['--db', dbUrl, '--rate-limit', '0']);
    served.push(first);
    const second = await startServe(['--db', dbUrl, '--rate-limit', '0']);
    served.push(second);

    const res = await fetch(`${first.url}/api/rooms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'versus', target: 16, name: 'Ann' }),
    });
    expect(res.status).toBe(201);
    const made = (await res.json()) as CreatedRoomAnswer;
    const one = new RoomClient({
      server: first.url,
      room: made.code,
      seat: made.seat,
      socket: nodeSocket,
      onChange: () => {},
    });
    const two = new RoomClient({
      server: second.url,
      room: made.code,
      name: 'Ben',
      socket: nodeSocket,
      onChange: () => {},
    });
    const clients = [one, two];
    try {
      await until(
        () => clients.every((c) => c.view.match !== null && c.view.seats[1]?.name === 'Ben'),
        15_000,
        'both players in the room',
      );
      expect(one.view.you).toBe(0);
      expect(two.view.you).toBe(1);
      // Both play at once, each through its own process, at a pace the socket allows.
      for (let i = 0; !one.view.result; i++) {
        if (i > 3000) throw new Error('no end');
        clients[i % 2]!.act({ kind: 'slide', dir: DIRS[(i * 7 + (i >> 2)) % 4]! });
        await sleep(30);
      }
      await until(() => two.view.result !== null, ROOM_WAIT_MS, "the end on player two's process");
      const result = one.view.result!;
      expect(result.reason).toBe('play');
      expect(two.view.result).toEqual(result);
      await until(() => two.view.log.length === one.view.log.length, ROOM_WAIT_MS, 'the same log');
      expect(two.view.log).toEqual(one.view.log);
      // Dealt from the seed revealed with the result: the tiles sent, the match both show.
      const rules = { ...made.rules, seed: result.seed };
      expect(one.view.log).toEqual(dealtLog(rules, one.view.log));
      const final = seen(replayed(rules, one.view.log));
      for (const c of clients) expect(seen(c.view.match!)).toEqual(final);

      // The database has the moves in that order, and one result.
      const database = await openDatabase(dbUrl);
      try {
        const actions = await database.db
          .selectFrom('room_actions')
          .innerJoin('rooms', 'rooms.id', 'room_actions.room_id')
          .select('room_actions.action')
          .where('rooms.code', '=', made.code)
          .orderBy('room_actions.seq')
          .execute();
        expect(
          dealtLog(
            rules,
            actions.map((a) => a.action),
          ),
        ).toEqual(one.view.log);
        const stored = await database.db
          .selectFrom('room_results')
          .select(['winner', 'reason', 'code'])
          .where('room_code', '=', made.code)
          .execute();
        expect(stored).toEqual([
          { winner: String(result.winner), reason: 'play', code: result.code },
        ]);
      } finally {
        await database.close();
      }
      // Both processes describe the room alike.
      for (const s of [first, second]) {
        expect(await getJson(`${s.url}/api/rooms/${made.code}`)).toMatchObject({
          match: 1,
          over: true,
          seats: [{ name: 'Ann' }, { name: 'Ben' }],
        });
      }
    } finally {
      for (const c of clients) c.close();
    }

    // Both stop cleanly on SIGTERM.
    for (const s of [first, second]) {
      s.child.kill('SIGTERM');
      expect(await s.ended).toEqual({ code: 0, signal: null });
      expect(s.out.stderr).toBe('');
      expect(s.out.stdout).not.toMatch(/ 500 |error/i);
    }
  });
});
