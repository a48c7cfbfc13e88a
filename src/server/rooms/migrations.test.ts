/**
 * The rooms' migrations on a real PostgreSQL: the PL/pgSQL function an old 0005 made (for an
 * action's write, called by nothing) is made no more, and 0015 drops it from a database that
 * has it.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newDatabaseTarget } from '../../testing/serverHarness.ts';
import { openDatabase } from '../db.ts';

const functions = async (d: Awaited<ReturnType<typeof openDatabase>>) =>
  Number(
    (
      await sql<{
        n: string;
      }>`select count(*) as n from pg_proc where proname = 'slidebox_room_act'`.execute(d.db)
    ).rows[0]!.n,
  );

describe('the rooms’ migrations on postgres', () => {
  it('leave no action function, and drop the one an older 0005 made', async (ctx) => {
    const target = await newDatabaseTarget('postgres');
    if (typeof target !== 'string') return ctx.skip(target.skip);
    let d = await openDatabase(target);
    try {
      expect(await functions(d)).toBe(0);
      // A database migrated by an older slidebox: 0005 made the function, 0015 never ran.
      await sql`create function slidebox_room_act(p_room bigint, p_match integer, p_seq integer,
          p_side integer, p_action text, p_client bigint, p_now bigint, p_code text, p_kind text,
          p_winner text, p_reason text, p_share text, p_name0 text, p_name1 text, p_payload text)
        returns text language sql as $$ select 'written' $$`.execute(d.db);
      await sql`delete from kysely_migration where name = '0015-drop-room-action-function'`.execute(
        d.db,
      );
      // And the one after it (its column with its row).
      await d.db.schema.alterTable('rooms').dropColumn('epoch').execute();
      await sql`delete from kysely_migration where name = '0016-room-epochs'`.execute(d.db);
      expect(await functions(d)).toBe(1);
      await d.close();
      d = await openDatabase(target);
      expect(await functions(d)).toBe(0);
    } finally {
      await d.close();
    }
  });
});
