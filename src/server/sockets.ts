/**
 * What the server's two WebSockets (rooms/socket.ts and ranked/socket.ts) share: the `ws` server
 * that takes their upgrades, and one connection's life — JSON text messages read by the
 * protocol's reader, a rate per connection (a token bucket; a connection that keeps on past it
 * is closed), `hello` first within the limiter's `helloMs` and limited per client address
 * (socketLimits.ts), then the messages handed one at a time, in order, to the connection that
 * the hello opened. A client's heartbeat (`{"type":"ping","t"}`, net/reconnect.ts) is answered
 * `pong` at once, before the queue and outside the message rate (up to {@link PINGS_PER_SECOND});
 * a connection that has pinged and then says nothing for {@link SILENT_MS} is dropped.
 */
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { readPing } from '../net/reconnect.ts';
import type { SocketLimiter } from './socketLimits.ts';

/** Refused messages in a row after which a connection is closed. */
const REFUSED_MAX = 100;

/** The listener {@link guardSocket} adds: a socket that fails is destroyed, and nothing throws. */
function destroyOnError(this: Duplex): void {
  this.destroy();
}

/**
 * Gives an upgrade's socket a listener for its errors. Node hands the socket of an upgrade
 * request over without one of its own, so a reset from the client (ECONNRESET on a read or a
 * write, EPIPE) would be an unhandled 'error' event, which stops the process. Called first
 * thing for every upgrade, whatever becomes of it; `ws` adds its own once it takes the socket.
 */
export function guardSocket(socket: Duplex): void {
  if (!socket.listeners('error').includes(destroyOnError)) socket.on('error', destroyOnError);
}

/**
 * Refuses an upgrade with an HTTP answer written on its socket (`status`, the extra `headers`,
 * a JSON `body` or none), then closes it: destroyed once the answer is written, so that a client
 * that keeps its side open (or resets it) holds nothing, and a socket gone already is only
 * destroyed.
 */
export function refuseUpgrade(
  socket: Duplex,
  status: number,
  headers: Readonly<Record<string, string | number>> = {},
  body = '',
): void {
  guardSocket(socket);
  if (socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const all: Record<string, string | number> = {
    ...headers,
    ...(body === '' ? {} : { 'content-type': 'application/json; charset=utf-8' }),
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  };
  const lines = Object.entries(all).map(([k, v]) => `${k}: ${v}\r\n`);
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('')}\r\n${body}`);
}

/** Pings a second answered outside the message rate (a client pings every 1.5 s). */
export const PINGS_PER_SECOND = 2;

/**
 * A client that pings and then is silent this long is gone (its socket is dropped): longer than
 * the minute a browser may hold the timers of a page in a background tab.
 */
export const SILENT_MS = 150_000;

/** A socket server that takes the upgrades handed to it. */
export interface SocketServer {
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /**
   * Closes every connection: with `goingAway`'s code first (then terminated 20 ms later), or at
   * once without it; then the server.
   */
  close(goingAway?: { readonly code: number; readonly reason: string }): Promise<void>;
}

/** A `ws` server without its own port whose connections `serve` takes (with their request). */
export function socketServer(
  maxPayload: number,
  serve: (ws: WebSocket, req: IncomingMessage) => void,
): SocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload });
  return {
    upgrade(req, socket, head) {
      guardSocket(socket);
      wss.handleUpgrade(req, socket, head, (ws) => serve(ws, req));
    },
    async close(goingAway) {
      if (goingAway) {
        for (const ws of wss.clients) ws.close(goingAway.code, goingAway.reason);
        await new Promise((r) => setTimeout(r, 20));
      }
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}

/** What a connection's protocol sends through: its messages as JSON, or written already. */
export interface SocketPeer<S> {
  send(m: S): void;
  sendText(text: string): void;
  close(code: number, reason: string): void;
  /** The socket is closed or closing: nothing it asked for while waiting should take effect. */
  gone(): boolean;
}

/** One connection's game or room after its hello. */
export interface SocketConnection<M, S = unknown> {
  message(m: M): Promise<void>;
  closed(): void | Promise<void>;
  /**
   * Sends an answer after the answers to every message before it, where those wait for more
   * than their turn here (a ranked move's answer waits for its commit); absent, it is sent once
   * the messages before it were handled.
   */
  inTurn?(answer: S): void;
}

/** A protocol served on a socket: its codes, its rate and what it answers. */
export interface SocketProtocol<M extends { readonly type: string }, S> {
  /** The log lines' first word. */
  readonly name: string;
  /** The close codes for a slow hello, a message not of the protocol, and too many. */
  readonly codes: { readonly slow: number; readonly badMessage: number; readonly tooFast: number };
  /** Messages a second, and a burst. */
  readonly ratePerSecond: number;
  readonly rateBurst: number;
  /** A message, or null when the text is not one of the protocol. */
  read(text: string): M | null;
  /**
   * True: a message is read before its rate is counted (a message not of the protocol closes
   * the connection even past the rate, and `overRate` is told the message); false: past the rate
   * it is not read at all.
   */
  readonly readFirst: boolean;
  /**
   * The answer to a message past the rate (`m` when read first), and whether it waits for the
   * answers to the messages before it (`inTurn`) or is sent at once.
   */
  overRate(m: M | null): { readonly answer: S; readonly inTurn: boolean };
  /** What is sent before the connection is closed when its hello is past the address's limits. */
  helloLimited(message: string): S | null;
  /** The hello: the connection it opens (throws what {@link fail} answers). */
  hello(
    peer: SocketPeer<S>,
    m: Extract<M, { readonly type: 'hello' }>,
  ): Promise<SocketConnection<M, S>>;
  /** Answers what a hello or a message threw. */
  fail(e: unknown, peer: SocketPeer<S>): void;
}

/**
 * A connection's heartbeat: `message` answers a ping (true: the text was one) with a pong at
 * once, up to {@link PINGS_PER_SECOND} (past them `tooMany`), and once the client has pinged, any
 * silence of {@link SILENT_MS} drops its socket.
 */
function heartbeat(
  ws: WebSocket,
  tooMany: () => void,
): { message(text: string): boolean; stop(): void } {
  let tokens = PINGS_PER_SECOND * 2;
  let filled = performance.now();
  let silent: ReturnType<typeof setTimeout> | null = null;
  return {
    message(text) {
      silent?.refresh();
      const t = readPing(text);
      if (t === null) return false;
      const now = performance.now();
      tokens = Math.min(PINGS_PER_SECOND * 2, tokens + ((now - filled) / 1000) * PINGS_PER_SECOND);
      filled = now;
      if (tokens < 1) {
        tooMany();
        return true;
      }
      tokens -= 1;
      silent ??= setTimeout(() => ws.terminate(), SILENT_MS);
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'pong', t }));
      return true;
    },
    stop() {
      if (silent) clearTimeout(silent);
    },
  };
}

/** Serves one connection of `protocol` on `ws` (`req` its upgrade request). */
export function serveSocket<M extends { readonly type: string }, S>(
  ws: WebSocket,
  req: IncomingMessage,
  protocol: SocketProtocol<M, S>,
  limiter: SocketLimiter,
  log?: (line: string) => void,
): void {
  const p = protocol;
  const tcp = req.socket;
  const address = limiter.address(req);
  const peer: SocketPeer<S> = {
    send(m) {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m));
    },
    sendText(text) {
      if (ws.readyState === ws.OPEN) ws.send(text);
    },
    close(code, reason) {
      ws.close(code, reason);
    },
    gone() {
      return ws.readyState !== ws.OPEN;
    },
  };
  let connection: SocketConnection<M, S> | null = null;
  let queue = Promise.resolve();
  let tokens = p.rateBurst;
  let filled = performance.now();
  let refusedInARow = 0;
  const beat = heartbeat(ws, () => {
    if (++refusedInARow >= REFUSED_MAX) ws.close(p.codes.tooFast, 'too many messages');
  });
  const hello = setTimeout(() => ws.close(p.codes.slow, 'send hello first'), limiter.helloMs);

  ws.on('message', (data, isBinary) => {
    if (isBinary) {
      ws.close(p.codes.badMessage, 'messages are JSON text');
      return;
    }
    if (beat.message(String(data))) return;
    let m = p.readFirst ? p.read(String(data)) : null;
    if (p.readFirst && !m) {
      ws.close(p.codes.badMessage, 'not a message of this protocol');
      return;
    }
    const now = performance.now();
    tokens = Math.min(p.rateBurst, tokens + ((now - filled) / 1000) * p.ratePerSecond);
    filled = now;
    if (tokens < 1) {
      if (++refusedInARow >= REFUSED_MAX) ws.close(p.codes.tooFast, 'too many messages');
      else {
        const { answer, inTurn } = p.overRate(m);
        if (inTurn) {
          queue = queue.then(() =>
            connection?.inTurn ? connection.inTurn(answer) : peer.send(answer),
          );
        } else peer.send(answer);
      }
      return;
    }
    tokens -= 1;
    refusedInARow = 0;
    if (!p.readFirst) m = p.read(String(data));
    if (!m) {
      ws.close(p.codes.badMessage, 'not a message of this protocol');
      return;
    }
    const message = m;
    queue = queue.then(async () => {
      if (ws.readyState !== ws.OPEN) return;
      try {
        if (connection) await connection.message(message);
        else if (message.type !== 'hello') ws.close(p.codes.badMessage, 'send hello first');
        else {
          clearTimeout(hello);
          limiter.said(tcp);
          const limited = limiter.hello(address);
          if (limited !== null) {
            const answer = p.helloLimited(limited);
            if (answer !== null) peer.send(answer);
            ws.close(p.codes.tooFast, limited.slice(0, 120));
            return;
          }
          connection = await p.hello(peer, message as Extract<M, { readonly type: 'hello' }>);
          limiter.found(address);
        }
      } catch (e) {
        p.fail(e, peer);
      }
    });
  });
  ws.on('close', () => {
    clearTimeout(hello);
    beat.stop();
    queue = queue.then(async () => {
      try {
        await connection?.closed();
      } catch (e) {
        log?.(`${p.name}: ${e instanceof Error ? e.message : String(e)}`);
      }
      connection = null;
    });
  });
  ws.on('error', () => {
    // A frame over the size limit or not valid WebSocket: ws closes the connection itself.
  });
}
