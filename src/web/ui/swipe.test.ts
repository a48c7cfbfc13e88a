import { describe, expect, it } from 'vitest';
import { DEFAULT_SWIPE, SwipeTracker, swipeDirection } from './swipe.ts';

describe('swipeDirection', () => {
  it.each([
    ['right', 40, 0],
    ['left', -40, 3],
    ['down', 2, 40],
    ['up', -5, -40],
    // Screen y grows downwards: a finger moving up the screen has negative dy.
    ['up', 0, -24],
  ] as const)('reads %s from (%d, %d)', (dir, dx, dy) => {
    expect(swipeDirection(dx, dy)).toBe(dir);
  });

  it.each([
    ['too short', 10, 5],
    ['just under the minimum', DEFAULT_SWIPE.minDistance - 1, 0],
    ['exactly diagonal', 50, 50],
    ['nearly diagonal', 50, -45],
  ])('gives null when %s', (_name, dx, dy) => {
    expect(swipeDirection(dx, dy)).toBeNull();
  });

  it('takes custom thresholds', () => {
    expect(swipeDirection(10, 0, { minDistance: 5, dominance: 2 })).toBe('right');
    expect(swipeDirection(10, 6, { minDistance: 5, dominance: 2 })).toBeNull();
  });
});

describe('SwipeTracker', () => {
  it('turns a drag into a swipe and a still press into a tap', () => {
    const t = new SwipeTracker();
    t.down(1, 100, 100);
    expect(t.active).toBe(true);
    expect(t.up(1, 100, 30)).toEqual({ kind: 'swipe', dir: 'up' });
    expect(t.active).toBe(false);
    t.down(2, 50, 60);
    expect(t.up(2, 53, 62)).toEqual({ kind: 'tap', x: 50, y: 60 });
  });

  it('ignores a diagonal drag (neither tap nor swipe)', () => {
    const t = new SwipeTracker();
    t.down(1, 0, 0);
    expect(t.up(1, 60, 60)).toEqual({ kind: 'none' });
  });

  it('cancels the gesture when a second finger comes down (pinch)', () => {
    const t = new SwipeTracker();
    t.down(1, 0, 0);
    t.down(2, 100, 100);
    expect(t.up(2, 200, 100)).toEqual({ kind: 'none' });
    expect(t.up(1, 80, 0)).toEqual({ kind: 'none' });
    // The next gesture works again.
    t.down(3, 0, 0);
    expect(t.up(3, 80, 0)).toEqual({ kind: 'swipe', dir: 'right' });
  });

  it('ignores ups of pointers it did not see go down, and cancelled pointers', () => {
    const t = new SwipeTracker();
    expect(t.up(9, 0, 0)).toEqual({ kind: 'none' });
    t.down(1, 0, 0);
    t.cancel(1);
    expect(t.up(1, 80, 0)).toEqual({ kind: 'none' });
  });
});
