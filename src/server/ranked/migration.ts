/**
 * Migration 0012 of the server's database (db.ts): a ranked game's owner under an epoch, and
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

export const rankedOwnerMigration: Record<string, Migration> = {
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
