/**
 * Ranked play's migrations (db.ts applies every feature's in name order): the games, their
 * moves and the server's secrets (0006), and here migration 0012: a ranked game's owner under an epoch, and
 * the time a server fault took from it.
 * - `ranked_games.epoch`: raised by every take (store.ts `take`); every write of the game's
 *   owner — its moves, its touch, its release, its end — names the epoch it took, and the
 *   database refuses it once another take raised it: a process that lost a game stores nothing
 *   more of it, so it answers nothing more.
 * - `ranked_games.paused_ms`: the time left out of the game's clock (ms): from the last stored
 *   move to a takeover after its owner died or stopped; `interrupted_ms` the same, summed for
 *   the result, and `interruptions` how many times.
 * - `ranked_games.stopped`: 1 while the game was let go by a stopping server (not by its
 *   player): its next take leaves the time since its last move out of the clock.
 * - `games.interrupted_ms`: a ranked game's time left out, for its board entry (null: none).
 */
import type { Kysely, Migration } from 'kysely';
import { dailyStartsMigration } from './dailyStartsMigration.ts';

const rankedOwnerMigration: Record<string, Migration> = {
  '0012-ranked-owner': {
    async up(db: Kysely<unknown>) {
      // One column a statement: SQLite adds one at a time.
      const add = (table: string, column: string) =>
        db.schema
          .alterTable(table)
          .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
      for (const column of ['epoch', 'paused_ms', 'interrupted_ms', 'interruptions', 'stopped']) {
        await add('ranked_games', column);
      }
      await db.schema.alterTable('games').addColumn('interrupted_ms', 'bigint').execute();
    },
  },
};

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

/** Every migration of ranked play: 0006, 0012 and 0013 (the ranked daily's starts). */
export const rankedMigrations: Record<string, Migration> = {
  ...rankedMigration(),
  ...rankedOwnerMigration,
  ...dailyStartsMigration,
};
