/**
 * A server process's lease (PostgreSQL): the one place that says which processes are alive.
 * Each process has an instance id and a row in `room_processes` (migration 0011) that it renews
 * every quarter of the lease; a process whose row ran out died, hung or lost the database.
 * Times are the database's clock, so the processes' clocks need not agree.
 *
 * The rooms (rooms/owners.ts) claim a room only from a process whose lease ran out, and ranked
 * play (ranked/ranked.ts) leaves out of a game's clock the time its dead owner held it. After a
 * renewal that came later than the lease, the process may have lost what it owned: the
 * listeners of {@link ProcessLease.onGap} are told, and the lease is not fresh until they
 * have checked.
 */
import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Schema } from './schema.ts';

/** The database's clock, in ms. */
export const DB_NOW = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/** A new process's instance id. */
export const newInstance = (): string => randomBytes(8).toString('hex');

export class ProcessLease {
  /** When the last renewal that reached the database was sent (performance.now() ms). */
  private renewedAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;
  private renewing: Promise<void> | null = null;
  private failing = false;
  private stopped = false;
  private started: Promise<void> | null = null;
  /** After a gap in the renewals: the listeners are checking what is still this process's. */
  private checking = 0;
  private readonly gaps: (() => Promise<void>)[] = [];

  constructor(
    private readonly db: Kysely<Schema>,
    readonly instance: string,
    /** How long a process's lease lasts without a renewal (ms). */
    readonly leaseMs: number,
    private readonly log?: (line: string) => void,
  ) {}

  /** Renews the lease now, then every quarter of it (once, however often it is called). */
  start(): Promise<void> {
    if (this.started) return this.started;
    this.timer = setInterval(() => void this.renew(), this.leaseMs / 4);
    this.timer.unref();
    this.started = this.renew();
    return this.started;
  }

  /** Called after a renewal that came later than the lease: what was owned may be taken. */
  onGap(check: () => Promise<void>): void {
    this.gaps.push(check);
  }

  /** Whether this process may act as an owner: its lease renewed recently enough. */
  get fresh(): boolean {
    return this.checking === 0 && performance.now() - this.renewedAt < this.leaseMs * 0.75;
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
          if (late && !first) this.gapped();
          if (this.failing) this.log?.('lease: renewing the process’s lease again');
          this.failing = false;
        },
        (e: unknown) => {
          if (!this.failing) {
            this.log?.(
              `lease: renewing the process’s lease: ${e instanceof Error ? e.message : e}`,
            );
          }
          this.failing = true;
        },
      )
      .finally(() => {
        this.renewing = null;
      });
    return this.renewing;
  }

  /** Not fresh until every listener has checked what is still this process's. */
  private gapped(): void {
    for (const check of this.gaps) {
      this.checking++;
      check()
        .catch((e: unknown) =>
          this.log?.(`lease: checking what is owned: ${e instanceof Error ? e.message : e}`),
        )
        .finally(() => {
          this.checking--;
        });
    }
  }

  /** Of these processes, those whose lease is live. */
  async alive(instances: readonly string[]): Promise<Set<string>> {
    if (instances.length === 0) return new Set();
    const r = await sql<{ instance: string }>`select instance from room_processes
      where instance = any(${[...instances]}) and until_ms >= ${DB_NOW}`.execute(this.db);
    return new Set(r.rows.map((x) => x.instance));
  }

  /** A process's lease: until when it runs (the database's ms), or null when it has none. */
  async until(instance: string): Promise<number | null> {
    const r = await sql<{ until_ms: string | number }>`select until_ms from room_processes
      where instance = ${instance}`.execute(this.db);
    const row = r.rows[0];
    return row ? Number(row.until_ms) : null;
  }

  /** The database's clock now (ms). */
  async dbNow(): Promise<number> {
    const r = await sql<{ now: string | number }>`select ${DB_NOW} as now`.execute(this.db);
    return Number(r.rows[0]!.now);
  }

  /** Stops renewing (what is owned is let go by its owners first), and ends the lease. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.renewing;
    await sql`delete from room_processes where instance = ${this.instance}`.execute(this.db);
  }
}
