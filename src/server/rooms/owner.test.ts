/**
 * One room's owner, command by command, on a real SQLite database with fake sockets, a clock the
 * test moves, and a fake registry (what the owner asks of its process when it is done): a hello
 * still being seated keeps the room from being let go by the sweep's timeout; a room left empty
 * a forfeit time is let go (released), but not by the clean-up while someone joins; a room whose
 * write is refused as stale is lost once (its sockets closed, not released); the seats the sweep
 * read are taken in when they are still current, ignored when the seats changed meanwhile, and
 * a seat changed elsewhere makes the owner read the room again; a room whose last connection
 * was replaced through another process counts as empty from then.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CLOSE, ROOM_PROTOCOL, type ServerMessage, startMatch } from '../../net/rooms.ts';
import { newDatabaseTarget } from '../../testing/serverHarness.ts';
import { type Database, openDatabase } from '../db.ts';
import { sha256 } from '../hash.ts';
import { newInstance } from '../lease.ts';
import { ActionWriter } from './append.ts';
import { LiveRooms, newLiveRoom } from './live.ts';
import { actionLog } from './log.ts';
import { RoomOwner } from './owner.ts';
import { Presence } from './presence.ts';
import { Seating } from './seats.ts';
import { RoomStore } from './store.ts';
import type { Peer, SeatRow } from './types.ts';

const FORFEIT_MS = 60_000;
const RULES = { kind: 'versus', size: 4, target: 2048, attackCap: null, turnTime: null } as const;
const SEAT = 'seat-zero-token-0123456789abcdefghijklmnop';

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

const hello = (more: { seat?: string; name?: string; watch?: boolean } = {}) =>
  ({ type: 'hello', protocol: ROOM_PROTOCOL, room: 'OWNERAA', ...more }) as const;

describe('a room’s owner, command by command', () => {
  const open: Database[] = [];
  afterAll(async () => {
    for (const d of open) await d.close();
  });

  /** A room in a new database, taken by this process, and its owner. */
  async function owned(code = 'OWNERAA') {
    const target = await newDatabaseTarget('sqlite');
    if (typeof target !== 'string') throw new Error(target.skip);
    const database = await openDatabase(target);
    open.push(database);
    const clock = { t: 1_000_000 };
    const now = () => clock.t;
    const instance = newInstance();
    const store = new RoomStore(database, instance, now);
    const seeded = { ...RULES, seed: 7 };
    await store.insertRoom(code, seeded, sha256(SEAT), 'Ada', null, null);
    const row = (await store.roomRow(code))!;
    const epoch = (await store.take(row.id, now()))!;
    const start = startMatch(seeded);
    if (!start.ok) throw new Error('no match');
    const room = newLiveRoom(row.id, code, epoch, RULES, 7, 1, start.value, now(), null);
    const presence = new Presence(instance, now, FORFEIT_MS, FORFEIT_MS);
    const views = new LiveRooms(presence);
    views.apply(room, (await store.changes(store.db, room))!);
    const forgotten: boolean[] = [];
    const owner = new RoomOwner(room, {
      now,
      instance,
      referee: 'referee',
      store,
      presence,
      views,
      writer: new ActionWriter(actionLog(database, instance), views, now),
      seating: new Seating(store, presence, false),
      forget: (o, release) => {
        expect(o).toBe(owner);
        forgotten.push(release);
      },
    });
    return { database, store, owner, room, clock, forgotten, instance, row } as const;
  }

  it('keeps a room someone is joining through the sweep’s timeout, and lets it go once left empty', async () => {
    const { owner, clock, forgotten } = await owned();
    const ada = fakePeer();
    // Empty since it was loaded, and a forfeit time later: but a hello is being seated.
    clock.t += FORFEIT_MS;
    const joining = owner.hello(ada.peer, hello({ seat: SEAT }));
    owner.timeout(clock.t);
    owner.cleanUp();
    const c = await joining;
    expect(c.side).toBe(0);
    expect(ada.sent[0]).toMatchObject({ type: 'welcome', you: 0, referee: 'referee' });
    expect(forgotten).toEqual([]);
    // Connected: neither the timeout nor the clean-up lets it go.
    clock.t += FORFEIT_MS;
    owner.timeout(clock.t);
    owner.cleanUp();
    expect(forgotten).toEqual([]);
    // Left: the room stays a forfeit time, then is let go (released) once.
    c.closed();
    owner.timeout(clock.t + FORFEIT_MS - 1);
    expect(forgotten).toEqual([]);
    owner.timeout(clock.t + FORFEIT_MS);
    owner.timeout(clock.t + FORFEIT_MS);
    expect(forgotten).toEqual([true]);
    expect(owner.gone).toBe(true);
  });

  it('is lost once when a write is refused as stale: its sockets closed, the room not released', async () => {
    const { owner, store, row, clock, forgotten, database } = await owned();
    const ada = fakePeer();
    const bob = fakePeer();
    const a = await owner.hello(ada.peer, hello({ seat: SEAT }));
    await owner.hello(bob.peer, hello({ name: 'Bob' }));
    // Another take of the room (a server loading it again) raises its epoch.
    await store.take(row.id, clock.t);
    for (const [i, d] of ['l', 'r', 'u', 'd'].entries()) {
      await a.message({ type: 'act', id: i + 1, a: d });
    }
    const actions = await database.db.selectFrom('room_actions').select('seq').execute();
    expect(actions).toEqual([]);
    expect(ada.sent.some((m) => m.type === 'action')).toBe(false);
    expect(ada.closes).toEqual([CLOSE.goingAway]);
    expect(bob.closes).toEqual([CLOSE.goingAway]);
    expect(forgotten).toEqual([false]);
    owner.lost('again');
    expect(forgotten).toEqual([false]);
    expect(owner.connected).toBe(false);
  });

  it('takes in the seats the sweep read while current, and reads the room again when one changed elsewhere', async () => {
    const { owner, room, instance, forgotten, database, row } = await owned();
    const ada = fakePeer();
    await owner.hello(ada.peer, hello({ seat: SEAT }));
    const seatRow = (side: 0 | 1, more: Partial<SeatRow>): SeatRow => ({
      room_id: row.id,
      side,
      token_hash: room.seats[side].tokenHash,
      name: room.seats[side].name,
      holder: room.seats[side].holder,
      seen_ms: room.seats[side].seenMs,
      rematch: room.seats[side].rematchFor,
      player_hash: room.seats[side].playerHash,
      ...more,
    });
    // Read at an older version of the seats: ignored.
    const other = newInstance();
    owner.seatsRead([seatRow(1, { holder: other, seen_ms: 5 })], owner.version - 1);
    expect(room.seats[1].holder).toBe(null);
    // Current: the seat held elsewhere is taken in (its holder and heartbeat).
    owner.seatsRead([seatRow(1, { holder: other, seen_ms: 5 })], owner.version);
    expect(room.seats[1]).toMatchObject({ holder: other, seenMs: 5 });
    expect(room.seats[0].holder).toBe(instance);
    // Seat 1 given through another process: the owner reads the room, and tells its sockets.
    await database.db
      .updateTable('seats')
      .set({ token_hash: sha256('seat one'), name: 'Bob' })
      .where('room_id', '=', row.id)
      .where('side', '=', 1)
      .execute();
    owner.seatsRead([seatRow(1, { token_hash: sha256('seat one'), name: 'Bob' })], owner.version);
    expect(room.seats[1].name).toBe(null);
    await owner.settled;
    expect(room.seats[1].name).toBe('Bob');
    const seats = ada.sent.filter((m) => m.type === 'seats').at(-1);
    expect(seats).toMatchObject({ seats: [{ name: 'Ada' }, { name: 'Bob' }] });
    expect(forgotten).toEqual([]);
  });

  it('counts a room empty once its last seat was taken back elsewhere, and lets it go a forfeit time later', async () => {
    const { owner, store, clock, forgotten, database, row } = await owned();
    const ada = fakePeer();
    await owner.hello(ada.peer, hello({ seat: SEAT }));
    // Seat 0 connected again through another process: the database names that one its holder.
    const elsewhere = newInstance();
    await database.db
      .updateTable('seats')
      .set({ holder: elsewhere, seen_ms: clock.t })
      .where('room_id', '=', row.id)
      .where('side', '=', 0)
      .execute();
    owner.seatsRead(await store.seatRows([row.id]), owner.version);
    await owner.settled;
    expect(ada.closes).toEqual([CLOSE.replaced]);
    expect(owner.connected).toBe(false);
    owner.timeout(clock.t + FORFEIT_MS - 1);
    expect(forgotten).toEqual([]);
    owner.timeout(clock.t + FORFEIT_MS);
    expect(forgotten).toEqual([true]);
  });
});
