/**
 * The leaderboards as terminal text: a board as an aligned table, a submitted game in one line,
 * a rank as a sentence. Everything here comes from a server, so nothing is trusted: names are
 * other players' text (control characters and text-direction overrides are shown escaped, never
 * written to the terminal), figures that are not numbers show as "?". Pure: tested as strings.
 */
import { formatNumber, formatTime } from '../front/format.ts';
import type {
  BoardEntry,
  BoardName,
  BoardSource,
  Leaderboard,
  SubmittedEntry,
} from '../net/api.ts';
import { RESET } from '../tui/ansi.ts';
import { type ColorDepth, sgr } from '../tui/color.ts';

/** Columns a name takes at most in a table (the boards' names are 24 characters at most). */
export const NAME_COLUMNS = 24;

// C0, DEL, C1, lone surrogates, line and paragraph separators, the text-direction controls and
// other invisible format characters (zero-width joiners inside emoji excepted).
const UNSAFE =
  /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\u061c\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/gu;

/** A character's escape, shown in its place: `\x1b`, `\u202e`. */
function escapeChar(c: string): string {
  const n = c.codePointAt(0)!;
  return n < 0x100
    ? `\\x${n.toString(16).padStart(2, '0')}`
    : `\\u${n.toString(16).padStart(4, '0')}`;
}

/** Columns a character takes on a terminal: 0 for combining marks, 2 for wide ones, else 1. */
export function charWidth(c: string): number {
  const n = c.codePointAt(0)!;
  if (n === 0x200d || (n >= 0xfe00 && n <= 0xfe0f) || /[\p{Mn}\p{Me}]/u.test(c)) return 0;
  if (
    (n >= 0x1100 && n <= 0x115f) ||
    (n >= 0x2e80 && n <= 0xa4cf && n !== 0x303f) ||
    (n >= 0xac00 && n <= 0xd7a3) ||
    (n >= 0xf900 && n <= 0xfaff) ||
    (n >= 0xfe30 && n <= 0xfe4f) ||
    (n >= 0xff00 && n <= 0xff60) ||
    (n >= 0xffe0 && n <= 0xffe6) ||
    (n >= 0x1f300 && n <= 0x1f64f) ||
    (n >= 0x1f900 && n <= 0x1f9ff) ||
    (n >= 0x20000 && n <= 0x3fffd)
  ) {
    return 2;
  }
  return 1;
}

/** Columns a text takes on a terminal (it holds no escape sequences). */
export function displayWidth(s: string): number {
  let w = 0;
  for (const c of s) w += charWidth(c);
  return w;
}

/**
 * Text from a server made safe to print: anything but a string becomes "?", every control,
 * separator and text-direction character is shown as its escape (`\x1b`), and the result is cut
 * to `columns` with "…".
 */
export function safeText(text: unknown, columns = NAME_COLUMNS): string {
  if (typeof text !== 'string') return '?';
  const escaped = text.replace(UNSAFE, escapeChar);
  if (displayWidth(escaped) <= columns) return escaped;
  let out = '';
  let w = 0;
  for (const c of escaped) {
    const cw = charWidth(c);
    if (w + cw > columns - 1) break;
    out += c;
    w += cw;
  }
  return `${out}…`;
}

/**
 * JSON for a terminal: the same value, with every character that could act on a terminal or
 * reorder the text (DEL, C1 controls, separators, direction controls) written as `\uXXXX`.
 */
export function safeJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    /[\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const isCount = (x: unknown): x is number =>
  typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
const isPercent = (x: unknown): x is number =>
  typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= 100;
/** An analysis figure (0–100, one decimal), "–" until the game is analysed, "?" when not a figure. */
const figure = (x: unknown, unit = '') =>
  x === null || x === undefined ? '–' : isPercent(x) ? `${x.toFixed(1)}${unit}` : '?';
const count = (x: unknown) => (isCount(x) ? formatNumber(x) : '?');
const time = (x: unknown) => (isCount(x) ? formatTime(x) : '–');

export type Kind = '2048' | 'puzzle';

/** The kind of game a board ranks. */
export function boardKind(board: BoardName): Kind {
  return board === '2048' || board === 'daily-2048' ? '2048' : 'puzzle';
}

/** Where a board is: its name in a sentence ("today's daily 2048", "the 4×4 2048 board, to 2048"). */
export function boardTitle(
  board: BoardName,
  o: {
    readonly size?: number;
    readonly target?: number;
    readonly day?: string | null;
    readonly today: string;
  },
): string {
  // The day and size may come from a server's answer: shown only as what they should be.
  if (board === 'daily-2048' || board === 'daily-puzzle') {
    const game = board === 'daily-2048' ? 'daily 2048' : 'daily 15-puzzle';
    return !o.day || o.day === o.today
      ? `today's ${game}`
      : `the ${game} of ${safeText(o.day, 10)}`;
  }
  const size = isCount(o.size) ? o.size : 4;
  if (board === 'puzzle') return `the ${size}×${size} puzzle board (${size * size - 1}-puzzle)`;
  return `the ${size}×${size} 2048 board (to ${isCount(o.target) ? o.target : 2048})`;
}

/**
 * A board's title with where its games come from: "the ranked 4×4 2048 board (to 2048)",
 * "today's self-reported daily 2048".
 */
export function sourceTitle(title: string, source: BoardSource): string {
  return title.replace(/^the /, `the ${source} `).replace(/^today's /, `today's ${source} `);
}

/** "You are #3 on today's daily 2048." */
export function rankSentence(rank: unknown, title: string, assisted = false): string {
  const on = assisted ? `${title}, assisted games included` : title;
  return isCount(rank) && rank > 0
    ? `You are #${formatNumber(rank)} on ${on}.`
    : `You are not ranked on ${on}.`;
}

/** A stored game in one line: "daily 2048 · 2026-11-24 · 1,234 points · largest 128 · 150 moves". */
export function entrySummary(e: SubmittedEntry): string {
  const parts: string[] = [];
  const size = isCount(e.size) ? e.size : 4;
  if (e.kind === 'puzzle') {
    parts.push(e.day ? 'daily 15-puzzle' : `${size * size - 1}-puzzle`);
    if (e.day) parts.push(safeText(e.day, 10));
    parts.push(`${count(e.moves)} move${e.moves === 1 ? '' : 's'}`);
    if (e.timeMs !== null) parts.push(time(e.timeMs));
  } else {
    parts.push(e.day ? 'daily 2048' : `2048 · ${size}×${size}`);
    if (e.day) parts.push(safeText(e.day, 10));
    parts.push(`${count(e.score)} points`, `largest ${count(e.maxTile)}`);
    parts.push(`${count(e.moves)} move${e.moves === 1 ? '' : 's'}`);
  }
  if (e.assisted === true) parts.push('assisted');
  return parts.join(' · ');
}

interface Column {
  readonly head: string;
  readonly cell: (e: BoardEntry) => string;
  readonly left?: boolean;
}

const COLUMNS: Readonly<Record<Kind, readonly Column[]>> = {
  '2048': [
    { head: 'Name', cell: (e) => safeText(e.name), left: true },
    { head: 'Score', cell: (e) => count(e.score) },
    { head: 'Largest', cell: (e) => count(e.maxTile) },
    { head: 'Moves', cell: (e) => count(e.moves) },
  ],
  puzzle: [
    { head: 'Name', cell: (e) => safeText(e.name), left: true },
    { head: 'Moves', cell: (e) => count(e.moves) },
    { head: 'Time', cell: (e) => time(e.timeMs) },
  ],
};

/** The analysis's columns (shown when some line of the page has been analysed). */
const FIGURES: Readonly<Record<Kind, readonly Column[]>> = {
  '2048': [
    { head: 'Acc.', cell: (e) => figure(e.accuracy) },
    { head: 'Agree', cell: (e) => `${figure(e.agreement, '%')}${e.aiLike === true ? '*' : ' '}` },
  ],
  puzzle: [
    {
      head: 'Optimal',
      cell: (e) => (e.optimal === null || e.optimal === undefined ? '–' : count(e.optimal)),
    },
    { head: 'Acc.', cell: (e) => figure(e.accuracy) },
    { head: 'Agree', cell: (e) => `${figure(e.agreement, '%')}${e.aiLike === true ? '*' : ' '}` },
  ],
};

/** The footnote of the mark, under a table that shows one. */
export const AI_LIKE_NOTE =
  '* agrees with the AI beyond what players do (90% of its moves, 300 or more)';
/** The puzzle's: an optimal solution too long to find by hand. */
export const AI_LIKE_PUZZLE_NOTE =
  '* an optimal solution of 30 or more moves: a solver’s, not a hand’s';

/** What a ranked daily line marked `new key` means. */
export const NEW_KEY_NOTE = 'new key: a player key first seen on the day of this daily';

function pad(text: string, width: number, left: boolean): string {
  const gap = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return left ? text + gap : gap + text;
}

const YOU = '← you';

/**
 * A board as an aligned table: rank, name and the board's figures, assisted games marked, the
 * player's own line marked (and shown under the table when it is not among the lines). Bold
 * heading and own line when `depth` is not 'none'. The server's analysis (accuracy, agreement;
 * a puzzle's optimal count too) in columns of its own when some line has been analysed or
 * `figures` asks for them, games marked as playing like the AI starred with a footnote.
 */
export function boardTable(
  lb: Pick<Leaderboard, 'entries' | 'you'> & { readonly source?: BoardSource },
  kind: Kind,
  depth: ColorDepth,
  figures = false,
): string {
  const bold = (s: string) => (depth === 'none' ? s : `${sgr({ bold: true }, depth)}${s}${RESET}`);
  const entries = lb.entries.filter((e) => typeof e === 'object' && e !== null);
  const you = lb.you && typeof lb.you === 'object' ? lb.you : null;
  const analysed = [...entries, ...(you ? [you] : [])].some(
    (e) => e.accuracy !== null && e.accuracy !== undefined,
  );
  const columns = analysed || figures ? [...COLUMNS[kind], ...FIGURES[kind]] : COLUMNS[kind];
  const shown = [...entries];
  const yoursListed = you !== null && entries.some((e) => e.rank === you.rank);
  if (you && !yoursListed) shown.push(you);
  const ranks = shown.map((e) => `#${count(e.rank)}`);
  const cells = shown.map((e) => columns.map((c) => c.cell(e)));
  const rankWidth = Math.max(...ranks.map(displayWidth), 1);
  const widths = columns.map((c, i) =>
    Math.max(displayWidth(c.head), ...cells.map((row) => displayWidth(row[i]!))),
  );
  const line = (rank: string, row: readonly string[]) =>
    [
      pad(rank, rankWidth, false),
      ...row.map((t, i) => pad(t, widths[i]!, columns[i]!.left === true)),
    ]
      .join('  ')
      .trimEnd();
  const lines = [
    bold(
      line(
        '',
        columns.map((c) => c.head),
      ),
    ),
  ];
  shown.forEach((e, i) => {
    if (you && !yoursListed && i === entries.length && entries.length > 0)
      lines.push(pad('…', rankWidth, false));
    const mine = you !== null && e.rank === you.rank;
    const marks = [
      e.assisted === true ? 'assisted' : '',
      e.newKey === true ? 'new key' : '',
      mine ? YOU : '',
    ]
      .filter(Boolean)
      .join('  ');
    const text = `${line(ranks[i]!, cells[i]!)}${marks ? `  ${marks}` : ''}`;
    lines.push(mine ? bold(text) : text);
  });
  if (shown.some((e) => e.aiLike === true)) {
    lines.push(kind === '2048' ? AI_LIKE_NOTE : AI_LIKE_PUZZLE_NOTE);
  }
  if (shown.some((e) => e.newKey === true)) lines.push(NEW_KEY_NOTE);
  // A self-reported puzzle's time cannot be proven from its moves; a ranked one is the server's.
  if (kind === 'puzzle' && shown.length > 0) {
    lines.push(
      lb.source === 'ranked'
        ? "Times are the server's clock, from the deal to the solving move."
        : 'Times are as reported by the players.',
    );
  }
  return `${lines.map((l) => `  ${l}`).join('\n')}\n`;
}
