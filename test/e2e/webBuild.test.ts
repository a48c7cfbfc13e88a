/**
 * The web build itself: it lands in dist-web/ with relative URLs (any sub-path works), the
 * service worker lists every built file, the JavaScript loaded at start stays within the
 * budget (20 KB gzipped: the home screen alone; the saves, the daily challenge's card, share
 * codes and every game screen load after it, the AI and the solver in their own worker
 * bundles), and each screen loaded later is a chunk named after its folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, DIST } from './webHarness.ts';

const BUDGET = 20 * 1024;
/** Strings that survive minification: the AI's option check, the solver's table key and check. */
const MARKERS = [
  'a bitmask over up, down, left, right',
  'puzzle-4x4-pdb-v1',
  'the solver produced an invalid solution',
];

describe('web build', () => {
  beforeAll(buildSite);

  it('keeps the initial JavaScript within 20 KB gzipped, with the AI and solver in workers', () => {
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
    const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map(
      (m) => m[1]!,
    );
    const initial = [...scripts, ...preloads];
    expect(initial.length).toBeGreaterThan(0);
    let total = 0;
    for (const src of initial) {
      expect(src.startsWith('./')).toBe(true);
      const code = readFileSync(join(DIST, src));
      total += gzipSync(code, { level: 9 }).length;
      // Solver and AI code never ship in the page's own bundle.
      for (const marker of MARKERS) expect(code.toString()).not.toContain(marker);
    }
    console.info(`initial JS: ${total} bytes gzipped (budget ${BUDGET})`);
    expect(total).toBeLessThanOrEqual(BUDGET);
    // …but in their workers' bundles, each with its own.
    const assets = readdirSync(join(DIST, 'assets'));
    const worker = (name: string) => {
      const file = assets.find((f) => new RegExp(`^${name}\\.worker-.+\\.js$`).test(f));
      expect(file).toBeDefined();
      const code = readFileSync(join(DIST, 'assets', file!));
      console.info(`${name} worker: ${gzipSync(code, { level: 9 }).length} bytes gzipped`);
      return code.toString();
    };
    const ai = worker('ai');
    const solver = worker('solver');
    expect(ai).toContain(MARKERS[0]);
    expect(solver).toContain(MARKERS[1]);
    expect(solver).toContain(MARKERS[2]);
    // Browser bundles: no Node built-ins.
    expect(ai + solver).not.toMatch(/["']node:/);
  });

  it('names each lazily loaded screen after its folder (game2048-screen-….js), never plain screen-….js', () => {
    const assets = readdirSync(join(DIST, 'assets'));
    for (const folder of ['game2048', 'puzzle', 'versus', 'duel', 'replay', 'stats']) {
      const chunk = new RegExp(`^${folder}-screen-[\\w-]+\\.js$`);
      expect(
        assets.filter((f) => chunk.test(f)),
        folder,
      ).toHaveLength(1);
    }
    expect(assets.filter((f) => /^(screen|view)-/.test(f))).toEqual([]);
  });

  it('uses relative URLs only, and the service worker precaches every built file', () => {
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    expect(html).not.toMatch(/(src|href)="\/(?!\/)/);
    const sw = readFileSync(join(DIST, 'sw.js'), 'utf8');
    expect(sw).not.toContain('__PRECACHE_MANIFEST__');
    for (const f of readdirSync(join(DIST, 'assets'))) expect(sw).toContain(`./assets/${f}`);
  });
});
