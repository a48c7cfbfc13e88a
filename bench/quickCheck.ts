/**
 * How long `slidebox serve`'s start-up check of an SQLite file takes (SQLite's quick check,
 * src/server/sqliteFaults.ts) on a database of N board entries (default 1,000,000): each entry
 * its own player and stored game (codes of 2048 games of 150 moves), the worst case per entry.
 * Prints the file's size, the quick check's time (best and median of 3), and the whole start
 * (openDatabase: quick check and migrations).
 *
 *   node --import tsx bench/quickCheck.ts [entries]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../src/server/db.ts';
import { quickCheck } from '../src/server/sqliteFaults.ts';
import { play2048 } from '../src/testing/games.ts';

const N = Number(process.argv[2] ?? 1_000_000);
const dir = mkdtempSync(join(tmpdir(), 'slidebox-quickcheck-'));
const file = join(dir, 'leaderboards.sqlite');

const made = Date.now();
const database = await openDatabase(file);
const db = database.sqlite!;
const ladder = Number(
  db.prepare(`insert into ladders (board, track) values ('2048 4 2048', 'clean')`).run()
    .lastInsertRowid,
);
// A few real codes, each stored N / 100 times with a different seed text: the sizes are real.
const codes = Array.from({ length: 100 }, (_, i) => play2048(i, 150).code);
const player = db.prepare(`insert into players (key_hash, name, created_ms) values (?, ?, ?)`);
const game = db.prepare(
  `insert into games (code_hash, code, player_id, kind, size, target, seed, assisted, score,
   moves, time_ms, max_tile, over, won, day, created_ms) values
   (?, ?, ?, '2048', 4, 2048, ?, 0, ?, 150, null, 256, 1, 0, null, ?)`,
);
const entry = db.prepare(
  `insert into entries (ladder_id, player_id, game_id, k1, k2) values (?, ?, ?, ?, ?)`,
);
const BATCH = 50_000;
for (let from = 0; from < N; from += BATCH) {
  db.transaction(() => {
    for (let i = from; i < Math.min(N, from + BATCH); i++) {
      const p = Number(
        player.run(randomBytes(32).toString('hex'), `Player ${i}`, i).lastInsertRowid,
      );
      const code = `${codes[i % 100]}${i.toString(36)}`;
      const score = (i * 7919) % 100_000;
      const g = Number(
        game.run(randomBytes(32).toString('hex'), code, p, i, score, i).lastInsertRowid,
      );
      entry.run(ladder, p, g, -score, i);
    }
  })();
}
await database.close();
const size = statSync(file).size;
console.log(
  `${N.toLocaleString('en')} entries (players, games, entries): ${(size / 1e6).toFixed(0)} MB, made in ${((Date.now() - made) / 1000).toFixed(0)} s`,
);

const times: number[] = [];
for (let run = 0; run < 3; run++) {
  const f = new SQLite(file);
  const t = performance.now();
  const problem = quickCheck(f, file);
  times.push(performance.now() - t);
  f.close();
  if (problem !== null) throw new Error(problem);
}
times.sort((a, b) => a - b);
console.log(
  `quick check: best ${(times[0]! / 1000).toFixed(2)} s, median ${(times[1]! / 1000).toFixed(2)} s`,
);
const t = performance.now();
const again = await openDatabase(file);
const opened = performance.now() - t;
await again.close();
console.log(`openDatabase (quick check and migrations): ${(opened / 1000).toFixed(2)} s`);
rmSync(dir, { recursive: true, force: true });
