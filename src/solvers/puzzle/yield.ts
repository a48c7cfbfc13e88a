/**
 * Lets other work run (timers, messages, an AbortSignal being fired) between slices of a long
 * computation. `setImmediate` where it exists (Node), else a zero-delay timer.
 */
export function yieldToEventLoop(): Promise<void> {
  const g = globalThis as { setImmediate?: (fn: () => void) => unknown };
  if (typeof g.setImmediate === 'function') {
    const si = g.setImmediate;
    return new Promise((resolve) => {
      si(resolve);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
