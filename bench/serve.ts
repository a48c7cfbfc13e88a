/**
 * `slidebox serve` under load, on SQLite and on PostgreSQL: figures, not pass/fail.
 *
 *   npm run bench:serve                          both databases, the board grown to 1,000,000
 *   npm run bench:serve -- --db sqlite --entries 100000 --seconds 3 --connections 16
 *
 * The server is the built CLI (`node dist/cli.js serve --rate-limit 0`) in its own process on
 * 127.0.0.1; autocannon sends from this one. For each database, side by side in one run:
 * the bare `GET /api/health`; today's daily 2048 board read (top 10 and the reader's own rank);
 * submissions of real codes of daily games (each a game of its own from today's seed: 64
 * seeded opening moves, then a greedy corner player to the end; each from its own player) on
 * the empty board; then the board
 * seeded directly to `--entries` entries and the same submissions and reads again. Requests a
 * second are totals over the run; latencies are autocannon's percentiles. Every phase is
 * bounded in requests and seconds and stops by itself. PostgreSQL is a throwaway cluster
 * (src/testing/postgres.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { awaitingWinChoice, type Game, keepGoing, newGame, play } from '../src/engine/game2048.ts';
import { encodeShared, shared2048 } from '../src/engine/shareCode.ts';
import { DAILY_SIZE, DAILY_TARGET, dailySeed, utcDay } from '../src/front/daily.ts';
import { keysOf, nodesOf } from '../src/server/boards/boards.ts';
import { sha256 } from '../src/server/hash.ts';
import { testPlayerKey } from '../src/testing/games.ts';
import { startPostgres } from '../src/testing/postgres.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    entries: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    submissions: { type: 'string', default: '3000' },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const ENTRIES = Number(values.entries);
const SUBMISSIONS = Number(values.submissions);
const DAY = utcDay(Date.now());

// ---------------------------------------------------------------- the codes

/** The number of empty cells of `g`. */
const empties = (g: Game) => g.cells.reduce((n, row) => n + row.filter((v) => v === 0).length, 0);

/**
 * The `pick`-th daily game of its own: 64 opening moves drawn by a seeded generator (so that no
 * two games share their opening, which the boards would refuse as a copy), then a greedy corner
 * player (down or left, whichever leaves more empty cells; right, then up, only when forced) to
 * the game's end. Cheap, so that every submission is a game of its own.
 */
function dailyGame(pick: number): Game {
  let g = newGame({ size: DAILY_SIZE, target: DAILY_TARGET, seed: dailySeed(DAY, '2048') });
  let x = Math.imul(pick + 1, 2654435761) >>> 0 || 1;
  for (let i = 0; i < 64 && !g.over; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    g = play(g, (['left', 'down', 'right'] as const)[(x >>> 16) % 3]!);
  }
  while (!g.over) {
    if (awaitingWinChoice(g)) g = keepGoing(g);
    let next: Game | null = null;
    for (const d of ['down', 'left'] as const) {
      const n = play(g, d);
      if (n.moves !== g.moves && (!next || empties(n) > empties(next))) next = n;
    }
    for (const d of ['right', 'up'] as const) {
      if (next) break;
      const n = play(g, d);
      if (n.moves !== g.moves) next = n;
    }
    if (!next) break;
    g = next;
  }
  return g;
}

/** Codes of `n` daily games, each a game of its own of at least 100 moves. */
function makeCodes(n: number): string[] {
  const codes: string[] = [];
  for (let pick = 0; codes.length < n && pick < 20 * n; pick++) {
    const g = dailyGame(pick);
    if (g.moves < 100) continue;
    const shared = shared2048(g);
    if (shared.ok) codes.push(encodeShared(shared.value));
  }
  return codes;
}

// ---------------------------------------------------------------- the server

/** The servers running: stopped if the benchmark itself fails. */
const servers = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of servers) c.kill('SIGKILL');
});

interface Running {
  url: string;
  stop(): Promise<void>;
}

function startServer(dataDir: string, db: string | null): Promise<Running> {
  const args = ['dist/cli.js', 'serve', '--port', '0', '--rate-limit', '0', '--data-dir', dataDir];
  if (db) args.push('--db', db);
  const child: ChildProcess = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error('the server did not start in 20 s')), 20_000);
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const m = /slidebox serve: (http:\/\/\S+)/.exec(buf);
      if (m) {
        clearTimeout(timer);
        child.stdout!.removeAllListeners('data');
        child.stdout!.resume();
        resolve({
          url: m[1]!,
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
}

// ---------------------------------------------------------------- load

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
}

async function load(opts: autocannon.Options): Promise<Figures> {
  const bounded = opts.amount === undefined ? { duration: SECONDS } : {};
  const r = await autocannon({ connections: CONNECTIONS, ...bounded, ...opts });
  // Seconds from the first request to the last answer (r.duration is whole seconds).
  const secs = (new Date(r.finish).getTime() - new Date(r.start).getTime()) / 1000 || SECONDS;
  return {
    rps: (r['2xx'] + r.non2xx) / secs,
    p50: r.latency.p50,
    p99: r.latency.p99,
    ok: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

const health = (url: string) => load({ url: `${url}/api/health` });

/**
 * Today's daily board of self-reported games (the one the submissions and the seeding fill),
 * top 10: the public page, and with the reader's own line and rank.
 */
const BOARD_READ = '/api/leaderboard?board=daily-2048&source=self-reported&limit=10';
const reads = (url: string) => load({ url: `${url}${BOARD_READ}` });
const readsYou = (url: string, player: number) =>
  load({ url: `${url}${BOARD_READ}`, headers: { 'x-player-key': testPlayerKey(player) } });

/** The reader seeded in the middle of the grown board (no submission uses this key). */
const SEEDED_READER = 1;

let keyCounter = 0;
async function submissions(url: string, codes: string[]): Promise<Figures> {
  let i = 0;
  const amount = Math.min(SUBMISSIONS, codes.length);
  // autocannon ends a run of `amount` requests on its once-a-second tick: the rate is timed
  // here, from the first request sent to the last answer.
  let first = 0;
  let last = 0;
  let answered = 0;
  const f = await load({
    url: `${url}/api/scores`,
    amount,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => {
          if (first === 0) first = performance.now();
          const code = codes[i++ % codes.length]!;
          keyCounter++;
          return {
            ...req,
            body: JSON.stringify({
              code,
              name: `p${keyCounter}`,
              playerKey: testPlayerKey(keyCounter + 10),
            }),
          };
        },
        onResponse: () => {
          answered++;
          last = performance.now();
        },
      },
    ],
  });
  return { ...f, rps: last > first ? answered / ((last - first) / 1000) : f.rps };
}

// ---------------------------------------------------------------- seeding

interface Row {
  key: string;
  name: string;
  code: string;
  score: number;
  moves: number;
}

function* seedRows(n: number, base: number): Generator<Row> {
  let s = 12345;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const score = 1000 + (s % 60_000);
    yield {
      key: i === Math.floor(n / 2) ? sha256(testPlayerKey(SEEDED_READER)) : `seed-${base + i}`,
      name: `seeded ${i}`,
      code: `sb.seed.${base + i}`,
      score,
      moves: 400 + (s % 2500),
    };
  }
}

/** The rank counts of `rows` on one ladder: node → count. */
function countsOf(rows: Iterable<Row>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const r of rows) {
    const { k1 } = keysOf({ kind: '2048', score: r.score, moves: r.moves } as never);
    for (const node of nodesOf(k1)) counts.set(node, (counts.get(node) ?? 0) + 1);
  }
  return counts;
}

const GAME_COLS =
  'code_hash, code, player_id, kind, size, target, seed, assisted, score, moves, time_ms, max_tile, over, won, day, created_ms';

async function seedSqlite(file: string, n: number): Promise<void> {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.prepare(`insert into ladders (board, track) values (?, 'clean') on conflict do nothing`).run(
    `daily-2048:${DAY}`,
  );
  const ladder = (
    db
      .prepare(`select id from ladders where board = ? and track = 'clean'`)
      .get(`daily-2048:${DAY}`) as { id: number }
  ).id;
  const base =
    (db.prepare('select coalesce(max(id), 0) as m from players').get() as { m: number }).m + 1;
  const player = db.prepare(
    'insert into players (key_hash, name, created_ms) values (?, ?, 0) returning id',
  );
  const game = db.prepare(
    `insert into games (${GAME_COLS}) values (?, ?, ?, '2048', 4, 2048, 0, 0, ?, ?, null, 1024, 1, 0, ?, 0) returning id`,
  );
  const entry = db.prepare(
    'insert into entries (ladder_id, player_id, game_id, k1, k2) values (?, ?, ?, ?, ?)',
  );
  const count = db.prepare(
    'insert into rank_counts (ladder_id, node, n) values (?, ?, ?) on conflict (ladder_id, node) do update set n = rank_counts.n + excluded.n',
  );
  db.transaction(() => {
    for (const r of seedRows(n, base)) {
      const p = (player.get(r.key, r.name) as { id: number }).id;
      const g = (game.get(r.code, r.code, p, r.score, r.moves, DAY) as { id: number }).id;
      const { k1, k2 } = keysOf({ kind: '2048', score: r.score, moves: r.moves } as never);
      entry.run(ladder, p, g, k1, k2);
    }
    for (const [node, c] of countsOf(seedRows(n, base))) count.run(ladder, node, c);
  })();
  db.close();
}

async function seedPostgres(url: string, n: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into ladders (board, track) values ($1, 'clean') on conflict do nothing`,
      [`daily-2048:${DAY}`],
    );
    const ladder = Number(
      (
        await client.query(`select id from ladders where board = $1 and track = 'clean'`, [
          `daily-2048:${DAY}`,
        ])
      ).rows[0].id,
    );
    const base =
      Number((await client.query('select coalesce(max(id), 0) as m from players')).rows[0].m) + 1;
    await client.query('begin');
    const rows = [...seedRows(n, base)];
    const batch = 5000;
    for (let i = 0; i < rows.length; i += batch) {
      const part = rows.slice(i, i + batch);
      const players = await client.query(
        `insert into players (key_hash, name, created_ms) select * from unnest($1::text[], $2::text[], $3::bigint[]) returning id`,
        [part.map((r) => r.key), part.map((r) => r.name), part.map(() => 0)],
      );
      const pids = players.rows.map((r) => Number(r.id));
      const games = await client.query(
        `insert into games (${GAME_COLS})
         select h, h, p, '2048', 4, 2048, 0, 0, s, m, null, 1024, 1, 0, $5, 0
         from unnest($1::text[], $2::bigint[], $3::bigint[], $4::int[]) as t(h, p, s, m) returning id`,
        [part.map((r) => r.code), pids, part.map((r) => r.score), part.map((r) => r.moves), DAY],
      );
      const gids = games.rows.map((r) => Number(r.id));
      const keys = part.map((r) =>
        keysOf({ kind: '2048', score: r.score, moves: r.moves } as never),
      );
      await client.query(
        `insert into entries (ladder_id, player_id, game_id, k1, k2)
         select $1, p, g, a, b from unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[]) as t(p, g, a, b)`,
        [ladder, pids, gids, keys.map((k) => k.k1), keys.map((k) => k.k2)],
      );
    }
    const counts = [...countsOf(rows)];
    for (let i = 0; i < counts.length; i += 50_000) {
      const part = counts.slice(i, i + 50_000);
      await client.query(
        `insert into rank_counts (ladder_id, node, n)
         select $1, a, b from unnest($2::bigint[], $3::bigint[]) as t(a, b)
         on conflict (ladder_id, node) do update set n = rank_counts.n + excluded.n`,
        [ladder, part.map(([k]) => k), part.map(([, c]) => c)],
      );
    }
    await client.query('commit');
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- the run

const fmt = (f: Figures) =>
  `${Math.round(f.rps).toLocaleString('en-US').padStart(7)}/s  p50 ${String(f.p50).padStart(3)} ms  p99 ${String(f.p99).padStart(4)} ms` +
  (f.non2xx || f.errors ? `  (${f.non2xx} non-2xx, ${f.errors} errors)` : '');

async function runOne(name: 'sqlite' | 'postgres', codes: string[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'slidebox-bench-serve-'));
  let db: string | null = null;
  let stopPg: (() => Promise<void>) | null = null;
  if (name === 'postgres') {
    const c = await startPostgres();
    if ('skip' in c) {
      console.log(`PostgreSQL: skipped (${c.skip})`);
      return;
    }
    db = c.url;
    stopPg = () => c.stop();
  }
  const half = Math.floor(codes.length / 2);
  try {
    let server = await startServer(dir, db);
    console.log(
      `\n${name === 'sqlite' ? 'SQLite' : 'PostgreSQL'} · ${CONNECTIONS} connections · ${SECONDS} s a phase`,
    );
    const bare = await health(server.url);
    console.log(`  GET /api/health (bare)             ${fmt(bare)}`);
    const firstPlayer = keyCounter + 10;
    const sub0 = await submissions(server.url, codes.slice(0, half));
    console.log(`  POST /api/scores, empty board      ${fmt(sub0)}`);
    const read0 = await reads(server.url);
    console.log(
      `  GET /api/leaderboard, ${sub0.ok.toLocaleString('en-US')} entries ${fmt(read0)}  = ${((100 * read0.rps) / bare.rps).toFixed(0)}% of bare`,
    );
    const you0 = await readsYou(server.url, firstPlayer + 1);
    console.log(
      `    … with your line and rank        ${fmt(you0)}  = ${((100 * you0.rps) / bare.rps).toFixed(0)}% of bare`,
    );
    await server.stop();
    const t0 = performance.now();
    if (name === 'sqlite') await seedSqlite(join(dir, 'leaderboards.sqlite'), ENTRIES);
    else await seedPostgres(db!, ENTRIES);
    console.log(
      `  (seeded ${ENTRIES.toLocaleString('en-US')} entries directly in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
    server = await startServer(dir, db);
    const bare1 = await health(server.url);
    console.log(`  GET /api/health (bare)             ${fmt(bare1)}`);
    const sub1 = await submissions(server.url, codes.slice(half));
    console.log(
      `  POST /api/scores, ${ENTRIES.toLocaleString('en-US')} entries ${fmt(sub1)}  = ${(sub1.rps / sub0.rps).toFixed(2)}× the empty board's rate`,
    );
    const read1 = await reads(server.url);
    console.log(
      `  GET /api/leaderboard, ${ENTRIES.toLocaleString('en-US')} entries ${fmt(read1)}  = ${((100 * read1.rps) / bare1.rps).toFixed(0)}% of bare`,
    );
    const you1 = await readsYou(server.url, SEEDED_READER);
    console.log(
      `    … with your line and rank        ${fmt(you1)}  = ${((100 * you1.rps) / bare1.rps).toFixed(0)}% of bare`,
    );
    await server.stop();
  } finally {
    await stopPg?.();
    rmSync(dir, { recursive: true, force: true });
  }
}

const t0 = performance.now();
const codes = makeCodes(2 * SUBMISSIONS);
const lengths = codes.map((c) => c.length).sort((a, b) => a - b);
console.log(
  `${codes.length} codes of daily games (${DAY}), ${lengths[0]}–${lengths.at(-1)} characters (median ${lengths[lengths.length >> 1]}), made in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
process.on('unhandledRejection', (e) => {
  console.error(e);
  process.exit(1);
});
for (const name of values.db === 'both'
  ? (['sqlite', 'postgres'] as const)
  : [values.db as 'sqlite' | 'postgres']) {
  await runOne(name, codes);
}
