/**
 * The rooms' WebSocket (`ws`) at `/api/rooms/socket`, on the HTTP server's port. A connection
 * sends `hello` first (within the limiter's `helloMs`, 10 s by default), then actions; each message is at most
 * {@link MESSAGE_MAX} bytes of JSON text and a connection may send {@link RATE_PER_SECOND} a
 * second (bursts of {@link RATE_BURST}): past that a message is refused, and a connection that
 * keeps on is closed. Anything that is not a message of the protocol closes the connection with
 * a code (src/net/rooms.ts `CLOSE`) and changes nothing. `hello`s and lookups of unknown rooms
 * are limited per client address (socketLimits.ts): past them the socket is closed with
 * `CLOSE.tooFast` before any room is looked up.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { CLOSE, MESSAGE_MAX, readClientMessage, type ServerMessage } from '../../net/rooms.ts';
import { SocketLimiter } from '../socketLimits.ts';
import { type Connection, type Peer, Refusal, type Rooms } from './rooms.ts';

export const SOCKET_PATH = '/api/rooms/socket';
export const RATE_PER_SECOND = 20;
export const RATE_BURST = 40;
/** Refused messages in a row after which the connection is closed. */
const REFUSED_MAX = 100;

/** Serves the rooms' socket on `server`; returns what closes it (the rooms with it). */
export function attachRoomSocket(
  server: Server,
  rooms: Rooms,
  log?: (line: string) => void,
  limiter: SocketLimiter = new SocketLimiter(null),
): { close(): Promise<void> } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MESSAGE_MAX });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== SOCKET_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      serveSocket(ws, rooms, log, limiter, req);
    });
  };
  server.on('upgrade', onUpgrade);
  return {
    async close() {
      server.off('upgrade', onUpgrade);
      await rooms.close();
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}

function serveSocket(
  ws: WebSocket,
  rooms: Rooms,
  log: ((line: string) => void) | undefined,
  limiter: SocketLimiter,
  req: IncomingMessage,
): void {
  const tcp = req.socket;
  const address = limiter.address(req);
  const peer: Peer = {
    send(m: ServerMessage) {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m));
    },
    sendText(text: string) {
      if (ws.readyState === ws.OPEN) ws.send(text);
    },
    close(code, reason) {
      ws.close(code, reason);
    },
  };
  let connection: Connection | null = null;
  let queue = Promise.resolve();
  let tokens = RATE_BURST;
  let filled = performance.now();
  let refusedInARow = 0;
  const hello = setTimeout(() => ws.close(CLOSE.slow, 'send hello first'), limiter.helloMs);

  const fail = (e: unknown) => {
    if (e instanceof Refusal) {
      if (e.close !== null) ws.close(e.close, e.message.slice(0, 120));
      else peer.send({ type: 'refused', id: null, code: e.code, message: e.message });
      return;
    }
    log?.(`rooms: ${e instanceof Error ? e.message : String(e)}`);
    peer.send({
      type: 'refused',
      id: null,
      code: 'unavailable',
      message: 'the server could not take this message; try again shortly',
    });
  };

  ws.on('message', (data, isBinary) => {
    if (isBinary) {
      ws.close(CLOSE.badMessage, 'messages are JSON text');
      return;
    }
    const now = performance.now();
    tokens = Math.min(RATE_BURST, tokens + ((now - filled) / 1000) * RATE_PER_SECOND);
    filled = now;
    if (tokens < 1) {
      if (++refusedInARow >= REFUSED_MAX) ws.close(CLOSE.tooFast, 'too many messages');
      else {
        peer.send({
          type: 'refused',
          id: null,
          code: 'rate-limited',
          message: `at most ${RATE_PER_SECOND} messages a second`,
        });
      }
      return;
    }
    tokens -= 1;
    refusedInARow = 0;
    const m = readClientMessage(String(data));
    if (!m) {
      ws.close(CLOSE.badMessage, 'not a message of this protocol');
      return;
    }
    queue = queue.then(async () => {
      if (ws.readyState !== ws.OPEN) return;
      try {
        if (connection) await connection.message(m);
        else if (m.type !== 'hello') ws.close(CLOSE.badMessage, 'send hello first');
        else {
          clearTimeout(hello);
          limiter.said(tcp);
          const limited = limiter.hello(address);
          if (limited !== null) {
            ws.close(CLOSE.tooFast, limited.slice(0, 120));
            return;
          }
          connection = await rooms.hello(peer, m);
          limiter.found(address);
        }
      } catch (e) {
        fail(e);
      }
    });
  });
  ws.on('close', () => {
    clearTimeout(hello);
    queue = queue.then(() => {
      connection?.closed();
      connection = null;
    });
  });
  ws.on('error', () => {
    // A frame over the size limit or not valid WebSocket: ws closes the connection itself.
  });
}
