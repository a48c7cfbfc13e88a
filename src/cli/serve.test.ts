/** `slidebox serve`'s options: defaults, each option read, and a sentence for every bad one. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_FORFEIT_SECONDS, DEFAULT_RATE_LIMIT, parseServe } from './serve.ts';

const env = { HOME: '/home/ada' };

describe('slidebox serve options', () => {
  it('has defaults: loopback, 8080, SQLite in the data directory, the rate limit, 60 s forfeits', () => {
    const r = parseServe([], env);
    expect(r).toMatchObject({
      ok: true,
      value: {
        host: '127.0.0.1',
        port: 8080,
        db: '/home/ada/.local/share/slidebox/leaderboards.sqlite',
        rateLimit: DEFAULT_RATE_LIMIT,
        forfeitMs: DEFAULT_FORFEIT_SECONDS * 1000,
      },
    });
  });

  it('reads every option, and SLIDEBOX_DB', () => {
    const r = parseServe(
      [
        '--host',
        '0.0.0.0',
        '--port',
        '0',
        '--rate-limit',
        '0',
        '--forfeit-after',
        '5',
        '--data-dir',
        '/srv/lb',
      ],
      env,
    );
    expect(r).toMatchObject({
      ok: true,
      value: {
        host: '0.0.0.0',
        port: 0,
        rateLimit: 0,
        forfeitMs: 5000,
        db: '/srv/lb/leaderboards.sqlite',
      },
    });
    const pg = parseServe([], { ...env, SLIDEBOX_DB: 'postgres://u@127.0.0.1/db' });
    expect(pg).toMatchObject({ ok: true, value: { db: 'postgres://u@127.0.0.1/db' } });
  });

  it('refuses bad values with a sentence naming the option', () => {
    const cases: [string[], RegExp][] = [
      [['--port', 'http'], /--port is a whole number/],
      [['--port', '70000'], /--port/],
      [['--rate-limit', '-1'], /--rate-limit/],
      [['--forfeit-after', '0'], /--forfeit-after is a whole number of seconds/],
      [['--forfeit-after', '1.5'], /--forfeit-after/],
      [['--forfeit-after', '86401'], /--forfeit-after/],
      [['--db', 'mysql://x'], /--db is a postgres:\/\/ URL/],
      [['--host', ' '], /--host needs an address/],
      [['--web', '/nonexistent'], /has no index.html/],
      [['--what'], /Unknown option|unknown option/],
    ];
    for (const [args, message] of cases) {
      const r = parseServe(args, env);
      expect(r.ok, args.join(' ')).toBe(false);
      if (r.ok === false) expect(r.message).toMatch(message);
    }
    expect(parseServe(['--help'], env)).toEqual({ ok: 'help' });
  });
});
