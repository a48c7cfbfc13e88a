/**
 * The rooms' sweep (every second or so), which sends each room's owner (owner.ts) its timeouts:
 * on PostgreSQL this process's heartbeat for the seats it holds (each room at its owner's epoch;
 * a room another claim took is told it is lost) and the seats read again (each owner told what
 * the database has); every tick, each owner's loss on time, forfeit, or room left empty; once a
 * minute, the clean-up: played rooms touched (at their epochs), idle rooms deleted, and each
 * owner of a room with no connection here let go.
 */
import type { RoomOwner } from './owner.ts';
import type { Presence } from './presence.ts';
import type { RoomStore } from './store.ts';
import { type LiveRoom, message, type RoomsOptions, type SeatRow } from './types.ts';

/** The most rooms one read of the seats names. */
const CHUNK = 500;

export class RoomSweeper {
  private readonly timer: NodeJS.Timeout;
  /** The sweep running, or null. */
  sweeping: Promise<void> | null = null;
  private failing = false;
  private lastBeat = 0;
  private lastCleanup = 0;
  private closed = false;

  constructor(
    /** The owners of the rooms live in this process. */
    private readonly owners: () => Iterable<RoomOwner>,
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
        const owners = new Map<LiveRoom, RoomOwner>([...this.owners()].map((w) => [w.room, w]));
        const stale = await this.store.heartbeat([...owners.keys()], now);
        for (const room of stale) {
          owners.get(room)?.lost('its heartbeat refused: another claim took it');
        }
        // Only once written: after an outage, the first sweep that reaches the database beats.
        this.lastBeat = now;
      }
      await this.readSeats();
    }
    for (const owner of [...this.owners()]) owner.timeout(now);
    if (now - this.lastCleanup >= 60_000) {
      this.lastCleanup = now;
      await this.cleanUp(now);
    }
  }

  /**
   * Reads the seats of the rooms with connections here and tells each owner what the database
   * has: who holds them elsewhere and their heartbeats, or changes it must read in order.
   */
  private async readSeats(): Promise<void> {
    const owners = [...this.owners()].filter((w) => w.connected);
    for (let i = 0; i < owners.length; i += CHUNK) {
      const chunk = owners.slice(i, i + CHUNK);
      const versions = chunk.map((w) => w.version);
      const rows = await this.store.seatRows(chunk.map((w) => w.room.id));
      const byRoom = new Map<number, SeatRow[]>();
      for (const r of rows) {
        const id = Number(r.room_id);
        byRoom.set(id, [...(byRoom.get(id) ?? []), r]);
      }
      for (const [j, w] of chunk.entries()) {
        w.seatsRead(byRoom.get(w.room.id) ?? [], versions[j]!);
      }
    }
  }

  /** Deletes rooms nobody entered for idleMs (their finished matches stay in room_results). */
  private async cleanUp(now: number): Promise<void> {
    try {
      // Rooms played in here count as entered (an action does not write the room's row), each
      // at its live copy's epoch: a room another claim took is not this copy's to keep.
      const playing = [...this.owners()].filter((w) => w.connected).map((w) => w.room);
      for (let i = 0; i < playing.length; i += CHUNK) {
        await this.store.touchAll(playing.slice(i, i + CHUNK), now);
      }
      await this.store.deleteIdle(now - this.o.idleMs);
      for (const owner of [...this.owners()]) owner.cleanUp();
    } catch (e) {
      this.o.log?.(`rooms: cleaning up idle rooms: ${message(e)}`);
    }
  }
}
