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

/** The files (relative to src/) that a file imports by relative path, type-only and lazy too. */
function relativeImports(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  return [...text.matchAll(/^(?:import|export)[^;]*?from '(\.[^']+)'|\bimport\('(\.[^']+)'\)/gms)]
    .map((m) => (m[1] ?? m[2])!)
    .map((s) => relative(SRC, resolve(SRC, dirname(file), s)));
}

/**
 * The import circles among `dir`'s files (type-only and lazy imports count too), each as the
 * files in it, first to last; none is what we want.
 */
function importCircles(dir: string): string[][] {
  const files = new Set(filesUnder(dir));
  const edges = new Map<string, string[]>();
  for (const file of files)
    edges.set(
      file,
      relativeImports(file).filter((t) => files.has(t)),
    );
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
    const files = readdirSync(join(SRC, 'front')).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    for (const f of files) {
      expect(readFileSync(join(SRC, 'front', f), 'utf8')).not.toMatch(/\b(document|window)\./);
    }
  });

  it('the online models and controllers (front/online) import only the engine, the front layer and the network’s wire types and clients', () => {
    const bad = importsOf('front/online').filter(
      ({ from }) =>
        !from.startsWith('./') &&
        !from.startsWith('../../engine/') &&
        !/^\.\.\/[a-zA-Z]+\.ts$/.test(from) &&
        !/^\.\.\/\.\.\/net\/(rooms|ranked|roomClient|rankedClient|reconnect|linkWords)\.ts$/.test(
          from,
        ),
    );
    expect(bad).toEqual([]);
    for (const f of filesUnder('front/online')) {
      expect(readFileSync(join(SRC, f), 'utf8')).not.toMatch(
        /\b(document|window|process)\.|from 'node:/,
      );
    }
  });

  it('the engine imports nothing outside itself', () => {
    expect(importsOf('engine').filter(({ from }) => !from.startsWith('./'))).toEqual([]);
  });

  it('the front layer and the web front-end have no import circles', () => {
    expect(importCircles('front')).toEqual([]);
    expect(importCircles('web')).toEqual([]);
  });

  it('no folder of src has an import circle (the server, the CLI and the network client included)', () => {
    expect(importCircles('.')).toEqual([]);
  });

  it('a web screen imports only its own folder, the shared folders and context.ts; they import no screen', () => {
    const shared = ['ui', 'storage', 'workers'];
    // Ranked play is the offline games' boards over the ranked client: its screens draw with
    // the 2048 and puzzle views and keep the player as the leaderboards do. No other reuse.
    const reuses: Record<string, readonly string[]> = {
      ranked: [
        'web/game2048/view.ts',
        'web/puzzle/view.ts',
        'web/puzzle/hover.ts',
        'web/puzzle/picture.ts',
        'web/leaderboards/online.ts',
        'web/leaderboards/words.ts',
      ],
    };
    const folderOf = (file: string) => file.split('/').slice(1, -1).join('/');
    const bad: { file: string; imports: string }[] = [];
    for (const file of filesUnder('web')) {
      const from = folderOf(file);
      if (from === '') continue; // the app shell (app.ts, main.ts, …) wires every screen
      for (const target of relativeImports(file).filter((t) => t.startsWith('web/'))) {
        const to = folderOf(target);
        const allowed = shared.includes(from)
          ? shared.includes(to)
          : to === from ||
            shared.includes(to) ||
            target === 'web/context.ts' ||
            (reuses[from] ?? []).includes(target);
        if (!allowed) bad.push({ file, imports: target });
      }
    }
    expect(bad).toEqual([]);
  });

  it('the server’s networked games share their pieces from server/, not from each other', () => {
    // Rooms and ranked play import neither each other nor the boards' insides (ranked play
    // ranks through boards.ts and stores through scores.ts); the hash, the process lease and the
    // socket life are the server's, one file each.
    const bad: { file: string; imports: string }[] = [];
    const allowed = ['server/boards/boards.ts', 'server/boards/scores.ts'];
    for (const [from, other] of [
      ['server/rooms', 'server/ranked'],
      ['server/ranked', 'server/rooms'],
    ] as const) {
      for (const file of filesUnder(from)) {
        for (const target of relativeImports(file)) {
          const crosses =
            target.startsWith(`${other}/`) ||
            (target.startsWith('server/boards/') && !allowed.includes(target));
          if (crosses) bad.push({ file, imports: target });
        }
      }
    }
    expect(bad).toEqual([]);
    // Only the lease reads and writes the processes' leases (the rooms' claim asks for a live one).
    const leaseUsers = filesUnder('server').filter((f) =>
      /\b(?:insert into|update|delete from) room_processes\b/.test(
        readFileSync(join(SRC, f), 'utf8'),
      ),
    );
    expect(leaseUsers).toEqual(['server/lease.ts']);
    const hashers = filesUnder('server').filter((f) =>
      /createHash\('sha256'\)/.test(readFileSync(join(SRC, f), 'utf8')),
    );
    expect(hashers).toEqual(['server/hash.ts']);
  });

  it('a networked game’s owner takes commands and calls back into no hub', () => {
    // Rooms and ranked play each have a registry in front of one owner object per live game
    // (rooms.ts and owner.ts, ranked.ts and owner.ts): in each folder only the socket, which
    // hands the registry its connections, imports the registry; the owner, the sweep, the
    // seats and the statements talk to it through ports, never by importing it.
    for (const [dir, registry] of [
      ['server/rooms', 'server/rooms/rooms.ts'],
      ['server/ranked', 'server/ranked/ranked.ts'],
    ] as const) {
      const users = filesUnder(dir).filter((f) => relativeImports(f).includes(registry));
      expect(users).toEqual([`${dir}/socket.ts`]);
    }
  });
});
