/**
 * Colour depth detection and SGR codes. Colours are given as RGB and reduced to what the
 * terminal shows: truecolor, the 256-colour palette, or the 16 basic colours (where a style may
 * name its own 16-colour pair, because nearest-colour reduction merges too many tiles).
 */

export type ColorDepth = 'none' | '16' | '256' | 'truecolor';
export type Rgb = readonly [number, number, number];

/** Basic colour numbers 0-15 (0-7 normal, 8-15 bright). */
export type Basic = number;

export interface Style {
  readonly fg?: Rgb;
  readonly bg?: Rgb;
  /** Explicit 16-colour choices (used at depth '16' instead of the nearest colour). */
  readonly fg16?: Basic;
  readonly bg16?: Basic;
  readonly bold?: boolean;
  readonly underline?: boolean;
  readonly reverse?: boolean;
}

/**
 * The colour depth to use. NO_COLOR (any non-empty value) turns colour off; FORCE_COLOR=0..3
 * forces a level; COLORTERM=truecolor/24bit, then TERM=*256color*, decide the rest.
 */
export function detectColorDepth(env: NodeJS.ProcessEnv, isTTY: boolean): ColorDepth {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 'none';
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') {
    return ({ '0': 'none', '1': '16', '2': '256', '3': 'truecolor' } as const)[force] ?? '16';
  }
  if (!isTTY) return 'none';
  const term = env.TERM ?? '';
  if (term === 'dumb') return 'none';
  const ct = (env.COLORTERM ?? '').toLowerCase();
  if (ct === 'truecolor' || ct === '24bit') return 'truecolor';
  if (/256|kitty|alacritty|wezterm|ghostty/.test(term)) return '256';
  return '16';
}

const CUBE = [0, 95, 135, 175, 215, 255];

function nearestCube(v: number): number {
  let best = 0;
  for (let i = 1; i < 6; i++) if (Math.abs(CUBE[i]! - v) < Math.abs(CUBE[best]! - v)) best = i;
  return best;
}

function dist(a: Rgb, b: Rgb): number {
  // Weighted for the eye's sensitivity to green.
  return 2 * (a[0] - b[0]) ** 2 + 4 * (a[1] - b[1]) ** 2 + 3 * (a[2] - b[2]) ** 2;
}

/** Nearest colour of the xterm 256 palette (cube or grey ramp). */
export function rgbTo256(c: Rgb): number {
  const [r, g, b] = [nearestCube(c[0]), nearestCube(c[1]), nearestCube(c[2])];
  const cube: Rgb = [CUBE[r]!, CUBE[g]!, CUBE[b]!];
  const grey = Math.max(0, Math.min(23, Math.round(((c[0] + c[1] + c[2]) / 3 - 8) / 10)));
  const gv = 8 + grey * 10;
  return dist(c, [gv, gv, gv]) < dist(c, cube) ? 232 + grey : 16 + 36 * r + 6 * g + b;
}

const BASIC: readonly Rgb[] = [
  [0, 0, 0],
  [205, 0, 0],
  [0, 205, 0],
  [205, 205, 0],
  [0, 0, 238],
  [205, 0, 205],
  [0, 205, 205],
  [229, 229, 229],
  [127, 127, 127],
  [255, 0, 0],
  [0, 255, 0],
  [255, 255, 0],
  [92, 92, 255],
  [255, 0, 255],
  [0, 255, 255],
  [255, 255, 255],
];

/** Nearest of the 16 basic colours. */
export function rgbTo16(c: Rgb): Basic {
  let best = 0;
  for (let i = 1; i < 16; i++) if (dist(c, BASIC[i]!) < dist(c, BASIC[best]!)) best = i;
  return best;
}

function basicCode(n: Basic, bg: boolean): string {
  const base = n < 8 ? (bg ? 40 : 30) : bg ? 100 : 90;
  return String(base + (n % 8));
}

/** The SGR sequence for a style at a colour depth ('' when it sets nothing). */
export function sgr(style: Style, depth: ColorDepth): string {
  const parts: string[] = [];
  if (style.bold) parts.push('1');
  if (style.underline) parts.push('4');
  if (style.reverse) parts.push('7');
  if (depth !== 'none') {
    for (const [c, c16, bg] of [
      [style.fg, style.fg16, false],
      [style.bg, style.bg16, true],
    ] as const) {
      if (depth === 'truecolor' && c) parts.push(`${bg ? 48 : 38};2;${c[0]};${c[1]};${c[2]}`);
      else if (depth === '256' && c) parts.push(`${bg ? 48 : 38};5;${rgbTo256(c)}`);
      else if (depth === '16' && (c16 !== undefined || c)) {
        parts.push(basicCode(c16 ?? rgbTo16(c!), bg));
      }
    }
  }
  return parts.length ? `\x1b[${parts.join(';')}m` : '';
}
