import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoardEntry, SubmittedEntry } from '../net/api.ts';
import { stripAnsi } from '../tui/ansi.ts';
import {
  boardTable,
  boardTitle,
  displayWidth,
  entrySummary,
  NEW_KEY_NOTE,
  rankSentence,
  safeJson,
  safeText,
  sourceTitle,
} from './boardText.ts';

function entry(rank: number, name: string, more: Partial<BoardEntry> = {}): BoardEntry {
  return {
    rank,
    name,
    score: 1000 * (20 - rank),
    moves: 100 + rank,
    timeMs: null,
    maxTile: 128,
    assisted: false,
    code: 'sb.x',
    day: null,
    ...more,
  };
}

// Anything a terminal could take as an instruction, or that reorders or hides text.
const DANGEROUS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/u;

describe('names from the server are printed safely', () => {
  const cases: [string, string, string][] = [
    ['an escape sequence', 'a\u001b[2Jb', 'a\\x1b[2Jb'],
    ['a C1 control sequence introducer', 'x\u009b31m', 'x\\x9b31m'],
    ['a right-to-left override', 'abc\u202edef', 'abc\\u202edef'],
    ['an isolate', '\u2067x\u2069', '\\u2067x\\u2069'],
    ['a new line', 'one\ntwo', 'one\\x0atwo'],
    ['a bell and DEL', '\u0007\u007f', '\\x07\\x7f'],
    ['a line separator', 'a\u2028b', 'a\\u2028b'],
    ['a zero-width space', 'a\u200bb', 'a\\u200bb'],
    ['plain text', 'Zoë 🦊 名前', 'Zoë 🦊 名前'],
  ];
  it.each(cases)('%s', (_, name, shown) => {
    expect(safeText(name, 100)).toBe(shown);
  });

  it('anything that is not text shows as ?', () => {
    for (const x of [null, undefined, 42, {}, ['a']]) expect(safeText(x)).toBe('?');
  });

  it('long names are cut to the column with …, counting wide characters twice', () => {
    expect(safeText('a'.repeat(30), 24)).toBe(`${'a'.repeat(23)}…`);
    expect(safeText('名'.repeat(20), 24)).toBe(`${'名'.repeat(11)}…`);
    expect(displayWidth(safeText('名'.repeat(20), 24))).toBe(23);
    expect(displayWidth('e\u0301')).toBe(1);
  });

  it('fast-check: no string ever leaves a control or direction character in the output', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => {
        expect(DANGEROUS.test(safeText(s, 200))).toBe(false);
      }),
    );
  });

  it('JSON keeps the same value and writes every dangerous character as an escape', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        const text = safeJson({ name: s });
        expect(DANGEROUS.test(text.replace(/\n/g, ''))).toBe(false);
        expect(JSON.parse(text)).toEqual({ name: s });
      }),
    );
  });
});

describe('a board as a table', () => {
  it('2048: rank, name, score, largest tile and moves in aligned columns; your line marked', () => {
    const entries = [entry(1, 'Ada'), entry(2, 'Grace Hopper'), entry(3, '名前')];
    const text = boardTable({ entries, you: entries[1]! }, '2048', 'none');
    expect(text.split('\n')).toEqual([
      '      Name           Score  Largest  Moves',
      '  #1  Ada           19,000      128    101',
      '  #2  Grace Hopper  18,000      128    102  ← you',
      '  #3  名前          17,000      128    103',
      '',
    ]);
  });

  it('a ranked daily line of a key first seen that day marked new key, with what it means', () => {
    const entries = [entry(1, 'Ada', { newKey: true }), entry(2, 'Grace', { newKey: false })];
    const text = boardTable({ entries, you: entries[0]!, source: 'ranked' }, '2048', 'none');
    expect(text.split('\n')).toEqual([
      '      Name    Score  Largest  Moves',
      '  #1  Ada    19,000      128    101  new key  ← you',
      '  #2  Grace  18,000      128    102',
      `  ${NEW_KEY_NOTE}`,
      '',
    ]);
    expect(boardTable({ entries: [entries[1]!], you: null }, '2048', 'none')).not.toMatch(
      /new key/,
    );
  });

  it('columns line up whatever the names, by display width', () => {
    const entries = [entry(1, 'a\u001b[31mb'), entry(2, '🦊🦊'), entry(10, 'x\u202ey')];
    const lines = boardTable({ entries, you: null }, '2048', 'none').trimEnd().split('\n');
    const ends = lines.map((l) => displayWidth(l));
    expect(new Set(ends).size).toBe(1);
    expect(lines[1]).toContain('a\\x1b[31mb');
    expect(lines[3]).toContain('x\\u202ey');
  });

  it('the puzzle: moves and time, said to be as reported; assisted games marked', () => {
    const entries = [
      entry(1, 'Ada', { moves: 50, timeMs: 61_000 }),
      entry(2, 'Bob', { moves: 52, timeMs: null, assisted: true }),
    ];
    const text = boardTable({ entries, you: null }, 'puzzle', 'none');
    expect(text.split('\n')).toEqual([
      '      Name  Moves  Time',
      '  #1  Ada      50  1:01',
      '  #2  Bob      52     –  assisted',
      '  Times are as reported by the players.',
      '',
    ]);
    // A ranked board's times are the server's own.
    const ranked = boardTable({ entries, you: null, source: 'ranked' }, 'puzzle', 'none');
    expect(ranked.trimEnd().split('\n').at(-1)).toBe(
      "  Times are the server's clock, from the deal to the solving move.",
    );
  });

  it('a board title with its source', () => {
    expect(sourceTitle('the 4×4 2048 board (to 2048)', 'ranked')).toBe(
      'the ranked 4×4 2048 board (to 2048)',
    );
    expect(sourceTitle("today's daily 2048", 'self-reported')).toBe(
      "today's self-reported daily 2048",
    );
  });

  it('your line below the table when it is further down, after …', () => {
    const entries = [entry(1, 'Ada'), entry(2, 'Bob')];
    const text = boardTable({ entries, you: entry(147, 'Me') }, '2048', 'none');
    const lines = text.trimEnd().split('\n');
    expect(lines.at(-2)!.trim()).toBe('…');
    expect(lines.at(-1)).toMatch(/^ {2}#147 {2}Me .*← you$/);
  });

  it('figures that are not numbers show as ?', () => {
    const bad = {
      ...entry(1, 'Ada'),
      score: 'lots',
      moves: -3,
      maxTile: null,
    } as unknown as BoardEntry;
    expect(boardTable({ entries: [bad], you: null }, '2048', 'none')).toMatch(
      /#1 {2}Ada +\? +\? +\?\n/,
    );
  });

  it('bold heading and own line on a terminal; no escape sequences at all without colour', () => {
    const entries = [entry(1, 'Ada')];
    const plain = boardTable({ entries, you: entries[0]! }, '2048', 'none');
    expect(plain).not.toContain('\u001b');
    const coloured = boardTable({ entries, you: entries[0]! }, '2048', '256');
    expect(coloured).toContain('\u001b[');
    expect(stripAnsi(coloured)).toBe(plain);
  });
});

describe('sentences', () => {
  it('names the board', () => {
    const today = '2026-11-24';
    expect(boardTitle('daily-2048', { day: today, today })).toBe("today's daily 2048");
    expect(boardTitle('daily-puzzle', { day: '2026-11-23', today })).toBe(
      'the daily 15-puzzle of 2026-11-23',
    );
    expect(boardTitle('2048', { size: 5, target: 4096, today })).toBe(
      'the 5×5 2048 board (to 4096)',
    );
    expect(boardTitle('puzzle', { size: 3, today })).toBe('the 3×3 puzzle board (8-puzzle)');
  });

  it('says the rank', () => {
    expect(rankSentence(3, "today's daily 2048")).toBe("You are #3 on today's daily 2048.");
    expect(rankSentence(1234, 'x', true)).toBe('You are #1,234 on x, assisted games included.');
    expect(rankSentence(null, 'x')).toBe('You are not ranked on x.');
    expect(rankSentence('1; rm', 'x')).toBe('You are not ranked on x.');
  });

  it('sums up a stored game', () => {
    const e: SubmittedEntry = {
      id: 1,
      board: 'daily-2048',
      kind: '2048',
      size: 4,
      score: 1234,
      moves: 150,
      timeMs: null,
      maxTile: 128,
      assisted: false,
      day: '2026-11-24',
      rank: 3,
      name: 'Ada',
    };
    expect(entrySummary(e)).toBe(
      'daily 2048 · 2026-11-24 · 1,234 points · largest 128 · 150 moves',
    );
    expect(
      entrySummary({
        ...e,
        board: 'puzzle',
        kind: 'puzzle',
        size: 3,
        day: null,
        moves: 1,
        timeMs: 9000,
        assisted: true,
      }),
    ).toBe('8-puzzle · 1 move · 0:09 · assisted');
    expect(entrySummary({ ...e, day: '\u001b[2J' })).toContain('\\x1b[2J');
  });
});
