/**
 * A scripted WebSocket for the clients' unit tests (roomClient.ts, rankedClient.ts): the test
 * opens it, hands it the server's messages and drops it; what the client sent is kept, read as
 * JSON.
 */
import type { SocketLike } from '../net/reconnect.ts';

export class FakeSocket<C = unknown, S = unknown> implements SocketLike {
  readyState = 0;
  /** What the client sent, in order (its heartbeat's pings apart, in {@link pings}). */
  readonly sent: C[] = [];
  /** The heartbeat's pings the client sent (their `t`). */
  readonly pings: number[] = [];
  /** How the client closed it, if it did. */
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;

  /** `url`: the address the client asked for. */
  constructor(readonly url = '') {}

  /** The connection opens. */
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  send(text: string): void {
    const m = JSON.parse(text) as { type?: unknown; t?: number };
    if (m.type === 'ping') this.pings.push(m.t ?? 0);
    else this.sent.push(m as C);
  }

  /** The server answers a ping. */
  pong(t = 0): void {
    this.onmessage?.({ data: JSON.stringify({ type: 'pong', t }) });
  }

  /** A message of the server's. */
  receive(m: S): void {
    this.onmessage?.({ data: JSON.stringify(m) });
  }

  /** The client closes it (its close event is not played: the client has let it go). */
  close(code?: number, reason?: string): void {
    this.readyState = 3;
    this.closedWith = { ...(code !== undefined ? { code } : {}), ...(reason ? { reason } : {}) };
  }

  /** The server or the network closes it (1006: dropped). */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
}

/** A socket factory for a client (`socket`), and the sockets it made, in order. */
export function fakeSockets<C = unknown, S = unknown>(): {
  readonly sockets: FakeSocket<C, S>[];
  socket(url: string): FakeSocket<C, S>;
} {
  const sockets: FakeSocket<C, S>[] = [];
  return {
    sockets,
    socket(url) {
      const s = new FakeSocket<C, S>(url);
      sockets.push(s);
      return s;
    },
  };
}
