/**
 * The web build itself: it lands in dist-web/ with relative URLs (any sub-path works), the
 * service worker lists every built file, and the JavaScript loaded at start stays within the
 * budget (60 KB gzipped) because the AI and the solver live in their own worker bundles.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, DIST } from './webHarness.ts';

const BUDGET = 60 * 1024;

describe('web build', () => {
  beforeAll(buildSite);

  it('keeps the initial JavaScript within 60 KB gzipped, with the AI and solver in workers', () => {
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
      expect(code.toString()).not.toContain('standin-3x3-distances');
      expect(code.toString()).not.toContain('stand-in greedy player');
    }
    console.info(`initial JS: ${total} bytes gzipped (budget ${BUDGET})`);
    expect(total).toBeLessThanOrEqual(BUDGET);
    const assets = readdirSync(join(DIST, 'assets'));
    expect(assets.some((f) => /^ai\.worker-.+\.js$/.test(f))).toBe(true);
    expect(assets.some((f) => /^solver\.worker-.+\.js$/.test(f))).toBe(true);
  });

  it('uses relative URLs only, and the service worker precaches every built file', () => {
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    expect(html).not.toMatch(/(src|href)="\/(?!\/)/);
    const sw = readFileSync(join(DIST, 'sw.js'), 'utf8');
    expect(sw).not.toContain('__PRECACHE_MANIFEST__');
    for (const f of readdirSync(join(DIST, 'assets'))) expect(sw).toContain(`./assets/${f}`);
  });
});
