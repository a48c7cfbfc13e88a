import { defineConfig } from 'vitest/config';

/**
 * The tests that `npm run mutate` (Stryker, see stryker.config.json) runs against each mutant:
 * the unit tests of the engine's rules and of the solvers' checkers, and nothing slower.
 */
export default defineConfig({
  test: {
    include: [
      'src/engine/game2048.test.ts',
      'src/engine/spawn.test.ts',
      'src/engine/evil.test.ts',
      'src/engine/puzzle.test.ts',
      'src/engine/puzzleBoard.test.ts',
      'src/engine/rng.test.ts',
      'src/engine/shareCode.test.ts',
      'src/engine/verify.test.ts',
      'src/solvers/puzzle/grid.test.ts',
      'src/solvers/puzzle/ida.test.ts',
      'src/solvers/ai2048/board.test.ts',
    ],
    testTimeout: 60_000,
  },
});
