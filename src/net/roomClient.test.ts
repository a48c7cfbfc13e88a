/**
 * The room client over a fake socket: the match made without the seed, from the start's boards
 * and each action's dealt tile; your move shown at once (a versus slide without its tile), then
 * corrected to the server's order when an attack arrived first; answers that drop a predicted
 * move; reconnecting with the seat token and going on from the server's last id; closes after
 * which it stops.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Direction } from '../engine/types.ts';
import { type FakeSocket as Fake, fakeSockets } from '../testing/fakeSocket.ts';
import { RoomClient, type RoomView } from './roomClient.ts';
import {
  applyAction,
  CLOSE,
  dealtBy,
  dealtText,
  previewAction,
  ROOM_PROTOCOL,
  type RoomMatch,
  type RoomRules,
  type SeededRules,
  type ServerMessage,
  startMatch,
  startOf,
} from './rooms.ts';

type FakeSocket = Fake<unknown, ServerMessage>;

/** The server's rules, with the seed it keeps; clients are sent {@link RULES}. */
const SEEDED: SeededRules = { kind: 'versus', size: 4, seed: 11, target: 2048, attackCap: null };
const RULES: RoomRules = { kind: 'versus', size: 4, target: 2048, attackCap: null };
const TRUTH = (() => {
  const m = startMatch(SEEDED);
  if (!m.ok) throw new Error(m.error.message);
  return m.value;
})();
const START = startOf(TRUTH);
const SEATS = [
  { name: 'Ada', connected: true, forfeitAt: null },
  { name: 'Bob', connected: true, forfeitAt: null },
];

function setup(seat: string | null = 's'.repeat(43)) {
  const { sockets, socket } = fakeSockets<unknown, ServerMessage>();
  const client = new RoomClient({
    server: 'http://127.0.0.1:9',
    room: 'ACDEFGH',
    seat,
    name: 'Ada',
    socket,
    onChange: () => {},
    retryMs: [5],
  });
  const s = sockets[0]!;
  welcome(s);
  return { client, sockets, s };
}

/** The server's move: `side` slides `dir` on the seeded match, its tile dealt from the seed. */
function step(m: RoomMatch, side: 0 | 1, dir: Direction): RoomMatch {
  const r = applyAction(m, side, { kind: 'slide', dir });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** The text the server sends for `side`'s slide `dir` on the seeded match `m`: `0l/232`. */
function sent(m: RoomMatch, side: 0 | 1, dir: Direction): string {
  return dealtText({ side, action: { kind: 'slide', dir } }, dealtBy(step(m, side, dir), side));
}

/** A slide shown before its tile is dealt. */
function preview(m: RoomMatch, side: 0 | 1, dir: Direction): RoomMatch {
  const r = previewAction(m, side, { kind: 'slide', dir });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** What a player sees of a versus match: boards, scores, queues, the winner, the moves. */
function seen(m: RoomMatch | null) {
  if (m?.kind !== 'versus') return m;
  const { games, queues, winner, log } = m.match;
  return {
    cells: games.map((g) => g.cells),
    scores: games.map((g) => g.score),
    queues,
    winner,
    log,
  };
}

/** A direction that changes side's board, and sends an attack when `attack` is asked. */
function mover(m: RoomMatch, side: 0 | 1, attack: boolean): Direction | null {
  for (const dir of ['left', 'right', 'up', 'down'] as Direction[]) {
    const next = step(m, side, dir);
    if (next === m || next.kind !== 'versus') continue;
    const sent = next.match.log.at(-1)!.sent !== null;
    if (sent === attack) return dir;
  }
  return null;
}

describe('the room client', () => {
  it('says hello with the room, the seat token and the name, to the server socket URL', () => {
    const { s } = setup();
    expect(s.url).toBe('ws://127.0.0.1:9/api/rooms/socket?room=ACDEFGH');
    expect(s.sent[0]).toEqual({
      type: 'hello',
      protocol: ROOM_PROTOCOL,
      room: 'ACDEFGH',
      seat: 's'.repeat(43),
      name: 'Ada',
    });
  });

  it('shows your move at once, then the server order when an attack arrived first', () => {
    const { client, s } = setup();
    // Play side 1 until its next move sends an attack; play side 0 until its next move sends none.
    let m = TRUTH;
    const log: string[] = [];
    let guard = 0;
    while (mover(m, 1, true) === null || mover(m, 0, false) === null) {
      const dir =
        mover(m, 1, false) ??
        (['left', 'right', 'up', 'down'] as Direction[]).find((d) => step(m, 1, d) !== m)!;
      log.push(sent(m, 1, dir));
      m = step(m, 1, dir);
      if (++guard > 200) throw new Error('no position found');
    }
    for (const [i, a] of log.entries())
      s.receive({ type: 'action', match: 1, seq: i + 1, a, id: i + 1 });
    expect(seen(client.view.match)).toEqual(seen(m));
    // Our move, shown at once: its slide, without a tile (the server has not dealt it).
    const mine = mover(m, 0, false)!;
    client.act({ kind: 'slide', dir: mine });
    const predicted = preview(m, 0, mine);
    expect(seen(client.view.match)).toEqual(seen(predicted));
    const empty = (x: RoomMatch | null) =>
      x?.kind === 'versus' ? x.match.games[0].cells.flat().filter((v) => v === 0).length : -1;
    expect(empty(client.view.match)).toBe(empty(step(m, 0, mine)) + 1);
    expect(s.sent.at(-1)).toEqual({ type: 'act', id: 1, a: mine[0] });
    // The other side's attack was first at the server: then our move, with the attack as its spawn.
    const theirs = mover(m, 1, true)!;
    const afterTheirs = step(m, 1, theirs);
    s.receive({ type: 'action', match: 1, seq: log.length + 1, a: sent(m, 1, theirs), id: 99 });
    // Shown: the server's match with our move still on top of it.
    expect(seen(client.view.match)).toEqual(seen(preview(afterTheirs, 0, mine)));
    const server = step(afterTheirs, 0, mine);
    const a = sent(afterTheirs, 0, mine);
    s.receive({ type: 'action', match: 1, seq: log.length + 2, a, id: 1 });
    expect(seen(client.view.match)).toEqual(seen(server));
    expect(seen(client.view.confirmed ?? null)).toEqual(seen(server));
    expect(client.view.log).toHaveLength(log.length + 2);
    if (server.kind === 'versus' && predicted.kind === 'versus') {
      // The attack arrived as our spawn: the prediction was corrected.
      expect(server.match.log.at(-1)!.received).not.toBe(null);
      expect(predicted.match.log.at(-1)!.received).toBe(null);
    }
  });

  it('adds the tile the server dealt to your slide as shown, and keeps the shown match while nothing changes', () => {
    const { client, s } = setup();
    const dir = mover(TRUTH, 0, false) ?? mover(TRUTH, 0, true)!;
    client.act({ kind: 'slide', dir });
    const shown = client.view.match!;
    // A change that is not the match (the seats) shows the same match, not one made again.
    s.receive({ type: 'seats', seats: SEATS });
    expect(client.view.match).toBe(shown);
    s.receive({ type: 'action', match: 1, seq: 1, a: sent(TRUTH, 0, dir), id: 1 });
    const after = client.view.match!;
    expect(seen(after)).toEqual(seen(step(TRUTH, 0, dir)));
    if (shown.kind !== 'versus' || after.kind !== 'versus') throw new Error('versus');
    const [before, now] = [shown.match.games[0], after.match.games[0]];
    expect(before.spawned).toEqual([]);
    expect(now.spawned).toHaveLength(1);
    expect(now.last).toBe(before.last);
    expect(now.previous).toBe(before.previous);
  });

  it('drops a predicted move the server ignored or refused, with the refusal said', () => {
    const { client, s } = setup();
    const start = client.view.match!;
    const dir = mover(start, 0, false) ?? mover(start, 0, true)!;
    client.act({ kind: 'slide', dir });
    expect(client.view.match).not.toEqual(start);
    s.receive({ type: 'ignored', id: 1 });
    expect(client.view.match).toEqual(start);
    client.act({ kind: 'slide', dir });
    s.receive({
      type: 'refused',
      id: 2,
      code: 'waiting',
      message: 'the other player has not joined yet',
    });
    expect(client.view.match).toEqual(start);
    expect(client.view.notice).toBe('the other player has not joined yet');
  });

  it('reconnects with the seat token after a drop and goes on from the server’s last id', async () => {
    const { client, sockets, s } = setup(null);
    s.receive({
      type: 'welcome',
      room: { code: 'ACDEFGH', rules: RULES },
      you: 0,
      seat: 't'.repeat(43),
    });
    expect(client.seatToken).toBe('t'.repeat(43));
    s.drop();
    expect(client.view.status).toBe('reconnecting');
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    const again = sockets[1]!;
    again.open();
    expect(again.sent[0]).toMatchObject({ type: 'hello', seat: 't'.repeat(43) });
    const first = mover(TRUTH, 0, false) ?? mover(TRUTH, 0, true)!;
    const log = [sent(TRUTH, 0, first)];
    again.receive({ type: 'welcome', room: { code: 'ACDEFGH', rules: RULES }, you: 0, seat: null });
    again.receive({
      type: 'state',
      match: 1,
      rules: RULES,
      start: START,
      log,
      lastId: 7,
      seats: SEATS,
      result: null,
      rematch: [false, false],
    });
    expect(client.view.status).toBe('open');
    expect(seen(client.view.match)).toEqual(seen(step(TRUTH, 0, first)));
    const next = mover(client.view.match!, 0, false) ?? mover(client.view.match!, 0, true)!;
    client.act({ kind: 'slide', dir: next });
    expect(again.sent.at(-1)).toMatchObject({ type: 'act', id: 8 });
  });

  it('stops when the server does not take this protocol, saying both sides may need updating', () => {
    const { client, s } = setup();
    s.drop(CLOSE.badMessage);
    expect(client.view).toMatchObject({ status: 'closed', closed: 'bad-message' });
    expect(client.view.notice).toMatch(/different versions of slidebox: update both/);
  });

  it('stops after a close that reconnecting cannot mend, with a sentence', async () => {
    const { client, sockets, s } = setup();
    s.drop(CLOSE.noRoom);
    expect(client.view.status).toBe('closed');
    expect(client.view.notice).toMatch(/no room/);
    await new Promise((r) => setTimeout(r, 30));
    expect(sockets).toHaveLength(1);
  });

  it('refuses to act while watching, before the other player joins, and after the end', () => {
    const { client, s } = setup();
    s.receive({
      type: 'seats',
      seats: [SEATS[0]!, { name: null, connected: false, forfeitAt: null }],
    });
    expect(client.act({ kind: 'slide', dir: 'left' })).toMatchObject({
      ok: false,
      error: { code: 'waiting' },
    });
    s.receive({ type: 'seats', seats: SEATS });
    s.receive({
      type: 'end',
      match: 1,
      result: { winner: 1, reason: 'forfeit', code: 'sb.x', seed: 9 },
    });
    expect(client.act({ kind: 'slide', dir: 'left' })).toMatchObject({
      ok: false,
      error: { code: 'match-over' },
    });
    const sent = s.sent.length;
    expect(sent).toBe(1);
  });
});

/** A client that shows only what the server took, seated on side 0 of a started match. */
function confirmedOnly(opts: { connectTimeoutMs?: number } = {}) {
  const { sockets, socket } = fakeSockets<unknown, ServerMessage>();
  const views: RoomView[] = [];
  const client = new RoomClient({
    server: 'http://127.0.0.1:9',
    room: 'ACDEFGH',
    seat: 's'.repeat(43),
    socket,
    onChange: (v) => views.push(v),
    retryMs: [5],
    predict: false,
    ...opts,
  });
  return { client, sockets, views };
}

function welcome(s: FakeSocket, you: 0 | 1 | null = 0, lastId = 0, log: string[] = []) {
  s.open();
  s.receive({ type: 'welcome', room: { code: 'ACDEFGH', rules: RULES }, you, seat: null });
  s.receive({
    type: 'state',
    match: 1,
    rules: RULES,
    start: START,
    log,
    lastId,
    seats: SEATS,
    result: null,
    rematch: [false, false],
  });
}

function anyMove(m: RoomMatch, side: 0 | 1): Direction {
  return mover(m, side, false) ?? mover(m, side, true)!;
}

describe('the room client that shows only what the server took (predict: false)', () => {
  it('sends your move but draws it only once the server has taken it', () => {
    const { client, sockets } = confirmedOnly();
    const s = sockets[0]!;
    welcome(s);
    const start = client.view.match!;
    const dir = anyMove(start, 0);
    expect(client.act({ kind: 'slide', dir })).toEqual({ ok: true, value: true });
    expect(s.sent.at(-1)).toEqual({ type: 'act', id: 1, a: dir[0] });
    expect(client.view.match).toBe(start);
    expect(client.view.pending).toBe(1);
    s.receive({ type: 'action', match: 1, seq: 1, a: sent(TRUTH, 0, dir), id: 1 });
    expect(seen(client.view.match)).toEqual(seen(step(TRUTH, 0, dir)));
    expect(client.view.pending).toBe(0);
  });

  it('while reconnecting, keys send nothing and change nothing, and the notice stays until it is back', async () => {
    const { client, sockets } = confirmedOnly();
    welcome(sockets[0]!);
    const start = client.view.match!;
    sockets[0]!.drop();
    expect(client.view.status).toBe('reconnecting');
    const notice = client.view.notice;
    expect(notice).toMatch(/reconnecting/);
    const r = client.act({ kind: 'slide', dir: anyMove(start, 0) });
    expect(r).toMatchObject({ ok: false, error: { code: 'reconnecting' } });
    expect(!r.ok && r.error.message).toMatch(/^not sent: /);
    expect(client.offerRematch().ok).toBe(false);
    expect(client.view.match).toBe(start);
    expect(client.view.notice).toBe(notice);
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    // Nothing was sent meanwhile: the new socket says hello and nothing else.
    sockets[1]!.open();
    expect(sockets[1]!.sent).toHaveLength(1);
    welcome(sockets[1]!);
    expect(client.view.status).toBe('open');
    expect(client.view.notice).toBe(null);
  });

  it('sends again, once back, the moves the server had not answered before the drop, and draws them when taken', async () => {
    const { client, sockets } = confirmedOnly();
    welcome(sockets[0]!);
    const first = anyMove(TRUTH, 0);
    client.act({ kind: 'slide', dir: first });
    const second = anyMove(step(TRUTH, 0, first), 0);
    client.act({ kind: 'slide', dir: second });
    sockets[0]!.drop();
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    // The server had taken the first (id 1, in its log) but never got the second.
    const again = sockets[1]!;
    again.open();
    again.receive({ type: 'welcome', room: { code: 'ACDEFGH', rules: RULES }, you: 0, seat: null });
    // Between the welcome and the state, nothing is sent: ids go out in order.
    expect(client.act({ kind: 'slide', dir: 'left' })).toMatchObject({
      ok: false,
      error: { code: 'connecting' },
    });
    again.sent.length = 0;
    again.receive({
      type: 'state',
      match: 1,
      rules: RULES,
      start: START,
      log: [sent(TRUTH, 0, first)],
      lastId: 1,
      seats: SEATS,
      result: null,
      rematch: [false, false],
    });
    again.sent.unshift({ type: 'hello' });
    expect(again.sent.slice(1)).toEqual([{ type: 'act', id: 2, a: second[0] }]);
    const afterFirst = step(TRUTH, 0, first);
    expect(seen(client.view.match)).toEqual(seen(afterFirst));
    expect(client.view.pending).toBe(1);
    again.receive({ type: 'action', match: 1, seq: 2, a: sent(afterFirst, 0, second), id: 2 });
    expect(seen(client.view.match)).toEqual(seen(step(afterFirst, 0, second)));
  });

  it('a seat opened elsewhere: closed, said, keys refused without a word lost; retake takes it back', () => {
    const { client, sockets } = confirmedOnly();
    welcome(sockets[0]!);
    const start = client.view.match!;
    sockets[0]!.drop(CLOSE.replaced);
    expect(client.view).toMatchObject({ status: 'closed', closed: 'replaced' });
    const said = client.view.notice;
    expect(said).toMatch(/another window/);
    for (let i = 0; i < 3; i++) {
      const r = client.act({ kind: 'slide', dir: anyMove(start, 0) });
      expect(r).toMatchObject({ ok: false, error: { code: 'replaced' } });
    }
    expect(client.view.notice).toBe(said);
    expect(client.view.match).toBe(start);
    expect(sockets).toHaveLength(1);
    expect(client.retake()).toBe(true);
    expect(client.view).toMatchObject({ status: 'connecting', closed: null });
    const again = sockets[1]!;
    again.open();
    expect(again.sent[0]).toMatchObject({ type: 'hello', seat: 's'.repeat(43) });
    welcome(again);
    expect(client.view.status).toBe('open');
    expect(client.act({ kind: 'slide', dir: anyMove(start, 0) }).ok).toBe(true);
    client.close();
    expect(client.view).toMatchObject({ status: 'closed', closed: 'left' });
    expect(client.retake()).toBe(false);
  });

  it('gives up a first connection that is not welcomed within the time given', async () => {
    const silent = confirmedOnly({ connectTimeoutMs: 30 });
    await vi.waitFor(() => expect(silent.client.view.status).toBe('closed'));
    expect(silent.client.view.closed).toBe('unreachable');
    expect(silent.client.view.notice).toBe(
      'the server at http://127.0.0.1:9 did not answer within 0.03 s',
    );
    // A server that refuses connections: tried again until the time is up, then said so.
    const refusing = confirmedOnly({ connectTimeoutMs: 60 });
    refusing.sockets[0]!.drop();
    expect(refusing.client.view.status).toBe('connecting');
    await vi.waitFor(() => expect(refusing.client.view.status).toBe('closed'));
    expect(refusing.client.view.notice).toBe(
      'the server at http://127.0.0.1:9 could not be reached',
    );
    const tried = refusing.sockets.length;
    await new Promise((r) => setTimeout(r, 30));
    expect(refusing.sockets.length).toBe(tried);
  });

  it('a refusal is said until the room changes: the end, then a new match', () => {
    const { client, sockets } = confirmedOnly();
    const s = sockets[0]!;
    welcome(s);
    s.receive({
      type: 'end',
      match: 1,
      result: { winner: 1, reason: 'forfeit', code: 'sb.x', seed: 9 },
    });
    expect(client.act({ kind: 'slide', dir: 'left' }).ok).toBe(false);
    expect(client.view.notice).toBe('the match is over');
    s.receive({ type: 'rematch', offers: [false, true] });
    expect(client.view.notice).toBe(null);
    expect(client.act({ kind: 'slide', dir: 'left' }).ok).toBe(false);
    s.receive({
      type: 'state',
      match: 2,
      rules: RULES,
      start: START,
      log: [],
      lastId: 0,
      seats: SEATS,
      result: null,
      rematch: [false, false],
    });
    expect(client.view.notice).toBe(null);
    expect(client.view.matchNo).toBe(2);
  });

  it('a watcher offers no rematch, and a player offers one only once the match is over', () => {
    const w = confirmedOnly();
    welcome(w.sockets[0]!, null);
    expect(w.client.offerRematch()).toMatchObject({ ok: false, error: { code: 'watching' } });
    const p = confirmedOnly();
    welcome(p.sockets[0]!);
    expect(p.client.offerRematch()).toMatchObject({ ok: false, error: { code: 'not-over' } });
    expect(p.sockets[0]!.sent.some((m) => (m as { type: string }).type === 'rematch')).toBe(false);
  });
});
