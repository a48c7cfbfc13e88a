/**
 * Long seeds in the database (migration 0014): rows from before it keep their number seeds and
 * read as they did; rooms, ranked games and boards' games store and read back long seeds. On
 * SQLite and PostgreSQL.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { randomLongSeed } from '../engine/rng.ts';
import { BACKENDS, type Backend, newDatabaseTarget } from '../testing/serverHarness.ts';
import { openDatabase } from './db.ts';
import { RankedStore } from './ranked/store.ts';
import { RoomStore } from './rooms/store.ts';
import { seedColumns, seedOfRow } from './seedColumns.ts';

const NOW = 1_700_000_000_000;
const TABLES = ['games', 'ranked_games', 'rooms'] as const;

const room = (code: string) => ({
  code,
  kind: 'versus',
  size: 4,
  target: 512,
  attack_cap: null,
  match: 1,
  created_ms: NOW,
  active_ms: NOW,
});

const ranked = (id: string) => ({
  id,
  token_hash: `t${id}`,
  key_hash: `k${id}`,
  name: 'Ada',
  kind: '2048',
  size: 4,
  target: 2048,
  day: null,
  dealt_ms: NOW,
  active_ms: NOW,
  holder: null,
  ended_ms: null,
  reason: null,
  result: null,
});

const game = (hash: string, playerId: number) => ({
  code_hash: hash,
  code: hash,
  player_id: playerId,
  kind: '2048',
  size: 4,
  target: 2048,
  assisted: 0,
  score: 0,
  moves: 0,
  time_ms: null,
  max_tile: 4,
  over: 0,
  won: 0,
  day: null,
  created_ms: NOW,
});

describe('seedColumns and seedOfRow', () => {
  it('a number seed in seed, a long seed in long_seed with seed 0, and back', () => {
    const long = randomLongSeed();
    expect(seedColumns(2 ** 53 - 1)).toEqual({ seed: 2 ** 53 - 1, long_seed: null });
    expect(seedColumns(long)).toEqual({ seed: 0, long_seed: long });
    expect(seedOfRow(seedColumns(long))).toBe(long);
    expect(seedOfRow({ seed: '9007199254740991', long_seed: null })).toBe(2 ** 53 - 1);
    // A row from before 0014 has no long_seed at all.
    expect(seedOfRow({ seed: 42n })).toBe(42);
  });
});

describe.each(BACKENDS)('migration 0014-long-seeds on %s', (backend: Backend) => {
  it('keeps the number seeds of rows from before it; new rows keep long seeds', async (ctx) => {
    const target = await newDatabaseTarget(backend);
    if (typeof target !== 'string') return ctx.skip(target.skip);
    // A database as it was before 0014: no long_seed columns, the migration not run.
    let database = await openDatabase(target);
    for (const table of TABLES) {
      await database.db.schema.alterTable(table).dropColumn('long_seed').execute();
    }
    await sql`delete from kysely_migration where name = '0014-long-seeds'`.execute(database.db);
    // And those after it: 0015 runs again as it is (it drops a function if it is there), 0016's
    // column goes with its row.
    await sql`delete from kysely_migration where name = '0015-drop-room-action-function'`.execute(
      database.db,
    );
    await database.db.schema.alterTable('rooms').dropColumn('epoch').execute();
    await sql`delete from kysely_migration where name = '0016-room-epochs'`.execute(database.db);
    const old = database.db as never as import('kysely').Kysely<Record<string, never>>;
    const insert = (table: string, row: object) =>
      sql`insert into ${sql.table(table)} (${sql.join(Object.keys(row).map((k) => sql.ref(k)))}) values (${sql.join(Object.values(row))})`.execute(
        old,
      );
    await insert('rooms', { ...room('OLD1'), seed: 2 ** 53 - 1 });
    await insert('ranked_games', { ...ranked('old'), seed: 123_456_789_012 });
    await database.db
      .insertInto('players')
      .values({ key_hash: 'p', name: 'Ada', created_ms: NOW })
      .execute();
    const player = await database.db.selectFrom('players').select('id').executeTakeFirstOrThrow();
    await insert('games', { ...game('old', Number(player.id)), seed: 77 });
    await database.close();

    database = await openDatabase(target);
    try {
      const rooms = new RoomStore(database, 'test', () => NOW);
      const store = new RankedStore(database);
      expect((await rooms.roomRow('OLD1'))?.seed).toBe(2 ** 53 - 1);
      expect((await store.load('old'))?.game.setup.seed).toBe(123_456_789_012);
      const oldGame = await database.db
        .selectFrom('games')
        .select(['seed', 'long_seed'])
        .executeTakeFirstOrThrow();
      expect(seedOfRow(oldGame)).toBe(77);

      // New rows, written as the stores write them, read back their long seeds.
      const long = randomLongSeed();
      await database.db
        .insertInto('rooms')
        .values({ ...room('NEW1'), ...seedColumns(long), turn_ms: null })
        .execute();
      expect((await rooms.roomRow('NEW1'))?.seed).toBe(long);
      await database.db
        .insertInto('ranked_games')
        .values({ ...ranked('new'), ...seedColumns(long) })
        .execute();
      expect((await store.load('new'))?.game.setup.seed).toBe(long);
      await database.db
        .insertInto('games')
        .values({
          ...game('new', Number(player.id)),
          ...seedColumns(long),
          game_hash: null,
          opening_hash: null,
          ranked: 0,
        } as never)
        .execute();
      const rows = await database.db
        .selectFrom('games')
        .select(['seed', 'long_seed'])
        .orderBy('id')
        .execute();
      expect(rows.map(seedOfRow)).toEqual([77, long]);
    } finally {
      await database.close();
    }
  });
});
