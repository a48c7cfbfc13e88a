/**
 * A client of one online room, for the terminal and the browser alike (the WebSocket class is
 * given: the browser's own, or `ws` in Node). It keeps the match as the server ordered it,
 * without its seed: from the boards it started with and each action with the tile the server
 * dealt for it. Your own actions are checked through the same rules and sent; by default they
 * are also shown at once on top of the server's match (`predict`) — a versus slide without its
 * tile, which appears when the server deals it — and when the server's answer differs — an
 * attack arrived first, a move that changed nothing there — the shown match is the server's
 * again. With `predict: false` the match shown is only ever the server's: an action is drawn
 * once the server has taken it.
 *
 * Input reaches the room only while the connection is open: connecting, reconnecting or closed
 * (the seat opened in another window or tab, the room gone, the server away), `act` refuses with
 * a sentence and sends nothing. A dropped connection reconnects by itself with the seat token,
 * takes the whole state, and sends again the actions the server had not answered (the server
 * takes each id once). `retake` connects again after a close: the seat is taken back from the
 * window that has it. With `connectTimeoutMs`, a first connection (or a retake) that is not
 * welcomed in that time gives up: closed, the server unreachable.
 */
import type { Result } from '../engine/result.ts';
import {
  DROPPED_SENTENCE,
  NOT_ANSWERING_SENTENCE,
  NOT_SENT_DROPPED,
  NOT_SENT_NOT_ANSWERING,
  SEAT_ELSEWHERE,
  SERVER_CHANGED_SENTENCE,
  WAITING_AFTER_MS,
} from './linkWords.ts';
import {
  type Heartbeat,
  type LinkTime,
  Reconnecting,
  type SocketFactory,
  systemLinkTime,
} from './reconnect.ts';
import {
  actionText,
  applyDealt,
  CLOSE,
  type ClientMessage,
  dealOnPreview,
  type MatchResult,
  type MatchStart,
  previewAction,
  ROOM_PROTOCOL,
  type RoomAction,
  type RoomInfo,
  type RoomMatch,
  type RoomRules,
  readDealt,
  replayDealt,
  type SeatInfo,
  type ServerMessage,
  type Side,
} from './rooms.ts';

export type { SocketFactory, SocketLike } from './reconnect.ts';

/**
 * The connection: connecting, open, open but the server silent for a while ('not-answering':
 * nothing is sent and nothing it said before is taken as still true), reconnecting, closed.
 */
export type RoomStatus = 'connecting' | 'open' | 'not-answering' | 'reconnecting' | 'closed';

/**
 * Why a connection is closed for good (until {@link RoomClient.retake}): the seat was opened in
 * another window or tab, no such room, a seat token not the room's, a client the server did not
 * understand, no answer from the server in time, or you left.
 */
export type RoomClosed =
  | 'replaced'
  | 'no-room'
  | 'bad-seat'
  | 'bad-message'
  | 'unreachable'
  | 'left';

/** The room as the client shows it. */
export interface RoomView {
  readonly status: RoomStatus;
  readonly room: RoomInfo | null;
  /** Your side, or null while watching (or before the welcome). */
  readonly you: Side | null;
  readonly matchNo: number;
  readonly rules: RoomRules | null;
  /**
   * The match shown: the server's, with your actions not yet answered played on top when the
   * client predicts (the default), else the server's alone.
   */
  readonly match: RoomMatch | null;
  /** The match as the server took it, without your actions it has not answered yet. */
  readonly confirmed?: RoomMatch | null;
  /** How the match started (its boards, or the duel's first slider), as the server said. */
  readonly start?: MatchStart | null;
  /** The actions the server has ordered, as texts with the tiles they dealt (`0l/232`). */
  readonly log: readonly string[];
  readonly seats: readonly SeatInfo[];
  readonly result: MatchResult | null;
  readonly rematch: readonly [boolean, boolean];
  /**
   * A sentence: while open, the last refusal (cleared when the room changes: an action taken, a
   * new match, the result, the seats, the rematch offers); while reconnecting or closed, why —
   * kept until the connection changes. Null when there is nothing to say.
   */
  readonly notice: string | null;
  /** Why the connection is closed, while `status` is 'closed' (absent or null otherwise). */
  readonly closed?: RoomClosed | null;
  /** How many of your actions were sent and not answered yet (absent: none). */
  readonly pending?: number;
  /**
   * How many of your actions the screen says it waits for: the pending ones once the oldest has
   * waited {@link WAITING_AFTER_MS}; 0 (or absent) before.
   */
  readonly waiting?: number;
  /**
   * A duel with a time per decision: when the side to act loses on time (ms since 1970, the
   * server's clock, as it said); null or absent while no clock runs. The server decides.
   */
  readonly deadline?: number | null;
  /**
   * How many times the room's match went on on another server process while this client was in
   * it (the process that refereed it died or let it go): each time, the notice says so once.
   */
  readonly serverChanges?: number;
}

export interface RoomClientOptions {
  /** The server's base URL (http or https). */
  readonly server: string;
  readonly room: string;
  /** Your seat token in this room, if you have one. */
  readonly seat?: string | null;
  readonly name?: string;
  /** Your player key: a seat you take counts its matches for your record (sent in the hello). */
  readonly player?: string;
  /** Watch even when a seat is free. */
  readonly watch?: boolean;
  readonly socket: SocketFactory;
  /** Called after every change. */
  readonly onChange: (view: RoomView) => void;
  /** Called when the server gives you a seat: keep the token to take the seat back. */
  readonly onSeat?: (token: string) => void;
  /** Reconnection delays (ms), the last one repeated (default 250, 500, 1000, 2000). */
  readonly retryMs?: readonly number[];
  /**
   * Whether your actions are shown before the server takes them (default true). False: the
   * match shown is only ever the server's.
   */
  readonly predict?: boolean;
  /**
   * How long a first connection (or a retake) may go unwelcomed before the client gives up
   * (status 'closed', closed 'unreachable'); default: it tries on. Reconnecting after a drop
   * always tries on (the screen says so).
   */
  readonly connectTimeoutMs?: number;
  /** The clock and timers (default the platform's): tests give fake ones. */
  readonly time?: LinkTime;
  /** The heartbeat's times (default reconnect.ts's HEARTBEAT). */
  readonly heartbeat?: Partial<Heartbeat>;
}

/** Close codes after which reconnecting cannot help, and what each means. */
const FINAL: ReadonlyMap<number, RoomClosed> = new Map<number, RoomClosed>([
  [CLOSE.badMessage, 'bad-message'],
  [CLOSE.badSeat, 'bad-seat'],
  [CLOSE.noRoom, 'no-room'],
  [CLOSE.replaced, 'replaced'],
]);

const CLOSE_SENTENCES: Record<number, string> = {
  [CLOSE.badSeat]: 'this seat token is not one of the room’s',
  [CLOSE.noRoom]: 'no room has this code (it may have expired)',
  [CLOSE.replaced]: SEAT_ELSEWHERE,
  [CLOSE.badMessage]:
    'the server did not understand this client (they may be different versions of slidebox: update both)',
};

/** The sentence while the connection is down after having been open. */
export const RECONNECTING_SENTENCE = DROPPED_SENTENCE;

/**
 * The socket URL of a server: http://h:p → ws://h:p/api/rooms/socket, with `?room=CODE` when a
 * room is given — the server reads the room from the hello and ignores the query, but a load
 * balancer in front of several servers hashes it to send the room's sockets to one of them.
 */
export function socketUrl(server: string, room?: string): string {
  const base = `${server.replace(/^http/i, 'ws').replace(/\/+$/, '')}/api/rooms/socket`;
  return room ? `${base}?room=${encodeURIComponent(room)}` : base;
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
    confirmed: null,
    start: null,
    log: [],
    seats: [],
    result: null,
    rematch: [false, false],
    notice,
    closed: null,
    pending: 0,
  };
}

/** Why nothing can be sent now, as a refusal's words; null while the connection is open. */
export function notSentSentence(v: RoomView): string | null {
  switch (v.status) {
    case 'open':
      return null;
    case 'connecting':
      return 'not sent: still connecting to the room';
    case 'not-answering':
      return NOT_SENT_NOT_ANSWERING;
    case 'reconnecting':
      return `${NOT_SENT_DROPPED} (reconnecting…)`;
    case 'closed':
      return v.closed === 'replaced'
        ? `not sent: ${SEAT_ELSEWHERE}`
        : 'not sent: the connection to the room is closed';
  }
}

type Refusal = Result<never, { code: string; message: string }>;

export class RoomClient {
  private readonly link: Reconnecting<ClientMessage, ServerMessage>;
  private seat: string | null;
  private nextId = 0;
  private confirmed: RoomMatch | null = null;
  private confirmedLog: string[] = [];
  private pending: { id: number; action: RoomAction; at: number }[] = [];
  private readonly time: LinkTime;
  /** The match last shown and what it was made from (so the same match stays the same value). */
  private shownCache: { from: RoomMatch; shown: RoomMatch } | null = null;
  /**
   * Each pending action's preview and the match it was made on: kept while that match stands,
   * so the match shown stays the same value, and your slide's tile, when dealt, is added to the
   * slide shown (not a slide made again).
   */
  private previews = new Map<number, { on: RoomMatch; shown: RoomMatch }>();
  /** Whether a connection of this start (or retake) has been welcomed. */
  private welcomed = false;
  /**
   * Whether this connection has had the room's state: before it, nothing is sent (your actions
   * go out in the order of their ids, those the server had not answered first).
   */
  private synced = false;
  /** Whether a socket of this start closed before any welcome (the server could not be reached). */
  private failedOnce = false;
  /** You left (close): nothing to take back. */
  private left = false;
  private v: RoomView = emptyRoomView('connecting', null);
  /** The process that refereed the room when this client last had its state (welcome.referee). */
  private referee: string | null = null;
  /** A welcome from another process than the one before: the next state says so. */
  private refereeChanged = false;

  constructor(private readonly o: RoomClientOptions) {
    this.seat = o.seat ?? null;
    this.time = o.time ?? systemLinkTime;
    this.link = new Reconnecting({
      socket: o.socket,
      url: socketUrl(o.server, o.room),
      retryMs: o.retryMs,
      time: this.time,
      heartbeat: o.heartbeat,
      quiet: (silent) => this.quiet(silent),
      connecting: () => {
        this.synced = false;
      },
      hello: () => ({
        type: 'hello',
        protocol: ROOM_PROTOCOL,
        room: o.room,
        ...(this.seat ? { seat: this.seat } : {}),
        ...(o.name ? { name: o.name } : {}),
        ...(o.watch ? { watch: true } : {}),
        ...(o.player ? { player: o.player } : {}),
      }),
      receive: (m) => this.receive(m),
      dropped: (ev) => this.dropped(ev),
    });
    this.start();
  }

  get view(): RoomView {
    return this.v;
  }

  /** Your seat token in this room (null while you have none). */
  get seatToken(): string | null {
    return this.seat;
  }

  /**
   * Plays an action of your side: checked, then sent (and shown at once when predicting).
   * Refused, with nothing sent, while the connection is not open, while watching, before the
   * other player has joined, after the match's end, or when the rules refuse it.
   */
  act(action: RoomAction): Result<true, { code: string; message: string }> {
    const v = this.v;
    const offline = this.offline();
    if (offline) return offline;
    if (v.you === null) return this.refuse('watching', 'you are watching: only the players move');
    if (this.confirmed === null) {
      return {
        ok: false,
        error: { code: 'connecting', message: 'not sent: still connecting to the room' },
      };
    }
    if (v.result) return this.refuse('match-over', 'the match is over');
    if (v.seats[v.you === 0 ? 1 : 0]?.name == null) {
      return this.refuse('waiting', 'waiting for the other player to join');
    }
    const shown = this.predicted();
    const next = previewAction(shown, v.you, action);
    if (!next.ok) return this.refuse(next.error.code, next.error.message);
    // A versus slide that moves nothing on the board shown may move once the tiles of your
    // moves still unanswered are dealt: the server judges it then.
    const unknownTiles = shown.kind === 'versus' && this.pending.length > 0;
    if (next.value === shown && !unknownTiles) return { ok: true, value: true };
    const id = ++this.nextId;
    this.pending.push({ id, action, at: this.time.now() });
    this.send({ type: 'act', id, a: actionText(action) });
    this.waitLater();
    this.update({ match: this.shownMatch(), notice: null, pending: this.pending.length });
    return { ok: true, value: true };
  }

  /**
   * Offers (or accepts) a rematch; refused, with nothing sent, while the connection is not
   * open, while watching, or before the match is over.
   */
  offerRematch(): Result<true, { code: string; message: string }> {
    const offline = this.offline();
    if (offline) return offline;
    if (this.v.you === null) {
      return this.refuse('watching', 'you are watching: only the players offer a rematch');
    }
    if (!this.v.result) {
      return this.refuse('not-over', 'a rematch is offered once the match is over');
    }
    this.send({ type: 'rematch' });
    return { ok: true, value: true };
  }

  /**
   * Connects again after the connection closed (the seat opened elsewhere, the server away):
   * with the seat token, the seat is taken back from whichever window has it. False when there
   * is nothing to take back (the connection is not closed, or you left).
   */
  retake(): boolean {
    if (this.v.status !== 'closed' || this.left) return false;
    this.update({ status: 'connecting', closed: null, notice: null });
    this.start();
    return true;
  }

  /** Leaves the room (the seat stays yours: connect again with its token). */
  close(): void {
    this.link.stop();
    this.left = true;
    // Closed already (the seat taken elsewhere, the server away): why stays said.
    this.update(this.v.status === 'closed' ? {} : { status: 'closed', closed: 'left' });
  }

  /** A (re)start: connects, and gives up after `connectTimeoutMs` without a welcome. */
  private start(): void {
    this.welcomed = false;
    this.failedOnce = false;
    const ms = this.o.connectTimeoutMs;
    this.link.start(ms, () =>
      this.stop(
        'unreachable',
        this.failedOnce
          ? `the server at ${this.o.server} could not be reached`
          : `the server at ${this.o.server} did not answer within ${ms! / 1000} s`,
      ),
    );
  }

  /** Stops for good (until a retake), with why. */
  private stop(why: RoomClosed, sentence: string): void {
    this.link.stop();
    this.update({ status: 'closed', closed: why, notice: sentence });
  }

  /** The server went silent (its socket still open), or spoke again. */
  private quiet(silent: boolean): void {
    if (silent && this.v.status === 'open') {
      this.update({ status: 'not-answering', notice: NOT_ANSWERING_SENTENCE });
    } else if (!silent && this.v.status === 'not-answering') {
      this.update({ status: 'open', notice: null });
    }
  }

  /** Shows the waiting line once the action just sent has waited its time. */
  private waitLater(): void {
    this.time.after(WAITING_AFTER_MS + 1, () => {
      if (this.waitingNow() !== (this.v.waiting ?? 0)) this.update({});
    });
  }

  /** The pending actions the screen says it waits for (0 while the oldest is recent). */
  private waitingNow(): number {
    const oldest = this.pending[0];
    if (!oldest || this.time.now() - oldest.at < WAITING_AFTER_MS) return 0;
    return this.pending.length;
  }

  /** The socket closed, not by {@link stop}: true to connect again. */
  private dropped(ev: { readonly code: number; readonly reason: string }): boolean {
    const final = FINAL.get(ev.code);
    if (final) {
      this.stop(final, CLOSE_SENTENCES[ev.code] ?? (ev.reason || `closed (${ev.code})`));
      return false;
    }
    if (this.welcomed) {
      this.update({ status: 'reconnecting', notice: RECONNECTING_SENTENCE });
    } else {
      // Never in: still connecting (and the give-up timer, if any, runs on).
      this.failedOnce = true;
      if (this.v.status !== 'connecting') this.update({ status: 'connecting' });
    }
    return true;
  }

  private send(m: ClientMessage): void {
    this.link.send(m);
  }

  /** The refusal while the connection is not open (nothing changes on screen but the words). */
  private offline(): Refusal | null {
    const why =
      this.v.status === 'open' && !this.synced
        ? 'not sent: still connecting to the room'
        : notSentSentence(this.v);
    if (why === null) return null;
    const code =
      this.v.status === 'closed'
        ? (this.v.closed ?? 'closed')
        : this.v.status === 'open'
          ? 'connecting'
          : this.v.status;
    return { ok: false, error: { code, message: why } };
  }

  private refuse(code: string, message: string): Refusal {
    this.update({ notice: message });
    return { ok: false, error: { code, message } };
  }

  private receive(m: ServerMessage): void {
    switch (m.type) {
      case 'welcome':
        this.link.welcomed();
        this.welcomed = true;
        if (m.referee !== undefined) {
          this.refereeChanged =
            this.referee !== null && this.referee !== m.referee && this.confirmed !== null;
          this.referee = m.referee;
        }
        if (m.seat) {
          this.seat = m.seat;
          this.o.onSeat?.(m.seat);
        }
        this.update({ status: 'open', room: m.room, you: m.you, notice: null, closed: null });
        return;
      case 'state':
        this.takeState(m);
        return;
      case 'action': {
        const l = readDealt(m.a);
        if (m.match !== this.v.matchNo || !l || !this.confirmed) return;
        if (m.seq !== this.confirmedLog.length + 1) {
          // A gap (cannot happen on one connection): take the whole state again.
          this.link.drop(4000, 'resync');
          return;
        }
        // Your own slide shown at once: its tile added to it (the same boards, the tile new).
        const kept = l.side === this.v.you ? this.previews.get(m.id) : undefined;
        const onShown =
          kept?.on === this.confirmed && l.tile && this.pending[0]?.id === m.id
            ? dealOnPreview(kept.shown, l.side, l.tile)
            : null;
        const next = onShown?.ok ? onShown : applyDealt(this.confirmed, l.side, l.action, l.tile);
        if (!next.ok) return;
        this.confirmed = next.value;
        this.confirmedLog = [...this.confirmedLog, m.a];
        if (l.side === this.v.you) this.pending = this.pending.filter((p) => p.id !== m.id);
        if (m.deadline !== undefined) this.v = { ...this.v, deadline: m.deadline };
        this.reconcile(null);
        return;
      }
      case 'ignored':
        this.pending = this.pending.filter((p) => p.id !== m.id);
        this.reconcile(undefined);
        return;
      case 'refused':
        if (m.id !== null) this.pending = this.pending.filter((p) => p.id !== m.id);
        this.reconcile(m.message);
        return;
      case 'seats': {
        const joined = (s: readonly SeatInfo[]) => s.map((x) => x.name !== null).join();
        const changed = joined(m.seats) !== joined(this.v.seats);
        this.update({
          seats: m.seats,
          ...(changed ? { notice: null } : {}),
          ...(m.deadline !== undefined ? { deadline: m.deadline } : {}),
        });
        return;
      }
      case 'end':
        if (m.match === this.v.matchNo) {
          this.pending = [];
          this.update({
            result: m.result,
            match: this.confirmed,
            confirmed: this.confirmed,
            notice: null,
            pending: 0,
            deadline: null,
          });
        }
        return;
      case 'rematch':
        this.update({ rematch: m.offers, notice: null });
        return;
    }
  }

  /** The whole match (after a welcome, or a new match): your unanswered actions sent again. */
  private takeState(m: Extract<ServerMessage, { type: 'state' }>): void {
    const match = Array.isArray(m.log) ? replayDealt(m.rules, m.start, m.log) : null;
    if (!match?.ok) {
      this.update({ notice: 'the server sent a match that does not replay' });
      return;
    }
    this.synced = true;
    const changed = this.refereeChanged;
    this.refereeChanged = false;
    // After a reconnection: your actions the server never had are sent again (same ids).
    const again =
      m.match === this.v.matchNo && this.confirmed !== null
        ? this.pending.filter((p) => p.id > m.lastId)
        : [];
    this.confirmed = match.value;
    this.confirmedLog = [...m.log];
    this.pending = [];
    this.previews.clear();
    this.nextId = Math.max(this.nextId, m.lastId);
    const you = this.v.you;
    if (you !== null && !m.result) {
      let shown = this.confirmed;
      for (const p of again) {
        const next = previewAction(shown, you, p.action);
        const unknownTiles = shown.kind === 'versus' && this.pending.length > 0;
        if (!next.ok || (next.value === shown && !unknownTiles)) continue;
        shown = next.value;
        this.pending.push(p);
        this.send({ type: 'act', id: p.id, a: actionText(p.action) });
      }
      if (this.pending.length > 0) this.waitLater();
    }
    this.update({
      matchNo: m.match,
      rules: m.rules,
      start: m.start,
      match: this.shownMatch(),
      confirmed: this.confirmed,
      log: this.confirmedLog,
      seats: m.seats,
      result: m.result,
      rematch: m.rematch,
      pending: this.pending.length,
      notice: changed ? SERVER_CHANGED_SENTENCE : null,
      deadline: m.deadline ?? null,
      ...(changed ? { serverChanges: (this.v.serverChanges ?? 0) + 1 } : {}),
    });
  }

  /** The server's match with your pending actions on top where they still apply. */
  private predicted(): RoomMatch {
    let shown = this.confirmed!;
    const you = this.v.you;
    if (you === null) return shown;
    const kept: typeof this.pending = [];
    const previews = new Map<number, { on: RoomMatch; shown: RoomMatch }>();
    for (const p of this.pending) {
      const known = this.previews.get(p.id);
      const next =
        known?.on === shown
          ? { ok: true as const, value: known.shown }
          : previewAction(shown, you, p.action);
      if (!next.ok) continue;
      kept.push(p);
      previews.set(p.id, { on: shown, shown: next.value });
      shown = next.value;
    }
    this.pending = kept;
    this.previews = previews;
    return shown;
  }

  /**
   * The match to show: predicted, or the server's alone. Your slides are drawn ahead, but what
   * they would do to the other side (an attack waiting on its board) only once the server took
   * them.
   */
  private shownMatch(): RoomMatch | null {
    const c = this.confirmed;
    if (!c) return null;
    if (this.o.predict === false) return c;
    const shown = this.predicted();
    const you = this.v.you;
    if (shown === c || you === null || shown.kind !== 'versus' || c.kind !== 'versus') {
      return shown;
    }
    if (this.shownCache?.from === shown) return this.shownCache.shown;
    const q = shown.match.queues;
    const cq = c.match.queues;
    const queues: readonly [readonly number[], readonly number[]] =
      you === 0 ? [q[0], cq[1]] : [cq[0], q[1]];
    const out: RoomMatch = { ...shown, match: { ...shown.match, queues } };
    this.shownCache = { from: shown, shown: out };
    return out;
  }

  /**
   * The shown match after the server moved; `notice`: a sentence to say, null to clear what
   * was said (the room changed), undefined to leave it.
   */
  private reconcile(notice: string | null | undefined): void {
    const match = this.shownMatch();
    this.update({
      match,
      confirmed: this.confirmed,
      log: this.confirmedLog,
      pending: this.pending.length,
      ...(notice !== undefined ? { notice } : {}),
    });
  }

  private update(p: Partial<RoomView>): void {
    this.v = { ...this.v, ...p };
    this.v = { ...this.v, waiting: this.waitingNow() };
    this.o.onChange(this.v);
  }
}
