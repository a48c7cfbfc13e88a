/**
 * Ranked games in the database: made at the deal, taken by the process that plays them (each
 * take raises the game's epoch), their moves written in batches (one transaction for every
 * game's new moves), ended with what was ranked, and found when idle.
 *
 * Every write of an owner names the epoch it took, and is refused (writes nothing) once another
 * take raised it: moves, touches, releases and ends alike. A take reads the game's moves in the
 * transaction that raises its epoch, so a move an earlier owner stored is in it and a move it
 * had not stored can no longer be: on PostgreSQL the owner's write holds the games' rows
 * (`for share`) until it commits, and the take's update waits for it; SQLite's transactions
 * are immediate, one at a time.
 */
import type SQLite from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import type { Database, RankedGamesTable } from '../db.ts';
import type { Schema } from '../schema.ts';
import { seedColumns, seedOfRow } from '../seedColumns.ts';
import type { RankedSetup, StoredMove } from './game.ts';

/** A game's moves not written yet, from move `from` (1-based) on, by the owner of `epoch`. */
export interface MovesToWrite {
  readonly id: string;
  readonly epoch: number;
  readonly from: number;
  readonly moves: readonly StoredMove[];
}

/** A game this process owns, as its write names it. */
export interface Owned {
  readonly id: string;
  readonly epoch: number;
}

/** A stored ranked game: what it is, and how it ended (null while it is played). */
export interface StoredGame {
  readonly setup: RankedSetup;
  readonly tokenHash: string;
  readonly holder: string | null;
  readonly epoch: number;
  /** Time left out of its clock after server faults (ms). */
  readonly pausedMs: number;
  readonly interruptedMs: number;
  readonly interruptions: number;
  readonly endedMs: number | null;
  readonly result: string | null;
}

/** A game as a take left it: its owner's epoch, its moves, and the time the take left out. */
export interface TakenGame {
  readonly game: StoredGame;
  readonly moves: StoredMove[];
  /** The time from the last stored move to the take left out of the clock (ms), else 0. */
  readonly gapMs: number;
}

function setupOf(r: RankedGamesTable): RankedSetup {
  return {
    id: r.id,
    kind: r.kind as '2048' | 'puzzle',
    size: Number(r.size),
    target: r.target === null ? null : Number(r.target),
    day: r.day,
    seed: seedOfRow(r),
    dealtMs: Number(r.dealt_ms),
    keyHash: r.key_hash,
    name: r.name,
  };
}

// Columns come back as numbers or (PostgreSQL bigint) strings.
type Row = { [K in keyof RankedGamesTable]: unknown };

function storedOf(r: Row): StoredGame {
  return {
    setup: setupOf(r as RankedGamesTable),
    tokenHash: r.token_hash as string,
    holder: r.holder as string | null,
    epoch: Number(r.epoch),
    pausedMs: Number(r.paused_ms),
    interruptedMs: Number(r.interrupted_ms),
    interruptions: Number(r.interruptions),
    endedMs: r.ended_ms === null ? null : Number(r.ended_ms),
    result: r.result as string | null,
  };
}

const movesOf = (rows: readonly { move: unknown; t: unknown }[]): StoredMove[] =>
  rows.map((m) => ({ move: Number(m.move), t: Number(m.t) }));

/**
 * What a take leaves out of the clock: when the game's time is to pause (its owner died or
 * stopped), the time from its last stored move to now on its clock; else 0.
 */
function gapOf(g: StoredGame, moves: readonly StoredMove[], now: number, pause: boolean): number {
  if (!pause) return 0;
  const clock = now - g.setup.dealtMs - g.pausedMs;
  return Math.max(0, clock - (moves.at(-1)?.t ?? 0));
}

/**
 * Whether a take pauses the game's clock: a stopping server let it go (`stopped`), or it is
 * still held by `pauseFor` (a process found dead, or this one after a write it could not make).
 */
const pauses = (g: StoredGame, stopped: boolean, pauseFor: string | null) =>
  stopped || (pauseFor !== null && g.holder === pauseFor);

/** Moves written by one SQLite statement (4 parameters each). */
const ROWS_A_STATEMENT = 64;

/** The moves of the games owned, as flat rows (game, n, move, t). */
function rowsOf(batch: readonly MovesToWrite[], owned: ReadonlySet<string>): (string | number)[] {
  const rows: (string | number)[] = [];
  for (const b of batch) {
    if (!owned.has(b.id)) continue;
    for (const [i, m] of b.moves.entries()) rows.push(b.id, b.from + i, m.move, m.t);
  }
  return rows;
}

/** Every game a write names, with the epoch its owner took (a game named twice: the same). */
function named(batch: readonly MovesToWrite[], also: readonly Owned[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const b of batch) m.set(b.id, b.epoch);
  for (const o of also) m.set(o.id, o.epoch);
  return m;
}

/** Of the games named, those whose row names `holder` at the same epoch, unended. */
function ownedOf(
  rows: readonly { id: string; holder: unknown; epoch: unknown; ended_ms: unknown }[],
  wanted: ReadonlyMap<string, number>,
  holder: string,
): Set<string> {
  const owned = new Set<string>();
  for (const r of rows) {
    if (r.holder === holder && r.ended_ms === null && Number(r.epoch) === wanted.get(r.id)) {
      owned.add(r.id);
    }
  }
  return owned;
}

interface SqliteStatements {
  readonly file: SQLite.Database;
  readonly writeAll: SQLite.Transaction<
    (
      batch: readonly MovesToWrite[],
      touch: readonly Owned[],
      also: readonly Owned[],
      holder: string,
      now: number,
    ) => Set<string>
  >;
  readonly takeOne: SQLite.Transaction<
    (id: string, holder: string, now: number, pauseFor: string | null) => TakenGame | null
  >;
}

function sqliteStatements(file: SQLite.Database): SqliteStatements {
  const insertSql = (rows: number) =>
    `insert into ranked_moves (game_id, n, move, t) values ${Array(rows).fill('(?, ?, ?, ?)').join(', ')} on conflict do nothing`;
  const insertOne = file.prepare(insertSql(1));
  const insertMany = file.prepare(insertSql(ROWS_A_STATEMENT));
  const rowOf = file.prepare('select id, holder, epoch, ended_ms from ranked_games where id = ?');
  const touchOne = file.prepare(
    'update ranked_games set active_ms = ? where id = ? and holder = ? and epoch = ? and ended_ms is null',
  );
  const gameOf = file.prepare('select * from ranked_games where id = ?');
  const movesOfGame = file.prepare('select move, t from ranked_moves where game_id = ? order by n');
  const takeGame = file.prepare(
    `update ranked_games set holder = ?, epoch = epoch + 1, active_ms = ?, stopped = 0,
       paused_ms = paused_ms + ?, interrupted_ms = interrupted_ms + ?,
       interruptions = interruptions + ? where id = ?`,
  );
  const writeAll = file.transaction(
    (
      batch: readonly MovesToWrite[],
      touch: readonly Owned[],
      also: readonly Owned[],
      holder: string,
      now: number,
    ) => {
      const wanted = named(batch, [...touch, ...also]);
      const rows = [...wanted.keys()].map(
        (id) => rowOf.get(id) as { id: string; holder: unknown; epoch: unknown; ended_ms: unknown },
      );
      const owned = ownedOf(
        rows.filter((r) => r !== undefined),
        wanted,
        holder,
      );
      const flat = rowsOf(batch, owned);
      let i = 0;
      for (; i + ROWS_A_STATEMENT * 4 <= flat.length; i += ROWS_A_STATEMENT * 4) {
        insertMany.run(flat.slice(i, i + ROWS_A_STATEMENT * 4));
      }
      for (; i < flat.length; i += 4) insertOne.run(flat.slice(i, i + 4));
      for (const t of touch) if (owned.has(t.id)) touchOne.run(now, t.id, holder, t.epoch);
      return owned;
    },
  );
  const takeOne = file.transaction(
    (id: string, holder: string, now: number, pauseFor: string | null): TakenGame | null => {
      const row = gameOf.get(id) as Row | undefined;
      if (!row) return null;
      const game = storedOf(row);
      const moves = movesOf(movesOfGame.all(id) as { move: unknown; t: unknown }[]);
      if (game.endedMs !== null) return { game, moves, gapMs: 0 };
      const gapMs = gapOf(game, moves, now, pauses(game, Number(row.stopped) === 1, pauseFor));
      takeGame.run(holder, now, gapMs, gapMs, gapMs > 0 ? 1 : 0, id);
      return { game: afterTake(game, holder, gapMs), moves, gapMs };
    },
  );
  return { file, writeAll, takeOne };
}

/** The game as a take by `holder` that left out `gapMs` made it. */
function afterTake(g: StoredGame, holder: string, gapMs: number): StoredGame {
  return {
    ...g,
    holder,
    epoch: g.epoch + 1,
    pausedMs: g.pausedMs + gapMs,
    interruptedMs: g.interruptedMs + gapMs,
    interruptions: g.interruptions + (gapMs > 0 ? 1 : 0),
  };
}

export class RankedStore {
  private readonly sqlite: SqliteStatements | null;

  constructor(private readonly database: Database) {
    this.sqlite = database.sqlite ? sqliteStatements(database.sqlite) : null;
  }

  private get db() {
    return this.database.db;
  }

  /** SQLite: after any transaction of the query builder's open on the file. */
  private async sqliteFree(): Promise<SqliteStatements | null> {
    if (!this.sqlite) return null;
    while (this.sqlite.file.inTransaction) await new Promise((r) => setTimeout(r, 1));
    return this.sqlite;
  }

  /** Stores a new game (held by `holder`, or none); false when the player's ranked daily of the day exists. */
  async insert(
    s: RankedSetup,
    tokenHash: string,
    holder: string | null,
    now: number,
  ): Promise<boolean> {
    const r = await this.db
      .insertInto('ranked_games')
      .values({
        id: s.id,
        token_hash: tokenHash,
        key_hash: s.keyHash,
        name: s.name,
        kind: s.kind,
        size: s.size,
        target: s.target,
        day: s.day,
        ...seedColumns(s.seed),
        dealt_ms: s.dealtMs,
        active_ms: now,
        holder,
        ended_ms: null,
        reason: null,
        result: null,
      })
      .onConflict((oc) => oc.columns(['key_hash', 'kind', 'day']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** The player's ranked daily of a kind and day, or null. */
  async daily(keyHash: string, kind: string, day: string): Promise<StoredGame | null> {
    const r = await this.db
      .selectFrom('ranked_games')
      .selectAll()
      .where('key_hash', '=', keyHash)
      .where('kind', '=', kind)
      .where('day', '=', day)
      .executeTakeFirst();
    return r ? storedOf(r) : null;
  }

  /** A game and its moves, or null. */
  async load(id: string): Promise<{ game: StoredGame; moves: StoredMove[] } | null> {
    const r = await this.db
      .selectFrom('ranked_games')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!r) return null;
    const moves = await this.db
      .selectFrom('ranked_moves')
      .select(['move', 't'])
      .where('game_id', '=', id)
      .orderBy('n')
      .execute();
    return { game: storedOf(r), moves: movesOf(moves) };
  }

  /** A game without its moves, or null. */
  async peek(id: string): Promise<StoredGame | null> {
    const r = await this.db
      .selectFrom('ranked_games')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return r ? storedOf(r) : null;
  }

  /** A new token for a game (the old one stops working). */
  async setToken(id: string, tokenHash: string): Promise<void> {
    await this.db
      .updateTable('ranked_games')
      .set({ token_hash: tokenHash })
      .where('id', '=', id)
      .execute();
  }

  /**
   * `holder` owns the game from now, at the next epoch (whoever held it: their writes are
   * refused from now on), with the moves stored until now; an ended game as it ended; null: no
   * such game. The clock pauses (the time since its last stored move is left out) when a
   * stopping server let the game go, or when `pauseFor` still holds it. With `from`
   * (PostgreSQL), an unended game is taken only from those holders (or from `holder`): one
   * another process holds is left to it, and its holder is the answer.
   */
  take(id: string, holder: string, now: number, pauseFor: string | null): Promise<TakenGame | null>;
  take(
    id: string,
    holder: string,
    now: number,
    pauseFor: string | null,
    from: readonly (string | null)[] | undefined,
  ): Promise<TakenGame | { readonly heldBy: string } | null>;
  async take(
    id: string,
    holder: string,
    now: number,
    pauseFor: string | null,
    from?: readonly (string | null)[],
  ): Promise<TakenGame | { readonly heldBy: string } | null> {
    const sqlite = await this.sqliteFree();
    if (sqlite) return sqlite.takeOne.immediate(id, holder, now, pauseFor);
    return this.db.transaction().execute(async (tx) => {
      const row = await tx
        .selectFrom('ranked_games')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return null;
      const game = storedOf(row);
      if (
        from &&
        game.endedMs === null &&
        game.holder !== null &&
        game.holder !== holder &&
        !from.includes(game.holder)
      ) {
        return { heldBy: game.holder };
      }
      const moves = movesOf(
        await tx
          .selectFrom('ranked_moves')
          .select(['move', 't'])
          .where('game_id', '=', id)
          .orderBy('n')
          .execute(),
      );
      if (game.endedMs !== null) return { game, moves, gapMs: 0 };
      const gapMs = gapOf(game, moves, now, pauses(game, Number(row.stopped) === 1, pauseFor));
      await takeUpdate(tx, id, holder, now, gapMs);
      return { game: afterTake(game, holder, gapMs), moves, gapMs };
    });
  }

  /**
   * The owner of `epoch` lets the game go: idle from now. `stopped`: the server is stopping (the
   * next take pauses the game's clock); else its player left.
   */
  async release(owned: Owned, holder: string, now: number, stopped = false): Promise<void> {
    await this.db
      .updateTable('ranked_games')
      .set({ holder: null, active_ms: now, stopped: stopped ? 1 : 0 })
      .where('id', '=', owned.id)
      .where('holder', '=', holder)
      .where('epoch', '=', owned.epoch)
      .execute();
  }

  /**
   * Writes the games' new moves and marks the games of `touch` active at `now`, in one
   * transaction, for those games whose row still names `holder` at the epoch named: those are
   * returned (of the batch's, the touch's and `also`'s games); the others' moves are not
   * written (another process took them, or they ended).
   */
  async write(
    batch: readonly MovesToWrite[],
    touch: readonly Owned[],
    also: readonly Owned[],
    holder: string,
    now: number,
  ): Promise<Set<string>> {
    if (batch.length === 0 && touch.length === 0 && also.length === 0) return new Set();
    const sqlite = await this.sqliteFree();
    // Immediate: a transaction that reads first and then writes is refused at once (not
    // waited for) while the checkpoint thread holds the write lock.
    if (sqlite) return sqlite.writeAll.immediate(batch, touch, also, holder, now);
    return this.writePostgres(batch, touch, also, holder, now);
  }

  /**
   * PostgreSQL: the write in one statement (one round trip, its own transaction): the games
   * named are held (`for share`) until it commits, so a take of one of them waits for it, and
   * its moves and touches are written only for those still owned at the epoch named.
   */
  private async writePostgres(
    batch: readonly MovesToWrite[],
    touch: readonly Owned[],
    also: readonly Owned[],
    holder: string,
    now: number,
  ): Promise<Set<string>> {
    const wanted = named(batch, [...touch, ...also]);
    const rows = rowsOf(batch, new Set(wanted.keys()));
    const cols: [string[], number[], number[], number[]] = [[], [], [], []];
    for (let i = 0; i < rows.length; i += 4) {
      cols[0].push(rows[i] as string);
      cols[1].push(rows[i + 1] as number);
      cols[2].push(rows[i + 2] as number);
      cols[3].push(rows[i + 3] as number);
    }
    // Shapes a prepared statement's generic plan keeps fast (db.ts prepares every statement):
    // the games by their key (`= any`), their epochs as "id epoch" pairs.
    const ids = [...wanted.keys()];
    const pairs = ids.map((id) => `${id} ${wanted.get(id)}`);
    const r = await sql<{ id: string }>`with
      owned as (
        select g.id from ranked_games g
        where g.id = any(${ids}::text[]) and g.holder = ${holder} and g.ended_ms is null
          and (g.id || ' ' || g.epoch) = any(${pairs}::text[])
        for share),
      moves(game_id, n, move, t) as (
        select * from unnest(${cols[0]}::text[], ${cols[1]}::int[], ${cols[2]}::int[], ${cols[3]}::bigint[])),
      written as (
        insert into ranked_moves (game_id, n, move, t)
        select m.game_id, m.n, m.move, m.t from moves m where m.game_id in (select id from owned)
        on conflict (game_id, n) do nothing),
      touched as (
        update ranked_games set active_ms = ${now}
        where id = any(${touch.map((t) => t.id)}::text[]) and id in (select id from owned))
      select id from owned`.execute(this.db);
    return new Set(r.rows.map((x) => x.id));
  }

  /** The games whose row names `holder`, unended, with their epoch (one indexed read). */
  async owned(holder: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('ranked_games')
      .select(['id', 'epoch'])
      .where('holder', '=', holder)
      .where('ended_ms', 'is', null)
      .execute();
    return new Map(rows.map((r) => [r.id, Number(r.epoch)]));
  }

  /**
   * Ends a game with what was ranked, by the owner of `epoch`; false when it had ended
   * already or another process took it.
   */
  async end(owned: Owned, now: number, reason: string, result: string): Promise<boolean> {
    const r = await this.db
      .updateTable('ranked_games')
      .set({ ended_ms: now, reason, result, holder: null })
      .where('id', '=', owned.id)
      .where('epoch', '=', owned.epoch)
      .where('ended_ms', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Whether an unfinished ranked daily attempt of a kind and day exists. */
  async dayPlayed(kind: string, day: string): Promise<boolean> {
    const r = await this.db
      .selectFrom('ranked_games')
      .select('id')
      .where('ended_ms', 'is', null)
      .where('kind', '=', kind)
      .where('day', '=', day)
      .limit(1)
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Unfinished games idle since before `before` (at most `limit`). */
  async idle(before: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('ranked_games')
      .select('id')
      .where('ended_ms', 'is', null)
      .where('active_ms', '<', before)
      .orderBy('active_ms')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }
}

/** A take's update (PostgreSQL): the next epoch, and the time left out. */
async function takeUpdate(
  tx: Transaction<Schema>,
  id: string,
  holder: string,
  now: number,
  gapMs: number,
): Promise<void> {
  await tx
    .updateTable('ranked_games')
    .set((eb) => ({
      holder,
      active_ms: now,
      stopped: 0,
      epoch: eb('epoch', '+', 1),
      paused_ms: eb('paused_ms', '+', gapMs),
      interrupted_ms: eb('interrupted_ms', '+', gapMs),
      interruptions: eb('interruptions', '+', gapMs > 0 ? 1 : 0),
    }))
    .where('id', '=', id)
    .execute();
}
