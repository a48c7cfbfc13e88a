/**
 * The server deals, and keeps the seed: through a running server on SQLite and on a real
 * PostgreSQL, over real WebSockets, a versus match and a duel are played to their end by two
 * players, watched from the start, joined late by a watcher and reconnected by a player. Every
 * HTTP answer and every message any of them received before the result is read whole: no
 * `seed` (or generator state) field, no number equal to the seed, no text holding it. The result
 * reveals the seed; the tiles each action came with are those the engine deals from it; whoever
 * joins or comes back mid-match is shown the boards the players see. A rematch's new seed is
 * kept the same way.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { whoIs } from '../../engine/duel.ts';
import type { Seed } from '../../engine/rng.ts';
import { readShareCode } from '../../engine/shareReplay.ts';
import { DIRECTIONS } from '../../engine/types.ts';
import type { CreatedRoomAnswer } from '../../net/api.ts';
import {
  applyDealt,
  matchOver,
  previewAction,
  type RoomAction,
  type RoomMatch,
  type RoomRules,
  readDealt,
  replayDealt,
  type ServerMessage,
  type Side,
  startFrom,
} from '../../net/rooms.ts';
import {
  dealtLog,
  joined,
  replayed,
  seen,
  type TestSocket,
  until,
} from '../../testing/roomSockets.ts';
import { BACKENDS, type Backend, call, serverForBlock } from '../../testing/serverHarness.ts';
import { seedOfRow } from '../seedColumns.ts';

/** Where `x` tells `seed`: a `seed` or `rng` field, the number, or a text holding its digits. */
function leaks(x: unknown, seed: Seed, path = '$'): string[] {
  if (typeof x === 'number') return x === seed ? [path] : [];
  if (typeof x === 'string') return x.includes(String(seed)) ? [path] : [];
  if (Array.isArray(x)) return x.flatMap((v, i) => leaks(v, seed, `${path}[${i}]`));
  if (typeof x !== 'object' || x === null) return [];
  return Object.entries(x).flatMap(([k, v]) => [
    ...(k === 'seed' || k === 'rng' ? [`${path}.${k}`] : []),
    ...leaks(v, seed, `${path}.${k}`),
  ]);
}

/** The messages a socket received before the result of match `match` (all of them if none). */
function beforeResult(s: TestSocket, match: number): ServerMessage[] {
  const end = s.messages.findIndex(
    (m) =>
      (m.type === 'end' && m.match === match) ||
      (m.type === 'state' && m.match === match && m.result !== null),
  );
  return end < 0 ? s.messages : s.messages.slice(0, end);
}

/** The match a socket's messages of match `match` stand for, made without the seed. */
function followed(s: TestSocket, match: number): RoomMatch {
  const state = s
    .all('state')
    .filter((m) => m.match === match)
    .at(-1)!;
  const more = s
    .all('action')
    .filter((m) => m.match === match && m.seq > state.log.length)
    .map((m) => m.a);
  const r = replayDealt(state.rules, state.start, [...state.log, ...more]);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** An action for `side` that changes the match, or null: the first in a fixed order. */
function someAction(m: RoomMatch, side: Side, turn: number): RoomAction | null {
  const tries: RoomAction[] = [];
  for (let k = 0; k < 4; k++) tries.push({ kind: 'slide', dir: DIRECTIONS[(turn + k) % 4]! });
  const size = m.kind === 'duel' ? m.duel.size : 0;
  for (let i = 0; i < size * size; i++) {
    const at = (i * 5 + turn) % (size * size);
    tries.push({ kind: 'place', row: Math.floor(at / size), col: at % size, value: 2 });
  }
  return (
    tries.find((a) => {
      const r = previewAction(m, side, a);
      return r.ok && r.value !== m;
    }) ?? null
  );
}

const actionText = (a: RoomAction) =>
  a.kind === 'slide' ? a.dir[0]! : `p${a.row}${a.col}${a.value}`;

describe.each(BACKENDS)('the server keeps the seed until the end, on %s', (backend: Backend) => {
  const block = serverForBlock(backend, { forfeitMs: 60_000 });
  const url = () => block.server().url;

  /** The seed of the room's current match, as the server's database holds it. */
  const storedSeed = async (code: string): Promise<Seed> => {
    const row = await block
      .server()
      .database.db.selectFrom('rooms')
      .select(['seed', 'long_seed'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    const seed = seedOfRow(row);
    // Dealt from 128 random bits through ChaCha20.
    expect(seed).toMatch(/^[0-9a-f]{32}$/);
    return seed;
  };

  /**
   * Plays room `made` to its end: seat 0 and seat 1 through their sockets, a watcher from the
   * start, a late watcher after 6 actions, seat 1 reconnected after 10. Returns every socket,
   * every HTTP answer read during the match, and the result.
   */
  async function playThrough(made: CreatedRoomAnswer) {
    const answers: unknown[] = [made];
    const room = async () => {
      const r = await call(url(), 'GET', `/api/rooms/${made.code}`);
      answers.push(r.body);
      return r.body as { rules: RoomRules };
    };
    expect((await room()).rules).toEqual(made.rules);
    const a = await joined(url(), { room: made.code, seat: made.seat });
    const b = await joined(url(), { room: made.code, name: 'Bob' });
    const watcher = await joined(url(), { room: made.code, watch: true });
    await a.socket.next('seats', (m) => m.seats[1]?.name === 'Bob');
    const sockets: TestSocket[] = [a.socket, b.socket, watcher.socket];
    const seats: TestSocket[] = [a.socket, b.socket];
    const ids = [0, 0];
    const lastSent = [0, 0];
    const m = startFrom(made.rules, a.state.start);
    if (!m.ok) throw new Error(m.error.message);
    let match = m.value;
    for (let turn = 0; !matchOver(match); turn++) {
      if (turn > 600) throw new Error('no end');
      if (turn === 6) {
        // A watcher who joins mid-match is shown the boards the players see.
        const late = await joined(url(), { room: made.code, watch: true });
        sockets.push(late.socket);
        expect(seen(followed(late.socket, 1))).toEqual(seen(match));
        await room();
      }
      if (turn === 10) {
        // Seat 1 drops and comes back with its token: the same boards, and it plays on.
        b.socket.ws.terminate();
        const again = await joined(url(), { room: made.code, seat: b.welcome.seat! });
        sockets.push(again.socket);
        seats[1] = again.socket;
        ids[1] = again.state.lastId;
        expect(seen(followed(again.socket, 1))).toEqual(seen(match));
      }
      const toAct = match.kind === 'duel' ? whoIs(match.duel).toAct! : ((turn % 2) as Side);
      let side = toAct;
      let action = someAction(match, side, turn);
      if (!action && match.kind === 'versus') {
        side = (1 - side) as Side; // this side is out: the other plays on alone
        action = someAction(match, side, turn);
      }
      if (!action) throw new Error(`no action for side ${side}`);
      const seq = (match.kind === 'versus' ? match.match.log : match.duel.log).length + 1;
      // Within the server's limit of messages a second on each socket.
      await sleep(Math.max(0, lastSent[side]! + 60 - Date.now()));
      lastSent[side] = Date.now();
      await seats[side]!.send({ type: 'act', id: ++ids[side]!, a: actionText(action) });
      const got = await watcher.socket.next('action', (x) => x.seq === seq);
      const d = readDealt(got.a);
      if (!d) throw new Error(`not a dealt action: ${got.a}`);
      expect(d.side).toBe(side);
      expect(d.action).toEqual(action);
      const next = applyDealt(match, d.side, d.action, d.tile);
      if (!next.ok) throw new Error(next.error.message);
      match = next.value;
    }
    const end = await watcher.socket.next('end');
    for (const s of sockets) {
      if (s !== watcher.socket && s.ws.readyState === s.ws.OPEN) await s.next('end');
    }
    return { sockets, seats, answers, match, result: end.result };
  }

  /** Every check of what was told before the end, and of what the end reveals. */
  async function checkDealing(made: CreatedRoomAnswer, seed: Seed, played: Played) {
    const { sockets, answers, match, result } = played;
    expect(result.seed).toBe(seed);
    // No answer and no message before the result tells the seed, in any form.
    for (const [i, body] of answers.entries()) expect(leaks(body, seed), `answer ${i}`).toEqual([]);
    for (const [i, s] of sockets.entries()) {
      const told = beforeResult(s, 1);
      expect(told.length, `socket ${i}`).toBeGreaterThan(2);
      expect(leaks(told, seed), `socket ${i}`).toEqual([]);
      expect(JSON.stringify(told)).not.toContain('"seed"');
    }
    // The result reveals it: the share code was dealt from it, and so was every tile sent.
    const code = readShareCode(result.code);
    if (!code.ok) throw new Error(code.error.message);
    const first = code.value.states[0]!;
    expect('rules' in first ? first.rules.seed : 'seed' in first ? first.seed : null).toBe(seed);
    const rules = { ...made.rules, seed };
    for (const s of sockets) {
      const texts = s.all('action').map((x) => x.a);
      const state = s.all('state')[0]!;
      const log = [...state.log, ...texts];
      expect(log).toEqual(dealtLog(rules, log));
      expect(seen(followed(s, 1))).toEqual(seen(replayed(rules, log)));
    }
    expect(seen(match)).toEqual(
      seen(
        replayed(
          rules,
          sockets[0]!.all('action').map((x) => x.a),
        ),
      ),
    );
  }

  type Played = Awaited<ReturnType<typeof playThrough>>;

  it('versus: the start as boards, each slide with its tile, the seed only with the result; a rematch keeps its new seed', async () => {
    const r = await call(url(), 'POST', '/api/rooms', {
      kind: 'versus',
      size: 3,
      target: 32,
      name: 'Ada',
    });
    expect(r.status).toBe(201);
    const made = r.body as CreatedRoomAnswer;
    const seed = await storedSeed(made.code);
    const played = await playThrough(made);
    await checkDealing(made, seed, played);
    const start = played.sockets[0]!.all('state')[0]!.start;
    expect(start.kind === 'versus' && start.cells.flat().filter((v) => v !== 0)).toHaveLength(2);
    // Every slide came with exactly one tile.
    for (const x of played.sockets[0]!.all('action')) expect(readDealt(x.a)!.tile).not.toBe(null);

    // A rematch: match 2's seed is new, and kept as match 1's was.
    const [a, b] = played.seats;
    await a!.send({ type: 'rematch' });
    await b!.next('rematch', (x) => x.offers[0]);
    await b!.send({ type: 'rematch' });
    const state2 = await a!.next('state', (x) => x.match === 2);
    const seed2 = await storedSeed(made.code);
    expect(seed2).not.toBe(seed);
    let m2 = startFrom(made.rules, state2.start);
    if (!m2.ok) throw new Error(m2.error.message);
    for (let turn = 0, sent = 0; sent < 6; turn++) {
      const side = (turn % 2) as Side;
      const action = someAction(m2.value, side, turn);
      if (!action) continue;
      await (side === 0 ? a! : b!).send({ type: 'act', id: 100 + turn, a: actionText(action) });
      const got = await a!.next('action', (x) => x.match === 2 && x.seq === sent + 1);
      const d = readDealt(got.a)!;
      const next = applyDealt(m2.value, d.side, d.action, d.tile);
      if (!next.ok) throw new Error(next.error.message);
      m2 = next;
      sent++;
    }
    const summary = (await call(url(), 'GET', `/api/rooms/${made.code}`)).body;
    expect(leaks(summary, seed2)).toEqual([]);
    for (const s of played.seats) {
      const from = s!.messages.findIndex((x) => x.type === 'state' && x.match === 2);
      expect(from).toBeGreaterThan(0);
      expect(leaks(s!.messages.slice(from), seed2)).toEqual([]);
    }
    for (const s of played.sockets) s.close();
  }, 60_000);

  it('duel: the start is the first slider alone, actions deal nothing, the seed only with the result', async () => {
    const r = await call(url(), 'POST', '/api/rooms', { kind: 'duel', size: 3, name: 'Ada' });
    expect(r.status).toBe(201);
    const made = r.body as CreatedRoomAnswer;
    const seed = await storedSeed(made.code);
    const played = await playThrough(made);
    await checkDealing(made, seed, played);
    const start = played.sockets[0]!.all('state')[0]!.start;
    expect(Object.keys(start).sort()).toEqual(['first', 'kind']);
    for (const x of played.sockets[0]!.all('action')) expect(readDealt(x.a)!.tile).toBe(null);
    for (const s of played.sockets) s.close();
  }, 60_000);

  it('a room answer or welcome before any move tells nothing of the seed either', async () => {
    const made = await call(url(), 'POST', '/api/rooms', { kind: 'versus', name: 'Cy' });
    const body = made.body as CreatedRoomAnswer;
    const seed = await storedSeed(body.code);
    const summary = await call(url(), 'GET', `/api/rooms/${body.code}`);
    const w = await joined(url(), { room: body.code, watch: true });
    await until(() => w.socket.messages.length >= 2);
    expect(leaks([made.body, summary.body, w.socket.messages], seed)).toEqual([]);
    w.socket.close();
  });
});
