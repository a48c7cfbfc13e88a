/**
 * A room's actions written to the database: the rooms' hottest statement, so each database has
 * its own way, without a query builder at every action. Either way an action is written only
 * while the room's row is its live copy's: the epoch that copy's claim took (and on PostgreSQL
 * this process its owner) and its match; else it is `moved`, and the owner lets the room go.
 *
 * - SQLite: one process is the only writer and each room's queue orders its actions, so an
 *   action is one prepared insert after a look at the room's row (with the result when it ends
 *   the match). The actions of one event-loop turn are written in one transaction (group
 *   commit) and each is answered once that transaction has committed: nothing is sent before it
 *   is stored.
 * - PostgreSQL: the room's owner (owners.ts) is its only writer: the actions of an event-loop
 *   turn, of every room the process owns, in one statement, each answered once it has
 *   committed (see {@link PostgresActionLog}).
 */

import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { MatchResult, Side } from '../../net/rooms.ts';
import type { Database } from '../db.ts';
import { countsOf } from './store.ts';
import type { Db, LiveRoom } from './types.ts';

/** An action to write: the match's next (`seq`), with the result when it ends the match. */
export interface ActionWrite {
  readonly room: LiveRoom;
  readonly seq: number;
  readonly side: Side;
  /** The logged action (src/net/rooms.ts `loggedText`). */
  readonly action: string;
  readonly clientId: number;
  readonly now: number;
  readonly result: MatchResult | null;
}

/**
 * Written; `taken`: that seq (SQLite) was written already; `moved`: the database's match is not
 * this one, the room is gone, or its row is not this live copy's (another claim raised its
 * epoch; on PostgreSQL, or names another owner).
 */
export type Written = 'written' | 'taken' | 'moved';

export interface ActionLog {
  write(w: ActionWrite): Promise<Written>;
}

export function actionLog(database: Database, instance: string): ActionLog {
  if (database.sqlite) return new SqliteActionLog(database.sqlite);
  return new PostgresActionLog(database, instance);
}

/** The most actions committed together (SQLite). */
const BATCH_MAX = 32;
/** The most actions written in one statement (PostgreSQL). */
const PG_BATCH_MAX = 500;

interface Pending {
  readonly w: ActionWrite;
  resolve(w: Written): void;
  reject(e: unknown): void;
}

class SqliteActionLog implements ActionLog {
  private readonly isOwned: SQLite.Statement;
  private readonly insertAction: SQLite.Statement;
  private readonly insertResult: SQLite.Statement;
  private readonly touchRoom: SQLite.Statement;
  private readonly writeAll: SQLite.Transaction<(batch: readonly Pending[]) => Written[]>;
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(private readonly file: SQLite.Database) {
    this.isOwned = file.prepare('select 1 from rooms where id = ? and epoch = ? and match = ?');
    this.insertAction = file.prepare(
      `insert into room_actions (room_id, match, seq, side, action, client_id, created_ms)
       values (?, ?, ?, ?, ?, ?, ?) on conflict (room_id, match, seq) do nothing`,
    );
    this.insertResult = file.prepare(
      `insert into room_results (room_code, match, kind, winner, reason, code, name0, name1,
       finished_ms, key0, key1, counted) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (room_code, match) do nothing`,
    );
    this.touchRoom = file.prepare('update rooms set active_ms = ? where id = ?');
    this.writeAll = file.transaction((batch: readonly Pending[]) =>
      batch.map((p) => this.one(p.w)),
    );
  }

  write(w: ActionWrite): Promise<Written> {
    return new Promise((resolve, reject) => {
      this.pending.push({ w, resolve, reject });
      // A turn that reads many actions commits them a batch at a time, each sent once it is
      // stored, rather than all at its end: the first ones read wait less.
      if (this.pending.length >= BATCH_MAX && !this.file.inTransaction) this.commit();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private one(w: ActionWrite): Written {
    const { room } = w;
    // The room's row as this live copy took it (in the batch's transaction: nothing writes
    // between the look and the insert), else nothing is written: gone, or taken again.
    if (this.isOwned.get(room.id, room.epoch, room.matchNo) === undefined) return 'moved';
    const a = [room.id, room.matchNo, w.seq, w.side, w.action, w.clientId, w.now] as const;
    const changes = this.insertAction.run(...a).changes;
    if (changes !== 1) return 'taken';
    const r = w.result;
    if (r) {
      const names = [room.seats[0].name ?? '', room.seats[1].name ?? ''] as const;
      const kind = room.rules.kind;
      const { key0, key1, counted } = countsOf(room, w.side);
      this.insertResult.run(
        room.code,
        room.matchNo,
        kind,
        String(r.winner),
        r.reason,
        r.code,
        ...names,
        w.now,
        key0,
        key1,
        counted,
      );
      this.touchRoom.run(w.now, room.id);
    }
    return 'written';
  }

  private flush(): void {
    // A transaction of the query builder's is open on the file (between two of its awaits):
    // this one would nest in it, and commit with it. After it, then.
    if (this.file.inTransaction) {
      setTimeout(() => this.flush(), 1);
      return;
    }
    this.scheduled = false;
    this.commit();
  }

  /** Writes the actions pending in one transaction, then answers each. */
  private commit(): void {
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    let written: Written[];
    try {
      // Immediate: the batch reads each room's row before it writes, and a transaction that
      // began with a read could not then write once the checkpoint thread moved the WAL on
      // (SQLITE_BUSY at once, without waiting).
      written = this.writeAll.immediate(batch);
    } catch (e) {
      for (const p of batch) p.reject(e);
      return;
    }
    for (const [i, p] of batch.entries()) p.resolve(written[i]!);
  }
}

/**
 * PostgreSQL, the room's owner writing (owners.ts): the actions of an event-loop turn, of every
 * room this process owns, in one statement (with the results they end matches with, in one
 * transaction), one batch at a time; each answered once its batch has committed. An action is
 * written only while the room's row names this process its owner, at the epoch its live copy
 * took, and its match is the room's (a fence: a process that lost its rooms, or an older copy of
 * a room it claimed again, writes nothing): else `moved`. The statement holds the rooms' rows
 * (`for share`) until it commits, so a claim waits for it: an action written before a claim is
 * read by the claimant, and none is written after it.
 */
class PostgresActionLog implements ActionLog {
  private pending: Pending[] = [];
  private writing = false;

  constructor(
    private readonly database: Database,
    private readonly instance: string,
  ) {}

  write(w: ActionWrite): Promise<Written> {
    return new Promise((resolve, reject) => {
      this.pending.push({ w, resolve, reject });
      if (!this.writing) {
        this.writing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.slice(0, PG_BATCH_MAX);
      this.pending = this.pending.slice(batch.length);
      try {
        const written = await this.writeAll(batch.map((p) => p.w));
        for (const p of batch) p.resolve(written.has(keyOf(p.w)) ? 'written' : 'moved');
      } catch (e) {
        for (const p of batch) p.reject(e);
      }
    }
    this.writing = false;
  }

  /** Writes the batch: the keys (room, match, seq) of the actions written. */
  private async writeAll(batch: readonly ActionWrite[]): Promise<Set<string>> {
    const col = <T>(f: (w: ActionWrite) => T) => batch.map(f);
    const ids = [...new Set(col((w) => w.room.id))];
    const insert = (db: Db) =>
      sql<{ room_id: number; match: number; seq: number }>`with owned as (
          select r.id, r.epoch, r.match from rooms r
          where r.id = any(${ids}::bigint[]) and r.owner = ${this.instance} for share)
        insert into room_actions (room_id, match, seq, side, action, client_id, created_ms)
        select a.room_id, a.match, a.seq, a.side, a.action, a.client_id, a.created_ms
        from unnest(${col((w) => w.room.id)}::bigint[], ${col((w) => w.room.epoch)}::bigint[],
          ${col((w) => w.room.matchNo)}::int[], ${col((w) => w.seq)}::int[],
          ${col((w) => w.side)}::int[], ${col((w) => w.action)}::text[],
          ${col((w) => w.clientId)}::bigint[], ${col((w) => w.now)}::bigint[])
          as a(room_id, epoch, match, seq, side, action, client_id, created_ms)
        where exists (select 1 from owned o
          where o.id = a.room_id and o.epoch = a.epoch and o.match = a.match)
        on conflict (room_id, match, seq) do nothing
        returning room_id, match, seq`.execute(db);
    const keys = (rows: { room_id: number; match: number; seq: number }[]) =>
      new Set(rows.map((r) => `${r.room_id} ${r.match} ${r.seq}`));
    const ending = batch.filter((w) => w.result !== null);
    if (ending.length === 0) return keys((await insert(this.database.db)).rows);
    return this.database.db.transaction().execute(async (tx) => {
      const written = keys((await insert(tx)).rows);
      for (const w of ending) {
        if (!written.has(keyOf(w))) continue;
        const { room } = w;
        const r = w.result!;
        // Who played it and whether it counts, with the action that ends it.
        const c = countsOf(room, w.side);
        await sql`insert into room_results (room_code, match, kind, winner, reason, code, name0,
            name1, finished_ms, key0, key1, counted) values (${room.code}, ${room.matchNo},
            ${room.rules.kind}, ${String(r.winner)}, ${r.reason}, ${r.code},
            ${room.seats[0].name ?? ''}, ${room.seats[1].name ?? ''}, ${w.now}, ${c.key0},
            ${c.key1}, ${c.counted})
          on conflict (room_code, match) do nothing`.execute(tx);
        await sql`update rooms set active_ms = ${w.now} where id = ${room.id}`.execute(tx);
      }
      return written;
    });
  }
}

const keyOf = (w: ActionWrite) => `${w.room.id} ${w.room.matchNo} ${w.seq}`;
