/**
 * The server's database: an SQLite file (better-sqlite3, WAL) by default, or PostgreSQL for a
 * deployment of several `slidebox serve` processes — one schema, one set of queries (Kysely),
 * versioned migrations applied at start. Queries take parameters only.
 */

import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { Kysely, type Migration, type MigrationProvider, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { makeFolder } from '../storage/files.ts';
import { boardsMigrations } from './boards/migrations.ts';
import { rankedMigrations } from './ranked/migration.ts';
import { roomsMigrations } from './rooms/migrations.ts';
import type { Dialect, Schema } from './schema.ts';

export type { Dialect } from './schema.ts';

import { longSeedMigration as longSeeds } from './seedColumns.ts';
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
    makeFolder(dirname(target));
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
  // Each feature's beside its code; the long seeds' touch the tables of all three.
  return {
    ...boardsMigrations(dialect),
    ...roomsMigrations(dialect),
    ...rankedMigrations,
    ...longSeeds,
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
