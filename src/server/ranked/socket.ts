/**
 * The ranked games' WebSocket (`ws`) at `/api/ranked/socket`, on the HTTP server's port. A
 * connection sends `hello` first (within the limiter's `helloMs`, 10 s by default), then moves; each message is at most
 * RANKED_MESSAGE_MAX bytes of JSON text, and a connection may send {@link RATE_PER_SECOND} a
 * second (bursts of {@link RATE_BURST}): past that a message is refused, and a connection that
 * keeps on is closed. Anything that is not a message of the protocol closes the connection with
 * a code (src/net/ranked.ts `RANKED_CLOSE`) and changes nothing. A refused hello is answered
 * `{ type: 'error' }`, then the connection is closed with its code. `hello`s and lookups of
 * unknown games are limited per client address (socketLimits.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import {
  RANKED_CLOSE,
  RANKED_MESSAGE_MAX,
  type RankedServerMessage,
  readRankedClientMessage,
} from '../../net/ranked.ts';
import { SocketLimiter } from '../socketLimits.ts';
import {
  type RankedConnection,
  type RankedPeer,
  type RankedPlay,
  RankedRefusal,
} from './ranked.ts';

export const RANKED_SOCKET_PATH = '/api/ranked/socket';
export const RATE_PER_SECOND = 30;
export const RATE_BURST = 60;
/** Refused messages in a row after which the connection is closed. */
const REFUSED_MAX = 100;

/** The ranked socket: `upgrade` takes a request for its path; `close` closes every connection. */
export function rankedSocket(
  ranked: RankedPlay,
  log?: (line: string) => void,
  limiter: SocketLimiter = new SocketLimiter(null),
): {
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
} {
  const wss = new WebSocketServer({ noServer: true, maxPayload: RANKED_MESSAGE_MAX });
  return {
    upgrade(req, socket, head) {
      wss.handleUpgrade(req, socket, head, (ws) => {
        serveSocket(ws, ranked, log, limiter, req);
      });
    },
    async close() {
      for (const ws of wss.clients) ws.close(RANKED_CLOSE.goingAway, 'the server is stopping');
      await new Promise((r) => setTimeout(r, 20));
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}

function serveSocket(
  ws: WebSocket,
  ranked: RankedPlay,
  log: ((line: string) => void) | undefined,
  limiter: SocketLimiter,
  req: IncomingMessage,
): void {
  const tcp = req.socket;
  const address = limiter.address(req);
  const peer: RankedPeer = {
    send(m: RankedServerMessage) {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m));
    },
    close(code, reason) {
      ws.close(code, reason);
    },
  };
  let connection: RankedConnection | null = null;
  let queue = Promise.resolve();
  let tokens = RATE_BURST;
  let filled = performance.now();
  let refusedInARow = 0;
  const hello = setTimeout(() => ws.close(RANKED_CLOSE.slow, 'send hello first'), limiter.helloMs);

  const fail = (e: unknown) => {
    if (e instanceof RankedRefusal) {
      peer.send({ type: 'error', code: e.code, message: e.message });
      ws.close(e.close, e.message.slice(0, 120));
      return;
    }
    log?.(`ranked: ${e instanceof Error ? e.message : String(e)}`);
    peer.send({
      type: 'error',
      code: 'unavailable',
      message: 'the server could not take this message; connect again shortly',
    });
    // The client reconnects and takes the server's board again.
    ws.close(1011, 'server error');
  };

  ws.on('message', (data, isBinary) => {
    if (isBinary) {
      ws.close(RANKED_CLOSE.badMessage, 'messages are JSON text');
      return;
    }
    const m = readRankedClientMessage(String(data));
    if (!m) {
      ws.close(RANKED_CLOSE.badMessage, 'not a message of this protocol');
      return;
    }
    const now = performance.now();
    tokens = Math.min(RATE_BURST, tokens + ((now - filled) / 1000) * RATE_PER_SECOND);
    filled = now;
    if (tokens < 1) {
      if (++refusedInARow >= REFUSED_MAX) ws.close(RANKED_CLOSE.tooFast, 'too many messages');
      else {
        const message = `at most ${RATE_PER_SECOND} messages a second: that one was not taken`;
        // A move is refused by its number, after the answers to the moves before it, so that
        // its sender takes the server's board again.
        const answer: RankedServerMessage =
          m.type === 'move'
            ? { type: 'refused', n: m.n, code: 'rate-limited', message }
            : { type: 'error', code: 'rate-limited', message };
        queue = queue.then(() => peer.send(answer));
      }
      return;
    }
    tokens -= 1;
    refusedInARow = 0;
    queue = queue.then(async () => {
      if (ws.readyState !== ws.OPEN) return;
      try {
        if (connection) await connection.message(m);
        else if (m.type !== 'hello') ws.close(RANKED_CLOSE.badMessage, 'send hello first');
        else {
          clearTimeout(hello);
          limiter.said(tcp);
          const limited = limiter.hello(address);
          if (limited !== null) {
            peer.send({ type: 'error', code: 'rate-limited', message: limited });
            ws.close(RANKED_CLOSE.tooFast, limited.slice(0, 120));
            return;
          }
          connection = await ranked.hello(peer, m.game, m.token);
          limiter.found(address);
        }
      } catch (e) {
        fail(e);
      }
    });
  });
  ws.on('close', () => {
    clearTimeout(hello);
    queue = queue.then(async () => {
      try {
        await connection?.closed();
      } catch (e) {
        log?.(`ranked: ${e instanceof Error ? e.message : String(e)}`);
      }
      connection = null;
    });
  });
  ws.on('error', () => {
    // A frame over the size limit or not valid WebSocket: ws closes the connection itself.
  });
}
