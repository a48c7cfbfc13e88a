/**
 * A socket that closed while its hello waited takes no seat: when its client has connected
 * again meanwhile (a hello that waited on a dead owner, then reached the room after the new
 * one), seating it would close the seat's live connection as "taken back elsewhere".
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CLOSE, ROOM_PROTOCOL, type ServerMessage } from '../../net/rooms.ts';
import { BACKENDS, newDatabaseTarget } from '../../testing/serverHarness.ts';
import { type Database, openDatabase } from '../db.ts';
import { Rooms } from './rooms.ts';
import type { Peer } from './types.ts';

function fakePeer(gone: () => boolean) {
  const sent: ServerMessage[] = [];
  const closes: { code: number; reason: string }[] = [];
  const peer: Peer = {
    send: (m) => sent.push(m),
    sendText: (t) => sent.push(JSON.parse(t) as ServerMessage),
    close: (code, reason) => closes.push({ code, reason }),
    gone,
  };
  return { peer, sent, closes };
}

describe.each(BACKENDS)(
  'a seat and a hello whose socket closed while it waited, on %s',
  (backend) => {
    const open: { rooms: Rooms; database: Database }[] = [];
    afterAll(async () => {
      for (const o of open) {
        await o.rooms.close();
        await o.database.close();
      }
    });

    it('seats nobody for the closed socket and leaves the live one seated', async (ctx) => {
      const target = await newDatabaseTarget(backend);
      if (typeof target !== 'string') return ctx.skip(target.skip);
      const database = await openDatabase(target);
      const rooms = new Rooms(database);
      open.push({ rooms, database });
      const made = await rooms.create({ kind: 'versus', name: 'Ada' });
      const hello = {
        type: 'hello',
        protocol: ROOM_PROTOCOL,
        room: made.code,
        seat: made.seat,
      } as const;
      const live = fakePeer(() => false);
      await rooms.hello(live.peer, hello);
      expect(live.sent[0]).toMatchObject({ type: 'welcome', you: 0 });

      // The same seat's hello from a socket that has closed meanwhile: refused, nothing closed.
      const stale = fakePeer(() => true);
      await expect(rooms.hello(stale.peer, hello)).rejects.toMatchObject({ code: 'closed' });
      expect(stale.sent).toEqual([]);
      expect(live.closes).toEqual([]);

      // An open socket with the seat's token does take it back (the live one is told so).
      const again = fakePeer(() => false);
      await rooms.hello(again.peer, hello);
      expect(again.sent[0]).toMatchObject({ type: 'welcome', you: 0 });
      expect(live.closes.map((c) => c.code)).toEqual([CLOSE.replaced]);
    });
  },
);
