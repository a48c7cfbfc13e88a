/**
 * The connection under a room's or a ranked game's client (roomClient.ts, rankedClient.ts): one
 * WebSocket at a time, the hello sent when it opens, the server's messages read as JSON, and
 * after a drop the client's say whether to connect again — after the next of the backoff's
 * delays (the last one repeated) — or to stop. A (re)start may give up when the server has not
 * welcomed it in time. Pure of Node: the web bundle uses it as it is.
 *
 * Heartbeats: browsers cannot see WebSocket ping frames, so once welcomed a connection sends a
 * protocol `ping` every {@link HEARTBEAT}`.pingMs` and the server answers `pong` at once. A
 * server that sends nothing at all (no pong, no message) for `quietMs` is "not answering"
 * (`quiet(true)`, and `quiet(false)` when it speaks again); after `deadMs` the socket is let go
 * and a new one made, as after a drop. A socket not welcomed within `welcomeMs` of being made
 * (the server stalled, or a hello it answered without a seat) is let go the same way.
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

/** The clock and the one timer the connection needs (the real ones unless a test gives its own). */
export interface LinkTime {
  now(): number;
  /** Calls `fn` once after `ms`; returns what cancels it. */
  after(ms: number, fn: () => void): () => void;
}

/** The platform's clock and timers. */
export const systemLinkTime: LinkTime = {
  now: () => Date.now(),
  after(ms, fn) {
    const t = setTimeout(fn, ms);
    return () => clearTimeout(t);
  },
};

/** How often a welcomed connection pings, and how long a silence may last (ms). */
export interface Heartbeat {
  /** A ping this often. */
  readonly pingMs: number;
  /** Nothing heard for this long (its pings unanswered): the server is not answering. */
  readonly quietMs: number;
  /** Nothing heard for this long: the socket is let go, and a new one made. */
  readonly deadMs: number;
  /** A socket not welcomed this long after it was made is let go, and a new one made. */
  readonly welcomeMs: number;
}

export const HEARTBEAT: Heartbeat = {
  pingMs: 1500,
  quietMs: 4000,
  deadMs: 15_000,
  welcomeMs: 5000,
};

/** The close code of a socket the client let go because the server did not answer. */
export const SILENT_CLOSE = 4001;

/** A heartbeat's messages: the client's ping and the server's answer (`t` given back). */
export interface PingMessage {
  readonly type: 'ping';
  readonly t: number;
}
export interface PongMessage {
  readonly type: 'pong';
  readonly t: number;
}

/** A ping's text as the server reads it: its `t`, or null when the text is not a ping. */
export function readPing(text: string): number | null {
  if (text.length > 64 || !text.includes('"ping"')) return null;
  try {
    const m = JSON.parse(text) as Record<string, unknown>;
    if (typeof m !== 'object' || m === null || m.type !== 'ping') return null;
    if (Object.keys(m).some((k) => k !== 'type' && k !== 't')) return null;
    return typeof m.t === 'number' && Number.isFinite(m.t) ? m.t : null;
  } catch {
    return null;
  }
}

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
  /** The server went quiet (true: heard nothing for `quietMs`) or spoke again (false). */
  readonly quiet?: (silent: boolean) => void;
  /** The heartbeat's times (default {@link HEARTBEAT}). */
  readonly heartbeat?: Partial<Heartbeat> | undefined;
  /** The clock and timers (default the platform's). */
  readonly time?: LinkTime | undefined;
}

/** One connection at a time to the server, connected again after a drop (with backoff). */
export class Reconnecting<C, S> {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private timer: (() => void) | null = null;
  private giveUp: (() => void) | null = null;
  private stoppedNow = false;
  /** This socket was welcomed: it pings, and its silences count. */
  private live = false;
  private silent = false;
  /** The current socket's timers (welcome, ping, quiet, dead). */
  private timers: (() => void)[] = [];
  private readonly beat: Heartbeat;
  private readonly time: LinkTime;

  constructor(private readonly o: ReconnectingOptions<C, S>) {
    this.beat = { ...HEARTBEAT, ...o.heartbeat };
    this.time = o.time ?? systemLinkTime;
  }

  /** The server has said nothing for the heartbeat's `quietMs` (on a welcomed socket). */
  get quiet(): boolean {
    return this.silent;
  }

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
      this.giveUp = this.time.after(giveUpMs, () => {
        this.giveUp = null;
        if (!this.stoppedNow) giveUp();
      });
    }
    this.connect();
  }

  /** The server took this connection: the delays start over, and nothing gives up. */
  welcomed(): void {
    this.attempt = 0;
    this.giveUp?.();
    this.giveUp = null;
    const ws = this.socket;
    if (!ws || this.live) return;
    this.live = true;
    this.clearTimers();
    this.heard(ws);
    const ping = () => {
      if (this.socket !== ws) return;
      this.ask(ws);
      this.pingTimer = this.time.after(this.beat.pingMs, ping);
    };
    this.pingTimer = this.time.after(this.beat.pingMs, ping);
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
    this.clearTimers();
    this.timer?.();
    this.giveUp?.();
    this.timer = null;
    this.giveUp = null;
    const ws = this.socket;
    this.socket = null;
    ws?.close(1000, 'bye');
  }

  /** A ping; the first since the server last spoke is when its silence starts to count. */
  private ask(ws: SocketLike): void {
    if (ws.readyState === 1) ws.send(JSON.stringify({ type: 'ping', t: this.time.now() }));
    this.asked ??= this.time.now();
  }

  /** Something came from the server: not silent, and the silence is watched from now. */
  private heard(ws: SocketLike): void {
    if (!this.live) return;
    this.asked = null;
    this.cancel(this.watchTimer);
    this.watchTimer = this.time.after(this.beat.quietMs, () => this.watch(ws));
    if (this.silent) {
      this.silent = false;
      this.o.quiet?.(false);
    }
  }

  /**
   * The silence so far, counted from the first ping it left unanswered (not from the last
   * message: a page in a background tab may have its timers, pings included, held for a
   * minute, and a server that was not asked has not been silent).
   */
  private watch(ws: SocketLike): void {
    if (this.socket !== ws) return;
    const asked = this.asked;
    const { pingMs, quietMs, deadMs } = this.beat;
    if (asked === null) {
      // Not asked since it last spoke (the timers were held): ask now, and look again.
      this.ask(ws);
      this.watchTimer = this.time.after(quietMs - pingMs, () => this.watch(ws));
      return;
    }
    const waited = this.time.now() - asked;
    if (waited >= deadMs - pingMs) {
      this.abandon(ws, 'the server did not answer');
      return;
    }
    if (waited >= quietMs - pingMs && !this.silent) {
      this.silent = true;
      this.o.quiet?.(true);
    }
    const next = (this.silent ? deadMs : quietMs) - pingMs - waited;
    this.watchTimer = this.time.after(Math.max(1, next), () => this.watch(ws));
  }

  /** When the first ping since the server last spoke was sent (null: none since). */
  private asked: number | null = null;
  private watchTimer: (() => void) | null = null;
  private pingTimer: (() => void) | null = null;

  private cancel(c: (() => void) | null): void {
    c?.();
  }

  private clearTimers(): void {
    for (const c of this.timers) c();
    this.timers = [];
    this.cancel(this.pingTimer);
    this.cancel(this.watchTimer);
    this.pingTimer = this.watchTimer = null;
    this.asked = null;
  }

  /**
   * Lets a socket go that the server does not answer (its close handshake would wait on that
   * same server): closed, forgotten, and answered at once as a drop.
   */
  private abandon(ws: SocketLike, reason: string): void {
    if (this.socket !== ws) return;
    ws.onopen = ws.onmessage = ws.onclose = null;
    try {
      ws.close(SILENT_CLOSE, reason);
    } catch {
      // Already closing: nothing more to do with it.
    }
    this.lost(ws, { code: SILENT_CLOSE, reason });
  }

  /** The socket is gone (closed, or let go): the client says whether to connect again. */
  private lost(ws: SocketLike, ev: { readonly code: number; readonly reason: string }): void {
    if (this.socket !== ws) return;
    this.socket = null;
    this.clearTimers();
    this.live = false;
    this.silent = false;
    if (this.stoppedNow) return;
    const delays = this.o.retryMs ?? RETRY_MS;
    const delay = delays[Math.min(this.attempt, delays.length - 1)]!;
    if (!this.o.dropped(ev)) return;
    this.attempt++;
    this.timer = this.time.after(delay, () => {
      this.timer = null;
      if (!this.stoppedNow) this.connect();
    });
  }

  private connect(): void {
    const ws = this.o.socket(this.o.url);
    this.socket = ws;
    this.live = false;
    this.silent = false;
    this.clearTimers();
    if (this.beat.welcomeMs > 0) {
      this.timers.push(
        this.time.after(this.beat.welcomeMs, () => {
          if (!this.live) this.abandon(ws, 'no welcome from the server');
        }),
      );
    }
    this.o.connecting?.();
    ws.onopen = () => {
      if (this.socket !== ws) return;
      ws.send(JSON.stringify(this.o.hello()));
    };
    ws.onmessage = (ev) => {
      if (this.socket !== ws) return;
      this.heard(ws);
      let m: S;
      try {
        m = JSON.parse(String(ev.data)) as S;
      } catch {
        return;
      }
      if ((m as { type?: unknown } | null)?.type === 'pong') return;
      this.o.receive(m);
    };
    ws.onerror = () => {};
    ws.onclose = (ev) => this.lost(ws, ev);
  }
}
