// Builds the CLI and the library entry points into dist/ with esbuild (one file each, so the
// CLI starts fast), and, unless --quiet/--js-only, the type declarations with tsc.
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

const quiet = process.argv.includes('--quiet');
const jsOnly = quiet || process.argv.includes('--js-only');

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: false,
  logLevel: quiet ? 'warning' : 'info',
  legalComments: 'none',
  define: { __VERSION__: JSON.stringify(pkg.version) },
  // The server's packages (Fastify, better-sqlite3 with its native module, pg, Kysely) are
  // installed dependencies, loaded from node_modules.
  packages: 'external',
};

// Library entries: named by their package export.
const libEntries = {
  2048: 'src/2048.ts',
  puzzle: 'src/puzzle.ts',
  // Not a package export: the worker thread script that `startSolve` (in puzzle.js) starts.
  'puzzle-worker': 'src/node/puzzleSolveWorker.ts',
  ai: 'src/ai.ts',
  // Not an export of its own: the worker_threads script AiWorker starts (found beside ai.js).
  'ai-worker': 'src/solvers/ai2048/workerEntry.ts',
  // Not an export: the worker_threads script of the server's verify pool (looked up from
  // dist/ or dist/chunks/ by createVerifyPool).
  'verify-worker': 'src/server/verifyPoolWorker.ts',
};

if (!jsOnly) rmSync('dist', { recursive: true, force: true });

await build({
  ...common,
  entryPoints: { cli: 'src/cli/main.ts', ...libEntries },
  banner: { js: '#!/usr/bin/env node' },
  outdir: 'dist',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  minify: true,
});
chmodSync('dist/cli.js', 0o755);

if (!jsOnly) {
  execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
}
