/**
 * The room client and fair play, over a fake socket: the player key goes with the hello, and a
 * duel's deadline is the server's, as it last said it (state, action, seats), gone with the end.
 */
import { describe, expect, it } from 'vitest';
import { FakeSocket as Fake } from '../testing/fakeSocket.ts';
import { newPlayerKey } from './api.ts';
import { RoomClient } from './roomClient.ts';
import {
  ROOM_PROTOCOL,
  type RoomRules,
  type ServerMessage,
  type Side,
  startMatch,
  startOf,
} from './rooms.ts';

class FakeSocket extends Fake<unknown, ServerMessage> {}

const RULES: RoomRules = { kind: 'duel', size: 3, target: null, attackCap: null, turnTime: 30 };
const START = (() => {
  const m = startMatch({ ...RULES, seed: 5 });
  if (!m.ok) throw new Error(m.error.message);
  return startOf(m.value);
})();
const SEATS = [
  { name: 'Ada', connected: true, forfeitAt: null },
  { name: 'Bob', connected: true, forfeitAt: null },
];

describe('the room client and the duel clock', () => {
  it('says hello with the player key, and shows the deadline the server last sent', () => {
    const key = newPlayerKey();
    const s = new FakeSocket();
    const client = new RoomClient({
      server: 'http://127.0.0.1:9',
      room: 'ACDEFGH',
      name: 'Ada',
      player: key,
      socket: () => s,
      onChange: () => {},
    });
    s.open();
    expect(s.sent[0]).toEqual({
      type: 'hello',
      protocol: ROOM_PROTOCOL,
      room: 'ACDEFGH',
      name: 'Ada',
      player: key,
    });
    s.receive({ type: 'welcome', room: { code: 'ACDEFGH', rules: RULES }, you: 0, seat: null });
    s.receive({
      type: 'state',
      match: 1,
      rules: RULES,
      start: START,
      log: [],
      lastId: 0,
      seats: [SEATS[0]!, { name: null, connected: false, forfeitAt: null }],
      result: null,
      rematch: [false, false],
      deadline: null,
    });
    expect(client.view.deadline).toBe(null);
    // The second seat taken: the clock starts.
    s.receive({ type: 'seats', seats: SEATS, deadline: 1_030_000 });
    expect(client.view.deadline).toBe(1_030_000);
    // The placer (the side that does not slide first) places: the next decision's deadline.
    const placer: Side = START.kind === 'duel' && START.first === 0 ? 1 : 0;
    s.receive({ type: 'action', match: 1, seq: 1, a: `${placer}p002`, id: 1, deadline: 1_040_000 });
    expect(client.view.log).toEqual([`${placer}p002`]);
    expect(client.view.deadline).toBe(1_040_000);
    // Seats without a deadline (an older server) leave it as it was.
    s.receive({ type: 'seats', seats: SEATS });
    expect(client.view.deadline).toBe(1_040_000);
    s.receive({
      type: 'end',
      match: 1,
      result: { winner: placer === 0 ? 1 : 0, reason: 'time', code: 'sb.x', seed: 5 },
    });
    expect(client.view.deadline).toBe(null);
    expect(client.view.result?.reason).toBe('time');
    client.close();
  });
});
