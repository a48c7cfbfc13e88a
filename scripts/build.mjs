// Builds the CLI and the library entry points into dist/ with esbuild, and, unless
// --quiet/--js-only, the type declarations of the public entries with tsc.
//
// The output is readable ESM (not minified, names kept), so a library user's stack traces and
// debugger show slidebox's own names. The library entries (2048, puzzle, ai) import nothing
// from Node; `node` and the worker scripts do. Only dist/cli.js starts with a #! line.
import { execFileSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

const quiet = process.argv.includes('--quiet');
const jsOnly = quiet || process.argv.includes('--js-only');

// Library entries: named by their package export.
const libEntries = {
  2048: 'src/2048.ts',
  puzzle: 'src/puzzle.ts',
  ai: 'src/ai.ts',
  node: 'src/node.ts',
  // Not a package export: the worker thread script that `startSolve` (in node.js) starts.
  'puzzle-worker': 'src/node/puzzleSolveWorker.ts',
  // Not an export of its own: the worker_threads script AiWorker starts (found beside node.js).
  'ai-worker': 'src/solvers/ai2048/workerEntry.ts',
  // Not an export: the worker_threads script of the server's verify pool (looked up from
  // dist/ or dist/chunks/ by createVerifyPool).
  'verify-worker': 'src/server/verifyPoolWorker.ts',
};

if (!jsOnly) rmSync('dist', { recursive: true, force: true });

const result = await build({
  entryPoints: { cli: 'src/cli/main.ts', ...libEntries },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: false,
  logLevel: quiet ? 'warning' : 'info',
  legalComments: 'none',
  define: { __VERSION__: JSON.stringify(pkg.version) },
  // The server's packages (Fastify, better-sqlite3 with its native module, pg, Kysely, ws) are
  // optional peer dependencies, loaded from node_modules when `slidebox serve` runs.
  packages: 'external',
  outdir: 'dist',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  minify: false,
  keepNames: true,
  metafile: true,
});

// Only the CLI is a program.
const cli = readFileSync('dist/cli.js', 'utf8');
writeFileSync('dist/cli.js', `#!/usr/bin/env node\n${cli.replace(/^#!.*\n/, '')}`);
chmodSync('dist/cli.js', 0o755);

// Chunks of earlier builds (a --quiet build keeps dist/) are not shipped.
const outputs = new Set(Object.keys(result.metafile.outputs).map((p) => relative('.', p)));
for (const name of readdirSync('dist/chunks')) {
  const path = join('dist', 'chunks', name);
  if (!outputs.has(path)) rmSync(path, { force: true });
}

if (!jsOnly) {
  execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
}
