/**
 * Fair play in rooms, each attack done as a cheater would do it against a real server (SQLite
 * and PostgreSQL), and shown to fail: a rematch accepted after its offerer left does not end in
 * a forfeit the moment it starts; one player key holding both seats wins no record; a match
 * ended before both sides played counts for nobody; a duel's player who lets the clock run out
 * loses on the server's clock.
 */
import { describe, expect, it } from 'vitest';
import { newPlayerKey } from '../../net/api.ts';
import { readRoomCode } from '../../net/rooms.ts';
import { createRoom, joined, type TestSocket, until } from '../../testing/roomSockets.ts';
import { BACKENDS, type Backend, call, serverForBlock } from '../../testing/serverHarness.ts';

const FORFEIT_MS = 600;

/** A player's own record, asked with their key. */
async function recordOf(url: string, key: string) {
  const r = await call(url, 'GET', '/api/records', undefined, { 'x-player-key': key });
  expect(r.status).toBe(200);
  return r.body as { name: string | null; wins: number; losses: number; draws: number };
}

/**
 * `socket` (seated on `side`) slides until `n` of its actions are in the match's log, taking
 * ids from `next` (a slide that moves nothing is answered `ignored`).
 */
async function slides(socket: TestSocket, side: 0 | 1, n: number, ids: { next: number }) {
  const mine = () => socket.all('action').filter((m) => m.a[0] === String(side)).length;
  for (let i = 0; mine() < n; i++) {
    if (i > 40) throw new Error('the side could not slide');
    const id = ids.next++;
    await socket.send({ type: 'act', id, a: 'lurd'[i % 4]! });
    await until(() =>
      socket.messages.some(
        (m) =>
          (m.type === 'action' && m.a[0] === String(side) && m.id === id) ||
          ((m.type === 'ignored' || m.type === 'refused') && m.id === id),
      ),
    );
  }
}

describe.each(BACKENDS)('fair play in rooms on %s', (backend: Backend) => {
  const block = serverForBlock(backend, { forfeitMs: FORFEIT_MS });
  const url = () => block.server().url;

  it('gives a seat left before a rematch its whole forfeit time from the new match', async () => {
    const made = await createRoom(url(), { kind: 'versus', name: 'Victim' });
    const victim = await joined(url(), { room: made.code, seat: made.seat });
    const attacker = await joined(url(), { room: made.code, name: 'Attacker' });
    // The first match over (the attacker steps out and forfeits it), the attacker back.
    attacker.socket.close();
    await victim.socket.next('end');
    const back = await joined(url(), { room: made.code, seat: attacker.welcome.seat! });
    // The victim offers a rematch and leaves; the attacker accepts well after a forfeit time.
    await victim.socket.send({ type: 'rematch' });
    await back.socket.next('rematch', (m) => m.offers[0]);
    victim.socket.close();
    await back.socket.next('seats', (m) => m.seats[0]?.connected === false);
    await new Promise((r) => setTimeout(r, FORFEIT_MS * 1.5));
    const accepted = Date.now();
    await back.socket.send({ type: 'rematch' });
    const state = await back.socket.next('state', (m) => m.match === 2);
    expect(state.result).toBe(null);
    // The empty seat forfeits a whole forfeit time after the new match started, not at once.
    expect(state.seats[0]?.forfeitAt).toBeGreaterThanOrEqual(accepted + FORFEIT_MS);
    const end = await back.socket.next('end', (m) => m.match === 2);
    expect(Date.now()).toBeGreaterThanOrEqual(accepted + FORFEIT_MS);
    expect(end.result).toMatchObject({ winner: 1, reason: 'forfeit' });
    back.socket.close();
  });

  it('counts no record for one player key holding both seats, five rooms over', async () => {
    const key = newPlayerKey();
    for (let i = 0; i < 5; i++) {
      const made = await createRoom(url(), { kind: 'versus', name: 'Mallory', player: key });
      const a = await joined(url(), { room: made.code, seat: made.seat });
      const b = await joined(url(), { room: made.code, name: 'Champion', player: key });
      // Both sides play (the rule that refuses this is the one key, not too few moves).
      const ids = { next: 1 };
      await slides(a.socket, 0, 3, ids);
      await slides(b.socket, 1, 3, { next: 1 });
      b.socket.close();
      const end = await a.socket.next('end');
      expect(end.result).toMatchObject({ winner: 0, reason: 'forfeit' });
      a.socket.close();
    }
    expect(await recordOf(url(), key)).toMatchObject({ wins: 0, losses: 0, draws: 0 });
  });

  it('counts a match between two keys by key, not by name, once both sides played', async () => {
    const [ann, ben] = [newPlayerKey(), newPlayerKey()];
    // Too short: the second seat leaves before playing.
    const short = await createRoom(url(), { kind: 'versus', name: 'Ann', player: ann });
    const s0 = await joined(url(), { room: short.code, seat: short.seat });
    const s1 = await joined(url(), { room: short.code, name: 'Ben', player: ben });
    await slides(s0.socket, 0, 3, { next: 1 });
    await slides(s1.socket, 1, 2, { next: 1 });
    s1.socket.close();
    await s0.socket.next('end');
    s0.socket.close();
    expect(await recordOf(url(), ann)).toMatchObject({ wins: 0, losses: 0 });
    expect(await recordOf(url(), ben)).toMatchObject({ wins: 0, losses: 0 });
    // Played: each side three actions, then one leaves and forfeits. Someone else named "Ann"
    // takes nothing of Ann's record.
    const made = await createRoom(url(), { kind: 'versus', name: 'Ann', player: ann });
    const a = await joined(url(), { room: made.code, seat: made.seat });
    const b = await joined(url(), { room: made.code, name: 'Ben', player: ben });
    await slides(a.socket, 0, 3, { next: 1 });
    await slides(b.socket, 1, 3, { next: 1 });
    b.socket.close();
    await a.socket.next('end');
    a.socket.close();
    // The record is written with the result: asked again until it shows.
    let rec = await recordOf(url(), ann);
    for (let i = 0; i < 50 && rec.wins === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      rec = await recordOf(url(), ann);
    }
    expect(rec).toEqual({ name: 'Ann', wins: 1, losses: 0, draws: 0 });
    expect(await recordOf(url(), ben)).toEqual({ name: 'Ben', wins: 0, losses: 1, draws: 0 });
    expect(await recordOf(url(), newPlayerKey())).toEqual({
      name: null,
      wins: 0,
      losses: 0,
      draws: 0,
    });
    // By name, the record is no longer asked for; a key never goes in a query string.
    const byName = await call(url(), 'GET', '/api/records?name=Ann');
    expect(byName.status).toBe(400);
    const badKey = await call(url(), 'GET', '/api/records', undefined, { 'x-player-key': 'x' });
    expect(badKey.status).toBe(400);
  });

  it('gives a duel to the player whose opponent let the decision time run out', async () => {
    const made = await createRoom(url(), { kind: 'duel', name: 'Ada', turnTime: 1 });
    expect(made.rules).toMatchObject({ kind: 'duel', turnTime: 1 });
    const summary = await call(url(), 'GET', `/api/rooms/${made.code}`);
    expect(summary.body).toMatchObject({ rules: { turnTime: 1 } });
    const a = await joined(url(), { room: made.code, seat: made.seat });
    // No clock while the second seat is free.
    expect(a.state.deadline).toBe(null);
    const joinedAt = Date.now();
    const b = await joined(url(), { room: made.code, name: 'Bob' });
    const deadline = b.state.deadline!;
    expect(deadline).toBeGreaterThanOrEqual(joinedAt + 1000 - 50);
    const first = b.state.start.kind === 'duel' ? b.state.start.first : 0;
    // The placer of round 1 places the first tile: its clock starts again from that action.
    const placer = first === 0 ? 1 : 0;
    const placing = placer === 0 ? a.socket : b.socket;
    const sliding = placer === 0 ? b.socket : a.socket;
    await placing.send({ type: 'act', id: 1, a: 'p002' });
    const action = await sliding.next('action');
    expect(action.deadline).toBeGreaterThan(deadline - 1000);
    await placing.send({ type: 'act', id: 2, a: 'p332' });
    const second = await sliding.next('action');
    // The slider stalls: it loses on time, on the server's clock.
    const end = await placing.next('end');
    expect(end.result).toMatchObject({ winner: placer, reason: 'time' });
    expect(Date.now()).toBeGreaterThanOrEqual(second.deadline!);
    // Its move after that is too late.
    await sliding.send({ type: 'act', id: 1, a: 'l' });
    expect((await sliding.next('refused')).code).toBe('match-over');
    for (const s of [a, b]) s.socket.close();
  });

  it('refuses a duel time per decision out of range, and one for versus', async () => {
    for (const body of [
      { kind: 'duel', name: 'Ada', turnTime: 0 },
      { kind: 'duel', name: 'Ada', turnTime: 3601 },
      { kind: 'versus', name: 'Ada', turnTime: 30 },
      { kind: 'duel', name: 'Ada', player: 'short' },
    ]) {
      expect((await call(url(), 'POST', '/api/rooms', body)).status).toBe(400);
    }
    const made = await createRoom(url(), { kind: 'duel', name: 'Ada' });
    expect(made.rules.turnTime).toBe(60);
    expect(readRoomCode(made.code).ok).toBe(true);
  });
});
