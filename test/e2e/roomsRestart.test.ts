/**
 * A real `slidebox serve` killed with SIGKILL in the middle of an online match both players are
 * playing as fast as they can, then started again on the same port and data directory: the
 * players' clients reconnect by themselves, the match resumes from the database where it stood,
 * and every action the server had sent out before the kill is still in it, in the same order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Direction } from '../../src/engine/types.ts';
import type { CreatedRoomAnswer } from '../../src/net/api.ts';
import { RoomClient } from '../../src/net/roomClient.ts';
import { previewAction, replayDealt } from '../../src/net/rooms.ts';
import { nodeSocket } from '../../src/node/webSocket.ts';
import { ROOM_WAIT_MS, until } from '../../src/testing/roomSockets.ts';
import { call } from '../../src/testing/serverHarness.ts';
import { TempDirs } from './helpers/cli.ts';
import { buildCli, type Served, startServe } from './helpers/serve.ts';

const dirs = new TempDirs();
const served: Served[] = [];

beforeAll(() => buildCli());
afterAll(() => {
  for (const s of served) s.child.kill('SIGKILL');
  dirs.cleanup();
});

const DIRS: readonly Direction[] = ['left', 'down', 'right', 'up'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('an online match across a kill -9 of the server', () => {
  it('resumes where it stood, with every action sent out before the kill', async () => {
    const dataDir = dirs.make('slidebox-rooms-');
    const first = await startServe(['--data-dir', dataDir, '--rate-limit', '0']);
    served.push(first);
    const made = (await call(first.url, 'POST', '/api/rooms', { kind: 'versus', name: 'Ada' }))
      .body as CreatedRoomAnswer;
    const clients = [made.seat, null].map(
      (seat, i) =>
        new RoomClient({
          server: first.url,
          room: made.code,
          seat,
          name: i === 0 ? 'Ada' : 'Bob',
          socket: nodeSocket,
          onChange: () => {},
          retryMs: [100, 200],
        }),
    );
    await until(
      () => clients.every((c) => c.view.seats[1]?.name === 'Bob'),
      ROOM_WAIT_MS,
      'both seated',
    );
    // Both play all the time, through the kill and the restart.
    let playing = true;
    const players = clients.map(async (c, side) => {
      for (let i = 0; playing; i++) {
        const m = c.view.match;
        if (c.view.status === 'open' && !c.view.result && m) {
          // A slide that moves this side's board, from a different start each time.
          const dir = [0, 1, 2, 3]
            .map((k) => DIRS[(i + side + k) % 4]!)
            .find((d) => {
              const r = previewAction(m, side as 0 | 1, { kind: 'slide', dir: d });
              return r.ok && r.value !== m;
            });
          if (dir) c.act({ kind: 'slide', dir });
        }
        await sleep(3);
      }
    });
    await until(
      () => clients[0]!.view.log.length >= 40,
      ROOM_WAIT_MS,
      '40 actions before the kill',
    );
    first.child.kill('SIGKILL');
    await first.ended;
    await until(
      () => clients.every((c) => c.view.status === 'reconnecting'),
      ROOM_WAIT_MS,
      'the drop seen',
    );
    // What the server had sent out before it died: the longer of the two logs the players got.
    const before = clients.map((c) => [...c.view.log]);
    const sent = before[0]!.length >= before[1]!.length ? before[0]! : before[1]!;
    expect(before[0]!.slice(0, Math.min(before[0]!.length, before[1]!.length))).toEqual(
      before[1]!.slice(0, Math.min(before[0]!.length, before[1]!.length)),
    );
    const port = new URL(first.url).port;
    const second = await startServe(['--data-dir', dataDir, '--rate-limit', '0', '--port', port]);
    served.push(second);
    expect(second.url).toBe(first.url);
    await until(
      () =>
        clients.every(
          (c) =>
            c.view.status === 'open' &&
            (c.view.log.length > sent.length + 10 ||
              (c.view.result !== null && c.view.log.length >= sent.length)),
        ),
      15_000,
      () =>
        `both back and playing on (${JSON.stringify(clients.map((c) => [c.view.status, c.view.log.length, c.view.result, c.view.notice]))}, ${sent.length})`,
    );
    playing = false;
    await Promise.all(players);
    for (const c of clients) expect(c.view.log.slice(0, sent.length)).toEqual(sent);
    // Once the moves still in flight are answered: the same log, and the match it stands for.
    const settled = () => {
      const [a, b] = clients.map((c) => c.view);
      if (a!.log.length !== b!.log.length) return false;
      return clients.every((c) => {
        const r = replayDealt(made.rules, c.view.start!, c.view.log);
        return r.ok && JSON.stringify(r.value) === JSON.stringify(c.view.match);
      });
    };
    await until(settled, ROOM_WAIT_MS, 'the same log on both, and no move in flight');
    expect(clients[0]!.view.log).toEqual(clients[1]!.view.log);
    expect(clients[0]!.view.match).toEqual(clients[1]!.view.match);
    for (const c of clients) c.close();
    second.child.kill('SIGTERM');
    expect((await second.ended).code).toBe(0);
  }, 60_000);
});
