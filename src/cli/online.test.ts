import { describe, expect, it } from 'vitest';
import type { NetProblem } from '../net/api.ts';
import { loadPlayer, setPlayerName } from '../storage/player.ts';
import { testPlayerKey } from '../testing/games.ts';
import { tempDir } from '../testing/tempDir.ts';
import {
  type Ask,
  chooseServer,
  netLine,
  netTimeoutMs,
  playerWithName,
  submittedText,
} from './online.ts';

describe('which server', () => {
  const A = 'http://a.example:1';
  const B = 'https://b.example';
  const C = 'http://127.0.0.1:8080';
  const rows: [string, string | undefined, string | undefined, string | undefined, unknown][] = [
    ['none set', undefined, undefined, undefined, null],
    ['the setting alone', undefined, undefined, C, { url: C, from: 'config' }],
    ['the variable before the setting', undefined, B, C, { url: B, from: 'env' }],
    ['the flag before both', A, B, C, { url: A, from: 'flag' }],
    ['an empty variable is no variable', undefined, '', C, { url: C, from: 'config' }],
    ['a trailing slash dropped', `${C}/`, undefined, undefined, { url: C, from: 'flag' }],
  ];
  it.each(rows)('%s', (_, flag, env, config, expected) => {
    const r = chooseServer(flag, env === undefined ? {} : { SLIDEBOX_SERVER: env }, {
      ...(config === undefined ? {} : { server: config }),
    });
    expect(r).toEqual({ ok: true, value: expected });
  });

  it('a bad address says where it was given', () => {
    const flag = chooseServer('nope', {}, {});
    expect(!flag.ok && flag.error.message).toBe(
      '--server: "nope" is not a URL (try http://127.0.0.1:8080)',
    );
    const env = chooseServer(undefined, { SLIDEBOX_SERVER: 'ftp://x' }, {});
    expect(!env.ok && env.error.message).toMatch(
      /^SLIDEBOX_SERVER: a server address starts with http/,
    );
    const config = chooseServer(undefined, {}, { server: 'http://x/?q=1' });
    expect(!config.ok && config.error.message).toMatch(
      /^the server in your settings \(slidebox config server URL changes it\): a server address has no \?query/,
    );
    // An empty flag is given, and so refused.
    expect(chooseServer('', {}, { server: 'http://x' }).ok).toBe(false);
  });

  it('the time a request may take', () => {
    expect(netTimeoutMs({})).toBe(5000);
    expect(netTimeoutMs({ SLIDEBOX_NET_TIMEOUT_MS: '300' })).toBe(300);
    for (const bad of ['0', '-1', 'x', '1e9', '2.5']) {
      expect(netTimeoutMs({ SLIDEBOX_NET_TIMEOUT_MS: bad })).toBe(5000);
    }
  });
});

describe('the one line for a server that did not give what was asked', () => {
  const p = (code: NetProblem['code'], message: string): NetProblem => ({ code, message });
  it.each([
    [
      p('unreachable', 'the server at http://x could not be reached'),
      'The leaderboard could not be reached: the server at http://x could not be reached.',
    ],
    [
      p('timeout', 'the server at http://x did not answer within 5 s'),
      'The leaderboard could not be reached: the server at http://x did not answer within 5 s.',
    ],
    [
      p('refused', 'a puzzle ranks only when solved'),
      'The leaderboard refused it: a puzzle ranks only when solved.',
    ],
    [
      p('server-error', 'the server failed (HTTP 500)'),
      'The leaderboard could not be used: the server failed (HTTP 500).',
    ],
  ])('%j', (problem, line) => {
    expect(netLine(problem)).toBe(line);
  });

  it('a server’s sentence cannot write to the terminal', () => {
    const line = netLine(p('refused', 'no\u001b]0;pwned\u0007 \u202e way\nsecond line'));
    expect(line).toBe(
      'The leaderboard refused it: no\\x1b]0;pwned\\x07 \\u202e way\\x0asecond line.',
    );
  });
});

describe('the player for a submission', () => {
  const said: string[] = [];
  const say = (line: string) => said.push(line);
  const answers = (...xs: (string | null)[]): Ask & { asked: string[] } => {
    const asked: string[] = [];
    const ask = (q: string) => {
      asked.push(q);
      return Promise.resolve(xs.shift() ?? null);
    };
    return Object.assign(ask, { asked });
  };

  it('a first submission makes the player; --name gives and keeps the name', async () => {
    const dir = tempDir();
    const r = await playerWithName(dir, { nameFlag: '  Ada ', ask: null, say });
    expect(r.ok && r.value.name).toBe('Ada');
    expect(loadPlayer(dir).player?.name).toBe('Ada');
    const again = await playerWithName(dir, { ask: null, say });
    expect(again.ok && again.value).toEqual(r.ok && r.value);
  });

  it('a bad --name is refused with the rule', async () => {
    const r = await playerWithName(tempDir(), { nameFlag: 'a\u202eb', ask: null, say });
    expect(!r.ok && r.error).toEqual({
      code: 'bad-name',
      message: '--name: a name has no control or text-direction characters',
    });
  });

  it('without a name and no one to ask: a sentence saying how to give one', async () => {
    const r = await playerWithName(tempDir(), { ask: null, say });
    expect(!r.ok && r.error.message).toBe(
      'a name is needed for the leaderboards: give one with --name NAME, or set it with slidebox config name NAME',
    );
  });

  it('asks for the name once, says why a bad one cannot be used, and keeps a good one', async () => {
    const dir = tempDir();
    said.length = 0;
    const ask = answers('x'.repeat(30), 'Grace');
    const r = await playerWithName(dir, { ask, say });
    expect(r.ok && r.value.name).toBe('Grace');
    expect(ask.asked).toHaveLength(2);
    expect(said).toEqual([
      'That name cannot be used: a name has at most 24 characters (this one has 30).',
    ]);
    // Not asked again.
    const again = answers('never');
    expect((await playerWithName(dir, { ask: again, say })).ok).toBe(true);
    expect(again.asked).toEqual([]);
  });

  it('no answer (end of input, or an empty line) submits nothing', async () => {
    for (const ask of [answers(null), answers('')]) {
      const r = await playerWithName(tempDir(), { ask, say });
      expect(!r.ok && r.error.message).toMatch(/^no name given: a name is needed/);
    }
  });

  it('the saved name and key are used as they are', async () => {
    const dir = tempDir();
    setPlayerName(dir, 'Lin', () => testPlayerKey(3));
    const r = await playerWithName(dir, { ask: null, say });
    expect(r.ok && r.value).toEqual({ key: testPlayerKey(3), name: 'Lin' });
  });
});

describe('what a submission says', () => {
  const entry = {
    id: 7,
    board: 'daily-2048' as const,
    kind: '2048' as const,
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
  const env = { SLIDEBOX_TODAY: '2026-11-24' };

  it('the game, then the rank on its self-reported board', () => {
    expect(submittedText({ ...entry, ranked: false }, true, 'sb.x', env)).toBe(
      "Submitted to the self-reported boards: daily 2048 · 2026-11-24 · 1,234 points · largest 128 · 150 moves\nYou are #3 on today's self-reported daily 2048.\n",
    );
    expect(submittedText({ ...entry, day: '2026-11-23' }, false, 'sb.x', env)).toMatch(
      /^Already on the self-reported boards \(submitted before\): .*\nYou are #3 on the self-reported daily 2048 of 2026-11-23\.\n$/,
    );
    // A game that beats none of the player's lines was checked but not kept: said so.
    expect(
      submittedText({ ...entry, ranked: false, outcome: 'not-better' }, false, 'sb.x', env),
    ).toMatch(
      /^Checked, not kept: your game on the self-reported boards is as good or better: .*\nYou are #3 on today's self-reported daily 2048\.\n$/,
    );
    // An entry the server says is ranked is not called self-reported.
    expect(submittedText({ ...entry, ranked: true }, true, 'sb.x', env)).toMatch(
      /^Submitted to the leaderboard: .*\nYou are #3 on today's daily 2048\.\n$/,
    );
  });

  it('a server answering junk cannot write to the terminal through it', () => {
    const junk = {
      ...entry,
      board: '2048',
      day: null,
      size: '\u001b[2J',
      score: '\u001b]0;x\u0007',
    };
    const text = submittedText(junk as never, true, 'sb.x', env);
    expect(text).not.toContain('\u001b');
    expect(text).toBe(
      'Submitted to the self-reported boards: 2048 · 4×4 · ? points · largest 128 · 150 moves\nYou are #3 on the self-reported 4×4 2048 board (to 2048).\n',
    );
    const day = submittedText({ ...entry, day: '\u001b[31m!' }, true, 'sb.x', env);
    expect(day).not.toContain('\u001b');
  });
});
