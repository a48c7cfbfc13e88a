/**
 * Reading the full-screen 2048 off a captured tmux screen: the stats line and the board.
 *
 * The layout is: title, stats line, a gap, the board, a gap, the keys line, the notice line.
 * The board is centred, so its rows lie between the stats and keys lines and its columns
 * between `left` and `cols - left`; each tile's number is drawn centred in its tile, which
 * gives the tile's row and column. This works with colours (tiles are coloured blocks) and
 * without (grid lines, `·` for empty cells, `[2]` for a new tile).
 */
import { num } from './cli.ts';
import type { Pane } from './tmux.ts';

export interface ScreenStats {
  readonly score: number;
  readonly best: number;
  readonly moves: number;
}

const STATS = /Score ([\d,]+)(?: \(\+[\d,]+\))? {3}Best ([\d,]+) {3}Moves ([\d,]+)/;

/** The stats line's numbers, or null when it is not on the screen. */
export function parseStats(screen: string): ScreenStats | null {
  const m = STATS.exec(screen);
  return m ? { score: num(m[1]!), best: num(m[2]!), moves: num(m[3]!) } : null;
}

/** Like parseStats, but throws (with the screen) when there is no stats line. */
export function stats(screen: string): ScreenStats {
  const s = parseStats(screen);
  if (!s) throw new Error(`no stats line on the screen:\n${screen}`);
  return s;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching escape sequences is the point
const ESCAPES = /\x1b\[[0-9;?<>=:]*[ -/]*[@-~]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching escape sequences is the point
const SGR = /\x1b\[([0-9;:]*)m/g;

export function stripEscapes(s: string): string {
  return s.replace(ESCAPES, '');
}

/** The parameters of each SGR (colour and attribute) sequence, in order. */
export function sgrParams(escaped: string): number[][] {
  return [...escaped.matchAll(SGR)].map((m) =>
    m[1] === '' ? [0] : m[1]!.split(/[;:]/).map(Number),
  );
}

/** Whether a parameter sets a colour (39 and 49, "default colour", do not). */
function isColour(p: number): boolean {
  return (
    (p >= 30 && p <= 38) || (p >= 40 && p <= 48) || (p >= 90 && p <= 97) || (p >= 100 && p <= 107)
  );
}

/** The SGR sequences that set a colour. */
export function colourCodes(escaped: string): string[] {
  return sgrParams(escaped)
    .filter((ps) => ps.some(isColour))
    .map((ps) => ps.join(';'));
}

/** Whether 24-bit colours (38;2;r;g;b or 48;2;r;g;b) are used. */
export function usesTruecolor(escaped: string): boolean {
  return sgrParams(escaped).some((ps) =>
    ps.some((p, i) => (p === 38 || p === 48) && ps[i + 1] === 2),
  );
}

/**
 * The colours in effect at each column of one escaped line, as "fg/bg" with the codes that
 * set them ("38;2;r;g;b", "48;5;n", "31", ...; empty for the default).
 */
export function stylesByColumn(line: string): string[] {
  const out: string[] = [];
  let fg = '';
  let bg = '';
  const sgr = new RegExp(SGR.source, 'y');
  for (let i = 0; i < line.length; ) {
    sgr.lastIndex = i;
    const m = sgr.exec(line);
    if (!m) {
      out.push(`${fg}/${bg}`);
      i += 1;
      continue;
    }
    const ps = m[1] === '' ? ['0'] : m[1]!.split(/[;:]/);
    for (let j = 0; j < ps.length; j++) {
      const p = Number(ps[j]);
      if (p === 0) [fg, bg] = ['', ''];
      else if (p === 38 || p === 48) {
        const len = ps[j + 1] === '2' ? 5 : 3;
        const code = ps.slice(j, j + len).join(';');
        if (p === 38) fg = code;
        else bg = code;
        j += len - 1;
      } else if (p === 39) fg = '';
      else if (p === 49) bg = '';
      else if ((p >= 30 && p <= 37) || (p >= 90 && p <= 97)) fg = String(p);
      else if ((p >= 40 && p <= 47) || (p >= 100 && p <= 107)) bg = String(p);
    }
    i += m[0].length;
  }
  return out;
}

/**
 * The board on the screen as cells[row][col] (0 = empty), or null when no board is shown.
 * `escaped` is the same screen captured with escapes (needed to find a coloured board's left
 * edge, which is blank in plain text).
 */
export function parseBoard(plain: string, escaped: string, cols: number, n = 4): number[][] | null {
  const lines = plain.split('\n');
  const statsRow = lines.findIndex((l) => STATS.test(l));
  const keysRow = lines.findIndex((l, i) => i > statsRow && /move.*help|help.*quit/.test(l));
  if (statsRow < 0 || keysRow < 0) return null;
  const top = statsRow + 2;
  const bottom = keysRow - 2;
  const height = bottom - top + 1;
  if (height < n) return null;
  const topLine = lines[top] ?? '';
  let left = topLine.search(/\S/);
  if (left < 0) {
    const raw = escaped.split('\n')[top] ?? '';
    left = raw.indexOf('\x1b');
  }
  if (left < 0) return null;
  const width = cols - 2 * left;
  const cells = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let y = top; y <= bottom; y++) {
    for (const m of (lines[y] ?? '').matchAll(/\d+/g)) {
      const center = m.index + m[0].length / 2;
      const row = Math.floor(((y - top) * n) / height);
      const col = Math.floor(((center - left) * n) / width);
      if (row < 0 || row >= n || col < 0 || col >= n) {
        throw new Error(`a number outside the board at line ${y}, column ${m.index}:\n${plain}`);
      }
      if (cells[row]![col] !== 0) {
        throw new Error(`two numbers in one tile (${row}, ${col}):\n${plain}`);
      }
      cells[row]![col] = Number(m[0]);
    }
  }
  return cells;
}

/** The tile values shown on the board, in reading order. */
export function tilesOf(cells: readonly (readonly number[])[]): number[] {
  return cells.flat().filter((v) => v !== 0);
}

/** What the game screen shows: stats, board, and the screen itself. */
export interface GameScreen {
  readonly stats: ScreenStats;
  readonly cells: number[][];
  /** The screen as text. */
  readonly text: string;
  /** The screen with escape sequences. */
  readonly escaped: string;
}

/**
 * Waits until the game screen shows a board for which `ok` holds and has stopped changing for
 * `stableMs` (default 100: animations over), and returns it. Times out with the screen in the
 * error. A wait for one exact position can use stableMs 0: no animation frame shows the end
 * position with different numbers, only (while merged tiles pop) different colours.
 */
export async function readGame(
  pane: Pane,
  ok: (g: GameScreen) => boolean = () => true,
  what = 'the game screen',
  opts: { n?: number; timeoutMs?: number; stableMs?: number } = {},
): Promise<GameScreen> {
  const seen: { last: GameScreen | null } = { last: null };
  const { cols } = pane.size();
  await pane.waitFor(
    (escaped) => {
      seen.last = null;
      const text = stripEscapes(escaped);
      const st = parseStats(text);
      if (!st) return false;
      const cells = parseBoard(text, escaped, cols, opts.n ?? 4);
      if (!cells) return false;
      const g: GameScreen = { stats: st, cells, text, escaped };
      seen.last = g;
      return ok(g);
    },
    what,
    {
      capture: 'escaped',
      stableMs: opts.stableMs ?? 100,
      ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
    },
  );
  return seen.last!;
}

/** Whether the screen shows exactly this plain-mode state (score, best, moves, board). */
export function showsState(
  g: GameScreen,
  s: { score: number; best: number; moves: number; cells: readonly (readonly number[])[] },
): boolean {
  return (
    g.stats.score === s.score &&
    g.stats.best === s.best &&
    g.stats.moves === s.moves &&
    JSON.stringify(g.cells) === JSON.stringify(s.cells)
  );
}

/** Bold and underline at each column of one escaped line. */
export function attributesByColumn(line: string): { bold: boolean; underline: boolean }[] {
  const out: { bold: boolean; underline: boolean }[] = [];
  let bold = false;
  let underline = false;
  const sgr = new RegExp(SGR.source, 'y');
  for (let i = 0; i < line.length; ) {
    sgr.lastIndex = i;
    const m = sgr.exec(line);
    if (!m) {
      out.push({ bold, underline });
      i += 1;
      continue;
    }
    const ps = m[1] === '' ? ['0'] : m[1]!.split(/[;:]/);
    for (let j = 0; j < ps.length; j++) {
      const p = Number(ps[j]);
      if (p === 38 || p === 48 || p === 58) j += ps[j + 1] === '2' ? 4 : 2;
      else if (p === 0) [bold, underline] = [false, false];
      else if (p === 1) bold = true;
      else if (p === 22) bold = false;
      else if (p === 4) underline = true;
      else if (p === 24) underline = false;
    }
    i += m[0].length;
  }
  return out;
}
