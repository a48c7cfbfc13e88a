/**
 * Who referees a room (PostgreSQL): one process at a time, its owner, named in the room's row
 * (`rooms.owner`, migration 0011) while that process's lease in `room_processes` is live. A
 * process renews its lease (one row, every quarter of the lease); a room nobody owns, or whose
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
import { type Db, Refusal } from './types.ts';

/** The database's clock, in ms. */
const DB_NOW = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/** A room's owner as a claim found it. */
export type Claim =
  | { readonly mine: true }
  | { readonly mine: false; readonly owner: string }
  /** The room is gone. */
  | null;

export class Ownership {
  /** When the last renewal that reached the database was sent (performance.now() ms). */
  private renewedAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;
  private renewing: Promise<void> | null = null;
  private failing = false;
  private stopped = false;
  /** After a gap in the renewals: which rooms are still this process's is being asked. */
  private checking = false;

  constructor(
    private readonly db: Db,
    readonly instance: string,
    /** How long a process's lease lasts without a renewal (ms). */
    readonly leaseMs: number,
    private readonly log?: (line: string) => void,
    /** Called after a renewal that came later than the lease: rooms may have been taken. */
    private readonly gap?: () => Promise<void>,
  ) {}

  /** Renews the lease now, then every quarter of it. */
  start(): Promise<void> {
    this.timer = setInterval(() => void this.renew(), this.leaseMs / 4);
    this.timer.unref();
    return this.renew();
  }

  /** Whether this process may referee: its lease renewed recently enough. */
  get fresh(): boolean {
    return !this.checking && performance.now() - this.renewedAt < this.leaseMs * 0.75;
  }

  /** Renews this process's lease (one in flight at a time). */
  renew(): Promise<void> {
    if (this.renewing || this.stopped) return this.renewing ?? Promise.resolve();
    const sent = performance.now();
    this.renewing = sql`insert into room_processes (instance, until_ms)
        values (${this.instance}, ${DB_NOW} + ${this.leaseMs})
        on conflict (instance) do update set until_ms = excluded.until_ms`
      .execute(this.db)
      .then(
        () => {
          const late = sent - this.renewedAt >= this.leaseMs * 0.75;
          const first = this.renewedAt === Number.NEGATIVE_INFINITY;
          this.renewedAt = sent;
          if (late && !first && this.gap) {
            // Not fresh until the rooms taken meanwhile are let go.
            this.checking = true;
            this.gap()
              .catch((e: unknown) =>
                this.log?.(
                  `rooms: checking the rooms owned: ${e instanceof Error ? e.message : e}`,
                ),
              )
              .finally(() => {
                this.checking = false;
              });
          }
          if (this.failing) this.log?.('rooms: renewing the rooms’ lease again');
          this.failing = false;
        },
        (e: unknown) => {
          if (!this.failing) {
            this.log?.(`rooms: renewing the rooms’ lease: ${e instanceof Error ? e.message : e}`);
          }
          this.failing = true;
        },
      )
      .finally(() => {
        this.renewing = null;
      });
    return this.renewing;
  }

  /**
   * Takes the room when nobody owns it or its owner's lease ran out (or it is this process's
   * already); else who owns it.
   */
  async claim(roomId: number): Promise<Claim> {
    if (!this.fresh) await this.renew();
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
  async alive(instances: readonly string[]): Promise<Set<string>> {
    if (instances.length === 0) return new Set();
    const r = await sql<{ instance: string }>`select instance from room_processes
      where instance = any(${[...instances]}) and until_ms >= ${DB_NOW}`.execute(this.db);
    return new Set(r.rows.map((x) => x.instance));
  }

  /** Stops renewing and lets go of every room and of the lease (the process is stopping). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.renewing;
    await sql`update rooms set owner = null where owner = ${this.instance}`.execute(this.db);
    await sql`delete from room_processes where instance = ${this.instance}`.execute(this.db);
  }
}
