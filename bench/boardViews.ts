/**
 * A board read in its own order and sorted or filtered by the analysis's figures: the time of
 * one page (10 lines) of one ladder of N entries, every game analysed, on SQLite (a file in a
 * temporary folder), read through Scores as the server reads it (pages kept for a second are
 * not counted: each read is of a new page key). Figures, not pass/fail.
 *
 *   node --import tsx bench/boardViews.ts [--entries 100000] [--reads 5]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { allTimeBoard, KEY_LIMIT } from '../src/server/boards/boards.ts';
import { type BoardView, PLAIN_VIEW, Scores } from '../src/server/boards/scores.ts';
import { openDatabase } from '../src/server/db.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const N = arg('--entries', 100_000);
const READS = arg('--reads', 5);

const dir = mkdtempSync(join(tmpdir(), 'slidebox-bench-views-'));
const database = await openDatabase(join(dir, 'leaderboards.sqlite'));
const db = database.db;
const board = allTimeBoard('2048', 4, 2048);
await db.insertInto('ladders').values({ board, track: 'clean' }).execute();
const ladder = Number((await db.selectFrom('ladders').select('id').executeTakeFirstOrThrow()).id);
const t0 = performance.now();
// Players, games, entries and analyses, N of each, in a few statements (rank counts are not
// needed: the pages read here are in order, and a line's rank is read from the counts, left
// empty, so ranks are not meaningful — their cost is).
const rows = sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${N}) select i from n`;
await sql`insert into players (key_hash, name, created_ms) select 'k' || i, 'P' || i, 0 from (${rows})`.execute(
  db,
);
await sql`insert into games (code_hash, code, player_id, kind, size, target, seed, assisted, score,
    moves, time_ms, max_tile, over, won, day, created_ms, ranked)
  select 'c' || i, 'sb.x', i, '2048', 4, 2048, i, 0, (i * 7919) % 100000, 100, null, 128, 1, 0, null, 0, 0
  from (${rows})`.execute(db);
await sql`insert into entries (ladder_id, player_id, game_id, k1, k2, accuracy, agreement, ai_like)
  select ${ladder}, id, id, ${KEY_LIMIT - 1} - score, moves, (id * 37) % 1000 / 10.0,
    (id * 53) % 1000 / 10.0, case when id % 1000 = 0 then 1 else 0 end from games`.execute(db);
await sql`insert into game_analyses (game_id, state, claimed_ms, kind, accuracy, agreement, moves,
    method, ai_like, analysed_ms)
  select id, 'done', 0, '2048', (id * 37) % 1000 / 10.0, (id * 53) % 1000 / 10.0, 100, 'fast',
    case when id % 1000 = 0 then 1 else 0 end, 0 from games`.execute(db);
console.log(`${N} entries on one ladder made in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const views: [string, BoardView][] = [
  ['by rank (the board’s order)', PLAIN_VIEW],
  ['sort=accuracy', { ...PLAIN_VIEW, sort: 'accuracy' }],
  ['sort=agreement', { ...PLAIN_VIEW, sort: 'agreement' }],
  ['minAccuracy=90', { ...PLAIN_VIEW, minAccuracy: 90 }],
  ['minAccuracy=99.9', { ...PLAIN_VIEW, minAccuracy: 99.9 }],
  ['sort=accuracy&minAgreement=50', { ...PLAIN_VIEW, sort: 'accuracy', minAgreement: 50 }],
  ['aiLike=1', { ...PLAIN_VIEW, aiLike: true }],
];
for (const [name, view] of views) {
  const ms: number[] = [];
  for (let r = 0; r < READS; r++) {
    // A new Scores each read: nothing kept from the read before.
    const scores = new Scores(database);
    const t = performance.now();
    const page = await scores.leaderboard(board, 'clean', 10, r * 10, null, view);
    ms.push(performance.now() - t);
    if (page.entries.length === 0) throw new Error('an empty page');
  }
  ms.sort((a, b) => a - b);
  console.log(`  ${name}: median ${ms[ms.length >> 1]!.toFixed(1)} ms a page (${READS} reads)`);
}
await database.close();
rmSync(dir, { recursive: true, force: true });
