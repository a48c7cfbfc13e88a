/**
 * How much the database grows when one player key sends many games that change nothing on
 * the boards (each worse than the best the player has there): figures, not pass/fail.
 *
 *   node --import tsx bench/storage.ts                  10,000 games
 *   node --import tsx bench/storage.ts --games 2000
 *
 * The server (app.ts, SQLite in a temporary directory, no rate limit) listens on 127.0.0.1;
 * one player sends a good 2048 game (the AI, 4×4), then `--games` distinct worse games of the
 * same board, one request at a time, over HTTP. Printed: the answers by status, the games
 * stored, and the database's size (its pages, WAL included, then the file once closed) before
 * and after. Bounded by the games sent; stops by itself.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { bestMoveOrThrow } from '../src/ai.ts';
import { awaitingWinChoice, keepGoing, newGame, play } from '../src/engine/game2048.ts';
import { encodeShared, shared2048 } from '../src/engine/shareCode.ts';
import { buildServer } from '../src/server/app.ts';
import { openDatabase } from '../src/server/db.ts';
import { createVerifier } from '../src/server/verifier.ts';
import { play2048, testPlayerKey } from '../src/testing/games.ts';

const { values } = parseArgs({ options: { games: { type: 'string', default: '10000' } } });
const GAMES = Number(values.games);

const dir = mkdtempSync(join(tmpdir(), 'slidebox-storage-'));
const path = join(dir, 'leaderboards.sqlite');
const database = await openDatabase(path);
const verifier = createVerifier();
const app = await buildServer({
  database,
  verify: verifier.verify,
  webRoot: null,
  rateLimit: 0,
  log: () => {},
});
const url = await app.listen({ host: '127.0.0.1', port: 0 });
const playerKey = testPlayerKey(1);

const post = async (code: string) => {
  const res = await fetch(`${url}/api/scores`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, name: 'Grinder', playerKey }),
  });
  await res.arrayBuffer();
  return res.status;
};
const bytes = () => {
  const file = database.sqlite!;
  return (
    Number(file.pragma('page_count', { simple: true })) *
    Number(file.pragma('page_size', { simple: true }))
  );
};
const stored = async () =>
  Number(
    (
      await database.db
        .selectFrom('games')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

let best = newGame({ size: 4, target: 2048, seed: 1 });
while (!best.over && best.moves < 1500) {
  if (awaitingWinChoice(best)) best = keepGoing(best);
  best = play(best, bestMoveOrThrow(best.cells, { depth: 2 })!);
}
const shared = shared2048(best);
if (!shared.ok) throw new Error(shared.error.message);
const first = await post(encodeShared(shared.value));
const before = { bytes: bytes(), games: await stored() };
const statuses = new Map<number, number>();
const started = performance.now();
let sentBytes = 0;
for (let i = 0; i < GAMES; i++) {
  const { game, code } = play2048(100_000 + i, 40 + (i % 400), { size: 4, target: 2048 });
  if (game.score >= best.score) continue;
  sentBytes += code.length;
  const status = await post(code);
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
}
const seconds = (performance.now() - started) / 1000;
const after = { bytes: bytes(), games: await stored() };
await app.close();
await database.close();
await verifier.close();
const file = statSync(path).size;
rmSync(dir, { recursive: true, force: true });

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
console.log(`best game: ${best.score} points, ${best.moves} moves (answered ${first})`);
console.log(
  `sent: ${[...statuses.values()].reduce((a, b) => a + b, 0)} worse games by one key, ${kb(sentBytes)} of codes, in ${seconds.toFixed(1)} s`,
);
console.log(`answers: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}`);
console.log(`games stored: ${before.games} before, ${after.games} after`);
console.log(
  `database: ${kb(before.bytes)} before, ${kb(after.bytes)} after (+${kb(after.bytes - before.bytes)}); file once closed ${kb(file)}`,
);
