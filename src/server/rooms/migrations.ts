/**
 * The online rooms' migrations (db.ts applies every feature's in name order): rooms, seats,
 * actions and results (0003), presence (0004), fair play (0008), and on PostgreSQL each room's
 * owner and the processes' leases (0011), the epoch of each room's claim (0016: epochMigration.ts). 0005 once made a PL/pgSQL function for an action's
 * write that nothing calls: it makes nothing now, and 0015 drops it where it was made.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../schema.ts';
import { roomEpochMigration } from './epochMigration.ts';

/** Every migration of the rooms (the PostgreSQL-only ones on PostgreSQL). */
export function roomsMigrations(dialect: Dialect): Record<string, Migration> {
  const pg =
    dialect === 'postgres'
      ? { ...retiredActionFunction(), ...ownersMigration(), ...dropActionFunction() }
      : {};
  return {
    ...roomsMigration(dialect),
    ...presenceMigration(),
    ...roomFairPlayMigration(),
    ...pg,
    ...roomEpochMigration,
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

/** 0005, once the action function (see the file's head): applied where it was, it makes nothing now. */
function retiredActionFunction(): Record<string, Migration> {
  return {
    '0005-room-action-function': {
      async up() {},
    },
  };
}

/** PostgreSQL: the action function 0005 made, which nothing calls, dropped. */
function dropActionFunction(): Record<string, Migration> {
  return {
    '0015-drop-room-action-function': {
      async up(db: Kysely<unknown>) {
        await sql`drop function if exists slidebox_room_act(bigint, integer, integer, integer,
          text, bigint, bigint, text, text, text, text, text, text, text, text)`.execute(db);
      },
    },
  };
}
