/**
 * Migration 0009 of the server's database (db.ts): the names' holders (nameHolders.ts). Each
 * name already stored goes to the player who has had it longest (the first by `created_ms`,
 * then by id); a look-alike name of a later player stays on their entries but is theirs no more.
 */
import type { Kysely, Migration } from 'kysely';
import { nameSkeleton } from '../../net/nameSkeleton.ts';
import type { Schema } from '../schema.ts';

/** Players read a batch at a time. */
const BATCH = 500;

export const nameHoldersMigration: Record<string, Migration> = {
  '0009-name-holders': {
    async up(unknownDb: Kysely<unknown>) {
      const db = unknownDb as Kysely<Schema>;
      await db.schema
        .createTable('name_holders')
        .addColumn('skeleton', 'text', (c) => c.primaryKey())
        .addColumn('key_hash', 'text', (c) => c.notNull())
        .addColumn('created_ms', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('name_holders_key_hash')
        .on('name_holders')
        .column('key_hash')
        .execute();
      const seen = new Set<string>();
      for (let offset = 0; ; offset += BATCH) {
        const rows = await db
          .selectFrom('players')
          .select(['key_hash', 'name', 'created_ms'])
          .orderBy('created_ms')
          .orderBy('id')
          .limit(BATCH)
          .offset(offset)
          .execute();
        if (rows.length === 0) break;
        const values = [];
        for (const row of rows) {
          const skeleton = nameSkeleton(row.name);
          if (seen.has(skeleton)) continue;
          seen.add(skeleton);
          values.push({ skeleton, key_hash: row.key_hash, created_ms: Number(row.created_ms) });
        }
        if (values.length > 0) await db.insertInto('name_holders').values(values).execute();
      }
    },
  },
};
