/**
 * The boards' migrations (db.ts applies every feature's in name order): players, games,
 * ladders, entries and rank counts (0001), the rank counts' levels (0002), one game one entry
 * (0007), names held by player keys (0009) and the games' analyses (0010).
 */
import type { Kysely, Migration } from 'kysely';
import type { Dialect, Schema } from '../schema.ts';
import { analysisMigration } from './analysisMigration.ts';
import { LEVELS } from './boards.ts';
import { gameIdentityMigration } from './gameIdentityMigration.ts';
import { nameHoldersMigration } from './nameHoldersMigration.ts';

/** Every migration of the boards. */
export function boardsMigrations(dialect: Dialect): Record<string, Migration> {
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
  return {
    ...first,
    ...rankLevels(),
    ...gameIdentityMigration,
    ...nameHoldersMigration,
    ...analysisMigration,
  };
}

/* The levels of the rank counts (boards.ts), for the statement that adds an entry to all the
   nodes that hold its key at once. */
function rankLevels(): Record<string, Migration> {
  return {
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
}
