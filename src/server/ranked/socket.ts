/**
 * The ranked games' WebSocket (`ws`) at `/api/ranked/socket`, on the HTTP server's port. A
 * connection sends `hello` first (within the limiter's `helloMs`, 10 s by default), then moves; each message is at most
 * RANKED_MESSAGE_MAX bytes of JSON text, and a connection may send {@link RATE_PER_SECOND} a
 * second (bursts of {@link RATE_BURST}): past that a message is refused, and a connection that
 * keeps on is closed. Anything that is not a message of the protocol closes the connection with
 * a code (src/net/ranked.ts `RANKED_CLOSE`) and changes nothing. A refused hello is answered
 * `{ type: 'error' }`, then the connection is closed with its code. `hello`s and lookups of
 * unknown games are limited per client address (socketLimits.ts). The connection's life is
 * the one both sockets share (../sockets.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  RANKED_CLOSE,
  RANKED_MESSAGE_MAX,
  type RankedClientMessage,
  type RankedServerMessage,
  readRankedClientMessage,
} from '../../net/ranked.ts';
import { SocketLimiter } from '../socketLimits.ts';
import { type SocketProtocol, serveSocket, socketServer } from '../sockets.ts';
import { answerFailure, type RankedPlay } from './ranked.ts';

export const RANKED_SOCKET_PATH = '/api/ranked/socket';
export const RATE_PER_SECOND = 30;
export const RATE_BURST = 60;

/** The ranked socket: `upgrade` takes a request for its path; `close` closes every connection. */
export function rankedSocket(
  ranked: RankedPlay,
  log?: (line: string) => void,
  limiter: SocketLimiter = new SocketLimiter(null),
): {
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
} {
  const protocol = rankedProtocol(ranked, log);
  const sockets = socketServer(RANKED_MESSAGE_MAX, (ws, req) =>
    serveSocket(ws, req, protocol, limiter, log),
  );
  return {
    upgrade: sockets.upgrade,
    close: () => sockets.close({ code: RANKED_CLOSE.goingAway, reason: 'the server is stopping' }),
  };
}

function rankedProtocol(
  ranked: RankedPlay,
  log: ((line: string) => void) | undefined,
): SocketProtocol<RankedClientMessage, RankedServerMessage> {
  return {
    name: 'ranked',
    codes: RANKED_CLOSE,
    ratePerSecond: RATE_PER_SECOND,
    rateBurst: RATE_BURST,
    read: readRankedClientMessage,
    readFirst: true,
    overRate(m) {
      const message = `at most ${RATE_PER_SECOND} messages a second: that one was not taken`;
      // A move is refused by its number, after the answers to the moves before it, so that
      // its sender takes the server's board again.
      const answer: RankedServerMessage =
        m?.type === 'move'
          ? { type: 'refused', n: m.n, code: 'rate-limited', message }
          : { type: 'error', code: 'rate-limited', message };
      return { answer, inTurn: true };
    },
    helloLimited: (message) => ({ type: 'error', code: 'rate-limited', message }),
    hello: (peer, m) => ranked.hello(peer, m.game, m.token),
    fail: (e, peer) => answerFailure(e, peer, log),
  };
}
