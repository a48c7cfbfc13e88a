/**
 * Every number a route reads from a query string or a body, against hostile values: each
 * answers exactly `400 bad-request` in the API's shape, with a sentence naming the field —
 * never a 500 (the databases refused `LIMIT Infinity`: SQLite's SQLITE_MISMATCH,
 * PostgreSQL's 22P02) and never a 200 for a board no query can name (`size=Infinity`). The
 * boards asked have entries, so that a value that reached the database would be read there.
 */
import { describe, expect, it } from 'vitest';
import { play2048, testPlayerKey } from '../testing/games.ts';
import { BACKENDS, call, serverForBlock } from '../testing/serverHarness.ts';
import { readWholeNumber } from './wholeNumbers.ts';

const NOW = Date.UTC(2026, 10, 26, 12);
const DIGITS_400 = '9'.repeat(400);

/** Hostile values of a query parameter, as they are written in the address. */
const QUERY_VALUES: readonly (readonly [string, string])[] = [
  ['Infinity', 'Infinity'],
  ['-Infinity', '-Infinity'],
  ['NaN', 'NaN'],
  ['1e400', '1e400'],
  ['400 digits', DIGITS_400],
  ['-1', '-1'],
  ['1.5', '1.5'],
  ['0x10', '0x10'],
  ['1e1', '1e1'],
  ['empty', ''],
  ['a space', '%205'],
  ['a sign', '%2B5'],
  ['huge', '99999999999999999999'],
  ['just past the range', 'PAST'],
];

/** A board query's numbers, each on a board that has entries, and the range past which it is refused. */
const QUERY_FIELDS: readonly (readonly [string, string, number])[] = [
  ['board=2048&source=self-reported', 'size', 9],
  ['board=2048&source=self-reported', 'target', 2 ** 21],
  ['board=2048&source=self-reported', 'limit', 101],
  ['board=2048&source=self-reported', 'offset', 1_000_001],
  ['board=2048', 'limit', 101],
  ['board=2048', 'offset', 1_000_001],
  ['board=puzzle&source=self-reported', 'size', 9],
  ['board=daily-2048&source=self-reported', 'limit', 101],
  ['board=daily-puzzle', 'offset', 1_000_001],
];

/** Hostile values of a body's number field, as JSON text. */
const BODY_VALUES: readonly (readonly [string, string])[] = [
  ['"Infinity"', '"Infinity"'],
  ['"-Infinity"', '"-Infinity"'],
  ['"NaN"', '"NaN"'],
  ['1e400', '1e400'],
  ['"1e400"', '"1e400"'],
  ['a 400-digit number', DIGITS_400],
  ['400 digits as text', `"${DIGITS_400}"`],
  ['-1', '-1'],
  ['1.5', '1.5'],
  ['"0x10"', '"0x10"'],
  ['empty', '""'],
  ['true', 'true'],
  ['an array', '[4]'],
  ['an object', '{}'],
  ['" 5"', '" 5"'],
  ['huge', '99999999999999999999'],
  ['just past the range', 'PAST'],
];

/** A body's number fields: the route, the rest of its body, the field, the first value past its range. */
const BODY_FIELDS: readonly (readonly [string, Record<string, unknown>, string, number])[] = [
  ['/api/ranked', { kind: '2048' }, 'size', 9],
  ['/api/ranked', { kind: '2048' }, 'target', 2 ** 21],
  ['/api/ranked', { kind: 'puzzle' }, 'size', 9],
  ['/api/ranked', { kind: '2048', daily: true }, 'size', 9],
  ['/api/rooms', { kind: 'versus' }, 'size', 9],
  ['/api/rooms', { kind: 'versus' }, 'target', 2 ** 21],
  ['/api/rooms', { kind: 'versus' }, 'attackCap', 2 ** 21],
  ['/api/rooms', { kind: 'duel' }, 'size', 9],
  ['/api/rooms', { kind: 'duel' }, 'turnTime', 3601],
];

type Answer = { status: number; body: unknown };

function expect400(r: Answer, field: string, what: string): void {
  expect(r.status, `${what}: ${JSON.stringify(r.body).slice(0, 200)}`).toBe(400);
  const e = (r.body as { error?: { code?: unknown; message?: unknown } }).error;
  expect(e?.code, what).toBe('bad-request');
  expect(typeof e?.message, what).toBe('string');
  expect(e!.message as string, what).toMatch(new RegExp(`\\b${field}\\b`));
}

describe('whole numbers read from a request', () => {
  it('takes decimal digits and whole JSON numbers within the range, and nothing else', () => {
    const f = { name: 'limit', min: 1, max: 100 };
    expect(readWholeNumber(f, undefined)).toEqual({ ok: true, value: undefined });
    for (const [v, n] of [
      ['1', 1],
      ['100', 100],
      ['007', 7],
      [42, 42],
    ] as const) {
      expect(readWholeNumber(f, v)).toEqual({ ok: true, value: n });
    }
    for (const v of [
      '0',
      '101',
      'Infinity',
      '1e1',
      '0x10',
      ' 1',
      '',
      Number.POSITIVE_INFINITY,
      Number.NaN,
      1.5,
      2 ** 53,
      true,
      null,
      {},
      ['1', '2'],
    ]) {
      const r = readWholeNumber(f, v);
      expect(r.ok, String(v)).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('bad-request');
    }
    const long = readWholeNumber(f, DIGITS_400);
    expect(!long.ok && long.error.message).toMatch(
      /^limit is a whole number from 1 to 100, not "9{30,}…$/,
    );
  });
});

for (const backend of BACKENDS) {
  describe(`hostile numbers on ${backend}`, () => {
    const block = serverForBlock(backend, { now: () => NOW });
    const url = () => block.server().url;

    it('refuses every hostile number of a board query with 400 bad-request', async () => {
      // Entries on the boards asked: a 4×4 game, a 3×3 game, today's daily.
      for (const [seed, options] of [
        [1, {}],
        [2, { size: 3, target: 512 }],
      ] as const) {
        const r = await block.post({
          code: play2048(seed, 40, options).code,
          name: `N${seed}`,
          playerKey: testPlayerKey(seed),
        });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
      }
      expect((await block.board('board=2048&source=self-reported')).entries).toHaveLength(1);
      for (const [board, field, past] of QUERY_FIELDS) {
        for (const [name, value] of QUERY_VALUES) {
          const v = value === 'PAST' ? String(past) : value;
          const what = `${board} ${field}=${name}`;
          expect400(
            await call(url(), 'GET', `/api/leaderboard?${board}&${field}=${v}`),
            field,
            what,
          );
        }
        const twice = `${board} ${field} given twice`;
        const ok = field === 'target' ? '2048' : field === 'offset' ? '0' : '4';
        expect400(
          await call(url(), 'GET', `/api/leaderboard?${board}&${field}=${ok}&${field}=${ok}`),
          field,
          twice,
        );
      }
      // The ends of the ranges are taken.
      for (const q of [
        'size=3&target=8&limit=100&offset=1000000',
        'size=8&target=1048576&limit=1&offset=0',
      ]) {
        const r = await call(url(), 'GET', `/api/leaderboard?board=2048&source=self-reported&${q}`);
        expect(r.status, q).toBe(200);
      }
      expect(block.server().lines.filter((l) => / 5\d\d |^error/.test(l))).toEqual([]);
    });

    it('refuses every hostile number of a ranked game or a room with 400 bad-request', async () => {
      let n = 0;
      // A ranked game's player has a key; a room's maker need not.
      const player = (path: string) =>
        path === '/api/ranked' ? { playerKey: testPlayerKey(1000 + n) } : {};
      for (const [path, rest, field, past] of BODY_FIELDS) {
        for (const [name, value] of BODY_VALUES) {
          n++;
          const v = value === 'PAST' ? String(past) : value;
          const body = JSON.stringify({ ...rest, name: `P${n}`, ...player(path) });
          const text = `${body.slice(0, -1)},"${field}":${v}}`;
          expect400(
            await call(url(), 'POST', path, text),
            field,
            `${path} ${JSON.stringify(rest)} ${field}=${name}`,
          );
        }
        // A key given twice in a body: the last is the one read.
        n++;
        const body = JSON.stringify({ ...rest, name: `P${n}`, ...player(path) });
        const text = `${body.slice(0, -1)},"${field}":4,"${field}":"Infinity"}`;
        expect400(await call(url(), 'POST', path, text), field, `${path} ${field} twice`);
      }
      expect(block.server().lines.filter((l) => / 5\d\d |^error/.test(l))).toEqual([]);
    });
  });
}
