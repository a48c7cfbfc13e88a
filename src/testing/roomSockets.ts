/**
 * Test support for online rooms: a real WebSocket client (`ws`) to a running server whose
 * messages are kept in order and awaited by what they say, and helpers to make a room.
 */
import WebSocket from 'ws';
import type { CreatedRoomAnswer } from '../net/api.ts';
import { socketUrl } from '../net/roomClient.ts';
import {
  type ClientMessage,
  type LoggedAction,
  type RoomMatch,
  type RoomRules,
  readLogged,
  replayLog,
  type ServerMessage,
} from '../net/rooms.ts';
import { call } from './serverHarness.ts';

export class TestSocket {
  readonly ws: WebSocket;
  /** Every message received, in order. */
  readonly messages: ServerMessage[] = [];
  private seen = 0;
  private waiters: (() => void)[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(server: string) {
    this.ws = new WebSocket(socketUrl(server));
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.closed = new Promise((resolve) => {
      this.ws.once('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.wake();
      });
    });
    this.ws.on('error', () => {});
    this.ws.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as ServerMessage);
      this.wake();
    });
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  async send(m: ClientMessage | string): Promise<void> {
    await this.opened;
    this.ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  }

  /** The next message (after those already taken) that `pick` accepts; the ones before it are skipped. */
  async next<T extends ServerMessage['type']>(
    type: T,
    pick: (m: Extract<ServerMessage, { type: T }>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<Extract<ServerMessage, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.seen < this.messages.length) {
        const m = this.messages[this.seen++]!;
        if (m.type === type && pick(m as Extract<ServerMessage, { type: T }>)) {
          return m as Extract<ServerMessage, { type: T }>;
        }
      }
      if (this.ws.readyState === WebSocket.CLOSED) {
        throw new Error(`closed while waiting for ${type}`);
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type} message within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Every message of a type received so far. */
  all<T extends ServerMessage['type']>(type: T): Extract<ServerMessage, { type: T }>[] {
    return this.messages.filter((m) => m.type === type) as Extract<ServerMessage, { type: T }>[];
  }

  close(): void {
    this.ws.close();
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

/** A socket that has said hello and been welcomed (and sent the state). */
export async function joined(
  server: string,
  hello: Omit<Extract<ClientMessage, { type: 'hello' }>, 'type'>,
): Promise<{
  socket: TestSocket;
  welcome: Extract<ServerMessage, { type: 'welcome' }>;
  state: Extract<ServerMessage, { type: 'state' }>;
}> {
  const socket = new TestSocket(server);
  await socket.send({ type: 'hello', ...hello });
  const welcome = await socket.next('welcome');
  const state = await socket.next('state');
  return { socket, welcome, state };
}

/** Waits until `f` holds (polling every 10 ms), or fails after `ms` saying what it waited for. */
export async function until(
  f: () => boolean,
  ms = 5000,
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

/** The match a room's log of action texts stands for (throws when it does not replay). */
export function replayed(rules: RoomRules, log: readonly string[]): RoomMatch {
  const r = replayLog(rules, log.map((t) => readLogged(t)!) as LoggedAction[]);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
