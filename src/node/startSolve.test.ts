import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { newPuzzle } from '../engine/puzzle.ts';
import { SlideboxError } from '../engine/result.ts';
import { solves } from '../solvers/puzzle/grid.ts';
import { createSolverWorker, startSolve } from './startSolve.ts';

describe('solving on a worker thread', () => {
  it('startSolve answers with a checked solution (3x3 optimal, 8x8 fast)', async () => {
    const t3 = [...newPuzzle({ width: 3, seed: 4 }).tiles];
    const r3 = await startSolve(t3, 3, { cacheDir: null }).promise;
    expect(r3.optimal).toBe(true);
    expect(solves(t3, 3, r3.moves)).toBe(true);
    const t8 = [...newPuzzle({ width: 8, seed: 4 }).tiles];
    const r8 = await startSolve(t8, 8, { cacheDir: null }).promise;
    expect(r8.method).toBe('reduction');
    expect(solves(t8, 8, r8.moves)).toBe(true);
  });

  it('bad input comes back as a SlideboxError with its code', async () => {
    const p = startSolve([2, 1, 3, 4, 5, 6, 7, 8, 0], 3, { cacheDir: null }).promise;
    await expect(p).rejects.toBeInstanceOf(SlideboxError);
    await expect(p).rejects.toMatchObject({ code: 'unsolvable' });
  });

  it('cancel rejects with an AbortError while the worker is busy', async () => {
    // No cache: the worker starts building the 4x4 databases (seconds of work).
    const t4 = [...newPuzzle({ width: 4, seed: 2 }).tiles];
    const h = startSolve(t4, 4, { cacheDir: null });
    setTimeout(() => h.cancel(), 100);
    await expect(h.promise).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('a preloading worker still answers small solves at once, and closes mid-build', async () => {
    const w = createSolverWorker({ cacheDir: null, preload: true });
    try {
      const r = await w.solve([1, 2, 3, 4, 5, 6, 0, 7, 8], 3).promise;
      expect(r.moves).toEqual([7, 8]);
    } finally {
      await w.close();
    }
  });

  it('a long-lived worker serves several solves, cancels one, and closes', async () => {
    const w = createSolverWorker({ cacheDir: null });
    try {
      const a = w.solve([...newPuzzle({ width: 3, seed: 1 }).tiles], 3);
      const b = w.solve([...newPuzzle({ width: 6, seed: 1 }).tiles], 6, { optimal: false });
      const c = w.solve([...newPuzzle({ width: 5, seed: 1 }).tiles], 5);
      c.cancel();
      const [ra, rb] = await Promise.all([a.promise, b.promise]);
      expect(ra.optimal).toBe(true);
      expect(rb.moves.length).toBeGreaterThan(0);
      await expect(c.promise).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      await w.close();
    }
    await expect(w.solve([1, 2, 3, 4, 5, 6, 7, 0, 8], 3).promise).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
  it('a script that awaits prepare(4) sees it resolve, then exits on its own (exit 0)', async () => {
    // The worker must keep the process alive while the tables are built: were it unref'd, Node
    // would end the script with exit code 13 (a top-level await that never settles).
    const module = fileURLToPath(new URL('./startSolve.ts', import.meta.url));
    const code = `
      const { createSolverWorker } = await import(${JSON.stringify(module)});
      const w = createSolverWorker({ cacheDir: null });
      await w.prepare(4);
      console.log('tables ready');`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      out += c;
    });
    const exitCode = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
      child.once('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(out.trim()).toBe('tables ready');
    expect(exitCode).toBe(0);
  }, 120_000);
});
