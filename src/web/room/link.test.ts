import { describe, expect, it } from 'vitest';
import { roomLink, roomOfHash, roomOfInput } from './link.ts';

describe('room links', () => {
  it('links to the room in the app wherever it is served, without the page’s query or hash', () => {
    expect(roomLink('ACDE479', 'http://127.0.0.1:8080/')).toBe(
      'http://127.0.0.1:8080/#room=ACDE479',
    );
    expect(roomLink('ACDE479', 'https://example.org/games/slidebox/?seed=4#replay=xyz')).toBe(
      'https://example.org/games/slidebox/#room=ACDE479',
    );
  });

  it('reads the room of the address’s hash, or says why it names none', () => {
    expect(roomOfHash('#room=ACDE479')).toEqual({ code: 'ACDE479' });
    expect(roomOfHash('room=acde-479')).toEqual({ code: 'ACDE479' });
    expect(roomOfHash('#room=ACDE47')).toEqual({
      problem:
        'This link does not name a room: a room code is 7 letters and digits such as ACDE479.',
    });
    // Look-alike letters are not in room codes.
    expect(roomOfHash('#room=ACDE470')).toHaveProperty('problem');
  });

  it('reads what a player typed or pasted: a code in any case, with spaces or dashes, or a link', () => {
    const cases: [string, string][] = [
      ['ACDE479', 'ACDE479'],
      ['  acde479 ', 'ACDE479'],
      ['acd-e47 9', 'ACDE479'],
      ['http://127.0.0.1:8080/#room=ACDE479', 'ACDE479'],
      ['https://example.org/games/slidebox/#room=acde479', 'ACDE479'],
    ];
    for (const [typed, code] of cases) expect(roomOfInput(typed), typed).toEqual({ code });
  });

  it('says why the text is not a room', () => {
    expect(roomOfInput('   ')).toEqual({ problem: 'Type or paste a room code or link first.' });
    expect(roomOfInput('hello')).toEqual({
      problem: '“hello” is not a room: a room code is 7 letters and digits such as ACDE479.',
    });
    expect(roomOfInput('http://127.0.0.1:8080/#replay=abc')).toHaveProperty('problem');
    // The right length, but with characters no code uses: no room, and why.
    expect(roomOfInput('ACDE478')).toEqual({
      problem: 'No room has the code ACDE478 (room codes have no 8).',
    });
    expect(roomOfInput('acde-b08')).toEqual({
      problem: 'No room has the code ACDEB08 (room codes have no B, 0 or 8).',
    });
  });
});
