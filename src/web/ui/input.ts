/**
 * Pointer input on a board: swipes (touch, pen, mouse drag) and taps, through the pure
 * {@link SwipeTracker}. The board has `touch-action: none` in the CSS, so the page neither
 * scrolls nor zooms while a finger moves on it.
 */
import type { Direction } from '../../engine/types.ts';
import { SwipeTracker } from './swipe.ts';

export interface PointerHandlers {
  swipe(dir: Direction): void;
  /**
   * A tap or click that did not move; `target` is the element the pointer went down on, at
   * (`x`, `y`) in the viewport.
   */
  tap?(target: Element, x: number, y: number): void;
}

/** Listens for gestures on `el`; returns a function that stops listening. */
export function attachPointer(el: HTMLElement, on: PointerHandlers): () => void {
  const tracker = new SwipeTracker();
  let downTarget: Element | null = null;
  const down = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    // Buttons inside the board (overlays) keep their own clicks.
    if ((e.target as Element).closest('button, a, input, select')) return;
    tracker.down(e.pointerId, e.clientX, e.clientY);
    downTarget = e.target as Element;
    try {
      el.setPointerCapture(e.pointerId);
    } catch {
      // Synthetic pointers cannot always be captured; the gesture still works without it.
    }
    if (e.pointerType !== 'mouse') e.preventDefault();
  };
  const up = (e: PointerEvent) => {
    const g = tracker.up(e.pointerId, e.clientX, e.clientY);
    if (g.kind === 'swipe') on.swipe(g.dir);
    else if (g.kind === 'tap' && downTarget && on.tap) on.tap(downTarget, g.x, g.y);
    if (!tracker.active) downTarget = null;
  };
  const cancel = (e: PointerEvent) => tracker.cancel(e.pointerId);
  el.addEventListener('pointerdown', down);
  el.addEventListener('pointerup', up);
  el.addEventListener('pointercancel', cancel);
  return () => {
    el.removeEventListener('pointerdown', down);
    el.removeEventListener('pointerup', up);
    el.removeEventListener('pointercancel', cancel);
  };
}
