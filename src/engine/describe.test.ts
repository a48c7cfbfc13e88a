import { describe, expect, it } from 'vitest';
import { show } from './describe.ts';

describe('show', () => {
  it.each([
    ['short string', 'abc', '"abc"'],
    ['long string, cut at 40', 'x'.repeat(50), `"${'x'.repeat(40)}…"`],
    ['number', 1.5, '1.5'],
    ['NaN', Number.NaN, 'NaN'],
    ['boolean', false, 'false'],
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['bigint', 12n, '12n'],
    ['array', [1, 2, 3], 'an array of length 3'],
    ['object', { a: 1 }, 'a value of type object'],
    ['function', () => 1, 'a value of type function'],
  ])('%s', (_name, value, expected) => {
    expect(show(value)).toBe(expected);
  });
});
