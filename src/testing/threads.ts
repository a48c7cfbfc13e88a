/** Watching what goes to worker threads, for tests that claim work runs on one. */
import { Worker } from 'node:worker_threads';
import { vi } from 'vitest';

/**
 * What `run` posts to worker threads, watched on `Worker#postMessage` (the real one still runs,
 * so the threads answer as usual): the messages in the order they were sent.
 */
export async function postedToThreads<T>(
  run: () => Promise<T>,
): Promise<{ value: T; posted: unknown[] }> {
  const spy = vi.spyOn(Worker.prototype, 'postMessage');
  try {
    const value = await run();
    return { value, posted: spy.mock.calls.map((c) => c[0]) };
  } finally {
    spy.mockRestore();
  }
}
