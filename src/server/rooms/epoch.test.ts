/**
 * A room's owner under an epoch, on SQLite and on a real PostgreSQL, statement by statement:
 * every take of a room (a claim on PostgreSQL, the process loading it on SQLite) raises
 * `rooms.epoch`, and a live copy of an older epoch writes nothing more — no action, no result,
 * no seat taken, held or let go, no heartbeat, no clean-up's touch, no rematch, no forfeit, no
 * letting go at a stop — while the copy of the new epoch writes them all. On PostgreSQL the
 * owner is named too: the older copy is the same process's, so only the epoch tells it from the
 * new one. Through the rooms' referee
 * (PostgreSQL): an owner whose room another process claimed seats nobody after it, one whose
 * room the same process claimed again writes no action from its older copy, and either lets the
 * room go (its sockets closed, to connect again) while the new copy plays on; on SQLite, a
 * second server loading the room takes it the same way from the copy loaded before.
 */
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CLOSE,
  loggedText,
  type MatchResult,
  ROOM_PROTOCOL,
  type ServerMessage,
  startMatch,
} from '../../net/rooms.ts';
import { ROOM_WAIT_MS, until } from '../../testing/roomSockets.ts';
import { BACKENDS, type Backend, newDatabaseTarget } from '../../testing/serverHarness.ts';
import { type Database, openDatabase } from '../db.ts';
import { sha256 } from '../hash.ts';
import { newInstance, ProcessLease } from '../lease.ts';
import type { Connection } from './connection.ts';
import { newLiveRoom } from './live.ts';
import { actionLog } from './log.ts';
import { Ownership } from './owners.ts';
import { Rooms } from './rooms.ts';
import { RoomStore } from './store.ts';
import { type LiveRoom, type Peer, StaleClaim } from './types.ts';

const NOW = 1_000_000;
const RULES = { kind: 'versus', size: 4, target: 2048, attackCap: null, turnTime: null } as const;

describe.each(BACKENDS)('a room’s writes fenced by its epoch, on %s', (backend: Backend) => {
  const open: { database: Database; lease: ProcessLease | null }[] = [];
  afterAll(async () => {
    for (const o of open) {
      await o.lease?.stop();
      await o.database.close();
    }
  });

  /** A room in a new database, and how this process takes it (raising its epoch). */
  async function setUp(code: string) {
    const target = await newDatabaseTarget(backend);
    if (typeof target !== 'string') return { skip: target.skip } as const;
    const database = await openDatabase(target);
    const instance = newInstance();
    const lease = backend === 'postgres' ? new ProcessLease(database.db, instance, 10_000) : null;
    open.push({ database, lease });
    await lease?.start();
    const store = new RoomStore(database, instance, () => NOW);
    const seeded = { ...RULES, seed: 7 };
    await store.insertRoom(code, seeded, sha256('seat zero'), 'Ada', null, null);
    const row = (await store.roomRow(code))!;
    const ownership = lease ? new Ownership(database.db, lease) : null;
    /** Takes the room: the epoch taken. */
    const take = async (): Promise<number> => {
      if (ownership) {
        const claim = await ownership.claim(row.id);
        if (!claim?.mine) throw new Error('not claimed');
        return claim.epoch;
      }
      return (await store.take(row.id, NOW))!;
    };
    /** A live copy of the room at `epoch`. */
    const copy = (epoch: number): LiveRoom => {
      const start = startMatch(seeded);
      if (!start.ok) throw new Error('no match');
      return newLiveRoom(row.id, code, epoch, RULES, 7, 1, start.value, NOW, null);
    };
    const seats = () =>
      database.db
        .selectFrom('seats')
        .select(['side', 'token_hash', 'holder', 'seen_ms', 'rematch'])
        .where('room_id', '=', row.id)
        .orderBy('side')
        .execute();
    const count = async (table: 'room_actions' | 'room_results') => {
      const r =
        table === 'room_actions'
          ? await database.db
              .selectFrom('room_actions')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('room_id', '=', row.id)
              .executeTakeFirstOrThrow()
          : await database.db
              .selectFrom('room_results')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('room_code', '=', code)
              .executeTakeFirstOrThrow();
      return Number(r.n);
    };
    /** The room's row: when it was last entered, and who owns it (PostgreSQL). */
    const roomRow = async () => {
      const r = await sql<{ active_ms: number; owner: string | null }>`select active_ms, ${sql.raw(
        backend === 'postgres' ? 'owner' : 'null as owner',
      )} from rooms where id = ${row.id}`.execute(database.db);
      const found = r.rows[0]!;
      return { active: Number(found.active_ms), owner: found.owner };
    };
    return {
      database,
      instance,
      store,
      row,
      ownership,
      take,
      copy,
      seats,
      count,
      roomRow,
    } as const;
  }

  const result = (seed: number): MatchResult => ({
    winner: 0,
    reason: 'forfeit',
    code: 'share-code',
    seed,
  });

  it('raises the epoch at every take, and an older copy of the same process writes nothing more', async (ctx) => {
    const t = await setUp('EPOCHAA');
    if ('skip' in t) return ctx.skip(t.skip);
    const { store, take, copy, seats, count, database, instance } = t;
    const first = await take();
    const second = await take();
    expect(second).toBe(first + 1);
    const old = copy(first);
    const now = copy(second);
    const log = actionLog(database, instance);
    const action = (room: LiveRoom, seq: number, ended: MatchResult | null = null) =>
      log.write({
        room,
        seq,
        side: 0,
        action: loggedText({ side: 0, action: { kind: 'slide', dir: 'left' } }),
        clientId: seq,
        now: NOW,
        result: ended,
      });
    const before = await seats();

    // The older copy: no action, no result with it; no seat taken, held, restarted or let go;
    // no touch, no forfeit, no rematch; its heartbeat beats nothing and names it stale.
    expect(await action(old, 1)).toBe('moved');
    expect(await action(old, 1, result(7))).toBe('moved');
    await expect(store.takeSeat(old, sha256('seat one'), 'Bob', null, NOW)).rejects.toThrow(
      StaleClaim,
    );
    await expect(store.owned(old, (tx) => store.holdSeat(tx, old.id, 0, NOW + 1))).rejects.toThrow(
      StaleClaim,
    );
    await expect(store.releaseSeat(old, 0, NOW + 2)).rejects.toThrow(StaleClaim);
    await expect(store.touch(old)).rejects.toThrow(StaleClaim);
    await expect(
      store.locked(old, (tx) => store.storeResult(tx, old, result(7), NOW)),
    ).rejects.toThrow(StaleClaim);
    await expect(store.offerRematch(old, 0, () => 8)).rejects.toThrow(StaleClaim);
    expect(await store.heartbeat([old], NOW + 3)).toEqual([old]);
    await store.releaseAll([old], NOW + 4);
    expect(await count('room_actions')).toBe(0);
    expect(await count('room_results')).toBe(0);
    expect(await seats()).toEqual(before);

    // The copy of the new epoch writes them.
    expect(await store.takeSeat(now, sha256('seat one'), 'Bob', null, NOW)).toBe(true);
    await store.owned(now, (tx) => store.holdSeat(tx, now.id, 0, NOW + 1));
    expect(await store.heartbeat([now], NOW + 3)).toEqual([]);
    expect((await seats()).map((s) => [s.holder, Number(s.seen_ms)])).toEqual([
      [instance, NOW + 3],
      [instance, NOW + 3],
    ]);
    // The older copy's heartbeat and its stop still let nothing of the new copy's go.
    expect(await store.heartbeat([old], NOW + 5)).toEqual([old]);
    await store.releaseAll([old], NOW + 6);
    expect((await seats()).map((s) => Number(s.seen_ms))).toEqual([NOW + 3, NOW + 3]);
    expect(await action(now, 1)).toBe('written');
    expect(await action(old, 2)).toBe('moved');
    expect(await count('room_actions')).toBe(1);
    expect(await store.locked(now, (tx) => store.storeResult(tx, now, result(7), NOW))).toBe(true);
    expect(await count('room_results')).toBe(1);
    now.result = result(7);
    expect(await store.offerRematch(now, 0, () => 8)).toMatchObject({ seed: null });
    expect((await seats()).map((s) => s.rematch)).toEqual([1, null]);
    await store.releaseSeat(now, 1, NOW + 7);
    expect((await seats()).map((s) => s.holder)).toEqual([instance, null]);
  });

  it('touches a played room at the clean-up only from the copy of its epoch', async (ctx) => {
    const t = await setUp('EPOCHAC');
    if ('skip' in t) return ctx.skip(t.skip);
    const { store, take, copy, roomRow } = t;
    const first = await take();
    const second = await take();
    const entered = (await roomRow()).active;
    // The older copy's touch keeps nobody's room from being deleted as idle.
    await store.touchAll([copy(first)], entered + 60_000);
    expect((await roomRow()).active).toBe(entered);
    await store.touchAll([copy(second)], entered + 60_000);
    expect((await roomRow()).active).toBe(entered + 60_000);
  });

  it.runIf(backend === 'postgres')(
    'lets go of its rooms at a stop only at the epochs of its live copies',
    async (ctx) => {
      const t = await setUp('EPOCHAD');
      if ('skip' in t) return ctx.skip(t.skip);
      const { take, copy, ownership, roomRow, instance } = t;
      const first = await take();
      const second = await take();
      // A stop that holds only the older copy leaves the room to the claim of the newer one.
      await ownership!.stop([copy(first)]);
      expect((await roomRow()).owner).toBe(instance);
      await ownership!.stop([copy(second)]);
      expect((await roomRow()).owner).toBe(null);
    },
  );

  it.runIf(backend === 'postgres')(
    'lets a room go only at its epoch, and tells which copies still own their rooms',
    async (ctx) => {
      const t = await setUp('EPOCHAB');
      if ('skip' in t) return ctx.skip(t.skip);
      const { take, copy, ownership, database, row } = t;
      const first = await take();
      const second = await take();
      // The older copy's release leaves the room with this process (its newer copy's).
      await ownership!.release(row.id, first);
      expect([...(await ownership!.owned([copy(first)]))]).toEqual([]);
      expect([...(await ownership!.owned([copy(second)]))]).toEqual([row.id]);
      const r = await database.db
        .selectFrom('rooms')
        .select('epoch')
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(Number(r.epoch)).toBe(second);
      await ownership!.release(row.id, second);
      expect([...(await ownership!.owned([copy(second)]))]).toEqual([]);
    },
  );
});

/** A socket as the rooms see it: what it was sent, and how it was closed. */
function fakePeer() {
  const sent: ServerMessage[] = [];
  const closes: number[] = [];
  const peer: Peer = {
    send: (m) => sent.push(m),
    sendText: (t) => sent.push(JSON.parse(t) as ServerMessage),
    close: (code) => closes.push(code),
  };
  return { peer, sent, closes };
}

const hello = (room: string, more: { seat?: string; name?: string } = {}) =>
  ({ type: 'hello', protocol: ROOM_PROTOCOL, room, ...more }) as const;
/** Slides in every direction (one of them moves): each answered or refused in order. */
const slide = async (c: Connection, from: number) => {
  for (const [i, a] of ['l', 'r', 'u', 'd'].entries()) {
    await c.message({ type: 'act', id: from + i, a });
  }
};

describe('a room’s owner whose claim is stale, on postgres', () => {
  const open: { rooms: Rooms; database: Database; leases: ProcessLease[] }[] = [];
  afterAll(async () => {
    for (const o of open) {
      await o.rooms.close();
      for (const l of o.leases) await l.stop();
      await o.database.close();
    }
  });

  /**
   * Rooms on a new database under their own lease, with a clock that moves only when the test
   * moves it: their sweeps beat no seat until it passes a heartbeat's time (a quarter of the
   * forfeit time, 15 s) and decide no forfeit.
   */
  async function served() {
    const target = await newDatabaseTarget('postgres');
    if (typeof target !== 'string') return { skip: target.skip } as const;
    const database = await openDatabase(target);
    const lease = new ProcessLease(database.db, newInstance(), 10_000);
    await lease.start();
    const clock = { t: 1_000 };
    const rooms = new Rooms(database, { lease, now: () => clock.t });
    const leases = [lease];
    open.push({ rooms, database, leases });
    const epoch = async (code: string) =>
      Number(
        (
          await database.db
            .selectFrom('rooms')
            .select('epoch')
            .where('code', '=', code)
            .executeTakeFirstOrThrow()
        ).epoch,
      );
    const actions = async (code: string) =>
      (
        await database.db
          .selectFrom('room_actions')
          .innerJoin('rooms', 'rooms.id', 'room_actions.room_id')
          .select('room_actions.seq')
          .where('rooms.code', '=', code)
          .execute()
      ).length;
    /** Another process, its lease live, claims the room (as it would once this one's ran out). */
    const claimElsewhere = async (code: string) => {
      const other = new ProcessLease(database.db, newInstance(), 10_000);
      leases.push(other);
      await other.start();
      await sql`update rooms set owner = ${other.instance}, epoch = epoch + 1
        where code = ${code}`.execute(database.db);
    };
    const seats = (code: string) =>
      database.db
        .selectFrom('seats')
        .innerJoin('rooms', 'rooms.id', 'seats.room_id')
        .select(['seats.token_hash', 'seats.name', 'seats.holder', 'seats.seen_ms'])
        .where('rooms.code', '=', code)
        .orderBy('seats.side')
        .execute();
    return {
      database,
      lease,
      leases,
      rooms,
      epoch,
      actions,
      clock,
      claimElsewhere,
      seats,
    } as const;
  }

  it('seats nobody once another process claimed the room, and lets the room go', async (ctx) => {
    const s = await served();
    if ('skip' in s) return ctx.skip(s.skip);
    const made = await s.rooms.create({ kind: 'versus', name: 'Ada' });
    const ada = fakePeer();
    await s.rooms.hello(ada.peer, hello(made.code, { seat: made.seat }));
    await s.claimElsewhere(made.code);
    // Bob's hello reaches the stale owner: seat 1 is not given, and the room is let go.
    const bob = fakePeer();
    await expect(s.rooms.hello(bob.peer, hello(made.code, { name: 'Bob' }))).rejects.toMatchObject({
      code: 'moved',
      close: CLOSE.goingAway,
    });
    const seat = (await s.seats(made.code))[1];
    expect(seat).toMatchObject({ token_hash: null, name: null, holder: null });
    expect(ada.closes).toEqual([CLOSE.goingAway]);
    expect(s.rooms.liveCount).toBe(0);
  });

  it('writes no action and beats no seat once another process claimed the room, and lets it go', async (ctx) => {
    const s = await served();
    if ('skip' in s) return ctx.skip(s.skip);
    const rooms = [];
    for (const name of ['Ada', 'Cy']) {
      const made = await s.rooms.create({ kind: 'versus', name });
      const one = fakePeer();
      const two = fakePeer();
      const a = await s.rooms.hello(one.peer, hello(made.code, { seat: made.seat }));
      await s.rooms.hello(two.peer, hello(made.code, { name: 'Bob' }));
      await slide(a, 1);
      rooms.push({ made, a, one, two, stored: await s.actions(made.code) });
    }
    const [moves, beats] = rooms as [(typeof rooms)[0], (typeof rooms)[0]];
    for (const r of rooms) await s.claimElsewhere(r.made.code);
    // The stale owner's moves in the first room: none stored, the room let go.
    await slide(moves.a, 10);
    expect(await s.actions(moves.made.code)).toBe(moves.stored);
    expect(moves.one.closes).toEqual([CLOSE.goingAway]);
    expect(moves.two.closes).toEqual([CLOSE.goingAway]);
    // Its heartbeat, once due, beats no seat of the second room, and lets that room go too.
    const before = await s.seats(beats.made.code);
    s.clock.t += 20_000;
    await until(() => beats.one.closes.length > 0, ROOM_WAIT_MS, 'the second room let go');
    expect(beats.two.closes).toEqual([CLOSE.goingAway]);
    expect(await s.seats(beats.made.code)).toEqual(before);
    expect(s.rooms.liveCount).toBe(0);
  });

  it('takes a room claimed again by the same process at a new epoch: the older copy writes no action', async (ctx) => {
    const s = await served();
    if ('skip' in s) return ctx.skip(s.skip);
    const made = await s.rooms.create({ kind: 'versus', name: 'Ada' });
    const ada = fakePeer();
    const bob = fakePeer();
    const a = await s.rooms.hello(ada.peer, hello(made.code, { seat: made.seat }));
    const b = await s.rooms.hello(bob.peer, hello(made.code, { name: 'Bob' }));
    const bobSeat = (bob.sent[0] as Extract<ServerMessage, { type: 'welcome' }>).seat!;
    expect(await s.epoch(made.code)).toBe(1);
    await slide(a, 1);
    const stored = await s.actions(made.code);
    expect(stored).toBeGreaterThan(0);
    // The same process claims the room again (its row names this process all along).
    const id = (
      await s.database.db
        .selectFrom('rooms')
        .select('id')
        .where('code', '=', made.code)
        .executeTakeFirstOrThrow()
    ).id;
    const again = await new Ownership(s.database.db, s.lease).claim(Number(id));
    expect(again).toEqual({ mine: true, epoch: 2 });
    // The older live copy's actions are refused: none stored, the room let go.
    await slide(b, 1);
    expect(await s.actions(made.code)).toBe(stored);
    expect(ada.closes).toEqual([CLOSE.goingAway]);
    expect(bob.closes).toEqual([CLOSE.goingAway]);
    expect(s.rooms.liveCount).toBe(0);
    // Connecting again loads the room at a new epoch, and the match plays on there; the older
    // copy's connection still writes nothing, and closes nobody.
    const ada2 = fakePeer();
    const a2 = await s.rooms.hello(ada2.peer, hello(made.code, { seat: made.seat }));
    expect(await s.epoch(made.code)).toBe(3);
    const bob2 = fakePeer();
    const b2 = await s.rooms.hello(bob2.peer, hello(made.code, { seat: bobSeat }));
    await slide(a, 10);
    expect(await s.actions(made.code)).toBe(stored);
    expect(ada2.closes).toEqual([]);
    await slide(b2, 10);
    await slide(a2, 20);
    expect(await s.actions(made.code)).toBeGreaterThan(stored);
    expect(ada2.closes).toEqual([]);
    expect(bob2.closes).toEqual([]);
  });
});

describe('a room loaded again on sqlite', () => {
  const open: { rooms: Rooms; database: Database }[] = [];
  afterAll(async () => {
    for (const o of open) {
      await o.rooms.close();
      await o.database.close();
    }
  });

  it('takes the room at a new epoch: the copy loaded before writes no action and lets it go', async (ctx) => {
    const target = await newDatabaseTarget('sqlite');
    if (typeof target !== 'string') return ctx.skip(target.skip);
    const serve = async () => {
      const database = await openDatabase(target);
      const rooms = new Rooms(database, { now: () => 1_000 });
      open.push({ rooms, database });
      return { database, rooms };
    };
    const first = await serve();
    const made = await first.rooms.create({ kind: 'versus', name: 'Ada' });
    const ada = fakePeer();
    const bob = fakePeer();
    const a = await first.rooms.hello(ada.peer, hello(made.code, { seat: made.seat }));
    await first.rooms.hello(bob.peer, hello(made.code, { name: 'Bob' }));
    await slide(a, 1);
    const count = async () =>
      (await first.database.db.selectFrom('room_actions').select('seq').execute()).length;
    const stored = await count();
    expect(stored).toBeGreaterThan(0);
    // A second server on the same file loads the room (as a restarted one does): a new epoch.
    const second = await serve();
    const ada2 = fakePeer();
    const a2 = await second.rooms.hello(ada2.peer, hello(made.code, { seat: made.seat }));
    const row = await first.database.db
      .selectFrom('rooms')
      .select('epoch')
      .where('code', '=', made.code)
      .executeTakeFirstOrThrow();
    expect(Number(row.epoch)).toBe(2);
    // The first copy's moves are refused, and it lets the room go.
    await slide(a, 10);
    expect(await count()).toBe(stored);
    expect(ada.closes).toEqual([CLOSE.goingAway]);
    expect(bob.closes).toEqual([CLOSE.goingAway]);
    expect(first.rooms.liveCount).toBe(0);
    expect(ada2.closes).toEqual([]);
    expect(a2.side).toBe(0);
  });
});
