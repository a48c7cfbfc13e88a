/**
 * Where a worker thread's script is: the bundle's `<name>.js` beside the built code, or, when
 * running from TypeScript sources (tests, development), the entry bundled in memory with
 * esbuild (a development dependency) and started from a data: URL — Node 20 cannot load
 * TypeScript in a worker thread (loader hooks do not reach workers). Bundled once per process.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const bundled = new Map<string, URL>();

/**
 * `here`: the caller's `import.meta.url`; `source`: the worker's TypeScript entry, relative to
 * it; `built`: the worker's file name in dist/ (the caller sits in dist/ or dist/chunks/).
 */
export function workerScript(here: string, source: string, built: string): URL {
  if (here.endsWith('.ts')) {
    const entry = fileURLToPath(new URL(source, here));
    let url = bundled.get(entry);
    if (!url) {
      const esbuild = createRequire(here)('esbuild') as typeof import('esbuild');
      const out = esbuild.buildSync({
        entryPoints: [entry],
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        write: false,
        logLevel: 'warning',
      });
      const code = out.outputFiles[0]!.text;
      url = new URL(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
      bundled.set(entry, url);
    }
    return url;
  }
  for (const rel of [`./${built}`, `../${built}`]) {
    const url = new URL(rel, here);
    if (existsSync(fileURLToPath(url))) return url;
  }
  throw new Error(`slidebox: ${built} not found beside the bundle; build it (npm run build)`);
}
