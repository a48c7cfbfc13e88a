/**
 * The welcome names the process that referees the room (`referee`, an opaque id made when the
 * process starts): the same while that process keeps the room, another once the room goes on on
 * another process (here: the server started again on the same database), which is how a client
 * knows to say that the server changed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ROOM_PROTOCOL, type ServerMessage } from '../../net/rooms.ts';
import { newDatabaseTarget } from '../../testing/serverHarness.ts';
import { type Database, openDatabase } from '../db.ts';
import { Rooms } from './rooms.ts';
import type { Peer } from './types.ts';

function peer() {
  const sent: ServerMessage[] = [];
  const p: Peer = {
    send: (m) => sent.push(m),
    sendText: (t) => sent.push(JSON.parse(t) as ServerMessage),
    close: () => {},
    gone: () => false,
  };
  return { p, sent };
}

const refereeOf = (sent: readonly ServerMessage[]) => {
  const w = sent.find((m) => m.type === 'welcome');
  return w?.type === 'welcome' ? w.referee : undefined;
};

describe('the welcome’s referee', () => {
  const open: { rooms: Rooms; database: Database }[] = [];
  afterAll(async () => {
    for (const o of open) {
      await o.rooms.close();
      await o.database.close();
    }
  });

  it('is the same from one process, another from the process that goes on with the room', async () => {
    const target = await newDatabaseTarget('sqlite');
    if (typeof target !== 'string') throw new Error('no sqlite');
    const first = { database: await openDatabase(target) } as { rooms: Rooms; database: Database };
    first.rooms = new Rooms(first.database);
    open.push(first);
    const made = await first.rooms.create({ kind: 'versus', name: 'Ada' });
    const hello = {
      type: 'hello',
      protocol: ROOM_PROTOCOL,
      room: made.code,
      seat: made.seat,
    } as const;
    const a = peer();
    await first.rooms.hello(a.p, hello);
    const b = peer();
    await first.rooms.hello(b.p, { ...hello, seat: undefined, watch: true });
    expect(refereeOf(a.sent)).toMatch(/^[0-9a-f]{16}$/);
    expect(refereeOf(b.sent)).toBe(refereeOf(a.sent));

    await first.rooms.close();
    await first.database.close();
    open.pop();
    const second = { database: await openDatabase(target) } as { rooms: Rooms; database: Database };
    second.rooms = new Rooms(second.database);
    open.push(second);
    const c = peer();
    await second.rooms.hello(c.p, hello);
    expect(c.sent[0]).toMatchObject({ type: 'welcome', you: 0 });
    expect(refereeOf(c.sent)).toMatch(/^[0-9a-f]{16}$/);
    expect(refereeOf(c.sent)).not.toBe(refereeOf(a.sent));
  });
});
