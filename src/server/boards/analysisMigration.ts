/**
 * Migration 0010 of the server's database (db.ts): the games' analyses for the boards
 * (analysisPool.ts), one row a game; an index of the entries by game (the boards a game
 * stands on, read when its figures arrive; the games that stand, read by the analysis queue);
 * and each entry's copy of its game's accuracy, agreement and mark, indexed by ladder, for the
 * boards sorted and filtered by them.
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
      // Each entry carries its game's figures too, so that a board sorted or filtered by them
      // reads an index, not the whole ladder (null / 0 until the game is analysed).
      await db.schema.alterTable('entries').addColumn('accuracy', 'double precision').execute();
      await db.schema.alterTable('entries').addColumn('agreement', 'double precision').execute();
      await db.schema
        .alterTable('entries')
        .addColumn('ai_like', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      for (const figure of ['accuracy', 'agreement']) {
        await db.schema
          .createIndex(`entries_${figure}`)
          .on('entries')
          .columns(['ladder_id', `${figure} desc`, 'k1', 'k2', 'game_id'])
          .execute();
      }
      await db.schema
        .createIndex('entries_ai_like')
        .on('entries')
        .columns(['ladder_id', 'ai_like', 'k1', 'k2', 'game_id'])
        .execute();
    },
  },
};
