/**
 * The rooms' WebSocket (`ws`) at `/api/rooms/socket`, on the HTTP server's port. A connection
 * sends `hello` first (within the limiter's `helloMs`, 10 s by default), then actions; each message is at most
 * {@link MESSAGE_MAX} bytes of JSON text and a connection may send {@link RATE_PER_SECOND} a
 * second (bursts of {@link RATE_BURST}): past that a message is refused, and a connection that
 * keeps on is closed. Anything that is not a message of the protocol closes the connection with
 * a code (src/net/rooms.ts `CLOSE`) and changes nothing. `hello`s and lookups of unknown rooms
 * are limited per client address (socketLimits.ts): past them the socket is closed with
 * `CLOSE.tooFast` before any room is looked up. The connection's life is the one both sockets
 * share (../sockets.ts).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  CLOSE,
  type ClientMessage,
  MESSAGE_MAX,
  readClientMessage,
  type ServerMessage,
} from '../../net/rooms.ts';
import { SocketLimiter } from '../socketLimits.ts';
import {
  guardSocket,
  refuseUpgrade,
  type SocketProtocol,
  serveSocket,
  socketServer,
} from '../sockets.ts';
import { Refusal, type Rooms } from './rooms.ts';
import { CLOSE_TRY_LATER } from './types.ts';

export const SOCKET_PATH = '/api/rooms/socket';
export const RATE_PER_SECOND = 20;
export const RATE_BURST = 40;

/** Serves the rooms' socket on `server`; returns what closes it (the rooms with it). */
export function attachRoomSocket(
  server: Server,
  rooms: Rooms,
  log?: (line: string) => void,
  limiter: SocketLimiter = new SocketLimiter(null),
): { close(): Promise<void> } {
  const protocol = roomsProtocol(rooms, log);
  const sockets = socketServer(MESSAGE_MAX, (ws, req) =>
    serveSocket(ws, req, protocol, limiter, log),
  );
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    guardSocket(socket);
    const path = (req.url ?? '').split('?')[0];
    if (path !== SOCKET_PATH) {
      const message = `no socket at ${(path ?? '').slice(0, 200)}`;
      refuseUpgrade(socket, 404, {}, JSON.stringify({ error: { code: 'not-found', message } }));
      return;
    }
    sockets.upgrade(req, socket, head);
  };
  server.on('upgrade', onUpgrade);
  return {
    async close() {
      server.off('upgrade', onUpgrade);
      await rooms.close();
      await sockets.close();
    },
  };
}

function roomsProtocol(
  rooms: Rooms,
  log: ((line: string) => void) | undefined,
): SocketProtocol<ClientMessage, ServerMessage> {
  return {
    name: 'rooms',
    codes: CLOSE,
    ratePerSecond: RATE_PER_SECOND,
    rateBurst: RATE_BURST,
    read: readClientMessage,
    // Past the rate a message is refused without being read.
    readFirst: false,
    overRate: () => ({
      answer: {
        type: 'refused',
        id: null,
        code: 'rate-limited',
        message: `at most ${RATE_PER_SECOND} messages a second`,
      },
      inTurn: false,
    }),
    helloLimited: () => null,
    async hello(peer, m) {
      try {
        return await rooms.hello(peer, m);
      } catch (e) {
        if (e instanceof Refusal) throw e;
        // A hello the server could not serve (the database failing) takes no seat: the socket
        // is closed as "try again later", and its client connects again.
        log?.(`rooms: ${e instanceof Error ? e.message : String(e)}`);
        throw new Refusal(
          'unavailable',
          'the server could not seat this connection; connect again shortly',
          CLOSE_TRY_LATER,
        );
      }
    },
    fail(e, peer) {
      if (e instanceof Refusal) {
        if (e.close !== null) peer.close(e.close, e.message.slice(0, 120));
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
    },
  };
}
