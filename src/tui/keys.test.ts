import { describe, expect, it } from 'vitest';
import { decodeKeys } from './keys.ts';

const names = (s: string) => decodeKeys(s).map((k) => (k.name === 'char' ? k.ch : k.name));

describe('decodeKeys', () => {
  it.each([
    ['\x1b[A', ['up']],
    ['\x1b[B', ['down']],
    ['\x1b[C', ['right']],
    ['\x1b[D', ['left']],
    ['\x1bOA', ['up']], // application cursor mode
    ['\x1b[1;2D', ['left']], // with a modifier
    ['\x1b', ['escape']],
    ['\x03', ['ctrl-c']],
    ['\x04', ['ctrl-d']],
    ['\r', ['enter']],
    [' ', ['space']],
    ['wasd', ['w', 'a', 's', 'd']],
    ['?', ['?']],
    ['\x1b[5~', ['unknown']], // page up: not a game key, but consumed whole
    ['\x1b[H', ['home']],
    ['\x1bOF', ['end']],
    ['\x1b[1~', ['home']],
    ['\x1b[4~', ['end']],
  ])('%j -> %j', (input, expected) => {
    expect(names(input)).toEqual(expected);
  });

  it('returns every key of a fast burst, in order', () => {
    expect(names('\x1b[A\x1b[B\x1b[C\x1b[Dhjklq')).toEqual([
      'up',
      'down',
      'right',
      'left',
      'h',
      'j',
      'k',
      'l',
      'q',
    ]);
  });

  it('decodes SGR mouse presses with 0-based positions and ignores releases and motion', () => {
    expect(decodeKeys('\x1b[<0;10;5M')).toEqual([{ name: 'mouse', button: 0, x: 9, y: 4 }]);
    expect(decodeKeys('\x1b[<0;10;5m')).toEqual([]);
    expect(decodeKeys('\x1b[<32;10;5M')).toEqual([]);
    expect(decodeKeys('\x1b[<64;10;5M')).toEqual([]);
    expect(names('\x1b[<0;1;1Mq')).toEqual(['mouse', 'q']);
  });

  it('treats a double escape as two escapes', () => {
    expect(names('\x1b\x1b')).toEqual(['escape', 'escape']);
  });
});
