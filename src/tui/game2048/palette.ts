/**
 * Tile colours: the original game's palette up to 2048, then distinct hues up to 131072 and
 * beyond. Every tile names its own foreground, so the board reads the same on dark and light
 * terminals; 16-colour pairs are chosen by hand because nearest-colour reduction merges tiles.
 */
import type { Rgb, Style } from '../color.ts';

interface TileColor {
  readonly bg: Rgb;
  readonly fg: Rgb;
  readonly bg16: number;
  readonly fg16: number;
}

const DARK: Rgb = [119, 110, 101];
const LIGHT: Rgb = [249, 246, 242];
// Darker than the original's white-on-yellow, which is hard to read (contrast below 2:1).
const INK: Rgb = [50, 40, 30];

// Index: the tile's exponent (1 = 2, 2 = 4, …).
const TILES: readonly TileColor[] = [
  // Black in 16 colours: the frame is dark grey, and empty cells must not melt into it.
  { bg: [205, 193, 180], fg: DARK, bg16: 0, fg16: 7 }, // empty
  { bg: [238, 228, 218], fg: DARK, bg16: 15, fg16: 0 }, // 2
  { bg: [237, 224, 200], fg: DARK, bg16: 7, fg16: 0 }, // 4
  { bg: [242, 177, 121], fg: INK, bg16: 3, fg16: 0 }, // 8
  { bg: [245, 160, 100], fg: INK, bg16: 11, fg16: 0 }, // 16
  { bg: [246, 124, 95], fg: INK, bg16: 1, fg16: 15 }, // 32
  { bg: [246, 94, 59], fg: INK, bg16: 9, fg16: 0 }, // 64
  { bg: [240, 215, 130], fg: INK, bg16: 2, fg16: 0 }, // 128
  { bg: [240, 200, 90], fg: INK, bg16: 10, fg16: 0 }, // 256
  { bg: [235, 183, 50], fg: INK, bg16: 6, fg16: 0 }, // 512
  { bg: [222, 165, 20], fg: INK, bg16: 14, fg16: 0 }, // 1024
  { bg: [250, 215, 0], fg: INK, bg16: 5, fg16: 15 }, // 2048
  { bg: [150, 70, 190], fg: LIGHT, bg16: 13, fg16: 0 }, // 4096
  { bg: [124, 77, 199], fg: LIGHT, bg16: 4, fg16: 15 }, // 8192
  { bg: [59, 110, 214], fg: LIGHT, bg16: 12, fg16: 0 }, // 16384
  { bg: [10, 115, 160], fg: LIGHT, bg16: 0, fg16: 11 }, // 32768
  { bg: [15, 120, 95], fg: LIGHT, bg16: 0, fg16: 14 }, // 65536
  { bg: [52, 132, 58], fg: LIGHT, bg16: 0, fg16: 13 }, // 131072
  { bg: [60, 58, 50], fg: LIGHT, bg16: 0, fg16: 15 }, // 262144 and up
];

export const BOARD_BG: Rgb = [187, 173, 160];

function exponent(value: number): number {
  return value === 0 ? 0 : Math.round(Math.log2(value));
}

/** The style of a tile (value 0: an empty cell). */
export function tileStyle(value: number, opts: { bold?: boolean; pop?: boolean } = {}): Style {
  const t = TILES[Math.min(exponent(value), TILES.length - 1)]!;
  const bg = opts.pop ? lighten(t.bg, 0.35) : t.bg;
  return { bg, fg: t.fg, bg16: t.bg16, fg16: t.fg16, bold: opts.bold ?? value >= 8 };
}

export const BOARD_STYLE: Style = { bg: BOARD_BG, bg16: 8, fg: [90, 80, 70], fg16: 0 };

function lighten(c: Rgb, f: number): Rgb {
  return [0, 1, 2].map((i) => Math.round(c[i]! + (255 - c[i]!) * f)) as unknown as Rgb;
}

/** How many distinct styles the palette has (for tests of distinctness). */
export const PALETTE_SIZE = TILES.length;
