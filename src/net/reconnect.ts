/**
 * The connection under a room's or a ranked game's client (roomClient.ts, rankedClient.ts): one
 * WebSocket at a time, the hello sent when it opens, the server's messages read as JSON, and
 * after a drop the client's say whether to connect again — after the next of the backoff's
 * delays (the last one repeated) — or to stop. A (re)start may give up when the server has not
 * welcomed it in time. Pure of Node: the web bundle uses it as it is.
 */

/** What the client needs of a WebSocket: the browser's and `ws`'s both have it. */
export interface SocketLike {
  readonly readyState: number;
  send(text: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

/** Reconnection delays (ms) unless told otherwise, the last one repeated. */
export const RETRY_MS: readonly number[] = [250, 500, 1000, 2000];

export interface ReconnectingOptions<C, S> {
  readonly socket: SocketFactory;
  readonly url: string;
  /** Reconnection delays (ms), the last one repeated (default {@link RETRY_MS}). */
  readonly retryMs?: readonly number[] | undefined;
  /** Called as each socket is made (before it opens). */
  readonly connecting?: () => void;
  /** The message sent first on each socket that opens. */
  readonly hello: () => C;
  /** A message of the server's (one that is not JSON is passed over). */
  readonly receive: (m: S) => void;
  /**
   * The socket closed without {@link Reconnecting.stop}: true to connect again after the next
   * delay, false when the client has stopped instead.
   */
  readonly dropped: (ev: { readonly code: number; readonly reason: string }) => boolean;
}

/** One connection at a time to the server, connected again after a drop (with backoff). */
export class Reconnecting<C, S> {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private giveUp: ReturnType<typeof setTimeout> | null = null;
  private stoppedNow = false;

  constructor(private readonly o: ReconnectingOptions<C, S>) {}

  /** Stopped: no socket, and none made until the next {@link start}. */
  get stopped(): boolean {
    return this.stoppedNow;
  }

  /**
   * Connects (again after a stop): the delays start over, and with `giveUpMs`, `giveUp` is
   * called when that time passes without {@link welcomed} (unless stopped by then).
   */
  start(giveUpMs?: number, giveUp?: () => void): void {
    this.stoppedNow = false;
    this.attempt = 0;
    if (giveUpMs !== undefined && giveUp) {
      this.giveUp = setTimeout(() => {
        this.giveUp = null;
        if (!this.stoppedNow) giveUp();
      }, giveUpMs);
    }
    this.connect();
  }

  /** The server took this connection: the delays start over, and nothing gives up. */
  welcomed(): void {
    this.attempt = 0;
    if (this.giveUp) clearTimeout(this.giveUp);
    this.giveUp = null;
  }

  /** Sends `m` when the socket is open (else nothing). */
  send(m: C): void {
    if (this.socket && this.socket.readyState === 1) this.socket.send(JSON.stringify(m));
  }

  /** Closes this socket as a drop (it is answered as one: {@link ReconnectingOptions.dropped}). */
  drop(code: number, reason: string): void {
    this.socket?.close(code, reason);
  }

  /** Stops for good (until a {@link start}): the timers cleared, the socket closed. */
  stop(): void {
    this.stoppedNow = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.giveUp) clearTimeout(this.giveUp);
    this.timer = null;
    this.giveUp = null;
    const ws = this.socket;
    this.socket = null;
    ws?.close(1000, 'bye');
  }

  private connect(): void {
    const ws = this.o.socket(this.o.url);
    this.socket = ws;
    this.o.connecting?.();
    ws.onopen = () => {
      if (this.socket !== ws) return;
      ws.send(JSON.stringify(this.o.hello()));
    };
    ws.onmessage = (ev) => {
      if (this.socket !== ws) return;
      let m: S;
      try {
        m = JSON.parse(String(ev.data)) as S;
      } catch {
        return;
      }
      this.o.receive(m);
    };
    ws.onerror = () => {};
    ws.onclose = (ev) => {
      if (this.socket !== ws) return;
      this.socket = null;
      if (this.stoppedNow) return;
      const delays = this.o.retryMs ?? RETRY_MS;
      const delay = delays[Math.min(this.attempt, delays.length - 1)]!;
      if (!this.o.dropped(ev)) return;
      this.attempt++;
      this.timer = setTimeout(() => {
        this.timer = null;
        if (!this.stoppedNow) this.connect();
      }, delay);
    };
  }
}
