/**
 * A room's owner killed with SIGKILL mid-match loses no acknowledged action: two real
 * `slidebox serve --db postgres://…` processes; both players of a room on the first (its
 * owner, which writes their actions in batches and acknowledges each once its batch has
 * committed) send bursts of moves without waiting for the answers; once some have been
 * acknowledged, the owner is killed while the rest are in flight. Every action either player
 * saw acknowledged (an `action` message) is then in the match the second process serves once
 * it has taken the room over, at its place. An owner that stops (SIGSTOP: its lease not renewed)
 * loses the room to the other process, and once it runs again acknowledges nothing more in it.
 * The relayed path is played too: a player whose socket reaches the process that does not own
 * the room plays through it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Direction } from '../../src/engine/types.ts';
import { actionText, ROOM_PROTOCOL, type ServerMessage } from '../../src/net/rooms.ts';
import { type PgServer, startPostgres } from '../../src/testing/postgres.ts';
import { createRoom, joined, type TestSocket } from '../../src/testing/roomSockets.ts';
import { buildCli, type Served, startServe, stopServe } from './helpers/serve.ts';

const DIRS: readonly Direction[] = ['left', 'up', 'right', 'down'];
/** Long enough for a busy 2-core machine; each wait ends at its signal. */
const WAIT_MS = 60_000;

let pg: PgServer | { skip: string } | null = null;
const served: Served[] = [];

beforeAll(async () => {
  buildCli();
  pg = await startPostgres();
});
afterAll(async () => {
  for (const s of served) await stopServe(s);
  if (pg && !('skip' in pg)) await pg.stop();
});

type Action = Extract<ServerMessage, { type: 'action' }>;

/** The actions a socket was sent, by seq (of match 1). */
function acked(sockets: readonly TestSocket[]): Map<number, string> {
  const seen = new Map<number, string>();
  for (const s of sockets) {
    for (const m of s.all('action') as Action[]) {
      if (m.match !== 1) continue;
      const known = seen.get(m.seq);
      if (known !== undefined && known !== m.a) throw new Error(`two actions at seq ${m.seq}`);
      seen.set(m.seq, m.a);
    }
  }
  return seen;
}

/**
 * Joins `server` with `hello`, again after each close (a process taking the room over answers
 * once the dead owner's lease has run out): the first welcome, with its state.
 */
async function joinEventually(
  server: string,
  hello: Parameters<typeof joined>[1],
): ReturnType<typeof joined> {
  const end = Date.now() + WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await joined(server, hello);
    } catch (e) {
      if (Date.now() > end) throw new Error(`not joined after ${attempt} tries: ${String(e)}`);
    }
  }
}

describe('a room’s owner killed mid-match (PostgreSQL)', () => {
  it('loses no acknowledged action: the process that takes the room over has them all', async (ctx) => {
    if (!pg || 'skip' in pg) return ctx.skip(pg?.skip ?? 'PostgreSQL did not start');
    const dbUrl = await pg.newDatabase();
    const owner = await startServe(['--db', dbUrl, '--rate-limit', '0']);
    served.push(owner);
    const other = await startServe(['--db', dbUrl, '--rate-limit', '0']);
    served.push(other);

    const made = await createRoom(owner.url, { kind: 'versus', target: 2048, name: 'Ann' });
    const one = await joined(owner.url, { room: made.code, seat: made.seat });
    const two = await joined(owner.url, { room: made.code, name: 'Ben' });
    const seat2 = two.welcome.seat!;
    const sockets = [one.socket, two.socket];
    // Bursts from both sides, not waiting for answers (within the socket's burst of 40).
    let id = 0;
    const burst = async (n: number) => {
      for (let i = 0; i < n; i++) {
        id++;
        for (const s of sockets) {
          await s.send({ type: 'act', id, a: actionText({ kind: 'slide', dir: DIRS[id % 4]! }) });
        }
      }
    };
    await burst(10);
    // Some acknowledged, the next burst in flight: the owner dies.
    await one.socket.next('action', (m) => m.seq >= 4, WAIT_MS);
    await burst(15);
    owner.child.kill('SIGKILL');
    await owner.ended;
    await Promise.all(sockets.map((s) => s.closed));
    const before = acked(sockets);
    expect(before.size).toBeGreaterThanOrEqual(4);

    // The other process takes the room over (once the dead owner's lease has run out).
    const back = await joinEventually(other.url, { room: made.code, seat: made.seat });
    // Its welcome names another referee: the clients say that the server changed.
    expect(one.welcome.referee).toMatch(/^[0-9a-f]{16}$/);
    expect(two.welcome.referee).toBe(one.welcome.referee);
    expect(back.welcome.referee).toMatch(/^[0-9a-f]{16}$/);
    expect(back.welcome.referee).not.toBe(one.welcome.referee);
    const log = back.state.log;
    for (const [seq, a] of before) expect(log[seq - 1], `seq ${seq}`).toBe(a);
    expect(log.length).toBeGreaterThanOrEqual(Math.max(...before.keys()));

    // And play goes on there: both players move, each sees the other's move.
    const again = await joinEventually(other.url, { room: made.code, seat: seat2 });
    expect(again.welcome.referee).toBe(back.welcome.referee);
    const from = back.state.log.length;
    const moved = async () => {
      for (const dir of DIRS) {
        await back.socket.send({
          type: 'act',
          id: 1000 + DIRS.indexOf(dir),
          a: actionText({ kind: 'slide', dir }),
        });
      }
    };
    await moved();
    await again.socket.next('action', (m) => m.seq > from && m.a.startsWith('0'), WAIT_MS);
    for (const s of [back.socket, again.socket]) s.close();
    expect(other.out.stderr).toBe('');
  });

  it('takes a room over from an owner that stops renewing, and the stale owner acknowledges nothing more', async (ctx) => {
    if (!pg || 'skip' in pg) return ctx.skip(pg?.skip ?? 'PostgreSQL did not start');
    const dbUrl = await pg.newDatabase();
    const owner = await startServe(['--db', dbUrl, '--rate-limit', '0']);
    served.push(owner);
    const other = await startServe(['--db', dbUrl, '--rate-limit', '0']);
    served.push(other);
    const made = await createRoom(owner.url, { kind: 'versus', target: 2048, name: 'Ann' });
    const one = await joined(owner.url, { room: made.code, seat: made.seat });
    const two = await joined(owner.url, { room: made.code, name: 'Ben' });
    const old = [one.socket, two.socket];
    for (const [i, dir] of DIRS.entries()) {
      await one.socket.send({ type: 'act', id: i + 1, a: actionText({ kind: 'slide', dir }) });
    }
    await two.socket.next('action', (m) => m.a.startsWith('0'), WAIT_MS);
    // The owner stops (its sockets stay open, its lease is not renewed).
    owner.child.kill('SIGSTOP');
    try {
      // Player one comes back through the other process, which takes the room over once the
      // lease has run out, and plays there.
      const back = await joinEventually(other.url, { room: made.code, seat: made.seat });
      const from = back.state.log.length;
      for (const [i, dir] of DIRS.entries()) {
        await back.socket.send({ type: 'act', id: 100 + i, a: actionText({ kind: 'slide', dir }) });
      }
      await back.socket.next('action', (m) => m.seq > from, WAIT_MS);
      // Player two, still on the stopped owner, moves: queued until it runs again.
      for (const [i, dir] of DIRS.entries()) {
        await two.socket.send({ type: 'act', id: 200 + i, a: actionText({ kind: 'slide', dir }) });
      }
      owner.child.kill('SIGCONT');
      // The stale owner writes nothing (the room's row names the other process) and closes the
      // room's sockets, which connect again to the new owner.
      expect((await two.socket.closed).code).toBe(1001);
      const again = await joinEventually(other.url, { room: made.code, seat: two.welcome.seat! });
      const log = again.state.log;
      // Every action any socket saw acknowledged, on either process, is in the match at its place.
      for (const [seq, a] of acked([...old, back.socket]))
        expect(log[seq - 1], `seq ${seq}`).toBe(a);
      expect(log.length).toBeGreaterThan(from);
      // Player one's seat stays with the new owner: the stale owner, running again, seated
      // nobody (its queued hellos are refused), and the match plays on there.
      const seen = again.state.log.length;
      for (const [i, dir] of DIRS.entries()) {
        await back.socket.send({ type: 'act', id: 300 + i, a: actionText({ kind: 'slide', dir }) });
      }
      await again.socket.next('action', (m) => m.seq > seen && m.a.startsWith('0'), WAIT_MS);
      expect(back.socket.ws.readyState).toBe(back.socket.ws.OPEN);
      for (const s of [back.socket, again.socket, one.socket]) s.close();
    } finally {
      owner.child.kill('SIGCONT');
    }
  });

  it('plays through a process that does not own the room: its sockets are relayed to the owner', async (ctx) => {
    if (!pg || 'skip' in pg) return ctx.skip(pg?.skip ?? 'PostgreSQL did not start');
    const dbUrl = await pg.newDatabase();
    const a = await startServe(['--db', dbUrl, '--rate-limit', '0']);
    served.push(a);
    const b = await startServe(['--db', dbUrl, '--rate-limit', '0']);
    served.push(b);
    const made = await createRoom(a.url, { kind: 'versus', target: 2048, name: 'Ann' });
    // Player one claims the room on a; player two reaches b, which relays to a.
    const one = await joined(a.url, { room: made.code, seat: made.seat });
    const two = await joined(b.url, { room: made.code, name: 'Ben' });
    expect(two.welcome.you).toBe(1);
    await one.socket.next('seats', (m) => m.seats[1]?.name === 'Ben', WAIT_MS);
    // Each side's move reaches the other, with the same seq and text.
    for (const [mover, watcher, side] of [
      [one.socket, two.socket, '0'],
      [two.socket, one.socket, '1'],
    ] as const) {
      for (const [i, dir] of DIRS.entries()) {
        await mover.send({ type: 'act', id: 10 + i, a: actionText({ kind: 'slide', dir }) });
      }
      const mine = await mover.next('action', (m) => m.a.startsWith(side), WAIT_MS);
      const theirs = await watcher.next('action', (m) => m.seq === mine.seq, WAIT_MS);
      expect(theirs.a).toBe(mine.a);
    }
    // A bad message through the relay closes the socket with the protocol's code.
    await two.socket.send({ type: 'hello', protocol: ROOM_PROTOCOL, room: made.code });
    expect((await two.socket.closed).code).toBe(4400);
    one.socket.close();
    expect(a.out.stderr + b.out.stderr).toBe('');
  });
});
