/**
 * The code in README.md and docs/*.md is the text of the files in docs/examples/, which import
 * `slidebox/2048`, `slidebox/puzzle`, `slidebox/ai` and `slidebox/node` as a user would: every
 * block is one file, every file is shown, the files type-check (strict,
 * noUncheckedIndexedAccess, NodeNext; docs/examples/tsconfig.json maps the entries to src/) and
 * each runs to exit 0.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..');
const EXAMPLES = join(ROOT, 'docs', 'examples');
const TSCONFIG = join(EXAMPLES, 'tsconfig.json');

function pages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f));
  return ['README.md', ...docs.sort()];
}

const exampleFiles = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.ts'))
  .sort();

/** Every ```ts block of every page, with where it is. */
function blocks(): { page: string; code: string }[] {
  return pages().flatMap((page) =>
    [...readFileSync(join(ROOT, page), 'utf8').matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => ({
      page,
      code: m[1]!,
    })),
  );
}

describe('the documentation examples', () => {
  it('every TypeScript block of the docs is the whole text of an example file', () => {
    const texts = new Map(exampleFiles.map((f) => [readFileSync(join(EXAMPLES, f), 'utf8'), f]));
    const found = blocks();
    expect(found.length).toBeGreaterThanOrEqual(6);
    const strays = found.filter((b) => !texts.has(b.code)).map((b) => `${b.page}: ${b.code}`);
    expect(strays).toEqual([]);
  });

  it('every example file is shown in the docs', () => {
    const shown = new Set(blocks().map((b) => b.code));
    const hidden = exampleFiles.filter((f) => !shown.has(readFileSync(join(EXAMPLES, f), 'utf8')));
    expect(hidden).toEqual([]);
  });

  it('the examples import only the public entries', () => {
    for (const f of exampleFiles) {
      const text = readFileSync(join(EXAMPLES, f), 'utf8');
      const sources = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      expect(sources.length, f).toBeGreaterThan(0);
      for (const s of sources) expect(s, f).toMatch(/^slidebox\/(2048|puzzle|ai|node)$/);
    }
  });

  it('the examples type-check in a strict project', async () => {
    const tsc = join(ROOT, 'node_modules', '.bin', 'tsc');
    const r = await run(tsc, ['--noEmit', '-p', TSCONFIG], { cwd: ROOT }).catch(
      (e: { stdout: string; code: number }) => e,
    );
    expect(r.stdout).toBe('');
  });

  it.each(exampleFiles)('%s runs to exit 0', async (f) => {
    const r = await run(process.execPath, ['--import', 'tsx', join(EXAMPLES, f)], {
      cwd: ROOT,
      env: { ...process.env, TSX_TSCONFIG_PATH: TSCONFIG },
      timeout: 60_000,
    });
    expect(r.stdout.length).toBeGreaterThan(0);
  });
});
