/**
 * Online rooms through a running server, over real WebSockets, on SQLite and on a real
 * PostgreSQL: seats and watchers, the server as referee (only your seat, in your turn, legal
 * actions), messages sent twice applied once, garbage closing the socket, reconnects, forfeits,
 * rematches, finished matches stored as share codes, and a restarted server resuming a match.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readShareCode } from '../../engine/shareReplay.ts';
import type { Direction } from '../../engine/types.ts';
import { replayVersus } from '../../engine/versus.ts';
import { newPlayerKey, ServerClient } from '../../net/api.ts';
import { RoomClient } from '../../net/roomClient.ts';
import { CLOSE, ROOM_PROTOCOL, type RoomRules, type SeededRules } from '../../net/rooms.ts';
import { nodeSocket } from '../../node/webSocket.ts';
import {
  createRoom,
  dealtLog,
  joined,
  ROOM_WAIT_MS,
  replayed,
  seen,
  TestSocket,
  until,
} from '../../testing/roomSockets.ts';
import {
  BACKENDS,
  type Backend,
  call,
  newDatabaseTarget,
  serverForBlock,
  startTestServer,
} from '../../testing/serverHarness.ts';
import { seedOfRow } from '../seedColumns.ts';
import { CLOSE_TRY_LATER } from './rooms.ts';

const DIRS: readonly Direction[] = ['up', 'down', 'left', 'right'];
const LETTER: Record<Direction, string> = { up: 'u', down: 'd', left: 'l', right: 'r' };

/** A room with both seats taken: the creator's socket and the joiner's. */
async function twoPlayers(server: string, body: Record<string, unknown>) {
  const made = await createRoom(server, { name: 'Ada', ...body });
  const a = await joined(server, { room: made.code, seat: made.seat });
  const b = await joined(server, { room: made.code, name: 'Bob' });
  await a.socket.next('seats', (m) => m.seats[1]?.name === 'Bob');
  return { made, a, b };
}

describe.each(BACKENDS)('online rooms on %s', (backend: Backend) => {
  const block = serverForBlock(backend, { forfeitMs: 600 });
  const url = () => block.server().url;
  /** A room's rules with its match's seed, as the server's database holds them (no client has it). */
  const seeded = async (code: string, rules: RoomRules): Promise<SeededRules> => {
    const row = await block
      .server()
      .database.db.selectFrom('rooms')
      .select(['seed', 'long_seed'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    return { ...rules, seed: seedOfRow(row) };
  };

  it('makes a room over HTTP and describes it', async () => {
    const made = await createRoom(url(), { kind: 'versus', target: 64, attackCap: 8, name: 'Ada' });
    expect(made.code).toMatch(/^[ACDEFGHJKMNPQRTWXY34679]{7}$/);
    expect(made).toMatchObject({
      side: 0,
      rules: { kind: 'versus', size: 4, target: 64, attackCap: 8 },
    });
    expect(made.seat).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const r = await call(url(), 'GET', `/api/rooms/${made.code.toLowerCase()}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      code: made.code,
      match: 1,
      over: false,
      seats: [
        { name: 'Ada', connected: false },
        { name: null, connected: false },
      ],
    });
    // The seat token is never shown to others.
    expect(JSON.stringify(r.body)).not.toContain(made.seat);
    expect((await call(url(), 'GET', '/api/rooms/AAAAAAA')).status).toBe(404);
    expect((await call(url(), 'GET', '/api/rooms/O0I1')).status).toBe(400);
    for (const bad of [
      { kind: 'duel', name: 'Ada', target: 64 },
      { kind: 'chess', name: 'Ada' },
      { kind: 'versus', name: '' },
      { kind: 'versus', name: 'Ada', size: 9 },
      { kind: 'versus', name: 'Ada', target: 100 },
      { kind: 'versus', name: 'a\u202eb' },
      { kind: 'versus', name: 'Ada', extra: 1 },
    ]) {
      const refused = await call(url(), 'POST', '/api/rooms', bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: expect.any(String) } });
    }
  });

  it('seats the second player, then lets everyone else watch', async () => {
    const made = await createRoom(url(), { kind: 'duel', name: 'Ada' });
    const b = await joined(url(), { room: made.code, name: 'Bob' });
    expect(b.welcome.you).toBe(1);
    expect(b.welcome.seat).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.state).toMatchObject({ match: 1, log: [], lastId: 0, result: null });
    const w = await joined(url(), { room: made.code, name: 'Eve' });
    expect(w.welcome).toMatchObject({ you: null, seat: null });
    expect(w.state.seats.map((s) => s.name)).toEqual(['Ada', 'Bob']);
    await w.socket.send({ type: 'act', id: 1, a: 'p002' });
    expect(await w.socket.next('refused')).toMatchObject({ id: 1, code: 'watching' });
    // Asking to watch while a seat is free: a watcher, the seat stays free.
    const other = await createRoom(url(), { kind: 'versus', name: 'Cy' });
    const watcher = await joined(url(), { room: other.code, watch: true });
    expect(watcher.welcome.you).toBe(null);
    expect(watcher.state.seats[1]?.name).toBe(null);
    for (const s of [b, w, watcher]) s.socket.close();
  });

  it('applies random interleavings of both players in the order it received them', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...DIRS), { minLength: 5, maxLength: 40 }),
        fc.array(fc.constantFrom(...DIRS), { minLength: 5, maxLength: 40 }),
        async (movesA, movesB) => {
          const { made, a, b } = await twoPlayers(url(), { kind: 'versus', target: 2048, size: 4 });
          const w = await joined(url(), { room: made.code, watch: true });
          // Both send without waiting for answers; the server picks the order.
          const sending = [
            (async () => {
              for (const [i, d] of movesA.entries())
                await a.socket.send({ type: 'act', id: i + 1, a: LETTER[d] });
            })(),
            (async () => {
              for (const [i, d] of movesB.entries())
                await b.socket.send({ type: 'act', id: i + 1, a: LETTER[d] });
            })(),
          ];
          await Promise.all(sending);
          const answered = (s: TestSocket, n: number, side: number) => () =>
            s.messages.filter(
              (m) =>
                (m.type === 'action' && m.a[0] === String(side)) ||
                m.type === 'ignored' ||
                (m.type === 'refused' && m.id !== null),
            ).length >= n;
          await until(answered(a.socket, movesA.length, 0));
          await until(answered(b.socket, movesB.length, 1));
          const log = a.socket.all('action').map((m) => m.a);
          // Everyone got the same actions in the same order, numbered from 1.
          await until(() => w.socket.all('action').length >= log.length);
          expect(b.socket.all('action').map((m) => m.a)).toEqual(log);
          expect(w.socket.all('action').map((m) => m.seq)).toEqual(log.map((_, i) => i + 1));
          // The server's log replays with the engine's versus to the match it decided, and each
          // action came with the tile the seed dealt.
          const rules = await seeded(made.code, made.rules);
          expect(log).toEqual(dealtLog(rules, log));
          const engine = replayVersus(
            { seed: rules.seed, size: 4, target: 2048 },
            log.map((t) => ({
              side: Number(t[0]) as 0 | 1,
              direction: DIRS['udlr'.indexOf(t[1]!)]!,
            })),
          );
          expect(engine.ok).toBe(true);
          // A fresh connection gets the same log as its state.
          const late = await joined(url(), { room: made.code, watch: true });
          expect(late.state.log).toEqual(log);
          const m = replayed(rules, log);
          expect(m.kind === 'versus' && engine.ok && m.match.games).toEqual(
            engine.ok && engine.value.games,
          );
          for (const s of [a, b, w, late]) s.socket.close();
        },
      ),
      { numRuns: 6 },
    );
  });

  it('applies a message sent twice once, and a stale one never', async () => {
    const { a, b } = await twoPlayers(url(), { kind: 'versus' });
    // Find a move that changes the board at the start: one of left/right does.
    for (const d of ['l', 'r', 'u', 'd']) {
      await a.socket.send({ type: 'act', id: 1, a: d });
      await a.socket.send({ type: 'act', id: 1, a: d });
      break;
    }
    await a.socket.send({ type: 'act', id: 3, a: 'u' });
    await a.socket.send({ type: 'act', id: 2, a: 'd' }); // stale: after 3
    await a.socket.send({ type: 'act', id: 4, a: 'r' });
    await until(() => a.socket.messages.some((m) => 'id' in m && m.id === 4));
    const mine = a.socket.messages.filter((m) => 'id' in m && m.id !== null);
    const ids = mine.map((m) => (m as { id: number }).id);
    expect(ids).toEqual([...new Set(ids)]);
    expect(ids).not.toContain(2);
    expect(ids).toEqual([1, 3, 4]);
    for (const s of [a, b]) s.socket.close();
  });

  it('lets a client move only its own seat, in its turn, legally', async () => {
    const { made, a, b } = await twoPlayers(url(), { kind: 'duel' });
    const start = a.state.start;
    if (start.kind !== 'duel') throw new Error('a duel');
    const placer = start.first === 0 ? 1 : 0;
    const [P, S] = placer === 0 ? [a, b] : [b, a];
    // The slider cannot place or slide now; the placer cannot slide.
    await S.socket.send({ type: 'act', id: 1, a: 'p002' });
    expect(await S.socket.next('refused')).toMatchObject({ id: 1, code: 'not-your-turn' });
    await P.socket.send({ type: 'act', id: 1, a: 'l' });
    expect(await P.socket.next('refused')).toMatchObject({ id: 1, code: 'not-your-turn' });
    await P.socket.send({ type: 'act', id: 2, a: 'p002' });
    expect(await P.socket.next('action')).toMatchObject({ seq: 1, a: `${placer}p002`, id: 2 });
    // An occupied cell, a bad value, a cell off the board: refused, nothing stored.
    await P.socket.send({ type: 'act', id: 3, a: 'p002' });
    expect(await P.socket.next('refused')).toMatchObject({ id: 3, code: 'illegal' });
    await P.socket.send({ type: 'act', id: 4, a: 'p332' });
    expect(await P.socket.next('action')).toMatchObject({ seq: 2, id: 4 });
    // Now the slider's turn: the placer cannot place again.
    await P.socket.send({ type: 'act', id: 5, a: 'p114' });
    expect(await P.socket.next('refused')).toMatchObject({ id: 5, code: 'not-your-turn' });
    await S.socket.send({ type: 'act', id: 2, a: 'l' });
    expect(await P.socket.next('action')).toMatchObject({ seq: 3, a: `${1 - placer}l` });
    // A placement in versus is refused.
    const v = await twoPlayers(url(), { kind: 'versus' });
    await v.a.socket.send({ type: 'act', id: 1, a: 'p002' });
    expect(await v.a.socket.next('refused')).toMatchObject({ code: 'bad-action' });
    const state = await joined(url(), { room: made.code, watch: true });
    expect(state.state.log).toEqual([`${placer}p002`, `${placer}p332`, `${1 - placer}l`]);
    for (const s of [a, b, v.a, v.b, state]) s.socket.close();
  });

  it('refuses moves until the second player has joined', async () => {
    const made = await createRoom(url(), { kind: 'versus', name: 'Ada' });
    const a = await joined(url(), { room: made.code, seat: made.seat });
    await a.socket.send({ type: 'act', id: 1, a: 'l' });
    expect(await a.socket.next('refused')).toMatchObject({ code: 'waiting' });
    a.socket.close();
  });

  it('closes the socket on garbage, forged seats and unknown rooms, changing nothing', async () => {
    const made = await createRoom(url(), { kind: 'versus', name: 'Ada' });
    const cases: [string | Buffer, number][] = [
      ['not json', CLOSE.badMessage],
      ['{"type":"act","id":1,"a":"l"}', CLOSE.badMessage], // before hello
      ['{"type":"hello"}', CLOSE.badMessage],
      // A client of another protocol version.
      [JSON.stringify({ type: 'hello', room: made.code, name: 'Old' }), CLOSE.badMessage],
      [JSON.stringify({ type: 'hello', protocol: 1, room: made.code }), CLOSE.badMessage],
      ['[1,2,3]', CLOSE.badMessage],
      ['{"type":"launch"}', CLOSE.badMessage],
      [
        JSON.stringify({
          type: 'hello',
          protocol: ROOM_PROTOCOL,
          room: made.code,
          seat: 'x'.repeat(43),
        }),
        CLOSE.badSeat,
      ],
      [
        JSON.stringify({ type: 'hello', protocol: ROOM_PROTOCOL, room: made.code, seat: 'short' }),
        CLOSE.badSeat,
      ],
      [JSON.stringify({ type: 'hello', protocol: ROOM_PROTOCOL, room: 'ACDEFGH' }), CLOSE.noRoom],
      [
        JSON.stringify({ type: 'hello', protocol: ROOM_PROTOCOL, room: "'; drop table rooms; --" }),
        CLOSE.noRoom,
      ],
      [
        JSON.stringify({
          type: 'hello',
          protocol: ROOM_PROTOCOL,
          room: made.code,
          name: 'x'.repeat(800),
        }),
        CLOSE.badMessage,
      ],
      [`{"type":"hello","room":"${'A'.repeat(2000)}"}`, 1009],
      [Buffer.from([1, 2, 3]), CLOSE.badMessage],
    ];
    for (const [frame, code] of cases) {
      const s = new TestSocket(url());
      await s.opened;
      s.ws.send(frame);
      expect((await s.closed).code, String(frame).slice(0, 60)).toBe(code);
    }
    // After a hello: a second hello, an act with a bad id or action, extra fields.
    for (const frame of [
      { type: 'hello', protocol: ROOM_PROTOCOL, room: made.code },
      { type: 'act', id: 0, a: 'l' },
      { type: 'act', id: 1, a: 'x' },
      { type: 'act', id: 1.5, a: 'l' },
      { type: 'act', id: 1, a: 'l', side: 1 },
    ]) {
      const w = await joined(url(), { room: made.code, watch: true });
      await w.socket.send(frame as never);
      expect((await w.socket.closed).code, JSON.stringify(frame)).toBe(CLOSE.badMessage);
    }
    const r = await call(url(), 'GET', `/api/rooms/${made.code}`);
    expect(r.body).toMatchObject({ seats: [{ name: 'Ada' }, { name: null }] });
    // The server is still there.
    expect((await call(url(), 'GET', '/api/health')).status).toBe(200);
  });

  it('refuses a flood of messages, then closes that socket', async () => {
    const { a, b } = await twoPlayers(url(), { kind: 'versus' });
    // Far past the burst and the refusals in a row that close a socket, so that a token refilled
    // while a busy server reads them (one every 50 ms) cannot keep it open.
    for (let i = 1; i <= 2000; i++)
      a.socket.ws.send(JSON.stringify({ type: 'act', id: i, a: 'u' }));
    expect((await a.socket.next('refused', (m) => m.code === 'rate-limited')).id).toBe(null);
    expect((await a.socket.closed).code).toBe(CLOSE.tooFast);
    b.socket.close();
  });

  it('takes a seat back after a drop, with the whole match and who is connected', async () => {
    const { made, a, b } = await twoPlayers(url(), { kind: 'versus' });
    const seatB = b.welcome.seat!;
    for (const [i, d] of ['l', 'r', 'u', 'd', 'l'].entries()) {
      await a.socket.send({ type: 'act', id: i + 1, a: d });
    }
    await until(() => a.socket.messages.some((m) => 'id' in m && m.id === 5));
    b.socket.ws.terminate();
    const gone = await a.socket.next('seats', (m) => m.seats[1]?.connected === false);
    expect(gone.seats[1]?.forfeitAt).toBeGreaterThan(Date.now());
    const again = await joined(url(), { room: made.code, seat: seatB });
    expect(again.welcome).toMatchObject({ you: 1, seat: null });
    expect(again.state.log).toEqual(a.socket.all('action').map((m) => m.a));
    await a.socket.next('seats', (m) => m.seats[1]?.connected === true);
    // The seat taken again elsewhere: the older connection is closed.
    const third = await joined(url(), { room: made.code, seat: seatB });
    expect((await again.socket.closed).code).toBe(CLOSE.replaced);
    for (const s of [a, third]) s.socket.close();
  });

  it('gives the match to the player who stayed when a seat is left empty too long', async () => {
    const { made, a, b } = await twoPlayers(url(), { kind: 'versus' });
    b.socket.close();
    const end = await a.socket.next('end');
    expect(end.result).toMatchObject({ winner: 0, reason: 'forfeit' });
    const r = await call(url(), 'GET', `/api/rooms/${made.code}`);
    expect(r.body).toMatchObject({ over: true });
    a.socket.close();
  });

  it('plays a match to its end, stores it as a share code, counts the record, and rematches', async () => {
    const names = [`Ann ${backend}`, `Ben ${backend}`];
    const keys = [newPlayerKey(), newPlayerKey()];
    const made = await createRoom(url(), {
      kind: 'versus',
      target: 16,
      name: names[0],
      player: keys[0],
    });
    const a = await joined(url(), { room: made.code, seat: made.seat });
    const b = await joined(url(), { room: made.code, name: names[1], player: keys[1] });
    // Both play through room clients that show their own moves at once.
    a.socket.close();
    b.socket.close();
    const clients = [made.seat, b.welcome.seat!].map(
      (seat) =>
        new RoomClient({
          server: url(),
          room: made.code,
          seat,
          socket: nodeSocket,
          onChange: () => {},
        }),
    );
    await until(() =>
      clients.every((c) => c.view.match !== null && c.view.seats[1]?.name !== null),
    );
    let i = 0;
    while (!clients[0]!.view.result) {
      const c = clients[i % 2]!;
      c.act({ kind: 'slide', dir: DIRS[(i * 7 + (i >> 2)) % 4]! });
      i++;
      await new Promise((r) => setTimeout(r, 2));
      if (i > 4000) throw new Error('no end');
    }
    await until(() => clients.every((c) => c.view.result !== null));
    const result = clients[0]!.view.result!;
    expect(clients[1]!.view.result).toEqual(result);
    expect(result.reason).toBe('play');
    const stored = readShareCode(result.code);
    expect(stored.ok).toBe(true);
    if (!stored.ok || stored.value.kind !== 'versus') throw new Error('a versus code');
    expect(stored.value.states.at(-1)!.winner).toBe(result.winner);
    expect(stored.value.states.at(-1)!.log.length).toBe(clients[0]!.view.log.length);
    // The seed, revealed with the result, is the one the code was dealt from; every action came
    // with the tile it dealt; both clients show the server's match.
    expect(stored.value.states[0]!.rules.seed).toBe(result.seed);
    const rules = { ...made.rules, seed: result.seed };
    expect(clients[0]!.view.log).toEqual(dealtLog(rules, clients[0]!.view.log));
    const final = replayed(rules, clients[0]!.view.log);
    for (const c of clients) expect(seen(c.view.match!)).toEqual(seen(final));
    // The record counts by player key (once both sides took three actions), under the key's name.
    const api = new ServerClient(url());
    const took = (side: string) => clients[0]!.view.log.filter((t) => t[0] === side).length;
    if (result.winner !== 'draw' && took('0') >= 3 && took('1') >= 3) {
      const w = result.winner;
      let rw = await api.record(keys[w]!);
      for (let i = 0; i < 50 && rw.ok && rw.value.wins === 0; i++) {
        await sleep(20);
        rw = await api.record(keys[w]!);
      }
      expect(rw).toEqual({ ok: true, value: { name: names[w], wins: 1, losses: 0, draws: 0 } });
      const rl = await api.record(keys[1 - w]!);
      expect(rl).toMatchObject({ ok: true, value: { name: names[1 - w], wins: 0, losses: 1 } });
    }
    // A rematch: offered by one, accepted by the other: match 2 on a new seed.
    clients[0]!.offerRematch();
    await until(() => clients[1]!.view.rematch[0]);
    clients[1]!.offerRematch();
    await until(() => clients.every((c) => c.view.matchNo === 2 && c.view.result === null));
    expect(clients[0]!.view.log).toEqual([]);
    for (const c of clients) c.close();
  });

  it('resumes a match where it stood after the server restarts', async () => {
    const target = await newDatabaseTarget(backend);
    if (typeof target !== 'string') return;
    let s = await startTestServer(target, { forfeitMs: 60_000 });
    const made = await createRoom(s.url, { kind: 'duel', name: 'Ada' });
    const a = await joined(s.url, { room: made.code, seat: made.seat });
    const b = await joined(s.url, { room: made.code, name: 'Bob' });
    const start = a.state.start;
    if (start.kind !== 'duel') throw new Error('a duel');
    const placer = start.first === 0 ? b : a;
    await placer.socket.send({ type: 'act', id: 1, a: 'p002' });
    await placer.socket.send({ type: 'act', id: 2, a: 'p014' });
    await placer.socket.next('action', (m) => m.id === 2);
    const log = placer.socket.all('action').map((m) => m.a);
    await s.close();
    expect((await a.socket.closed).code).toBe(CLOSE.goingAway);
    s = await startTestServer(target, { forfeitMs: 60_000 });
    const a2 = await joined(s.url, { room: made.code, seat: made.seat });
    const b2 = await joined(s.url, { room: made.code, seat: b.welcome.seat! });
    expect(a2.state.log).toEqual(log);
    expect(b2.welcome.you).toBe(1);
    // Ids go on from where the server is: id 2 was taken, so 2 again is not applied.
    const placer2 = start.first === 0 ? b2 : a2;
    expect(placer2.state.lastId).toBe(2);
    await placer2.socket.send({ type: 'act', id: 2, a: 'p022' });
    // Tiles at (0,0) and (0,1): a slide right moves them.
    const slider2 = placer2 === a2 ? b2 : a2;
    await slider2.socket.send({ type: 'act', id: 1, a: 'r' });
    const slid = await slider2.socket.next('action', (m) => m.id === 1);
    expect(slid).toMatchObject({ seq: 3, a: `${start.first}r` });
    expect(placer2.socket.all('action').some((m) => m.a.endsWith('p022'))).toBe(false);
    for (const x of [a2, b2]) x.socket.close();
    await s.close();
  });

  it('refuses new rooms past its capacity (503, Retry-After) while the rooms it holds play on', async () => {
    const target = await newDatabaseTarget(backend);
    if (typeof target !== 'string') return;
    const s = await startTestServer(target, { forfeitMs: 60_000, maxRooms: 1 });
    try {
      const held = await createRoom(s.url, { kind: 'versus', target: 2048, name: 'Ada' });
      const other = await createRoom(s.url, { kind: 'versus', name: 'Cy' });
      const a = await joined(s.url, { room: held.code, seat: held.seat });
      const b = await joined(s.url, { room: held.code, name: 'Bob' });
      // One room held: the next is refused, to be made again later.
      const refused = await call(s.url, 'POST', '/api/rooms', { kind: 'versus', name: 'Di' });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.body).toMatchObject({ error: { code: 'busy' } });
      // A room made before, not held here: its socket is closed, to try again later.
      const late = new TestSocket(s.url);
      await late.send({
        type: 'hello',
        protocol: ROOM_PROTOCOL,
        room: other.code,
        seat: other.seat,
      });
      expect((await late.closed).code).toBe(CLOSE_TRY_LATER);
      expect(late.all('welcome')).toEqual([]);
      // The room held plays on.
      for (const [i, d] of ['l', 'r', 'u', 'd'].entries()) {
        await a.socket.send({ type: 'act', id: i + 1, a: d });
      }
      await b.socket.next('action', (m) => m.a.startsWith('0'));
      for (const x of [a, b]) x.socket.close();
    } finally {
      await s.close();
    }
  });
});

describe('online rooms on postgres while the database is slow', () => {
  const block = serverForBlock('postgres', { forfeitMs: 600 });

  it('keeps a room whose first player is still being seated, so the second one is heard', async () => {
    const s = block.server();
    const made = await createRoom(s.url, { kind: 'versus', name: 'Ada' });
    // The room's seats are locked for longer than an empty room is kept: Ada's hello waits on
    // the database while the sweeps (which write only seats held here) go on.
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holding = s.database.db.transaction().execute(async (trx) => {
      await sql`select s.side from seats s join rooms r on r.id = s.room_id
        where r.code = ${made.code} for update of s`.execute(trx);
      locked();
      await sleep(1500);
    });
    await lockTaken;
    const a = await joined(s.url, { room: made.code, seat: made.seat });
    await holding;
    expect(a.welcome.you).toBe(0);
    const b = await joined(s.url, { room: made.code, name: 'Bob' });
    await a.socket.next('seats', (m) => m.seats[1]?.name === 'Bob');
    await b.socket.send({ type: 'act', id: 1, a: 'l' });
    await b.socket.send({ type: 'act', id: 2, a: 'r' });
    await a.socket.next('action', (m) => m.a.startsWith('1'));
    for (const x of [a, b]) x.socket.close();
  });
});

describe('online rooms on postgres while the minute clean-up runs', () => {
  // The clean-up of idle rooms runs at most once a minute: the test moves the clock past it.
  let skew = 0;
  const block = serverForBlock('postgres', { forfeitMs: 600, now: () => Date.now() + skew });

  it('keeps a room whose second player is being seated while it cleans up', async () => {
    const s = block.server();
    const made = await createRoom(s.url, { kind: 'versus', name: 'Ada' });
    // Nobody is connected here: the room is empty while Bob's hello waits on the locked seats.
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    let arrived!: () => void;
    const helloSent = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const holding = s.database.db.transaction().execute(async (trx) => {
      await sql`select s.side from seats s join rooms r on r.id = s.room_id
        where r.code = ${made.code} for update of s`.execute(trx);
      locked();
      await helloSent;
      // A minute on: the next sweeps clean up, while the hello still waits.
      skew += 61_000;
      await sleep(1500);
    });
    await lockTaken;
    const bobJoins = joined(s.url, { room: made.code, name: 'Bob' });
    // Bob's hello is waiting once the server's query for his seat waits on the lock.
    const waiting = async () => {
      const r = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(s.database.db);
      return Number(r.rows[0]!.n);
    };
    for (const end = Date.now() + ROOM_WAIT_MS; (await waiting()) === 0; await sleep(20)) {
      if (Date.now() > end) throw new Error("Bob's hello never waited on the seats");
    }
    arrived();
    await holding;
    const b = await bobJoins;
    expect(b.welcome.you).toBe(1);
    // Ada comes after: she must be in the room Bob is in, both ways.
    const a = await joined(s.url, { room: made.code, seat: made.seat });
    await b.socket.next('seats', (m) => m.seats[0]?.connected === true);
    await a.socket.send({ type: 'act', id: 1, a: 'l' });
    await a.socket.send({ type: 'act', id: 2, a: 'r' });
    await b.socket.next('action', (m) => m.a.startsWith('0'));
    for (const x of [a, b]) x.socket.close();
  });
});
