// Builds the CLI and the library entry points into dist/ with esbuild, and, unless
// --quiet/--js-only, the type declarations of the public entries with tsc.
//
// The output is readable ESM (not minified, names kept), so a library user's stack traces and
// debugger show slidebox's own names. The library entries (2048, puzzle, ai) import nothing
// from Node; `node` and the worker scripts do. Only dist/cli.js starts with a #! line.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

const quiet = process.argv.includes('--quiet');
const jsOnly = quiet || process.argv.includes('--js-only');
// --outdir=DIR builds elsewhere than dist/ (the package test packs a build of its own).
const outdir = process.argv.find((a) => a.startsWith('--outdir='))?.slice(9) ?? 'dist';

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
  // Not an export: the worker_threads script of the server's game analysis (boards).
  'analysis-pool-worker': 'src/server/boards/analysisWorker.ts',
  // Not an export: the worker_threads script of the terminal replay's analysis.
  'analysis-worker': 'src/tui/replay/analysisWorker.ts',
};

// Earlier outputs are replaced, not removed first, so a CLI started meanwhile keeps working.
if (!jsOnly) rmSync(join(outdir, 'types'), { recursive: true, force: true });

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
  outdir,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  minify: false,
  write: false,
});

/**
 * `xOrThrow = orThrow(x)` (or `orReject(x)`) only makes a function: marked pure, an app's
 * bundler drops it (and what only it reaches) when the app does not use it.
 */
function pure(text) {
  return text.replace(/= (orThrow|orReject)\(/g, '= /* @__PURE__ */ $1(');
}

// Each file is written whole; only the CLI is a program (a #! line, executable).
const cli = resolve(outdir, 'cli.js');
for (const f of result.outputFiles) {
  mkdirSync(dirname(f.path), { recursive: true });
  writeFileSync(f.path, f.path === cli ? `#!/usr/bin/env node\n${f.text}` : pure(f.text));
}
chmodSync(cli, 0o755);

if (!jsOnly) {
  // Files of earlier builds are not shipped: only what this build wrote stays. (Not in quick
  // builds, which may run while another build's CLI is running.)
  const outputs = new Set(result.outputFiles.map((f) => f.path));
  for (const dir of [outdir, join(outdir, 'chunks')]) {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = resolve(dir, entry.name);
      if (entry.isFile() && !outputs.has(path)) rmSync(path, { force: true });
    }
  }
  execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json', '--outDir', join(outdir, 'types')], {
    stdio: 'inherit',
  });
}
