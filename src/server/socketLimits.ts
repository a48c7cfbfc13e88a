/**
 * Limits per client address on the server's WebSockets (rooms and ranked games): socket opens
 * a window, sockets open at once, `hello`s a minute and lookups of unknown rooms or games a
 * minute. An IPv6 client counts by its /64 (one subscriber's block), an IPv4 one by its address.
 * Also counts the opens and refusals, which the server logs as one line a minute instead of one
 * line a socket.
 */

import type { IncomingMessage } from 'node:http';

/** The numbers of the sockets' limits (per client address). */
export interface SocketLimits {
  /** Socket opens allowed per {@link openWindowMs}. */
  readonly opens: number;
  readonly openWindowMs: number;
  /** Sockets open at once. */
  readonly sockets: number;
  /** How long a socket may stay open without its `hello` (ms). */
  readonly helloMs: number;
  /** `hello`s a minute. */
  readonly hellos: number;
  /** `hello`s a minute that name a room or game the server does not have. */
  readonly unknown: number;
  /** Sockets open at once, from every address together, that have not said `hello` yet. */
  readonly waiting: number;
}

/** The server's limits unless told otherwise (none when `--rate-limit 0`). */
export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  opens: 20,
  openWindowMs: 10_000,
  sockets: 64,
  helloMs: 10_000,
  hellos: 60,
  unknown: 10,
  waiting: 1_000,
};

/** The hello time when there are no limits (the sockets' protocol keeps it). */
export const HELLO_MS = 10_000;

const MINUTE = 60_000;

/** A token bucket: `max` tokens, refilled evenly over `windowMs`. */
class Bucket {
  private tokens: number;
  private at: number;
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    now: number,
  ) {
    this.tokens = max;
    this.at = now;
  }
  private fill(now: number): void {
    this.tokens = Math.min(this.max, this.tokens + ((now - this.at) * this.max) / this.windowMs);
    this.at = now;
  }
  take(now: number): boolean {
    this.fill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
  give(now: number): void {
    this.fill(now);
    this.tokens = Math.min(this.max, this.tokens + 1);
  }
  /** Full again (nothing to remember). */
  full(now: number): boolean {
    this.fill(now);
    return this.tokens >= this.max;
  }
  /** Seconds until one token is back. */
  wait(now: number): number {
    this.fill(now);
    return Math.max(1, Math.ceil(((1 - this.tokens) * this.windowMs) / this.max / 1000));
  }
}

interface Client {
  opens: Bucket;
  hellos: Bucket;
  unknown: Bucket;
  sockets: number;
}

/** The key an address counts under: an IPv4 address itself, an IPv6 one its /64. */
export function addressKey(address: string | undefined): string {
  if (!address) return '?';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** Why an open was refused, with the seconds to wait. */
export interface OpenRefusal {
  readonly message: string;
  readonly retryAfter: number;
}

/** The limits' state: one per server, shared by its sockets. */
export class SocketLimiter {
  private readonly clients = new Map<string, Client>();
  private swept: number;
  /** Opens taken and refused since the last {@link takeCounts}. */
  private opened = 0;
  private refused = 0;
  /** The sockets open that have not said hello yet (the server's, every address). */
  private readonly waitingSockets = new WeakSet<object>();
  private waitingNow = 0;
  /** The client addresses of the upgrade requests, read once. */
  private readonly addresses = new WeakMap<object, string>();

  /**
   * `limits` null: none, the opens only counted. `addressOf` reads a request's client address
   * (default: the connection's; behind a trusted proxy, X-Forwarded-For's — trustProxy.ts).
   */
  constructor(
    readonly limits: SocketLimits | null,
    private readonly now: () => number = () => performance.now(),
    private readonly addressOf: (req: IncomingMessage) => string | undefined = (req) =>
      req.socket.remoteAddress,
  ) {
    this.swept = now();
  }

  /** The client address an upgrade request counts under (read once, kept for its socket's life). */
  address(req: IncomingMessage): string | undefined {
    const known = this.addresses.get(req.socket);
    if (known !== undefined) return known;
    const address = this.addressOf(req);
    if (address !== undefined) this.addresses.set(req.socket, address);
    return address;
  }

  /** How long a socket may stay open without its `hello` (ms). */
  get helloMs(): number {
    return this.limits?.helloMs ?? HELLO_MS;
  }

  private client(l: SocketLimits, key: string, now: number): Client {
    let c = this.clients.get(key);
    if (!c) {
      c = {
        opens: new Bucket(l.opens, l.openWindowMs, now),
        hellos: new Bucket(l.hellos, MINUTE, now),
        unknown: new Bucket(l.unknown, MINUTE, now),
        sockets: 0,
      };
      this.clients.set(key, c);
    }
    return c;
  }

  /** Forgets the clients with nothing open and every budget full again (at most once a minute). */
  private sweep(now: number): void {
    if (now - this.swept < MINUTE) return;
    this.swept = now;
    for (const [key, c] of this.clients) {
      if (c.sockets === 0 && c.opens.full(now) && c.hellos.full(now) && c.unknown.full(now)) {
        this.clients.delete(key);
      }
    }
  }

  /**
   * A socket opens from `address`: null when it may (then {@link close} must be called when it
   * closes, and {@link said} when it says hello), else why not. `socket` is the connection.
   */
  open(address: string | undefined, socket: object = {}): OpenRefusal | null {
    const l = this.limits;
    if (!l) {
      this.opened++;
      return null;
    }
    const now = this.now();
    this.sweep(now);
    const c = this.client(l, addressKey(address), now);
    if (this.waitingNow >= l.waiting) {
      this.refused++;
      return {
        message: `at most ${l.waiting} sockets wait for their hello at once: try again shortly`,
        retryAfter: Math.ceil(l.helloMs / 1000),
      };
    }
    if (c.sockets >= l.sockets) {
      this.refused++;
      return {
        message: `at most ${l.sockets} sockets open at once from one address`,
        retryAfter: 10,
      };
    }
    if (!c.opens.take(now)) {
      this.refused++;
      return {
        message: `at most ${l.opens} sockets opened in ${l.openWindowMs / 1000} s from one address`,
        retryAfter: c.opens.wait(now),
      };
    }
    c.sockets++;
    this.opened++;
    this.waitingSockets.add(socket);
    this.waitingNow++;
    return null;
  }

  /** The socket has said its hello: it waits no more. */
  said(socket: object): void {
    if (this.waitingSockets.delete(socket)) this.waitingNow--;
  }

  /** A socket that {@link open} let open has closed. */
  close(address: string | undefined, socket: object = {}): void {
    this.said(socket);
    const c = this.clients.get(addressKey(address));
    if (c && c.sockets > 0) c.sockets--;
  }

  /** Sockets open now that have not said hello (every address). */
  get waiting(): number {
    return this.waitingNow;
  }

  /**
   * A `hello` from `address`, before its room or game is looked up: null when it may go on, else
   * why not. One lookup of an unknown name is taken from its budget here and given back by
   * {@link found} when the room or game is there.
   */
  hello(address: string | undefined): string | null {
    const l = this.limits;
    if (!l) return null;
    const now = this.now();
    const c = this.client(l, addressKey(address), now);
    if (!c.hellos.take(now)) return `at most ${l.hellos} hellos a minute from one address`;
    if (!c.unknown.take(now)) {
      c.hellos.give(now);
      return `at most ${l.unknown} lookups of unknown rooms or games a minute from one address`;
    }
    return null;
  }

  /** The hello's room or game was there: its lookup is not counted against the address. */
  found(address: string | undefined): void {
    this.clients.get(addressKey(address))?.unknown.give(this.now());
  }

  /** Sockets open now from `address`. */
  openFrom(address: string | undefined): number {
    return this.clients.get(addressKey(address))?.sockets ?? 0;
  }

  /** The opens let through and refused since the last call (for the log's line a minute). */
  takeCounts(): { opened: number; refused: number } {
    const counts = { opened: this.opened, refused: this.refused };
    this.opened = 0;
    this.refused = 0;
    return counts;
  }
}
