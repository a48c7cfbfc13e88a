/**
 * Two servers on one PostgreSQL serve one set of rooms: the players of a room connected to
 * different servers play a match to its end, concurrent moves from both sides are ordered by the
 * database alike everywhere, rematches and duels work across them, a seat is not forfeited while
 * its player is connected elsewhere but is when the player leaves, a seat taken back through the
 * other server closes the older connection, and after PostgreSQL restarts a socket relayed to
 * the room's owner connects again and plays on.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Direction } from '../../engine/types.ts';
import { replayVersus } from '../../engine/versus.ts';
import { RoomClient } from '../../net/roomClient.ts';
import type { RoomRules, SeededRules } from '../../net/rooms.ts';
import { CLOSE } from '../../net/rooms.ts';
import { nodeSocket } from '../../node/webSocket.ts';
import {
  createRoom,
  dealtLog,
  joined,
  ROOM_WAIT_MS,
  replayed,
  seen,
  type TestSocket,
  until,
} from '../../testing/roomSockets.ts';
import {
  call,
  HOOK_MS,
  newDatabaseTarget,
  postgresCluster,
  skipTestsWhile,
  startTestServer,
  type TestServer,
} from '../../testing/serverHarness.ts';
import { seedOfRow } from '../seedColumns.ts';

const DIRS: readonly Direction[] = ['up', 'down', 'left', 'right'];
const LETTER: Record<Direction, string> = { up: 'u', down: 'd', left: 'l', right: 'r' };
const FORFEIT_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rooms served by two servers on one PostgreSQL', () => {
  let s1: TestServer;
  let s2: TestServer;
  let skipped: string | null = null;

  beforeAll(async () => {
    const target = await newDatabaseTarget('postgres');
    if (typeof target !== 'string') {
      skipped = target.skip;
      console.warn(`PostgreSQL tests skipped: ${skipped}`);
      return;
    }
    s1 = await startTestServer(target, { forfeitMs: FORFEIT_MS });
    s2 = await startTestServer(target, { forfeitMs: FORFEIT_MS });
  }, HOOK_MS);
  skipTestsWhile(() => skipped);
  afterAll(async () => {
    await s1?.close();
    await s2?.close();
  }, HOOK_MS);

  /** A room's rules with its match's seed, as the database holds them (no client has it). */
  async function seeded(code: string, rules: RoomRules): Promise<SeededRules> {
    const row = await s1.database.db
      .selectFrom('rooms')
      .select(['seed', 'long_seed'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    return { ...rules, seed: seedOfRow(row) };
  }

  /** The actions of the room's match as the database has them (without their dealt tiles). */
  async function stored(code: string, match = 1): Promise<string[]> {
    const rows = await s1.database.db
      .selectFrom('room_actions')
      .innerJoin('rooms', 'rooms.id', 'room_actions.room_id')
      .select('room_actions.action')
      .where('rooms.code', '=', code)
      .where('room_actions.match', '=', match)
      .orderBy('room_actions.seq')
      .execute();
    return rows.map((r) => r.action);
  }

  async function results(code: string) {
    return s1.database.db
      .selectFrom('room_results')
      .select(['match', 'winner', 'reason', 'code'])
      .where('room_code', '=', code)
      .orderBy('match')
      .execute();
  }

  /**
   * A room made on server 1: its creator's socket on server 1, the second player's on server 2,
   * a watcher on each.
   */
  async function acrossServers(body: Record<string, unknown>) {
    const made = await createRoom(s1.url, { name: 'Ada', ...body });
    const a = await joined(s1.url, { room: made.code, seat: made.seat });
    const b = await joined(s2.url, { room: made.code, name: 'Bob' });
    await a.socket.next('seats', (m) => m.seats[1]?.name === 'Bob' && m.seats[1].connected);
    const w1 = await joined(s1.url, { room: made.code, watch: true });
    const w2 = await joined(s2.url, { room: made.code, watch: true });
    return { made, a, b, w1, w2 };
  }

  /** Room clients of both seats (player one on server 1, player two on server 2). */
  async function clientsAcross(kind: 'versus' | 'duel', body: Record<string, unknown> = {}) {
    const made = await createRoom(s1.url, { kind, name: 'Ann', ...body });
    const one = new RoomClient({
      server: s1.url,
      room: made.code,
      seat: made.seat,
      socket: nodeSocket,
      onChange: () => {},
    });
    const two = new RoomClient({
      server: s2.url,
      room: made.code,
      name: 'Ben',
      socket: nodeSocket,
      onChange: () => {},
    });
    const clients = [one, two] as const;
    await until(
      () => clients.every((c) => c.view.match !== null && c.view.seats[1]?.name === 'Ben'),
      ROOM_WAIT_MS,
      () =>
        `both clients in the room (${clients
          .map(
            (c) =>
              `${c.view.status}${c.view.closed ? ` ${c.view.closed}` : ''}, seats ${JSON.stringify(c.view.seats)}`,
          )
          .join('; ')})`,
    );
    return { made, clients };
  }

  /** Both clients slide in turns, without waiting for each other, until the match ends. */
  async function playToEnd(clients: readonly RoomClient[]): Promise<void> {
    for (let i = 0; !clients[0]!.view.result; i++) {
      if (i > 6000) throw new Error('no end');
      clients[i % 2]!.act({ kind: 'slide', dir: DIRS[(i * 7 + (i >> 2)) % 4]! });
      await sleep(30);
    }
    await until(
      () => clients.every((c) => c.view.result !== null),
      ROOM_WAIT_MS,
      'the end everywhere',
    );
  }

  it('plays a versus match to its end with the players on different servers', async () => {
    const { made, clients } = await clientsAcross('versus', { target: 16 });
    const w1 = await joined(s1.url, { room: made.code, watch: true });
    const w2 = await joined(s2.url, { room: made.code, watch: true });
    await playToEnd(clients);
    const [one, two] = clients;
    const result = one.view.result!;
    expect(two.view.result).toEqual(result);
    expect(result.reason).toBe('play');
    // Both see the log the database has, and the match it stands for.
    const log = await stored(made.code);
    expect(log.length).toBeGreaterThan(0);
    await until(() => two.view.log.length === log.length, ROOM_WAIT_MS, "player two's log");
    // Sent with the tiles the seed, revealed with the result, deals.
    const rules = { ...made.rules, seed: result.seed };
    const sent = dealtLog(rules, log);
    expect(one.view.log).toEqual(sent);
    expect(two.view.log).toEqual(sent);
    const final = seen(replayed(rules, log));
    expect(seen(one.view.match!)).toEqual(final);
    expect(seen(two.view.match!)).toEqual(final);
    // So do the watchers of both servers, and they saw the same end.
    for (const w of [w1, w2]) {
      const end = await w.socket.next('end');
      expect(end.result).toEqual(result);
      expect(w.socket.all('action').map((m) => m.a)).toEqual(sent);
      expect(w.socket.all('action').map((m) => m.seq)).toEqual(log.map((_, i) => i + 1));
    }
    // One result, stored once.
    expect(await results(made.code)).toEqual([
      { match: 1, winner: String(result.winner), reason: 'play', code: result.code },
    ]);
    for (const c of clients) c.close();
    for (const w of [w1, w2]) w.socket.close();
  });

  it('orders concurrent moves from both servers the same for everyone, as stored', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...DIRS), { minLength: 10, maxLength: 30 }),
        fc.array(fc.constantFrom(...DIRS), { minLength: 10, maxLength: 30 }),
        async (movesA, movesB) => {
          const { made, a, b, w1, w2 } = await acrossServers({ kind: 'versus', target: 2048 });
          // Both send without waiting for answers; the database picks the order.
          const send = (s: TestSocket, moves: Direction[]) => async () => {
            for (const [i, d] of moves.entries()) {
              await s.send({ type: 'act', id: i + 1, a: LETTER[d] });
            }
          };
          await Promise.all([send(a.socket, movesA)(), send(b.socket, movesB)()]);
          const answered = (s: TestSocket, n: number, side: number) => () =>
            s.messages.filter(
              (m) =>
                (m.type === 'action' && m.a[0] === String(side)) ||
                m.type === 'ignored' ||
                (m.type === 'refused' && m.id !== null),
            ).length >= n;
          await until(answered(a.socket, movesA.length, 0), ROOM_WAIT_MS, "player one's answers");
          await until(answered(b.socket, movesB.length, 1), ROOM_WAIT_MS, "player two's answers");
          const rules = await seeded(made.code, made.rules);
          const log = dealtLog(rules, await stored(made.code));
          const sockets = [a.socket, b.socket, w1.socket, w2.socket];
          await until(
            () => sockets.every((s) => s.all('action').length >= log.length),
            ROOM_WAIT_MS,
            'every socket to have every action',
          );
          for (const s of sockets) {
            expect(s.all('action').map((m) => m.a)).toEqual(log);
            expect(s.all('action').map((m) => m.seq)).toEqual(log.map((_, i) => i + 1));
          }
          // Never a refusal for a legal slide: a stale match is judged again on the database's.
          // (A board can fill up in some orders: the match ends, and the moves after it are
          // refused as such.)
          const over = (await results(made.code)).length > 0;
          for (const s of [a.socket, b.socket]) {
            const refused = s
              .all('refused')
              .filter((m) => m.id !== null && !(over && m.code === 'match-over'));
            expect(refused).toEqual([]);
          }
          // The stored log replays with the engine's versus.
          const engine = replayVersus(
            { seed: rules.seed, size: 4, target: 2048 },
            log.map((t) => ({
              side: Number(t[0]) as 0 | 1,
              direction: DIRS['udlr'.indexOf(t[1]!)]!,
            })),
          );
          expect(engine.ok).toBe(true);
          // A fresh connection to either server gets the same log.
          for (const url of [s1.url, s2.url]) {
            const late = await joined(url, { room: made.code, watch: true });
            expect(late.state.log).toEqual(log);
            late.socket.close();
          }
          for (const s of sockets) s.close();
        },
      ),
      { numRuns: 4, endOnFailure: true },
    );
  });

  it('rematches across servers: offered on one, accepted on the other', async () => {
    const { made, clients } = await clientsAcross('versus', { target: 16 });
    const [one, two] = clients;
    await playToEnd(clients);
    one.offerRematch();
    await until(() => two.view.rematch[0], ROOM_WAIT_MS, "the offer on player two's server");
    expect(two.view.rematch).toEqual([true, false]);
    two.offerRematch();
    await until(
      () => clients.every((c) => c.view.matchNo === 2 && c.view.result === null),
      ROOM_WAIT_MS,
      'match 2 on both',
    );
    expect(one.view.start).toEqual(two.view.start);
    expect(one.view.log).toEqual([]);
    // The second match is played to its end too, and both matches are stored.
    await playToEnd(clients);
    expect(two.view.result).toEqual(one.view.result);
    expect((await results(made.code)).map((r) => r.match)).toEqual([1, 2]);
    const second = { ...made.rules, seed: one.view.result!.seed };
    expect(dealtLog(second, await stored(made.code, 2))).toEqual(one.view.log);
    for (const c of clients) c.close();
  });

  it('plays a duel across servers, in turns', async () => {
    const { made, a, b, w2 } = await acrossServers({ kind: 'duel' });
    const start = a.state.start;
    if (start.kind !== 'duel') throw new Error('a duel');
    const placer = start.first === 0 ? 1 : 0;
    const [P, S] = placer === 0 ? [a, b] : [b, a];
    await P.socket.send({ type: 'act', id: 1, a: 'p002' });
    await P.socket.send({ type: 'act', id: 2, a: 'p012' });
    await P.socket.next('action', (m) => m.id === 2);
    // The slider's server may not have heard of the placements yet: the slide is judged on the
    // database's match, and taken.
    await S.socket.send({ type: 'act', id: 1, a: 'r' });
    const slid = await S.socket.next('action', (m) => m.a[0] === String(1 - placer));
    expect(slid).toMatchObject({
      seq: 3,
      a: `${1 - placer}r`,
      id: 1,
    });
    // Out of turn on either server: refused.
    await S.socket.send({ type: 'act', id: 2, a: 'l' });
    expect(await S.socket.next('refused')).toMatchObject({ id: 2, code: 'not-your-turn' });
    await P.socket.send({ type: 'act', id: 3, a: 'l' });
    expect(await P.socket.next('refused')).toMatchObject({ id: 3, code: 'not-your-turn' });
    await P.socket.send({ type: 'act', id: 4, a: 'p332' });
    await P.socket.next('action', (m) => m.id === 4);
    await w2.socket.next('action', (m) => m.seq === 4);
    const log = [`${placer}p002`, `${placer}p012`, `${1 - placer}r`, `${placer}p332`];
    expect(await stored(made.code)).toEqual(log);
    for (const s of [a, b, w2]) await until(() => s.socket.all('action').length === 4);
    for (const s of [a, b, w2]) expect(s.socket.all('action').map((m) => m.a)).toEqual(log);
    for (const s of [a, b, w2]) s.socket.close();
  });

  it('does not forfeit a seat whose player is connected to the other server', async () => {
    const { made, a, b, w1, w2 } = await acrossServers({ kind: 'versus' });
    await sleep(FORFEIT_MS * 5);
    for (const s of [a, b, w1, w2]) expect(s.socket.all('end')).toEqual([]);
    for (const url of [s1.url, s2.url]) {
      const r = await call(url, 'GET', `/api/rooms/${made.code}`);
      expect(r.body).toMatchObject({
        over: false,
        seats: [
          { name: 'Ada', connected: true, forfeitAt: null },
          { name: 'Bob', connected: true, forfeitAt: null },
        ],
      });
    }
    // Nobody was ever shown as gone.
    for (const s of [a, b, w1, w2]) {
      for (const m of s.socket.all('seats')) {
        expect(m.seats.map((x) => x.connected)).toEqual([true, true]);
      }
    }
    expect(await results(made.code)).toEqual([]);
    for (const s of [a, b, w1, w2]) s.socket.close();
  });

  it('forfeits a seat left empty longer than the forfeit time, once', async () => {
    const { made, a, b, w1, w2 } = await acrossServers({ kind: 'versus' });
    b.socket.close();
    // Player one's server sees the seat left (through the database) and when it forfeits.
    const gone = await a.socket.next('seats', (m) => m.seats[1]?.connected === false);
    expect(gone.seats[1]?.forfeitAt).toBeGreaterThan(Date.now() - FORFEIT_MS);
    const end = await a.socket.next('end');
    expect(end.result).toMatchObject({ winner: 0, reason: 'forfeit' });
    for (const w of [w1, w2]) {
      expect((await w.socket.next('end')).result).toEqual(end.result);
    }
    expect((await results(made.code)).length).toBe(1);
    for (const url of [s1.url, s2.url]) {
      expect((await call(url, 'GET', `/api/rooms/${made.code}`)).body).toMatchObject({
        over: true,
      });
    }
    for (const s of [a, w1, w2]) s.socket.close();
  });

  it('closes the older connection of a seat taken back through the other server', async () => {
    const { made, a, b } = await acrossServers({ kind: 'versus' });
    const again = await joined(s2.url, { room: made.code, seat: made.seat });
    expect(again.welcome.you).toBe(0);
    expect((await a.socket.closed).code).toBe(CLOSE.replaced);
    // The seat plays on through server 2, and server 1 does not forfeit it.
    for (const [i, d] of ['l', 'r', 'u', 'd'].entries()) {
      await again.socket.send({ type: 'act', id: 100 + i, a: d });
    }
    await b.socket.next('action', (m) => m.a[0] === '0');
    await sleep(FORFEIT_MS * 3);
    expect(again.socket.all('end')).toEqual([]);
    expect(b.socket.all('end')).toEqual([]);
    for (const s of [again, b]) s.socket.close();
  });

  it('plays on through the other server after PostgreSQL restarts', async () => {
    const cluster = await postgresCluster();
    if ('skip' in cluster) throw new Error(`no cluster: ${cluster.skip}`);
    const { made, a, b } = await acrossServers({ kind: 'versus', target: 2048 });
    const seat = b.welcome.seat!;
    await cluster.restart();
    // Server 2 relays player two's socket to the room's owner, server 1: its channel dropped,
    // what it relayed may be lost, so the socket is closed, to connect again.
    expect((await b.socket.closed).code).toBe(CLOSE.goingAway);
    let again: Awaited<ReturnType<typeof joined>> | null = null;
    const giveUp = Date.now() + ROOM_WAIT_MS;
    while (again === null) {
      if (Date.now() > giveUp) throw new Error('player two could not join again through server 2');
      again = await joined(s2.url, { room: made.code, seat }).catch(() => null);
    }
    expect(again.welcome.you).toBe(1);
    // Moves from server 1 reach player two on server 2 again.
    let id = 0;
    for (let heard = 0; heard < 3; ) {
      if (Date.now() > giveUp) throw new Error('server 2 did not hear server 1 again');
      const before = again.socket.all('action').length;
      await a.socket.send({ type: 'act', id: ++id, a: 'lrud'[id % 4]! });
      const deadline = Date.now() + 2000;
      while (again.socket.all('action').length === before && Date.now() < deadline) await sleep(20);
      if (again.socket.all('action').length > before) heard++;
    }
    const rules = await seeded(made.code, made.rules);
    const log = dealtLog(rules, await stored(made.code));
    const seenByTwo = () => [...again.state.log, ...again.socket.all('action').map((m) => m.a)];
    await until(() => seenByTwo().length >= log.length);
    expect(seenByTwo().slice(0, log.length)).toEqual(log);
    expect(a.socket.all('end')).toEqual([]);
    for (const s of [a, again]) s.socket.close();
  });
});
