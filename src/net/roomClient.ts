/**
 * A client of one online room, for the terminal and the browser alike (the WebSocket class is
 * given: the browser's own, or `ws` in Node). It keeps the match as the server ordered it and
 * shows your own actions at once on top of it (played locally through the same rules); when the
 * server's answer differs — an attack arrived first, a move that changed nothing there — the
 * shown match is the server's again. A dropped connection reconnects by itself with the seat
 * token and takes the whole state.
 */
import type { Result } from '../engine/result.ts';
import {
  actionText,
  applyAction,
  CLOSE,
  type ClientMessage,
  type LoggedAction,
  type MatchResult,
  type RoomAction,
  type RoomInfo,
  type RoomMatch,
  type RoomRules,
  readLogged,
  replayLog,
  type SeatInfo,
  type ServerMessage,
  type Side,
} from './rooms.ts';

/** What the client needs of a WebSocket: the browser's and `ws`'s both have it. */
export interface SocketLike {
  readonly readyState: number;
  send(text: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

export type RoomStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** The room as the client shows it. */
export interface RoomView {
  readonly status: RoomStatus;
  readonly room: RoomInfo | null;
  /** Your side, or null while watching (or before the welcome). */
  readonly you: Side | null;
  readonly matchNo: number;
  readonly rules: RoomRules | null;
  /** The match shown: the server's, with your actions not yet answered played on top. */
  readonly match: RoomMatch | null;
  /** The actions the server has ordered, as texts. */
  readonly log: readonly string[];
  readonly seats: readonly SeatInfo[];
  readonly result: MatchResult | null;
  readonly rematch: readonly [boolean, boolean];
  /** The last refusal or connection problem, as a sentence, or null. */
  readonly notice: string | null;
}

export interface RoomClientOptions {
  /** The server's base URL (http or https). */
  readonly server: string;
  readonly room: string;
  /** Your seat token in this room, if you have one. */
  readonly seat?: string | null;
  readonly name?: string;
  /** Watch even when a seat is free. */
  readonly watch?: boolean;
  readonly socket: SocketFactory;
  /** Called after every change. */
  readonly onChange: (view: RoomView) => void;
  /** Called when the server gives you a seat: keep the token to take the seat back. */
  readonly onSeat?: (token: string) => void;
  /** Reconnection delays (ms), the last one repeated (default 250, 500, 1000, 2000). */
  readonly retryMs?: readonly number[];
}

/** Close codes after which reconnecting cannot help. */
const FINAL = new Set<number>([CLOSE.badMessage, CLOSE.badSeat, CLOSE.noRoom, CLOSE.replaced]);

const CLOSE_SENTENCES: Record<number, string> = {
  [CLOSE.badSeat]: 'this seat token is not one of the room’s',
  [CLOSE.noRoom]: 'no room has this code (it may have expired)',
  [CLOSE.replaced]: 'this seat was taken back from another window or terminal',
  [CLOSE.badMessage]: 'the server did not understand this client',
};

/** The socket URL of a server: http://h:p → ws://h:p/api/rooms/socket. */
export function socketUrl(server: string): string {
  return `${server.replace(/^http/i, 'ws').replace(/\/+$/, '')}/api/rooms/socket`;
}

/** A room's view before there is a room to show: connecting, or closed with the reason. */
export function emptyRoomView(status: RoomStatus, notice: string | null): RoomView {
  return {
    status,
    room: null,
    you: null,
    matchNo: 0,
    rules: null,
    match: null,
    log: [],
    seats: [],
    result: null,
    rematch: [false, false],
    notice,
  };
}

export class RoomClient {
  private socket: SocketLike | null = null;
  private seat: string | null;
  private nextId = 0;
  private confirmed: RoomMatch | null = null;
  private confirmedLog: string[] = [];
  private pending: { id: number; action: RoomAction }[] = [];
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private v: RoomView = emptyRoomView('connecting', null);

  constructor(private readonly o: RoomClientOptions) {
    this.seat = o.seat ?? null;
    this.connect();
  }

  get view(): RoomView {
    return this.v;
  }

  /** Your seat token in this room (null while you have none). */
  get seatToken(): string | null {
    return this.seat;
  }

  /** Plays an action of your side: shown at once, sent to the server. */
  act(action: RoomAction): Result<true, { code: string; message: string }> {
    const v = this.v;
    const refuse = (code: string, message: string) => {
      this.update({ notice: message });
      return { ok: false as const, error: { code, message } };
    };
    if (v.you === null || v.match === null)
      return refuse('watching', 'you are watching: only the players move');
    if (v.result) return refuse('match-over', 'the match is over');
    if (v.seats[v.you === 0 ? 1 : 0]?.name == null) {
      return refuse('waiting', 'waiting for the other player to join');
    }
    const next = applyAction(v.match, v.you, action);
    if (!next.ok) return refuse(next.error.code, next.error.message);
    if (next.value === v.match) return { ok: true, value: true };
    const id = ++this.nextId;
    this.pending.push({ id, action });
    this.send({ type: 'act', id, a: actionText(action) });
    this.update({ match: next.value, notice: null });
    return { ok: true, value: true };
  }

  /** Offers (or accepts) a rematch. */
  offerRematch(): void {
    this.send({ type: 'rematch' });
  }

  /** Leaves the room (the seat stays yours: connect again with its token). */
  close(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close(1000, 'bye');
    this.update({ status: 'closed' });
  }

  private connect(): void {
    const ws = this.o.socket(socketUrl(this.o.server));
    this.socket = ws;
    ws.onopen = () => {
      const hello: ClientMessage = {
        type: 'hello',
        room: this.o.room,
        ...(this.seat ? { seat: this.seat } : {}),
        ...(this.o.name ? { name: this.o.name } : {}),
        ...(this.o.watch ? { watch: true } : {}),
      };
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (ev) => {
      if (this.socket !== ws) return;
      let m: ServerMessage;
      try {
        m = JSON.parse(String(ev.data)) as ServerMessage;
      } catch {
        return;
      }
      this.receive(m);
    };
    ws.onerror = () => {};
    ws.onclose = (ev) => {
      if (this.socket !== ws) return;
      this.socket = null;
      if (this.stopped) return;
      if (FINAL.has(ev.code)) {
        this.stopped = true;
        this.update({
          status: 'closed',
          notice: CLOSE_SENTENCES[ev.code] ?? (ev.reason || `closed (${ev.code})`),
        });
        return;
      }
      const delays = this.o.retryMs ?? [250, 500, 1000, 2000];
      const delay = delays[Math.min(this.attempt, delays.length - 1)]!;
      this.attempt++;
      this.update({
        status: 'reconnecting',
        notice: 'the connection dropped: reconnecting…',
      });
      this.timer = setTimeout(() => {
        this.timer = null;
        if (!this.stopped) this.connect();
      }, delay);
    };
  }

  private send(m: ClientMessage): void {
    if (this.socket && this.socket.readyState === 1) this.socket.send(JSON.stringify(m));
  }

  private receive(m: ServerMessage): void {
    switch (m.type) {
      case 'welcome':
        this.attempt = 0;
        if (m.seat) {
          this.seat = m.seat;
          this.o.onSeat?.(m.seat);
        }
        this.update({ status: 'open', room: m.room, you: m.you, notice: null });
        return;
      case 'state': {
        const logged = m.log.map(readLogged);
        const match = logged.every((l) => l !== null)
          ? replayLog(m.rules, logged as LoggedAction[])
          : null;
        if (!match?.ok) {
          this.update({ notice: 'the server sent a match that does not replay' });
          return;
        }
        this.confirmed = match.value;
        this.confirmedLog = [...m.log];
        this.pending = [];
        this.nextId = Math.max(this.nextId, m.lastId);
        this.update({
          matchNo: m.match,
          rules: m.rules,
          match: match.value,
          log: this.confirmedLog,
          seats: m.seats,
          result: m.result,
          rematch: m.rematch,
        });
        return;
      }
      case 'action': {
        const l = readLogged(m.a);
        if (m.match !== this.v.matchNo || !l || !this.confirmed) return;
        if (m.seq !== this.confirmedLog.length + 1) {
          // A gap (cannot happen on one connection): take the whole state again.
          this.socket?.close(4000, 'resync');
          return;
        }
        const next = applyAction(this.confirmed, l.side, l.action);
        if (!next.ok) return;
        this.confirmed = next.value;
        this.confirmedLog = [...this.confirmedLog, m.a];
        if (l.side === this.v.you) this.pending = this.pending.filter((p) => p.id !== m.id);
        this.reconcile(null);
        return;
      }
      case 'ignored':
        this.pending = this.pending.filter((p) => p.id !== m.id);
        this.reconcile(null);
        return;
      case 'refused':
        if (m.id !== null) this.pending = this.pending.filter((p) => p.id !== m.id);
        this.reconcile(m.message);
        return;
      case 'seats':
        this.update({ seats: m.seats });
        return;
      case 'end':
        if (m.match === this.v.matchNo) {
          this.pending = [];
          this.update({ result: m.result, match: this.confirmed });
        }
        return;
      case 'rematch':
        this.update({ rematch: m.offers });
        return;
    }
  }

  /** The shown match: the server's, with your pending actions played on top where they still apply. */
  private reconcile(notice: string | null): void {
    let shown = this.confirmed;
    const you = this.v.you;
    if (shown && you !== null) {
      const kept: typeof this.pending = [];
      for (const p of this.pending) {
        const next = applyAction(shown, you, p.action);
        if (!next.ok) continue;
        kept.push(p);
        shown = next.value;
      }
      this.pending = kept;
    }
    this.update({
      match: shown,
      log: this.confirmedLog,
      ...(notice !== null ? { notice } : {}),
    });
  }

  private update(p: Partial<RoomView>): void {
    this.v = { ...this.v, ...p };
    this.o.onChange(this.v);
  }
}
