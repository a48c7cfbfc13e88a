/**
 * Test support for online rooms: a real WebSocket client (`ws`) to a running server whose
 * messages are kept in order and awaited by what they say (testSocket.ts), and helpers to make
 * a room.
 */
import type { CreatedRoomAnswer } from '../net/api.ts';
import { socketUrl } from '../net/roomClient.ts';
import {
  applyAction,
  type ClientMessage,
  dealtBy,
  dealtText,
  type LoggedAction,
  ROOM_PROTOCOL,
  type RoomMatch,
  readDealt,
  replayDealt,
  replayLog,
  type SeededRules,
  type ServerMessage,
} from '../net/rooms.ts';
import { call } from './serverHarness.ts';
import { JsonTestSocket } from './testSocket.ts';

/**
 * How long a test waits for what a room owes it (a message, a condition) before calling the
 * room lost. Generous on purpose: the wait ends as soon as the signal comes, so this bounds
 * only a room that is really lost, not a busy machine (a loaded 2-core runner can take
 * seconds to seat a player across two servers).
 */
export const ROOM_WAIT_MS = 30_000;

/** A client of the rooms' socket (a test waits {@link ROOM_WAIT_MS} for what it is owed). */
export class TestSocket extends JsonTestSocket<ClientMessage, ServerMessage> {
  constructor(server: string) {
    super(socketUrl(server), ROOM_WAIT_MS);
  }
}

/** `POST /api/rooms`, which must answer 201. */
export async function createRoom(
  server: string,
  body: Record<string, unknown>,
): Promise<CreatedRoomAnswer> {
  const r = await call(server, 'POST', '/api/rooms', body);
  if (r.status !== 201) throw new Error(`POST /api/rooms: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as CreatedRoomAnswer;
}

/** A socket that has said hello (of this protocol) and been welcomed (and sent the state). */
export async function joined(
  server: string,
  hello: Omit<Extract<ClientMessage, { type: 'hello' }>, 'type' | 'protocol'>,
): Promise<{
  socket: TestSocket;
  welcome: Extract<ServerMessage, { type: 'welcome' }>;
  state: Extract<ServerMessage, { type: 'state' }>;
}> {
  const socket = new TestSocket(server);
  await socket.send({ type: 'hello', protocol: ROOM_PROTOCOL, ...hello });
  const welcome = await socket.next('welcome');
  const state = await socket.next('state');
  return { socket, welcome, state };
}

/**
 * Waits until `f` holds (polling every 10 ms), or fails after `ms` (by default
 * {@link ROOM_WAIT_MS}) saying what it waited for.
 */
export async function until(
  f: () => boolean,
  ms = ROOM_WAIT_MS,
  what: string | (() => string) = 'a condition',
): Promise<void> {
  const end = Date.now() + ms;
  while (!f()) {
    if (Date.now() > end) {
      throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * The match a room's log of action texts stands for, dealt from `rules.seed` (the dealt tiles
 * the texts carry are not read; throws when it does not replay).
 */
export function replayed(rules: SeededRules, log: readonly string[]): RoomMatch {
  const r = replayLog(rules, log.map((t) => readDealt(t)!) as LoggedAction[]);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/**
 * The texts the server should have sent for a log's actions: each with the tile `rules.seed`
 * deals for it (the tiles the log's texts carry are not read; throws when it does not replay).
 */
export function dealtLog(rules: SeededRules, log: readonly string[]): string[] {
  let m = replayed(rules, []);
  return log.map((t) => {
    const l = readDealt(t);
    if (!l) throw new Error(`not an action: ${t}`);
    const next = applyAction(m, l.side, l.action);
    if (!next.ok) throw new Error(next.error.message);
    m = next.value;
    return dealtText(l, dealtBy(m, l.side));
  });
}

/**
 * What a player sees of a match, without what only the dealer has (the seed, the generators'
 * states, the boards before): boards, scores, moves, queues or rounds, whose turn, the winner.
 */
export function seen(m: RoomMatch) {
  if (m.kind === 'duel') {
    const { first, round, phase, rounds, winner, log, game } = m.duel;
    return { cells: game.cells, score: game.score, first, round, phase, rounds, winner, log };
  }
  const { games, queues, winner, over, log } = m.match;
  return {
    cells: games.map((g) => g.cells),
    scores: games.map((g) => g.score),
    moves: games.map((g) => g.moves),
    queues,
    winner,
    over,
    log,
  };
}

/**
 * A watcher's socket that follows a room's match as a client makes it, without the seed: from
 * the boards of the state's start and each action's dealt tile.
 */
export class Follower {
  private constructor(readonly socket: TestSocket) {}

  /** Watches room `room` on `server`. */
  static async watch(server: string, room: string): Promise<Follower> {
    const w = await joined(server, { room, watch: true });
    return new Follower(w.socket);
  }

  /** The texts of the newest match's actions received so far. */
  get log(): string[] {
    const state = this.socket.all('state').at(-1);
    if (!state) return [];
    const more = this.socket
      .all('action')
      .filter((m) => m.match === state.match && m.seq > state.log.length)
      .map((m) => m.a);
    return [...state.log, ...more];
  }

  /** The match once `n` actions of it have been received (waits for them). */
  async after(n: number, ms = ROOM_WAIT_MS): Promise<RoomMatch> {
    await until(() => this.log.length >= n, ms, `action ${n} of the room`);
    const state = this.socket.all('state').at(-1)!;
    const m = replayDealt(state.rules, state.start, this.log.slice(0, n));
    if (!m.ok) throw new Error(m.error.message);
    return m.value;
  }

  close(): void {
    this.socket.close();
  }
}
