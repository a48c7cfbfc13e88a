/**
 * A character grid with a style per cell: renderers draw into it (rectangles, text), then
 * {@link Canvas.toLines} turns it into terminal lines with as few style changes as possible.
 */
import { RESET } from './ansi.ts';
import { type ColorDepth, type Style, sgr } from './color.ts';

const PLAIN: Style = {};

export class Canvas {
  readonly width: number;
  readonly height: number;
  private readonly chars: string[];
  private readonly styles: Style[];

  constructor(width: number, height: number) {
    this.width = Math.max(0, width);
    this.height = Math.max(0, height);
    this.chars = new Array<string>(this.width * this.height).fill(' ');
    this.styles = new Array<Style>(this.width * this.height).fill(PLAIN);
  }

  /** Fills a rectangle (clipped to the canvas) with a character and style. */
  fill(x: number, y: number, w: number, h: number, style: Style, ch = ' '): void {
    for (let yy = Math.max(0, y); yy < Math.min(this.height, y + h); yy++) {
      for (let xx = Math.max(0, x); xx < Math.min(this.width, x + w); xx++) {
        this.chars[yy * this.width + xx] = ch;
        this.styles[yy * this.width + xx] = style;
      }
    }
  }

  /** Writes text from (x, y), clipped. A style of undefined keeps each cell's style. */
  text(x: number, y: number, s: string, style?: Style): void {
    if (y < 0 || y >= this.height) return;
    let xx = x;
    for (const ch of s) {
      if (xx >= 0 && xx < this.width) {
        this.chars[y * this.width + xx] = ch;
        if (style) this.styles[y * this.width + xx] = style;
      }
      xx++;
    }
  }

  /** Writes text centred on the canvas row y. */
  center(y: number, s: string, style?: Style): void {
    this.text(Math.floor((this.width - [...s].length) / 2), y, s, style);
  }

  /** The character at (x, y), for tests. */
  charAt(x: number, y: number): string {
    return this.chars[y * this.width + x] ?? '';
  }

  /** The rows as strings with SGR codes for the given colour depth. */
  toLines(depth: ColorDepth): string[] {
    const out: string[] = [];
    for (let y = 0; y < this.height; y++) {
      let line = '';
      let current = '';
      for (let x = 0; x < this.width; x++) {
        const code = sgr(this.styles[y * this.width + x]!, depth);
        if (code !== current) {
          line += current ? RESET + code : code;
          current = code;
        }
        line += this.chars[y * this.width + x];
      }
      if (current) line += RESET;
      out.push(line);
    }
    return out;
  }
}
