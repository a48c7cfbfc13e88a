/**
 * The library as a developer meets it: `npm pack`, then a fresh strict TypeScript app
 * (`type: module`; `strict`, `noUncheckedIndexedAccess`, NodeNext; TypeScript 5.9 from the npm
 * registry) installs the tarball. The install compiles nothing and brings no server package;
 * every documented example (docs/examples/*.ts) type-checks against the package's declarations
 * and runs; each entry bundles for the browser (esbuild, --platform=browser) with no `node:`
 * import left, and the bundles do real work in Chromium. The figures quoted in docs/library.md
 * (install size and time, tarball size and files, bundle sizes) are printed as the test goes.
 */
import { execFile, execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_PACKAGES } from '../../src/node/serverPackages.ts';
import { launchBrowser, ROOT, serveSite, skipReason } from './webHarness.ts';

const run = promisify(execFile);
const EXAMPLES = join(ROOT, 'docs', 'examples');
const ENTRIES = ['2048', 'puzzle', 'ai'] as const;

interface Packed {
  filename: string;
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: { path: string; size: number }[];
}

let tmp: string;
let app: string;
let packed: Packed;
let installLog: string;

/** Sizes in bytes of everything under `dir`. */
function du(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) total += statSync(join(e.parentPath, e.name)).size;
  }
  return total;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'slidebox-package-'));
  // What `npm pack` in the checkout packs (its `prepare` is the full build), built into a folder
  // of its own so that builds of the checkout running meanwhile do not mix in.
  const stage = join(tmp, 'stage');
  mkdirSync(stage);
  for (const f of ['package.json', 'LICENSE', 'README.md'])
    copyFileSync(join(ROOT, f), join(stage, f));
  execFileSync(process.execPath, ['scripts/build.mjs', `--outdir=${join(stage, 'dist')}`], {
    cwd: ROOT,
    stdio: 'ignore',
    timeout: 180_000,
  });
  const out = execFileSync(
    'npm',
    ['pack', '--json', '--ignore-scripts', '--pack-destination', tmp],
    {
      cwd: stage,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 60_000,
    },
  );
  packed = (JSON.parse(out) as Packed[])[0]!;
  app = join(tmp, 'app');
  mkdirSync(join(app, 'examples'), { recursive: true });
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'an-app', private: true, type: 'module' }, null, 2),
  );
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noUncheckedIndexedAccess: true,
          // The package's own declarations are checked too.
          skipLibCheck: false,
          types: [],
          outDir: 'out',
        },
        include: ['examples/*.ts'],
      },
      null,
      2,
    ),
  );
  const t0 = performance.now();
  const r = await run(
    'npm',
    [
      'install',
      join(tmp, packed.filename),
      'typescript@5.9',
      '--no-audit',
      '--no-fund',
      '--foreground-scripts',
    ],
    { cwd: app, timeout: 300_000, env: { ...process.env, npm_config_loglevel: 'warn' } },
  );
  installLog = `${r.stdout}${r.stderr}`;
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `npm pack: ${packed.filename} ${kb(packed.size)} (${kb(packed.unpackedSize)} unpacked), ${packed.entryCount} files\n` +
      `npm install (the tarball + typescript@5.9): ${seconds.toFixed(1)} s; ` +
      `node_modules/slidebox ${kb(du(join(app, 'node_modules', 'slidebox')))}, ` +
      `node_modules ${kb(du(join(app, 'node_modules')))}`,
  );
}, 600_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('holds the built code, its declarations, the LICENSE and nothing else', () => {
    const paths = packed.files.map((f) => f.path).sort();
    for (const p of paths) {
      expect(p).toMatch(
        /^(LICENSE|README\.md|package\.json|dist\/[\w-]+\.js|dist\/chunks\/[\w-]+\.js|dist\/types\/[\w/-]+\.d\.ts)$/,
      );
    }
    expect(paths).toContain('LICENSE');
    for (const e of [...ENTRIES, 'node']) {
      expect(paths).toContain(`dist/${e}.js`);
      expect(paths).toContain(`dist/types/${e}.d.ts`);
    }
    // Declarations only for what the public entries reach: no test helpers, no server, no CLI.
    expect(paths.filter((p) => /types\/(testing|testutil|server|cli|tui|web)\//.test(p))).toEqual(
      [],
    );
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
  });

  it('is readable ESM, and only the CLI starts with #!', () => {
    const lib = join(app, 'node_modules', 'slidebox');
    const js = packed.files.map((f) => f.path).filter((p) => p.endsWith('.js'));
    for (const p of js) {
      const text = readFileSync(join(lib, p), 'utf8');
      expect(text.startsWith('#!'), p).toBe(p === 'dist/cli.js');
      // Not minified: no line runs on for thousands of characters (the AI's WebAssembly module,
      // a base64 string, is the one long line allowed).
      const long = text.split('\n').filter((l) => l.length > 1000 && !/^\s*var \w+ = "/.test(l));
      expect(long, p).toEqual([]);
    }
    const all = js.map((p) => readFileSync(join(lib, p), 'utf8')).join('\n');
    expect(all).toMatch(/SlideboxError = class extends Error|class SlideboxError extends Error/);
  });

  it('declares no runtime dependency, the server packages as optional peers, sideEffects false, default conditions', () => {
    const pkg = JSON.parse(
      readFileSync(join(app, 'node_modules', 'slidebox', 'package.json'), 'utf8'),
    ) as {
      dependencies?: object;
      peerDependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
      sideEffects: unknown;
      exports: Record<string, string | Record<string, string>>;
    };
    expect(pkg.dependencies).toBeUndefined();
    expect(Object.keys(pkg.peerDependencies).sort()).toEqual([...SERVER_PACKAGES].sort());
    for (const name of SERVER_PACKAGES) expect(pkg.peerDependenciesMeta[name]?.optional).toBe(true);
    expect(pkg.sideEffects).toBe(false);
    for (const [key, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue;
      expect(Object.keys(target), key).toEqual(['types', 'default']);
    }
  });
});

describe('npm install of the tarball into a fresh app', () => {
  it('compiles nothing and brings no server package: slidebox has no dependency at all', () => {
    const modules = join(app, 'node_modules');
    const top = readdirSync(modules).filter((n) => !n.startsWith('.'));
    expect(top.sort()).toEqual(['slidebox', 'typescript']);
    for (const name of [...SERVER_PACKAGES, 'cookie']) {
      expect(existsSync(join(modules, name)), name).toBe(false);
    }
    const native = readdirSync(modules, { recursive: true, encoding: 'utf8' }).filter(
      (p) => p.endsWith('.node') || p.endsWith('binding.gyp') || p.includes('build/Release'),
    );
    expect(native).toEqual([]);
    expect(installLog).not.toMatch(/gyp|EBADENGINE|prebuild|install-scripts/i);
  });

  it('slidebox serve says in one sentence what to install, exit 1', async () => {
    const bin = join(app, 'node_modules', '.bin', 'slidebox');
    const r = await run(bin, ['serve', '--port', '0'], { cwd: app, timeout: 30_000 }).catch(
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(r).toMatchObject({ code: 1, stdout: '' });
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^slidebox: slidebox serve needs the server's packages/);
    expect(lines[0]).toContain(`npm install ${SERVER_PACKAGES.join(' ')}`);
  });

  it('the rest of the CLI works without them: help, and a game of 2048 in line mode', async () => {
    const bin = join(app, 'node_modules', '.bin', 'slidebox');
    const help = await run(bin, ['help'], { cwd: app, timeout: 30_000 });
    expect(help.stdout).toContain('serve [options]');
    const data = join(tmp, 'data');
    const game = execFileSync(bin, ['2048', '--plain', '--seed', '3', '--data-dir', data], {
      cwd: app,
      input: 'left\nup\nq\n',
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(game).toMatch(/score/i);
  });

  it('online play on Node 20 without ws says to install it, exit 1', async () => {
    if (typeof (globalThis as { WebSocket?: unknown }).WebSocket === 'function') return;
    const bin = join(app, 'node_modules', '.bin', 'slidebox');
    const r = await run(bin, ['versus', '--online', '--server', 'http://127.0.0.1:9'], {
      cwd: app,
      timeout: 30_000,
    }).catch((e: { code: number; stdout: string; stderr: string }) => e);
    expect(r).toMatchObject({ code: 1 });
    expect(r.stderr.trim()).toMatch(
      /^slidebox: online play needs a WebSocket client: .*npm install ws/,
    );
  });
});

describe('errors from the installed package', () => {
  it('are one SlideboxError class across the entries, named so, with readable stack frames', async () => {
    const script = `
      import { newGameOrThrow, SlideboxError } from 'slidebox/2048';
      import * as puzzle from 'slidebox/puzzle';
      import * as ai from 'slidebox/ai';
      try {
        newGameOrThrow({ size: 99 });
      } catch (e) {
        console.log(JSON.stringify({
          name: e.name,
          ctor: e.constructor.name,
          cls: SlideboxError.name,
          same: puzzle.SlideboxError === SlideboxError && ai.SlideboxError === SlideboxError,
          instance: e instanceof puzzle.SlideboxError,
          stack: e.stack,
        }));
      }`;
    const r = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: app,
      timeout: 30_000,
    });
    const got = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(got).toMatchObject({
      name: 'SlideboxError',
      ctor: 'SlideboxError',
      cls: 'SlideboxError',
      same: true,
      instance: true,
    });
    // Frames name the library's functions (not minified to one letter).
    expect(got.stack).toMatch(/at [A-Za-z]\w{3,} \(file:.*node_modules\/slidebox\/dist\//);
  });
});

describe('the documented examples, against the installed package', () => {
  const files = readdirSync(EXAMPLES)
    .filter((f) => f.endsWith('.ts'))
    .sort();

  it('type-check in a strict NodeNext project (TypeScript 5.9)', async () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const f of files) copyFileSync(join(EXAMPLES, f), join(app, 'examples', f));
    const tsc = join(app, 'node_modules', '.bin', 'tsc');
    const version = await run(tsc, ['--version'], { cwd: app });
    expect(version.stdout).toMatch(/^Version 5\.9\./);
    const r = await run(tsc, ['-p', 'tsconfig.json'], { cwd: app, timeout: 120_000 }).catch(
      (e: { stdout: string }) => e,
    );
    expect(r.stdout).toBe('');
  }, 180_000);

  it.each(files)(
    '%s runs with node to exit 0',
    async (f) => {
      const js = join(app, 'out', f.replace(/\.ts$/, '.js'));
      expect(existsSync(js)).toBe(true);
      const r = await run(process.execPath, [js], { cwd: app, timeout: 120_000 });
      expect(r.stdout.length).toBeGreaterThan(0);
    },
    180_000,
  );
});

/** Plays a seeded 2048 game with the AI, and solves a 3x3 puzzle: the work the bundles do. */
const WORK = `
import { newGameOrThrow, playOrThrow } from 'slidebox/2048';
import { bestMoveOrThrow } from 'slidebox/ai';
import { moveTileOrThrow, newPuzzleOrThrow, puzzleFromTilesOrThrow, solveOrThrow } from 'slidebox/puzzle';

export async function work() {
  let game = newGameOrThrow({ seed: 11, keepPlaying: true });
  let turns = 0;
  while (!game.over && turns < 250) {
    const d = bestMoveOrThrow(game.cells, { preset: 'fast' });
    if (d === null) break;
    game = playOrThrow(game, d);
    turns++;
  }
  const tiles = [...newPuzzleOrThrow({ size: 3, seed: 5 }).tiles];
  const moves = await solveOrThrow(tiles, 3);
  let p = puzzleFromTilesOrThrow(tiles, 3);
  for (const t of moves) p = moveTileOrThrow(p, t);
  return {
    turns,
    moves: game.moves,
    score: game.score,
    best: Math.max(...game.cells.flat()),
    solution: moves,
    solved: p.solved,
  };
}
`;

describe('browser bundles of each entry (esbuild --bundle --platform=browser)', () => {
  const reason = skipReason();
  let browser: Browser | undefined;

  afterAll(async () => {
    await browser?.close();
  });

  /** What an app imports from each entry, to show what tree shaking leaves. */
  const TYPICAL: Record<(typeof ENTRIES)[number], string> = {
    2048: `import { newGameOrThrow, playOrThrow } from 'slidebox/2048'; console.log(playOrThrow(newGameOrThrow(), 'left'));`,
    puzzle: `import { solveOrThrow } from 'slidebox/puzzle'; solveOrThrow([1, 2, 3, 4, 5, 6, 0, 7, 8], 3).then(console.log);`,
    ai: `import { bestMoveOrThrow } from 'slidebox/ai'; console.log(bestMoveOrThrow([[2, 2], [0, 0]]));`,
  };

  async function browserBundle(contents: string): Promise<string> {
    const r = await build({
      stdin: { contents, resolveDir: app, loader: 'js' },
      absWorkingDir: app,
      bundle: true,
      platform: 'browser',
      format: 'esm',
      minify: true,
      write: false,
      logLevel: 'silent',
    });
    return r.outputFiles[0]!.text;
  }

  it.each(ENTRIES)(
    'slidebox/%s bundles with no node: import, and what is not used is dropped',
    async (entry) => {
      const whole = await browserBundle(`export * from 'slidebox/${entry}';`);
      const typical = await browserBundle(TYPICAL[entry]);
      for (const text of [whole, typical]) {
        expect(text).not.toMatch(/["']node:/);
        expect(text).not.toMatch(/\brequire\(/);
      }
      console.log(
        `slidebox/${entry} in a browser bundle (esbuild --minify): the whole entry ${kb(whole.length)}, gzip ${kb(gzipSync(whole).length)}; ` +
          `${TYPICAL[entry].split(';')[0]} ${kb(typical.length)}, gzip ${kb(gzipSync(typical).length)}`,
      );
      expect(typical.length).toBeGreaterThan(1000);
      // Tree shaking works: an app that uses one function does not carry the whole entry.
      expect(typical.length).toBeLessThan(whole.length * 0.75);
    },
  );

  const MAIN = `import { work } from './work.mjs'; work().then((r) => { window.__done = r; }, (e) => { window.__done = { error: String((e && e.stack) || e) }; });`;
  let expected: unknown;

  /** What the page at `url`, or with `script` on a blank page, leaves in window.__done. */
  async function runInChromium(where: { url: string } | { script: string }): Promise<unknown> {
    browser ??= await launchBrowser();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      if ('url' in where) {
        await page.goto(where.url);
      } else {
        await page.setContent('<!doctype html><title>slidebox bundle</title>');
        await page.addScriptTag({ content: where.script });
      }
      await page.waitForFunction(
        () => (window as { __done?: unknown }).__done !== undefined,
        null,
        {
          timeout: 120_000,
        },
      );
      expect(errors).toEqual([]);
      return await page.evaluate(() => (window as { __done?: unknown }).__done);
    } finally {
      await page.close();
    }
  }

  it('the esbuild bundle plays 2048 with bestMove and solves a 3x3 in Chromium, as under Node', async () => {
    if (reason) {
      console.log(reason);
      return;
    }
    writeFileSync(join(app, 'work.mjs'), WORK);
    // Under Node, from the installed package: the answers the browser must give.
    const node = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { work } from './work.mjs'; console.log(JSON.stringify(await work()));`,
      ],
      { cwd: app, timeout: 120_000 },
    );
    const answers = JSON.parse(node.stdout) as {
      turns: number;
      moves: number;
      score: number;
      best: number;
      solution: number[];
      solved: boolean;
    };
    expect(answers.solved).toBe(true);
    expect(answers.solution.length).toBeGreaterThan(0);
    expect(answers.moves).toBe(answers.turns);
    expect(answers.best).toBeGreaterThanOrEqual(128);
    expected = answers;
    const r = await build({
      stdin: { contents: MAIN, resolveDir: app, loader: 'js' },
      absWorkingDir: app,
      bundle: true,
      platform: 'browser',
      format: 'iife',
      write: false,
      logLevel: 'silent',
    });
    const code = r.outputFiles[0]!.text;
    expect(code).not.toMatch(/["']node:/);
    expect(await runInChromium({ script: code })).toEqual(expected);
  }, 300_000);

  it('a Vite build of the same app does the same in Chromium', async () => {
    if (reason || expected === undefined) {
      console.log(reason ?? 'needs the answers of the test before');
      return;
    }
    const web = join(app, 'web');
    mkdirSync(web, { recursive: true });
    writeFileSync(join(web, 'work.mjs'), WORK);
    writeFileSync(join(web, 'main.mjs'), MAIN);
    writeFileSync(
      join(web, 'index.html'),
      '<!doctype html><title>slidebox with Vite</title><script type="module" src="./main.mjs"></script>',
    );
    const outDir = join(app, 'vite-dist');
    const { build: viteBuild } = await import('vite');
    await viteBuild({
      root: web,
      base: './',
      configFile: false,
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
    const assets = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
    expect(assets.length).toBeGreaterThan(0);
    for (const f of assets) {
      expect(readFileSync(join(outDir, 'assets', f), 'utf8')).not.toMatch(/["']node:|homedir/);
    }
    const site = await serveSite(outDir);
    try {
      expect(await runInChromium({ url: site.url })).toEqual(expected);
    } finally {
      await site.close();
    }
  }, 300_000);
});
