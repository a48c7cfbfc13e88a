import { describe, expect, it } from 'vitest';
import { AI_LEVELS } from '../front/versusAi.ts';
import { COMMANDS, HELP, USAGE, unknownCommandMessage } from './help.ts';
import { ONLINE_USAGE } from './onlineMatch.ts';
import { DEFAULT_FORFEIT_SECONDS, DEFAULT_RATE_LIMIT } from './serve.ts';

const texts: [string, string][] = [
  ['overview', USAGE],
  ['online', ONLINE_USAGE],
  ...COMMANDS.map((c): [string, string] => [c, HELP[c]]),
];

describe('help texts', () => {
  it.each(texts)('%s: every line fits 80 columns', (_name, text) => {
    expect(text.split('\n').filter((l) => [...l].length > 80)).toEqual([]);
    expect(text.split('\n').filter((l) => l !== l.trimEnd())).toEqual([]);
  });

  it('every command has a text of its own', () => {
    expect(new Set(COMMANDS.map((c) => HELP[c])).size).toBe(COMMANDS.length);
  });

  it('say the defaults the code uses', () => {
    expect(HELP.serve).toContain(`(default ${DEFAULT_RATE_LIMIT}; 0 for`);
    expect(HELP.serve).toContain(`(default ${DEFAULT_FORFEIT_SECONDS})`);
    expect(HELP.versus).toContain(AI_LEVELS.join(', '));
  });

  it('an unknown command names every command, in lines that fit', () => {
    const m = unknownCommandMessage('bogus');
    for (const c of COMMANDS) expect(m).toMatch(new RegExp(`\\b${c}\\b`));
    expect(m.split('\n').filter((l) => [...`slidebox: ${l}`].length > 80)).toEqual([]);
  });
});
