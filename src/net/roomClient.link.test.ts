/**
 * The room client when the server is slow or silent, over a fake socket and fake time: an
 * action not answered is drawn as pending (the match shown has it, the server's does not, and
 * the other side's waiting attacks stay the server's), "waiting for the server (N)" once it has
 * waited 0.5 s; a server silent for 4 s is "not answering" (input refused, nothing sent, until
 * it speaks again); one silent for 15 s is let go and connected again, and the actions it had
 * not answered are sent again; a socket not welcomed in 5 s is let go and connected again; a
 * hello closed as "try again later" (1013) connects again.
 */
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../engine/game2048.ts';
import { type FakeSocket, fakeSockets } from '../testing/fakeSocket.ts';
import { FakeTime } from '../testutil/fakeTime.ts';
import { NOT_SENT_NOT_ANSWERING } from './linkWords.ts';
import type { LinkTime } from './reconnect.ts';
import { RoomClient } from './roomClient.ts';
import {
  actionText,
  applyAction,
  type ClientMessage,
  dealtBy,
  dealtText,
  type RoomAction,
  type RoomMatch,
  type RoomRules,
  type ServerMessage,
  startMatch,
  startOf,
} from './rooms.ts';

const RULES: RoomRules = { kind: 'versus', size: 4, target: 2048, attackCap: null };
const SEEDED = { ...RULES, seed: 11 };
const SEATS = [
  { name: 'Ada', connected: true, forfeitAt: null },
  { name: 'Bob', connected: true, forfeitAt: null },
];

function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** The server's side of one room: its match, and what it says on a socket. */
class Server {
  match: RoomMatch = must(startMatch(SEEDED));
  readonly start = startOf(this.match);
  readonly log: string[] = [];

  welcome(s: FakeSocket<ClientMessage, ServerMessage>, lastId = 0): void {
    s.receive({ type: 'welcome', room: { code: 'ACDEFGH', rules: RULES }, you: 0, seat: null });
    s.receive({
      type: 'state',
      match: 1,
      rules: RULES,
      start: this.start,
      log: [...this.log],
      lastId,
      seats: SEATS,
      result: null,
      rematch: [false, false],
    });
  }

  /** Applies side 0's `action` as the server would: the action message it sends. */
  apply(id: number, action: RoomAction): ServerMessage {
    this.match = must(applyAction(this.match, 0, action));
    const text = dealtText({ side: 0, action }, dealtBy(this.match, 0));
    this.log.push(text);
    return { type: 'action', match: 1, seq: this.log.length, a: text, id };
  }
}

function setup() {
  const time = new FakeTime();
  const { sockets, socket } = fakeSockets<ClientMessage, ServerMessage>();
  const client = new RoomClient({
    server: 'http://127.0.0.1:9',
    room: 'ACDEFGH',
    socket,
    onChange: () => {},
    time,
    retryMs: [100],
  });
  const server = new Server();
  const first = sockets[0]!;
  first.open();
  server.welcome(first);
  return { time, sockets, client, server, first };
}

/** A slide that moves side 0's board in `m`. */
function slideOf(m: RoomMatch): RoomAction {
  if (m.kind !== 'versus') throw new Error('versus only');
  const dir = legalMoves(m.match.games[0].cells)[0]!;
  return { kind: 'slide', dir };
}

const acts = (s: FakeSocket<ClientMessage, ServerMessage>) =>
  s.sent.filter((m) => m.type === 'act');

/**
 * Timers held and then run all at once, late (a page in a background tab): every timer due by
 * `to` fires at `to`.
 */
class HeldTime implements LinkTime {
  private t = 0;
  private readonly queue: { at: number; fn: () => void; live: boolean }[] = [];
  now(): number {
    return this.t;
  }
  after(ms: number, fn: () => void): () => void {
    const e = { at: this.t + ms, fn, live: true };
    this.queue.push(e);
    return () => {
      e.live = false;
    };
  }
  wake(to: number): void {
    this.t = to;
    for (;;) {
      const due = this.queue.filter((e) => e.live && e.at <= to);
      if (due.length === 0) return;
      for (const e of due) {
        e.live = false;
        e.fn();
      }
    }
  }
}

describe('the room client with a slow or silent server', () => {
  it('does not call a server silent when its own timers were held (a background tab)', () => {
    const time = new HeldTime();
    const { sockets, socket } = fakeSockets<ClientMessage, ServerMessage>();
    const client = new RoomClient({
      server: 'http://127.0.0.1:9',
      room: 'ACDEFGH',
      socket,
      onChange: () => {},
      time,
    });
    const s = sockets[0]!;
    s.open();
    new Server().welcome(s);
    // A minute with no timer run, then all of them at once: the server is asked, not judged.
    time.wake(60_000);
    expect(client.view.status).toBe('open');
    expect(s.closedWith).toBe(null);
    expect(s.pings.length).toBeGreaterThan(0);
    s.pong();
    time.wake(61_000);
    expect(client.view.status).toBe('open');
    // Held again: asked when the timers run, judged only once that ping had its time.
    time.wake(65_000);
    expect(client.view.status).toBe('open');
    time.wake(68_000);
    expect(client.view.status).toBe('not-answering');
    client.close();
  });

  it('draws an unanswered slide as pending, and says it waits for the server after 0.5 s', () => {
    const { time, client, server, first } = setup();
    const action = slideOf(server.match);
    expect(client.act(action).ok).toBe(true);
    const v = client.view;
    expect(v.pending).toBe(1);
    // Drawn ahead: the match shown has the slide, the server's match does not.
    expect(v.match).not.toBe(v.confirmed);
    expect(v.confirmed?.kind === 'versus' && v.confirmed.match.log.length).toBe(0);
    expect(v.waiting).toBe(0);
    time.advance(499);
    expect(client.view.waiting).toBe(0);
    time.advance(2);
    expect(client.view.waiting).toBe(1);
    // A second one waits with it.
    const next = client.view.match!;
    client.act(slideOf(next));
    expect(client.view.waiting).toBe(client.view.pending);
    // The server takes the first: it is no longer pending.
    first.pong();
    first.receive(server.apply(1, action));
    expect(client.view.confirmed?.kind === 'versus' && client.view.confirmed.match.log.length).toBe(
      1,
    );
    expect(client.view.pending).toBe(1);
  });

  it('shows the other side’s waiting attacks as the server has them, not as your slide would', () => {
    const { client, server, first } = setup();
    // Slides taken by the server until one of side 0's would send an attack (a merge).
    let id = 0;
    for (let i = 0; i < 500; i++) {
      const m = server.match;
      if (m.kind !== 'versus' || m.match.over) break;
      const dirs = legalMoves(m.match.games[0].cells);
      const attack = dirs.find((dir) => {
        const after = applyAction(m, 0, { kind: 'slide', dir });
        return after.ok && after.value.kind === 'versus' && after.value.match.queues[1].length > 0;
      });
      if (attack) {
        client.act({ kind: 'slide', dir: attack });
        const v = client.view;
        if (v.match?.kind !== 'versus' || v.confirmed?.kind !== 'versus') throw new Error('versus');
        // Your board has the slide; the other's card shows no attack until the server took it.
        expect(v.match.match.games[0].cells).not.toEqual(v.confirmed.match.games[0].cells);
        expect(v.match.match.queues[1]).toEqual(v.confirmed.match.queues[1]);
        first.receive(server.apply(++id, { kind: 'slide', dir: attack }));
        const taken = client.view;
        if (taken.match?.kind !== 'versus') throw new Error('versus');
        expect(taken.match.match.queues[1].length).toBeGreaterThan(0);
        return;
      }
      const action = { kind: 'slide', dir: dirs[0]! } as const;
      client.act(action);
      first.receive(server.apply(++id, action));
    }
    throw new Error('no attack came');
  });

  it('is "not answering" within 5 s of silence: input refused and nothing sent, until it speaks', () => {
    const { time, client, server, first } = setup();
    // Answered pings keep it open.
    for (let i = 0; i < 10; i++) {
      time.advance(1500);
      first.pong();
    }
    expect(first.pings.length).toBeGreaterThanOrEqual(9);
    expect(client.view.status).toBe('open');
    const action = slideOf(server.match);
    client.act(action);
    const sentBefore = acts(first).length;
    time.advance(4000);
    expect(client.view.status).toBe('not-answering');
    expect(client.view.waiting).toBe(1);
    const refused = client.act(slideOf(client.view.match!));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toBe(NOT_SENT_NOT_ANSWERING);
    expect(acts(first).length).toBe(sentBefore);
    expect(client.view.pending).toBe(1);
    // The server speaks again: open, and its answer takes the slide.
    first.receive(server.apply(1, action));
    expect(client.view.status).toBe('open');
    expect(client.view.pending).toBe(0);
    expect(client.view.waiting).toBe(0);
  });

  it('lets a silent socket go after 15 s, connects again, and sends the unanswered action again', () => {
    const { time, sockets, client, server, first } = setup();
    const action = slideOf(server.match);
    client.act(action);
    time.advance(15_000);
    expect(first.closedWith?.code).toBe(4001);
    expect(client.view.status).toBe('reconnecting');
    time.advance(100);
    expect(sockets.length).toBe(2);
    const second = sockets[1]!;
    second.open();
    server.welcome(second);
    expect(acts(second)).toEqual([{ type: 'act', id: 1, a: actionText(action) }]);
    expect(client.view.status).toBe('open');
  });

  it('connects again when no welcome comes within 5 s, or the hello is closed as "try again later"', () => {
    const time = new FakeTime();
    const { sockets, socket } = fakeSockets<ClientMessage, ServerMessage>();
    const client = new RoomClient({
      server: 'http://127.0.0.1:9',
      room: 'ACDEFGH',
      socket,
      onChange: () => {},
      time,
      retryMs: [100],
    });
    sockets[0]!.open();
    expect(sockets[0]!.sent[0]).toMatchObject({ type: 'hello' });
    // The server answers the hello with nothing (or a refusal and no seat).
    sockets[0]!.receive({
      type: 'refused',
      id: null,
      code: 'unavailable',
      message: 'the server could not take this message; try again shortly',
    });
    time.advance(5000);
    expect(sockets[0]!.closedWith?.code).toBe(4001);
    time.advance(100);
    expect(sockets.length).toBe(2);
    // Closed as "try again later": connected again.
    sockets[1]!.open();
    sockets[1]!.drop(1013);
    time.advance(100);
    expect(sockets.length).toBe(3);
    sockets[2]!.open();
    new Server().welcome(sockets[2]!);
    expect(client.view.status).toBe('open');
    client.close();
  });
});
