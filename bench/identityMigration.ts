/**
 * How long migration 0007-game-identity (src/server/boards/gameIdentityMigration.ts) takes on an
 * SQLite database that holds many games stored before it: figures, not pass/fail.
 *
 *   node --import tsx bench/identityMigration.ts            100,000 games
 *   node --import tsx bench/identityMigration.ts --games 20000
 *
 * A new database in a temporary directory is taken back to before 0007 (its two columns and
 * indexes dropped), filled with `--games` distinct 2048 games of 30 moves, and migrated again;
 * printed: the time and the games hashed. Bounded by the games; stops by itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { gameIdentityMigration } from '../src/server/boards/gameIdentityMigration.ts';
import { openDatabase } from '../src/server/db.ts';
import { play2048 } from '../src/testing/games.ts';

const { values } = parseArgs({ options: { games: { type: 'string', default: '100000' } } });
const GAMES = Number(values.games);
const dir = mkdtempSync(join(tmpdir(), 'slidebox-migration-'));
const database = await openDatabase(join(dir, 'leaderboards.sqlite'));
const db = database.db;
await db.schema.dropIndex('games_game_hash').execute();
await db.schema.dropIndex('games_opening_hash').execute();
await db.schema.alterTable('games').dropColumn('game_hash').execute();
await db.schema.alterTable('games').dropColumn('opening_hash').execute();
await db.insertInto('players').values({ key_hash: 'k', name: 'Before', created_ms: 0 }).execute();
const file = database.sqlite!;
const insert = file.prepare(
  `insert into games (code_hash, code, player_id, kind, size, target, seed, assisted, score,
    moves, time_ms, max_tile, over, won, day, created_ms)
    values (?, ?, 1, '2048', 4, 2048, ?, 0, 0, 30, null, 2, 0, 0, null, 0)`,
);
file.transaction(() => {
  for (let i = 0; i < GAMES; i++) insert.run(`h${i}`, play2048(i, 30).code, i);
})();
const started = performance.now();
await gameIdentityMigration['0007-game-identity']!.up(db as never);
const seconds = (performance.now() - started) / 1000;
const hashed = await sql<{ n: number }>`select count(*) as n from games
  where game_hash is not null`.execute(db);
console.log(
  `${GAMES} games: migration 0007 in ${seconds.toFixed(1)} s, ${hashed.rows[0]!.n} hashed`,
);
await database.close();
rmSync(dir, { recursive: true, force: true });
