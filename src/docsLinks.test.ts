/**
 * The README and the pages in docs/: the README stays a front door (at most 250 lines), every
 * relative link and picture points to a file that exists (and a `#section` to a heading of
 * that file), every page of docs/ is reachable from the README, the pictures are small PNGs,
 * and the README's library example runs as written.
 */
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const DOCS = join(ROOT, 'docs');
const README = join(ROOT, 'README.md');

/** README.md and every docs/*.md. */
function pages(): string[] {
  const docs = readdirSync(DOCS)
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(DOCS, f));
  return [README, ...docs.sort()];
}

/** Markdown without its fenced code blocks and inline code, where a `](` is not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Every link and picture target of a page: `[text](target)`, `![alt](target "title")`. */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    (m) => m[1]!,
  );
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a page's headings (outside code blocks). */
function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  const stripped = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const m of stripped.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) out.add(anchorOf(m[1]!));
  return out;
}

/**
 * What is wrong with a page's relative links, one sentence each: a file that does not exist,
 * or a `#section` its file has no heading for. Web addresses are not checked.
 */
function brokenLinks(page: string, markdown: string): string[] {
  const problems: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, …
    const [path = '', fragment] = target.split('#', 2);
    const file = path === '' ? page : resolve(dirname(page), decodeURIComponent(path));
    const name = `${relative(ROOT, page)}: ${target}`;
    if (path !== '' && !existsSync(file)) {
      problems.push(`${name} points to ${relative(ROOT, file)}, which does not exist`);
      continue;
    }
    if (fragment !== undefined && file.endsWith('.md')) {
      const text = file === page ? markdown : readFileSync(file, 'utf8');
      if (!anchors(text).has(fragment)) {
        problems.push(`${name}: ${relative(ROOT, file)} has no heading #${fragment}`);
      }
    }
  }
  return problems;
}

describe('the README and docs/', () => {
  it('the README is at most 250 lines', () => {
    const lines = readFileSync(README, 'utf8').split('\n');
    if (lines.at(-1) === '') lines.pop();
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.length).toBeLessThanOrEqual(250);
  });

  it('every relative link and picture points to a file that exists, and a #section to its heading', () => {
    const all = pages();
    expect(all.length).toBeGreaterThanOrEqual(8);
    const problems = all.flatMap((p) => brokenLinks(p, readFileSync(p, 'utf8')));
    expect(problems).toEqual([]);
  });

  it('finds a broken link, a missing section and a missing picture (the check can fail)', () => {
    const page = join(DOCS, 'example.md');
    const text = [
      '# Example',
      '## A section: with `code`',
      'See [terminal](terminal.md), [keys](terminal.md#2048), [here](#a-section-with-code),',
      '[gone](nowhere.md), [no such part](server.md#no-such-part), ![x](missing.png),',
      '[web](https://example.com/x.md), and `[not](a-link.md)`.',
      '```',
      '[nor](this.md)',
      '```',
    ].join('\n');
    expect(brokenLinks(page, text)).toEqual([
      'docs/example.md: nowhere.md points to docs/nowhere.md, which does not exist',
      'docs/example.md: server.md#no-such-part: docs/server.md has no heading #no-such-part',
      'docs/example.md: missing.png points to docs/missing.png, which does not exist',
    ]);
    expect(anchorOf('slidebox/2048')).toBe('slidebox2048');
    expect(anchorOf('Online: net/ and server/')).toBe('online-net-and-server');
  });

  it('every page of docs/ is linked from the README', () => {
    const linked = new Set(
      linkTargets(readFileSync(README, 'utf8')).map((t) => resolve(ROOT, t.split('#')[0]!)),
    );
    const unlinked = pages()
      .slice(1)
      .filter((p) => !linked.has(p))
      .map((p) => relative(ROOT, p));
    expect(unlinked).toEqual([]);
  });

  it("the README's pictures are PNGs of at most 200 KB", () => {
    const pictures = linkTargets(readFileSync(README, 'utf8')).filter((t) => t.endsWith('.png'));
    expect(pictures).toEqual(['docs/terminal.png', 'docs/web.png']);
    for (const p of pictures) {
      const file = join(ROOT, p);
      expect(readFileSync(file).subarray(0, 8)).toEqual(
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      );
      expect(statSync(file).size).toBeLessThan(200 * 1024);
    }
  });

  it("the README's library example runs as written", async () => {
    const readme = readFileSync(README, 'utf8');
    const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
    expect(blocks).toHaveLength(1);
    const source = blocks[0]!
      .replace("'slidebox/2048'", JSON.stringify(join(ROOT, 'src', '2048.ts')))
      .replace("'slidebox/ai'", JSON.stringify(join(ROOT, 'src', 'ai.ts')));
    const dir = mkdtempSync(join(tmpdir(), 'slidebox-readme-'));
    try {
      const file = join(dir, 'example.ts');
      writeFileSync(file, `${source}\nexport { game };\n`);
      const { game } = (await import(pathToFileURL(file).href)) as {
        game: { moves: number; size: number };
      };
      expect(game.size).toBe(4);
      expect(game.moves).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
