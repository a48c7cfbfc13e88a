/**
 * What both plain games share: the streams, the line loop (strictly in order, blank lines
 * skipped, `?`/`help` answered), and how an unknown line is quoted back.
 */
import { createInterface } from 'node:readline';

export interface PlainIo {
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
  readonly error: NodeJS.WritableStream;
}

/** Words both plain games take, as the keys they stand for in the shared key map. */
const WORDS: Readonly<Record<string, string>> = {
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  undo: 'u',
  new: 'n',
  quit: 'q',
  hint: 'i',
  continue: 'c',
};

/**
 * The key a line stands for: one of the words, or one of the game's `letters` typed alone;
 * null for anything else.
 */
export function plainKey(line: string, letters: string): string | null {
  return WORDS[line] ?? (line.length === 1 && letters.includes(line) ? line : null);
}

/** Plain mode never asks before a new game: the player typed it in full. */
export function withoutQuestion<C extends { readonly type: string }>(
  cmd: C | null,
  confirmed: C,
): C {
  if (cmd === null) return { type: 'none' } as C;
  return cmd.type === 'new' ? confirmed : cmd;
}

/** Longest part of an unknown line quoted back. */
const QUOTE_MAX = 40;

/**
 * A line as typed, for a message: quoted, control and non-ASCII characters escaped, cut short
 * (with the full length said) so binary garbage never floods the terminal.
 */
export function quoteInput(raw: string): string {
  const chars = [...raw];
  const shown = chars.slice(0, QUOTE_MAX).join('');
  const escaped = JSON.stringify(shown).replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return chars.length > QUOTE_MAX ? `${escaped}… (${chars.length} characters)` : escaped;
}

/**
 * Questions a plain game may ask between commands (the daily challenge's "Submit…?"): they
 * are answered by the next lines of input, blank ones included.
 */
export interface PlainHook {
  /** Every line first: true when it was taken as the answer to a question. */
  take(raw: string): Promise<boolean>;
  /** After each command the game applied: may ask a question. */
  after(): Promise<void>;
  /** When the input ends or the game quits: questions still open get no answer. */
  finish(): Promise<void>;
}

/**
 * Reads commands a line at a time and hands each (trimmed, lower case) to `handle`, waiting
 * for it before the next; `handle` returns false to stop. Returns when input ends or stops.
 * A line that `take` takes (an answer to a question) is no command.
 */
export async function eachLine(
  io: PlainIo,
  help: string,
  handle: (line: string, raw: string) => Promise<boolean> | boolean,
  take?: (raw: string) => Promise<boolean>,
): Promise<void> {
  const rl = createInterface({ input: io.input, terminal: false });
  try {
    for await (const raw of rl) {
      if (take && (await take(raw.trim()))) continue;
      const line = raw.trim().toLowerCase();
      if (line === '') continue;
      if (line === '?' || line === 'help') {
        io.output.write(`${wrapLines(help)}\n`);
        continue;
      }
      if (!(await handle(line, raw.trim()))) break;
    }
  } finally {
    rl.close();
  }
}

/** A text broken between words into lines of at most `width` columns (help for `?`). */
export function wrapLines(text: string, width = 80): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && [...line].length + 1 + [...word].length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  return [...lines, line].join('\n');
}

/** The message for a line that is no command. */
export function unknownCommand(io: PlainIo, raw: string, help: string): void {
  io.error.write(`unknown command ${quoteInput(raw)}; ${help}\n`);
}

/**
 * Writes notices to stderr, each once while it stays the same: a save that keeps failing is
 * said once, not after every move.
 */
export function noticeWriter(io: PlainIo): (notice: string | null) => void {
  let last: string | null = null;
  return (notice) => {
    if (notice && notice !== last) io.error.write(`${notice}\n`);
    last = notice;
  };
}
