/**
 * The server's database: an SQLite file (better-sqlite3, WAL) by default, or PostgreSQL for a
 * deployment of several `slidebox serve` processes — one schema, one set of queries (Kysely),
 * versioned migrations applied at start. Queries take parameters only.
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  sql,
} from 'kysely';
import pg from 'pg';
import { analysisMigration } from './boards/analysisMigration.ts';
import { LEVELS } from './boards/boards.ts';
import { gameIdentityMigration } from './boards/gameIdentityMigration.ts';
import { nameHoldersMigration } from './boards/nameHoldersMigration.ts';
import { dailyStartsMigration } from './ranked/dailyStartsMigration.ts';
import { rankedOwnerMigration } from './ranked/migration.ts';
import { roomEpochMigration } from './rooms/epochMigration.ts';
import type { Schema } from './schema.ts';
import { damaged, damagedSentence, HonestSqliteDialect, quickCheck } from './sqliteFaults.ts';

export type {
  EntriesTable,
  GameAnalysesTable,
  GamesTable,
  LaddersTable,
  NameHoldersTable,
  PlayersTable,
  RankCountsTable,
  RankedGamesTable,
  RankedMovesTable,
  RankLevelsTable,
  RoomActionsTable,
  RoomResultsTable,
  RoomsTable,
  Schema,
  SeatsTable,
  ServerSecretsTable,
} from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  readonly db: Kysely<Schema>;
  readonly dialect: Dialect;
  /** Where it is, without a password: for the start-up line. */
  readonly where: string;
  /**
   * PostgreSQL: a new connection of its own, outside the pool, not yet connected (for LISTEN,
   * which holds a connection for as long as it listens).
   */
  readonly newClient?: () => pg.Client;
  /**
   * SQLite: the file itself, for the few statements run so often that they are prepared once
   * and run without a query builder (the online rooms' actions).
   */
  readonly sqlite?: SQLite.Database;
  close(): Promise<void>;
}

/** Whether a `--db` value names a PostgreSQL server. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** The URL without its password, for logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.href;
  } catch {
    return '(a PostgreSQL URL)';
  }
}

// PostgreSQL's bigint (20) and numeric (1700, what SUM gives) as numbers: every value here is a
// whole number below 2^53.
const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    if (oid === 20 || oid === 1700) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/** Statements kept prepared, by their SQL: more than enough for the server's queries. */
const STATEMENTS_KEPT = 500;

/**
 * The SQLite file as Kysely sees it, with its statements prepared once: Kysely prepares every
 * query it runs, and preparing a join costs more than running it (the server's queries take
 * parameters, so their SQL repeats).
 */
function cachingStatements(file: SQLite.Database): SQLite.Database {
  const kept = new Map<string, SQLite.Statement>();
  return new Proxy(file, {
    get(target, prop, receiver) {
      if (prop !== 'prepare') return Reflect.get(target, prop, receiver);
      return (text: string) => {
        let st = kept.get(text);
        if (!st) {
          st = target.prepare(text);
          if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
          kept.set(text, st);
        }
        return st;
      };
    },
  });
}

/**
 * A PostgreSQL connection that prepares each statement once, by name: the server's queries
 * take parameters, so their text repeats, and PostgreSQL then plans them once per connection
 * instead of at every request.
 */
function preparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const names = new Map<string, string>();
  (client as { query: unknown }).query = (text: unknown, values?: unknown, ...rest: unknown[]) => {
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0) {
      return query(text, values, ...rest);
    }
    let name = names.get(text);
    if (name === undefined) {
      if (names.size >= STATEMENTS_KEPT) return query(text, values, ...rest);
      name = `s${names.size + 1}`;
      names.set(text, name);
    }
    return query({ name, text, values }, ...rest);
  };
}

/** The checkpoints' thread: a connection of its own copies the WAL into the file. */
const CHECKPOINTS = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.module);
const file = new SQLite(workerData.path);
file.pragma('busy_timeout = 5000');
// Most of the copy without holding up the writer, then the rest with it held (briefly) so that
// the WAL starts again from its beginning (written to all along, it would only grow).
const timer = setInterval(() => {
  try {
    file.pragma('wal_checkpoint(PASSIVE)');
    file.pragma('wal_checkpoint(RESTART)');
  } catch {}
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  file.close();
  parentPort.close();
});
`;

/**
 * Runs the SQLite file's WAL checkpoints on a thread of their own: a checkpoint copies and
 * syncs pages for several milliseconds, which at the commit that crossed the WAL's limit held
 * up the event loop (and every room's moves with it). The WAL stays the same; when the thread
 * cannot start, SQLite checkpoints at commits as before.
 */
function checkpointElsewhere(file: SQLite.Database, path: string): { stop(): Promise<void> } {
  try {
    const module = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(CHECKPOINTS, {
      eval: true,
      workerData: { module, path, everyMs: 250 },
    });
    worker.unref();
    worker.on('error', () => file.pragma('wal_autocheckpoint = 1000'));
    file.pragma('wal_autocheckpoint = 0');
    const done = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    return {
      async stop() {
        worker.postMessage('stop');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([done, new Promise((r) => (timer = setTimeout(r, 2000)))]);
        clearTimeout(timer);
        await worker.terminate();
      },
    };
  } catch {
    return { stop: async () => {} };
  }
}

/**
 * Opens an SQLite file and checks it (SQLite's quick check) before anything is written: a file
 * with a damaged page is refused with one sentence (thrown).
 */
function openSqliteChecked(target: string): SQLite.Database {
  let file: SQLite.Database | null = null;
  try {
    file = new SQLite(target);
    const problem = quickCheck(file, target);
    if (problem === null) return file;
    file.close();
    throw new Error(problem);
  } catch (e) {
    if (!damaged(e)) throw e;
    file?.close();
    throw new Error(damagedSentence(target, (e as Error).message));
  }
}

/** Opens (and migrates) the database: `target` is an SQLite file path or a postgres:// URL. */
export async function openDatabase(target: string): Promise<Database> {
  let database: Database;
  if (isPostgresUrl(target)) {
    const pool = new pg.Pool({
      connectionString: target,
      max: 10,
      connectionTimeoutMillis: 3000,
      types: pgTypes as never,
    });
    // An idle client's connection that drops (the server restarted) is not a crash: the next
    // query gets a new one, or an error its request answers 503 for.
    pool.on('error', () => {});
    // Nor is a drop while a client is checked out between two queries (in a transaction): the
    // pool listens only to idle clients, and an 'error' event nobody heard ended the process.
    // The client's next query fails instead, and the pool discards it when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => {});
      preparedStatements(client);
    });
    const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
    database = {
      db,
      dialect: 'postgres',
      where: redactUrl(target),
      newClient: () =>
        new pg.Client({
          connectionString: target,
          connectionTimeoutMillis: 3000,
          keepAlive: true,
          types: pgTypes as never,
        }),
      close: () => db.destroy(),
    };
  } else {
    mkdirSync(dirname(target), { recursive: true });
    const file = openSqliteChecked(target);
    file.pragma('journal_mode = WAL');
    // WAL with synchronous=NORMAL: a committed write survives the process being killed (only a
    // power cut can lose the last ones).
    file.pragma('synchronous = NORMAL');
    file.pragma('busy_timeout = 5000');
    const checkpoints = checkpointElsewhere(file, target);
    const db = new Kysely<Schema>({
      dialect: new HonestSqliteDialect({ database: cachingStatements(file) }),
    });
    const close = async () => {
      await checkpoints.stop();
      await db.destroy();
    };
    database = { db, dialect: 'sqlite', where: target, sqlite: file, close };
  }
  const migrated = await migrate(database);
  if (migrated !== null) {
    await database.close();
    throw new Error(`the database could not be set up: ${migrated}`);
  }
  return database;
}

function migrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? 'bigserial' : 'integer';
  const first: Record<string, Migration> = {
    '0001-leaderboards': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('players')
          .addColumn('id', id, (c) =>
            dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('key_hash', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('created_ms', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('games')
          .addColumn('id', id, (c) =>
            dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('code_hash', 'text', (c) => c.notNull().unique())
          .addColumn('code', 'text', (c) => c.notNull())
          .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('size', 'integer', (c) => c.notNull())
          .addColumn('target', 'integer')
          .addColumn('seed', 'bigint', (c) => c.notNull())
          .addColumn('assisted', 'integer', (c) => c.notNull())
          .addColumn('score', 'bigint', (c) => c.notNull())
          .addColumn('moves', 'integer', (c) => c.notNull())
          .addColumn('time_ms', 'bigint')
          .addColumn('max_tile', 'integer')
          .addColumn('over', 'integer', (c) => c.notNull())
          .addColumn('won', 'integer', (c) => c.notNull())
          .addColumn('day', 'text')
          .addColumn('created_ms', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('ladders')
          .addColumn('id', id, (c) =>
            dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('board', 'text', (c) => c.notNull())
          .addColumn('track', 'text', (c) => c.notNull())
          .addUniqueConstraint('ladders_board_track', ['board', 'track'])
          .execute();
        await db.schema
          .createTable('entries')
          .addColumn('ladder_id', 'bigint', (c) => c.notNull().references('ladders.id'))
          .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
          .addColumn('game_id', 'bigint', (c) => c.notNull().references('games.id'))
          .addColumn('k1', 'bigint', (c) => c.notNull())
          .addColumn('k2', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('entries_pk', ['ladder_id', 'player_id'])
          .execute();
        await db.schema
          .createIndex('entries_order')
          .on('entries')
          .columns(['ladder_id', 'k1', 'k2', 'game_id'])
          .execute();
        await db.schema
          .createTable('rank_counts')
          .addColumn('ladder_id', 'bigint', (c) => c.notNull().references('ladders.id'))
          .addColumn('node', 'bigint', (c) => c.notNull())
          .addColumn('n', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('rank_counts_pk', ['ladder_id', 'node'])
          .execute();
      },
    },
  };
  /* The levels of the rank counts (boards.ts), for the statement that adds an entry to all the
     nodes that hold its key at once. */
  const more: Record<string, Migration> = {
    '0002-rank-levels': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('rank_levels')
          .addColumn('level', 'integer', (c) => c.primaryKey())
          .execute();
        const levels = Array.from({ length: LEVELS + 1 }, (_, level) => ({ level }));
        await (db as Kysely<Schema>).insertInto('rank_levels').values(levels).execute();
      },
    },
  };
  const pg = dialect === 'postgres' ? { ...actionFunction(), ...ownersMigration() } : {};
  const rooms = { ...roomsMigration(dialect), ...presenceMigration(), ...roomFairPlayMigration() };
  const later = { ...gameIdentityMigration, ...nameHoldersMigration, ...analysisMigration };
  const ranked = { ...rankedMigration(), ...rankedOwnerMigration, ...dailyStartsMigration };
  return { ...first, ...more, ...rooms, ...pg, ...ranked, ...later, ...roomEpochMigration };
}

/**
 * Fair play in rooms (0008): each seat's player (the SHA-256 of its player key), each finished
 * match's two players and whether it counts for their records, and a duel's time per decision.
 */
function roomFairPlayMigration(): Record<string, Migration> {
  return {
    '0008-room-fair-play': {
      async up(db: Kysely<unknown>) {
        // One column a statement: SQLite adds one at a time.
        await db.schema.alterTable('seats').addColumn('player_hash', 'text').execute();
        await db.schema.alterTable('rooms').addColumn('turn_ms', 'bigint').execute();
        await db.schema.alterTable('room_results').addColumn('key0', 'text').execute();
        await db.schema.alterTable('room_results').addColumn('key1', 'text').execute();
        await db.schema
          .alterTable('room_results')
          .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        for (const key of ['key0', 'key1']) {
          const index = `room_results_${key}`;
          await db.schema.createIndex(index).on('room_results').column(key).execute();
        }
      },
    },
  };
}

/**
 * Ranked play: the server's games (one ranked daily per player, kind and day), their moves,
 * the server's secrets, and which stored games are ranked.
 */
function rankedMigration(): Record<string, Migration> {
  return {
    '0006-ranked-play': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('ranked_games')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('token_hash', 'text', (c) => c.notNull())
          .addColumn('key_hash', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('size', 'integer', (c) => c.notNull())
          .addColumn('target', 'bigint')
          .addColumn('day', 'text')
          .addColumn('seed', 'bigint', (c) => c.notNull())
          .addColumn('dealt_ms', 'bigint', (c) => c.notNull())
          .addColumn('active_ms', 'bigint', (c) => c.notNull())
          .addColumn('holder', 'text')
          .addColumn('ended_ms', 'bigint')
          .addColumn('reason', 'text')
          .addColumn('result', 'text')
          .execute();
        // Rows with no day never clash: NULLs are distinct in both databases.
        await db.schema
          .createIndex('ranked_games_daily')
          .on('ranked_games')
          .columns(['key_hash', 'kind', 'day'])
          .unique()
          .execute();
        // The games a process holds, read at each write of their moves.
        await db.schema
          .createIndex('ranked_games_holder')
          .on('ranked_games')
          .column('holder')
          .execute();
        await db.schema
          .createIndex('ranked_games_idle')
          .on('ranked_games')
          .columns(['ended_ms', 'active_ms'])
          .execute();
        await db.schema
          .createTable('ranked_moves')
          .addColumn('game_id', 'text', (c) =>
            c.notNull().references('ranked_games.id').onDelete('cascade'),
          )
          .addColumn('n', 'integer', (c) => c.notNull())
          .addColumn('move', 'integer', (c) => c.notNull())
          .addColumn('t', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('ranked_moves_pk', ['game_id', 'n'])
          .execute();
        await db.schema
          .createTable('server_secrets')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .alterTable('games')
          .addColumn('ranked', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      },
    },
  };
}

/** Online rooms: rooms, their seats, their actions in order, finished matches. */
function roomsMigration(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? 'bigserial' : 'integer';
  return {
    '0003-rooms': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('rooms')
          .addColumn('id', id, (c) =>
            dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('code', 'text', (c) => c.notNull().unique())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('size', 'integer', (c) => c.notNull())
          .addColumn('target', 'bigint')
          .addColumn('attack_cap', 'bigint')
          .addColumn('seed', 'bigint', (c) => c.notNull())
          .addColumn('match', 'integer', (c) => c.notNull())
          .addColumn('created_ms', 'bigint', (c) => c.notNull())
          .addColumn('active_ms', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('rooms_active').on('rooms').column('active_ms').execute();
        await db.schema
          .createTable('seats')
          .addColumn('room_id', 'bigint', (c) =>
            c.notNull().references('rooms.id').onDelete('cascade'),
          )
          .addColumn('side', 'integer', (c) => c.notNull())
          .addColumn('token_hash', 'text')
          .addColumn('name', 'text')
          .addPrimaryKeyConstraint('seats_pk', ['room_id', 'side'])
          .execute();
        await db.schema
          .createTable('room_actions')
          .addColumn('room_id', 'bigint', (c) =>
            c.notNull().references('rooms.id').onDelete('cascade'),
          )
          .addColumn('match', 'integer', (c) => c.notNull())
          .addColumn('seq', 'integer', (c) => c.notNull())
          .addColumn('side', 'integer', (c) => c.notNull())
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('client_id', 'bigint', (c) => c.notNull())
          .addColumn('created_ms', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('room_actions_pk', ['room_id', 'match', 'seq'])
          .execute();
        await db.schema
          .createTable('room_results')
          .addColumn('room_code', 'text', (c) => c.notNull())
          .addColumn('match', 'integer', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('winner', 'text', (c) => c.notNull())
          .addColumn('reason', 'text', (c) => c.notNull())
          .addColumn('code', 'text', (c) => c.notNull())
          .addColumn('name0', 'text', (c) => c.notNull())
          .addColumn('name1', 'text', (c) => c.notNull())
          .addColumn('finished_ms', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('room_results_pk', ['room_code', 'match'])
          .execute();
        await db.schema
          .createIndex('room_results_name0')
          .on('room_results')
          .column('name0')
          .execute();
        await db.schema
          .createIndex('room_results_name1')
          .on('room_results')
          .column('name1')
          .execute();
      },
    },
  };
}

/**
 * Rooms served by several processes: who holds each seat's connection and their heartbeat (or
 * when the seat was left), and rematch offers, kept in the database rather than in one process.
 */
function presenceMigration(): Record<string, Migration> {
  return {
    '0004-room-presence': {
      async up(db: Kysely<unknown>) {
        // One column a statement: SQLite adds one at a time.
        await db.schema.alterTable('seats').addColumn('holder', 'text').execute();
        await db.schema.alterTable('seats').addColumn('seen_ms', 'bigint').execute();
        await db.schema.alterTable('seats').addColumn('rematch', 'integer').execute();
        await db.schema.createIndex('seats_holder').on('seats').column('holder').execute();
      },
    },
  };
}

/**
 * PostgreSQL: a room's action written in one statement (src/server/rooms/log.ts): it takes the
 * room's row lock for the statement only, writes the action at its seq unless that seq or the
 * match's result is there already (a function's statements each see what committed before
 * them, so a result written while it waited for the lock is seen), the result with it when it
 * ends the match, and notifies the other processes with the action in the payload.
 * 'written'; 'moved': the match moved on or the room is gone; 'over': the match's result is
 * there; else the seq was written first: the match's actions from that seq on (JSON, [seq,
 * action, client id] each), to take in before trying again.
 */
function actionFunction(): Record<string, Migration> {
  return {
    '0005-room-action-function': {
      async up(db: Kysely<unknown>) {
        await sql`create or replace function slidebox_room_act(
            p_room bigint, p_match integer, p_seq integer, p_side integer, p_action text,
            p_client bigint, p_now bigint, p_code text, p_kind text, p_winner text,
            p_reason text, p_share text, p_name0 text, p_name1 text, p_payload text)
          returns text language plpgsql as $$
          declare missed text;
          begin
            perform 1 from rooms where id = p_room and match = p_match for no key update;
            if not found then return 'moved'; end if;
            if exists (select 1 from room_results where room_code = p_code and match = p_match)
              then return 'over'; end if;
            insert into room_actions (room_id, match, seq, side, action, client_id, created_ms)
              values (p_room, p_match, p_seq, p_side, p_action, p_client, p_now)
              on conflict (room_id, match, seq) do nothing;
            if not found then
              select json_agg(json_build_array(seq, action, client_id) order by seq)::text
                into missed from room_actions
                where room_id = p_room and match = p_match and seq >= p_seq;
              return coalesce(missed, '[]');
            end if;
            if p_winner is not null then
              insert into room_results (room_code, match, kind, winner, reason, code, name0,
                  name1, finished_ms)
                values (p_code, p_match, p_kind, p_winner, p_reason, p_share, p_name0, p_name1,
                  p_now)
                on conflict (room_code, match) do nothing;
              update rooms set active_ms = p_now where id = p_room;
            end if;
            perform pg_notify('slidebox_rooms', p_payload);
            return 'written';
          end $$`.execute(db);
      },
    },
  };
}

/**
 * PostgreSQL: each room's owner, the one process that referees it (src/server/rooms/owners.ts),
 * and each process's lease, renewed while it runs: a room whose owner's lease ran out is
 * claimed by another process.
 */
function ownersMigration(): Record<string, Migration> {
  return {
    '0011-room-owners': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('rooms').addColumn('owner', 'text').execute();
        await db.schema.createIndex('rooms_owner').on('rooms').column('owner').execute();
        await db.schema
          .createTable('room_processes')
          .addColumn('instance', 'text', (c) => c.primaryKey())
          .addColumn('until_ms', 'bigint', (c) => c.notNull())
          .execute();
      },
    },
  };
}

/** Applies the migrations not applied yet; null when all went well, else why not. */
async function migrate(database: Database): Promise<string | null> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(database.dialect) };
  const migrator = new Migrator({ db: database.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (!error) return null;
  const failed = results?.find((r) => r.status === 'Error')?.migrationName;
  const message = error instanceof Error ? error.message : String(error);
  return failed ? `migration ${failed}: ${message}` : message;
}
