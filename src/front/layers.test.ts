import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

/** The modules a layer's (non-test) files import. */
function importsOf(dir: string): { file: string; from: string }[] {
  const out: { file: string; from: string }[] = [];
  for (const file of readdirSync(join(SRC, dir))) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const text = readFileSync(join(SRC, dir, file), 'utf8');
    for (const m of text.matchAll(/^(?:import|export)[^;]*?from '([^']+)'/gms)) {
      out.push({ file: `${dir}/${file}`, from: m[1]! });
    }
  }
  return out;
}

/** A folder's (non-test) files, its subfolders' included, as paths relative to src/. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(SRC, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => join(dir, f))
    .sort();
}

/**
 * The import circles among `dir`'s files (type-only and lazy imports count too), each as the
 * files in it, first to last; none is what we want.
 */
function importCircles(dir: string): string[][] {
  const files = new Set(filesUnder(dir));
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(SRC, file), 'utf8');
    const specs = [
      ...text.matchAll(/^(?:import|export)[^;]*?from '(\.[^']+)'|\bimport\('(\.[^']+)'\)/gms),
    ].map((m) => (m[1] ?? m[2])!);
    const targets = specs
      .map((s) => relative(SRC, resolve(SRC, dirname(file), s)))
      .filter((t) => files.has(t));
    edges.set(file, targets);
  }
  const circles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string): void => {
    const at = path.indexOf(file);
    if (at >= 0) {
      circles.push(path.slice(at));
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    for (const next of edges.get(file) ?? []) visit(next);
    path.pop();
    done.add(file);
  };
  for (const file of files) visit(file);
  return circles;
}

describe('layers: imports point down only', () => {
  it('the controllers and models import only the engine and each other (no Node, DOM or front-end)', () => {
    const bad = importsOf('front').filter(
      ({ from }) => !from.startsWith('./') && !from.startsWith('../engine/'),
    );
    expect(bad).toEqual([]);
    const files = readdirSync(join(SRC, 'front')).filter((f) => !f.endsWith('.test.ts'));
    for (const f of files) {
      expect(readFileSync(join(SRC, 'front', f), 'utf8')).not.toMatch(/\b(document|window)\./);
    }
  });

  it('the engine imports nothing outside itself', () => {
    expect(importsOf('engine').filter(({ from }) => !from.startsWith('./'))).toEqual([]);
  });

  it('the front layer and the web front-end have no import circles', () => {
    expect(importCircles('front')).toEqual([]);
    expect(importCircles('web')).toEqual([]);
  });
});
