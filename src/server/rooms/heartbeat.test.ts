/**
 * The sockets' heartbeat and a hello the server cannot serve (SQLite): a ping is answered
 * `pong` at once with its `t`, before a hello and after, and pings do not count against the
 * message rate (a message after many of them is answered as usual, not rate-limited); a hello
 * that fails on the database takes no seat and closes its socket as "try again later" (1013),
 * so the client connects again, instead of leaving it open and seatless.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { RANKED_CLOSE, rankedSocketUrl } from '../../net/ranked.ts';
import { ROOM_PROTOCOL } from '../../net/rooms.ts';
import { createRoom, joined, TestSocket } from '../../testing/roomSockets.ts';
import {
  newDatabaseTarget,
  startTestServer,
  type TestServer,
} from '../../testing/serverHarness.ts';
import { JsonTestSocket } from '../../testing/testSocket.ts';
import { CLOSE_TRY_LATER } from './types.ts';

describe('heartbeats and a hello the server cannot serve (SQLite)', () => {
  const servers: TestServer[] = [];
  const sockets: { ws: { close(): void } }[] = [];
  afterAll(async () => {
    for (const s of sockets) s.ws.close();
    for (const s of servers) await s.close().catch(() => {});
  });
  const serve = async () => {
    const target = await newDatabaseTarget('sqlite');
    if (typeof target !== 'string') throw new Error(target.skip);
    const s = await startTestServer(target);
    servers.push(s);
    return s;
  };

  it('answers a ping with a pong at once, and pings do not spend the message rate', async () => {
    const s = await serve();
    const made = await createRoom(s.url, { kind: 'versus', name: 'Ada' });
    const { socket } = await joined(s.url, { room: made.code, seat: made.seat });
    sockets.push(socket);
    await socket.send({ type: 'ping', t: 42 } as never);
    expect(await socket.next('pong' as never)).toEqual({ type: 'pong', t: 42 });
    // Far more pings than the rate's burst: the next message is answered as ever.
    for (let i = 0; i < 60; i++) await socket.send({ type: 'ping', t: i } as never);
    await socket.send({ type: 'rematch' });
    const answer = await socket.next('refused');
    expect(answer.code).toBe('not-over');
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  });

  it('answers the ranked socket’s ping too', async () => {
    const s = await serve();
    const socket = new JsonTestSocket<unknown, { type: string; t?: number }>(
      rankedSocketUrl(s.url),
      30_000,
    );
    sockets.push(socket);
    await socket.send({ type: 'ping', t: 7 });
    expect(await socket.next('pong')).toEqual({ type: 'pong', t: 7 });
    await socket.send({ type: 'hello', game: 'nope', token: 'x' });
    expect((await socket.closed).code).toBe(RANKED_CLOSE.noGame);
  });

  it('closes a socket whose hello failed on the database with 1013, seating nobody', async () => {
    const s = await serve();
    const made = await createRoom(s.url, { kind: 'versus', name: 'Ada' });
    // The database fails under the server (closed): the hello cannot be served.
    await s.database.close();
    const socket = new TestSocket(s.url);
    sockets.push(socket);
    await socket.send({ type: 'hello', protocol: ROOM_PROTOCOL, room: made.code, seat: made.seat });
    const closed = await socket.closed;
    expect(closed.code).toBe(CLOSE_TRY_LATER);
    expect(socket.messages.filter((m) => m.type === 'welcome')).toEqual([]);
  });
});
