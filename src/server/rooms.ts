/**
 * Online rooms on the server: the referee. A room holds a versus match or a duel and its two
 * seats; every action a seated client sends is applied through the rules engine
 * (src/net/rooms.ts `applyAction`), written to the database in order, then sent to both
 * players and every watcher. A room is loaded into memory when a client connects to it (its
 * match re-played from the database's log), so a restarted server resumes every match where
 * it stood. Actions of one room are handled one at a time in each process.
 *
 * The database, not a process, is the room's truth, so that several processes on one
 * PostgreSQL serve one set of rooms (the two players of a room may be connected to different
 * processes):
 * - Order. Every change to a room's match (an action, a result, a rematch offer or a new match)
 *   is a transaction that first updates the room's row: PostgreSQL's row lock puts them one
 *   after another across processes, and the update finds no row when the match has moved on (a
 *   rematch elsewhere). An action is the row (room, match, seq = the log's length + 1); when
 *   another process wrote that seq first, or wrote the result, this process reads what it
 *   missed (still holding the lock, so nothing more comes), applies it (sending it to its own
 *   connections) and judges the action again on the match as it now stands.
 * - Fan-out. A committed change NOTIFYs the channel `slidebox_rooms` ("instance room-id what");
 *   each process LISTENs on a connection of its own (not the pool's) and, for a room it has in
 *   memory, reads the room's changes from the database in the room's order (new actions, seats,
 *   a new match, the end) and sends them on. The listener connects again when its connection
 *   drops, and then every room in memory is read again.
 * - Presence. A seat's row names the process holding the seat's connection (`holder`, a random
 *   id per process) and `seen_ms`: that process's heartbeat (every forfeit time / 4, one
 *   statement for all its seats) or, once nobody holds the seat, when it was left. A seat held
 *   by another process counts as connected while its heartbeat is younger than the forfeit time
 *   (so the seats of a process that died count as left a forfeit time after its last
 *   heartbeat). Each process reads the seats of the rooms it has connections for at every sweep;
 *   a forfeit is decided again inside the locked transaction on the database's view, and the
 *   result row is written once. A seat whose holder becomes another process while this one
 *   still has a connection for it was taken back elsewhere: that connection is closed.
 * With SQLite there is one process: no listener, no heartbeat, the same tables and statements.
 */
import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import { randomSeed } from '../engine/rng.ts';
import { encodeShared, sharedDuel, sharedVersus } from '../engine/shareCode.ts';
import { checkName, isPlayerKey } from '../net/api.ts';
import {
  applyAction,
  CLOSE,
  type ClientMessage,
  type LoggedAction,
  loggedText,
  type MatchResult,
  matchOver,
  matchWinner,
  newRoomCode,
  type RoomAction,
  type RoomInfo,
  type RoomKind,
  type RoomMatch,
  type RoomRules,
  readAction,
  readLogged,
  readRoomCode,
  replayLog,
  type SeatInfo,
  type ServerMessage,
  type Side,
  startMatch,
} from '../net/rooms.ts';
import type { Database, Schema } from './db.ts';
import { sha256 } from './scores.ts';

/** One connection to a room, as the rooms see it. */
export interface Peer {
  send(message: ServerMessage): void;
  close(code: number, reason: string): void;
}

export interface RoomsOptions {
  readonly now?: () => number;
  /** How long a seat may stay empty during a match before it forfeits (ms; default 60 s). */
  readonly forfeitMs?: number;
  /** How long a room nobody has entered is kept (ms; default 24 h). */
  readonly idleMs?: number;
  readonly log?: (line: string) => void;
}

export const DEFAULT_FORFEIT_MS = 60_000;
export const DEFAULT_IDLE_MS = 24 * 3600_000;

/** The PostgreSQL channel of the rooms' changes. */
export const ROOMS_CHANNEL = 'slidebox_rooms';
/** How many times an action is judged again against a match other processes moved on. */
const TRIES = 8;
/** Waits before the listener connects again (ms), the last one repeated. */
const LISTEN_RETRY_MS = [100, 250, 500, 1000, 2000];

/** A room's answer to `POST /api/rooms`: the creator's seat. */
export interface CreatedRoom {
  readonly code: string;
  readonly rules: RoomRules;
  readonly side: Side;
  readonly seat: string;
}

/** What anyone may know of a room (`GET /api/rooms/CODE`). */
export interface RoomSummary {
  readonly code: string;
  readonly rules: RoomRules;
  readonly match: number;
  readonly seats: readonly SeatInfo[];
  readonly over: boolean;
}

interface Seat {
  tokenHash: string | null;
  name: string | null;
  /** The last action id taken from this seat in this match. */
  lastId: number;
  /** This process's connections of the seat. */
  peers: Set<Peer>;
  /** The process holding the seat's connection, as the database said (an instance id), or null. */
  holder: string | null;
  /** The holder's last heartbeat, or when nobody holds it, when it was left (ms). */
  seenMs: number | null;
  /** When this process's last connection of the seat closed (ms), or null. */
  leftAt: number | null;
  /** The match after which the seat offered a rematch, or null. */
  rematchFor: number | null;
}

interface LiveRoom {
  readonly id: number;
  readonly code: string;
  rules: RoomRules;
  matchNo: number;
  match: RoomMatch;
  log: string[];
  readonly seats: [Seat, Seat];
  readonly watchers: Set<Peer>;
  result: MatchResult | null;
  /** Where the room's work queue stands: one message at a time. */
  queue: Promise<void>;
  /** When it was left with no connection at all (ms), or null. */
  emptySince: number | null;
  readonly loadedAt: number;
  /** A read of the room's changes is queued and not started yet. */
  syncQueued: boolean;
  /** A forfeit is being decided. */
  forfeiting: boolean;
  /** Grows with every change of the seats in memory (a read begun before is stale). */
  version: number;
  /** The seats as last sent to the room's connections (JSON). */
  seatsSent: string;
}

/** A seat's row, as read. */
interface SeatRow {
  room_id: number;
  side: number;
  token_hash: string | null;
  name: string | null;
  holder: string | null;
  seen_ms: number | null;
  rematch: number | null;
}

const SEAT_COLUMNS = [
  'room_id',
  'side',
  'token_hash',
  'name',
  'holder',
  'seen_ms',
  'rematch',
] as const;

/** What the database holds of a room that its live copy may not know yet. */
interface Changes {
  readonly matchNo: number;
  readonly seed: number;
  readonly result: MatchResult | null;
  /** The match's actions after those the live room has (all of them for a new match). */
  readonly actions: readonly { seq: number; action: string; client_id: number }[];
  readonly seats: readonly SeatRow[];
}

/** A refusal for the socket: a message, or a close. */
class Refusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly close: number | null = null,
  ) {
    super(message);
  }
}

/** Versus options as `POST /api/rooms` takes them. */
export interface RoomRequest {
  readonly kind: RoomKind;
  readonly size?: number;
  readonly target?: number;
  readonly attackCap?: number | null;
  readonly name: string;
}

type Db = Kysely<Schema>;

/** An action refused, or one that changes nothing. */
type Verdict = { code: string; message: string } | { ignored: true };
const bad = (code: string, message: string): Verdict => ({ code, message });

const other = (s: Side): Side => (s === 0 ? 1 : 0);
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export class Rooms {
  private readonly live = new Map<string, LiveRoom>();
  private readonly byId = new Map<number, LiveRoom>();
  private readonly loading = new Map<string, Promise<LiveRoom | null>>();
  private readonly now: () => number;
  private readonly forfeitMs: number;
  private readonly idleMs: number;
  /** This process, as the seats' `holder` and the notifications name it. */
  private readonly instance = randomBytes(12).toString('base64url');
  /** Other processes may serve the same rooms (PostgreSQL). */
  private readonly shared: boolean;
  private readonly heartbeatMs: number;
  /** How long a seat held by another process counts as connected after its last heartbeat. */
  private readonly leaseMs: number;
  private readonly listener: RoomListener | null = null;
  private readonly sweeper: NodeJS.Timeout;
  private sweeping: Promise<void> | null = null;
  private sweepFailing = false;
  private lastBeat = 0;
  private lastCleanup = 0;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly o: RoomsOptions = {},
  ) {
    this.now = o.now ?? Date.now;
    this.forfeitMs = o.forfeitMs ?? DEFAULT_FORFEIT_MS;
    this.idleMs = o.idleMs ?? DEFAULT_IDLE_MS;
    this.shared = database.dialect === 'postgres';
    this.heartbeatMs = this.forfeitMs / 4;
    this.leaseMs = this.forfeitMs;
    if (this.shared && database.newClient) {
      this.listener = new RoomListener(
        database.newClient,
        (payload) => this.heard(payload),
        () => this.resyncAll(),
        o.log,
      );
    }
    this.sweeper = setInterval(() => this.sweep(), Math.min(1000, this.forfeitMs / 4));
    this.sweeper.unref();
  }

  private get db(): Db {
    return this.database.db;
  }

  /** Makes a room with its creator in seat 0. */
  async create(req: RoomRequest): Promise<CreatedRoom> {
    const name = checkName(req.name);
    if (!name.ok) throw new Refusal(name.error.code, name.error.message);
    const rules: RoomRules =
      req.kind === 'versus'
        ? {
            kind: 'versus',
            size: req.size ?? 4,
            seed: randomSeed(),
            target: req.target ?? 512,
            attackCap: req.attackCap ?? null,
          }
        : { kind: 'duel', size: req.size ?? 4, seed: randomSeed(), target: null, attackCap: null };
    const start = startMatch(rules);
    if (!start.ok) throw new Refusal('bad-rules', start.error.message);
    const seat = randomBytes(32).toString('base64url');
    const now = this.now();
    for (let attempt = 0; ; attempt++) {
      const code = newRoomCode();
      try {
        await this.db.transaction().execute(async (tx) => {
          const room = await tx
            .insertInto('rooms')
            .values({
              code,
              kind: rules.kind,
              size: rules.size,
              target: rules.target,
              attack_cap: rules.attackCap,
              seed: rules.seed,
              match: 1,
              created_ms: now,
              active_ms: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const id = Number(room.id);
          await tx
            .insertInto('seats')
            .values([
              { room_id: id, side: 0, token_hash: sha256(seat), name: name.value, seen_ms: now },
              { room_id: id, side: 1, token_hash: null, name: null, seen_ms: now },
            ])
            .execute();
        });
        return { code, rules, side: 0, seat };
      } catch (e) {
        // Another room has this code: draw another.
        if (attempt < 5 && /unique|duplicate/i.test(message(e))) continue;
        throw e;
      }
    }
  }

  /** A room as anyone may see it, or null. */
  async summary(code: string): Promise<RoomSummary | null> {
    const room = await this.room(code);
    if (!room) return null;
    if (this.shared) await this.serial(room, () => this.sync(room));
    return {
      code: room.code,
      rules: room.rules,
      match: room.matchNo,
      seats: this.seatInfo(room),
      over: room.result !== null,
    };
  }

  /**
   * A connection's first message: the peer joins the room (its seat taken back with its token,
   * a free seat taken, or watching). Throws a {@link Refusal} that closes the socket.
   */
  async hello(peer: Peer, m: Extract<ClientMessage, { type: 'hello' }>): Promise<Connection> {
    const code = readRoomCode(m.room);
    if (!code.ok) throw new Refusal('bad-room', code.error.message, CLOSE.noRoom);
    const room = await this.room(code.value);
    if (!room) throw new Refusal('no-room', `no room ${code.value}`, CLOSE.noRoom);
    return this.serial(room, async () => {
      const { side, given } = await this.seatFor(room, m);
      if (side !== null) await this.sit(room, side, peer, given !== null);
      else room.watchers.add(peer);
      room.emptySince = null;
      await this.touch(room);
      const info: RoomInfo = { code: room.code, rules: room.rules };
      peer.send({ type: 'welcome', room: info, you: side, seat: given });
      peer.send(this.stateFor(room, side));
      this.sendSeats(room, peer);
      return new Connection(this, room, peer, side);
    });
  }

  /** An action from a seated peer, handled in the room's order. */
  act(room: LiveRoom, side: Side, peer: Peer, id: number, text: string): Promise<void> {
    return this.serial(room, async () => {
      // With other processes, the live match may lag the database's by a moment: an action is
      // refused or ignored only once judged on the database's match.
      let caughtUp = !this.shared;
      for (let tries = 1; ; tries++) {
        const seat = room.seats[side];
        if (id <= seat.lastId) return; // sent again (or late): taken once already
        const action = readAction(text);
        if (!action) return this.answer(room, side, peer, id, bad('bad-action', 'not an action'));
        const judged = this.judge(room, side, action);
        if (!('next' in judged) && !caughtUp) {
          caughtUp = true;
          await this.sync(room);
          continue;
        }
        if (!('next' in judged)) return this.answer(room, side, peer, id, judged);
        if (tries > TRIES) throw new Error(`room ${room.code}: an action could not be ordered`);
        const done = await this.append(room, side, id, action);
        if (done === true) return;
        if (done !== false) return this.answer(room, side, peer, id, done);
        // The match moved on elsewhere (a rematch): catch up, then judge the action again.
        await this.sync(room);
        caughtUp = true;
      }
    });
  }

  /** Tells the mover that its action was refused or changed nothing (taken, not logged). */
  private answer(room: LiveRoom, side: Side, peer: Peer, id: number, verdict: Verdict): void {
    room.seats[side].lastId = id;
    if ('code' in verdict) {
      peer.send({ type: 'refused', id, code: verdict.code, message: verdict.message });
    } else peer.send({ type: 'ignored', id });
  }

  /** What `side`'s action does to the live match: the match after it, nothing, or a refusal. */
  private judge(room: LiveRoom, side: Side, action: RoomAction): { next: RoomMatch } | Verdict {
    if (room.result) return bad('match-over', 'the match is over: no more moves');
    if (room.seats[other(side)].tokenHash === null) {
      return bad('waiting', 'the other player has not joined yet');
    }
    const next = applyAction(room.match, side, action);
    if (!next.ok) return bad(next.error.code, next.error.message);
    return next.value === room.match ? { ignored: true } : { next: next.value };
  }

  /** A rematch offered by a seat once the match is over; both offered: a new match. */
  rematch(room: LiveRoom, side: Side, peer: Peer): Promise<void> {
    return this.serial(room, async () => {
      for (let tries = 1; ; tries++) {
        if (!room.result && this.shared && tries === 1) {
          // The match may have ended through another process a moment ago.
          await this.sync(room);
          continue;
        }
        if (!room.result) {
          peer.send({
            type: 'refused',
            id: null,
            code: 'not-over',
            message: 'a rematch is offered once the match is over',
          });
          return;
        }
        if (tries > TRIES) throw new Error(`room ${room.code}: a rematch could not be ordered`);
        const matchNo = room.matchNo;
        const done = await this.offerRematch(room, side);
        if (done === false) {
          // The match moved on elsewhere (the rematch happened there): catch up.
          await this.sync(room);
          if (room.matchNo !== matchNo) return;
          continue;
        }
        room.version++;
        for (const r of done.rows) room.seats[Number(r.side) as Side].rematchFor = num(r.rematch);
        if (done.seed === null) {
          this.broadcast(room, { type: 'rematch', offers: this.offers(room) });
          return;
        }
        this.startNext(room, matchNo + 1, done.seed);
        this.eachPeer(room, (p, s) => p.send(this.stateFor(room, s)));
        room.seatsSent = JSON.stringify(this.seatInfo(room));
        return;
      }
    });
  }

  /** A peer's connection closed. */
  leave(room: LiveRoom, side: Side | null, peer: Peer): void {
    if (side === null) room.watchers.delete(peer);
    else {
      const seat = room.seats[side];
      if (seat.peers.delete(peer) && seat.peers.size === 0 && seat.holder === this.instance) {
        seat.leftAt = this.now();
        room.version++;
        this.release(room, side);
      }
    }
    if (this.peerCount(room) === 0) room.emptySince = this.now();
    this.sendSeats(room);
  }

  /**
   * Stops the sweeper and the listener, closes every connection (the server is stopping) and
   * lets go of this process's seats in the database.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweeper);
    const rooms = [...this.live.values()];
    for (const room of rooms) {
      this.eachPeer(room, (p) => p.close(CLOSE.goingAway, 'the server is stopping'));
    }
    // What is being written is finished first (briefly).
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([...rooms.map((r) => r.queue), this.sweeping]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, 2000);
      }),
    ]);
    clearTimeout(timer);
    try {
      const held = rooms.filter((r) => r.seats.some((s) => s.holder === this.instance));
      if (held.length > 0) {
        await this.db
          .updateTable('seats')
          .set({ holder: null, seen_ms: this.now() })
          .where('holder', '=', this.instance)
          .execute();
        for (const room of held) await this.notify(this.db, room, 'seats');
      }
    } catch (e) {
      this.o.log?.(`rooms: letting go of the seats: ${message(e)}`);
    }
    await this.listener?.close();
  }

  /** Live rooms in this process (tests, figures). */
  get liveCount(): number {
    return this.live.size;
  }

  /** Online record by name: finished matches won, lost, drawn. */
  async record(name: string): Promise<{ wins: number; losses: number; draws: number }> {
    const r = await sql<{ wins: number; losses: number; draws: number }>`select
        coalesce(sum(case when (name0 = ${name} and winner = '0') or (name1 = ${name} and winner = '1') then 1 else 0 end), 0) as wins,
        coalesce(sum(case when (name0 = ${name} and winner = '1') or (name1 = ${name} and winner = '0') then 1 else 0 end), 0) as losses,
        coalesce(sum(case when winner = 'draw' then 1 else 0 end), 0) as draws
      from room_results where name0 = ${name} or name1 = ${name}`.execute(this.db);
    const row = r.rows[0];
    return {
      wins: Number(row?.wins ?? 0),
      losses: Number(row?.losses ?? 0),
      draws: Number(row?.draws ?? 0),
    };
  }

  // ------------------------------------------------------------------ seats

  /** The seat a hello asks for (null: watching), and the seat's token when just given. */
  private async seatFor(
    room: LiveRoom,
    m: Extract<ClientMessage, { type: 'hello' }>,
  ): Promise<{ side: Side | null; given: string | null }> {
    if (m.seat !== undefined) {
      if (!isPlayerKey(m.seat)) throw new Refusal('bad-seat', 'not a seat token', CLOSE.badSeat);
      const hash = sha256(m.seat);
      const find = () =>
        room.seats[0].tokenHash === hash ? 0 : room.seats[1].tokenHash === hash ? 1 : null;
      let side: Side | null = find();
      // Seat 1 may have been given through another process a moment ago.
      if (side === null && this.shared) {
        await this.sync(room);
        side = find();
      }
      if (side === null) {
        throw new Refusal(
          'bad-seat',
          `this seat token is not one of room ${room.code}'s`,
          CLOSE.badSeat,
        );
      }
      return { side, given: null };
    }
    if (m.watch || room.seats[1].tokenHash !== null) return { side: null, given: null };
    const name = checkName(m.name ?? 'Player 2');
    if (!name.ok) throw new Refusal(name.error.code, name.error.message, CLOSE.badMessage);
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const taken = await this.db
      .updateTable('seats')
      .set({ token_hash: sha256(token), name: name.value, holder: this.instance, seen_ms: now })
      .where('room_id', '=', room.id)
      .where('side', '=', 1)
      .where('token_hash', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) {
      // Another server process gave the seat away first: read the room again, and watch.
      await this.sync(room);
      return { side: null, given: null };
    }
    Object.assign(room.seats[1], {
      tokenHash: sha256(token),
      name: name.value,
      holder: this.instance,
      seenMs: now,
    });
    room.version++;
    return { side: 1, given: token };
  }

  /** `peer` takes `side`'s seat: this process holds it now (`claimed`: already written so). */
  private async sit(room: LiveRoom, side: Side, peer: Peer, claimed: boolean): Promise<void> {
    const seat = room.seats[side];
    // The seat taken back from another connection (an older one, perhaps dead): that one goes.
    for (const old of seat.peers) old.close(CLOSE.replaced, 'this seat connected again elsewhere');
    seat.peers.clear();
    seat.peers.add(peer);
    seat.leftAt = null;
    room.version++;
    const now = this.now();
    if (!claimed) {
      await this.db
        .updateTable('seats')
        .set({ holder: this.instance, seen_ms: now })
        .where('room_id', '=', room.id)
        .where('side', '=', side)
        .execute();
    }
    seat.holder = this.instance;
    seat.seenMs = now;
    // The other seat, left longer ago than a forfeit takes, while nobody was here to claim it:
    // its time starts now.
    const restarted = await this.db
      .updateTable('seats')
      .set({ seen_ms: now })
      .where('room_id', '=', room.id)
      .where('side', '=', other(side))
      .where('holder', 'is', null)
      .where((eb) => eb.or([eb('seen_ms', 'is', null), eb('seen_ms', '<=', now - this.forfeitMs)]))
      .executeTakeFirst();
    const them = room.seats[other(side)];
    if (Number(restarted.numUpdatedRows) === 1 && them.holder === null) them.seenMs = now;
    await this.notify(this.db, room, 'seats');
  }

  /** The seat's last connection here closed: the database says nobody holds it (in order). */
  private release(room: LiveRoom, side: Side): void {
    void this.serial(room, async () => {
      const seat = room.seats[side];
      if (this.closed || seat.peers.size > 0 || seat.holder !== this.instance) return;
      const at = seat.leftAt ?? this.now();
      await this.db
        .updateTable('seats')
        .set({ holder: null, seen_ms: at })
        .where('room_id', '=', room.id)
        .where('side', '=', side)
        .where('holder', '=', this.instance)
        .execute();
      seat.holder = null;
      seat.seenMs = at;
      room.version++;
      await this.notify(this.db, room, 'seats');
    }).catch((e) => this.o.log?.(`room ${room.code}: leaving a seat: ${message(e)}`));
  }

  /** Whether a seat is connected, and if not since when it counts as left (ms). */
  private presence(room: LiveRoom, seat: Seat, now: number): { connected: boolean; left: number } {
    if (seat.peers.size > 0) return { connected: true, left: now };
    if (seat.holder === this.instance) {
      return { connected: false, left: seat.leftAt ?? seat.seenMs ?? room.loadedAt };
    }
    if (seat.holder !== null) {
      // Held through another process: connected while its heartbeats come.
      const seen = seat.seenMs ?? room.loadedAt;
      return now - seen < this.leaseMs
        ? { connected: true, left: now }
        : { connected: false, left: seen + this.leaseMs };
    }
    return { connected: false, left: seat.seenMs ?? room.loadedAt };
  }

  private seatInfo(room: LiveRoom): SeatInfo[] {
    const now = this.now();
    const playing = room.result === null && room.seats[1].tokenHash !== null;
    return room.seats.map((s) => {
      const p = this.presence(room, s, now);
      return {
        name: s.name,
        connected: p.connected,
        forfeitAt: playing && s.tokenHash !== null && !p.connected ? p.left + this.forfeitMs : null,
      };
    });
  }

  /** Sends the seats to the room's connections (but `except`). */
  private sendSeats(room: LiveRoom, except?: Peer): void {
    const seats = this.seatInfo(room);
    room.seatsSent = JSON.stringify(seats);
    this.broadcast(room, { type: 'seats', seats }, except);
  }

  /** Sends the seats when they differ from those last sent. */
  private seatsChanged(room: LiveRoom): void {
    if (JSON.stringify(this.seatInfo(room)) !== room.seatsSent) this.sendSeats(room);
  }

  /** The seats as the database has them, taken into the live room. */
  private takeSeats(room: LiveRoom, rows: readonly SeatRow[]): void {
    room.version++;
    for (const r of rows) {
      const seat = room.seats[Number(r.side) as Side];
      seat.tokenHash = r.token_hash;
      seat.name = r.name;
      seat.holder = r.holder;
      seat.seenMs = num(r.seen_ms);
      seat.rematchFor = num(r.rematch);
      if (r.holder !== null && r.holder !== this.instance && seat.peers.size > 0) {
        // The seat connected again through another process: this one's connection is older.
        for (const p of seat.peers) p.close(CLOSE.replaced, 'this seat connected again elsewhere');
        seat.peers.clear();
        if (this.peerCount(room) === 0) room.emptySince = this.now();
      }
    }
  }

  private offers(room: LiveRoom): [boolean, boolean] {
    const offered = (s: Seat) => room.result !== null && s.rematchFor === room.matchNo;
    return [offered(room.seats[0]), offered(room.seats[1])];
  }

  // ------------------------------------------------------------------ order

  /** Runs `job` after the room's earlier jobs: a room's messages are handled one at a time. */
  private serial<T>(room: LiveRoom, job: () => Promise<T>): Promise<T> {
    const run = room.queue.then(job);
    room.queue = run.then(
      () => {},
      () => {},
    );
    return run;
  }

  /**
   * Runs `work` in a transaction that first updates the room's row: every change to a room's
   * match does, so PostgreSQL applies them one at a time across processes. False (nothing done)
   * when the database's match is not this process's (a rematch elsewhere) or the room is gone.
   */
  private locked<T>(room: LiveRoom, work: (tx: Db) => Promise<T>): Promise<T | false> {
    return this.db.transaction().execute(async (tx) => {
      const held = await tx
        .updateTable('rooms')
        .set({ active_ms: this.now() })
        .where('id', '=', room.id)
        .where('match', '=', room.matchNo)
        .executeTakeFirst();
      if (Number(held.numUpdatedRows) !== 1) return false;
      return work(tx);
    });
  }

  /**
   * Writes `side`'s action as the match's next one (with the result when it ends the match) and
   * sends it: true. Holding the room's row, it first takes in what other processes wrote before
   * (nobody can write after that until it is done), so the action is judged on the database's
   * match: the verdict when it is refused or changes nothing there. False when the database's
   * match is not this process's (nothing written).
   */
  private async append(
    room: LiveRoom,
    side: Side,
    id: number,
    action: RoomAction,
  ): Promise<boolean | Verdict> {
    const now = this.now();
    const written = await this.locked(room, async (tx) => {
      for (let caughtUp = false; ; caughtUp = true) {
        const judged = this.judge(room, side, action);
        if (!('next' in judged)) return judged;
        const seq = room.log.length + 1;
        const a = loggedText({ side, action });
        if (!(await this.storedResult(tx, room.code, room.matchNo))) {
          const inserted = await tx
            .insertInto('room_actions')
            .values({
              room_id: room.id,
              match: room.matchNo,
              seq,
              side,
              action: a,
              client_id: id,
              created_ms: now,
            })
            .onConflict((oc) => oc.columns(['room_id', 'match', 'seq']).doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows) === 1) {
            const over = matchOver(judged.next);
            const result = over
              ? this.resultOf(judged.next, matchWinner(judged.next)!, 'play')
              : null;
            if (result) await this.storeResult(tx, room, result, now);
            await this.notify(tx, room, result ? 'end' : 'action');
            return { seq, a, next: judged.next, result };
          }
        }
        if (caughtUp) throw new Error(`room ${room.code}: its stored actions do not follow on`);
        // Another process wrote first: its actions (or the end), then this action judged again.
        const ch = await this.changes(tx, room);
        if (ch) this.apply(room, ch);
      }
    });
    if (written === false || !('seq' in written)) return written;
    const { seq, a, next, result } = written;
    room.seats[side].lastId = id;
    room.match = next;
    room.log.push(a);
    this.broadcast(room, { type: 'action', match: room.matchNo, seq, a, id });
    if (result) {
      room.result = result;
      this.broadcast(room, { type: 'end', match: room.matchNo, result });
      this.seatsChanged(room);
    }
    return true;
  }

  /** Writes this seat's rematch offer; with both offered, the next match (its seed). */
  private offerRematch(room: LiveRoom, side: Side) {
    const matchNo = room.matchNo;
    return this.locked(room, async (tx) => {
      await tx
        .updateTable('seats')
        .set({ rematch: matchNo })
        .where('room_id', '=', room.id)
        .where('side', '=', side)
        .execute();
      const rows = await tx
        .selectFrom('seats')
        .select(['side', 'rematch'])
        .where('room_id', '=', room.id)
        .execute();
      const both = rows.length === 2 && rows.every((r) => num(r.rematch) === matchNo);
      if (!both) {
        await this.notify(tx, room, 'rematch');
        return { rows, seed: null };
      }
      const seed = randomSeed();
      await tx
        .updateTable('rooms')
        .set({ match: matchNo + 1, seed })
        .where('id', '=', room.id)
        .execute();
      await this.notify(tx, room, 'match');
      return { rows, seed };
    });
  }

  /** The live room on a new match. */
  private startNext(room: LiveRoom, matchNo: number, seed: number): void {
    room.rules = { ...room.rules, seed };
    room.matchNo = matchNo;
    const start = startMatch(room.rules);
    if (!start.ok) throw new Error(`a rematch's rules: ${start.error.message}`);
    room.match = start.value;
    room.log = [];
    room.result = null;
    room.seats[0].lastId = 0;
    room.seats[1].lastId = 0;
  }

  /** The result of a match ended by `reason`, with the finished match's share code. */
  private resultOf(m: RoomMatch, winner: Side | 'draw', reason: 'play' | 'forfeit'): MatchResult {
    const shared =
      m.kind === 'versus' ? sharedVersus(m.match, 'online') : sharedDuel(m.duel, 'online');
    return { winner, reason, code: encodeShared(shared) };
  }

  /** Writes the result of the room's match; false when one was there already. */
  private async storeResult(
    db: Db,
    room: LiveRoom,
    result: MatchResult,
    now: number,
  ): Promise<boolean> {
    const r = await db
      .insertInto('room_results')
      .values({
        room_code: room.code,
        match: room.matchNo,
        kind: room.rules.kind,
        winner: String(result.winner),
        reason: result.reason,
        code: result.code,
        name0: room.seats[0].name ?? '',
        name1: room.seats[1].name ?? '',
        finished_ms: now,
      })
      .onConflict((oc) => oc.columns(['room_code', 'match']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows) === 1;
  }

  private async storedResult(db: Db, code: string, matchNo: number): Promise<MatchResult | null> {
    const row = await db
      .selectFrom('room_results')
      .select(['winner', 'reason', 'code'])
      .where('room_code', '=', code)
      .where('match', '=', matchNo)
      .executeTakeFirst();
    if (!row) return null;
    return {
      winner: row.winner === 'draw' ? 'draw' : (Number(row.winner) as Side),
      reason: row.reason as 'play' | 'forfeit',
      code: row.code,
    };
  }

  /** Tells the other processes that the room changed (on commit, inside a transaction). */
  private async notify(db: Db, room: LiveRoom, what: string): Promise<void> {
    if (!this.shared) return;
    await sql`select pg_notify(${ROOMS_CHANNEL}, ${`${this.instance} ${room.id} ${what}`})`.execute(
      db,
    );
  }

  // ------------------------------------------------------------------ catching up

  /** What the database has of the room beyond the live copy, or null when the room is gone. */
  private async changes(db: Db, room: LiveRoom): Promise<Changes | null> {
    const row = await db
      .selectFrom('rooms')
      .select(['match', 'seed'])
      .where('id', '=', room.id)
      .executeTakeFirst();
    if (!row) return null;
    const matchNo = Number(row.match);
    // The result before the actions: a play's last action and its result are written together,
    // so a result read is never ahead of the actions read after it.
    const result = await this.storedResult(db, room.code, matchNo);
    const actions = await db
      .selectFrom('room_actions')
      .select(['seq', 'action', 'client_id'])
      .where('room_id', '=', room.id)
      .where('match', '=', matchNo)
      .where('seq', '>', matchNo === room.matchNo ? room.log.length : 0)
      .orderBy('seq')
      .execute();
    const seats = await db
      .selectFrom('seats')
      .select(SEAT_COLUMNS)
      .where('room_id', '=', room.id)
      .execute();
    return { matchNo, seed: Number(row.seed), result, actions, seats };
  }

  /** Takes the database's changes into the live room and sends them to its connections. */
  private apply(room: LiveRoom, ch: Changes): void {
    if (ch.matchNo < room.matchNo) return;
    const fresh = ch.matchNo > room.matchNo;
    if (fresh) this.startNext(room, ch.matchNo, ch.seed);
    for (const a of ch.actions) {
      if (Number(a.seq) !== room.log.length + 1) break;
      const l = readLogged(a.action);
      const next = l ? applyAction(room.match, l.side, l.action) : null;
      if (!l || !next?.ok || next.value === room.match) {
        this.o.log?.(`room ${room.code}: action ${a.seq} of match ${room.matchNo} does not apply`);
        break;
      }
      room.match = next.value;
      room.log.push(a.action);
      const seat = room.seats[l.side];
      seat.lastId = Math.max(seat.lastId, Number(a.client_id));
      if (!fresh) {
        const id = Number(a.client_id);
        this.broadcast(room, {
          type: 'action',
          match: room.matchNo,
          seq: room.log.length,
          a: a.action,
          id,
        });
      }
    }
    const offered = this.offers(room);
    this.takeSeats(room, ch.seats);
    const ended = ch.result !== null && room.result === null;
    if (ended) room.result = ch.result;
    if (fresh) {
      this.eachPeer(room, (p, s) => p.send(this.stateFor(room, s)));
      room.seatsSent = JSON.stringify(this.seatInfo(room));
      return;
    }
    if (ended) this.broadcast(room, { type: 'end', match: room.matchNo, result: room.result! });
    const offers = this.offers(room);
    if (offers[0] !== offered[0] || offers[1] !== offered[1]) {
      this.broadcast(room, { type: 'rematch', offers });
    }
    this.seatsChanged(room);
  }

  /** Reads the room's changes and takes them in (call inside the room's order). */
  private async sync(room: LiveRoom): Promise<void> {
    const ch = await this.changes(this.db, room);
    if (ch) this.apply(room, ch);
  }

  /** Queues a read of the room's changes (one at a time: several notifications, one read). */
  private requestSync(room: LiveRoom): void {
    if (room.syncQueued || this.closed) return;
    room.syncQueued = true;
    this.serial(room, async () => {
      room.syncQueued = false;
      await this.sync(room);
    }).catch((e) => this.o.log?.(`room ${room.code}: catching up: ${message(e)}`));
  }

  /** A notification from the channel: "instance room-id what". */
  private heard(payload: string): void {
    const [from, id] = payload.split(' ');
    if (from === this.instance) return;
    const room = this.byId.get(Number(id));
    if (room) this.requestSync(room);
  }

  /** The listener (re)connected: notifications may have been missed, every room is read again. */
  private resyncAll(): void {
    for (const room of this.live.values()) this.requestSync(room);
  }

  // ------------------------------------------------------------------ loading

  /** The room, from memory or loaded from the database; null when no room has the code. */
  private async room(code: string): Promise<LiveRoom | null> {
    const known = this.live.get(code);
    if (known) return known;
    let loading = this.loading.get(code);
    if (!loading) {
      loading = this.load(code).finally(() => this.loading.delete(code));
      this.loading.set(code, loading);
    }
    return loading;
  }

  private async load(code: string): Promise<LiveRoom | null> {
    const row = await this.db
      .selectFrom('rooms')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirst();
    if (!row) return null;
    const id = Number(row.id);
    const matchNo = Number(row.match);
    const rules: RoomRules = {
      kind: row.kind as RoomKind,
      size: Number(row.size),
      seed: Number(row.seed),
      target: row.target === null ? null : Number(row.target),
      attackCap: row.attack_cap === null ? null : Number(row.attack_cap),
    };
    const now = this.now();
    if (!this.shared) {
      // One process: a seat held by another instance is one this process held before it
      // restarted. Nobody holds it now.
      await this.db
        .updateTable('seats')
        .set({ holder: null, seen_ms: now })
        .where('room_id', '=', id)
        .where('holder', 'is not', null)
        .execute();
    }
    const start = startMatch(rules);
    if (!start.ok) {
      this.o.log?.(`room ${code}: its stored rules do not make a match`);
      return null;
    }
    const seat = (): Seat => ({
      tokenHash: null,
      name: null,
      lastId: 0,
      peers: new Set(),
      holder: null,
      seenMs: null,
      leftAt: null,
      rematchFor: null,
    });
    const room: LiveRoom = {
      id,
      code,
      rules,
      matchNo,
      match: start.value,
      log: [],
      seats: [seat(), seat()],
      watchers: new Set(),
      result: null,
      queue: Promise.resolve(),
      emptySince: now,
      loadedAt: now,
      syncQueued: false,
      forfeiting: false,
      version: 0,
      seatsSent: '',
    };
    const ch = await this.changes(this.db, room);
    if (!ch) return null;
    if (ch.matchNo !== matchNo) return this.load(code); // a rematch meanwhile: again
    const logged = ch.actions.map((a) => readLogged(a.action));
    const replayed = logged.every((l) => l !== null)
      ? replayLog(rules, logged as LoggedAction[])
      : null;
    if (!replayed?.ok || ch.actions.some((a, i) => Number(a.seq) !== i + 1)) {
      this.o.log?.(`room ${code}: its stored match does not replay`);
      return null;
    }
    this.apply(room, ch);
    // Loaded twice at once (two hellos): the first one in is the room.
    const known = this.live.get(code);
    if (known) return known;
    this.live.set(code, room);
    this.byId.set(id, room);
    // Changes notified while it loaded were not heard for it: read them.
    if (this.shared) this.requestSync(room);
    return room;
  }

  private evict(room: LiveRoom): void {
    this.live.delete(room.code);
    this.byId.delete(room.id);
  }

  private async touch(room: LiveRoom): Promise<void> {
    await this.db
      .updateTable('rooms')
      .set({ active_ms: this.now() })
      .where('id', '=', room.id)
      .execute();
  }

  private stateFor(room: LiveRoom, side: Side | null): ServerMessage {
    return {
      type: 'state',
      match: room.matchNo,
      rules: room.rules,
      log: room.log,
      lastId: side === null ? 0 : room.seats[side].lastId,
      seats: this.seatInfo(room),
      result: room.result,
      rematch: this.offers(room),
    };
  }

  private eachPeer(room: LiveRoom, f: (p: Peer, side: Side | null) => void): void {
    for (const s of [0, 1] as const) for (const p of room.seats[s].peers) f(p, s);
    for (const p of room.watchers) f(p, null);
  }

  private peerCount(room: LiveRoom): number {
    return room.seats[0].peers.size + room.seats[1].peers.size + room.watchers.size;
  }

  private broadcast(room: LiveRoom, m: ServerMessage, except?: Peer): void {
    this.eachPeer(room, (p) => {
      if (p !== except) p.send(m);
    });
  }

  // ------------------------------------------------------------------ sweeping

  private sweep(): void {
    if (this.closed || this.sweeping) return;
    this.sweeping = this.sweepOnce()
      .then(
        () => {
          if (this.sweepFailing) this.o.log?.('rooms: sweeping again');
          this.sweepFailing = false;
        },
        (e) => {
          // Once per outage (the database down), not at every tick.
          if (!this.sweepFailing) this.o.log?.(`rooms: sweeping: ${message(e)}`);
          this.sweepFailing = true;
        },
      )
      .finally(() => {
        this.sweeping = null;
      });
  }

  /** Heartbeat and seats (PostgreSQL), forfeits, rooms left empty, idle rooms in the database. */
  private async sweepOnce(): Promise<void> {
    const now = this.now();
    if (this.shared) {
      if (now - this.lastBeat >= this.heartbeatMs) {
        await this.db
          .updateTable('seats')
          .set({ seen_ms: now })
          .where('holder', '=', this.instance)
          .execute();
        // Only once written: after an outage, the first sweep that reaches the database beats.
        this.lastBeat = now;
      }
      await this.readSeats();
    }
    for (const room of this.live.values()) {
      // A room with no connection here is decided by a process it has connections with.
      for (const s of [0, 1] as const) {
        if (!room.forfeiting && this.peerCount(room) > 0 && this.forfeitDue(room, s, now)) {
          this.forfeit(room, s);
          break;
        }
      }
      if (room.emptySince !== null && now - room.emptySince >= this.forfeitMs) this.evict(room);
    }
    if (now - this.lastCleanup >= 60_000) {
      this.lastCleanup = now;
      await this.cleanUp(now);
    }
  }

  /**
   * Reads the seats of the rooms with connections here: who holds them elsewhere and their
   * heartbeats. A seat that changed otherwise (taken, named, offered, taken back elsewhere)
   * makes the room read its changes in order.
   */
  private async readSeats(): Promise<void> {
    const rooms = [...this.live.values()].filter((r) => this.peerCount(r) > 0);
    for (let i = 0; i < rooms.length; i += 500) {
      const chunk = new Map(rooms.slice(i, i + 500).map((r) => [r.id, r]));
      const versions = new Map([...chunk.values()].map((r) => [r, r.version]));
      const rows = await this.db
        .selectFrom('seats')
        .select(SEAT_COLUMNS)
        .where('room_id', 'in', [...chunk.keys()])
        .execute();
      for (const r of rows) {
        const room = chunk.get(Number(r.room_id));
        if (!room || versions.get(room) !== room.version || room.syncQueued) continue;
        const seat = room.seats[Number(r.side) as Side];
        const mine = seat.peers.size > 0 || seat.holder === this.instance;
        if (
          r.token_hash !== seat.tokenHash ||
          r.name !== seat.name ||
          num(r.rematch) !== seat.rematchFor ||
          (mine && r.holder !== null && r.holder !== this.instance)
        ) {
          this.requestSync(room);
        } else if (!mine) {
          seat.holder = r.holder;
          seat.seenMs = num(r.seen_ms);
        }
      }
    }
    for (const room of rooms) if (!room.syncQueued) this.seatsChanged(room);
  }

  /** Whether `s` has been left longer than a forfeit takes while the other seat is connected. */
  private forfeitDue(room: LiveRoom, s: Side, now: number): boolean {
    if (room.result !== null || room.seats[1].tokenHash === null) return false;
    const me = this.presence(room, room.seats[s], now);
    return (
      !me.connected &&
      now - me.left >= this.forfeitMs &&
      this.presence(room, room.seats[other(s)], now).connected
    );
  }

  /** Gives the match to the other seat, decided again on the database's view, in order. */
  private forfeit(room: LiveRoom, s: Side): void {
    room.forfeiting = true;
    this.serial(room, async () => {
      if (!this.forfeitDue(room, s, this.now())) return;
      const result = await this.locked(room, async (tx) => {
        const ch = await this.changes(tx, room);
        if (ch) this.apply(room, ch);
        if (!this.forfeitDue(room, s, this.now())) return null;
        const r = this.resultOf(room.match, other(s), 'forfeit');
        if (!(await this.storeResult(tx, room, r, this.now()))) return null;
        await this.notify(tx, room, 'end');
        return r;
      });
      if (result === false) return this.sync(room);
      if (result === null) return;
      room.result = result;
      this.broadcast(room, { type: 'end', match: room.matchNo, result });
      this.seatsChanged(room);
    })
      .catch((e) => this.o.log?.(`room ${room.code}: forfeit: ${message(e)}`))
      .finally(() => {
        room.forfeiting = false;
      });
  }

  /** Deletes rooms nobody entered for idleMs (their finished matches stay in room_results). */
  private async cleanUp(now: number): Promise<void> {
    const before = now - this.idleMs;
    try {
      const idle = this.db.selectFrom('rooms').select('id').where('active_ms', '<', before);
      await this.db.deleteFrom('room_actions').where('room_id', 'in', idle).execute();
      await this.db.deleteFrom('seats').where('room_id', 'in', idle).execute();
      await this.db.deleteFrom('rooms').where('active_ms', '<', before).execute();
      for (const room of this.live.values()) {
        if (this.peerCount(room) === 0) this.evict(room);
      }
    } catch (e) {
      this.o.log?.(`rooms: cleaning up idle rooms: ${message(e)}`);
    }
  }
}

/**
 * LISTEN on a connection of its own (PostgreSQL): the notifications of every process's rooms.
 * When the connection drops (the server restarted), it connects again, and says so: what was
 * notified meanwhile is lost, so the rooms are read again.
 */
class RoomListener {
  private client: pg.Client | null = null;
  private connecting: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  private stopped = false;

  constructor(
    private readonly open: () => pg.Client,
    private readonly heard: (payload: string) => void,
    private readonly connected: () => void,
    private readonly log?: (line: string) => void,
  ) {
    this.connect();
  }

  private connect(): void {
    this.timer = null;
    if (this.stopped) return;
    const client = this.open();
    this.connecting = client;
    let lost = false;
    const drop = (why: string) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      if (this.connecting === client) this.connecting = null;
      client.end().catch(() => {});
      if (this.stopped) return;
      if (this.failures === 0) {
        this.log?.(`rooms: not listening to the other processes (${why}); connecting again`);
      }
      this.retry();
    };
    client.on('error', (e) => drop(e.message));
    client.on('end', () => drop('the connection closed'));
    client.on('notification', (n) => {
      if (n.channel === ROOMS_CHANNEL && n.payload) this.heard(n.payload);
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${ROOMS_CHANNEL}`))
      .then(
        () => {
          if (lost) return;
          this.connecting = null;
          if (this.stopped) {
            client.end().catch(() => {});
            return;
          }
          this.client = client;
          if (this.failures > 0) this.log?.('rooms: listening to the other processes again');
          this.failures = 0;
          this.connected();
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
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const clients = [this.client, this.connecting].filter((c) => c !== null);
    this.client = null;
    this.connecting = null;
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
  }
}

/** One socket's place in a room: what it may do. */
export class Connection {
  constructor(
    private readonly rooms: Rooms,
    private readonly room: LiveRoom,
    private readonly peer: Peer,
    readonly side: Side | null,
  ) {}

  async message(m: ClientMessage): Promise<void> {
    if (m.type === 'hello') {
      throw new Refusal('bad-message', 'hello is sent once', CLOSE.badMessage);
    }
    if (this.side === null) {
      this.peer.send({
        type: 'refused',
        id: m.type === 'act' ? m.id : null,
        code: 'watching',
        message: 'you are watching this room: only its players move',
      });
      return;
    }
    if (m.type === 'act') await this.rooms.act(this.room, this.side, this.peer, m.id, m.a);
    else await this.rooms.rematch(this.room, this.side, this.peer);
  }

  closed(): void {
    this.rooms.leave(this.room, this.side, this.peer);
  }
}

export { Refusal };
