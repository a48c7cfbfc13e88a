import { describe, expect, it } from 'vitest';
import { noticeWriter, plainKey, quoteInput } from './plainIo.ts';

describe('quoteInput', () => {
  it.each([
    ['a word', 'xyzzy', '"xyzzy"'],
    ['quotes and backslashes', 'a"b\\c', '"a\\"b\\\\c"'],
    ['control characters', 'a\x1b[2Jb\x07', '"a\\u001b[2Jb\\u0007"'],
    ['non-ASCII', 'é✓', '"\\u00e9\\u2713"'],
    ['exactly 40 characters', 'x'.repeat(40), `"${'x'.repeat(40)}"`],
    ['longer: cut, with the length', 'y'.repeat(500), `"${'y'.repeat(40)}"… (500 characters)`],
  ])('%s', (_name, raw, quoted) => {
    expect(quoteInput(raw)).toBe(quoted);
  });

  it('never echoes more than a short, printable line for binary garbage', () => {
    const garbage = String.fromCharCode(...Array.from({ length: 2000 }, (_, i) => (i * 37) % 256));
    const q = quoteInput(garbage);
    expect(q.length).toBeLessThan(300);
    expect(q).toMatch(/^[\x20-\x7e…]*$/);
    expect(q).toContain('(2000 characters)');
  });
});

describe('plainKey', () => {
  it('reads the words and the game’s single letters, nothing else', () => {
    expect(plainKey('left', 'wasd')).toBe('ArrowLeft');
    expect(plainKey('undo', 'wasd')).toBe('u');
    expect(plainKey('w', 'wasd')).toBe('w');
    expect(plainKey('x', 'wasd')).toBeNull();
    expect(plainKey('ws', 'wasd')).toBeNull();
    expect(plainKey('', 'wasd')).toBeNull();
  });
});

describe('noticeWriter', () => {
  it('says a notice once while it stays the same, and again after another or none', () => {
    const written: string[] = [];
    const say = noticeWriter({ error: { write: (s: string) => written.push(s) } } as never);
    for (const n of ['a', 'a', null, 'a', 'b', 'b', 'a']) say(n);
    expect(written).toEqual(['a\n', 'a\n', 'b\n', 'a\n']);
  });
});
