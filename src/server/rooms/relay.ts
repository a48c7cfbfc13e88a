/**
 * Sockets that reach a process that does not own their room (PostgreSQL): relayed to the
 * owner through PostgreSQL, on a channel per process (`slidebox_p_INSTANCE`), which only that
 * process LISTENs on. The load balancer hashes the room code, so a room's sockets land on its
 * owner and nothing is relayed; a socket lands elsewhere when the routing is wrong (another
 * load balancer, a process added) or during a takeover.
 *
 * - This process (the socket's): the socket's hello goes to the owner's channel; the owner
 *   answers with what it sends that socket (its welcome first) or closes it. The socket's
 *   messages go on to the owner, in order, and its close.
 * - The owner: a relayed socket is a peer like any other in the room (a seat held, watching),
 *   whose messages go back on the socket's process's channel.
 * - Each process's notifications are written in batches: the lines of an event-loop turn for
 *   one process in as few `pg_notify` calls as fit (8,000 bytes each), on one connection, so
 *   they arrive in the order written.
 * - A relayed socket whose owner's lease ran out (the owner died) is closed with
 *   `CLOSE.goingAway`: its client connects again, and the room is claimed anew. A relayed peer
 *   whose process's lease ran out leaves its room. When the channel's connection drops, what
 *   was relayed may be lost: every socket relayed from here is closed (its client connects
 *   again), and once connected again this process tells each owner it relayed to, whose
 *   relayed peers from here then leave (before any new hello from here, in the channel's order).
 */
import type pg from 'pg';
import {
  CLOSE,
  type ClientMessage,
  readClientMessage,
  type ServerMessage,
  type Side,
} from '../../net/rooms.ts';
import { Connection, type Referee } from './connection.ts';
import { type LiveRoom, message, type Peer, Refusal } from './types.ts';

/** A process's channel. */
export const channelOf = (instance: string) => `slidebox_p_${instance}`;

/** Waits before the channel connects again (ms), the last one repeated. */
const LISTEN_RETRY_MS = [100, 250, 500, 1000, 2000];
/** A notification's payload at most (PostgreSQL's limit is 8,000 bytes; ASCII here). */
const PAYLOAD_MAX = 7900;

type Hello = Extract<ClientMessage, { type: 'hello' }>;

/** What the relay needs of the rooms. */
export interface RelayHost {
  /** A relayed socket's hello, run in the owner (refused when this process does not own the room). */
  helloRelayed(peer: Peer, m: Hello): Promise<Connection>;
  /** Which of these processes' leases are live. */
  alive(instances: readonly string[]): Promise<Set<string>>;
}

/** A socket here whose room another process owns. */
interface Outbound {
  readonly owner: string;
  readonly peer: Peer;
  waiting: { resolve(side: Side | null): void; reject(e: unknown): void } | null;
}

/** A socket of another process, in a room this one owns. */
interface Inbound {
  readonly from: string;
  readonly peer: Peer;
  connection: Connection | null;
  queue: Promise<void>;
}

export class Relay {
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private checker: NodeJS.Timeout;
  private failures = 0;
  private stopped = false;
  private nextId = 0;
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

  constructor(
    private readonly open: () => pg.Client,
    private readonly instance: string,
    private readonly host: RelayHost,
    /**
     * The processes' lease (ms): a relayed hello waits half of it for the owner's answer, and the
     * owners of relayed sockets are checked every quarter of it.
     */
    private readonly leaseMs: number,
    private readonly log?: (line: string) => void,
  ) {
    this.ready = new Promise((resolve) => {
      this.listening = resolve;
    });
    this.connect();
    this.checker = setInterval(() => void this.check(), leaseMs / 4);
    this.checker.unref();
  }

  /** Sockets relayed from here, and peers relayed here (tests, figures). */
  get counts(): { out: number; in: number } {
    return { out: this.out.size, in: this.inbound.size };
  }

  // ------------------------------------------------------------------ this process's sockets

  /** A socket here says hello to a room `owner` owns: relayed, answered by the owner. */
  async hello(peer: Peer, m: Hello, owner: string): Promise<Connection> {
    if (!this.client) {
      throw new Refusal('unavailable', 'the room’s server cannot be reached', CLOSE.goingAway);
    }
    const id = ++this.nextId;
    const entry: Outbound = { owner, peer, waiting: null };
    this.out.set(id, entry);
    let timer: NodeJS.Timeout | undefined;
    try {
      const side = await new Promise<Side | null>((resolve, reject) => {
        entry.waiting = { resolve, reject };
        timer = setTimeout(
          () =>
            reject(new Refusal('unavailable', 'the room’s server did not answer', CLOSE.goingAway)),
          this.leaseMs / 2,
        );
        this.send(owner, `h ${id} ${JSON.stringify(m)}`);
      });
      entry.waiting = null;
      const relay = this;
      const referee: Referee = {
        async act(_room, _side, _peer, actionId, text) {
          relay.send(owner, `m ${id} ${JSON.stringify({ type: 'act', id: actionId, a: text })}`);
        },
        async rematch() {
          relay.send(owner, `m ${id} {"type":"rematch"}`);
        },
        leave() {
          if (relay.out.delete(id)) relay.send(owner, `c ${id}`);
        },
      };
      // The room is the owner's: the connection here only passes its messages on.
      return new Connection(referee, null as unknown as LiveRoom, peer, side);
    } catch (e) {
      if (this.out.delete(id)) this.send(owner, `c ${id}`);
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
        this.log?.(`rooms: a relayed line from ${from}: ${message(e)}`);
      }
    }
  }

  private line(from: string, line: string): void {
    const kind = line[0];
    const space = line.indexOf(' ', 2);
    const id = Number(space < 0 ? line.slice(2) : line.slice(2, space));
    const rest = space < 0 ? '' : line.slice(space + 1);
    switch (kind) {
      case 's': {
        // To a socket of this process.
        const o = this.out.get(id);
        if (!o || o.owner !== from) return;
        if (o.waiting && rest.startsWith('{"type":"welcome"')) {
          const you = (JSON.parse(rest) as Extract<ServerMessage, { type: 'welcome' }>).you;
          o.waiting.resolve(you);
          o.waiting = null;
        }
        o.peer.sendText(rest);
        return;
      }
      case 'x': {
        const o = this.out.get(id);
        if (!o || o.owner !== from) return;
        this.out.delete(id);
        const sp = rest.indexOf(' ');
        const code = Number(rest.slice(0, sp));
        const reason = JSON.parse(rest.slice(sp + 1)) as string;
        if (o.waiting) o.waiting.reject(new Refusal('closed', reason, code));
        else o.peer.close(code, reason);
        return;
      }
      case 'h':
        this.helloHere(from, id, rest);
        return;
      case 'r':
        // That process lost its channel: its relayed peers here leave.
        for (const [key, i] of this.inbound) {
          if (i.from !== from) continue;
          this.inbound.delete(key);
          i.queue = i.queue.then(() => i.connection?.closed());
        }
        return;
      case 'm':
      case 'c': {
        const key = `${from} ${id}`;
        const i = this.inbound.get(key);
        if (!i) return;
        if (kind === 'c') this.inbound.delete(key);
        const m = kind === 'm' ? readClientMessage(rest) : null;
        i.queue = i.queue.then(async () => {
          if (kind === 'c') {
            i.connection?.closed();
            i.connection = null;
            return;
          }
          if (!i.connection || !m) return;
          try {
            await i.connection.message(m);
          } catch (e) {
            this.fail(i.peer, e);
          }
        });
        return;
      }
      default:
        return;
    }
  }

  /** A hello relayed to this process, the room's owner: a peer whose messages go back. */
  private helloHere(from: string, id: number, text: string): void {
    const key = `${from} ${id}`;
    const relay = this;
    let open = true;
    const peer: Peer = {
      send(m: ServerMessage) {
        if (open) relay.send(from, `s ${id} ${JSON.stringify(m)}`);
      },
      sendText(t: string) {
        if (open) relay.send(from, `s ${id} ${t}`);
      },
      gone() {
        return !open || relay.inbound.get(key) !== i;
      },
      close(code: number, reason: string) {
        if (!open) return;
        open = false;
        relay.send(from, `x ${id} ${code} ${JSON.stringify(reason)}`);
        // As a socket here would: closed, its connection leaves (its process sends no `c`).
        if (relay.inbound.get(key) !== i) return;
        relay.inbound.delete(key);
        i.queue = i.queue.then(() => {
          i.connection?.closed();
          i.connection = null;
        });
      },
    };
    const i: Inbound = { from, peer, connection: null, queue: Promise.resolve() };
    this.inbound.set(key, i);
    const m = readClientMessage(text);
    i.queue = i.queue.then(async () => {
      if (m?.type !== 'hello') {
        peer.close(CLOSE.badMessage, 'send hello first');
        return;
      }
      try {
        const c = await this.host.helloRelayed(peer, m);
        // Closed while it waited: it leaves at once.
        if (this.inbound.get(key) === i) i.connection = c;
        else c.closed();
      } catch (e) {
        this.fail(peer, e);
      }
    });
  }

  private fail(peer: Peer, e: unknown): void {
    if (e instanceof Refusal) {
      if (e.close !== null) peer.close(e.close, e.message.slice(0, 120));
      else peer.send({ type: 'refused', id: null, code: e.code, message: e.message });
      return;
    }
    this.log?.(`rooms: ${message(e)}`);
    peer.send({
      type: 'refused',
      id: null,
      code: 'unavailable',
      message: 'the server could not take this message; try again shortly',
    });
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
        this.reset(`sending: ${message(e)}`);
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
      alive = await this.host.alive([...others]);
    } catch {
      return; // the database cannot say: next time
    }
    for (const [id, o] of this.out) {
      if (alive.has(o.owner)) continue;
      this.out.delete(id);
      o.peer.close(CLOSE.goingAway, 'the room’s server stopped; connect again');
    }
    for (const [key, i] of this.inbound) {
      if (alive.has(i.from)) continue;
      this.inbound.delete(key);
      i.queue = i.queue.then(() => i.connection?.closed());
    }
  }

  /**
   * What was relayed may be lost: every socket relayed from here is closed (each owner is told
   * once the channel is back).
   */
  private reset(why: string): void {
    if (this.out.size > 0) this.log?.(`rooms: relayed sockets closed (${why})`);
    for (const o of this.out.values()) {
      this.lost.add(o.owner);
      if (o.waiting) {
        o.waiting.reject(
          new Refusal('unavailable', 'the room’s server cannot be reached', CLOSE.goingAway),
        );
      } else o.peer.close(CLOSE.goingAway, 'the room’s server cannot be reached; connect again');
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
        this.log?.(`rooms: not listening to the other processes (${why}); connecting again`);
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
          if (this.failures > 0) this.log?.('rooms: listening to the other processes again');
          this.failures = 0;
          for (const owner of this.lost) this.send(owner, 'r 0');
          this.lost.clear();
          this.listening();
        },
        (e: unknown) => drop(message(e)),
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
