/**
 * The web room's words while the server is slow or silent, from a real room client over a fake
 * socket and fake time: your slide drawn ahead is said to screen readers only once the server
 * took it; after 4 s of silence both seats say "not answering", the page holds input and says
 * why, and the match drawn keeps your pending slide (marked) rather than dropping it.
 */

import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../engine/game2048.ts';
import { shownMatch } from '../../front/online/modelRoom.ts';
import { holdSentence, seatState } from '../../front/online/roomWords.ts';
import { RoomClient, type RoomView } from '../../net/roomClient.ts';
import {
  applyAction,
  type ClientMessage,
  dealtBy,
  dealtText,
  type RoomRules,
  type ServerMessage,
  startMatch,
  startOf,
} from '../../net/rooms.ts';
import { fakeSockets } from '../../testing/fakeSocket.ts';
import { FakeTime } from '../../testutil/fakeTime.ts';
import { announceRoom } from './announce.ts';
import { holdOf } from './hold.ts';

const RULES: RoomRules = { kind: 'versus', size: 4, target: 2048, attackCap: null };

function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('the web room with a slow or silent server', () => {
  it('says a slide only once taken, and "not answering" for both seats after 4 s of silence', () => {
    const time = new FakeTime();
    const { sockets, socket } = fakeSockets<ClientMessage, ServerMessage>();
    const views: RoomView[] = [];
    const client = new RoomClient({
      server: 'http://127.0.0.1:9',
      room: 'ACDEFGH',
      socket,
      onChange: (v) => views.push(v),
      time,
    });
    let match = must(startMatch({ ...RULES, seed: 4 }));
    const s = sockets[0]!;
    s.open();
    s.receive({ type: 'welcome', room: { code: 'ACDEFGH', rules: RULES }, you: 0, seat: null });
    s.receive({
      type: 'state',
      match: 1,
      rules: RULES,
      start: startOf(match),
      log: [],
      lastId: 0,
      seats: [
        { name: 'Ada', connected: true, forfeitAt: null },
        { name: 'Bob', connected: true, forfeitAt: null },
      ],
      result: null,
      rematch: [false, false],
    });
    if (match.kind !== 'versus') throw new Error('versus');
    const dir = legalMoves(match.match.games[0].cells)[0]!;
    const before = client.view;
    client.act({ kind: 'slide', dir });
    const drawn = client.view;
    expect(drawn.pending).toBe(1);
    // Drawn, not said.
    expect(announceRoom(before, drawn)).toBe('');
    time.advance(600);
    expect(client.view.waiting).toBe(1);
    time.advance(3500);
    const silent = client.view;
    expect(silent.status).toBe('not-answering');
    expect(seatState(silent, 0, time.now()).text).toBe('not answering');
    expect(seatState(silent, 1, time.now()).text).toBe('not answering');
    const hold = holdOf(silent);
    expect(hold).toBe('not-answering');
    expect(holdSentence(hold!, silent, false)).toBe(
      'The server is not answering: your keys do nothing until it does.',
    );
    // The slide stays drawn (marked pending), not taken back.
    expect(shownMatch(silent, hold)).toBe(silent.match);
    expect(announceRoom(drawn, silent)).toBe('');
    // The server answers: now it is said.
    match = must(applyAction(match, 0, { kind: 'slide', dir }));
    s.receive({
      type: 'action',
      match: 1,
      seq: 1,
      a: dealtText({ side: 0, action: { kind: 'slide', dir } }, dealtBy(match, 0)),
      id: 1,
    });
    const taken = client.view;
    expect(taken.status).toBe('open');
    expect(taken.pending).toBe(0);
    expect(announceRoom(silent, taken)).toMatch(/^You/);
    expect(seatState(taken, 1, time.now()).text).toBe('connected');
    client.close();
  });
});
