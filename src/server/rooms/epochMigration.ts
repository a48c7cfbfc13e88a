/**
 * Migration 0016 of the server's database (db.ts): a room's owner under an epoch.
 * `rooms.epoch` is raised by every claim that takes the room (owners.ts `claim` on PostgreSQL,
 * the process loading it on SQLite), and the live room remembers the epoch it took. Every write
 * of the room's owner — its actions, its seats (who holds one, their heartbeat), its results,
 * rematches and forfeits — names that epoch (and, on PostgreSQL, the owner), and the database
 * refuses it once another claim raised it: the owner then lets the room go.
 */
import type { Kysely, Migration } from 'kysely';

export const roomEpochMigration: Record<string, Migration> = {
  '0016-room-epochs': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('rooms')
        .addColumn('epoch', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
};
