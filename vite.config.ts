/**
 * The web front-end's build: a static site in dist-web/ that works from any sub-path
 * (base './') and offline after the first visit. The service worker (src/web/sw.ts) is built
 * as its own entry at the site's root, and its precache list is filled in after bundling, when
 * every file name (hashed chunks and worker bundles included) is known.
 *
 * Vitest does not read this file: it has its own vitest.config.ts.
 */
import { createHash } from 'node:crypto';
import { basename, extname, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist-web', import.meta.url));

/**
 * A lazily loaded or shared chunk's file name. The web app has a folder per screen, each with
 * its own screen.ts and view.ts, so a chunk named after a module in a folder of src/web takes
 * the folder's name too (game2048-screen-[hash].js, ui-dom-[hash].js); others keep their name.
 */
function chunkFileName(chunk: { name: string; moduleIds: readonly string[] }): string {
  const named = chunk.moduleIds.findLast((id) => basename(id, extname(id)) === chunk.name);
  const parts = named ? relative(webRoot, named).split(sep) : [];
  const folder = parts.length === 2 && parts[0] !== '..' ? `${parts[0]}-` : '';
  return `assets/${folder}[name]-[hash].js`;
}

/** The placeholder string in sw.ts (in any quotes) that becomes the list of files to cache. */
const MANIFEST_PLACEHOLDER = /(["'`])__PRECACHE_MANIFEST__\1/;

function precacheManifest(): Plugin {
  return {
    name: 'slidebox-precache-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const sw = bundle['sw.js'];
      if (sw?.type !== 'chunk') this.error('sw.js was not built');
      // Everything but source maps, and the service worker itself.
      const files = Object.keys(bundle)
        .filter((f) => f !== 'sw.js' && !f.endsWith('.map'))
        .sort();
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const manifest = JSON.stringify({ version, files: ['./', ...files.map((f) => `./${f}`)] });
      if (!MANIFEST_PLACEHOLDER.test(sw.code)) {
        this.error('the precache placeholder is missing from sw.js');
      }
      // A JS string literal holding the JSON, for the JSON.parse in sw.ts.
      sw.code = sw.code.replace(MANIFEST_PLACEHOLDER, () => JSON.stringify(manifest));
    },
  };
}

export default defineConfig({
  root: webRoot,
  base: './',
  publicDir: false,
  plugins: [precacheManifest()],
  worker: { format: 'es' },
  server: { host: '127.0.0.1' },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: true,
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        index: `${webRoot}/index.html`,
        sw: `${webRoot}/sw.ts`,
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
        chunkFileNames: chunkFileName,
      },
    },
  },
});
