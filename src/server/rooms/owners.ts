/**
 * Who referees a room (PostgreSQL): one process at a time, its owner, named in the room's row
 * (`rooms.owner`, migration 0011) while that process's lease (../lease.ts) is live. A room nobody owns, or whose
 * owner's lease ran out (the process died, hung, or lost the database), is claimed by the
 * first process a socket of that room reaches. Times are the database's clock, so the
 * processes' clocks need not agree.
 *
 * An owner's writes are fenced: an action is written only while the room's row names it
 * (log.ts), so a process that lost a room (it could not renew in time, and another took it)
 * acknowledges nothing more in it. After such a gap in its renewals it asks which of its rooms
 * are still its own ({@link Ownership.owned}) and lets the others go; it claims new rooms only
 * while its lease is fresh.
 */
import { sql } from 'kysely';
import { DB_NOW, type ProcessLease } from '../lease.ts';
import { type Db, Refusal } from './types.ts';

/** A room's owner as a claim found it. */
export type Claim =
  | { readonly mine: true }
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
   * already); else who owns it.
   */
  async claim(roomId: number): Promise<Claim> {
    if (!this.fresh) await this.lease.renew();
    if (!this.fresh) {
      throw new Refusal('unavailable', 'the rooms’ lease is not renewed; connect again', 1001);
    }
    const r = await sql<{ claimed: number; owner: string | null }>`with c as (
        update rooms set owner = ${this.instance}
        where id = ${roomId} and (owner is null or owner = ${this.instance} or not exists (
          select 1 from room_processes p where p.instance = rooms.owner and p.until_ms >= ${DB_NOW}))
        returning id)
      select (select count(*) from c)::int as claimed, r.owner from rooms r where r.id = ${roomId}`.execute(
      this.db,
    );
    const row = r.rows[0];
    if (!row) return null;
    if (Number(row.claimed) === 1 || row.owner === this.instance) return { mine: true };
    return { mine: false, owner: row.owner ?? '' };
  }

  /** Of these rooms, those whose row names this process their owner. */
  async owned(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const r = await sql<{ id: number }>`select id from rooms
      where id = any(${[...ids]}::bigint[]) and owner = ${this.instance}`.execute(this.db);
    return new Set(r.rows.map((x) => Number(x.id)));
  }

  /** Lets go of the room (this process keeps it in memory no longer). */
  async release(roomId: number): Promise<void> {
    await sql`update rooms set owner = null where id = ${roomId} and owner = ${this.instance}`.execute(
      this.db,
    );
  }

  /** Of these processes, those whose lease is live. */
  alive(instances: readonly string[]): Promise<Set<string>> {
    return this.lease.alive(instances);
  }

  /** Lets go of every room (the process is stopping; its lease is stopped after). */
  async stop(): Promise<void> {
    await sql`update rooms set owner = null where owner = ${this.instance}`.execute(this.db);
  }
}
