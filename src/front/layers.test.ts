import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
});
