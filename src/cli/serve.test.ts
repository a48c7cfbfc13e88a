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
        maxRooms: null,
        dailyStarts: null,
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
        '--max-rooms',
        '500',
        '--daily-starts',
        '5',
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
        maxRooms: 500,
        dailyStarts: 5,
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
      [['--max-rooms', '0'], /--max-rooms is a whole number/],
      [['--max-rooms', 'many'], /--max-rooms/],
      [['--daily-starts', '1.5'], /--daily-starts is a whole number/],
      [['--daily-starts', 'Infinity'], /--daily-starts/],
      [['--db', 'mysql://x'], /--db is a postgres:\/\/ URL/],
      [['--host', ' '], /--host needs an address/],
      [['--web', '/nonexistent'], /has no index.html/],
      [['--what'], /Unknown option|unknown option/],
      [['--trust-proxy', '0'], /--trust-proxy is a number of proxies/],
      [['--trust-proxy', '17'], /--trust-proxy/],
      [['--trust-proxy', 'nginx'], /--trust-proxy/],
      [['--trust-proxy', '10.0.0.0/33'], /--trust-proxy/],
      [['--trust-proxy', '::1/129'], /--trust-proxy/],
      [['--trust-proxy', '127.0.0.1,'], /--trust-proxy/],
      [['--trust-proxy', '1.2.3.4/8/1'], /--trust-proxy/],
    ];
    for (const [args, message] of cases) {
      const r = parseServe(args, env);
      expect(r.ok, args.join(' ')).toBe(false);
      if (r.ok === false) expect(r.message).toMatch(message);
    }
    expect(parseServe(['--help'], env)).toEqual({ ok: 'help' });
  });

  it('reads --trust-proxy: a number of hops, or addresses and CIDR blocks', () => {
    const none = parseServe([], env);
    expect(none.ok === true && none.value.trustProxy).toBe(null);
    const hops = parseServe(['--trust-proxy', '2'], env);
    if (hops.ok !== true) throw new Error('refused');
    const byHops = hops.value.trustProxy!.trust;
    expect([byHops('203.0.113.9', 0), byHops('203.0.113.9', 1), byHops('203.0.113.9', 2)]).toEqual([
      true,
      true,
      false,
    ]);
    const list = parseServe(['--trust-proxy', '127.0.0.1, 10.0.0.0/8,fd00::/8'], env);
    if (list.ok !== true) throw new Error('refused');
    const t = list.value.trustProxy!.trust;
    expect(list.value.trustProxy!.text).toBe('127.0.0.1,10.0.0.0/8,fd00::/8');
    expect(t('127.0.0.1', 0)).toBe(true);
    expect(t('::ffff:127.0.0.1', 0)).toBe(true);
    expect(t('127.0.0.2', 0)).toBe(false);
    expect(t('10.200.1.1', 3)).toBe(true);
    expect(t('11.0.0.1', 0)).toBe(false);
    expect(t('fd12::1', 0)).toBe(true);
    expect(t('fe80::1', 0)).toBe(false);
    expect(t('not an address', 0)).toBe(false);
  });
});
