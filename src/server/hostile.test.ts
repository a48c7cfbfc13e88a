/**
 * `slidebox serve` against hostile clients, over real sockets: bad JSON, wrong types, huge
 * bodies, control characters, SQL in every string field, unknown routes and methods, malformed
 * HTTP, clients that send slowly, and many connections at once. Every answer is a clear 4xx in
 * the API's shape (or a closed connection) — never a 5xx, never a crash: the server answers
 * /api/health after each test and logs no failure, and its tables stay consistent.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyCode } from '../engine/verify.ts';
import type { Leaderboard, SubmittedEntry } from '../net/api.ts';
import { play2048, playPuzzle, testPlayerKey } from '../testing/games.ts';
import { type RawAnswer, rawRequest, requestText } from '../testing/rawHttp.ts';
import { inconsistencies, tableCounts } from '../testing/serverChecks.ts';
import {
  BACKENDS,
  type Backend,
  call,
  newDatabaseTarget,
  skipTestsWhile,
  startTestServer,
  type TestServer,
} from '../testing/serverHarness.ts';
import { BODY_LIMIT } from './app.ts';

const NOW = Date.UTC(2026, 10, 26, 12);
const key = testPlayerKey;

type Answer = { status: number; body: unknown; headers?: Headers };

/** A 4xx (the one given, when given) in the API's shape: `{ error: { code, message } }`. */
function expectRefusal(r: Answer, status?: number, code?: string): void {
  const what = JSON.stringify(r.body).slice(0, 200);
  if (status === undefined) {
    expect(r.status, what).toBeGreaterThanOrEqual(400);
    expect(r.status, what).toBeLessThan(500);
  } else {
    expect(r.status, what).toBe(status);
  }
  const e = (r.body as { error?: { code?: unknown; message?: unknown } }).error;
  expect(typeof e?.code, what).toBe('string');
  expect(typeof e?.message, what).toBe('string');
  expect((e!.message as string).length, what).toBeGreaterThan(5);
  if (code !== undefined) expect(e!.code, what).toBe(code);
}

/** A raw answer: a 4xx in the API's shape, or the connection closed without one. */
function expectRawRefusal(r: RawAnswer, what: string): void {
  if (r.status === null) {
    expect(r.closed, `${what}: no answer and not closed`).toBe(true);
    return;
  }
  expectRefusal({ status: r.status, body: r.json }, undefined);
  expect(r.status, what).toBeLessThan(500);
}

/** Starts a server on `backend`, checked after every test: alive, no failure logged, consistent. */
function serverOn(backend: Backend) {
  const state: { s: TestServer | null; skipped: string | null } = { s: null, skipped: null };
  beforeAll(async () => {
    const target = await newDatabaseTarget(backend);
    if (typeof target !== 'string') {
      state.skipped = target.skip;
      console.warn(`PostgreSQL tests skipped: ${state.skipped}`);
      return;
    }
    state.s = await startTestServer(target, { now: () => NOW });
  });
  skipTestsWhile(() => state.skipped);
  afterEach(async () => {
    if (!state.s) return;
    const health = await call(state.s.url, 'GET', '/api/health');
    expect(health).toMatchObject({ status: 200, body: { ok: true } });
    expect(state.s.lines.filter((l) => / 5\d\d |^error/.test(l))).toEqual([]);
    expect(await inconsistencies(state.s.database)).toEqual([]);
  });
  afterAll(async () => {
    await state.s?.close();
  });
  return state;
}

describe.each(BACKENDS)('hostile requests on %s', (backend: Backend) => {
  const state = serverOn(backend);
  const url = () => {
    if (!state.s) throw new Error(`no server (${state.skipped})`);
    return state.s.url;
  };
  const post = (body: unknown, headers?: Record<string, string>) =>
    call(url(), 'POST', '/api/scores', body, headers);
  const unchanged = async (run: () => Promise<void>) => {
    const before = await tableCounts(state.s!.database);
    await run();
    expect(await tableCounts(state.s!.database)).toEqual(before);
  };

  it('answers bad JSON and wrong types with 400 in the API shape, storing nothing', async () => {
    const { code } = play2048(1, 50);
    const nested = `{"code":${'['.repeat(20_000)}${']'.repeat(20_000)},"name":"N","playerKey":"${key(1)}"}`;
    await unchanged(async () => {
      for (const text of [
        '{',
        '{"code": ',
        '{"code":"a",}',
        "{'code':'a'}",
        '{"code":"a" "name":"b"}',
        'null',
        '[]',
        '"a string"',
        '12345',
        'true',
        `{"code":"${code}","name":"N","playerKey":"${key(1)}"}garbage`,
        '\u0000\u0001',
        `{"__proto__":{"admin":true},"code":"${code}","name":"N","playerKey":"${key(1)}"}`,
        `{"constructor":{"prototype":{"admin":true}},"code":"${code}","name":"N","playerKey":"${key(1)}"}`,
        nested,
        `{"code":1e400,"name":"N","playerKey":"${key(1)}"}`,
        `{"code":"${code}","name":"N","playerKey":12345678901234567890123456789012345678}`,
      ]) {
        const r = await post(text);
        expectRefusal(r, 400);
        expect((r.body as { error: { code: string } }).error.code, text.slice(0, 60)).toMatch(
          /^(bad-json|bad-request|not-a-code)$/,
        );
      }
      const fields = { code, name: 'N', playerKey: key(1) };
      for (const [field, value] of [
        ['code', null],
        ['code', [code]],
        ['code', { code }],
        ['code', 12.5],
        ['code', true],
        ['name', null],
        ['name', ['N']],
        ['name', { first: 'N' }],
        ['playerKey', null],
        ['playerKey', [key(1)]],
        ['playerKey', 2 ** 120],
      ] as const) {
        const r = await post({ ...fields, [field]: value });
        expectRefusal(r, 400);
      }
      for (const body of [{}, { code }, { name: 'N', playerKey: key(1) }]) {
        expectRefusal(await post(body), 400, 'bad-request');
      }
      // Not JSON: 415 (text is read as text, then it is not an object: 400).
      for (const type of [
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'image/png',
      ]) {
        const r = await post(JSON.stringify(fields), { 'content-type': type });
        expectRefusal(r, 415, 'bad-content-type');
      }
      expectRefusal(await post(JSON.stringify(fields), { 'content-type': 'text/plain' }), 400);
      expectRefusal(await post('', { 'content-type': 'application/json' }), 400);
      const put = await call(url(), 'PUT', '/api/players/me', '{"name":');
      expectRefusal(put, 400, 'bad-json');
    });
  });

  it('refuses bodies over 64 KB with 413, and a 50,000-character code with a 400', async () => {
    await unchanged(async () => {
      const big = await post({ code: 'x'.repeat(BODY_LIMIT + 10), name: 'N', playerKey: key(2) });
      expectRefusal(big, 413, 'too-large');
      const bigName = await post({
        code: 'sb.AAAA',
        name: 'n'.repeat(BODY_LIMIT),
        playerKey: key(2),
      });
      expectRefusal(bigName, 413, 'too-large');
      const bigPut = await call(url(), 'PUT', '/api/players/me', {
        name: 'n'.repeat(BODY_LIMIT),
        playerKey: key(2),
      });
      expectRefusal(bigPut, 413, 'too-large');
      // Codes of 50,000 characters: within the body limit, refused as codes (not a crash).
      for (const long of [
        `sb.${'A'.repeat(49_997)}`,
        `sb.${'A'.repeat(49_996)}`,
        `sb.${'_'.repeat(49_996)}`,
        `${play2048(3, 300).code}${'A'.repeat(49_000)}`.slice(0, 50_000),
      ]) {
        expect(long.length).toBeLessThanOrEqual(50_000);
        const r = await post({ code: long, name: 'N', playerKey: key(2) });
        const v = verifyCode(long);
        expect(v.ok).toBe(false);
        expectRefusal(r, 400, v.ok ? '' : v.error.code);
      }
      const tooLong = await post({
        code: `sb.${'A'.repeat(50_000)}`,
        name: 'N',
        playerKey: key(2),
      });
      expectRefusal(tooLong, 400);
    });
  });

  it('refuses control characters and 10 KB names, storing nothing', async () => {
    const { code } = play2048(4, 60);
    await unchanged(async () => {
      for (const name of [
        'a\u0000b',
        'bell\u0007',
        '\u001b[31mred',
        'tab\there',
        'new\nline',
        'a\u0085b',
        'x\u202eevil',
        'x\u2066y',
        '\ud800',
        'a\u007f',
        'n'.repeat(10_240),
        '名'.repeat(25),
        '   ',
      ]) {
        const r = await post({ code, name, playerKey: key(3) });
        expectRefusal(r, 400);
        expect((r.body as { error: { code: string } }).error.code).toMatch(/^bad-(name|request)$/);
      }
      for (const playerKey of [
        `${key(3)}\u0000`,
        `${key(3)}'`,
        'k'.repeat(10_240),
        ' '.repeat(40),
      ]) {
        expectRefusal(await post({ code, name: 'N', playerKey }), 400);
      }
    });
  });

  it('refuses unknown boards and odd queries with 400 in the API shape', async () => {
    for (const query of [
      'board=chess',
      'board=2048x',
      'board=DAILY-2048',
      'board=',
      'board=2048&board=puzzle',
      'board[]=2048',
      'board=%00',
      'board=2048%00',
      'board=daily-puzzle&day=9999-99-99',
      'board=daily-puzzle&day=2026-11-26%0A',
      'board=2048&size=4.5',
      'board=2048&size=1e1',
      'board=2048&target=-2048',
      'board=2048&offset=-1',
      'board=2048&limit=1e9',
      'board=puzzle&size=9',
      `board=2048&playerKey=${'k'.repeat(10_000)}`,
      `board=2048&${'x'.repeat(4_000)}=1`,
    ]) {
      expectRefusal(await call(url(), 'GET', `/api/leaderboard?${query}`), 400);
    }
  });

  it('keeps SQL in every string field as text: the tables still work', async () => {
    const attacks = [
      "'; DROP TABLE games; --",
      "Bob'); DROP TABLE x;--",
      '" OR 1=1 --',
      "' OR '1'='1",
      '1; SELECT pg_sleep(5)',
      "'); DELETE FROM entries;",
      '\\"; TRUNCATE players',
      '$1 $$ ;; /* */',
    ];
    // As names: stored and listed as written.
    for (const [i, name] of attacks.entries()) {
      const { code } = play2048(100 + i, 40, { size: 3, target: 512 });
      const r = await post({ code, name, playerKey: key(100 + i) });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect((r.body as SubmittedEntry).name).toBe(name);
    }
    const b = await call(
      url(),
      'GET',
      '/api/leaderboard?source=self-reported&board=2048&size=3&target=512&limit=100',
    );
    expect((b.body as Leaderboard).entries.map((e) => e.name).sort()).toEqual([...attacks].sort());
    const renamed = await call(url(), 'PUT', '/api/players/me', {
      name: "x' WHERE 1=1; --",
      playerKey: key(100),
    });
    expect(renamed).toMatchObject({ status: 200, body: { name: "x' WHERE 1=1; --" } });
    // In codes, keys and every query field: refused, nothing stored.
    await unchanged(async () => {
      for (const attack of attacks) {
        expectRefusal(await post({ code: attack, name: 'N', playerKey: key(120) }), 400);
        expectRefusal(await post({ code: `sb.${attack}`, name: 'N', playerKey: key(120) }), 400);
        expectRefusal(
          await post({ code: play2048(5, 5).code, name: 'N', playerKey: `${key(120)}${attack}` }),
          400,
        );
        const q = encodeURIComponent(attack);
        for (const query of [
          `board=${q}`,
          `board=2048&size=${q}`,
          `board=2048&target=${q}`,
          `board=daily-2048&day=${q}`,
          `board=2048&limit=${q}`,
          `board=2048&offset=${q}`,
          `board=2048&assisted=${q}`,
          `board=2048&playerKey=${encodeURIComponent(key(120) + attack)}`,
          `board=2048&${q}=1`,
        ]) {
          expectRefusal(await call(url(), 'GET', `/api/leaderboard?${query}`), 400);
        }
        expectRefusal(
          await call(url(), 'PUT', '/api/players/me', { name: 'N', playerKey: attack }),
          400,
        );
      }
    });
    // The tables still take and give games.
    const { code } = play2048(130, 80, { size: 3, target: 512 });
    expect((await post({ code, name: 'After', playerKey: key(130) })).status).toBe(201);
    const after = await call(
      url(),
      'GET',
      '/api/leaderboard?source=self-reported&board=2048&size=3&target=512&limit=100',
    );
    expect((after.body as Leaderboard).entries).toHaveLength(attacks.length + 1);
  });

  it('answers a code sent with spaces around it as that code: stored once, its first player kept', async () => {
    const { code } = play2048(140, 70, { size: 4, target: 128 });
    const first = await post({ code, name: 'Owner', playerKey: key(140) });
    expect(first.status).toBe(201);
    await unchanged(async () => {
      for (const padded of [
        ` ${code}`,
        `${code} `,
        `${code}\n`,
        `\t${code}\r\n`,
        `\u00a0${code}`,
      ]) {
        const r = await post({ code: padded, name: 'Thief', playerKey: key(141) });
        expect(r.status, JSON.stringify(padded)).toBe(200);
        expect(r.body).toEqual({ ...(first.body as SubmittedEntry), outcome: 'sent-before' });
      }
    });
  });

  it('answers many requests at once with no 5xx: same player, same code, reads and junk', async () => {
    const games = Array.from({ length: 60 }, (_, i) => play2048(200 + i, 30 + i, { size: 4 }));
    const shared = play2048(299, 100, { size: 4 });
    const puzzles = await Promise.all([1, 2, 3].map((i) => playPuzzle(300 + i, { width: 3 })));
    const requests: Promise<Answer>[] = [];
    // One player sends 30 games at once; 30 players one game each.
    for (const [i, g] of games.entries()) {
      requests.push(post({ code: g.code, name: `P${i}`, playerKey: key(i < 30 ? 200 : 200 + i) }));
    }
    // 20 clients send the same code at once.
    for (let i = 0; i < 20; i++) {
      requests.push(post({ code: shared.code, name: `S${i}`, playerKey: key(400 + i) }));
    }
    for (const [i, p] of puzzles.entries()) {
      requests.push(post({ code: p.code, name: 'Pz', playerKey: key(200) }));
      requests.push(post({ code: p.code, name: 'Pz', playerKey: key(500 + i) }));
    }
    for (let i = 0; i < 60; i++) {
      requests.push(
        call(
          url(),
          'GET',
          `/api/leaderboard?source=self-reported&board=2048&limit=${1 + (i % 100)}`,
        ),
      );
      requests.push(post({ code: `sb.junk${i}`, name: 'J', playerKey: key(600) }));
    }
    const answers = await Promise.all(requests);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
    // The one player's 30 games: those that beat the best stored before them are stored (201);
    // the others change nothing and are not (200). The 30 players' games are all stored.
    const created = answers.slice(0, 60);
    expect(created.slice(30).map((a) => a.status)).toEqual(games.slice(30).map(() => 201));
    const mine = created.slice(0, 30).map((a) => a.status);
    expect(mine.filter((s) => s === 201).length).toBeGreaterThan(0);
    expect(mine.filter((s) => s !== 201 && s !== 200)).toEqual([]);
    const same = answers.slice(60, 80);
    expect(same.filter((a) => a.status === 201)).toHaveLength(1);
    expect(same.filter((a) => a.status === 200)).toHaveLength(19);
    const owner = (same.find((a) => a.status === 201)!.body as SubmittedEntry).name;
    for (const a of same) expect((a.body as SubmittedEntry).name).toBe(owner);
    const b = await call(
      url(),
      'GET',
      '/api/leaderboard?source=self-reported&board=2048',
      undefined,
      { 'x-player-key': key(200) },
    );
    const best = Math.max(...games.slice(0, 30).map((g) => g.game.score));
    expect((b.body as Leaderboard).you?.score).toBe(best);
  });
});

describe('raw HTTP', () => {
  const state = serverOn('sqlite');
  const url = () => state.s!.url;
  const raw = (text: string | Buffer, deadlineMs = 8000) =>
    rawRequest(url(), [text], { deadlineMs });

  it('answers unknown routes and wrong methods with 404 in the API shape', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['GET', '/'],
      ['GET', '/index.html'],
      ['GET', '/../../etc/passwd'],
      ['GET', '/api/../../etc/passwd'],
      ['GET', '/%2e%2e/%2e%2e/etc/passwd'],
      ['GET', '/api/scores'],
      ['DELETE', '/api/scores'],
      ['PUT', '/api/scores'],
      ['POST', '/api/leaderboard'],
      ['DELETE', '/api/players/me'],
      ['PATCH', '/api/players/me'],
      ['GET', `/api/${'x'.repeat(2000)}`],
    ] as const) {
      const r = await raw(requestText(method, path));
      expect(r.status, `${method} ${path}`).toBe(404);
      expectRefusal({ status: r.status!, body: r.json }, 404, 'not-found');
      expect(r.body).not.toContain('root:');
    }
    const head = await raw(requestText('HEAD', '/api/health'));
    expect(head.status).toBe(200);
    const options = await raw(requestText('OPTIONS', '/api/scores'));
    expectRawRefusal(options, 'OPTIONS');
    const trace = await raw(requestText('TRACE', '/api/health'));
    expectRawRefusal(trace, 'TRACE');
  });

  it('answers malformed HTTP, lying lengths and oversized headers with a 4xx in the API shape', async () => {
    const body = JSON.stringify({ code: play2048(7, 40).code, name: 'N', playerKey: key(7) });
    const json = { 'content-type': 'application/json' };
    const cases: [string, string | Buffer][] = [
      ['a request line that is not HTTP', 'HELLO THERE\r\n\r\n'],
      ['binary junk', Buffer.from([0, 1, 2, 255, 254, 13, 10, 13, 10])],
      ['a bad HTTP version', 'GET /api/health HTTP/9.9\r\nhost: x\r\n\r\n'],
      ['a header without a colon', 'GET /api/health HTTP/1.1\r\nhost: x\r\nnonsense\r\n\r\n'],
      [
        'a control character in a header',
        'GET /api/health HTTP/1.1\r\nhost: x\r\nx-a: b\u0001c\r\n\r\n',
      ],
      [
        'a length that is not a number',
        requestText('POST', '/api/scores', { ...json, 'content-length': 'abc' }, body),
      ],
      [
        'a negative length',
        requestText('POST', '/api/scores', { ...json, 'content-length': '-5' }, body),
      ],
      [
        'two lengths',
        `POST /api/scores HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 5\r\ncontent-length: 7\r\n\r\n${body}`,
      ],
      [
        'a length and chunked at once',
        requestText(
          'POST',
          '/api/scores',
          { ...json, 'content-length': '4', 'transfer-encoding': 'chunked' },
          '0\r\n\r\n',
        ),
      ],
      [
        'a bad chunk',
        requestText('POST', '/api/scores', { ...json, 'transfer-encoding': 'chunked' }, 'zz\r\n'),
      ],
      [
        'a length above the limit',
        requestText('POST', '/api/scores', { ...json, 'content-length': '100000000' }, body),
      ],
      [
        'a shorter length than the body',
        requestText('POST', '/api/scores', { ...json, 'content-length': '10' }, body),
      ],
      ['32 KB of headers', requestText('GET', '/api/health', { 'x-big': 'b'.repeat(32_000) })],
      ['a 20 KB path', requestText('GET', `/api/health?${'q'.repeat(20_000)}`)],
      ['a query that is not one', requestText('GET', '/api/leaderboard?%%%=%zz&board=2048')],
    ];
    const answers = await Promise.all(cases.map(([, text]) => raw(text)));
    for (const [i, r] of answers.entries()) {
      expectRawRefusal(r, cases[i]![0]);
      expect(r.status, cases[i]![0]).not.toBeNull();
    }
    // No Host: Node's own 400, without a body.
    const noHost = await raw('GET /api/health HTTP/1.1\r\nconnection: close\r\n\r\n');
    expect(noHost.status).toBe(400);
    // Over 64 KB sent in chunks (no length given): 413 too-large.
    const chunk = `${(60_000).toString(16)}\r\n${'x'.repeat(60_000)}\r\n`;
    const chunked = await rawRequest(
      url(),
      [
        requestText('POST', '/api/scores', { ...json, 'transfer-encoding': 'chunked' }),
        chunk,
        chunk,
      ],
      { deadlineMs: 8000 },
    );
    expect(chunked.status).toBe(413);
    expectRefusal({ status: 413, body: chunked.json }, 413, 'too-large');
  });

  it('answers 400 connections opened at once, each with a request, with no 5xx', async () => {
    const json = { 'content-type': 'application/json' };
    const texts = Array.from({ length: 400 }, (_, i) => {
      if (i % 4 === 0) return requestText('GET', '/api/health');
      if (i % 4 === 1)
        return requestText(
          'GET',
          `/api/leaderboard?source=self-reported&board=2048&limit=${1 + (i % 50)}`,
        );
      if (i % 4 === 2) {
        const body = JSON.stringify({ code: `sb.${i}`, name: 'C', playerKey: key(1000) });
        return requestText('POST', '/api/scores', json, body);
      }
      const body = JSON.stringify({
        code: play2048(1000 + i, 10).code,
        // A name of its own: a name belongs to the first key that used it.
        name: `C${i}`,
        playerKey: key(i),
      });
      return requestText('POST', '/api/scores', json, body);
    });
    const answers = await Promise.all(texts.map((t) => raw(t, 20_000)));
    // Within the listen backlog (511), every one is answered: the games stored, the rest 200/400.
    const want = texts.map((_, i) => [200, 200, 400, 201][i % 4]);
    expect(answers.map((r) => r.status)).toEqual(want);
  });

  it('cuts off clients that send slowly within its timeouts, and serves others meanwhile', async () => {
    // The server's timeouts (app.ts): the headers within 5 s, the whole request within 10 s.
    const headersMs = 5_000;
    const requestMs = 10_000;
    const margin = 3_000;
    const body = JSON.stringify({ code: play2048(8, 40).code, name: 'Slow', playerKey: key(8) });
    const head = requestText('POST', '/api/scores', {
      'content-type': 'application/json',
      'content-length': String(body.length),
    });
    const slowHeaders = Array.from({ length: 10 }, () =>
      rawRequest(url(), [...head.slice(0, 60)], { gapMs: 200, deadlineMs: headersMs + margin }),
    );
    const slowBodies = Array.from({ length: 10 }, () =>
      rawRequest(url(), [head, ...body], { gapMs: 150, deadlineMs: requestMs + margin }),
    );
    const silent = Array.from({ length: 10 }, () =>
      rawRequest(url(), [], { deadlineMs: headersMs + margin }),
    );
    // Meanwhile: other clients are served.
    const served: Answer[] = [];
    for (let i = 0; i < 10; i++) {
      const { code } = play2048(900 + i, 20);
      served.push(await submit(url(), { code, name: `Fast ${i}`, playerKey: key(900 + i) }));
      served.push(await call(url(), 'GET', '/api/leaderboard?source=self-reported&board=2048'));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(served.map((a) => a.status)).toEqual(served.map((_, i) => (i % 2 ? 200 : 201)));
    // Each was answered 408 (and closed), or closed, before its deadline.
    const cut = (r: RawAnswer) => {
      if (r.status === null) expect(r.closed, `still open after ${r.ms} ms`).toBe(true);
      else {
        expectRefusal({ status: r.status, body: r.json }, 408, 'timeout');
        expect(r.headers.connection).toBe('close');
      }
    };
    for (const r of await Promise.all([...slowHeaders, ...silent])) cut(r);
    for (const r of await Promise.all(slowBodies)) {
      cut(r);
      expect(r.sent).toBeLessThan(body.length + 1);
    }
  });
});

function submit(url: string, body: unknown): Promise<Answer> {
  return call(url, 'POST', '/api/scores', body);
}
