/**
 * Test support: HTTP requests written byte for byte on a plain TCP socket (node:net), for what
 * fetch cannot send — malformed requests, lying lengths, oversized headers, a request sent a
 * little at a time — and the first answer read back, or the connection's end.
 */
import { connect } from 'node:net';

export interface RawAnswer {
  /** The status of the first answer, or null when none came. */
  readonly status: number | null;
  /** Its headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** Its body (as far as it came). */
  readonly body: string;
  /** The body as JSON, or undefined when it is not JSON. */
  readonly json: unknown;
  /** The server closed the connection (rather than the deadline ending the wait). */
  readonly closed: boolean;
  /** Milliseconds from connecting to the answer or the close. */
  readonly ms: number;
  /** How many of the pieces were written before the answer, the close or the deadline. */
  readonly sent: number;
}

export interface RawOptions {
  /** Milliseconds between two pieces (default 0: all at once). */
  readonly gapMs?: number;
  /** The longest wait (default 10 s): then the socket is destroyed and `closed` is false. */
  readonly deadlineMs?: number;
  /** Wait for the connection to close even after a whole answer (default false). */
  readonly untilClose?: boolean;
}

/** `http://127.0.0.1:PORT` → its port (only loopback addresses are used by tests). */
function portOf(url: string): number {
  const u = new URL(url);
  if (u.hostname !== '127.0.0.1') throw new Error(`tests talk to 127.0.0.1 only, not ${url}`);
  return Number(u.port);
}

/** The first final answer in `raw` (interim 1xx answers skipped), and whether it came whole. */
export function parseAnswer(whole: Buffer): {
  status: number | null;
  headers: Record<string, string>;
  body: string;
  complete: boolean;
} {
  let raw = whole;
  while (/^HTTP\/1\.[01] 1\d\d /.test(raw.subarray(0, 13).toString('latin1'))) {
    const interim = raw.indexOf('\r\n\r\n');
    if (interim < 0) break;
    raw = raw.subarray(interim + 4);
  }
  const text = raw.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return { status: null, headers: {}, body: '', complete: false };
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1] ?? Number.NaN);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const bodyBytes = raw.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1'));
  const length = headers['content-length'];
  const complete = length !== undefined && bodyBytes.length >= Number(length);
  const body = bodyBytes.subarray(0, length === undefined ? undefined : Number(length));
  return {
    status: Number.isNaN(status) ? null : status,
    headers,
    body: body.toString('utf8'),
    complete,
  };
}

/**
 * Writes `pieces` to the server at `url` (a gap between them), and reads until a whole answer
 * came (or the connection closed, with `untilClose`), the server closed it, or the deadline.
 */
export function rawRequest(
  url: string,
  pieces: readonly (string | Buffer)[],
  opts: RawOptions = {},
): Promise<RawAnswer> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = connect(portOf(url), '127.0.0.1');
    const chunks: Buffer[] = [];
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(deadline);
      socket.destroy();
      const p = parseAnswer(Buffer.concat(chunks));
      let json: unknown;
      try {
        json = JSON.parse(p.body);
      } catch {
        json = undefined;
      }
      resolve({
        status: p.status,
        headers: p.headers,
        body: p.body,
        json,
        closed,
        ms: Date.now() - started,
        sent,
      });
    };
    const deadline = setTimeout(() => finish(false), opts.deadlineMs ?? 10_000);
    const next = () => {
      if (done || socket.destroyed || sent >= pieces.length) return;
      socket.write(pieces[sent++]!, () => {
        if ((opts.gapMs ?? 0) === 0) next();
        else timer = setTimeout(next, opts.gapMs);
      });
    };
    socket.on('connect', next);
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      if (!opts.untilClose && parseAnswer(Buffer.concat(chunks)).complete) finish(false);
    });
    // A reset while writing is one way for a server to end a request: it counts as closed.
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
  });
}

/** A whole request's text: a request line, headers (Host and Connection: close added), a body. */
export function requestText(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body = '',
): string {
  const all: Record<string, string> = { host: '127.0.0.1', connection: 'close', ...headers };
  if (body !== '' && all['content-length'] === undefined && all['transfer-encoding'] === undefined)
    all['content-length'] = String(Buffer.byteLength(body));
  const lines = Object.entries(all).map(([k, v]) => `${k}: ${v}`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}
