import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { movableTiles, moveTile, newPuzzle } from '../engine/puzzle.ts';
import { SlideboxError } from '../engine/result.ts';
import {
  encodeShared,
  MAX_CODE_LENGTH,
  type Shared,
  shared2048,
  sharedPuzzle,
} from '../engine/shareCode.ts';
import { verifyCode } from '../engine/verify.ts';
import { cornerGame, mustShare } from '../testing/games.ts';
import { postedToThreads } from '../testing/threads.ts';
import { createVerifyPool, INLINE_MAX_CHARS, type VerifyPool } from './verifyPool.ts';
import type { VerifyRequest } from './verifyPoolProtocol.ts';

function corner2048(size: number, seed: number, cap: number): Shared {
  return mustShare(shared2048(cornerGame(size, seed, cap, 256)));
}

function puzzle(width: number, seed: number, moves: number): string {
  let p = newPuzzle({ width, seed });
  for (let i = 0; i < moves && !p.solved; i++) {
    const m = movableTiles(p);
    p = moveTile(p, m[(i * 5 + seed) % m.length]!);
  }
  return encodeShared(mustShare(sharedPuzzle(p, { timeMs: 1000 })));
}

/** Legal and refused codes, short (verified inline) and long (sent to a thread). */
const CODES: readonly string[] = (() => {
  const out: string[] = [];
  for (const [size, cap] of [
    [4, Number.POSITIVE_INFINITY],
    [5, 800],
    [6, 3000],
    [8, 6000],
  ] as const) {
    for (const seed of [1, 2]) {
      const s = corner2048(size, seed, cap);
      const code = encodeShared(s);
      out.push(code);
      // The same game with one more move (refused once the game is over), and with a move
      // repeated near its end (refused when it changes nothing).
      if (s.game.kind === '2048' && s.game.moves.length > 10) {
        const moves = [...s.game.moves];
        out.push(encodeShared({ ...s, game: { ...s.game, moves: [...moves, 'up'] } }));
        const i = moves.length - 5;
        moves.splice(i, 0, moves[i - 1]!);
        out.push(encodeShared({ ...s, game: { ...s.game, moves } }));
      }
      // Damaged: one character changed in the middle.
      const k = code.length >> 1;
      out.push(code.slice(0, k) + (code[k] === 'A' ? 'B' : 'A') + code.slice(k + 1));
    }
  }
  out.push(puzzle(4, 1, 400), puzzle(8, 2, 2000), puzzle(3, 3, 50));
  out.push('', 'hello', 'sb.', `sb.${'A'.repeat(60_000)}`);
  return out;
})();

const pools: VerifyPool[] = [];
function pool(opts: Parameters<typeof createVerifyPool>[0] = {}): VerifyPool {
  const p = createVerifyPool(opts);
  pools.push(p);
  return p;
}

let bundleDir = '';

afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
  if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
});

/** The codes `run` hands to verify threads (whose answers the pool then waits for). */
async function sentToThreads<T>(run: () => Promise<T>): Promise<{ value: T; sent: string[] }> {
  const { value, posted } = await postedToThreads(run);
  // Other posts: esbuild's own thread, bundling the worker from the sources.
  const requests = posted.filter((m) => (m as VerifyRequest).code !== undefined);
  return { value, sent: requests.map((m) => (m as VerifyRequest).code) };
}

/** The codes a pool with this limit sends to a thread, in order. */
function threaded(codes: readonly unknown[], inlineMaxChars: number): string[] {
  return codes.filter(
    (c): c is string =>
      typeof c === 'string' &&
      c.trim().length > inlineMaxChars &&
      c.trim().length <= MAX_CODE_LENGTH,
  );
}

const sorted = (xs: readonly string[]) => [...xs].sort();

/** Worker threads' message ports this process holds open. */
function ports(): number {
  return process.getActiveResourcesInfo().filter((r) => r === 'MessagePort').length;
}

describe('createVerifyPool', () => {
  it('has short and long codes among the test codes', () => {
    expect(CODES.some((c) => c.length <= INLINE_MAX_CHARS)).toBe(true);
    expect(CODES.filter((c) => c.length > INLINE_MAX_CHARS).length).toBeGreaterThan(6);
  });

  it('verifies many codes at once as verifyCode does, legal and refused', async () => {
    const p = pool({ threads: 2 });
    const all = [...CODES, ...CODES, ...CODES];
    const { value: got, sent } = await sentToThreads(() =>
      Promise.all(all.map((c) => p.verify(c))),
    );
    // Every long code went to a thread, and only those.
    expect(sent.length).toBeGreaterThan(18);
    expect(sorted(sent)).toEqual(sorted(threaded(all, INLINE_MAX_CHARS)));
    const codes = new Set<string>();
    got.forEach((r, i) => {
      expect(r).toEqual(verifyCode(all[i]));
      codes.add(r.ok ? 'ok' : r.error.code);
    });
    expect([...codes]).toEqual(
      expect.arrayContaining(['damaged', 'illegal-move', 'not-a-code', 'ok', 'too-long']),
    );
  });

  it('verifies every code on a thread when inlineMaxChars is 0, and anything that is not a string', async () => {
    const p = pool({ threads: 1, inlineMaxChars: 0 });
    const { value: got, sent } = await sentToThreads(() =>
      Promise.all(CODES.map((c) => p.verify(c))),
    );
    expect(sorted(sent)).toEqual(sorted(threaded(CODES, 0)));
    expect(sent.some((c) => c.length <= INLINE_MAX_CHARS)).toBe(true);
    got.forEach((r, i) => {
      expect(r).toEqual(verifyCode(CODES[i]));
    });
    const odd = await sentToThreads(async () => {
      for (const x of [42, null, undefined, {}]) {
        expect(await p.verify(x as unknown as string)).toEqual(verifyCode(x));
      }
    });
    expect(odd.sent).toEqual([]);
  });

  it('ends its threads on close, rejects what was waiting and anything after', async () => {
    const before = ports();
    const p = createVerifyPool({ threads: 2, inlineMaxChars: 0 });
    expect(p.threads).toBe(2);
    expect(ports()).toBe(before + 2);
    const long = CODES.filter((c) => c.length > INLINE_MAX_CHARS);
    const waiting = Promise.allSettled(long.map((c) => p.verify(c)));
    await p.close();
    expect(p.threads).toBe(0);
    expect(ports()).toBe(before);
    for (const r of await waiting) {
      // Each was either answered before the threads ended or rejected.
      if (r.status === 'rejected') expect(String(r.reason)).toMatch(/closed/);
    }
    await expect(p.verify(CODES[0]!)).rejects.toThrow(/closed/);
    await p.close();
  });

  it('replaces a thread that dies, rejecting what it held', async () => {
    const dies = new URL(
      `data:text/javascript,${encodeURIComponent(
        "import { parentPort } from 'node:worker_threads'; parentPort.on('message', () => process.exit(3));",
      )}`,
    );
    const p = pool({ threads: 1, inlineMaxChars: 0, workerUrl: dies });
    await expect(p.verify(CODES[0]!)).rejects.toThrow(/exit code 3/);
    expect(p.threads).toBe(1);
    // Short codes are still answered on the calling thread by a pool with a limit.
    const q = pool({ threads: 1, workerUrl: dies });
    expect(await q.verify('hello')).toEqual(verifyCode('hello'));
  });

  it('refuses options that are not sound', () => {
    for (const o of [
      { threads: 0 },
      { threads: 1.5 },
      { threads: '2' },
      { inlineMaxChars: -1 },
      { workerUrl: 'x.js' },
      [],
      null,
    ]) {
      expect(() => createVerifyPool(o as never)).toThrow(SlideboxError);
    }
  });

  it('runs from a bundle, its worker beside it as verify-worker.js', async () => {
    bundleDir = mkdtempSync(join(tmpdir(), 'slidebox-verify-'));
    await build({
      entryPoints: {
        pool: join(import.meta.dirname, 'verifyPool.ts'),
        'verify-worker': join(import.meta.dirname, 'verifyPoolWorker.ts'),
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outdir: bundleDir,
      outExtension: { '.js': '.js' },
      logLevel: 'warning',
    });
    const mod = (await import(pathToFileURL(join(bundleDir, 'pool.js')).href)) as {
      createVerifyPool: typeof createVerifyPool;
    };
    const p = mod.createVerifyPool({ threads: 1, inlineMaxChars: 0 });
    pools.push(p);
    const long = CODES.find((c) => c.length > INLINE_MAX_CHARS)!;
    const { value, sent } = await sentToThreads(() => p.verify(long));
    expect(sent).toEqual([long]);
    expect(value).toEqual(verifyCode(long));
  });
});
