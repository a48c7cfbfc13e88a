/** Layout helpers shared by the games' screens: message boxes and the too-small notice. */
import type { Canvas } from './canvas.ts';
import type { ColorDepth, Style } from './color.ts';
import type { Viewport } from './terminal.ts';

const BOX: Style = { bg: [40, 40, 40], fg: [240, 240, 240], bg16: 0, fg16: 15 };

/**
 * Draws a framed box of text lines centred on (cx, cy), the first line bold. Lines too long
 * for the window are cut rather than wrapped.
 */
export function drawBox(
  c: Canvas,
  lines: readonly string[],
  cx: number,
  cy: number,
  depth: ColorDepth,
): void {
  const inner = Math.min(Math.max(...lines.map((l) => [...l].length)), c.width - 4);
  const w = inner + 4;
  const h = lines.length + 2;
  const x = Math.max(0, Math.min(c.width - w, cx - Math.floor(w / 2)));
  const y = Math.max(0, Math.min(c.height - h, cy - Math.floor(h / 2)));
  const style: Style = depth === 'none' ? {} : BOX;
  c.fill(x, y, w, h, style);
  c.text(x, y, `┌${'─'.repeat(w - 2)}┐`, style);
  c.text(x, y + h - 1, `└${'─'.repeat(w - 2)}┘`, style);
  lines.forEach((line, i) => {
    c.text(x, y + 1 + i, '│', style);
    c.text(x + w - 1, y + 1 + i, '│', style);
    const cut = [...line].slice(0, inner).join('');
    const lx = x + 2 + Math.floor((inner - [...cut].length) / 2);
    c.text(lx, y + 1 + i, cut, i === 0 ? { ...style, bold: true } : style);
  });
}

/** Fills the canvas with the "window too small" message. */
export function tooSmall(c: Canvas, what: string, need: Viewport, have: Viewport): void {
  const lines = [
    'Window too small',
    `for ${what}.`,
    `Need ${need.cols}×${need.rows},`,
    `have ${have.cols}×${have.rows}.`,
    'Enlarge it,',
    'or press q to quit.',
  ];
  if (c.height < lines.length || c.width < Math.max(...lines.map((l) => l.length))) {
    // Not even the message fits: say the essential, cut to the window.
    c.text(0, 0, `Window too small: need ${need.cols}×${need.rows}`, { bold: true });
    return;
  }
  const top = Math.max(0, Math.floor((c.height - lines.length) / 2));
  lines.forEach((l, i) => {
    c.center(top + i, l, i === 0 ? { bold: true } : undefined);
  });
}
