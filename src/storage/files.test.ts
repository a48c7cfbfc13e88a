import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/tempDir.ts';
import { atomicWrite, defaultDataDir, makeFolder, moveAside, readJson } from './files.ts';

const tmp = () => tempDir('slidebox-files-');

// Child processes run the real module, compiled to plain JavaScript (Node 20 cannot run .ts).
let mod = '';
beforeAll(() => {
  const out = join(tmp(), 'files.mjs');
  buildSync({
    entryPoints: [join(import.meta.dirname, 'files.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    logLevel: 'error',
  });
  mod = pathToFileURL(out).href;
});
const NODE_ARGS = ['--input-type=module', '-e'];

describe('data directory', () => {
  it('follows XDG when set to an absolute path, else the home folder', () => {
    expect(defaultDataDir({ XDG_DATA_HOME: '/x/data', HOME: '/h' })).toBe('/x/data/slidebox');
    expect(defaultDataDir({ HOME: '/h' })).toBe('/h/.local/share/slidebox');
    expect(defaultDataDir({ XDG_DATA_HOME: 'relative', HOME: '/h' })).toBe(
      '/h/.local/share/slidebox',
    );
  });
});

/** A read-only file system mounted for the test (root only), or null where none can be. */
function readOnlyMount(): string | null {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return null;
  const dir = tempDir('slidebox-ro-');
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'ro', 'tmpfs', dir]);
  return r.status === 0 ? dir : null;
}

describe('makeFolder', () => {
  it('makes every missing folder of a path, and leaves one that is there', () => {
    const dir = join(tempDir('slidebox-mk-'), 'a', 'b', 'c');
    makeFolder(dir);
    expect(statSync(dir).isDirectory()).toBe(true);
    makeFolder(dir);
    expect(statSync(dir).isDirectory()).toBe(true);
  });

  it('says a file in the way as such', () => {
    const root = tempDir('slidebox-mk-');
    writeFileSync(join(root, 'file'), 'x');
    expect(() => makeFolder(join(root, 'file', 'sub'))).toThrow(
      expect.objectContaining({ code: 'ENOTDIR' }),
    );
  });

  it.runIf(process.platform === 'linux')(
    'answers under /proc at once (a recursive mkdirSync never returns there)',
    () => {
      expect(() => makeFolder('/proc/slidebox-no-such/data')).toThrow(
        expect.objectContaining({ code: 'ENOENT' }),
      );
    },
  );

  it('says a read-only file system as such (EROFS, not ENOENT)', (t) => {
    const ro = readOnlyMount();
    if (ro === null) t.skip(); // a tmpfs is mounted read-only only by root, on Linux
    try {
      expect(() => makeFolder(join(ro!, 'slidebox', 'data'))).toThrow(
        expect.objectContaining({ code: 'EROFS' }),
      );
    } finally {
      spawnSync('umount', [ro!]);
    }
  });
});

describe('atomicWrite', () => {
  it('writes, replaces, creates folders and leaves no temp files', () => {
    const dir = join(tmp(), 'a', 'b');
    const path = join(dir, 'f.json');
    atomicWrite(path, '{"n":1}');
    atomicWrite(path, '{"n":2}');
    expect(readFileSync(path, 'utf8')).toBe('{"n":2}');
    expect(readdirSync(dir)).toEqual(['f.json']);
  });

  it('keeps the old file when writing fails before the rename', () => {
    const dir = tmp();
    const path = join(dir, 'save.json');
    atomicWrite(path, 'old');
    expect(() =>
      atomicWrite(path, 'new', {
        beforeRename: () => {
          throw new Error('disk gone');
        },
      }),
    ).toThrow('disk gone');
    expect(readFileSync(path, 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['save.json']);
  });

  it('keeps the old file when the process is killed between writing and renaming', () => {
    const dir = tmp();
    const path = join(dir, 'save.json');
    atomicWrite(path, 'old save');
    // A real crash: the child kills itself with SIGKILL after the temp file is durable.
    const script = `
      const { atomicWrite } = await import(${JSON.stringify(mod)});
      atomicWrite(${JSON.stringify(path)}, 'new save', { beforeRename: () => process.kill(process.pid, 'SIGKILL') });
    `;
    const r = spawnSync(process.execPath, [...NODE_ARGS, script]);
    expect(r.signal).toBe('SIGKILL');
    expect(readFileSync(path, 'utf8')).toBe('old save');
    // The new data was written to a temp file that never replaced the save.
    const temps = readdirSync(dir).filter((f) => f.endsWith('.tmp'));
    expect(temps).toHaveLength(1);
    expect(readFileSync(join(dir, temps[0]!), 'utf8')).toBe('new save');
  });

  it('two processes writing the same file at once never leave it corrupt', () => {
    const dir = tmp();
    const path = join(dir, 'save.json');
    atomicWrite(path, JSON.stringify({ writer: 'none', i: -1, pad: 'x'.repeat(5000) }));
    const writer = (name: string) => `
      const { atomicWrite } = await import(${JSON.stringify(mod)});
      for (let i = 0; i < 150; i++) {
        atomicWrite(${JSON.stringify(path)}, JSON.stringify({ writer: '${name}', i, pad: '${name}'.repeat(5000) }));
      }
    `;
    const start = (name: string) => spawn(process.execPath, [...NODE_ARGS, writer(name)]);
    const kids = [start('a'), start('b')];
    return new Promise<void>((resolve, reject) => {
      let reads = 0;
      const poll = setInterval(() => {
        const data = JSON.parse(readFileSync(path, 'utf8'));
        expect(data.pad).toBe(String(data.writer === 'none' ? 'x' : data.writer).repeat(5000));
        reads++;
      }, 1);
      let left = kids.length;
      for (const k of kids) {
        k.on('exit', (code) => {
          if (code !== 0) reject(new Error(`writer exited with ${code}`));
          if (--left === 0) {
            clearInterval(poll);
            try {
              const last = JSON.parse(readFileSync(path, 'utf8'));
              expect(last.i).toBe(149);
              expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
              expect(reads).toBeGreaterThan(0);
              resolve();
            } catch (e) {
              reject(e);
            }
          }
        });
      }
    });
  });
});

describe('readJson and moveAside', () => {
  it('classifies missing, valid, empty, garbage and truncated files', () => {
    const dir = tmp();
    expect(readJson(join(dir, 'none.json'))).toEqual({ kind: 'missing' });
    writeFileSync(join(dir, 'ok.json'), '{"a":1}');
    expect(readJson(join(dir, 'ok.json'))).toEqual({ kind: 'ok', data: { a: 1 } });
    writeFileSync(join(dir, 'empty.json'), '');
    expect(readJson(join(dir, 'empty.json'))).toMatchObject({
      kind: 'damaged',
      reason: 'it is empty',
    });
    writeFileSync(join(dir, 'garbage.json'), '\u0000\u0001garbage');
    expect(readJson(join(dir, 'garbage.json')).kind).toBe('damaged');
    writeFileSync(join(dir, 'cut.json'), '{"a": [1, 2');
    expect(readJson(join(dir, 'cut.json'))).toMatchObject({ kind: 'damaged' });
  });

  it('moves a file aside under a new name, keeping its bytes, twice in the same instant', () => {
    const dir = tmp();
    const path = join(dir, 'save.json');
    const now = new Date('2026-01-02T03:04:05.678Z');
    writeFileSync(path, 'first');
    const a = moveAside(path, now);
    writeFileSync(path, 'second');
    const b = moveAside(path, now);
    expect(a).toBe(`${path}.corrupt-2026-01-02T03-04-05-678Z`);
    expect(b).not.toBe(a);
    expect(readFileSync(a, 'utf8')).toBe('first');
    expect(readFileSync(b, 'utf8')).toBe('second');
    expect(readJson(path)).toEqual({ kind: 'missing' });
  });
});
