import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalMoves } from '../../engine/game2048.ts';
import { SlideboxError } from '../../engine/result.ts';
import { AiWorker } from './aiWorker.ts';

// Workers run JavaScript: bundle the worker entry from source for the test.
let dir = '';
let workerUrl: URL;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'slidebox-ai-'));
  const outfile = join(dir, 'ai-worker.mjs');
  await build({
    entryPoints: [join(import.meta.dirname, 'workerEntry.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'warning',
  });
  workerUrl = pathToFileURL(outfile);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const cells = [
  [2, 4, 8, 16],
  [256, 128, 64, 32],
  [512, 1024, 0, 0],
  [2, 0, 0, 0],
];

describe('AiWorker', () => {
  it('answers with a legal move off the main thread, on one thread and split over two', async () => {
    const one = new AiWorker({ workerUrl });
    const two = new AiWorker({ workerUrl, threads: 2 });
    try {
      const a = await one.bestMove(cells, { depth: 3 });
      const b = await two.bestMove(cells, { depth: 3 });
      expect(legalMoves(cells)).toContain(a);
      expect(legalMoves(cells)).toContain(b);
      // The split search is the same search: the same answer.
      expect(b).toBe(a);
      expect(
        await two.bestMove([
          [2, 4, 2],
          [4, 2, 4],
          [2, 4, 2],
        ]),
      ).toBeNull();
    } finally {
      await one.terminate();
      await two.terminate();
    }
  });

  it('rejects an invalid board with a SlideboxError', async () => {
    const ai = new AiWorker({ workerUrl });
    try {
      await expect(ai.bestMove([[3]] as number[][])).rejects.toBeInstanceOf(SlideboxError);
    } finally {
      await ai.terminate();
    }
  });

  it('cancels a running search at once and stays usable', async () => {
    const ai = new AiWorker({ workerUrl });
    try {
      const slow = ai.bestMove(cells, { depth: 12 });
      const controller = new AbortController();
      setTimeout(() => ai.cancel(), 50);
      await expect(slow).rejects.toMatchObject({ name: 'AbortError' });
      controller.abort();
      await expect(ai.bestMove(cells, { signal: controller.signal })).rejects.toMatchObject({
        name: 'AbortError',
      });
      expect(legalMoves(cells)).toContain(await ai.bestMove(cells, { preset: 'fast' }));
    } finally {
      await ai.terminate();
    }
    await expect(ai.bestMove(cells)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('a signal aborted before the call, or right after it, rejects with an AbortError', async () => {
    const ai = new AiWorker({ workerUrl });
    try {
      const before = new AbortController();
      before.abort();
      await expect(ai.bestMove(cells, { signal: before.signal })).rejects.toMatchObject({
        name: 'AbortError',
      });
      // Aborted at once while the threads are still starting...
      const cold = new AbortController();
      const first = ai.bestMove(cells, { preset: 'fast', signal: cold.signal });
      cold.abort();
      await expect(first).rejects.toMatchObject({ name: 'AbortError' });
      // ...and once they are up (a fast search would otherwise answer a move).
      expect(legalMoves(cells)).toContain(await ai.bestMove(cells, { preset: 'fast' }));
      const warm = new AbortController();
      const second = ai.bestMove(cells, { preset: 'fast', signal: warm.signal });
      warm.abort();
      await expect(second).rejects.toMatchObject({ name: 'AbortError' });
      // Still usable afterwards.
      expect(legalMoves(cells)).toContain(await ai.bestMove(cells, { preset: 'fast' }));
    } finally {
      await ai.terminate();
    }
  });

  it('plays a seeded game on a thread', async () => {
    const ai = new AiWorker({ workerUrl });
    try {
      const progress: number[] = [];
      const r = await ai.playGame(5, {
        preset: 'fast',
        maxMoves: 200,
        progressEvery: 100,
        onProgress: (p) => progress.push(p.moves),
      });
      expect(r.moves).toBe(200);
      expect(progress).toEqual([100, 200]);
    } finally {
      await ai.terminate();
    }
  });
});
