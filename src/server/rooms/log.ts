/**
 * A room's actions written to the database: the rooms' hottest statement, so each database has
 * its own way, without a query builder at every action.
 *
 * - SQLite: one process is the only writer and each room's queue orders its actions, so an
 *   action is one prepared insert (with the result when it ends the match). The actions of one
 *   event-loop turn are written in one transaction (group commit) and each is answered once
 *   that transaction has committed: nothing is sent before it is stored.
 * - PostgreSQL: one statement, the function `slidebox_room_action` (migration 0005): the room's
 *   row lock for that statement only, the action at its seq unless another process wrote that
 *   seq or the match's result first, the result with it, and a notification that carries the
 *   action (other processes apply it without reading it back).
 */

import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { MatchResult, Side } from '../../net/rooms.ts';
import type { Database } from '../db.ts';
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

/** A stored action as the writer of a later one was told of it. */
export interface Missed {
  readonly seq: number;
  readonly action: string;
  readonly clientId: number;
}

/**
 * Written; `taken`: another process wrote that seq or the match's result first (catch up, then
 * judge the action again), with what it wrote from that seq on when known; `moved`: the
 * database's match is not this one (or the room is gone).
 */
export type Written = 'written' | 'taken' | 'moved' | { readonly missed: readonly Missed[] };

export interface ActionLog {
  /** Writes the action (PostgreSQL: in `tx` when given, a transaction holding the room's row). */
  write(w: ActionWrite, tx?: Db): Promise<Written>;
}

/** The notification of an action another process may apply as it is (see {@link readHeard}). */
export function actionPayload(instance: string, w: ActionWrite): string {
  const { room } = w;
  return `${instance} ${room.id} action ${room.matchNo} ${w.seq} ${w.clientId} ${w.action}`;
}

/** An action as a notification carries it, or null when it carries none. */
export function readHeard(
  rest: readonly string[],
): { match: number; seq: number; clientId: number; action: string } | null {
  if (rest.length < 4) return null;
  const [match, seq, clientId] = rest.slice(0, 3).map(Number) as [number, number, number];
  if (![match, seq, clientId].every(Number.isSafeInteger)) return null;
  return { match, seq, clientId, action: rest.slice(3).join(' ') };
}

export function actionLog(database: Database, instance: string): ActionLog {
  if (database.sqlite) return new SqliteActionLog(database.sqlite);
  return new PostgresActionLog(database, instance);
}

/** The most actions committed together (SQLite). */
const BATCH_MAX = 32;

interface Pending {
  readonly w: ActionWrite;
  resolve(w: Written): void;
  reject(e: unknown): void;
}

class SqliteActionLog implements ActionLog {
  private readonly insertAction: SQLite.Statement;
  private readonly insertResult: SQLite.Statement;
  private readonly touchRoom: SQLite.Statement;
  private readonly writeAll: (batch: readonly Pending[]) => Written[];
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(private readonly file: SQLite.Database) {
    this.insertAction = file.prepare(
      `insert into room_actions (room_id, match, seq, side, action, client_id, created_ms)
       values (?, ?, ?, ?, ?, ?, ?) on conflict (room_id, match, seq) do nothing`,
    );
    this.insertResult = file.prepare(
      `insert into room_results (room_code, match, kind, winner, reason, code, name0, name1,
       finished_ms) values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (room_code, match) do nothing`,
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
    const a = [room.id, room.matchNo, w.seq, w.side, w.action, w.clientId, w.now] as const;
    let changes: number;
    try {
      changes = this.insertAction.run(...a).changes;
    } catch (e) {
      // The room is gone (deleted idle): this action alone fails, not the others written with it.
      if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return 'moved';
      throw e;
    }
    if (changes !== 1) return 'taken';
    const r = w.result;
    if (r) {
      const names = [room.seats[0].name ?? '', room.seats[1].name ?? ''] as const;
      const kind = room.rules.kind;
      this.insertResult.run(
        room.code,
        room.matchNo,
        kind,
        String(r.winner),
        r.reason,
        r.code,
        ...names,
        w.now,
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
      written = this.writeAll(batch);
    } catch (e) {
      for (const p of batch) p.reject(e);
      return;
    }
    for (const [i, p] of batch.entries()) p.resolve(written[i]!);
  }
}

class PostgresActionLog implements ActionLog {
  constructor(
    private readonly database: Database,
    private readonly instance: string,
  ) {}

  async write(w: ActionWrite, tx?: Db): Promise<Written> {
    const { room, result: r } = w;
    const payload = r ? `${this.instance} ${room.id} end` : actionPayload(this.instance, w);
    const row = await sql<{ done: string }>`select slidebox_room_act(${room.id}, ${room.matchNo},
        ${w.seq}, ${w.side}, ${w.action}, ${w.clientId}, ${w.now}, ${room.code}, ${room.rules.kind},
        ${r ? String(r.winner) : null}, ${r?.reason ?? null}, ${r?.code ?? null},
        ${room.seats[0].name ?? ''}, ${room.seats[1].name ?? ''}, ${payload}) as done`.execute(
      tx ?? this.database.db,
    );
    const done = String(row.rows[0]?.done);
    if (done === 'written' || done === 'moved') return done;
    return done === 'over' ? 'taken' : readMissed(done);
  }
}

/** The actions the function answered with, or `taken` when they do not read. */
function readMissed(text: string): Written {
  try {
    const rows: unknown = JSON.parse(text);
    if (!Array.isArray(rows)) return 'taken';
    const missed: Missed[] = [];
    for (const r of rows) {
      if (!Array.isArray(r) || typeof r[1] !== 'string') return 'taken';
      missed.push({ seq: Number(r[0]), action: r[1], clientId: Number(r[2]) });
    }
    return { missed };
  } catch {
    return 'taken';
  }
}
