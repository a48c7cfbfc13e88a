/**
 * Online rooms on the server: the referee. A room holds a versus match or a duel and its two
 * seats; every action a seated client sends is applied through the rules engine
 * (src/net/rooms.ts `applyAction`), written to the database in order, then sent to both
 * players and every watcher. A room is loaded into memory when a client connects to it (its
 * match re-played from the database's log), so a restarted server resumes every match where
 * it stood. Actions of one room are handled one at a time.
 */
import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
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
  peers: Set<Peer>;
  /** Since when the seat has had no connection (ms), while it is taken. */
  leftAt: number | null;
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
  rematch: [boolean, boolean];
  /** Where the room's work queue stands: one message at a time. */
  queue: Promise<void>;
  /** When it was left with no connection at all (ms), or null. */
  emptySince: number | null;
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

const other = (s: Side): Side => (s === 0 ? 1 : 0);

export class Rooms {
  private readonly live = new Map<string, LiveRoom>();
  private readonly loading = new Map<string, Promise<LiveRoom | null>>();
  private readonly now: () => number;
  private readonly forfeitMs: number;
  private readonly idleMs: number;
  private readonly sweeper: NodeJS.Timeout;
  private lastCleanup = 0;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly o: RoomsOptions = {},
  ) {
    this.now = o.now ?? Date.now;
    this.forfeitMs = o.forfeitMs ?? DEFAULT_FORFEIT_MS;
    this.idleMs = o.idleMs ?? DEFAULT_IDLE_MS;
    this.sweeper = setInterval(() => void this.sweep(), Math.min(1000, this.forfeitMs / 4));
    this.sweeper.unref();
  }

  private get db(): Kysely<Schema> {
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
          await tx
            .insertInto('seats')
            .values([
              { room_id: Number(room.id), side: 0, token_hash: sha256(seat), name: name.value },
              { room_id: Number(room.id), side: 1, token_hash: null, name: null },
            ])
            .execute();
        });
        return { code, rules, side: 0, seat };
      } catch (e) {
        // Another room has this code: draw another.
        if (attempt < 5 && /unique|duplicate/i.test(String((e as Error)?.message))) continue;
        throw e;
      }
    }
  }

  /** A room as anyone may see it, or null. */
  async summary(code: string): Promise<RoomSummary | null> {
    const room = await this.room(code);
    if (!room) return null;
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
      let side: Side | null = null;
      let given: string | null = null;
      if (m.seat !== undefined) {
        if (!isPlayerKey(m.seat)) throw new Refusal('bad-seat', 'not a seat token', CLOSE.badSeat);
        const hash = sha256(m.seat);
        side = room.seats[0].tokenHash === hash ? 0 : room.seats[1].tokenHash === hash ? 1 : null;
        if (side === null) {
          throw new Refusal(
            'bad-seat',
            `this seat token is not one of room ${room.code}'s`,
            CLOSE.badSeat,
          );
        }
      } else if (!m.watch && room.seats[1].tokenHash === null) {
        const name = checkName(m.name ?? 'Player 2');
        if (!name.ok) throw new Refusal(name.error.code, name.error.message, CLOSE.badMessage);
        const token = randomBytes(32).toString('base64url');
        const taken = await this.db
          .updateTable('seats')
          .set({ token_hash: sha256(token), name: name.value })
          .where('room_id', '=', room.id)
          .where('side', '=', 1)
          .where('token_hash', 'is', null)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 1) {
          room.seats[1].tokenHash = sha256(token);
          room.seats[1].name = name.value;
          side = 1;
          given = token;
        } else {
          // Another server process gave the seat away first: read the seats again.
          await this.reloadSeats(room);
        }
      }
      if (side !== null) {
        const seat = room.seats[side];
        // The seat taken back from another connection (an older one, perhaps dead): that one goes.
        for (const old of seat.peers)
          old.close(CLOSE.replaced, 'this seat connected again elsewhere');
        seat.peers.clear();
        seat.peers.add(peer);
        seat.leftAt = null;
      } else {
        room.watchers.add(peer);
      }
      room.emptySince = null;
      await this.touch(room);
      const info: RoomInfo = { code: room.code, rules: room.rules };
      peer.send({ type: 'welcome', room: info, you: side, seat: given });
      peer.send(this.stateFor(room, side));
      this.broadcast(room, { type: 'seats', seats: this.seatInfo(room) }, peer);
      return new Connection(this, room, peer, side);
    });
  }

  /** An action from a seated peer, handled in the room's order. */
  act(room: LiveRoom, side: Side, peer: Peer, id: number, text: string): Promise<void> {
    return this.serial(room, async () => {
      const seat = room.seats[side];
      if (id <= seat.lastId) return; // sent again (or late): taken once already
      const action = readAction(text);
      const refuse = (code: string, message: string) => {
        seat.lastId = id;
        peer.send({ type: 'refused', id, code, message });
      };
      if (!action) return refuse('bad-action', 'not an action');
      if (room.result) return refuse('match-over', 'the match is over: no more moves');
      if (room.seats[other(side)].tokenHash === null) {
        return refuse('waiting', 'the other player has not joined yet');
      }
      const next = applyAction(room.match, side, action);
      if (!next.ok) return refuse(next.error.code, next.error.message);
      if (next.value === room.match) {
        seat.lastId = id;
        peer.send({ type: 'ignored', id });
        return;
      }
      const a = loggedText({ side, action });
      const seq = room.log.length + 1;
      await this.db
        .insertInto('room_actions')
        .values({
          room_id: room.id,
          match: room.matchNo,
          seq,
          side,
          action: a,
          client_id: id,
          created_ms: this.now(),
        })
        .execute();
      seat.lastId = id;
      room.match = next.value;
      room.log.push(a);
      this.broadcast(room, { type: 'action', match: room.matchNo, seq, a, id });
      if (matchOver(room.match)) await this.finish(room, matchWinner(room.match)!, 'play');
    });
  }

  /** A rematch offered by a seat once the match is over; both offered: a new match. */
  rematch(room: LiveRoom, side: Side, peer: Peer): Promise<void> {
    return this.serial(room, async () => {
      if (!room.result) {
        peer.send({
          type: 'refused',
          id: null,
          code: 'not-over',
          message: 'a rematch is offered once the match is over',
        });
        return;
      }
      room.rematch[side] = true;
      if (!room.rematch[other(side)]) {
        this.broadcast(room, { type: 'rematch', offers: room.rematch });
        return;
      }
      const seed = randomSeed();
      const matchNo = room.matchNo + 1;
      await this.db
        .updateTable('rooms')
        .set({ match: matchNo, seed, active_ms: this.now() })
        .where('id', '=', room.id)
        .execute();
      room.rules = { ...room.rules, seed };
      room.matchNo = matchNo;
      const start = startMatch(room.rules);
      if (!start.ok) throw new Error(`a rematch's rules: ${start.error.message}`);
      room.match = start.value;
      room.log = [];
      room.result = null;
      room.rematch = [false, false];
      room.seats[0].lastId = 0;
      room.seats[1].lastId = 0;
      this.eachPeer(room, (p, s) => p.send(this.stateFor(room, s)));
    });
  }

  /** A peer's connection closed. */
  leave(room: LiveRoom, side: Side | null, peer: Peer): void {
    if (side === null) room.watchers.delete(peer);
    else {
      const seat = room.seats[side];
      seat.peers.delete(peer);
      if (seat.peers.size === 0) seat.leftAt = this.now();
    }
    if (this.peerCount(room) === 0) room.emptySince = this.now();
    this.broadcast(room, { type: 'seats', seats: this.seatInfo(room) });
  }

  /** Stops the sweeper and closes every connection (the server is stopping). */
  close(): void {
    this.closed = true;
    clearInterval(this.sweeper);
    for (const room of this.live.values()) {
      this.eachPeer(room, (p) => p.close(CLOSE.goingAway, 'the server is stopping'));
    }
  }

  /** Live rooms in this process (tests, figures). */
  get liveCount(): number {
    return this.live.size;
  }

  // ------------------------------------------------------------------ inside

  /** Runs `job` after the room's earlier jobs: a room's messages are handled one at a time. */
  private serial<T>(room: LiveRoom, job: () => Promise<T>): Promise<T> {
    const run = room.queue.then(job);
    room.queue = run.then(
      () => {},
      () => {},
    );
    return run;
  }

  private async finish(room: LiveRoom, winner: Side | 'draw', reason: 'play' | 'forfeit') {
    const shared =
      room.match.kind === 'versus'
        ? sharedVersus(room.match.match, 'online')
        : sharedDuel(room.match.duel, 'online');
    const result: MatchResult = { winner, reason, code: encodeShared(shared) };
    const now = this.now();
    await this.db
      .insertInto('room_results')
      .values({
        room_code: room.code,
        match: room.matchNo,
        kind: room.rules.kind,
        winner: String(winner),
        reason,
        code: result.code,
        name0: room.seats[0].name ?? '',
        name1: room.seats[1].name ?? '',
        finished_ms: now,
      })
      .onConflict((oc) => oc.columns(['room_code', 'match']).doNothing())
      .execute();
    await this.db.updateTable('rooms').set({ active_ms: now }).where('id', '=', room.id).execute();
    room.result = result;
    this.broadcast(room, { type: 'end', match: room.matchNo, result });
  }

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
    const actions = await this.db
      .selectFrom('room_actions')
      .select(['seq', 'action', 'side', 'client_id'])
      .where('room_id', '=', id)
      .where('match', '=', matchNo)
      .orderBy('seq')
      .execute();
    const log = actions.map((a) => a.action);
    const logged = log.map(readLogged);
    const replayed = logged.every((l) => l !== null)
      ? replayLog(rules, logged as LoggedAction[])
      : null;
    if (!replayed?.ok) {
      this.o.log?.(`room ${code}: its stored match does not replay`);
      return null;
    }
    const result = await this.db
      .selectFrom('room_results')
      .select(['winner', 'reason', 'code'])
      .where('room_code', '=', code)
      .where('match', '=', matchNo)
      .executeTakeFirst();
    const now = this.now();
    const lastIds: [number, number] = [0, 0];
    for (const a of actions) {
      const s = Number(a.side) as Side;
      lastIds[s] = Math.max(lastIds[s], Number(a.client_id));
    }
    const seat = (s: Side): Seat => ({
      tokenHash: null,
      name: null,
      lastId: lastIds[s],
      peers: new Set(),
      leftAt: now,
    });
    const room: LiveRoom = {
      id,
      code,
      rules,
      matchNo,
      match: replayed.value,
      log,
      seats: [seat(0), seat(1)],
      watchers: new Set(),
      result: result
        ? {
            winner: result.winner === 'draw' ? 'draw' : (Number(result.winner) as Side),
            reason: result.reason as 'play' | 'forfeit',
            code: result.code,
          }
        : null,
      rematch: [false, false],
      queue: Promise.resolve(),
      emptySince: now,
    };
    await this.reloadSeats(room);
    // Loaded twice at once (two hellos): the first one in is the room.
    const known = this.live.get(code);
    if (known) return known;
    this.live.set(code, room);
    return room;
  }

  private async reloadSeats(room: LiveRoom): Promise<void> {
    const seats = await this.db
      .selectFrom('seats')
      .select(['side', 'token_hash', 'name'])
      .where('room_id', '=', room.id)
      .execute();
    for (const s of seats) {
      const seat = room.seats[Number(s.side) as Side];
      seat.tokenHash = s.token_hash;
      seat.name = s.name;
    }
  }

  private async touch(room: LiveRoom): Promise<void> {
    await this.db
      .updateTable('rooms')
      .set({ active_ms: this.now() })
      .where('id', '=', room.id)
      .execute();
  }

  private seatInfo(room: LiveRoom): SeatInfo[] {
    const playing = room.result === null && room.seats[1].tokenHash !== null;
    return room.seats.map((s) => ({
      name: s.name,
      connected: s.peers.size > 0,
      forfeitAt:
        playing && s.tokenHash !== null && s.peers.size === 0 && s.leftAt !== null
          ? s.leftAt + this.forfeitMs
          : null,
    }));
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
      rematch: room.rematch,
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

  /** Forfeits, rooms left empty, idle rooms in the database. */
  private async sweep(): Promise<void> {
    if (this.closed) return;
    const now = this.now();
    for (const room of this.live.values()) {
      if (room.result === null && room.seats[1].tokenHash !== null) {
        for (const s of [0, 1] as const) {
          const seat = room.seats[s];
          const them = room.seats[other(s)];
          if (
            seat.peers.size === 0 &&
            seat.leftAt !== null &&
            now - seat.leftAt >= this.forfeitMs &&
            them.peers.size > 0
          ) {
            void this.serial(room, async () => {
              if (room.result === null && seat.peers.size === 0) {
                await this.finish(room, other(s), 'forfeit');
              }
            }).catch((e) => this.o.log?.(`room ${room.code}: forfeit: ${String(e)}`));
            break;
          }
        }
      }
      if (room.emptySince !== null && now - room.emptySince >= this.forfeitMs) {
        this.live.delete(room.code);
      }
    }
    if (now - this.lastCleanup >= 60_000) {
      this.lastCleanup = now;
      const before = now - this.idleMs;
      try {
        const idle = this.db.selectFrom('rooms').select('id').where('active_ms', '<', before);
        await this.db.deleteFrom('room_actions').where('room_id', 'in', idle).execute();
        await this.db.deleteFrom('seats').where('room_id', 'in', idle).execute();
        await this.db.deleteFrom('rooms').where('active_ms', '<', before).execute();
        for (const [code, room] of this.live) {
          if (this.peerCount(room) === 0) this.live.delete(code);
        }
      } catch (e) {
        this.o.log?.(`rooms: cleaning up idle rooms: ${String(e)}`);
      }
    }
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
