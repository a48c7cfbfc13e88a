/** Taking a seat: a seat token given back, the free seat taken by a new player. */
import { randomBytes } from 'node:crypto';
import { checkName, isPlayerKey } from '../../net/api.ts';
import { CLOSE, type ClientMessage, type Side } from '../../net/rooms.ts';
import { sha256 } from '../hash.ts';
import type { Presence } from './presence.ts';
import type { RoomStore } from './store.ts';
import { type LiveRoom, other, type Peer, Refusal } from './types.ts';

export class Seating {
  constructor(
    private readonly store: RoomStore,
    private readonly presence: Presence,
    /** Other processes may serve the same rooms (PostgreSQL). */
    private readonly shared: boolean,
  ) {}

  /**
   * The seat a hello asks for (null: watching), and the seat's token when just given. `sync`
   * reads the room's changes and takes them in (a seat given through another process).
   */
  async seatFor(
    room: LiveRoom,
    m: Extract<ClientMessage, { type: 'hello' }>,
    sync: () => Promise<void>,
  ): Promise<{ side: Side | null; given: string | null }> {
    if (m.seat !== undefined) {
      if (!isPlayerKey(m.seat)) throw new Refusal('bad-seat', 'not a seat token', CLOSE.badSeat);
      const hash = sha256(m.seat);
      const find = () =>
        room.seats[0].tokenHash === hash ? 0 : room.seats[1].tokenHash === hash ? 1 : null;
      let side: Side | null = find();
      // Seat 1 may have been given through another process a moment ago.
      if (side === null && this.shared) {
        await sync();
        side = find();
      }
      if (side === null) {
        throw new Refusal(
          'bad-seat',
          `this seat token is not one of room ${room.code}'s`,
          CLOSE.badSeat,
        );
      }
      return { side, given: null };
    }
    if (m.watch || room.seats[1].tokenHash !== null) return { side: null, given: null };
    const name = checkName(m.name ?? 'Player 2');
    if (!name.ok) throw new Refusal(name.error.code, name.error.message, CLOSE.badMessage);
    if (m.player !== undefined && !isPlayerKey(m.player)) {
      throw new Refusal('bad-player', 'not a player key', CLOSE.badMessage);
    }
    // Only the key's SHA-256 is kept: the seat's matches count for its record.
    const playerHash = m.player === undefined ? null : sha256(m.player);
    const token = randomBytes(32).toString('base64url');
    const now = this.presence.now();
    if (!(await this.store.takeSeat(room, sha256(token), name.value, playerHash, now))) {
      // Another server process gave the seat away first: read the room again, and watch.
      await sync();
      return { side: null, given: null };
    }
    Object.assign(room.seats[1], {
      tokenHash: sha256(token),
      name: name.value,
      playerHash,
      holder: this.presence.instance,
      seenMs: now,
    });
    // Both seats taken: a duel's clock starts.
    room.turnFrom = now;
    room.version++;
    return { side: 1, given: token };
  }

  /**
   * `peer` takes `side`'s seat: this process holds it now (`claimed`: already written so). The
   * seat's writes name the room's epoch: throws `StaleClaim` (nothing written) when the
   * room is not this live copy's.
   */
  async sit(room: LiveRoom, side: Side, peer: Peer, claimed: boolean): Promise<void> {
    const seat = room.seats[side];
    // The seat taken back from another connection (an older one, perhaps dead): that one goes.
    for (const old of seat.peers) old.close(CLOSE.replaced, 'this seat connected again elsewhere');
    seat.peers.clear();
    seat.peers.add(peer);
    seat.leftAt = null;
    room.version++;
    const now = this.presence.now();
    // The other seat, left longer ago than a forfeit takes, while nobody was here to claim it:
    // its time starts now.
    const restarted = await this.store.owned(room, async (tx) => {
      if (!claimed) await this.store.holdSeat(tx, room.id, side, now);
      return this.store.restartSeat(tx, room.id, other(side), now, this.presence.forfeitMs);
    });
    seat.holder = this.presence.instance;
    seat.seenMs = now;
    const them = room.seats[other(side)];
    if (restarted && them.holder === null) them.seenMs = now;
    await this.store.notify(this.store.db, room, 'seats');
  }
}
