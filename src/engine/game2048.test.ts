import { describe, expect, it } from 'vitest';
import { slide } from './game2048.ts';

const row = (r: number[]) => slide([r, [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], 'left').cells[0];

describe('slide smoke', () => {
  it('merges nearest the wall first', () => {
    expect(row([2, 2, 2, 0])).toEqual([4, 2, 0, 0]);
    expect(row([2, 2, 2, 2])).toEqual([4, 4, 0, 0]);
  });
});
