/**
 * Test support: WebSocket upgrades a server refuses (an unknown path, bad headers, the wrong
 * method) or takes and then gets junk, each sent on a plain TCP socket (node:net) that the
 * client then resets (RST, `socket.resetAndDestroy()`) at one of several moments: right after
 * writing, halfway through the request, once the answer came, in the middle of a frame. A
 * server must live through every one of them.
 */
import { connect, type Socket } from 'node:net';

/** A valid Sec-WebSocket-Key (RFC 6455's example). */
const KEY = 'dGhlIHNhbXBsZSBub25jZQ==';

/** An upgrade request's text: `path`, the headers of a valid handshake changed by `headers`. */
export function upgradeText(
  path: string,
  headers: Readonly<Record<string, string | null>> = {},
  method = 'GET',
  body = '',
): string {
  const all: Record<string, string | null> = {
    host: '127.0.0.1',
    upgrade: 'websocket',
    connection: 'Upgrade',
    'sec-websocket-key': KEY,
    'sec-websocket-version': '13',
    ...headers,
  };
  const lines = Object.entries(all)
    .filter((e): e is [string, string] => e[1] !== null)
    .map(([k, v]) => `${k}: ${v}\r\n`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('')}\r\n${body}`;
}

export interface HostileUpgrade {
  readonly name: string;
  readonly text: string;
  /** The server takes the handshake (101): the junk comes after it, as frames. */
  readonly accepted?: boolean;
  /** Not valid HTTP: answered 400 by Node's parser before it is an upgrade at all. */
  readonly notHttp?: boolean;
  /** Closed without an answer (a CONNECT, which the server does not serve). */
  readonly unanswered?: boolean;
}

const ROOMS = '/api/rooms/socket';
const RANKED = '/api/ranked/socket';

/** Every way an upgrade is refused, and the two sockets' paths taken then sent junk. */
export const HOSTILE_UPGRADES: readonly HostileUpgrade[] = [
  { name: 'an unknown path', text: upgradeText('/no/such/socket') },
  { name: 'the root', text: upgradeText('/') },
  { name: 'an API route', text: upgradeText('/api/health') },
  { name: 'a path under the rooms socket', text: upgradeText(`${ROOMS}/more`) },
  { name: 'a path of junk escapes', text: upgradeText('/%ff%00%2e%2e/..//?%%=') },
  // Not HTTP: Node's parser refuses these before any upgrade (400).
  { name: 'a path of raw bytes', text: upgradeText('/\u00ff\u0001'), notHttp: true },
  { name: 'rooms: POST', text: upgradeText(ROOMS, {}, 'POST') },
  { name: 'rooms: no key', text: upgradeText(ROOMS, { 'sec-websocket-key': null }) },
  { name: 'rooms: a bad key', text: upgradeText(ROOMS, { 'sec-websocket-key': 'short!' }) },
  { name: 'rooms: version 99', text: upgradeText(ROOMS, { 'sec-websocket-version': '99' }) },
  { name: 'rooms: no version', text: upgradeText(ROOMS, { 'sec-websocket-version': null }) },
  {
    name: 'rooms: a version of junk',
    text: upgradeText(ROOMS, { 'sec-websocket-version': '1e400' }),
  },
  { name: 'rooms: Upgrade h2c', text: upgradeText(ROOMS, { upgrade: 'h2c' }) },
  {
    name: 'rooms: a bad subprotocol list',
    text: upgradeText(ROOMS, { 'sec-websocket-protocol': ',, ,"' }),
  },
  {
    name: 'rooms: a bad extension list',
    text: upgradeText(ROOMS, { 'sec-websocket-extensions': 'permessage-deflate; =;;' }),
    // The server offers no extensions: it takes the handshake and ignores the header.
    accepted: true,
  },
  {
    name: 'rooms: a body after the upgrade',
    text: upgradeText(ROOMS, { 'content-length': '5' }, 'GET', 'hello'),
    // The bytes after the headers are the socket's first frame (not a valid one).
    accepted: true,
  },
  { name: 'rooms: junk frames', text: upgradeText(ROOMS), accepted: true },
  { name: 'ranked: POST', text: upgradeText(RANKED, {}, 'PUT') },
  { name: 'ranked: no key', text: upgradeText(RANKED, { 'sec-websocket-key': null }) },
  { name: 'ranked: a bad key', text: upgradeText(RANKED, { 'sec-websocket-key': '%%%%' }) },
  { name: 'ranked: version 0', text: upgradeText(RANKED, { 'sec-websocket-version': '0' }) },
  { name: 'ranked: Upgrade junk', text: upgradeText(RANKED, { upgrade: '\u00ff\u00fe' }) },
  // The query is not read: the handshake is taken.
  { name: 'ranked: a query of junk', text: upgradeText(`${RANKED}?%ff=%00&&==`), accepted: true },
  { name: 'ranked: junk frames', text: upgradeText(RANKED), accepted: true },
  {
    name: 'a header without a colon',
    text: upgradeText(ROOMS).replace('\r\n\r\n', '\r\nnot a header\r\n\r\n'),
    notHttp: true,
  },
  {
    name: 'a CONNECT',
    text: 'CONNECT 127.0.0.1:9 HTTP/1.1\r\nhost: 127.0.0.1:9\r\n\r\n',
    unanswered: true,
  },
];

/** When the client resets its connection. */
export const RESET_MOMENTS = [
  /** As soon as the whole request is written (often before the server answers). */
  'written',
  /** Halfway through the request's headers. */
  'partial',
  /** Once the server's answer came (for an accepted upgrade: halfway through a frame). */
  'answered',
] as const;
export type ResetMoment = (typeof RESET_MOMENTS)[number];

/** A frame a client sends, masked: a text frame of 256 bytes announced, 10 of them sent. */
const HALF_FRAME = Buffer.concat([
  Buffer.from([0x81, 0xfe, 0x01, 0x00, 1, 2, 3, 4]),
  Buffer.from('{"type":"h'),
]);

export interface ResetAnswer {
  /** The status of the answer the client read before resetting, or null (none came first). */
  readonly status: number | null;
}

/**
 * Sends `u` to the server at 127.0.0.1:`port` from `localAddress` and resets the connection at
 * `moment`; resolves once the socket is gone (at most `deadlineMs` after connecting).
 */
export function resetUpgrade(
  port: number,
  u: HostileUpgrade,
  moment: ResetMoment,
  localAddress = '127.0.0.1',
  deadlineMs = 5_000,
): Promise<ResetAnswer> {
  return new Promise((resolve) => {
    const socket: Socket = connect({ port, host: '127.0.0.1', localAddress });
    const chunks: Buffer[] = [];
    let status: number | null = null;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      if (!socket.destroyed) socket.resetAndDestroy();
      resolve({ status });
    };
    const deadline = setTimeout(finish, deadlineMs);
    socket.on('error', finish);
    socket.on('close', finish);
    socket.on('connect', () => {
      if (moment === 'partial') {
        const cut = u.text.indexOf('\r\n', u.text.indexOf('\r\n') + 2) + 5;
        socket.write(u.text.slice(0, cut), () => finish());
        return;
      }
      socket.write(u.text, () => {
        if (moment === 'written') finish();
      });
    });
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      const text = Buffer.concat(chunks).toString('latin1');
      if (!text.includes('\r\n\r\n') || moment !== 'answered' || status !== null) return;
      status = Number(/^HTTP\/1\.[01] (\d{3}) /.exec(text)?.[1] ?? 0);
      if (status === 101) socket.write(HALF_FRAME, () => finish());
      else finish();
    });
  });
}
