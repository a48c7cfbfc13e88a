import { describe, expect, it } from 'vitest';
import { isCI } from './ci.ts';

describe('isCI', () => {
  it('CI=true and CI=1 mean CI; unset, empty, 0 and false do not', () => {
    for (const v of ['true', '1', 'TRUE', ' true ']) expect(isCI({ CI: v }), v).toBe(true);
    for (const v of [undefined, '', '0', 'false', 'no'])
      expect(isCI({ CI: v }), String(v)).toBe(false);
  });
});
