/**
 * The rooms' statements: everything the rooms read from and write to the database (rooms,
 * seats, actions, results), in one place but the actions' (log.ts). A room's changes are its
 * owner's (owners.ts), and each names the epoch of the claim its live copy took: a seat taken,
 * held, restarted or let go, a rematch, a forfeit's result run in a transaction that first
 * touches the room's row at that epoch (and on PostgreSQL that owner), holding it until it
 * commits ({@link RoomStore.owned}); the heartbeat, the clean-up's touch and the seats let go at
 * a stop name each room's epoch in their statement. A write refused so throws {@link StaleClaim}, or (the
 * heartbeat) names the rooms it was refused for: the owner lets them go.
 */
import { sql } from 'kysely';
import type { Seed } from '../../engine/rng.ts';
import type { MatchResult, SeededRules, Side } from '../../net/rooms.ts';
import type { Database } from '../db.ts';
import { seedColumns, seedOfRow } from '../seedColumns.ts';
import {
  type Changes,
  type Db,
  type LiveRoom,
  num,
  RECORD_MIN_ACTIONS,
  SEAT_COLUMNS,
  type SeatRow,
  StaleClaim,
} from './types.ts';

/** A room's row, as read. */
export interface RoomRow {
  id: number;
  kind: string;
  size: number;
  seed: Seed;
  target: number | null;
  attack_cap: number | null;
  match: number;
  turn_ms: number | null;
  epoch: number;
}

export class RoomStore {
  constructor(
    private readonly database: Database,
    /** This process, as the seats' `holder` and the notifications name it. */
    private readonly instance: string,
    private readonly now: () => number,
  ) {}

  get db(): Db {
    return this.database.db;
  }

  /** Other processes may serve the same rooms (PostgreSQL): the room's row names its owner. */
  private get shared(): boolean {
    return this.database.dialect === 'postgres';
  }

  /**
   * Runs `work` in a transaction whose first statement touches the room's row as this live copy
   * took it — its epoch, and on PostgreSQL this process its owner — and holds the row until it
   * commits: a claim waits for it, and once a claim has raised the epoch nothing of `work` is
   * written. Throws {@link StaleClaim} when the row is not this copy's (another claim took the
   * room, or it is gone). `work` is told the match the row has.
   */
  owned<T>(room: LiveRoom, work: (tx: Db, match: number) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('rooms')
        .set({ active_ms: this.now() })
        .where('id', '=', room.id)
        .where('epoch', '=', room.epoch)
        .$if(this.shared, (q) => q.where(sql<string>`owner`, '=', this.instance))
        .returning('match')
        .executeTakeFirst();
      if (!row) throw new StaleClaim(room.id);
      return work(tx, Number(row.match));
    });
  }

  /**
   * One process (SQLite) takes the room as it loads it: its epoch raised (an older live copy
   * writes nothing more), and the seats held before a restart held by nobody now. The epoch
   * taken, or null when the room is gone.
   */
  async take(roomId: number, now: number): Promise<number | null> {
    return this.db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('rooms')
        .set((eb) => ({ epoch: eb('epoch', '+', 1) }))
        .where('id', '=', roomId)
        .returning('epoch')
        .executeTakeFirst();
      if (!row) return null;
      await tx
        .updateTable('seats')
        .set({ holder: null, seen_ms: now })
        .where('room_id', '=', roomId)
        .where('holder', 'is not', null)
        .execute();
      return Number(row.epoch);
    });
  }

  /** Writes a new room and its two seats (the creator's in seat 0, with their player's hash). */
  async insertRoom(
    code: string,
    rules: SeededRules,
    seatHash: string,
    name: string,
    playerHash: string | null,
    turnMs: number | null,
  ): Promise<void> {
    const now = this.now();
    await this.db.transaction().execute(async (tx) => {
      const room = await tx
        .insertInto('rooms')
        .values({
          code,
          kind: rules.kind,
          size: rules.size,
          target: rules.target,
          attack_cap: rules.attackCap,
          ...seedColumns(rules.seed),
          match: 1,
          created_ms: now,
          active_ms: now,
          turn_ms: turnMs,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(room.id);
      await tx
        .insertInto('seats')
        .values([
          {
            room_id: id,
            side: 0,
            token_hash: seatHash,
            name,
            seen_ms: now,
            player_hash: playerHash,
          },
          { room_id: id, side: 1, token_hash: null, name: null, seen_ms: now, player_hash: null },
        ])
        .execute();
    });
  }

  /**
   * A player's online record by the SHA-256 of their key: the finished matches that counted for
   * it (two players, two keys, both sides played), won, lost, drawn; and the name the key goes by
   * now (its name on the boards, else the newest in its matches; null when it has neither).
   */
  async record(
    keyHash: string,
  ): Promise<{ name: string | null; wins: number; losses: number; draws: number }> {
    const h = keyHash;
    const r = await sql<{ wins: number; losses: number; draws: number }>`select
        coalesce(sum(case when (key0 = ${h} and winner = '0') or (key1 = ${h} and winner = '1') then 1 else 0 end), 0) as wins,
        coalesce(sum(case when (key0 = ${h} and winner = '1') or (key1 = ${h} and winner = '0') then 1 else 0 end), 0) as losses,
        coalesce(sum(case when winner = 'draw' then 1 else 0 end), 0) as draws
      from room_results where counted = 1 and (key0 = ${h} or key1 = ${h})`.execute(this.db);
    const row = r.rows[0];
    const board = await this.db
      .selectFrom('players')
      .select('name')
      .where('key_hash', '=', h)
      .executeTakeFirst();
    const played = board
      ? null
      : await sql<{ name: string }>`select case when key0 = ${h} then name0 else name1 end as name
          from room_results where key0 = ${h} or key1 = ${h}
          order by finished_ms desc limit 1`.execute(this.db);
    return {
      name: board?.name ?? played?.rows[0]?.name ?? null,
      wins: Number(row?.wins ?? 0),
      losses: Number(row?.losses ?? 0),
      draws: Number(row?.draws ?? 0),
    };
  }

  // ------------------------------------------------------------------ seats

  /**
   * Gives seat 1 (free until now) to this process's new player: false when taken first. Throws
   * {@link StaleClaim} when the room is not this live copy's.
   */
  takeSeat(
    room: LiveRoom,
    tokenHash: string,
    name: string,
    playerHash: string | null,
    now: number,
  ): Promise<boolean> {
    return this.owned(room, async (tx) => {
      const taken = await tx
        .updateTable('seats')
        .set({
          token_hash: tokenHash,
          name,
          holder: this.instance,
          seen_ms: now,
          player_hash: playerHash,
        })
        .where('room_id', '=', room.id)
        .where('side', '=', 1)
        .where('token_hash', 'is', null)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    });
  }

  /** This process holds the seat's connection now (in {@link owned}'s transaction). */
  async holdSeat(db: Db, roomId: number, side: Side, now: number): Promise<void> {
    await db
      .updateTable('seats')
      .set({ holder: this.instance, seen_ms: now })
      .where('room_id', '=', roomId)
      .where('side', '=', side)
      .execute();
  }

  /**
   * The seat, held by nobody and left longer ago than `forfeitMs` (or never sat in), counts as
   * left `now`: true when it did (in {@link owned}'s transaction).
   */
  async restartSeat(
    db: Db,
    roomId: number,
    side: Side,
    now: number,
    forfeitMs: number,
  ): Promise<boolean> {
    const restarted = await db
      .updateTable('seats')
      .set({ seen_ms: now })
      .where('room_id', '=', roomId)
      .where('side', '=', side)
      .where('holder', 'is', null)
      .where((eb) => eb.or([eb('seen_ms', 'is', null), eb('seen_ms', '<=', now - forfeitMs)]))
      .executeTakeFirst();
    return Number(restarted.numUpdatedRows) === 1;
  }

  /**
   * Nobody holds the seat now (if this process did): left `at`. Throws {@link StaleClaim} when
   * the room is not this live copy's.
   */
  async releaseSeat(room: LiveRoom, side: Side, at: number): Promise<void> {
    await this.owned(room, (tx) =>
      tx
        .updateTable('seats')
        .set({ holder: null, seen_ms: at })
        .where('room_id', '=', room.id)
        .where('side', '=', side)
        .where('holder', '=', this.instance)
        .execute(),
    );
  }

  /** Lets go of every seat this process holds in these live rooms, at their epochs (it is stopping). */
  async releaseAll(rooms: readonly LiveRoom[], now: number): Promise<void> {
    for (let i = 0; i < rooms.length; i += CHUNK) {
      await this.db
        .updateTable('seats')
        .set({ holder: null, seen_ms: now })
        .where('holder', '=', this.instance)
        .where((eb) => eb.exists(this.ofCopies(rooms.slice(i, i + CHUNK))))
        .execute();
    }
  }

  /**
   * This process's heartbeat, for the seats it holds in these live rooms, each at its epoch (and
   * this owner): the rooms whose row is not their live copy's any more (another claim took them,
   * or they are gone), which beat nothing.
   */
  async heartbeat(rooms: readonly LiveRoom[], now: number): Promise<LiveRoom[]> {
    const stale: LiveRoom[] = [];
    for (let i = 0; i < rooms.length; i += CHUNK) {
      const chunk = rooms.slice(i, i + CHUNK);
      await this.db
        .updateTable('seats')
        .set({ seen_ms: now })
        .where('holder', '=', this.instance)
        .where((eb) => eb.exists(this.ofCopies(chunk)))
        .execute();
      const rows = await this.db
        .selectFrom('rooms')
        .select(['id', 'epoch'])
        .where(
          'id',
          'in',
          chunk.map((r) => r.id),
        )
        .$if(this.shared, (q) => q.where(sql<string>`owner`, '=', this.instance))
        .execute();
      const epochs = new Map(rows.map((r) => [Number(r.id), Number(r.epoch)]));
      for (const room of chunk) if (epochs.get(room.id) !== room.epoch) stale.push(room);
    }
    return stale;
  }

  /**
   * The rows of these live rooms, each at its copy's epoch (and this owner), for a seat's
   * statement: `seats.room_id` is one of them.
   */
  private ofCopies(rooms: readonly LiveRoom[]) {
    return this.db
      .selectFrom('rooms as r')
      .select('r.id')
      .where('r.id', '=', sql<number>`seats.room_id`)
      .where((eb) =>
        eb.or(
          rooms.map((room) => eb.and([eb('r.id', '=', room.id), eb('r.epoch', '=', room.epoch)])),
        ),
      )
      .$if(this.shared, (q) => q.where(sql<string>`r.owner`, '=', this.instance));
  }

  /** The seats of these rooms. */
  seatRows(ids: readonly number[]): Promise<SeatRow[]> {
    return this.db.selectFrom('seats').select(SEAT_COLUMNS).where('room_id', 'in', ids).execute();
  }

  // ------------------------------------------------------------------ order

  /**
   * Runs `work` in {@link owned}'s transaction, which first updates the room's row at this live
   * copy's epoch: every change to a room's match does, so PostgreSQL applies them one at a time
   * and a claim waits for them. False (nothing done) when the database's match is not this
   * copy's; throws {@link StaleClaim} when the room is not this copy's.
   */
  locked<T>(room: LiveRoom, work: (tx: Db) => Promise<T>): Promise<T | false> {
    return this.owned(room, async (tx, match) => (match === room.matchNo ? work(tx) : false));
  }

  /**
   * Writes this seat's rematch offer; with both offered, the next match (its seed), started now:
   * a seat nobody holds counts as left now, so it has its whole forfeit time in the new match.
   */
  offerRematch(room: LiveRoom, side: Side, newSeed: () => Seed) {
    const matchNo = room.matchNo;
    return this.locked(room, async (tx) => {
      await tx
        .updateTable('seats')
        .set({ rematch: matchNo })
        .where('room_id', '=', room.id)
        .where('side', '=', side)
        .execute();
      const rows = await tx
        .selectFrom('seats')
        .select(['side', 'rematch'])
        .where('room_id', '=', room.id)
        .execute();
      const both = rows.length === 2 && rows.every((r) => num(r.rematch) === matchNo);
      if (!both) {
        await this.notify(tx, room, 'rematch');
        return { rows, seed: null };
      }
      const seed = newSeed();
      await tx
        .updateTable('rooms')
        .set({ match: matchNo + 1, ...seedColumns(seed) })
        .where('id', '=', room.id)
        .execute();
      await tx
        .updateTable('seats')
        .set({ seen_ms: this.now() })
        .where('room_id', '=', room.id)
        .where('holder', 'is', null)
        .execute();
      await this.notify(tx, room, 'match');
      return { rows, seed };
    });
  }

  /** Writes the result of the room's match; false when one was there already. */
  async storeResult(db: Db, room: LiveRoom, result: MatchResult, now: number): Promise<boolean> {
    const r = await db
      .insertInto('room_results')
      .values({
        room_code: room.code,
        match: room.matchNo,
        kind: room.rules.kind,
        winner: String(result.winner),
        reason: result.reason,
        code: result.code,
        name0: room.seats[0].name ?? '',
        name1: room.seats[1].name ?? '',
        finished_ms: now,
        ...countsOf(room),
      })
      .onConflict((oc) => oc.columns(['room_code', 'match']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows) === 1;
  }

  /** The stored result of the room's match `matchNo`, whose seed was `seed`, or null. */
  async storedResult(
    db: Db,
    code: string,
    matchNo: number,
    seed: Seed,
  ): Promise<MatchResult | null> {
    const row = await db
      .selectFrom('room_results')
      .select(['winner', 'reason', 'code'])
      .where('room_code', '=', code)
      .where('match', '=', matchNo)
      .executeTakeFirst();
    if (!row) return null;
    return {
      winner: row.winner === 'draw' ? 'draw' : (Number(row.winner) as Side),
      reason: row.reason as MatchResult['reason'],
      code: row.code,
      seed,
    };
  }

  /**
   * Where the room's change would be told to other processes: nowhere now, a room's changes are
   * its owner's alone (owners.ts), and its sockets elsewhere are relayed to it (relay.ts).
   */
  async notify(_db: Db, _room: LiveRoom, _what: string): Promise<void> {}

  // ------------------------------------------------------------------ reading

  /** What the database has of the room beyond the live copy, or null when the room is gone. */
  async changes(db: Db, room: LiveRoom): Promise<Changes | null> {
    const row = await db
      .selectFrom('rooms')
      .select(['match', 'seed', 'long_seed'])
      .where('id', '=', room.id)
      .executeTakeFirst();
    if (!row) return null;
    const matchNo = Number(row.match);
    // The result before the actions: a play's last action and its result are written together,
    // so a result read is never ahead of the actions read after it.
    const result = await this.storedResult(db, room.code, matchNo, seedOfRow(row));
    const actions = await db
      .selectFrom('room_actions')
      .select(['seq', 'action', 'client_id'])
      .where('room_id', '=', room.id)
      .where('match', '=', matchNo)
      .where('seq', '>', matchNo === room.matchNo ? room.log.length : 0)
      .orderBy('seq')
      .execute();
    const seats = await db
      .selectFrom('seats')
      .select(SEAT_COLUMNS)
      .where('room_id', '=', room.id)
      .execute();
    return { matchNo, seed: seedOfRow(row), result, actions, seats };
  }

  /** A room's row by its code, or null. */
  async roomRow(code: string): Promise<RoomRow | null> {
    const row = await this.db
      .selectFrom('rooms')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: Number(row.id),
      kind: row.kind,
      size: Number(row.size),
      seed: seedOfRow(row),
      target: row.target === null ? null : Number(row.target),
      attack_cap: row.attack_cap === null ? null : Number(row.attack_cap),
      match: Number(row.match),
      turn_ms: row.turn_ms === null ? null : Number(row.turn_ms),
      epoch: Number(row.epoch),
    };
  }

  /**
   * The room was entered now (idle rooms are deleted), as this live copy's: throws
   * {@link StaleClaim} when it is not.
   */
  async touch(room: LiveRoom): Promise<void> {
    await this.owned(room, async () => {});
  }

  /**
   * These live rooms were entered now (they are being played), each at its copy's epoch (and
   * this owner): a room another claim took is not touched by this copy.
   */
  async touchAll(rooms: readonly LiveRoom[], now: number): Promise<void> {
    for (let i = 0; i < rooms.length; i += CHUNK) {
      const chunk = rooms.slice(i, i + CHUNK);
      await this.db
        .updateTable('rooms')
        .set({ active_ms: now })
        .where((eb) =>
          eb.or(
            chunk.map((room) => eb.and([eb('id', '=', room.id), eb('epoch', '=', room.epoch)])),
          ),
        )
        .$if(this.shared, (q) => q.where(sql<string>`owner`, '=', this.instance))
        .execute();
    }
  }

  /** Deletes rooms nobody entered since `before` (their finished matches stay). */
  async deleteIdle(before: number): Promise<void> {
    const idle = this.db.selectFrom('rooms').select('id').where('active_ms', '<', before);
    await this.db.deleteFrom('room_actions').where('room_id', 'in', idle).execute();
    await this.db.deleteFrom('seats').where('room_id', 'in', idle).execute();
    await this.db.deleteFrom('rooms').where('active_ms', '<', before).execute();
  }
}

/** The most live rooms one statement names. */
const CHUNK = 500;

/**
 * Who played the room's match (their keys' hashes) and whether it counts for their records: two
 * keys, not one, and each side took {@link RECORD_MIN_ACTIONS} actions (with `last`'s action,
 * the one that ends the match, when it is not in the log yet).
 */
export function countsOf(
  room: LiveRoom,
  last: Side | null = null,
): {
  key0: string | null;
  key1: string | null;
  counted: number;
} {
  const [key0, key1] = room.seats.map((s) => s.playerHash) as [string | null, string | null];
  const took = (side: string) =>
    room.log.filter((a) => a[0] === side).length + (String(last) === side ? 1 : 0);
  const played = took('0') >= RECORD_MIN_ACTIONS && took('1') >= RECORD_MIN_ACTIONS;
  const counted = key0 !== null && key1 !== null && key0 !== key1 && played ? 1 : 0;
  return { key0, key1, counted };
}
