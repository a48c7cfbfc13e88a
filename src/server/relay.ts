/**
 * Sockets that reach a process that does not own their game (PostgreSQL): relayed to the owner
 * through PostgreSQL, on a channel per process (`slidebox_p_INSTANCE`), which only that process
 * LISTENs on. One relay per process carries the lines of every socket protocol (the rooms', the
 * ranked games'), each line tagged with its protocol; each protocol has its host here
 * ({@link RelayProtocol}: the owner's side of a relayed hello). The load balancer hashes the
 * room code or the game id, so a game's sockets land on its owner and nothing is relayed; a
 * socket lands elsewhere when the routing is wrong (another load balancer, a process added) or
 * while the owner changes.
 *
 * - This process (the socket's): the socket's hello goes to the owner's channel; the owner
 *   answers with what it sends that socket (its first answer ends the hello) or closes it. The
 *   socket's messages go on to the owner, in order, and its close.
 * - The owner: a relayed socket is a peer like a local one (a seat held, watching, a ranked
 *   game's connection), whose messages go back on the socket's process's channel.
 * - Each process's notifications are written in batches: the lines of an event-loop turn for
 *   one process in as few `pg_notify` calls as fit (8,000 bytes each), on one connection, so
 *   they arrive in the order written.
 * - A relayed socket whose owner's lease ran out (the owner died) is closed with its protocol's
 *   going-away code: its client connects again, and the game is taken anew. A relayed peer
 *   whose process's lease ran out leaves. When the channel's connection drops, what was relayed
 *   may be lost: every socket relayed from here is closed (its client connects again), and once
 *   connected again this process tells each owner it relayed to, whose relayed peers from here
 *   then leave (before any new hello from here, in the channel's order).
 *
 * A line is `PROTOCOL KIND ID TEXT`: `h` a hello, `m` a message, `c` a close (to the owner);
 * `s` a message, `x` a close with its code and reason (to the socket's process); `* r 0`: the
 * sender lost its channel.
 */
import type pg from 'pg';
import type { ProcessLease } from './lease.ts';

/** A process's channel. */
export const channelOf = (instance: string) => `slidebox_p_${instance}`;

/** Waits before the channel connects again (ms), the last one repeated. */
const LISTEN_RETRY_MS = [100, 250, 500, 1000, 2000];
/** A notification's payload at most (PostgreSQL's limit is 8,000 bytes; ASCII here). */
const PAYLOAD_MAX = 7900;

/** A socket of this process, relayed: what the owner's lines reach. */
export interface RelaySocket {
  sendText(text: string): void;
  close(code: number, reason: string): void;
}

/** A relayed socket as its owner sees it: a peer like a local socket. */
export interface RelayedPeer {
  send(m: object): void;
  sendText(text: string): void;
  close(code: number, reason: string): void;
  /** Closed (here or at the socket's process). */
  gone(): boolean;
}

/** A relayed socket's place in its owner, once its hello is taken. */
export interface RelayedConnection<M> {
  message(m: M): Promise<void>;
  closed(): unknown;
}

/** A relayed socket, at its process: its messages and its close go on to the owner. */
export interface RelayLink {
  send(m: object): void;
  close(): void;
}

/** A socket protocol the relay carries: its words, and its owner's side. */
export interface RelayProtocol<M extends { readonly type: string } = { readonly type: string }> {
  /** Its lines' tag (one word). */
  readonly name: string;
  /** What one of its sockets plays, in sentences ("room", "game"). */
  readonly what: string;
  /** Its close codes: "connect again", and a first message that is not a hello. */
  readonly goingAway: number;
  readonly badMessage: number;
  /** A client's message, or null when the text is not one. */
  read(text: string): M | null;
  /** Whether a line the owner sends a socket answers its hello (and so ends the wait). */
  answers(text: string): boolean;
  /** A relayed socket's hello, run in the owner (throws what {@link fail} answers). */
  helloRelayed(
    peer: RelayedPeer,
    m: Extract<M, { readonly type: 'hello' }>,
  ): Promise<RelayedConnection<M>>;
  /** Answers what a relayed socket's hello or message threw, in the owner. */
  fail(e: unknown, peer: RelayedPeer): void;
  /**
   * What a relayed hello throws at the socket's process: the owner cannot be reached or did not
   * answer (`unavailable`, with the going-away code), or it closed the socket (`closed`).
   */
  refusal(code: 'unavailable' | 'closed', message: string, close: number): Error;
}

/** A socket here whose game another process owns. */
interface Outbound {
  readonly protocol: RelayProtocol;
  readonly owner: string;
  readonly socket: RelaySocket;
  waiting: { resolve(first: string): void; reject(e: unknown): void } | null;
}

/** A socket of another process, in a game this one owns. */
interface Inbound {
  readonly from: string;
  readonly peer: RelayedPeer;
  connection: RelayedConnection<{ readonly type: string }> | null;
  queue: Promise<void>;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export class Relay {
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private checker: NodeJS.Timeout;
  private failures = 0;
  private stopped = false;
  private nextId = 0;
  private readonly protocols = new Map<string, RelayProtocol>();
  private readonly out = new Map<number, Outbound>();
  private readonly inbound = new Map<string, Inbound>();
  /** Lines to send, by process. */
  private pending = new Map<string, string[]>();
  private flushing = false;
  /** Owners whose relayed sockets from here were closed while the channel was down. */
  private readonly lost = new Set<string>();
  /** What each process sent that does not end a line yet. */
  private readonly partial = new Map<string, string>();
  /** Resolves once the channel listens (the first time). */
  readonly ready: Promise<void>;
  private listening!: () => void;
  private readonly instance: string;
  /** The processes' lease (ms): a relayed hello waits half of it for the owner's answer. */
  private readonly leaseMs: number;

  constructor(
    private readonly open: () => pg.Client,
    /** This process's lease: its instance names the channel; the others' say who is alive. */
    private readonly lease: ProcessLease,
    private readonly log?: (line: string) => void,
  ) {
    this.instance = lease.instance;
    this.leaseMs = lease.leaseMs;
    this.ready = new Promise((resolve) => {
      this.listening = resolve;
    });
    this.connect();
    // The owners of relayed sockets, and the processes of relayed peers, checked every quarter
    // of the lease.
    this.checker = setInterval(() => void this.check(), this.leaseMs / 4);
    this.checker.unref();
  }

  /** Carries `protocol`'s sockets from now (one host per protocol name). */
  serve<M extends { readonly type: string }>(protocol: RelayProtocol<M>): void {
    if (this.protocols.has(protocol.name)) {
      throw new Error(`the relay carries ${protocol.name} sockets already`);
    }
    this.protocols.set(protocol.name, protocol as unknown as RelayProtocol);
  }

  /** Sockets relayed from here, and peers relayed here (tests, figures). */
  get counts(): { out: number; in: number } {
    return { out: this.out.size, in: this.inbound.size };
  }

  // ------------------------------------------------------------------ this process's sockets

  /**
   * A socket here says hello to a game `owner` owns: relayed. Resolves with the owner's answer
   * (sent on to the socket already) and the link that takes the socket's messages and close to
   * the owner; throws the protocol's refusal when the owner closed the socket or cannot answer.
   */
  async hello(
    name: string,
    socket: RelaySocket,
    m: object,
    owner: string,
  ): Promise<{ first: string; link: RelayLink }> {
    const protocol = this.protocols.get(name);
    if (!protocol) throw new Error(`the relay does not carry ${name} sockets`);
    const unreachable = `the ${protocol.what}’s server cannot be reached`;
    if (!this.client) throw protocol.refusal('unavailable', unreachable, protocol.goingAway);
    const id = ++this.nextId;
    const entry: Outbound = { protocol, owner, socket, waiting: null };
    this.out.set(id, entry);
    let timer: NodeJS.Timeout | undefined;
    try {
      const first = await new Promise<string>((resolve, reject) => {
        entry.waiting = { resolve, reject };
        timer = setTimeout(
          () =>
            reject(
              protocol.refusal(
                'unavailable',
                `the ${protocol.what}’s server did not answer`,
                protocol.goingAway,
              ),
            ),
          this.leaseMs / 2,
        );
        this.send(owner, `${name} h ${id} ${JSON.stringify(m)}`);
      });
      entry.waiting = null;
      const relay = this;
      const link: RelayLink = {
        send(message) {
          if (relay.out.get(id) === entry) {
            relay.send(owner, `${name} m ${id} ${JSON.stringify(message)}`);
          }
        },
        close() {
          if (relay.out.delete(id)) relay.send(owner, `${name} c ${id}`);
        },
      };
      return { first, link };
    } catch (e) {
      if (this.out.delete(id)) this.send(owner, `${name} c ${id}`);
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }

  // ------------------------------------------------------------------ lines heard

  private heard(payload: string): void {
    const bar = payload.indexOf('|');
    if (bar < 0) return;
    const from = payload.slice(0, bar);
    const text = (this.partial.get(from) ?? '') + payload.slice(bar + 1);
    const lines = text.split('\n');
    const rest = lines.pop()!;
    if (rest === '') this.partial.delete(from);
    else this.partial.set(from, rest);
    for (const line of lines) {
      try {
        this.line(from, line);
      } catch (e) {
        this.log?.(`relay: a line from ${from}: ${errorText(e)}`);
      }
    }
  }

  private line(from: string, line: string): void {
    const [name, kind] = line.split(' ', 2) as [string, string | undefined];
    if (kind === undefined) return;
    const at = name.length + kind.length + 2;
    const space = line.indexOf(' ', at);
    const id = Number(space < 0 ? line.slice(at) : line.slice(at, space));
    const rest = space < 0 ? '' : line.slice(space + 1);
    if (name === '*') {
      // That process lost its channel: its relayed peers here leave.
      if (kind === 'r') this.forget((i) => i.from === from);
      return;
    }
    const protocol = this.protocols.get(name);
    if (!protocol) return;
    switch (kind) {
      case 's': {
        // To a socket of this process.
        const o = this.out.get(id);
        if (!o || o.owner !== from || o.protocol !== protocol) return;
        if (o.waiting && protocol.answers(rest)) {
          o.waiting.resolve(rest);
          o.waiting = null;
        }
        o.socket.sendText(rest);
        return;
      }
      case 'x': {
        const o = this.out.get(id);
        if (!o || o.owner !== from || o.protocol !== protocol) return;
        this.out.delete(id);
        const sp = rest.indexOf(' ');
        const code = Number(rest.slice(0, sp));
        const reason = JSON.parse(rest.slice(sp + 1)) as string;
        if (o.waiting) o.waiting.reject(protocol.refusal('closed', reason, code));
        else o.socket.close(code, reason);
        return;
      }
      case 'h':
        this.helloHere(protocol, from, id, rest);
        return;
      case 'm':
      case 'c': {
        const key = `${from} ${id}`;
        const i = this.inbound.get(key);
        if (!i) return;
        if (kind === 'c') this.inbound.delete(key);
        const m = kind === 'm' ? protocol.read(rest) : null;
        i.queue = i.queue.then(async () => {
          if (kind === 'c') {
            await i.connection?.closed();
            i.connection = null;
            return;
          }
          if (!i.connection || !m) return;
          try {
            await i.connection.message(m);
          } catch (e) {
            protocol.fail(e, i.peer);
          }
        });
        return;
      }
      default:
        return;
    }
  }

  /** A hello relayed to this process, the game's owner: a peer whose messages go back. */
  private helloHere(protocol: RelayProtocol, from: string, id: number, text: string): void {
    const key = `${from} ${id}`;
    const relay = this;
    const name = protocol.name;
    let open = true;
    const peer: RelayedPeer = {
      send(m: object) {
        if (open) relay.send(from, `${name} s ${id} ${JSON.stringify(m)}`);
      },
      sendText(t: string) {
        if (open) relay.send(from, `${name} s ${id} ${t}`);
      },
      gone() {
        return !open || relay.inbound.get(key) !== i;
      },
      close(code: number, reason: string) {
        if (!open) return;
        open = false;
        relay.send(from, `${name} x ${id} ${code} ${JSON.stringify(reason)}`);
        // As a socket here would: closed, its connection leaves (its process sends no `c`).
        if (relay.inbound.get(key) !== i) return;
        relay.inbound.delete(key);
        i.queue = i.queue.then(async () => {
          await i.connection?.closed();
          i.connection = null;
        });
      },
    };
    const i: Inbound = { from, peer, connection: null, queue: Promise.resolve() };
    this.inbound.set(key, i);
    const m = protocol.read(text);
    i.queue = i.queue.then(async () => {
      if (m?.type !== 'hello') {
        peer.close(protocol.badMessage, 'send hello first');
        return;
      }
      try {
        const c = await protocol.helloRelayed(peer, m as Extract<typeof m, { type: 'hello' }>);
        // Closed while it waited: it leaves at once.
        if (this.inbound.get(key) === i) i.connection = c;
        else await c.closed();
      } catch (e) {
        protocol.fail(e, peer);
      }
    });
  }

  /** The relayed peers that `which` picks leave (their process is gone or lost its channel). */
  private forget(which: (i: Inbound) => boolean): void {
    for (const [key, i] of this.inbound) {
      if (!which(i)) continue;
      this.inbound.delete(key);
      i.queue = i.queue.then(async () => {
        await i.connection?.closed();
      });
    }
  }

  // ------------------------------------------------------------------ lines sent

  /** Queues a line for `to`'s channel: sent with the others of this turn. */
  private send(to: string, line: string): void {
    let lines = this.pending.get(to);
    if (!lines) {
      lines = [];
      this.pending.set(to, lines);
    }
    lines.push(line);
    if (!this.flushing) {
      this.flushing = true;
      setImmediate(() => this.flush());
    }
  }

  private flush(): void {
    const pending = this.pending;
    this.pending = new Map();
    const client = this.client;
    if (!client) {
      this.flushing = false;
      if (pending.size > 0) this.reset('the channel is not connected');
      return;
    }
    const params: string[] = [];
    for (const [to, lines] of pending) {
      // ASCII only, so that a payload's length is its size in bytes.
      const text = `${lines.join('\n')}\n`.replace(
        /[\u0080-\uffff]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
      const head = `${this.instance}|`;
      const room = PAYLOAD_MAX - head.length;
      for (let at = 0; at < text.length; at += room) {
        params.push(channelOf(to), head + text.slice(at, at + room));
      }
    }
    const calls: string[] = [];
    for (let i = 0; i < params.length; i += 2) calls.push(`pg_notify($${i + 1}, $${i + 2})`);
    client.query(`select ${calls.join(', ')}`, params).then(
      () => {
        this.flushing = false;
        if (this.pending.size > 0) {
          this.flushing = true;
          this.flush();
        }
      },
      (e: unknown) => {
        this.flushing = false;
        this.reset(`sending: ${errorText(e)}`);
      },
    );
  }

  // ------------------------------------------------------------------ liveness

  /** Relayed sockets whose owner died are closed; relayed peers whose process died leave. */
  private async check(): Promise<void> {
    if (this.stopped) return;
    const others = new Set<string>();
    for (const o of this.out.values()) others.add(o.owner);
    for (const i of this.inbound.values()) others.add(i.from);
    if (others.size === 0) return;
    let alive: Set<string>;
    try {
      alive = await this.lease.alive([...others]);
    } catch {
      return; // the database cannot say: next time
    }
    for (const [id, o] of this.out) {
      if (alive.has(o.owner)) continue;
      this.out.delete(id);
      const stopped = `the ${o.protocol.what}’s server stopped; connect again`;
      if (o.waiting) {
        o.waiting.reject(o.protocol.refusal('unavailable', stopped, o.protocol.goingAway));
      } else o.socket.close(o.protocol.goingAway, stopped);
    }
    this.forget((i) => !alive.has(i.from));
  }

  /**
   * What was relayed may be lost: every socket relayed from here is closed (each owner is told
   * once the channel is back).
   */
  private reset(why: string): void {
    if (this.out.size > 0) this.log?.(`relay: relayed sockets closed (${why})`);
    for (const o of this.out.values()) {
      this.lost.add(o.owner);
      const unreachable = `the ${o.protocol.what}’s server cannot be reached`;
      if (o.waiting) {
        o.waiting.reject(o.protocol.refusal('unavailable', unreachable, o.protocol.goingAway));
      } else o.socket.close(o.protocol.goingAway, `${unreachable}; connect again`);
    }
    this.out.clear();
    this.partial.clear();
  }

  // ------------------------------------------------------------------ the connection

  private connect(): void {
    this.timer = null;
    if (this.stopped) return;
    const client = this.open();
    let lost = false;
    const drop = (why: string) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => {});
      this.reset(why);
      if (this.stopped) return;
      if (this.failures === 0) {
        this.log?.(`relay: not listening to the other processes (${why}); connecting again`);
      }
      this.retry();
    };
    client.on('error', (e) => drop(e.message));
    client.on('end', () => drop('the connection closed'));
    client.on('notification', (n) => {
      if (n.payload) this.heard(n.payload);
    });
    client
      .connect()
      .then(() => client.query(`LISTEN "${channelOf(this.instance)}"`))
      .then(
        () => {
          if (lost) return;
          if (this.stopped) {
            client.end().catch(() => {});
            return;
          }
          this.client = client;
          if (this.failures > 0) this.log?.('relay: listening to the other processes again');
          this.failures = 0;
          for (const owner of this.lost) this.send(owner, '* r 0');
          this.lost.clear();
          this.listening();
        },
        (e: unknown) => drop(errorText(e)),
      );
  }

  private retry(): void {
    if (this.timer || this.stopped) return;
    const delay = LISTEN_RETRY_MS[Math.min(this.failures, LISTEN_RETRY_MS.length - 1)]!;
    this.failures++;
    this.timer = setTimeout(() => this.connect(), delay);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    // What is queued goes first (the relayed peers' closes).
    for (let i = 0; i < 50 && (this.flushing || this.pending.size > 0); i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    this.stopped = true;
    clearInterval(this.checker);
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
