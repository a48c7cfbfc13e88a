/**
 * How much the database grows when one player key sends many games that change nothing on
 * the boards (each worse than the best the player has there): figures, not pass/fail.
 *
 *   node --import tsx bench/storage.ts                  10,000 games
 *   node --import tsx bench/storage.ts --games 2000
 *
 * The server (app.ts, SQLite in a temporary directory, no rate limit) listens on 127.0.0.1;
 * one player sends a good 2048 game (the AI, 4×4), then `--games` distinct worse games of the
 * same board, one request at a time, over HTTP; then `--better` games each better than the
 * one before (one long 8×8 game sent as it grows, every few moves: each beats the last). Printed
 * for each: the answers by status, the games stored, the bytes of codes kept, and the
 * database's size (its pages, WAL included) before and after; then the file once closed.
 * Bounded by the games sent; stops by itself.
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
import { cornerGame, play2048, testPlayerKey } from '../src/testing/games.ts';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '10000' },
    better: { type: 'string', default: '1000' },
  },
});
const GAMES = Number(values.games);
const BETTER = Number(values.better);

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
const codeBytes = async () =>
  Number(
    (
      await database.db
        .selectFrom('games')
        .select((eb) => eb.fn.sum<number>(eb.fn('length', ['code'])).as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

// Then games each better than the last: one 8×8 game, sent as it grows.
const steps = [];
for (let g = cornerGame(8, 2, 4 * BETTER + 4, 2 ** 20); g; g = g.previous!) {
  if (g.moves % 4 === 0 && g.moves > 0) steps.push(g);
  if (!g.previous) break;
}
steps.reverse();
const climb = { bytes: bytes(), games: await stored(), codes: await codeBytes() };
const climbed = new Map<number, number>();
let climbSent = 0;
for (const g of steps.slice(0, BETTER)) {
  const s = shared2048(g);
  if (!s.ok) throw new Error(s.error.message);
  const code = encodeShared(s.value);
  climbSent += code.length;
  const status = await post(code);
  climbed.set(status, (climbed.get(status) ?? 0) + 1);
}
const top = { bytes: bytes(), games: await stored(), codes: await codeBytes() };
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
  `database: ${kb(before.bytes)} before, ${kb(after.bytes)} after (+${kb(after.bytes - before.bytes)})`,
);
console.log(
  `then: ${[...climbed.values()].reduce((a, b) => a + b, 0)} games each better than the last (one 8×8 game as it grows), ${kb(climbSent)} of codes`,
);
console.log(`answers: ${[...climbed].map(([s, n]) => `${n} × ${s}`).join(', ')}`);
console.log(
  `games stored: ${climb.games} before, ${top.games} after; codes kept: ${kb(climb.codes)} before, ${kb(top.codes)} after`,
);
console.log(
  `database: ${kb(climb.bytes)} before, ${kb(top.bytes)} after (+${kb(top.bytes - climb.bytes)}, ${((top.bytes - climb.bytes) / Math.max(1, top.games - climb.games)).toFixed(0)} bytes a game)`,
);
console.log(`file once closed: ${kb(file)}`);
