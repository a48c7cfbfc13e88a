/**
 * Migration 0010 of the server's database (db.ts): the games' analyses for the boards
 * (analysisPool.ts), one row a game, and an index of the entries by game (the boards a game
 * stands on, read when its figures arrive; the games that stand, read by the analysis queue).
 */
import type { Kysely, Migration } from 'kysely';

export const analysisMigration: Record<string, Migration> = {
  '0010-game-analyses': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('game_analyses')
        .addColumn('game_id', 'bigint', (c) => c.primaryKey().references('games.id'))
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('claimed_ms', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text')
        .addColumn('accuracy', 'double precision')
        .addColumn('agreement', 'double precision')
        .addColumn('moves', 'integer')
        .addColumn('optimal', 'integer')
        .addColumn('wasted', 'integer')
        .addColumn('method', 'text')
        .addColumn('ai_like', 'integer')
        .addColumn('analysed_ms', 'bigint')
        .addColumn('note', 'text')
        .execute();
      await db.schema.createIndex('entries_game').on('entries').column('game_id').execute();
    },
  },
};
