/**
 * Ranked games in the database: made at the deal, their moves written in batches (one
 * transaction for every game's new moves; SQLite through prepared statements, PostgreSQL in one
 * statement), read back to resume a game, ended with what was ranked, and found when idle. A
 * process plays a game only while it is the game's holder: its writes check it.
 */
import type SQLite from 'better-sqlite3';
import type { Database, RankedGamesTable } from '../db.ts';
import type { RankedSetup, StoredMove } from './game.ts';

/** A game's moves not written yet, from move `from` (1-based) on. */
export interface MovesToWrite {
  readonly id: string;
  readonly from: number;
  readonly moves: readonly StoredMove[];
}

/** A stored ranked game: what it is, and how it ended (null while it is played). */
export interface StoredGame {
  readonly setup: RankedSetup;
  readonly tokenHash: string;
  readonly holder: string | null;
  readonly endedMs: number | null;
  readonly result: string | null;
}

function setupOf(r: RankedGamesTable): RankedSetup {
  return {
    id: r.id,
    kind: r.kind as '2048' | 'puzzle',
    size: Number(r.size),
    target: r.target === null ? null : Number(r.target),
    day: r.day,
    seed: Number(r.seed),
    dealtMs: Number(r.dealt_ms),
    keyHash: r.key_hash,
    name: r.name,
  };
}

function storedOf(r: RankedGamesTable): StoredGame {
  return {
    setup: setupOf(r),
    tokenHash: r.token_hash,
    holder: r.holder,
    endedMs: r.ended_ms === null ? null : Number(r.ended_ms),
    result: r.result,
  };
}

/** Moves written by one SQLite statement (4 parameters each). */
const ROWS_A_STATEMENT = 64;
/** Moves written by one PostgreSQL statement (its parameters are at most 65,535). */
const PG_ROWS = 10_000;

/** The moves of the games still held, as flat rows (game, n, move, t). */
function rowsOf(batch: readonly MovesToWrite[], held: ReadonlySet<string>): (string | number)[] {
  const rows: (string | number)[] = [];
  for (const b of batch) {
    if (!held.has(b.id)) continue;
    for (const [i, m] of b.moves.entries()) rows.push(b.id, b.from + i, m.move, m.t);
  }
  return rows;
}

export class RankedStore {
  private readonly sqlite: {
    file: SQLite.Database;
    writeAll: SQLite.Transaction<
      (
        batch: readonly MovesToWrite[],
        touch: readonly string[],
        holder: string,
        now: number,
      ) => Set<string>
    >;
  } | null;

  constructor(private readonly database: Database) {
    const file = database.sqlite;
    if (!file) {
      this.sqlite = null;
      return;
    }
    const insertSql = (rows: number) =>
      `insert into ranked_moves (game_id, n, move, t) values ${Array(rows).fill('(?, ?, ?, ?)').join(', ')} on conflict do nothing`;
    const insertOne = file.prepare(insertSql(1));
    const insertMany = file.prepare(insertSql(ROWS_A_STATEMENT));
    const heldBy = file.prepare('select id from ranked_games where holder = ?').pluck();
    const touchOne = file.prepare(
      'update ranked_games set active_ms = ? where id = ? and holder = ? and ended_ms is null',
    );
    const writeAll = file.transaction(
      (batch: readonly MovesToWrite[], touch: readonly string[], holder: string, now: number) => {
        const held = new Set(heldBy.all(holder) as string[]);
        const rows = rowsOf(batch, held);
        let i = 0;
        for (; i + ROWS_A_STATEMENT * 4 <= rows.length; i += ROWS_A_STATEMENT * 4) {
          insertMany.run(rows.slice(i, i + ROWS_A_STATEMENT * 4));
        }
        for (; i < rows.length; i += 4) insertOne.run(rows.slice(i, i + 4));
        for (const id of touch) touchOne.run(now, id, holder);
        return held;
      },
    );
    this.sqlite = { file, writeAll };
  }

  private get db() {
    return this.database.db;
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
        seed: s.seed,
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
    return {
      game: storedOf(r),
      moves: moves.map((m) => ({ move: Number(m.move), t: Number(m.t) })),
    };
  }

  /** A new token for a game (the old one stops working). */
  async setToken(id: string, tokenHash: string): Promise<void> {
    await this.db
      .updateTable('ranked_games')
      .set({ token_hash: tokenHash })
      .where('id', '=', id)
      .execute();
  }

  /** `holder` plays the game from now (taken from any other process). */
  async take(id: string, holder: string, now: number): Promise<void> {
    await this.db
      .updateTable('ranked_games')
      .set({ holder, active_ms: now })
      .where('id', '=', id)
      .execute();
  }

  /** `holder` lets the game go (its connection closed): idle from now. */
  async release(id: string, holder: string, now: number): Promise<void> {
    await this.db
      .updateTable('ranked_games')
      .set({ holder: null, active_ms: now })
      .where('id', '=', id)
      .where('holder', '=', holder)
      .execute();
  }

  /**
   * Writes the games' new moves and marks the games of `touch` active at `now`, in one
   * transaction; the ids of the games `holder` holds (read at its start): the moves of the
   * others (another process took them) are not written. The games held are read in one statement (by the holder's
   * index), the moves written many rows a statement. SQLite: after any transaction of the query
   * builder's open on the file.
   */
  async write(
    batch: readonly MovesToWrite[],
    touch: readonly string[],
    holder: string,
    now: number,
    check = false,
  ): Promise<Set<string> | null> {
    if (batch.length === 0 && touch.length === 0 && !check) return null;
    if (this.sqlite) {
      const { file, writeAll } = this.sqlite;
      while (file.inTransaction) await new Promise((r) => setTimeout(r, 1));
      // Immediate: a transaction that reads first and then writes is refused at once (not
      // waited for) while the checkpoint thread holds the write lock.
      return writeAll.immediate(batch, touch, holder, now);
    }
    return this.db.transaction().execute(async (tx) => {
      const heldRows = await tx
        .selectFrom('ranked_games')
        .select('id')
        .where('holder', '=', holder)
        .execute();
      const held = new Set(heldRows.map((h) => h.id));
      const rows = rowsOf(batch, held);
      for (let i = 0; i < rows.length; i += PG_ROWS * 4) {
        const chunk = [];
        for (let j = i; j < Math.min(rows.length, i + PG_ROWS * 4); j += 4) {
          chunk.push({
            game_id: rows[j] as string,
            n: rows[j + 1] as number,
            move: rows[j + 2] as number,
            t: rows[j + 3] as number,
          });
        }
        await tx
          .insertInto('ranked_moves')
          .values(chunk)
          .onConflict((oc) => oc.columns(['game_id', 'n']).doNothing())
          .execute();
      }
      if (touch.length > 0) {
        await tx
          .updateTable('ranked_games')
          .set({ active_ms: now })
          .where('id', 'in', touch)
          .where('holder', '=', holder)
          .where('ended_ms', 'is', null)
          .execute();
      }
      return held;
    });
  }

  /** Ends a game with what was ranked; false when it had ended already. */
  async end(id: string, now: number, reason: string, result: string): Promise<boolean> {
    const r = await this.db
      .updateTable('ranked_games')
      .set({ ended_ms: now, reason, result, holder: null })
      .where('id', '=', id)
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
