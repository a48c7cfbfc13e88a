/**
 * Migration 0013 of the server's database (db.ts): the ranked daily's new attempts counted per
 * day, kind and client address, the address kept only as a keyed hash (dailyStarts.ts).
 */
import type { Kysely, Migration } from 'kysely';

export const dailyStartsMigration: Record<string, Migration> = {
  '0013-ranked-daily-starts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ranked_daily_starts')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('address_hash', 'text', (c) => c.notNull())
        .addColumn('starts', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('ranked_daily_starts_key', ['day', 'kind', 'address_hash'])
        .execute();
    },
  },
};
