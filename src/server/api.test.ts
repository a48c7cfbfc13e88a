/**
 * `slidebox serve`'s API over real HTTP, on SQLite and on a real PostgreSQL: submissions figured
 * by the server's own replay, refusals that store nothing, the boards' order and ranks, daily
 * rules, players and names.
 */
import { describe, expect, it } from 'vitest';
import { verifyCode } from '../engine/verify.ts';
import { dailySeed } from '../front/daily.ts';
import type { BoardEntry, SubmittedEntry } from '../net/api.ts';
import { play2048, playPuzzle, testPlayerKey } from '../testing/games.ts';
import { BACKENDS, type Backend, call, serverForBlock } from '../testing/serverHarness.ts';
import { DAILY_GRACE_MS, MAX_TILES_PER_SECOND } from './boards/boards.ts';

const TODAY = '2026-11-26';
let clock = Date.UTC(2026, 10, 26, 12);

const key = testPlayerKey;

/** The engine's reason for refusing a code (the server must give the same). */
function refusal(code: string): string {
  const r = verifyCode(code);
  if (r.ok) throw new Error('this code is valid');
  return r.error.code;
}

describe.each(BACKENDS)('the API on %s', (backend: Backend) => {
  const block = serverForBlock(backend, { now: () => clock });
  const { server, post, board } = block;

  it('answers GET /api/health', async () => {
    const r = await call(server().url, 'GET', '/api/health');
    expect(r).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('stores a 2048 game with the figures of its replay, once', async () => {
    const { game, code } = play2048(11, 300);
    const r = await post({ code, name: 'Ada', playerKey: key(1), score: 999_999, moves: 1 });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const e = r.body as SubmittedEntry;
    expect(e).toMatchObject({
      board: '2048',
      kind: '2048',
      size: 4,
      score: game.score,
      moves: game.moves,
      assisted: false,
      ranked: false,
      day: null,
      rank: 1,
      name: 'Ada',
      timeMs: null,
    });
    expect(e.maxTile).toBe(Math.max(...game.cells.flat()));
    const again = await post({ code, name: 'Ada', playerKey: key(1) });
    expect(again.status).toBe(200);
    expect(e.outcome).toBe('stored');
    expect(again.body).toEqual({ ...e, outcome: 'sent-before' });
    // Sent by someone else: the same entry, still the first player's.
    const other = await post({ code, name: 'Mallory', playerKey: key(99) });
    expect(other.status).toBe(200);
    expect((other.body as SubmittedEntry).name).toBe('Ada');
    const b = await board('source=self-reported&board=2048');
    expect(b.entries).toHaveLength(1);
    expect(b.entries[0]).toMatchObject({ rank: 1, name: 'Ada', score: game.score, code });
  });

  it('refuses what is not a real game or a valid request, and stores nothing', async () => {
    const before = await board('source=self-reported&board=2048&size=5');
    const { code } = play2048(12, 200, { size: 5 });
    const flipped = `${code.slice(0, 20)}${code[20] === 'A' ? 'B' : 'A'}${code.slice(21)}`;
    const cases: [unknown, number, string][] = [
      [
        { code: flipped, name: 'Eve', playerKey: key(2) },
        400,
        verifyCode(flipped).ok
          ? ''
          : (verifyCode(flipped) as { error: { code: string } }).error.code,
      ],
      [
        { code: code.slice(0, -6), name: 'Eve', playerKey: key(2) },
        400,
        refusal(code.slice(0, -6)),
      ],
      [{ code: 'hello', name: 'Eve', playerKey: key(2) }, 400, 'not-a-code'],
      [{ code, name: '', playerKey: key(2) }, 400, 'bad-request'],
      [{ code, name: 'a\u202eb', playerKey: key(2) }, 400, 'bad-name'],
      [{ code, name: 'x'.repeat(25), playerKey: key(2) }, 400, 'bad-name'],
      [{ code, name: 'Eve', playerKey: 'short' }, 400, 'bad-request'],
      [{ code, name: 'Eve', playerKey: `${key(2)}!` }, 400, 'bad-key'],
      [{ code, name: 'Eve' }, 400, 'bad-request'],
      [{ code: 42, name: 'Eve', playerKey: key(2) }, 400, 'not-a-code'],
      [{ code: { a: 1 }, name: 'Eve', playerKey: key(2) }, 400, 'bad-request'],
      ['{"code": ', 400, 'bad-json'],
      [[1, 2], 400, 'bad-request'],
    ];
    for (const [body, status, errorCode] of cases) {
      const r = await post(body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      const e = (r.body as { error: { code: string; message: string } }).error;
      if (errorCode) expect(e.code, JSON.stringify(body).slice(0, 80)).toBe(errorCode);
      expect(e.message.length).toBeGreaterThan(5);
    }
    expect(await board('source=self-reported&board=2048&size=5')).toEqual(before);
    const big = await post({ code: 'x'.repeat(70_000), name: 'Eve', playerKey: key(2) });
    expect(big.status).toBe(413);
    expect((big.body as { error: { code: string } }).error.code).toBe('too-large');
  });

  it('ranks 2048 by score, then fewer moves, one line per player (their best)', async () => {
    const games = [101, 102, 103, 104, 105].map((seed) =>
      play2048(seed, 120 + seed * 2, { size: 3, target: 256 }),
    );
    // Player 10 plays two games: only the better one is listed (and stored).
    const players = [10, 11, 12, 10, 13];
    const [one, two] = [games[0]!.game, games[3]!.game];
    const twoBetter = two.score > one.score || (two.score === one.score && two.moves < one.moves);
    for (let i = 0; i < games.length; i++) {
      const r = await post({
        code: games[i]!.code,
        name: `P${players[i]}`,
        playerKey: key(players[i]!),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(i === 3 && !twoBetter ? 200 : 201);
    }
    const b = await board('source=self-reported&board=2048&size=3&target=256');
    const best = new Map<number, (typeof games)[number]>();
    for (let i = 0; i < games.length; i++) {
      const g = games[i]!;
      const had = best.get(players[i]!);
      if (
        !had ||
        g.game.score > had.game.score ||
        (g.game.score === had.game.score && g.game.moves < had.game.moves)
      ) {
        best.set(players[i]!, g);
      }
    }
    const expected = [...best.entries()]
      .sort(([, a], [, b]) => b.game.score - a.game.score || a.game.moves - b.game.moves)
      .map(([p, g], i) => ({
        rank: i + 1,
        name: `P${p}`,
        score: g.game.score,
        moves: g.game.moves,
      }));
    expect(b.entries.map(({ rank, name, score, moves }) => ({ rank, name, score, moves }))).toEqual(
      expected,
    );
    const page = await board('source=self-reported&board=2048&size=3&target=256&limit=2&offset=2');
    expect(page.entries.map((e) => e.rank)).toEqual([3, 4]);
    const you = await board(
      `source=self-reported&board=2048&size=3&target=256&limit=1&playerKey=${key(13)}`,
    );
    expect(you.entries).toHaveLength(1);
    expect(you.you).toEqual(b.entries.find((e) => e.name === 'P13'));
    expect(
      (await board(`source=self-reported&board=2048&size=3&target=256&playerKey=${key(77)}`)).you,
    ).toBeNull();
  });

  it('lists assisted games only when asked, marked', async () => {
    const helped = play2048(201, 400, { size: 6, assisted: true });
    const alone = play2048(202, 30, { size: 6 });
    expect((await post({ code: helped.code, name: 'Bot', playerKey: key(20) })).status).toBe(201);
    expect((await post({ code: alone.code, name: 'Me', playerKey: key(21) })).status).toBe(201);
    const clean = await board('source=self-reported&board=2048&size=6');
    expect(clean.entries.map((e) => e.name)).toEqual(['Me']);
    const open = await board('source=self-reported&board=2048&size=6&assisted=1');
    expect(open.entries.map((e: BoardEntry) => [e.name, e.assisted])).toEqual([
      ['Bot', true],
      ['Me', false],
    ]);
  });

  it("puts the day's games on the daily board: the first one counts", async () => {
    const seed = dailySeed(TODAY, '2048');
    const first = play2048(seed, 60, { pick: 1 });
    const better = play2048(seed, 400, { pick: 2 });
    expect(better.game.score).toBeGreaterThan(first.game.score);
    const r1 = await post({ code: first.code, name: 'Day', playerKey: key(30) });
    expect(r1.body).toMatchObject({ board: 'daily-2048', day: TODAY, rank: 1 });
    const r2 = await post({ code: better.code, name: 'Day', playerKey: key(30) });
    expect(r2.status).toBe(201);
    const daily = await board('source=self-reported&board=daily-2048');
    expect(daily.entries.map((e) => [e.name, e.score, e.day])).toEqual([
      ['Day', first.game.score, TODAY],
    ]);
    expect(
      (await board(`source=self-reported&board=daily-2048&day=${TODAY}`)).entries,
    ).toHaveLength(1);
    // The all-time board keeps the better one.
    expect((await board(`source=self-reported&board=2048&playerKey=${key(30)}`)).you?.score).toBe(
      better.game.score,
    );
    // Yesterday's board takes yesterday's game in the first hour after midnight only.
    const yesterday = '2026-11-25';
    const late = play2048(dailySeed(yesterday, '2048'), 50);
    clock = Date.UTC(2026, 10, 26, 0, 0) + DAILY_GRACE_MS - 1000;
    expect((await post({ code: late.code, name: 'Late', playerKey: key(31) })).body).toMatchObject({
      board: 'daily-2048',
      day: yesterday,
    });
    clock = Date.UTC(2026, 10, 26, 12);
    const tooLate = play2048(dailySeed(yesterday, '2048'), 51, { pick: 9 });
    expect(
      (await post({ code: tooLate.code, name: 'Later', playerKey: key(32) })).body,
    ).toMatchObject({
      board: '2048',
      day: null,
    });
    expect(
      (await board(`source=self-reported&board=daily-2048&day=${yesterday}`)).entries.map(
        (e) => e.name,
      ),
    ).toEqual(['Late']);
  });

  it('ranks solved puzzles by moves, then time; refuses unsolved ones and impossible times', async () => {
    const a = await playPuzzle(301, { width: 3, timeMs: 20_000 });
    const b = await playPuzzle(302, { width: 3, wander: 6, timeMs: 30_000 });
    const unsolved = await playPuzzle(303, { width: 3, wander: 5, solve: false });
    const fast = await playPuzzle(304, { width: 3, wander: 10, timeMs: 100 });
    expect((await post({ code: a.code, name: 'A', playerKey: key(40) })).status).toBe(201);
    expect((await post({ code: b.code, name: 'B', playerKey: key(41) })).status).toBe(201);
    const u = await post({ code: unsolved.code, name: 'U', playerKey: key(42) });
    expect(u).toMatchObject({ status: 400, body: { error: { code: 'not-solved' } } });
    const f = await post({ code: fast.code, name: 'F', playerKey: key(43) });
    expect(f).toMatchObject({ status: 400, body: { error: { code: 'too-fast' } } });
    expect((f.body as { error: { message: string } }).error.message).toContain(
      `${MAX_TILES_PER_SECOND} a second`,
    );
    const p = await board('source=self-reported&board=puzzle&size=3');
    const want = [
      ['A', a.puzzle.moves, 20_000],
      ['B', b.puzzle.moves, 30_000],
    ].sort((x, y) => (x[1] as number) - (y[1] as number) || (x[2] as number) - (y[2] as number));
    expect(p.entries.map((e) => [e.name, e.moves, e.timeMs])).toEqual(want);
  });

  it('renames a player with their key; every line shows the new name', async () => {
    const { code } = play2048(401, 90, { size: 7 });
    await post({ code, name: 'Old', playerKey: key(50) });
    const r = await call(server().url, 'PUT', '/api/players/me', {
      name: '  Néw 名前 🎲 ',
      playerKey: key(50),
    });
    expect(r).toMatchObject({ status: 200, body: { name: 'Néw 名前 🎲' } });
    expect((await board('source=self-reported&board=2048&size=7')).entries[0]!.name).toBe(
      'Néw 名前 🎲',
    );
    const nobody = await call(server().url, 'PUT', '/api/players/me', {
      name: 'X',
      playerKey: key(51),
    });
    expect(nobody).toMatchObject({ status: 404, body: { error: { code: 'no-player' } } });
  });

  it('refuses unknown boards and bad queries with 400', async () => {
    for (const q of [
      'board=chess',
      '',
      'board=2048&size=9',
      'board=2048&target=1000',
      'board=puzzle&target=2048',
      'board=daily-2048&day=2026-02-30',
      'board=daily-2048&size=5',
      'board=2048&day=2026-11-26',
      'board=2048&limit=0',
      'board=2048&limit=abc',
      "board=2048' OR 1=1 --",
      'board=2048&playerKey=short',
      'board=2048&extra=1',
    ]) {
      const r = await call(server().url, 'GET', `/api/leaderboard?${q}`);
      expect(r.status, q).toBe(400);
      expect((r.body as { error: { code: string } }).error.code, q).toMatch(/^bad-/);
    }
  });

  it('logs one line per request, without its query, with the client address', async () => {
    await call(server().url, 'GET', '/api/leaderboard?source=self-reported&board=2048', undefined, {
      'x-player-key': key(60),
    });
    const line = server().lines.at(-1)!;
    expect(line).toMatch(/^GET \/api\/leaderboard 200 \d+\.\dms 127\.0\.0\.1$/);
    expect(server().lines.join('\n')).not.toContain(key(60));
  });
});
