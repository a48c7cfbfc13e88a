/**
 * Migration 0007 of the server's database (db.ts): each stored game's canonical hash (one
 * stored game per canonical form, gameIdentity.ts) and its opening's hash (the games a code
 * may copy), computed here for the games stored before. Of a game stored twice before (the same
 * game in two codes), the first keeps the hash; the later copy keeps its place and is never
 * matched.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Schema } from '../schema.ts';
import { gameIdentity } from './gameIdentity.ts';

/** Games read and hashed a batch at a time. */
const BATCH = 500;

export const gameIdentityMigration: Record<string, Migration> = {
  '0007-game-identity': {
    async up(unknownDb: Kysely<unknown>) {
      const db = unknownDb as Kysely<Schema>;
      // One column a statement: SQLite adds one at a time.
      await db.schema.alterTable('games').addColumn('game_hash', 'text').execute();
      await db.schema.alterTable('games').addColumn('opening_hash', 'text').execute();
      const seen = new Set<string>();
      for (let after = -1; ; ) {
        const rows = await db
          .selectFrom('games')
          .select(['id', 'code'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(BATCH)
          .execute();
        if (rows.length === 0) break;
        const values = [];
        for (const row of rows) {
          after = Number(row.id);
          const identity = gameIdentity(row.code);
          if (!identity || seen.has(identity.gameHash)) continue;
          seen.add(identity.gameHash);
          values.push(
            sql`(cast(${after} as bigint), ${identity.gameHash}, ${identity.openingHash})`,
          );
        }
        // A batch in one statement (both databases name the columns of VALUES column1, …).
        if (values.length > 0) {
          await sql`update games set game_hash = v.column2, opening_hash = v.column3
            from (values ${sql.join(values)}) as v where games.id = v.column1`.execute(db);
        }
      }
      await db.schema
        .createIndex('games_game_hash')
        .on('games')
        .column('game_hash')
        .unique()
        .execute();
      await db.schema
        .createIndex('games_opening_hash')
        .on('games')
        .column('opening_hash')
        .execute();
    },
  },
};
