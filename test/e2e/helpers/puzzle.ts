/**
 * Helpers for the sliding puzzle's end-to-end tests: reading the full-screen puzzle off a
 * captured tmux screen (stats line, tiles and where each is drawn, the notice), clicking with
 * the mouse, running and parsing plain mode, and small engine-side conveniences.
 *
 * The board is read without knowing the layout: every number between the stats line and the
 * keys line is a tile label, drawn centred in its tile, so the labels' rows and (label-centre)
 * columns fall into exactly `width` clusters each. Anything else (an overlay box over the
 * board, a tile caught part-way in an animation frame) reads as "no board" (tiles: null).
 */
import {
  newPuzzle,
  type Puzzle,
  posOf,
  slideToward,
  tileToward,
} from '../../../src/engine/puzzle.ts';
import type { Direction } from '../../../src/engine/types.ts';
import { solveOrThrow as solve } from '../../../src/puzzle.ts';
import { type CliRun, num, runCli } from './cli.ts';
import { stripEscapes, stylesByColumn } from './screen.ts';
import type { ExitInfo, Pane } from './tmux.ts';

const TIME = String.raw`\d+(?::\d\d){1,2}`;
const STATS = new RegExp(
  String.raw`Moves ([\d,]+) {3}Time (${TIME})(?: {3}Best ([\d,]+) moves · (${TIME}))?`,
);

/** "1:02:03" or "0:07" -> seconds. */
export function seconds(time: string): number {
  return time.split(':').reduce((acc, part) => acc * 60 + Number(part), 0);
}

export interface PuzzleStats {
  readonly moves: number;
  /** The timer as shown, e.g. "0:07". */
  readonly time: string;
  readonly seconds: number;
  /** The record shown after the time, if any. */
  readonly best: { readonly moves: number; readonly time: string } | null;
}

export function parsePuzzleStats(text: string): PuzzleStats | null {
  const m = STATS.exec(text);
  if (!m) return null;
  return {
    moves: num(m[1]!),
    time: m[2]!,
    seconds: seconds(m[2]!),
    best: m[3] ? { moves: num(m[3]), time: m[4]! } : null,
  };
}

/** Where a tile's label is drawn: 0-based screen column (of its first digit) and row. */
export interface LabelPos {
  readonly x: number;
  readonly y: number;
}

export interface PuzzleScreen {
  readonly stats: PuzzleStats;
  /** The line above the stats (e.g. "8-puzzle · 3×3"). */
  readonly title: string;
  /** Row-major tiles with 0 for the gap, or null when no whole board can be read. */
  readonly tiles: number[] | null;
  /** Each tile's label position (only when `tiles` is not null). */
  readonly labels: ReadonlyMap<number, LabelPos>;
  /** The line under the keys line, trimmed ('' when there is none). */
  readonly notice: string;
  readonly text: string;
  readonly escaped: string;
}

/** The keys line under the board, in any of its widths. */
const KEYS_LINE = /←↑↓→.*\bq(?: quit)?\s*$|^\s*\? help {2}q quit\s*$/;

/** Reads the puzzle screen; null when there is no stats line or no keys line. */
export function parsePuzzleScreen(
  text: string,
  escaped: string,
  width: number,
): PuzzleScreen | null {
  const lines = text.split('\n');
  const statsRow = lines.findIndex((l) => STATS.test(l));
  if (statsRow < 0) return null;
  let keysRow = -1;
  for (let i = lines.length - 1; i > statsRow; i--) {
    if (KEYS_LINE.test(lines[i]!)) {
      keysRow = i;
      break;
    }
  }
  if (keysRow < 0) return null;
  const stats = parsePuzzleStats(lines[statsRow]!)!;
  const base = {
    stats,
    title: (lines[statsRow - 1] ?? '').trim(),
    notice: (lines[keysRow + 1] ?? '').trim(),
    text,
    escaped,
  };
  const none = { ...base, tiles: null, labels: new Map<number, LabelPos>() };
  const found: { tile: number; x: number; y: number; cx: number }[] = [];
  for (let y = statsRow + 1; y < keysRow; y++) {
    const line = lines[y]!;
    // Words in the board area: an overlay (help, question, win box) is open. (Grid lines,
    // drawn without colours, are no words.)
    if (/[A-Za-z]/.test(line)) return none;
    for (const m of line.matchAll(/\d+/g)) {
      found.push({ tile: Number(m[0]), x: m.index, y, cx: m.index + m[0].length / 2 });
    }
  }
  const n = width * width;
  if (found.length !== n - 1) return none;
  const rows = [...new Set(found.map((f) => f.y))].sort((a, b) => a - b);
  const centres = [...new Set(found.map((f) => f.cx))].sort((a, b) => a - b);
  const clusters: number[][] = [];
  for (const c of centres) {
    const last = clusters.at(-1);
    if (last && c - last.at(-1)! <= 1.5) last.push(c);
    else clusters.push([c]);
  }
  if (rows.length !== width || clusters.length !== width) return none;
  const tiles = new Array<number>(n).fill(0);
  const labels = new Map<number, LabelPos>();
  for (const f of found) {
    const row = rows.indexOf(f.y);
    const col = clusters.findIndex((c) => c.includes(f.cx));
    const i = row * width + col;
    if (f.tile < 1 || f.tile >= n || tiles[i] !== 0 || labels.has(f.tile)) return none;
    tiles[i] = f.tile;
    labels.set(f.tile, { x: f.x, y: f.y });
  }
  return { ...base, tiles, labels };
}

/**
 * Waits until the puzzle screen satisfies `ok` and has not changed for `stableMs` (default
 * 100); returns it. Times out with the screen in the error.
 */
export async function readPuzzle(
  pane: Pane,
  width: number,
  ok: (s: PuzzleScreen) => boolean = (s) => s.tiles !== null,
  what = 'the puzzle screen',
  opts: { timeoutMs?: number; stableMs?: number } = {},
): Promise<PuzzleScreen> {
  let last: PuzzleScreen | null = null;
  await pane.waitFor(
    (escaped) => {
      last = parsePuzzleScreen(stripEscapes(escaped), escaped, width);
      return last !== null && ok(last);
    },
    what,
    {
      capture: 'escaped',
      stableMs: opts.stableMs ?? 100,
      ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
    },
  );
  return last!;
}

/** Waits for the board to show exactly `tiles` with `moves` moves. */
export function readPosition(
  pane: Pane,
  p: { readonly width: number; readonly tiles: readonly number[]; readonly moves: number },
  what: string,
  opts: { timeoutMs?: number; stableMs?: number } = {},
): Promise<PuzzleScreen> {
  return readPuzzle(
    pane,
    p.width,
    (s) => s.stats.moves === p.moves && sameTiles(s.tiles, p.tiles),
    `${what}: Moves ${p.moves}, tiles ${p.tiles.join(',')}`,
    opts,
  );
}

export function sameTiles(a: readonly number[] | null, b: readonly number[]): boolean {
  return a !== null && a.length === b.length && a.every((t, i) => t === b[i]);
}

/**
 * A left click at a 0-based screen position, as an SGR mouse terminal reports it: the press
 * (`ESC [ < 0 ; x ; y M`, 1-based) and then the release (`... m`).
 */
export function click(pane: Pane, x: number, y: number): void {
  pane.type(`\x1b[<0;${x + 1};${y + 1}M\x1b[<0;${x + 1};${y + 1}m`);
}

/** The background colour code in effect at each column of one escaped line. */
function backgrounds(escapedLine: string): string[] {
  return stylesByColumn(escapedLine).map((s) => s.split('/')[1] ?? '');
}

/** The background colour at a 0-based screen position of an escaped capture. */
export function backgroundAt(escaped: string, x: number, y: number): string {
  return backgrounds(escaped.split('\n')[y] ?? '')[x] ?? '';
}

/**
 * The screen rectangle (inclusive, 0-based) of the coloured tile whose label is at `at`: the
 * cells around the label with the label's background colour.
 */
export function tileRect(
  escaped: string,
  at: LabelPos,
): { x0: number; x1: number; y0: number; y1: number } {
  const rows = escaped.split('\n').map(backgrounds);
  const bg = rows[at.y]![at.x]!;
  if (!bg) throw new Error(`no background colour at the label (${at.x}, ${at.y})`);
  let x0 = at.x;
  let x1 = at.x;
  let y0 = at.y;
  let y1 = at.y;
  while (rows[at.y]![x0 - 1] === bg) x0--;
  while (rows[at.y]![x1 + 1] === bg) x1++;
  while (rows[y0 - 1]?.[at.x] === bg) y0--;
  while (rows[y1 + 1]?.[at.x] === bg) y1++;
  return { x0, x1, y0, y1 };
}

/** Mouse reporting modes the terminal (tmux) has on for the pane. */
export function mouseModes(pane: Pane): { any: boolean; standard: boolean; sgr: boolean } {
  const [any, standard, sgr] = pane
    .display('#{mouse_any_flag} #{mouse_standard_flag} #{mouse_sgr_flag}')
    .split(' ');
  return { any: any === '1', standard: standard === '1', sgr: sgr === '1' };
}

/** The terminal modes after the CLI ended (see tuiTerminal.test.ts): all back to normal. */
export function restoreProblems(pane: Pane, exit: ExitInfo): string[] {
  const problems: string[] = [];
  const modes = pane.modes();
  if (modes.alternate) problems.push('still on the alternate screen');
  if (!modes.cursorVisible) problems.push('cursor hidden');
  const mouse = mouseModes(pane);
  if (mouse.any || mouse.standard || mouse.sgr) problems.push('mouse reporting still on');
  for (const mode of ['icanon', 'echo', 'isig', 'icrnl', 'opost']) {
    if (!exit.stty.includes(mode) || exit.stty.includes(`-${mode}`)) {
      problems.push(`stty ${mode} not restored`);
    }
  }
  if (exit.screen.includes('←↑↓→/click slide')) problems.push('the game screen is still shown');
  return problems;
}

// ---------------------------------------------------------------- engine-side conveniences

/** The tmux arrow key that slides `tile` (next to the gap) into the gap; null if not next to it. */
export function arrowFor(p: Puzzle, tile: number): 'Left' | 'Right' | 'Up' | 'Down' | null {
  const g = posOf(p.tiles.indexOf(0), p.width);
  const t = posOf(p.tiles.indexOf(tile), p.width);
  const dr = t.row - g.row;
  const dc = t.col - g.col;
  if (dr === 0 && dc === 1) return 'Left';
  if (dr === 0 && dc === -1) return 'Right';
  if (dc === 0 && dr === 1) return 'Up';
  if (dc === 0 && dr === -1) return 'Down';
  return null;
}

/** Whether `tile` is next to the gap (shares an edge with it). */
export function nextToGap(p: Puzzle, tile: number): boolean {
  return arrowFor(p, tile) !== null;
}

/** Keys for each direction, by key family (tmux key names). */
export const ARROW_KEYS: Readonly<Record<Direction, string>> = {
  left: 'Left',
  up: 'Up',
  right: 'Right',
  down: 'Down',
};
export const WASD_KEYS: Readonly<Record<Direction, string>> = {
  left: 'a',
  up: 'w',
  right: 'd',
  down: 's',
};
export const VI_KEYS: Readonly<Record<Direction, string>> = {
  left: 'h',
  up: 'k',
  right: 'l',
  down: 'j',
};

const TURN: readonly Direction[] = ['left', 'up', 'right', 'down'];
const OPPOSITE: Readonly<Record<Direction, Direction>> = {
  left: 'right',
  right: 'left',
  up: 'down',
  down: 'up',
};

/**
 * `count` directions that each slide a tile from `p` on (with `invert`, as the inverted keys
 * mean them): the directions are tried in turn, never straight back.
 */
export function walk(p: Puzzle, count: number, invert = false): Direction[] {
  const out: Direction[] = [];
  let cur = p;
  for (let i = 0; i < count; i++) {
    const last = out.at(-1);
    const dir = [0, 1, 2, 3]
      .map((k) => TURN[(i + k) % 4]!)
      .find((d) => d !== (last && OPPOSITE[last]) && tileToward(cur, d, invert) !== null)!;
    out.push(dir);
    cur = slideToward(cur, dir, { invert });
  }
  return out;
}

/** The first seed from 1 on whose new puzzle satisfies `ok`. */
export function seedWhere(
  width: number,
  ok: (p: Puzzle) => boolean,
): { seed: number; puzzle: Puzzle } {
  for (let seed = 1; seed < 10_000; seed++) {
    const puzzle = newPuzzle({ width, seed });
    if (ok(puzzle)) return { seed, puzzle };
  }
  throw new Error('no seed found');
}

/** Whether the gap is in a corner. */
export function gapInCorner(p: Puzzle): boolean {
  const g = posOf(p.tiles.indexOf(0), p.width);
  return (g.row === 0 || g.row === p.width - 1) && (g.col === 0 || g.col === p.width - 1);
}

/** The fewest-moves solution's length (the solver in this process; 3x3 needs no cache). */
export async function distance(tiles: readonly number[], width: number): Promise<number> {
  return (await solve([...tiles], width)).length;
}

/** Of the 3x3 puzzles with seeds 1..count, the one with the shortest optimal solution. */
export async function quickestSeed(count = 60): Promise<{ seed: number; solution: number[] }> {
  let best: { seed: number; solution: number[] } | null = null;
  for (let seed = 1; seed <= count; seed++) {
    const solution = await solve([...newPuzzle({ width: 3, seed }).tiles], 3);
    if (!best || solution.length < best.solution.length) best = { seed, solution };
  }
  return best!;
}

// ---------------------------------------------------------------- plain mode

export interface PlainPuzzleState {
  readonly width: number;
  readonly moves: number;
  readonly time: string;
  readonly tiles: number[];
  /** The board lines as printed. */
  readonly lines: string[];
}

const PLAIN_STATUS = new RegExp(String.raw`^(\d+)-puzzle {2}Moves: ([\d,]+) {2}Time: (${TIME})$`);

/** Every status block plain mode printed, in order. */
export function parsePlainPuzzle(stdout: string): PlainPuzzleState[] {
  const lines = stdout.split('\n');
  const out: PlainPuzzleState[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = PLAIN_STATUS.exec(lines[i]!);
    if (!m) continue;
    const width = Math.round(Math.sqrt(Number(m[1]) + 1));
    const board = lines.slice(i + 1, i + 1 + width);
    const tiles = board.flatMap((l) =>
      l
        .trim()
        .split(/\s+/)
        .map((t) => (t === '.' ? 0 : Number(t))),
    );
    out.push({ width, moves: num(m[2]!), time: m[3]!, tiles, lines: board });
  }
  return out;
}

/** Plain-mode output with every timer reading replaced by `T` (runs may cross a second). */
export function withoutTimes(stdout: string): string {
  return stdout
    .replace(new RegExp(`Time: ${TIME}`, 'g'), 'Time: T')
    .replace(/\(\d+(?::\d\d){1,2}\)/g, '(T)');
}

/** Runs `slidebox puzzle --plain ...args` with `input` on stdin. */
export function runPlainPuzzle(
  args: readonly string[],
  input: string,
  env: Record<string, string>,
): CliRun {
  return runCli(['puzzle', '--plain', ...args], { input, env });
}
