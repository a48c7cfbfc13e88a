// Mutation testing of one file of the server's trust code, the ranked client or the analysis
// figures: `npm run mutate:server -- FILE [stryker options]`, for example
// `npm run mutate:server -- src/net/rankedClient.ts` or, a range of lines,
// `npm run mutate:server -- src/server/boards/scores.ts:167-195`.
//
// Runs Stryker with stryker.server.config.json on FILE alone, with only FILE's tests
// (SLIDEBOX_MUTATE picks them in vitest.mutate.server.config.ts) and FILE's own incremental
// results (test-output/mutation/server/NAME.json), and prints the wall time. The report of the last run
// is test-output/mutation/server/index.html and mutation.json. The server's tests
// run on SQLite alone, except for owners.ts (the rooms' owners exist on PostgreSQL only).
import { spawnSync } from 'node:child_process';
import { basename } from 'node:path';

const [target, ...rest] = process.argv.slice(2);
if (target === undefined || target.startsWith('-')) {
  console.error('usage: npm run mutate:server -- FILE[:LINES] [stryker options]');
  process.exit(2);
}
const file = target.replace(/:[\d,-]+$/, '');
const name = basename(file, '.ts');
const env = { ...process.env, SLIDEBOX_MUTATE: file };
if (file === 'src/server/rooms/owners.ts') env.SLIDEBOX_TEST_POSTGRES ??= 'on';
const args = [
  'stryker',
  'run',
  'stryker.server.config.json',
  '--mutate',
  target,
  '--incrementalFile',
  `test-output/mutation/server/${name}.json`,
  ...rest,
];
const start = Date.now();
const run = spawnSync('npx', args, { stdio: 'inherit', env });
const s = Math.round((Date.now() - start) / 1000);
console.log(`mutate:server ${target}: ${Math.floor(s / 60)} min ${s % 60} s`);
process.exit(run.status ?? 1);
