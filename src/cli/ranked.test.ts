import { describe, expect, it } from 'vitest';
import { keptFor, rankedCommand } from './ranked.ts';

const base = {
  kind: '2048',
  size: undefined,
  target: undefined,
  daily: false,
  server: undefined,
  name: undefined,
  plain: false,
  animation: true,
  invert: false,
  dataDir: undefined,
} as const;

describe('the command that resumes a ranked game', () => {
  it('says what was asked for: size, target, the daily, the server and the data directory', () => {
    expect(rankedCommand(base)).toBe('slidebox --ranked');
    expect(rankedCommand({ ...base, size: 5, target: 4096 })).toBe(
      'slidebox --ranked --size 5 --target 4096',
    );
    // Defaults are left out; a puzzle has no target.
    expect(rankedCommand({ ...base, kind: 'puzzle', size: 4, target: 2048 })).toBe(
      'slidebox puzzle --ranked',
    );
    expect(rankedCommand({ ...base, kind: 'puzzle', daily: true, size: 3 })).toBe(
      'slidebox daily puzzle --ranked',
    );
    expect(rankedCommand({ ...base, server: 'http://h:1', dataDir: '/tmp/my dir' })).toBe(
      "slidebox --ranked --server http://h:1 --data-dir '/tmp/my dir'",
    );
  });

  it('how long the server keeps a game, in words', () => {
    expect(keptFor(600_000)).toBe('10 minutes');
    expect(keptFor(60_000)).toBe('1 minute');
    expect(keptFor(1000)).toBe('1 minute');
    expect(keptFor(3 * 3_600_000)).toBe('3 hours');
    expect(keptFor(3 * 86_400_000)).toBe('3 days');
  });
});
