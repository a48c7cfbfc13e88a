/**
 * Seeds in the database. A number seed (xoshiro128**: offline games, and every row from before
 * long seeds) is kept in the `seed` column (bigint); a long seed (ChaCha20, 128 or 256 bits as
 * hex: what the server deals now) in `long_seed` (text, migration 0014), with `seed` 0. A row
 * reads as its long seed when it has one, else as its number, so rows from before read as
 * they always did.
 */
import type { Migration } from 'kysely';
import type { Seed } from '../engine/rng.ts';

/** The tables that hold a game's seed. */
const TABLES = ['games', 'ranked_games', 'rooms'] as const;

/** The `long_seed` column of the tables that hold seeds (0014). */
export const longSeedMigration: Record<string, Migration> = {
  '0014-long-seeds': {
    async up(db) {
      for (const table of TABLES) {
        await db.schema.alterTable(table).addColumn('long_seed', 'text').execute();
      }
    },
  },
};

/** A seed as the two columns that hold it. */
export function seedColumns(seed: Seed): { seed: number; long_seed: string | null } {
  return typeof seed === 'string' ? { seed: 0, long_seed: seed } : { seed, long_seed: null };
}

/** The seed a row holds: its long seed if it has one, else its number. */
export function seedOfRow(row: {
  readonly seed: number | string | bigint;
  readonly long_seed?: string | null;
}): Seed {
  return row.long_seed ?? Number(row.seed);
}
