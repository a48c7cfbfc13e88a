/**
 * A terminal screen captured with its colours (`tmux capture-pane -e -p`) as one HTML page: a
 * `<pre>` of spans, one per run of cells with the same look. Understands the SGR codes the
 * terminal front-end writes: reset, bold, dim, italic, underline, inverse, the 8/16 colours,
 * the 256-colour palette and 24-bit colours, and the defaults (39, 49). Other escapes are
 * dropped. Used by docShots.ts for the README's terminal picture.
 */

/** The look of a cell. */
interface Style {
  fg: string | null;
  bg: string | null;
  bold: boolean;
  dim: boolean;
  italic: boolean;
  underline: boolean;
  inverse: boolean;
}

/** The terminal's theme: a dark one, with xterm's 16 colours. */
const DEFAULT_FG = '#d4d4d4';
const DEFAULT_BG = '#1e1e1e';
const BASE16 = [
  '#000000',
  '#cd3131',
  '#0dbc79',
  '#e5e510',
  '#2472c8',
  '#bc3fbc',
  '#11a8cd',
  '#e5e5e5',
  '#666666',
  '#f14c4c',
  '#23d18b',
  '#f5f543',
  '#3b8eea',
  '#d670d6',
  '#29b8db',
  '#ffffff',
];

const hex = (n: number) => n.toString(16).padStart(2, '0');
const rgb = (r: number, g: number, b: number) => `#${hex(r)}${hex(g)}${hex(b)}`;

/** xterm's 256-colour palette: 16 base colours, a 6×6×6 cube, 24 greys. */
export function palette256(n: number): string {
  if (n < 16) return BASE16[n]!;
  if (n < 232) {
    const level = (v: number) => (v === 0 ? 0 : 55 + v * 40);
    const i = n - 16;
    return rgb(level(Math.floor(i / 36)), level(Math.floor(i / 6) % 6), level(i % 6));
  }
  const grey = 8 + (n - 232) * 10;
  return rgb(grey, grey, grey);
}

const plain = (): Style => ({
  fg: null,
  bg: null,
  bold: false,
  dim: false,
  italic: false,
  underline: false,
  inverse: false,
});

/** Applies one SGR sequence's parameters to a style. */
function applySgr(style: Style, params: number[]): void {
  if (params.length === 0) params = [0];
  for (let i = 0; i < params.length; i++) {
    const p = params[i]!;
    if (p === 0) Object.assign(style, plain());
    else if (p === 1) style.bold = true;
    else if (p === 2) style.dim = true;
    else if (p === 3) style.italic = true;
    else if (p === 4) style.underline = true;
    else if (p === 7) style.inverse = true;
    else if (p === 22) style.bold = style.dim = false;
    else if (p === 23) style.italic = false;
    else if (p === 24) style.underline = false;
    else if (p === 27) style.inverse = false;
    else if (p >= 30 && p <= 37) style.fg = BASE16[p - 30]!;
    else if (p >= 90 && p <= 97) style.fg = BASE16[p - 90 + 8]!;
    else if (p >= 40 && p <= 47) style.bg = BASE16[p - 40]!;
    else if (p >= 100 && p <= 107) style.bg = BASE16[p - 100 + 8]!;
    else if (p === 39) style.fg = null;
    else if (p === 49) style.bg = null;
    else if (p === 38 || p === 48) {
      let colour: string | null = null;
      if (params[i + 1] === 5) {
        colour = palette256(params[i + 2] ?? 0);
        i += 2;
      } else if (params[i + 1] === 2) {
        colour = rgb(params[i + 2] ?? 0, params[i + 3] ?? 0, params[i + 4] ?? 0);
        i += 4;
      }
      if (p === 38) style.fg = colour;
      else style.bg = colour;
    }
  }
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function css(style: Style): string {
  let fg = style.fg ?? DEFAULT_FG;
  let bg = style.bg ?? DEFAULT_BG;
  if (style.inverse) [fg, bg] = [bg, fg];
  const parts = [`color:${fg}`];
  if (bg !== DEFAULT_BG) parts.push(`background:${bg}`);
  if (style.bold) parts.push('font-weight:bold');
  if (style.dim) parts.push('opacity:0.7');
  if (style.italic) parts.push('font-style:italic');
  if (style.underline) parts.push('text-decoration:underline');
  return parts.join(';');
}

/** One line of captured text as spans; the line is padded with blanks to `columns`. */
function lineToHtml(line: string, style: Style, columns: number): string {
  let out = '';
  let run = '';
  let width = 0;
  const flush = () => {
    if (run) out += `<span style="${css(style)}">${escapeHtml(run)}</span>`;
    run = '';
  };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escapes start with ESC.
  const token = /\x1b\[([0-9;:]*)([A-Za-z])|\x1b[^[]|([^\x1b]+)/g;
  for (const m of line.matchAll(token)) {
    if (m[3] !== undefined) {
      run += m[3];
      width += [...m[3]].length;
    } else if (m[2] === 'm') {
      flush();
      applySgr(style, m[1] ? m[1].split(/[;:]/).map((s) => (s === '' ? 0 : Number(s))) : []);
    }
  }
  flush();
  if (width < columns) out += ' '.repeat(columns - width);
  return out;
}

/** A captured screen as a whole HTML page whose `<pre>` is the terminal window. */
export function ansiToHtml(text: string, size: { columns: number; rows: number }): string {
  const lines = text.replace(/\n$/, '').split('\n').slice(0, size.rows);
  while (lines.length < size.rows) lines.push('');
  // The style carries over from line to line, as on the terminal.
  const style = plain();
  const body = lines.map((l) => lineToHtml(l, style, size.columns)).join('\n');
  return `<!doctype html><meta charset="utf-8"><style>
html,body{margin:0;background:${DEFAULT_BG}}
pre{display:inline-block;margin:0;padding:10px 12px;background:${DEFAULT_BG};color:${DEFAULT_FG};
font:15px/1.2 'DejaVu Sans Mono','Liberation Mono',monospace}
span{white-space:pre}
</style><pre>${body}</pre>`;
}
