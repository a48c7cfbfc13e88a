/**
 * Who referees a room (PostgreSQL): one process at a time, its owner, named in the room's row
 * (`rooms.owner`, migration 0011) while that process's lease (../lease.ts) is live. A room nobody owns, or whose
 * owner's lease ran out (the process died, hung, or lost the database), is claimed by the
 * first process a socket of that room reaches. Times are the database's clock, so the
 * processes' clocks need not agree.
 *
 * Every claim that takes the room raises its epoch (`rooms.epoch`, migration 0016), and the live
 * room remembers the epoch it took. An owner's writes are fenced by it: an action, a seat, a
 * result, a rematch or a forfeit is written only while the room's row names this process and
 * this epoch (log.ts, store.ts; letting go too: {@link Ownership.release},
 * {@link Ownership.stop}), so a process that lost a room (it could not renew in time, and
 * another took it), or an older live copy of a room this process claimed again, writes and
 * acknowledges nothing more in it. After a gap in its renewals it asks which of its rooms are
 * still its own ({@link Ownership.owned}) and lets the others go; it claims new rooms only
 * while its lease is fresh.
 */
import { sql } from 'kysely';
import { DB_NOW, type ProcessLease } from '../lease.ts';
import { type Db, Refusal } from './types.ts';

/** A room's owner as a claim found it. */
export type Claim =
  /** Taken by this process, at this epoch. */
  | { readonly mine: true; readonly epoch: number }
  | { readonly mine: false; readonly owner: string }
  /** The room is gone. */
  | null;

export class Ownership {
  constructor(
    private readonly db: Db,
    /** This process's lease (../lease.ts): the rooms' owner is named by its instance. */
    readonly lease: ProcessLease,
  ) {}

  get instance(): string {
    return this.lease.instance;
  }

  /** Whether this process may referee: its lease renewed recently enough. */
  get fresh(): boolean {
    return this.lease.fresh;
  }

  /**
   * Takes the room when nobody owns it or its owner's lease ran out (or it is this process's
   * already), raising its epoch: the epoch taken; else who owns it.
   */
  async claim(roomId: number): Promise<Claim> {
    if (!this.fresh) await this.lease.renew();
    if (!this.fresh) {
      throw new Refusal('unavailable', 'the rooms’ lease is not renewed; connect again', 1001);
    }
    // The update's row is what the claim took (an update sees the row as it committed last):
    // its epoch, not the one the outer select's snapshot read.
    const r = await sql<{ epoch: number | null; owner: string | null }>`with c as (
        update rooms set owner = ${this.instance}, epoch = epoch + 1
        where id = ${roomId} and (owner is null or owner = ${this.instance} or not exists (
          select 1 from room_processes p where p.instance = rooms.owner and p.until_ms >= ${DB_NOW}))
        returning epoch)
      select (select epoch from c) as epoch, r.owner from rooms r where r.id = ${roomId}`.execute(
      this.db,
    );
    const row = r.rows[0];
    if (!row) return null;
    if (row.epoch !== null) return { mine: true, epoch: Number(row.epoch) };
    return { mine: false, owner: row.owner ?? '' };
  }

  /** Of these live rooms, the ids of those whose row names this process and their epoch. */
  async owned(rooms: readonly { id: number; epoch: number }[]): Promise<Set<number>> {
    if (rooms.length === 0) return new Set();
    const r = await sql<{ id: number }>`select r.id from rooms r
      join unnest(${rooms.map((x) => x.id)}::bigint[], ${rooms.map((x) => x.epoch)}::bigint[])
        as l(id, epoch) on l.id = r.id and l.epoch = r.epoch
      where r.owner = ${this.instance}`.execute(this.db);
    return new Set(r.rows.map((x) => Number(x.id)));
  }

  /** Lets go of the room taken at `epoch` (this process keeps it in memory no longer). */
  async release(roomId: number, epoch: number): Promise<void> {
    await sql`update rooms set owner = null
      where id = ${roomId} and owner = ${this.instance} and epoch = ${epoch}`.execute(this.db);
  }

  /**
   * Lets go of these live rooms, each at the epoch its copy took (the process is stopping; its
   * lease is stopped after): a room claimed since, by another process or by this one again, is
   * left to that claim.
   */
  async stop(rooms: readonly { id: number; epoch: number }[]): Promise<void> {
    if (rooms.length === 0) return;
    await sql`update rooms r set owner = null
      from unnest(${rooms.map((x) => x.id)}::bigint[], ${rooms.map((x) => x.epoch)}::bigint[])
        as l(id, epoch)
      where l.id = r.id and l.epoch = r.epoch and r.owner = ${this.instance}`.execute(this.db);
  }
}
