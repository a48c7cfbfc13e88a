/**
 * Swipes from pointer events (touch, pen and mouse drags alike): a pure tracker fed with
 * pointer positions that says, when the pointer lifts, whether it was a swipe (and which way)
 * or a tap. A second finger cancels the gesture, so pinch attempts do nothing.
 */
import type { Direction } from '../../engine/types.ts';

export interface SwipeOptions {
  /** Shortest travel (CSS px) that counts as a swipe; shorter is a tap. */
  readonly minDistance: number;
  /** The main axis must be this many times longer than the other one. */
  readonly dominance: number;
}

export const DEFAULT_SWIPE: SwipeOptions = { minDistance: 24, dominance: 1.3 };

/**
 * The direction of a movement by (dx, dy) in screen coordinates (y grows downwards), or null
 * when it is too short or too diagonal to tell.
 */
export function swipeDirection(
  dx: number,
  dy: number,
  opts: SwipeOptions = DEFAULT_SWIPE,
): Direction | null {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (Math.max(ax, ay) < opts.minDistance) return null;
  if (ax >= ay * opts.dominance) return dx > 0 ? 'right' : 'left';
  if (ay >= ax * opts.dominance) return dy > 0 ? 'down' : 'up';
  return null;
}

export type Gesture =
  | { readonly kind: 'swipe'; readonly dir: Direction }
  | { readonly kind: 'tap'; readonly x: number; readonly y: number }
  | { readonly kind: 'none' };

/** Follows one pointer from down to up. */
export class SwipeTracker {
  private start: { id: number; x: number; y: number } | null = null;
  private cancelled = false;

  constructor(private readonly opts: SwipeOptions = DEFAULT_SWIPE) {}

  /** A pointer went down. A second pointer while one is down cancels the gesture. */
  down(id: number, x: number, y: number): void {
    if (this.start && this.start.id !== id) {
      this.cancelled = true;
      return;
    }
    this.start = { id, x, y };
    this.cancelled = false;
  }

  /** A pointer went up: what the gesture was. */
  up(id: number, x: number, y: number): Gesture {
    const s = this.start;
    if (!s || s.id !== id) return { kind: 'none' };
    this.start = null;
    if (this.cancelled) {
      this.cancelled = false;
      return { kind: 'none' };
    }
    const dir = swipeDirection(x - s.x, y - s.y, this.opts);
    if (dir) return { kind: 'swipe', dir };
    const moved = Math.hypot(x - s.x, y - s.y);
    return moved < this.opts.minDistance ? { kind: 'tap', x: s.x, y: s.y } : { kind: 'none' };
  }

  /** The pointer was taken away (pointercancel, lost capture). */
  cancel(id: number): void {
    if (this.start?.id === id) this.start = null;
    this.cancelled = false;
  }

  get active(): boolean {
    return this.start !== null;
  }
}
