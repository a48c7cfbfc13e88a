/**
 * Who is in a room: its connections in this process, its seats' presence as the database says
 * (a seat held by another process counts as connected while that process's heartbeat comes),
 * and the sweep that beats, reads the seats, decides forfeits and lets empty rooms go.
 */
import {
  type MatchResult,
  matchOver,
  type SeatInfo,
  type ServerMessage,
  type Side,
  sideToAct,
} from '../../net/rooms.ts';
import type { RoomStore } from './store.ts';
import {
  type Changes,
  type LiveRoom,
  message,
  num,
  other,
  type Peer,
  type RoomsOptions,
  type Seat,
} from './types.ts';

export function eachPeer(room: LiveRoom, f: (p: Peer, side: Side | null) => void): void {
  for (const s of [0, 1] as const) for (const p of room.seats[s].peers) f(p, s);
  for (const p of room.watchers) f(p, null);
}

export function peerCount(room: LiveRoom): number {
  return room.seats[0].peers.size + room.seats[1].peers.size + room.watchers.size;
}

/** Sends `m` to the room's connections (but `except`). */
export function broadcast(room: LiveRoom, m: ServerMessage, except?: Peer): void {
  const text = JSON.stringify(m);
  eachPeer(room, (p) => {
    if (p !== except) p.sendText(text);
  });
}

/** The rematch offers standing after the room's finished match. */
export function offers(room: LiveRoom): [boolean, boolean] {
  const offered = (s: Seat) => room.result !== null && s.rematchFor === room.matchNo;
  return [offered(room.seats[0]), offered(room.seats[1])];
}

/**
 * When the side to act in the room's duel loses on time (ms), or null: no clock (versus, no time
 * per decision), the match over, or its second seat still free (the clock starts when both are
 * taken).
 */
export function deadlineOf(room: LiveRoom): number | null {
  if (room.turnMs === null || room.match.kind !== 'duel' || room.result !== null) return null;
  if (matchOver(room.match)) return null;
  if (room.seats[1].tokenHash === null) return null;
  return room.turnFrom + room.turnMs;
}

/** The seats' presence as this process sees it. */
export class Presence {
  constructor(
    /** This process's instance id. */
    readonly instance: string,
    readonly now: () => number,
    readonly forfeitMs: number,
    /** How long a seat held by another process counts as connected after its last heartbeat. */
    readonly leaseMs: number,
  ) {}

  /**
   * Whether a seat is connected, and if not since when it counts as left (ms): never before the
   * match started here (a seat left during the match before has its whole forfeit time again).
   */
  of(room: LiveRoom, seat: Seat, now: number): { connected: boolean; left: number } {
    const p = this.presenceOf(room, seat, now);
    return p.connected ? p : { connected: false, left: Math.max(p.left, room.startedAt) };
  }

  private presenceOf(
    room: LiveRoom,
    seat: Seat,
    now: number,
  ): { connected: boolean; left: number } {
    if (seat.peers.size > 0) return { connected: true, left: now };
    if (seat.holder === this.instance) {
      return { connected: false, left: seat.leftAt ?? seat.seenMs ?? room.loadedAt };
    }
    if (seat.holder !== null) {
      // Held through another process: connected while its heartbeats come.
      const seen = seat.seenMs ?? room.loadedAt;
      return now - seen < this.leaseMs
        ? { connected: true, left: now }
        : { connected: false, left: seen + this.leaseMs };
    }
    return { connected: false, left: seat.seenMs ?? room.loadedAt };
  }

  seatInfo(room: LiveRoom): SeatInfo[] {
    const now = this.now();
    const playing = room.result === null && room.seats[1].tokenHash !== null;
    return room.seats.map((s) => {
      const p = this.of(room, s, now);
      return {
        name: s.name,
        connected: p.connected,
        forfeitAt: playing && s.tokenHash !== null && !p.connected ? p.left + this.forfeitMs : null,
      };
    });
  }

  /** The side whose time for its decision has run out (a duel), or null. */
  timeDue(room: LiveRoom, now: number): Side | null {
    const deadline = deadlineOf(room);
    return deadline !== null && now >= deadline ? sideToAct(room.match) : null;
  }

  /** Whether `s` has been left longer than a forfeit takes while the other seat is connected. */
  forfeitDue(room: LiveRoom, s: Side, now: number): boolean {
    if (room.result !== null || room.seats[1].tokenHash === null) return false;
    const me = this.of(room, room.seats[s], now);
    return (
      !me.connected &&
      now - me.left >= this.forfeitMs &&
      this.of(room, room.seats[other(s)], now).connected
    );
  }
}

/** What the sweep needs of the rooms. */
export interface SweptRooms {
  readonly live: ReadonlyMap<string, LiveRoom>;
  serial<T>(room: LiveRoom, job: () => Promise<T>): Promise<T>;
  apply(room: LiveRoom, ch: Changes): void;
  sync(room: LiveRoom): Promise<void>;
  requestSync(room: LiveRoom): void;
  seatsChanged(room: LiveRoom): void;
  evict(room: LiveRoom): void;
  lose(room: LiveRoom, why: string): void;
  forfeitResult(room: LiveRoom, winner: Side, reason: 'forfeit' | 'time'): MatchResult;
}

/**
 * The rooms' sweep (every second or so): heartbeat and seats (PostgreSQL), forfeits, rooms left
 * empty, idle rooms in the database.
 */
export class RoomSweeper {
  private readonly timer: NodeJS.Timeout;
  /** The sweep running, or null. */
  sweeping: Promise<void> | null = null;
  private failing = false;
  private lastBeat = 0;
  private lastCleanup = 0;
  private closed = false;

  constructor(
    private readonly rooms: SweptRooms,
    private readonly store: RoomStore,
    private readonly presence: Presence,
    private readonly o: RoomsOptions & { shared: boolean; idleMs: number; heartbeatMs: number },
  ) {
    this.timer = setInterval(() => this.sweep(), Math.min(1000, presence.forfeitMs / 4));
    this.timer.unref();
  }

  stop(): void {
    this.closed = true;
    clearInterval(this.timer);
  }

  private sweep(): void {
    if (this.closed || this.sweeping) return;
    this.sweeping = this.sweepOnce()
      .then(
        () => {
          if (this.failing) this.o.log?.('rooms: sweeping again');
          this.failing = false;
        },
        (e) => {
          // Once per outage (the database down), not at every tick.
          if (!this.failing) this.o.log?.(`rooms: sweeping: ${message(e)}`);
          this.failing = true;
        },
      )
      .finally(() => {
        this.sweeping = null;
      });
  }

  private async sweepOnce(): Promise<void> {
    const now = this.presence.now();
    if (this.o.shared) {
      if (now - this.lastBeat >= this.o.heartbeatMs) {
        // Each room's seats at its epoch: a room another claim took beats nothing, and is let go.
        const stale = await this.store.heartbeat([...this.rooms.live.values()], now);
        for (const room of stale)
          this.rooms.lose(room, 'its heartbeat refused: another claim took it');
        // Only once written: after an outage, the first sweep that reaches the database beats.
        this.lastBeat = now;
      }
      await this.readSeats();
    }
    for (const room of this.rooms.live.values()) {
      // A room with no connection here is decided by a process it has connections with.
      const late = this.presence.timeDue(room, now);
      if (!room.forfeiting && peerCount(room) > 0 && late !== null)
        this.forfeit(room, late, 'time');
      for (const s of [0, 1] as const) {
        if (!room.forfeiting && peerCount(room) > 0 && this.presence.forfeitDue(room, s, now)) {
          this.forfeit(room, s, 'forfeit');
          break;
        }
      }
      const forfeitMs = this.presence.forfeitMs;
      // A room someone is joining stays, however long the database takes to seat them.
      if (room.emptySince !== null && room.arriving === 0 && now - room.emptySince >= forfeitMs) {
        this.rooms.evict(room);
      }
    }
    if (now - this.lastCleanup >= 60_000) {
      this.lastCleanup = now;
      await this.cleanUp(now);
    }
  }

  /**
   * Reads the seats of the rooms with connections here: who holds them elsewhere and their
   * heartbeats. A seat that changed otherwise (taken, named, offered, taken back elsewhere)
   * makes the room read its changes in order.
   */
  private async readSeats(): Promise<void> {
    const rooms = [...this.rooms.live.values()].filter((r) => peerCount(r) > 0);
    const instance = this.presence.instance;
    for (let i = 0; i < rooms.length; i += 500) {
      const chunk = new Map(rooms.slice(i, i + 500).map((r) => [r.id, r]));
      const versions = new Map([...chunk.values()].map((r) => [r, r.version]));
      const rows = await this.store.seatRows([...chunk.keys()]);
      for (const r of rows) {
        const room = chunk.get(Number(r.room_id));
        if (!room || versions.get(room) !== room.version || room.syncQueued) continue;
        const seat = room.seats[Number(r.side) as Side];
        const mine = seat.peers.size > 0 || seat.holder === instance;
        if (
          r.token_hash !== seat.tokenHash ||
          r.name !== seat.name ||
          num(r.rematch) !== seat.rematchFor ||
          (mine && r.holder !== null && r.holder !== instance)
        ) {
          this.rooms.requestSync(room);
        } else if (!mine) {
          seat.holder = r.holder;
          seat.seenMs = num(r.seen_ms);
        }
      }
    }
    for (const room of rooms) if (!room.syncQueued) this.rooms.seatsChanged(room);
  }

  /**
   * Gives the match to the other seat: `s` left its seat too long (forfeit) or let its decision's
   * time run out (time), decided again on the database's view, in order.
   */
  private forfeit(room: LiveRoom, s: Side, reason: 'forfeit' | 'time'): void {
    room.forfeiting = true;
    this.rooms
      .serial(room, () => this.decide(room, s, reason))
      .catch((e) => this.o.log?.(`room ${room.code}: ${reason}: ${message(e)}`))
      .finally(() => {
        room.forfeiting = false;
      });
  }

  /**
   * {@link forfeit}'s decision, inside the room's order: the match to the other seat when it is
   * still due on the database's view (written once).
   */
  async decide(room: LiveRoom, s: Side, reason: 'forfeit' | 'time'): Promise<void> {
    const now = this.presence.now;
    const due = () =>
      reason === 'time'
        ? this.presence.timeDue(room, now()) === s
        : this.presence.forfeitDue(room, s, now());
    if (!due()) return;
    const result = await this.store.locked(room, async (tx) => {
      const ch = await this.store.changes(tx, room);
      if (ch) this.rooms.apply(room, ch);
      if (!due()) return null;
      const r = this.rooms.forfeitResult(room, other(s), reason);
      if (!(await this.store.storeResult(tx, room, r, now()))) return null;
      await this.store.notify(tx, room, 'end');
      return r;
    });
    if (result === false) return this.rooms.sync(room);
    if (result === null) return;
    room.result = result;
    broadcast(room, { type: 'end', match: room.matchNo, result });
    this.rooms.seatsChanged(room);
  }

  /** Deletes rooms nobody entered for idleMs (their finished matches stay in room_results). */
  private async cleanUp(now: number): Promise<void> {
    try {
      // Rooms played in here count as entered (an action does not write the room's row), each
      // at its live copy's epoch: a room another claim took is not this copy's to keep.
      const playing = [...this.rooms.live.values()].filter((r) => peerCount(r) > 0);
      for (let i = 0; i < playing.length; i += 500) {
        await this.store.touchAll(playing.slice(i, i + 500), now);
      }
      await this.store.deleteIdle(now - this.o.idleMs);
      // Not a room someone is joining: they would join the evicted copy and hear nothing more.
      for (const room of this.rooms.live.values()) {
        if (peerCount(room) === 0 && room.arriving === 0) this.rooms.evict(room);
      }
    } catch (e) {
      this.o.log?.(`rooms: cleaning up idle rooms: ${message(e)}`);
    }
  }
}
