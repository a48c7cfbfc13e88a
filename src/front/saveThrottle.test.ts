import { describe, expect, it, vi } from 'vitest';
import { FakeTime } from '../testutil/fakeTime.ts';
import { SaveThrottle } from './saveThrottle.ts';

describe('SaveThrottle', () => {
  it('saves a burst once at once and once more at the end of the interval', () => {
    const time = new FakeTime();
    const save = vi.fn();
    const t = new SaveThrottle(save, 500, time, time);
    for (let i = 0; i < 100; i++) t.soon();
    expect(save).toHaveBeenCalledTimes(1);
    time.advance(499);
    expect(save).toHaveBeenCalledTimes(1);
    time.advance(1);
    expect(save).toHaveBeenCalledTimes(2);
    time.advance(5000);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('flush saves a waiting save now, and nothing when none waits', () => {
    const time = new FakeTime();
    const save = vi.fn();
    const t = new SaveThrottle(save, 500, time, time);
    t.soon();
    t.flush();
    expect(save).toHaveBeenCalledTimes(1);
    t.soon();
    t.flush();
    expect(save).toHaveBeenCalledTimes(2);
    time.advance(1000);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('now() saves at once and replaces a waiting save', () => {
    const time = new FakeTime();
    const save = vi.fn();
    const t = new SaveThrottle(save, 500, time, time);
    t.soon();
    t.soon();
    t.now();
    expect(save).toHaveBeenCalledTimes(2);
    time.advance(1000);
    expect(save).toHaveBeenCalledTimes(2);
  });
});
