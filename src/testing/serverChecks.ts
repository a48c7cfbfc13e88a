/**
 * Test support: what the leaderboard tables must always hold, read straight from the database
 * (SQLite file or PostgreSQL) — for tests that hit the server hard, crash it, or feed it junk.
 */
import { sql } from 'kysely';
import { allTimeBoard, dailyBoard, LEVELS } from '../server/boards/boards.ts';
import type { Database } from '../server/db.ts';

/** Row counts of every table, and the sum of all rank counts. */
export async function tableCounts(database: Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['players', 'games', 'ladders', 'entries', 'rank_counts'] as const) {
    const r = await database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(r.n);
  }
  const sum = await sql<{ n: number | null }>`select sum(n) as n from rank_counts`.execute(
    database.db,
  );
  out.rankCountSum = Number(sum.rows[0]?.n ?? 0);
  return out;
}

/**
 * The tables' invariants, as sentences naming what is wrong (empty: all hold): on every ladder
 * each level of the rank counts adds up to its number of entries, and no count is negative;
 * every entry's game is its player's; every game is on the ladders it ranks on (its player has
 * an entry there).
 */
export async function inconsistencies(database: Database): Promise<string[]> {
  const db = database.db;
  const problems: string[] = [];
  const ladders = await db.selectFrom('ladders').selectAll().execute();
  const ladderOf = new Map(ladders.map((l) => [`${l.board} ${l.track}`, Number(l.id)]));
  const entries = await db
    .selectFrom('entries')
    .innerJoin('games', 'games.id', 'entries.game_id')
    .select(['entries.ladder_id', 'entries.player_id', 'games.player_id as owner'])
    .execute();
  const perLadder = new Map<number, number>();
  const entered = new Set<string>();
  for (const e of entries) {
    const ladder = Number(e.ladder_id);
    perLadder.set(ladder, (perLadder.get(ladder) ?? 0) + 1);
    entered.add(`${ladder} ${Number(e.player_id)}`);
    if (Number(e.owner) !== Number(e.player_id)) {
      problems.push(`ladder ${ladder}: player ${e.player_id} is listed with another's game`);
    }
  }
  const counts = await db.selectFrom('rank_counts').selectAll().execute();
  const levels = new Map<string, number>();
  for (const c of counts) {
    const n = Number(c.n);
    if (n < 0) problems.push(`ladder ${c.ladder_id}: node ${c.node} counts ${n}`);
    const level = Math.floor(Number(c.node) / 2 ** LEVELS);
    const key = `${Number(c.ladder_id)} ${level}`;
    levels.set(key, (levels.get(key) ?? 0) + n);
  }
  for (const l of ladders) {
    const id = Number(l.id);
    const n = perLadder.get(id) ?? 0;
    for (let level = 0; level < LEVELS; level++) {
      const counted = levels.get(`${id} ${level}`) ?? 0;
      if (counted !== n) {
        problems.push(`${l.board} ${l.track}: ${n} entries, level ${level} counts ${counted}`);
        break;
      }
    }
  }
  const games = await db
    .selectFrom('games')
    .select(['id', 'player_id', 'kind', 'size', 'target', 'assisted', 'day'])
    .execute();
  for (const g of games) {
    const kind = g.kind as '2048' | 'puzzle';
    const boards = [
      allTimeBoard(kind, Number(g.size), g.target === null ? null : Number(g.target)),
    ];
    if (g.day !== null) boards.push(dailyBoard(kind, g.day));
    const tracks = Number(g.assisted) ? ['open'] : ['clean', 'open'];
    for (const board of boards) {
      for (const track of tracks) {
        const ladder = ladderOf.get(`${board} ${track}`);
        if (ladder === undefined || !entered.has(`${ladder} ${Number(g.player_id)}`)) {
          problems.push(`game ${g.id} is not on ${board} ${track}`);
        }
      }
    }
  }
  return problems;
}
