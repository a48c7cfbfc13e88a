/**
 * Ranked play through a running server, over real WebSockets, on SQLite and on a real
 * PostgreSQL: games dealt and timed by the server, every message a client receives before the
 * end free of the seed and of tiles to come, the stored code replaying to exactly the figures
 * ranked, moves sent again taken once, the ranked daily's one attempt, self-reported games kept
 * off the ranked boards, a puzzle's time from the deal whatever the client claims, a left game
 * ranked where it stood, and a game surviving a server restart. On two servers of one
 * PostgreSQL, a socket that reaches the server not holding its game is relayed to the owner
 * (one copy, one history), until the owner's lease runs out or the relay's channel drops.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { legalMoves, newGame, play } from '../../engine/game2048.ts';
import type { Seed } from '../../engine/rng.ts';
import { encodeShared } from '../../engine/shareCode.ts';
import { readShareCode } from '../../engine/shareReplay.ts';
import { DIRECTIONS, type Direction } from '../../engine/types.ts';
import { dailySeed, utcDay } from '../../front/daily.ts';
import { type Leaderboard, newPlayerKey, type SubmittedEntry } from '../../net/api.ts';
import {
  DIRECTION_LETTERS,
  RANKED_CLOSE,
  type RankedResult,
  type RankedServerMessage,
} from '../../net/ranked.ts';
import { helloed, RankedSocket, solve3x3, startRanked } from '../../testing/rankedPlay.ts';
import { createRoom, joined, type TestSocket } from '../../testing/roomSockets.ts';
import {
  BACKENDS,
  type Backend,
  call,
  newDatabaseTarget,
  postgresCluster,
  serverForBlock,
  startTestServer,
} from '../../testing/serverHarness.ts';
import { openDatabase } from '../db.ts';
import { dayEndsAt } from './ranked.ts';

const KEEP_MS = 600;

/** Plays 2048 moves on a socket (the first of `order` that slides each turn) until over or `max`. */
async function play2048(
  socket: RankedSocket,
  order: (turn: number) => readonly Direction[],
  max: number,
  from = 0,
): Promise<Extract<RankedServerMessage, { type: 'moved' }>[]> {
  const answers: Extract<RankedServerMessage, { type: 'moved' }>[] = [];
  let n = from + 1;
  for (let turn = 0; answers.length < max; turn++) {
    let taken = false;
    for (const d of order(turn)) {
      await socket.send({ type: 'move', n, d: DIRECTION_LETTERS[d] });
      let a = await socket.answer(n);
      // Past the socket's burst (a long game sent as fast as it can), wait and send it again,
      // as the clients do.
      while (a.type === 'refused' && a.code === 'rate-limited') {
        await new Promise((r) => setTimeout(r, 200));
        await socket.send({ type: 'move', n, d: DIRECTION_LETTERS[d] });
        a = await socket.answer(n);
      }
      if (a.type === 'moved') {
        answers.push(a);
        n++;
        taken = true;
        break;
      }
      if (a.code === 'over') return answers;
    }
    if (!taken || answers.at(-1)?.over) return answers;
  }
  return answers;
}

/** Every message's text before the end, and the seed: the seed's digits must appear in none. */
function expectNoSeed(texts: readonly string[], seed: Seed): void {
  const before = texts.slice(
    0,
    texts.findIndex((t) => t.startsWith('{"type":"over"')),
  );
  for (const t of before) {
    expect(t).not.toContain(String(seed));
    expect(t).not.toMatch(/seed|rng/i);
    expect(t).not.toContain('sb.');
  }
}

/** Every string under a `code` key of a JSON value (error codes and share codes alike). */
function codesIn(x: unknown): string[] {
  if (Array.isArray(x)) return x.flatMap(codesIn);
  if (typeof x !== 'object' || x === null) return [];
  return Object.entries(x).flatMap(([k, v]) =>
    k === 'code' && typeof v === 'string' ? [v] : codesIn(v),
  );
}

/** The replayed game of a ranked code: its positions. */
function replay2048(code: string | null) {
  if (code === null) throw new Error('no code: a ranked daily withheld it');
  const r = readShareCode(code);
  if (!r.ok || r.value.kind !== '2048') throw new Error('not a 2048 code');
  return r.value;
}

const spiral = (turn: number): Direction[] => {
  const base: Direction[] = ['left', 'down', 'right', 'down', 'left', 'up'];
  const first = base[turn % base.length]!;
  return [first, ...DIRECTIONS.filter((d) => d !== first)];
};

describe.each(BACKENDS)('ranked play on %s', (backend: Backend) => {
  const block = serverForBlock(backend, { keepMs: KEEP_MS });
  const url = () => block.server().url;

  it('deals a game over HTTP and refuses bad requests with the API shape', async () => {
    const s = await startRanked(url(), { kind: '2048', size: 3, target: 64 });
    expect(s.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(s.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(s.keepMs).toBe(KEEP_MS);
    expect(s.board).toMatchObject({ kind: '2048', size: 3, target: 64, moves: 0, over: false });
    expect(s.board.cells!.flat().filter((v) => v > 0).length).toBe(2);
    expect(JSON.stringify(s)).not.toMatch(/seed/i);
    const key = newPlayerKey();
    for (const bad of [
      { kind: 'chess', name: 'Ada', playerKey: key },
      { kind: '2048', name: 'Ada', playerKey: key, size: 9 },
      { kind: '2048', name: 'Ada', playerKey: key, target: 100 },
      { kind: 'puzzle', name: 'Ada', playerKey: key, target: 64 },
      { kind: '2048', name: '', playerKey: key },
      { kind: '2048', name: 'Ada', playerKey: 'short' },
      { kind: '2048', name: 'Ada', playerKey: key, seed: 5 },
    ]) {
      const r = await call(url(), 'POST', '/api/ranked', bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body).toMatchObject({
        error: { code: expect.any(String), message: expect.any(String) },
      });
    }
  });

  it('plays 2048 to the end: no message before it holds the seed or a tile to come; the code replays to what was ranked', async () => {
    const s = await startRanked(url(), { kind: '2048', size: 3, target: 2048 });
    const { socket, state } = await helloed(url(), s);
    expect(state.board).toEqual(s.board);
    const answers = await play2048(socket, spiral, 10_000);
    expect(answers.at(-1)!.over).toBe(true);
    const over = await socket.next('over');
    const r = over.result;
    expect(r.reason).toBe('play');
    // Not a daily: its code at once (its seed is used once).
    expect(r.codeAt).toBeNull();
    const replay = replay2048(r.code);
    const seed = replay.shared.game.seed;
    // Dealt from 128 random bits through ChaCha20: the code carries the long seed.
    expect(seed).toMatch(/^[0-9a-f]{32}$/);
    expectNoSeed(socket.texts, seed);
    // The tiles sent are exactly the ones that appeared, move by move, and nothing else.
    expect(replay.states.length).toBe(answers.length + 1);
    expect(replay.states[0]!.cells).toEqual(s.board.cells);
    answers.forEach((a, i) => {
      const st = replay.states[i + 1]!;
      const sp = st.spawned[0]!;
      expect(a.tile).toEqual({ row: sp.at.row, col: sp.at.col, value: sp.value });
      expect(a.score).toBe(st.score);
    });
    // Every figure ranked comes from the replay.
    const last = replay.states.at(-1)!;
    expect(r.entry).toMatchObject({
      board: '2048',
      kind: '2048',
      size: 3,
      score: last.score,
      moves: answers.length,
      ranked: true,
      assisted: false,
      rank: expect.any(Number),
    });
    // The socket stays for a hello again: the state with the result.
    const again = await helloed(url(), s);
    expect(again.state.result).toEqual(r);
    expect(again.state.board.over).toBe(true);
    socket.close();
    again.socket.close();
    // On the ranked board, not the self-reported one.
    const board = await block.board('board=2048&size=3&target=2048');
    expect(board.source).toBe('ranked');
    expect(board.entries.map((e) => e.code)).toContain(r.code);
    const self = await block.board('board=2048&size=3&target=2048&source=self-reported');
    expect(self.entries.map((e) => e.code)).not.toContain(r.code);
  });

  it('property: a ranked game (moves, then resign) stores a code that replays to the figures ranked', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...DIRECTIONS), { minLength: 1, maxLength: 25 }),
        async (dirs) => {
          const s = await startRanked(url(), { kind: '2048', size: 4, target: 2048 });
          const { socket } = await helloed(url(), s);
          const answers = await play2048(
            socket,
            (t) => [dirs[t % dirs.length]!, ...DIRECTIONS],
            dirs.length,
          );
          await socket.send({ type: 'resign' });
          const { result } = await socket.next('over');
          socket.close();
          const replay = replay2048(result.code);
          expectNoSeed(socket.texts, replay.shared.game.seed);
          const last = replay.states.at(-1)!;
          expect(result.reason).toBe('resigned');
          expect(last.moves).toBe(answers.length);
          expect(result.entry).toMatchObject({
            score: last.score,
            moves: last.moves,
            ranked: true,
          });
          answers.forEach((a, i) => {
            const sp = replay.states[i + 1]!.spawned[0]!;
            expect(a.tile).toEqual({ row: sp.at.row, col: sp.at.col, value: sp.value });
          });
        },
      ),
      { numRuns: 4, seed: 38 },
    );
  });

  it('takes a move sent again after a reconnect once, answering it the same', async () => {
    const s = await startRanked(url(), { kind: '2048' });
    const a = await helloed(url(), s);
    const first = await play2048(a.socket, (t) => spiral(t), 1);
    expect(first.length).toBe(1);
    a.socket.close();
    await a.socket.closed;
    const b = await helloed(url(), s);
    expect(b.state.board.moves).toBe(1);
    // Move 1 again in every direction (the one taken and the three others): each answered as
    // it was the first time, none taken.
    for (const d of DIRECTIONS) {
      await b.socket.send({ type: 'move', n: 1, d: DIRECTION_LETTERS[d] });
      expect(await b.socket.answer(1), d).toEqual(first[0]);
    }
    await b.socket.send({ type: 'move', n: 3, d: 'l' });
    expect(await b.socket.answer(3)).toMatchObject({ type: 'refused', code: 'out-of-order' });
    const c = await helloed(url(), s);
    expect(c.state.board.moves).toBe(1);
    // The older connection is closed: the game is played on one.
    expect((await b.socket.closed).code).toBe(RANKED_CLOSE.replaced);
    c.socket.close();
  });

  it('refuses a wrong token and an unknown game, and garbage closes the socket', async () => {
    const s = await startRanked(url(), { kind: 'puzzle', size: 3 });
    const wrong = new RankedSocket(url());
    await wrong.send({ type: 'hello', game: s.id, token: 'x'.repeat(43) });
    const e = await wrong.next('error');
    expect(e.code).toBe('bad-token');
    expect((await wrong.closed).code).toBe(RANKED_CLOSE.badToken);
    expect(wrong.texts.join()).not.toContain(JSON.stringify(s.board.tiles));
    const none = new RankedSocket(url());
    await none.send({ type: 'hello', game: 'A'.repeat(22), token: s.token });
    expect((await none.closed).code).toBe(RANKED_CLOSE.noGame);
    const garbage = new RankedSocket(url());
    await garbage.send('{"type":"move","n":1,"d":"x"}');
    expect((await garbage.closed).code).toBe(RANKED_CLOSE.badMessage);
  });

  it('refuses a flood of moves by number, in order, and closes a socket that sends too much', async () => {
    const s = await startRanked(url(), { kind: 'puzzle', size: 3 });
    const { socket } = await helloed(url(), s);
    // 200 moves at once, each the same one again (n 1 is taken once, then answered again).
    const tile =
      s.board.tiles![s.board.tiles!.indexOf(0) + (s.board.tiles!.indexOf(0) % 3 === 2 ? -1 : 1)]!;
    await socket.send({ type: 'move', n: 1, tile });
    for (let i = 0; i < 150; i++) await socket.send({ type: 'move', n: 1, tile });
    const limited = await socket.next('refused', (m) => m.code === 'rate-limited');
    expect(limited.n).toBe(1);
    // Every answer came in the order sent: the moved answers first, then the refusals.
    const kinds = socket.messages.slice(1).map((m) => m.type);
    expect(kinds.indexOf('refused')).toBeGreaterThan(kinds.lastIndexOf('moved') - 1);
    expect(socket.messages.filter((m) => m.type === 'moved').every((m) => m.n === 1)).toBe(true);
    const big = new RankedSocket(url());
    await big.send(`{"type":"hello","game":"${'x'.repeat(600)}","token":"t"}`);
    expect((await big.closed).code).toBe(1009);
    socket.close();
  });

  it('times a puzzle from the deal: a client that waited 2 s is ranked at 2 s or more, whatever it claims', async () => {
    const s = await startRanked(url(), { kind: 'puzzle', size: 3 });
    const { socket } = await helloed(url(), s);
    const path = solve3x3(s.board.tiles!);
    await sleep(2000);
    for (const [i, tile] of path.entries()) {
      // A client may say anything about time: there is nowhere to say it.
      await socket.send({ type: 'move', n: i + 1, tile });
    }
    const answers = await Promise.all(path.map((_, i) => socket.answer(i + 1)));
    expect(answers.every((a) => a.type === 'moved')).toBe(true);
    const { result } = await socket.next('over');
    socket.close();
    expect(result.entry!.timeMs!).toBeGreaterThanOrEqual(2000);
    const replay = readShareCode(result.code ?? '');
    if (!replay.ok || replay.value.kind !== 'puzzle') throw new Error('not a puzzle code');
    const g = replay.value.shared.game;
    if (g.kind !== 'puzzle') throw new Error('not a puzzle');
    expect(g.timeMs).toBe(result.entry!.timeMs);
    expect(g.moveMs![0]!).toBeGreaterThanOrEqual(2000);
    expect(g.moveMs!.reduce((x, y) => x + y, 0)).toBe(g.timeMs);
    expect(replay.value.states.at(-1)!.solved).toBe(true);
    expect(result.entry).toMatchObject({ kind: 'puzzle', moves: path.length, ranked: true });
  });

  it('the ranked daily: the first attempt is the entry, resumed not replaced; codes hidden while the day lasts', async () => {
    const playerKey = newPlayerKey();
    const first = await startRanked(url(), { kind: '2048', daily: true, playerKey });
    expect(first.board).toMatchObject({ size: 4, target: 2048, day: utcDay(Date.now()) });
    const a = await helloed(url(), first);
    await play2048(a.socket, spiral, 3);
    a.socket.close();
    await a.socket.closed;
    // A second start while it is played: the same game, a new token.
    const second = await startRanked(url(), { kind: '2048', daily: true, playerKey, size: 3 });
    expect(second.id).toBe(first.id);
    expect(second.resumed).toBe(true);
    expect(second.board.moves).toBe(3);
    expect(second.token).not.toBe(first.token);
    const old = new RankedSocket(url());
    await old.send({ type: 'hello', game: first.id, token: first.token });
    expect((await old.closed).code).toBe(RANKED_CLOSE.badToken);
    const b = await helloed(url(), second);
    await b.socket.send({ type: 'resign' });
    const { result } = await b.socket.next('over');
    b.socket.close();
    expect(result.entry).toMatchObject({ board: 'daily-2048', ranked: true, moves: 3 });
    // Once over, another start is refused: 409 with the entry.
    const third = await call(url(), 'POST', '/api/ranked', {
      kind: '2048',
      daily: true,
      playerKey,
      name: `Ada ${playerKey.slice(0, 8)}`,
    });
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ error: { code: 'daily-played' }, result });
    // Another player gets the same deal.
    const other = await startRanked(url(), { kind: '2048', daily: true });
    expect(other.board.cells).toEqual(first.board.cells);
    expect(other.id).not.toBe(first.id);
    // Today's ranked daily board: the entry, without its code.
    const board = await block.board(`board=daily-2048&playerKey=${playerKey}`);
    expect(board.entries.length).toBeGreaterThan(0);
    expect(board.entries.every((e) => e.code === null)).toBe(true);
    expect(board.you).toMatchObject({ score: result.entry!.score, code: null });
    // Nor does its player get it while the day lasts: it opens when the day ends.
    expect(result.code).toBeNull();
    expect(result.codeAt).toBe(dayEndsAt(utcDay(Date.now())));
  });

  it("an offline code of today's daily goes to the self-reported daily board, never the ranked one", async () => {
    const today = utcDay(Date.now());
    let g = newGame({ seed: dailySeed(today, '2048'), size: 4, target: 2048 });
    for (let i = 0; i < 30; i++) {
      const next = play(g, spiral(i).find((d) => play(g, d) !== g)!);
      g = next;
    }
    const moves: Direction[] = [];
    for (let p = g; p.previous; p = p.previous) moves.push(p.last!.direction);
    const code = encodeShared({
      game: {
        kind: '2048',
        size: 4,
        target: 2048,
        seed: g.seed,
        evil: false,
        moves: moves.reverse(),
      },
      assisted: false,
      players: '',
    });
    const playerKey = newPlayerKey();
    const r = await block.post({ code, name: 'Offline', playerKey });
    expect(r.status).toBe(201);
    const entry = r.body as SubmittedEntry;
    expect(entry).toMatchObject({ board: 'daily-2048', ranked: false, day: today });
    const ranked = await block.board(`board=daily-2048&playerKey=${playerKey}`);
    expect(ranked.you).toBeNull();
    expect(ranked.entries.map((e) => e.name)).not.toContain('Offline');
    const self = await block.board(`board=daily-2048&source=self-reported&playerKey=${playerKey}`);
    expect(self.source).toBe('self-reported');
    expect(self.you).toMatchObject({ name: 'Offline', code });
    const refused = await call(url(), 'GET', '/api/leaderboard?board=2048&assisted=1');
    expect(refused.status).toBe(400);
  });

  it('a game left longer than keepMs is ended and ranked where it stood', async () => {
    const s = await startRanked(url(), { kind: '2048', size: 4 });
    const a = await helloed(url(), s);
    const answers = await play2048(a.socket, spiral, 4);
    a.socket.close();
    await a.socket.closed;
    let state: Extract<RankedServerMessage, { type: 'state' }> | null = null;
    for (let i = 0; i < 40 && !state?.result; i++) {
      await sleep(KEEP_MS / 2);
      const b = await helloed(url(), s);
      b.socket.close();
      state = b.state;
      // A hello is a sign of life: look again after the keep time.
      if (!state.result) await sleep(KEEP_MS * 1.5);
    }
    const result = state!.result as RankedResult;
    expect(result.reason).toBe('left');
    expect(result.entry).toMatchObject({ moves: 4, score: answers.at(-1)!.score, ranked: true });
  });
});

describe.each(BACKENDS)('a ranked game across a server restart on %s', (backend: Backend) => {
  it('goes on where it was after the server stops and starts again', async (ctx) => {
    const target = await newDatabaseTarget(backend);
    if (typeof target !== 'string') return ctx.skip(target.skip);
    const one = await startTestServer(target, {});
    const s = await startRanked(one.url, { kind: '2048' });
    const a = await helloed(one.url, s);
    const answers = await play2048(a.socket, spiral, 5);
    await one.close();
    const two = await startTestServer(target, {});
    try {
      const b = await helloed(two.url, s);
      expect(b.state.board.moves).toBe(5);
      expect(b.state.board.score).toBe(answers.at(-1)!.score);
      const more = await play2048(b.socket, spiral, 2, 5);
      expect(more.map((m) => m.n)).toEqual([6, 7]);
      await b.socket.send({ type: 'resign' });
      const { result } = await b.socket.next('over');
      expect(replay2048(result.code).states.length).toBe(8);
      b.socket.close();
      const board: Leaderboard = (await call(two.url, 'GET', '/api/leaderboard?board=2048'))
        .body as Leaderboard;
      expect(board.entries.map((e) => e.code)).toContain(result.code);
    } finally {
      await two.close();
    }
  });
});

describe.each(BACKENDS)('a ranked game on two servers of one %s database', (backend: Backend) => {
  /** How a game's connection closes when another server opens the game (see below). */
  const secondOpened = backend === 'postgres' ? RANKED_CLOSE.replaced : RANKED_CLOSE.goingAway;

  it('goes on on the other server when the connection moves there at once', async (ctx) => {
    const target = await newDatabaseTarget(backend);
    if (typeof target !== 'string') return ctx.skip(target.skip);
    const one = await startTestServer(target, {});
    const two = await startTestServer(target, {});
    try {
      const s = await startRanked(one.url, { kind: '2048' });
      const a = await helloed(one.url, s);
      const answers = await play2048(a.socket, spiral, 6);
      // Dropped, and straight away on the other server (as behind a load balancer).
      a.socket.ws.terminate();
      const b = await helloed(two.url, s);
      expect(b.state.board.moves).toBe(6);
      expect(b.state.board.score).toBe(answers.at(-1)!.score);
      const more = await play2048(b.socket, spiral, 2, 6);
      expect(more.map((m) => m.n)).toEqual([7, 8]);
      // And back on the first.
      b.socket.close();
      const c = await helloed(one.url, s);
      expect(c.state.board.moves).toBe(8);
      await c.socket.send({ type: 'resign' });
      const { result } = await c.socket.next('over');
      const replay = replay2048(result.code);
      expect(replay.states.length).toBe(9);
      replay.states.slice(1, 7).forEach((st, i) => {
        const sp = st.spawned[0]!;
        expect(answers[i]!.tile).toEqual({ row: sp.at.row, col: sp.at.col, value: sp.value });
      });
      c.socket.close();
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('answers a move only once it is stored: each answer is in the database when it arrives', async (ctx) => {
    const target = await newDatabaseTarget(backend);
    if (typeof target !== 'string') return ctx.skip(target.skip);
    const one = await startTestServer(target, {});
    // Another connection to the database: what it reads is committed.
    const reader = await openDatabase(target);
    try {
      const s = await startRanked(one.url, { kind: '2048' });
      const a = await helloed(one.url, s);
      let n = 1;
      for (let turn = 0; n <= 12 && turn < 60; turn++) {
        const d = spiral(turn)[turn % 4]!;
        await a.socket.send({ type: 'move', n, d: DIRECTION_LETTERS[d] });
        const answer = await a.socket.answer(n);
        if (answer.type !== 'moved') continue;
        const stored = await reader.db
          .selectFrom('ranked_moves')
          .select(['n', 't'])
          .where('game_id', '=', s.id)
          .where('n', '=', n)
          .executeTakeFirst();
        expect(stored && Number(stored.t), `move ${n}`).toBe(answer.t);
        n++;
      }
      expect(n).toBeGreaterThan(12);
      a.socket.close();
    } finally {
      await reader.close();
      await one.close();
    }
  });

  it('gives one history to a token played on both servers at once: a move seen on one is the game’s on the other', async (ctx) => {
    const target = await newDatabaseTarget(backend);
    if (typeof target !== 'string') return ctx.skip(target.skip);
    const one = await startTestServer(target, {});
    const two = await startTestServer(target, {});
    const sockets: RankedSocket[] = [];
    try {
      const s = await startRanked(one.url, { kind: '2048' });
      // The scout's way: move n on one server, see its tile, then move n on the other server in
      // every other direction, hoping for another tile. Each time the other server has move n
      // as it was answered: the same answer, whatever the direction.
      let n = 1;
      for (let round = 0; round < 6; round++) {
        const here = round % 2 === 0 ? one : two;
        const there = round % 2 === 0 ? two : one;
        const a = await helloed(here.url, s);
        sockets.push(a.socket);
        expect(a.state.board.moves).toBe(n - 1);
        const taken = (await play2048(a.socket, spiral, 1, n - 1))[0]!;
        expect(taken.n).toBe(n);
        const b = await helloed(there.url, s);
        sockets.push(b.socket);
        expect(b.state.board.moves).toBe(n);
        // The scout's other way: the next move on the first server's connection, if still open
        // after the other connection opened the game. It is never answered there.
        if (a.socket.ws.readyState === a.socket.ws.OPEN) {
          for (const d of DIRECTIONS)
            await a.socket.send({ type: 'move', n: n + 1, d: DIRECTION_LETTERS[d] });
        }
        for (const d of DIRECTIONS) {
          await b.socket.send({ type: 'move', n, d: DIRECTION_LETTERS[d] });
          expect(await b.socket.answer(n)).toEqual(taken);
        }
        // PostgreSQL: the other server relays its connection to the game's owner, which closes
        // the older one as replaced. SQLite: the other server took the game, and the first
        // server's copy is let go: its connection closes, to connect again.
        expect((await a.socket.closed).code).toBe(secondOpened);
        expect(a.socket.messages.filter((m) => m.type === 'moved' && m.n > n)).toEqual([]);
        b.socket.close();
        await b.socket.closed;
        n++;
      }
      const end = await helloed(one.url, s);
      sockets.push(end.socket);
      await end.socket.send({ type: 'resign' });
      const { result } = await end.socket.next('over');
      const replay = replay2048(result.code);
      expect(replay.states.length).toBe(n);
      // Every answer any connection saw is the stored game's move, tile for tile.
      for (const socket of sockets) {
        for (const m of socket.messages) {
          if (m.type !== 'moved') continue;
          const sp = replay.states[m.n]!.spawned[0]!;
          expect(m.tile).toEqual({ row: sp.at.row, col: sp.at.col, value: sp.value });
        }
      }
    } finally {
      for (const socket of sockets) socket.close();
      await one.close();
      await two.close();
    }
  });

  it('closes the older connection when the other server opens the game under it', async (ctx) => {
    const target = await newDatabaseTarget(backend);
    if (typeof target !== 'string') return ctx.skip(target.skip);
    const one = await startTestServer(target, {});
    const two = await startTestServer(target, {});
    try {
      const s = await startRanked(one.url, { kind: '2048' });
      const a = await helloed(one.url, s);
      await play2048(a.socket, spiral, 3);
      // Opened on the second server while the first still has it. PostgreSQL: relayed to the
      // first, the owner, which closes the older connection as replaced. SQLite: taken after a
      // wait, and the first lets it go and closes its connection (its client would reconnect).
      const b = await helloed(two.url, s);
      expect(b.state.board.moves).toBe(3);
      expect((await a.socket.closed).code).toBe(secondOpened);
      const more = await play2048(b.socket, spiral, 2, 3);
      expect(more.map((m) => m.n)).toEqual([4, 5]);
      await b.socket.send({ type: 'resign' });
      const { result } = await b.socket.next('over');
      expect(replay2048(result.code).states.length).toBe(6);
      b.socket.close();
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe('a ranked game whose socket reaches another server of one PostgreSQL', () => {
  /** Short, so that the owner's lease runs out soon once its renewals are held. */
  const LEASE_MS = 2000;

  it('is relayed to the owner (one copy, one history, each answer stored; a room’s socket relayed on the same channel); once the owner’s lease ran out it connects again and the other server takes the game, the outage left out', async (ctx) => {
    const target = await newDatabaseTarget('postgres');
    if (typeof target !== 'string') return ctx.skip(target.skip);
    const one = await startTestServer(target, { leaseMs: LEASE_MS });
    const two = await startTestServer(target, { leaseMs: LEASE_MS });
    // Another connection to the database: what it reads is committed.
    const reader = await openDatabase(target);
    const sockets: RankedSocket[] = [];
    const roomSockets: TestSocket[] = [];
    let unlock = () => {};
    let locked: Promise<unknown> = Promise.resolve();
    try {
      const s = await startRanked(one.url, { kind: '2048' });
      const row = async () => {
        const r = await reader.db
          .selectFrom('ranked_games')
          .select(['holder', 'epoch'])
          .where('id', '=', s.id)
          .executeTakeFirstOrThrow();
        return { holder: r.holder, epoch: Number(r.epoch) };
      };
      const storedT = async (n: number) => {
        const m = await reader.db
          .selectFrom('ranked_moves')
          .select('t')
          .where('game_id', '=', s.id)
          .where('n', '=', n)
          .executeTakeFirst();
        return m ? Number(m.t) : null;
      };
      const open = async (server: { url: string }) => {
        const h = await helloed(server.url, s);
        sockets.push(h.socket);
        return h;
      };
      const a = await open(one);
      await play2048(a.socket, spiral, 3);
      const owned = await row();
      expect(owned.holder).not.toBeNull();
      // On the other server: relayed to the owner, which closes the older connection as replaced
      // (as a second window on one server would be), and plays on.
      const b = await open(two);
      expect(b.state.board.moves).toBe(3);
      expect((await a.socket.closed).code).toBe(RANKED_CLOSE.replaced);
      // A room's socket is relayed on the same channel meanwhile: the room's owner seats it.
      const made = await createRoom(one.url, { kind: 'versus', name: 'Ada' });
      const ada = await joined(one.url, { room: made.code, seat: made.seat });
      roomSockets.push(ada.socket);
      const bob = await joined(two.url, { room: made.code, name: 'Bob' });
      roomSockets.push(bob.socket);
      expect(bob.welcome.you).toBe(1);
      await ada.socket.next('seats', (m) => m.seats[1]?.name === 'Bob' && m.seats[1].connected);
      const relayed = await play2048(b.socket, spiral, 3, 3);
      expect(relayed.map((m) => m.n)).toEqual([4, 5, 6]);
      // An answer means stored, relayed or not.
      for (const m of relayed) expect(await storedT(m.n), `move ${m.n}`).toBe(m.t);
      // Back on the owner, then relayed again: the same game, never taken by the other server.
      const c = await open(one);
      expect(c.state.board.moves).toBe(6);
      expect((await b.socket.closed).code).toBe(RANKED_CLOSE.replaced);
      await play2048(c.socket, spiral, 1, 6);
      const d = await open(two);
      expect(d.state.board.moves).toBe(7);
      expect((await c.socket.closed).code).toBe(RANKED_CLOSE.replaced);
      expect(await row()).toEqual(owned);

      // The owner's renewals are held (a lock on its lease's row) until its lease runs out: the
      // relayed socket is closed, to connect again, and the other server takes the game.
      let held!: () => void;
      const holding = new Promise<void>((r) => {
        held = r;
      });
      locked = reader.db.transaction().execute(async (tx) => {
        await sql`select 1 from room_processes where instance = ${owned.holder} for update`.execute(
          tx,
        );
        held();
        await new Promise<void>((r) => {
          unlock = r;
        });
      });
      await holding;
      expect((await d.socket.closed).code).toBe(RANKED_CLOSE.goingAway);
      const e = await open(two);
      expect(e.state.board.moves).toBe(7);
      // The time from the last stored move to the take is left out of the clock.
      expect(e.state.interruptions).toBe(1);
      expect(e.state.interruptedMs).toBeGreaterThan(0);
      const taken = await row();
      expect(taken.holder).not.toBe(owned.holder);
      expect(taken.epoch).toBe(owned.epoch + 1);
      unlock();
      await locked;
      await play2048(e.socket, spiral, 1, 7);
      await e.socket.send({ type: 'resign' });
      const { result } = await e.socket.next('over');
      const replay = replay2048(result.code);
      expect(replay.states.length).toBe(9);
      // Every answer any connection saw is the stored game's move, tile for tile.
      for (const socket of sockets) {
        for (const m of socket.messages) {
          if (m.type !== 'moved') continue;
          const sp = replay.states[m.n]!.spawned[0]!;
          expect(m.tile).toEqual({ row: sp.at.row, col: sp.at.col, value: sp.value });
        }
      }
    } finally {
      unlock();
      await locked.catch(() => {});
      for (const socket of [...sockets, ...roomSockets]) socket.close();
      await reader.close();
      await one.close();
      await two.close();
    }
  });
});

describe('a ranked game while PostgreSQL is down', () => {
  it('holds the answer to a move made during the outage until the move is stored, then plays on', async (ctx) => {
    const cluster = await postgresCluster();
    if ('skip' in cluster) return ctx.skip(cluster.skip);
    const server = await startTestServer(await cluster.newDatabase(), {});
    try {
      const s = await startRanked(server.url, { kind: '2048' });
      const a = await helloed(server.url, s);
      await cluster.stopServer();
      let answeredWhileDown = true;
      try {
        // A direction that slides on the dealt board (two tiles: one of the four does).
        const d = legalMoves(s.board.cells!)[0]!;
        await a.socket.send({ type: 'move', n: 1, d: DIRECTION_LETTERS[d] });
        await sleep(1500);
        answeredWhileDown = a.socket.messages.some((m) => m.type === 'moved');
      } finally {
        await cluster.startServer();
      }
      expect(answeredWhileDown).toBe(false);
      const answer = await a.socket.answer(1);
      expect(answer.type).toBe('moved');
      // Stored: the next connection's state has it.
      a.socket.close();
      await a.socket.closed;
      const b = await helloed(server.url, s);
      expect(b.state.board.moves).toBe(1);
      expect(b.state.board.score).toBe((answer as { score: number }).score);
      b.socket.close();
    } finally {
      await server.close();
    }
  });
});

describe('a relayed ranked socket while PostgreSQL restarts', () => {
  it('is closed when its relay’s channel drops, connects again, and the game plays on with one history', async (ctx) => {
    const cluster = await postgresCluster();
    if ('skip' in cluster) return ctx.skip(cluster.skip);
    const target = await cluster.newDatabase();
    const one = await startTestServer(target, {});
    const two = await startTestServer(target, {});
    const sockets: RankedSocket[] = [];
    try {
      const s = await startRanked(one.url, { kind: '2048' });
      const a = await helloed(one.url, s);
      sockets.push(a.socket);
      await play2048(a.socket, spiral, 2);
      // Relayed to the owner, the first server.
      const b = await helloed(two.url, s);
      sockets.push(b.socket);
      expect((await a.socket.closed).code).toBe(RANKED_CLOSE.replaced);
      await play2048(b.socket, spiral, 1, 2);
      await cluster.restart();
      // What the second server relayed may be lost: its socket is closed, to connect again.
      expect((await b.socket.closed).code).toBe(RANKED_CLOSE.goingAway);
      let again: Awaited<ReturnType<typeof helloed>> | null = null;
      const giveUp = Date.now() + 60_000;
      while (again === null) {
        if (Date.now() > giveUp) throw new Error('the game could not be opened again');
        again = await helloed(two.url, s).catch(() => null);
        if (again === null) await sleep(200);
      }
      sockets.push(again.socket);
      expect(again.state.board.moves).toBe(3);
      await play2048(again.socket, spiral, 2, 3);
      await again.socket.send({ type: 'resign' });
      const { result } = await again.socket.next('over');
      const replay = replay2048(result.code);
      expect(replay.states.length).toBe(6);
      for (const socket of sockets) {
        for (const m of socket.messages) {
          if (m.type !== 'moved') continue;
          const sp = replay.states[m.n]!.spawned[0]!;
          expect(m.tile).toEqual({ row: sp.at.row, col: sp.at.col, value: sp.value });
        }
      }
    } finally {
      for (const socket of sockets) socket.close();
      await one.close();
      await two.close();
    }
  });
});

describe.each(BACKENDS)('the ranked daily across midnight on %s', (backend: Backend) => {
  let offset = 0;
  const block = serverForBlock(backend, { now: () => Date.now() + offset });
  const url = () => block.server().url;

  it("withholds a ranked daily's code from its own player until the day is over, then it replays to the figures", async () => {
    // A day no other test of this block plays.
    offset += 10 * 86_400_000;
    const day = utcDay(Date.now() + offset);
    const playerKey = newPlayerKey();
    // Everything key A receives while the day lasts, as text.
    const heard: string[] = [];
    const a = await startRanked(url(), { kind: '2048', daily: true, playerKey });
    heard.push(JSON.stringify(a));
    const { socket } = await helloed(url(), a);
    const answers = await play2048(socket, spiral, 30);
    await socket.send({ type: 'resign' });
    const over = await socket.next('over');
    socket.close();
    await socket.closed;
    heard.push(...socket.texts);
    expect(over.result.entry).toMatchObject({ board: 'daily-2048', moves: answers.length });
    expect(over.result).toMatchObject({ code: null, codeAt: dayEndsAt(day), reason: 'resigned' });
    // Its token again: the end, still without the code.
    const again = await helloed(url(), a);
    again.socket.close();
    await again.socket.closed;
    heard.push(...again.socket.texts);
    expect(again.state.result).toEqual(over.result);
    // A second start: 409, the attempt's result without its code.
    const second = await call(url(), 'POST', '/api/ranked', {
      kind: '2048',
      daily: true,
      playerKey,
      name: `Ada ${playerKey.slice(0, 8)}`,
    });
    heard.push(JSON.stringify(second.body));
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: { code: 'daily-played' }, result: over.result });
    // The day's ranked board, read with A's key.
    const board = await block.board(`board=daily-2048&day=${day}&playerKey=${playerKey}`);
    heard.push(JSON.stringify(board));
    expect(board.you).toMatchObject({ score: over.result.entry!.score, code: null });
    // Key B plays the same day's deal, and is still playing at midnight.
    const b = await startRanked(url(), { kind: '2048', daily: true });
    expect(b.board.cells).toEqual(a.board.cells);
    const bs = await helloed(url(), b);
    await play2048(bs.socket, spiral, 1);
    offset += 86_400_000;
    // The day is over, but B still plays its tiles: A's code stays withheld.
    const during = await helloed(url(), a);
    during.socket.close();
    heard.push(...during.socket.texts);
    expect(during.state.result).toMatchObject({ code: null, codeAt: dayEndsAt(day) });
    await bs.socket.send({ type: 'resign' });
    await bs.socket.next('over');
    bs.socket.close();
    // The server reads which attempts are played again within a second.
    await sleep(1100);
    const after = await helloed(url(), a);
    after.socket.close();
    const result = after.state.result!;
    expect(result.code).toEqual(expect.any(String));
    expect(result.codeAt).toBe(dayEndsAt(day));
    expect(result.entry).toEqual(over.result.entry);
    // It replays to the figures ranked and to the tiles dealt, move by move.
    const replay = replay2048(result.code);
    expect(replay.states.length).toBe(answers.length + 1);
    expect(replay.states[0]!.cells).toEqual(a.board.cells);
    answers.forEach((m, i) => {
      const sp = replay.states[i + 1]!.spawned[0]!;
      expect(m.tile).toEqual({ row: sp.at.row, col: sp.at.col, value: sp.value });
    });
    expect(replay.states.at(-1)!.score).toBe(result.entry!.score);
    expect(replay.states.at(-1)!.moves).toBe(result.entry!.moves);
    // Nothing A heard while the day lasted held the code, its seed, or a code at all.
    const seed = String(replay.shared.game.seed);
    // The day's seed is the HMAC's first 128 bits, a long seed.
    expect(seed).toMatch(/^[0-9a-f]{32}$/);
    for (const t of heard) {
      expect(t).not.toContain(result.code!);
      expect(t).not.toContain(seed);
      expect(t).not.toMatch(/seed|rng|sb\./i);
      // Only error and refusal codes ('daily-played', 'no-move'), no share code.
      for (const c of codesIn(JSON.parse(t))) expect(c).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
    // And the day's board shows it now.
    const shown = await block.board(`board=daily-2048&day=${day}&playerKey=${playerKey}`);
    expect(shown.you?.code).toBe(result.code);
  });

  it("shows the day's codes once the day is over, and deals the next day anew", async () => {
    const playerKey = newPlayerKey();
    const day = utcDay(Date.now() + offset);
    const first = await startRanked(url(), { kind: 'puzzle', daily: true, playerKey });
    const { socket } = await helloed(url(), first);
    await socket.send({ type: 'resign' });
    const { result } = await socket.next('over');
    socket.close();
    // Left with no move: it ranks nowhere, and it is still the day's attempt.
    expect(result.entry).toBeNull();
    expect(result.why).toMatch(/no move/);
    expect(
      (
        await call(url(), 'POST', '/api/ranked', {
          kind: 'puzzle',
          daily: true,
          playerKey,
          name: `Ada ${playerKey.slice(0, 8)}`,
        })
      ).status,
    ).toBe(409);
    const played = await startRanked(url(), { kind: '2048', daily: true, playerKey });
    const a = await helloed(url(), played);
    await play2048(a.socket, spiral, 2);
    await a.socket.send({ type: 'resign' });
    const over = await a.socket.next('over');
    a.socket.close();
    const today = await block.board(`board=daily-2048&day=${day}`);
    expect(today.entries.map((e) => e.code)).toEqual(today.entries.map(() => null));
    // Another player's attempt, started before midnight and still played after it.
    const late = await startRanked(url(), { kind: '2048', daily: true });
    const l = await helloed(url(), late);
    await play2048(l.socket, spiral, 1);
    offset += 86_400_000;
    // The day is over, but its tiles are still being played: its codes stay hidden.
    const during = await block.board(`board=daily-2048&day=${day}&playerKey=${playerKey}`);
    expect(during.you).toMatchObject({ code: null, score: over.result.entry!.score });
    await l.socket.send({ type: 'resign' });
    await l.socket.next('over');
    l.socket.close();
    // Then yesterday's codes are shown (the server reads again within a second), and today's
    // daily is another deal.
    await sleep(1100);
    const after = await block.board(`board=daily-2048&day=${day}&playerKey=${playerKey}`);
    expect(over.result.code).toBeNull();
    const back = await helloed(url(), played);
    back.socket.close();
    const code = back.state.result?.code ?? null;
    expect(typeof code).toBe('string');
    expect(after.you?.code).toBe(code);
    expect(after.entries.every((e) => typeof e.code === 'string')).toBe(true);
    // The offline daily's seed is not the ranked one.
    expect(replay2048(code).shared.game.seed).not.toBe(dailySeed(day, '2048'));
    const next = await startRanked(url(), { kind: '2048', daily: true, playerKey });
    expect(next.board.day).toBe(utcDay(Date.now() + offset));
    expect(next.id).not.toBe(played.id);
    expect(next.resumed).toBeUndefined();
    // Another deal, not only another game: its seed, once its own day is over, is not the
    // day before's (two deals may start on the same two tiles).
    const n = await helloed(url(), next);
    await n.socket.send({ type: 'resign' });
    await n.socket.next('over');
    n.socket.close();
    offset += 86_400_000;
    await sleep(1100);
    const nextBack = await helloed(url(), next);
    nextBack.socket.close();
    const nextCode = nextBack.state.result?.code ?? null;
    expect(typeof nextCode).toBe('string');
    expect(replay2048(nextCode).shared.game.seed).not.toEqual(replay2048(code).shared.game.seed);
  });
});
