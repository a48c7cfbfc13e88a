import { defineConfig } from 'vitest/config';

/**
 * The tests that `npm run mutate:server` (Stryker, see stryker.server.config.json and
 * scripts/mutateServer.mjs) runs against each mutant of the server's trust code, the ranked
 * client and the analysis figures. The script names the file it mutates in SLIDEBOX_MUTATE,
 * and only that file's tests below are run (all of them when it is unset).
 *
 * The server's tests run on SQLite only here: SLIDEBOX_TEST_POSTGRES=skip makes
 * src/testing/postgres.ts start no cluster, so each test on PostgreSQL is reported skipped.
 * The rooms' ownership (owners.ts) exists on PostgreSQL alone: its run keeps PostgreSQL.
 */
export const MUTATED_TESTS: Readonly<Record<string, readonly string[]>> = {
  // Over scripted sockets and fake time; rankedClient.test.ts (a real server, random pauses and
  // cuts) is left out: each of its runs plays differently.
  'src/net/rankedClient.ts': [
    'src/net/rankedClient.unit.test.ts',
    'src/net/rankedClient.link.test.ts',
    'src/net/rankedClient.refusals.test.ts',
    'src/net/rankedClient.start.test.ts',
    'src/front/online/controllerRanked.test.ts',
  ],
  'src/server/boards/nameHolders.ts': [
    'src/server/boards/names.test.ts',
    'src/server/boards/nameHolders.test.ts',
  ],
  'src/net/nameSkeleton.ts': ['src/server/boards/names.test.ts', 'src/net/nameSkeleton.test.ts'],
  'src/server/boards/gameIdentity.ts': [
    'src/server/boards/gameIdentity.test.ts',
    'src/server/boards/identity.test.ts',
  ],
  'src/server/boards/scores.ts': ['src/server/boards/identity.test.ts'],
  'src/server/socketLimits.ts': [
    'src/server/socketLimits.test.ts',
    'src/server/socketLimits.limiter.test.ts',
    'src/server/upgradeResets.test.ts',
  ],
  'src/server/rooms/owners.ts': ['src/server/rooms/epoch.test.ts'],
  'src/server/rooms/append.ts': [
    'src/server/rooms/epoch.test.ts',
    'src/server/rooms/referee.test.ts',
  ],
  'src/server/rooms/log.ts': ['src/server/rooms/epoch.test.ts', 'src/server/rooms/referee.test.ts'],
  'src/server/ranked/owner.ts': ['src/server/ranked/ranked.test.ts'],
  'src/server/ranked/store.ts': [
    'src/server/ranked/store.test.ts',
    'src/server/ranked/ranked.test.ts',
  ],
  'src/solvers/analysis/analyse2048.ts': [
    'src/solvers/analysis/analyse2048.test.ts',
    'src/solvers/analysis/analyse2048.verdicts.test.ts',
  ],
  'src/solvers/analysis/analysePuzzle.ts': ['src/solvers/analysis/analysePuzzle.test.ts'],
};

const mutated = process.env.SLIDEBOX_MUTATE;
const include =
  mutated === undefined
    ? [...new Set(Object.values(MUTATED_TESTS).flat())]
    : [...(MUTATED_TESTS[mutated] ?? [])];

export default defineConfig({
  test: {
    include,
    env: { SLIDEBOX_TEST_POSTGRES: process.env.SLIDEBOX_TEST_POSTGRES ?? 'skip' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
