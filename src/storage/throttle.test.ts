import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SaveThrottle } from './throttle.ts';

describe('SaveThrottle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves a burst once at once and once more at the end of the interval', () => {
    const save = vi.fn();
    const t = new SaveThrottle(save, 500, () => Date.now());
    for (let i = 0; i < 100; i++) t.soon();
    expect(save).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(499);
    expect(save).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5000);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('flush saves a waiting save now, and nothing when none waits', () => {
    const save = vi.fn();
    const t = new SaveThrottle(save, 500, () => Date.now());
    t.soon();
    t.flush();
    expect(save).toHaveBeenCalledTimes(1);
    t.soon();
    t.flush();
    expect(save).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('now() saves at once and replaces a waiting save', () => {
    const save = vi.fn();
    const t = new SaveThrottle(save, 500, () => Date.now());
    t.soon();
    t.soon();
    t.now();
    expect(save).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(2);
  });
});
