import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../engine/game2048.ts';
import { SEAT_NOT_ANSWERING, SERVER_CHANGED_SENTENCE } from '../../net/linkWords.ts';
import { emptyRoomView, type RoomView } from '../../net/roomClient.ts';
import type { ClientMessage, RoomMatch, ServerMessage } from '../../net/rooms.ts';
import {
  type MatchResult,
  type RoomRules,
  type SeatInfo,
  startMatch,
  startOf,
} from '../../net/rooms.ts';
import { type FakeSocket, fakeSockets } from '../../testing/fakeSocket.ts';
import { FakeTime } from '../../testutil/fakeTime.ts';
import { RoomController } from './controllerRoom.ts';
import { roomModel } from './modelRoom.ts';
import { holdLine, noticeLine, resultSentence } from './roomWords.ts';

const RULES: RoomRules = { kind: 'versus', size: 4, target: 2048, attackCap: null };
const NOW = 1_000_000;
const seat = (
  name: string | null,
  connected = true,
  forfeitAt: number | null = null,
): SeatInfo => ({
  name,
  connected,
  forfeitAt,
});
const started = startMatch({ ...RULES, seed: 3 });
if (!started.ok) throw new Error('no match');
const MATCH = started.value;

function view(p: Partial<RoomView>): RoomView {
  return {
    ...emptyRoomView('open', null),
    room: { code: 'ACDEFGH', rules: RULES },
    rules: RULES,
    matchNo: 1,
    match: MATCH,
    confirmed: MATCH,
    you: 0,
    seats: [seat('Ada'), seat('Bob')],
    ...p,
  };
}
const model = (p: Partial<RoomView>, refused = false) => roomModel(view(p), { now: NOW, refused });
const result = (winner: 0 | 1 | 'draw', reason: MatchResult['reason']): MatchResult =>
  ({ winner, reason, code: 'CODE' }) as MatchResult;

describe('the room model: each seat’s state in words', () => {
  it.each([
    ['yours, open', {}, 0, 'connected', 'on'],
    ['the other, connected', {}, 1, 'connected', 'on'],
    ['the other, not joined', { seats: [seat('Ada'), seat(null)] }, 1, 'not joined yet', 'free'],
    ['the other, away', { seats: [seat('Ada'), seat('Bob', false)] }, 1, 'away', 'away'],
    [
      'the other, away with a forfeit',
      { seats: [seat('Ada'), seat('Bob', false, NOW + 41_500)] },
      1,
      'away — forfeits in 42 s',
      'away',
    ],
    ['anyone, server silent', { status: 'not-answering' }, 1, SEAT_NOT_ANSWERING, 'away'],
    ['yours, reconnecting', { status: 'reconnecting' }, 0, 'reconnecting…', 'away'],
    ['yours, connecting', { status: 'connecting' }, 0, 'connecting…', 'away'],
    ['yours, closed', { status: 'closed', closed: 'left' }, 0, 'disconnected', 'away'],
    [
      'yours, played elsewhere',
      { status: 'closed', closed: 'replaced' },
      0,
      'played in another window or tab',
      'away',
    ],
  ] as const)('%s', (_, p, side, text, kind) => {
    const m = model(p as Partial<RoomView>);
    expect(m.seats[side].state).toEqual({ text, kind });
    expect(m.seats[0].you).toBe(true);
  });

  it('a line tells a forfeit at its time of day', () => {
    const m = roomModel(view({ seats: [seat('Ada'), seat('Bob', false, NOW + 5000)] }), {
      now: NOW,
      clock: 'time',
    });
    expect(m.seats[1].state.text).toMatch(/^away: forfeits at \d\d:\d\d:\d\d$/);
  });
});

describe('the room model: the notice (why input is held)', () => {
  it.each([
    ['connecting', 'connecting', undefined, 'Connecting to the room…'],
    [
      'not-answering',
      'not-answering',
      undefined,
      'The server is not answering: your keys do nothing until it does',
    ],
    [
      'reconnecting',
      'reconnecting',
      undefined,
      'The connection dropped: reconnecting… Your keys do nothing until it is back',
    ],
    [
      'replaced',
      'closed',
      'replaced',
      'This seat is now played in another window or tab · t: take it back · q: leave',
    ],
    ['closed', 'closed', 'left', 'The connection to the room is closed · q: leave'],
  ] as const)('%s', (hold, status, closed, line) => {
    const v = view({ status, closed: closed ?? null });
    expect(model(v).hold).toBe(hold);
    expect(holdLine(v, false)).toBe(line);
  });

  it('while held, the match drawn is the server’s alone, and a refusal is said', () => {
    const mine = { ...MATCH };
    const m = model({ status: 'reconnecting', match: mine, confirmed: MATCH }, true);
    expect(m.match).toBe(MATCH);
    expect(m.refused).toBe(true);
    expect(holdLine(m.view, true)).toBe('Not sent: the connection dropped · reconnecting…');
    expect(model({ match: mine }, true).refused).toBe(false);
  });

  it('the scores shown are the server’s: a slide drawn ahead adds its points once taken', () => {
    if (MATCH.kind !== 'versus') throw new Error('a versus match');
    const [a, b] = MATCH.match.games;
    // Your slide drawn ahead, with the points it would make.
    const games = [{ ...a, score: a.score + 8 }, b] as const;
    const ahead: RoomMatch = { kind: 'versus', match: { ...MATCH.match, games } };
    const m = model({ match: ahead, confirmed: MATCH, pending: 1 });
    expect(m.match).toBe(ahead);
    expect(m.scores).toEqual([a.score, b.score]);
    // Taken: the server's match has the points.
    const taken = model({ match: ahead, confirmed: ahead });
    expect(taken.scores).toEqual([a.score + 8, b.score]);
    expect(model({ match: null, confirmed: null }).scores).toBe(null);
  });

  it('the pending and waiting counts come from the client', () => {
    const m = model({ pending: 3, waiting: 2 });
    expect([m.pending, m.waiting]).toEqual([3, 2]);
    expect(noticeLine(m.view, 'versus', false, NOW)).toBe('Waiting for the server (2)');
  });
});

describe('the room model: results and keys', () => {
  it.each([
    [result(0, 'play'), 0, 'You win!', 'You win.'],
    [result(1, 'play'), 0, 'Bob wins!', 'Bob wins.'],
    [result('draw', 'play'), null, 'Draw.', 'Draw.'],
    [
      result(0, 'forfeit'),
      1,
      'You forfeited.',
      'You forfeited: you were away too long, and Ada wins.',
    ],
    [result(0, 'forfeit'), null, 'Ada wins!', 'Ada wins: Bob was away too long.'],
    [
      result(1, 'time'),
      0,
      'You lost on time.',
      'You lost on time: your decision took too long, and Bob wins.',
    ],
    [result(1, 'time'), 1, 'You win!', "You win: Ada's time ran out."],
  ] as const)('%o seen by %s', (r, you, title, sentence) => {
    const m = model({ result: r, you });
    expect(m.result?.title).toBe(title);
    expect(m.result?.sentence).toBe(sentence);
    expect(resultSentence(m.view)).toBe(sentence);
  });

  it('offers the keys that do something now', () => {
    expect(model({}).keys).toEqual({ act: true, rematch: false, retake: false });
    expect(model({ you: null }).keys).toEqual({ act: false, rematch: false, retake: false });
    expect(model({ result: result(0, 'play') }).keys).toEqual({
      act: true,
      rematch: true,
      retake: false,
    });
    expect(model({ status: 'closed', closed: 'replaced' }).keys.retake).toBe(true);
    expect(model({ status: 'closed', closed: 'unreachable' }).keys.retake).toBe(true);
    expect(model({ status: 'closed', closed: 'left' }).keys.retake).toBe(false);
  });

  it('waits for the second player until the seat is taken', () => {
    expect(model({ seats: [seat('Ada'), seat(null)] }).waitingForPlayer).toBe(true);
    expect(model({}).waitingForPlayer).toBe(false);
  });
});

describe('the room controller, over a fake socket and fake time', () => {
  function setup() {
    const time = new FakeTime(NOW);
    const { sockets, socket } = fakeSockets<ClientMessage, ServerMessage>();
    const seen: string[] = [];
    const c = new RoomController({
      server: 'http://127.0.0.1:9',
      room: 'ACDEFGH',
      ports: { socket, time },
      retryMs: [100],
      onChange: (m) => seen.push(m.view.notice ?? ''),
    });
    const welcome = (s: FakeSocket<ClientMessage, ServerMessage>, referee: string) => {
      s.open();
      s.receive({
        type: 'welcome',
        room: { code: 'ACDEFGH', rules: RULES },
        you: 0,
        seat: null,
        referee,
      });
      s.receive({
        type: 'state',
        match: 1,
        rules: RULES,
        start: startOf(MATCH),
        log: [],
        lastId: 0,
        seats: [seat('Ada'), seat('Bob')],
        result: null,
        rematch: [false, false],
      });
    };
    return { time, sockets, c, seen, welcome };
  }

  it('a first welcome, or one before the match was ever had, says nothing of a change', () => {
    const { c, sockets, time, welcome } = setup();
    sockets[0]!.open();
    sockets[0]!.receive({
      type: 'welcome',
      room: { code: 'ACDEFGH', rules: RULES },
      you: null,
      seat: null,
      referee: 'one',
    });
    sockets[0]!.drop();
    time.advance(100);
    welcome(sockets[1]!, 'two');
    expect(c.view.notice).toBe(null);
    expect(c.view.serverChanges ?? 0).toBe(0);
  });

  it('a key while held sends nothing and says so until the hold is over', () => {
    const { c, sockets, welcome } = setup();
    expect(c.model.hold).toBe('connecting');
    const r = c.act({ kind: 'slide', dir: 'left' });
    expect(r).toEqual({ ok: false, held: true, message: 'not sent: still connecting to the room' });
    expect(c.model.refused).toBe(true);
    expect(sockets[0]!.sent.filter((m) => m.type === 'act')).toEqual([]);
    // Before the welcome nobody knows your seat: the line says only that it connects.
    expect(noticeLine(c.model.view, 'versus', c.model.refused, NOW)).toBe(
      'Connecting to the room…',
    );
    // The hold over, the refusal is said no more; a key now is sent.
    welcome(sockets[0]!, 'one');
    expect(c.model.hold).toBe(null);
    expect(c.model.refused).toBe(false);
    const dir = MATCH.kind === 'versus' ? legalMoves(MATCH.match.games[0].cells)[0]! : 'left';
    expect(c.act({ kind: 'slide', dir })).toEqual({ ok: true });
    expect(sockets[0]!.sent.filter((m) => m.type === 'act')).toHaveLength(1);
    expect(c.model.pending).toBe(1);
  });

  it('says once that the server changed when a reconnection finds another process', () => {
    const { c, sockets, time, seen, welcome } = setup();
    welcome(sockets[0]!, 'one');
    expect(c.model.hold).toBe(null);
    sockets[0]!.drop();
    expect(c.model.hold).toBe('reconnecting');
    time.advance(100);
    welcome(sockets[1]!, 'two');
    expect(c.view.notice).toBe(SERVER_CHANGED_SENTENCE);
    expect(c.view.serverChanges).toBe(1);
    expect(noticeLine(c.model.view, 'versus', false, NOW)).toBe(
      'The server changed: the match goes on where its last answered move left it',
    );
    expect(seen.filter((s) => s === SERVER_CHANGED_SENTENCE)).toHaveLength(1);
    // One line of the terminal's 80 columns, as the page's sentence too.
    expect(`${SERVER_CHANGED_SENTENCE}.`.length).toBeLessThanOrEqual(80);
    // The same process again: nothing to say.
    sockets[1]!.drop();
    time.advance(100);
    welcome(sockets[2]!, 'two');
    expect(c.view.notice).toBe(null);
    expect(c.view.serverChanges).toBe(1);
  });
});
