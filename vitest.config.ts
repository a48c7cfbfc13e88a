import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // `npm run coverage` (the unit project with --coverage): a summary on stdout, the full
    // report in coverage/ (ignored by git and biome).
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/testutil/**', 'src/testing/**', 'src/**/*.as.ts'],
      reporter: [['text', { maxCols: 120 }], 'text-summary', 'html', 'json-summary'],
      reportsDirectory: 'coverage',
      // A failing test still shows what the rest covered (the run still fails).
      reportOnFailure: true,
    },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'bench/**/*.test.ts', 'research/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // End-to-end tests drive real terminals and browsers: run files one at a time.
          fileParallelism: false,
        },
      },
    ],
  },
});
