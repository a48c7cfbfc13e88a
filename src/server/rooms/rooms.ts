/**
 * Online rooms on the server. A room holds a versus match or a duel and its two seats; every
 * action a seated client sends is applied through the rules engine (src/net/rooms.ts
 * `applyAction`, the functions clients predict with), written to the database in order, then
 * sent to both players and every watcher. A room is loaded into memory when a client connects
 * to it (its match re-played from the database's log), so a restarted server resumes every
 * match where it stood.
 *
 * Each live room has one owner object (owner.ts `RoomOwner`), the only one that changes it: it
 * takes commands — a socket's hello, action, rematch offer and close (through its
 * `Connection`), the sweep's timeouts and the seats it read (sweep.ts), the news that another
 * claim took the room — and runs them one at a time. This file is the registry in front of the
 * owners: it makes rooms, finds the owner of a code or loads and claims the room and makes its
 * owner, relays a socket to the process that owns the room, routes a hello to the owner, keeps
 * to the capacity, and forgets an owner once it is lost or let go.
 *
 * With PostgreSQL, several processes serve one set of rooms; each room has one owner at a time:
 * - Ownership. The process a room's first socket reaches claims it (owners.ts: the room's row
 *   names it while its lease, renewed every quarter of {@link DEFAULT_LEASE_MS}, is live) and
 *   referees it in memory: it judges each action on its live match and writes the actions of
 *   an event-loop turn, of all its rooms, in one statement (log.ts), answering each once that
 *   statement has committed — as with SQLite, every acknowledged action is stored. A room whose
 *   owner died or stopped renewing is claimed by the next process one of its sockets reaches,
 *   which loads it from the database (its match re-played from the log). Every claim raises the
 *   room's epoch, which the live room keeps, and every write of the owner (actions, results,
 *   seats, heartbeats, rematches, forfeits, the clean-up's touch, letting go) names it with the
 *   owner: an owner whose write finds
 *   the row at another epoch (it lost the room while it could not renew, or this process
 *   claimed it again) writes nothing, and closes the room's sockets: they connect again, to the
 *   new owner.
 * - Routing. The load balancer hashes the room code (docs/deploy/nginx.conf), so a room's
 *   sockets reach its owner. A socket that reaches another process is relayed to the owner
 *   through PostgreSQL, on a channel per process that only that process listens on (../relay.ts,
 *   one per process, shared with ranked play): no process hears about rooms it has no socket for.
 * - Presence. A seat's row names the process holding the seat's connection (`holder`: the
 *   owner, relayed sockets included) and `seen_ms`: its heartbeat (every forfeit time / 4) or,
 *   once nobody holds the seat, when it was left. After a takeover, a seat the dead owner held
 *   counts as connected until a forfeit time after its last heartbeat. A forfeit is decided
 *   inside a transaction that updates the room's row, on the database's view, and the result
 *   row is written once. A rematch is such a transaction too.
 * With SQLite there is one process: no lease, no relay, no heartbeat, the same tables and
 * statements (an event-loop turn's actions committed together before any is sent, log.ts).
 * Either way a process holds at most {@link RoomsOptions.capacity} rooms: past it, new rooms
 * are refused while the rooms it holds play on.
 *
 * Beside it: owner.ts (a room's owner and its commands), types.ts (the vocabulary), store.ts
 * (every statement but an action's), append.ts (an action judged and written), log.ts (the
 * actions' statements, in batches), live.ts (a live room brought up to the database's changes,
 * and what its connections are told), presence.ts (who is connected, when a seat forfeits or a
 * decision is late), sweep.ts (the sweep: heartbeats, seats read, timeouts, clean-up),
 * seats.ts (taking a seat), owners.ts (the ownership lease), relayed.ts (the rooms on ../relay.ts,
 * which relays sockets to their room's owner), connection.ts (a socket's place in a room).
 */
import { randomBytes } from 'node:crypto';
import { checkName, isPlayerKey } from '../../net/api.ts';
import {
  CLOSE,
  type ClientMessage,
  type LoggedAction,
  newRoomCode,
  type RoomKind,
  type RoomRules,
  readLogged,
  readRoomCode,
  replayLog,
  startMatch,
} from '../../net/rooms.ts';
import type { Database } from '../db.ts';
import { sha256 } from '../hash.ts';
import { newInstance, ProcessLease } from '../lease.ts';
import { Relay } from '../relay.ts';
import { dealSeed } from '../seeds.ts';
import { ActionWriter } from './append.ts';
import type { Connection } from './connection.ts';
import { LiveRooms, newLiveRoom } from './live.ts';
import { actionLog } from './log.ts';
import { RoomOwner, type RoomOwnerPort } from './owner.ts';
import { Ownership } from './owners.ts';
import { Presence } from './presence.ts';
import { relayedHello, roomsOnRelay } from './relayed.ts';
import { Seating } from './seats.ts';
import { RoomStore } from './store.ts';
import { RoomSweeper } from './sweep.ts';
import {
  CLOSE_TRY_LATER,
  type CreatedRoom,
  DEFAULT_FORFEIT_MS,
  DEFAULT_IDLE_MS,
  DEFAULT_LEASE_MS,
  DEFAULT_TURN_TIME,
  type LiveRoom,
  message,
  type Peer,
  Refusal,
  type RoomRequest,
  type RoomSummary,
  type RoomsOptions,
  TURN_TIME_MAX,
  TURN_TIME_MIN,
} from './types.ts';

export { Connection } from './connection.ts';
export {
  CLOSE_TRY_LATER,
  type CreatedRoom,
  DEFAULT_FORFEIT_MS,
  DEFAULT_IDLE_MS,
  DEFAULT_LEASE_MS,
  DEFAULT_TURN_TIME,
  type Peer,
  RECORD_MIN_ACTIONS,
  Refusal,
  type RoomRequest,
  type RoomSummary,
  type RoomsOptions,
  TURN_TIME_MAX,
  TURN_TIME_MIN,
} from './types.ts';

type Hello = Extract<ClientMessage, { type: 'hello' }>;
/** Where a room is: its owner here, owned by another process, or nowhere. */
type Place = RoomOwner | { readonly owner: string } | null;
/** A room read from the database: its live copy, owned by another process, or nowhere. */
type Loaded = LiveRoom | { readonly owner: string } | null;

export class Rooms {
  /** The owners of the rooms in memory, by code. */
  private readonly live = new Map<string, RoomOwner>();
  private readonly loading = new Map<string, Promise<Place>>();
  /** Rooms this process is letting go of (PostgreSQL), by id: claimed again once let go. */
  private readonly releasing = new Map<number, Promise<void>>();
  private readonly now: () => number;
  private readonly forfeitMs: number;
  private readonly idleMs: number;
  /** This process, as the seats' `holder`, the rooms' `owner` and its channel name it. */
  private readonly instance: string;
  /** The lease these rooms made themselves (none given): stopped when they close. */
  private readonly ownLease: ProcessLease | null = null;
  /** Other processes may serve the same rooms (PostgreSQL). */
  private readonly shared: boolean;
  private readonly store: RoomStore;
  private readonly views: LiveRooms;
  private readonly presence: Presence;
  /** What each room's owner is given of this process. */
  private readonly port: RoomOwnerPort;
  /** PostgreSQL: this process's lease on the rooms it owns, and its relay to other owners. */
  private readonly ownership: Ownership | null = null;
  private readonly relay: Relay | null = null;
  /** The relay these rooms made themselves (none given): closed when they close. */
  private readonly ownRelay: Relay | null = null;
  private readonly sweeper: RoomSweeper;
  private closed = false;

  constructor(
    database: Database,
    private readonly o: RoomsOptions = {},
  ) {
    this.now = o.now ?? Date.now;
    this.forfeitMs = o.forfeitMs ?? DEFAULT_FORFEIT_MS;
    this.idleMs = o.idleMs ?? DEFAULT_IDLE_MS;
    this.shared = database.dialect === 'postgres';
    this.instance = o.lease?.instance ?? newInstance();
    this.store = new RoomStore(database, this.instance, this.now);
    this.presence = new Presence(this.instance, this.now, this.forfeitMs, this.forfeitMs);
    this.views = new LiveRooms(this.presence, o.log);
    const actions = actionLog(database, this.instance);
    this.port = {
      now: this.now,
      instance: this.instance,
      // This process to the clients (`welcome.referee`): random, so the instance stays unsaid.
      referee: newInstance(),
      store: this.store,
      presence: this.presence,
      views: this.views,
      writer: new ActionWriter(actions, this.views, this.now),
      seating: new Seating(this.store, this.presence, this.shared),
      log: o.log,
      forget: (owner, release) => this.forget(owner, release),
    };
    if (this.shared) {
      const leaseMs = o.leaseMs ?? DEFAULT_LEASE_MS;
      // After a gap in its renewals long enough for another process to take its rooms, the
      // rooms the database no longer names it the owner of are let go (their sockets connect
      // again, to the new owner); the others play on.
      let lease = o.lease;
      if (!lease) {
        lease = new ProcessLease(database.db, this.instance, leaseMs, o.log);
        this.ownLease = lease;
      }
      lease.onGap(() => this.checkOwned());
      const ownership = new Ownership(database.db, lease);
      this.ownership = ownership;
      void lease.start();
      let relay = o.relay;
      if (!relay) {
        if (!database.newClient)
          throw new Error('rooms on PostgreSQL need connections of their own');
        relay = new Relay(database.newClient, lease, o.log);
        this.ownRelay = relay;
      }
      relay.serve(roomsOnRelay((peer, m) => this.hello(peer, m, true), o.log));
      this.relay = relay;
    }
    this.sweeper = new RoomSweeper(() => this.live.values(), this.store, this.presence, {
      ...o,
      shared: this.shared,
      idleMs: this.idleMs,
      heartbeatMs: this.forfeitMs / 4,
    });
  }

  /**
   * Makes a room with its creator in seat 0 (their player key, when given, is the seat's: only
   * its SHA-256 is kept). A duel has a time per decision: the request's, else the server's.
   */
  async create(req: RoomRequest): Promise<CreatedRoom> {
    if (this.full) throw this.busy();
    const name = checkName(req.name);
    if (!name.ok) throw new Refusal(name.error.code, name.error.message);
    if (req.player !== undefined && !isPlayerKey(req.player)) {
      throw new Refusal('bad-player', 'a player key is 32–128 letters, digits, - and _');
    }
    const turnTime = req.turnTime ?? this.o.turnTime ?? DEFAULT_TURN_TIME;
    if (
      req.kind === 'duel' &&
      (!Number.isInteger(turnTime) || turnTime < TURN_TIME_MIN || turnTime > TURN_TIME_MAX)
    ) {
      throw new Refusal(
        'bad-rules',
        `a duel's time per decision is ${TURN_TIME_MIN} to ${TURN_TIME_MAX} seconds`,
      );
    }
    const rules: RoomRules =
      req.kind === 'versus'
        ? {
            kind: 'versus',
            size: req.size ?? 4,
            target: req.target ?? 512,
            attackCap: req.attackCap ?? null,
            turnTime: null,
          }
        : { kind: 'duel', size: req.size ?? 4, target: null, attackCap: null, turnTime };
    const seeded = { ...rules, seed: dealSeed() };
    const start = startMatch(seeded);
    if (!start.ok) throw new Refusal('bad-rules', start.error.message);
    const seat = randomBytes(32).toString('base64url');
    for (let attempt = 0; ; attempt++) {
      const code = newRoomCode();
      try {
        await this.store.insertRoom(
          code,
          seeded,
          sha256(seat),
          name.value,
          req.player === undefined ? null : sha256(req.player),
          rules.turnTime ? rules.turnTime * 1000 : null,
        );
        // The seed stays the server's until the match has a result.
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
    // PostgreSQL: as the database has it (what its owner acknowledged is stored).
    const place =
      this.live.get(code) ?? (this.shared ? await this.load(code, false) : await this.room(code));
    const room = place instanceof RoomOwner ? place.room : place;
    if (!room || !('id' in room)) return null;
    return {
      code: room.code,
      rules: room.rules,
      match: room.matchNo,
      seats: this.presence.seatInfo(room),
      over: room.result !== null,
    };
  }

  /**
   * A connection's first message: the room's owner found here or claimed (or the socket relayed
   * to the process that owns it), and the hello sent to it: the peer joins the room (its seat
   * taken back with its token, a free seat taken, or watching). Throws a {@link Refusal} that
   * closes the socket.
   */
  async hello(peer: Peer, m: Hello, relayed = false): Promise<Connection> {
    const code = readRoomCode(m.room);
    if (!code.ok) throw new Refusal('bad-room', code.error.message, CLOSE.noRoom);
    if (this.full && !this.live.has(code.value)) throw this.busy(CLOSE_TRY_LATER);
    let place = await this.room(code.value);
    for (let tries = 1; place !== null && !(place instanceof RoomOwner); tries++) {
      // Owned by another process: relayed there (once: not from a process that relayed it).
      if (relayed || !this.relay) {
        throw new Refusal('moved', 'this room moved to another server', CLOSE.goingAway);
      }
      try {
        return await relayedHello(this.relay, peer, m, place.owner);
      } catch (e) {
        // The owner did not answer (it died, its lease not run out yet): the room is claimed
        // again, here once the lease has run out.
        if (!(e instanceof Refusal) || e.code !== 'unavailable' || tries >= 3) throw e;
      }
      place = await this.room(code.value);
    }
    if (!place) throw new Refusal('no-room', `no room ${code.value}`, CLOSE.noRoom);
    // A process whose lease lapsed seats nobody until it knows the room is still its own (its
    // seat writes would contradict the new owner's).
    if (this.ownership && !this.ownership.fresh) {
      throw new Refusal('moved', 'this room’s server is changing; connect again', CLOSE.goingAway);
    }
    return place.hello(peer, m);
  }

  /**
   * Stops the sweeper and the listener, closes every connection (the server is stopping) and
   * lets go of this process's seats and rooms in the database.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.sweeper.stop();
    const owners = [...this.live.values()];
    for (const owner of owners) owner.stop();
    // What is being written is finished first (briefly).
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([...owners.map((w) => w.settled), this.sweeper.sweeping]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, 2000);
      }),
    ]);
    clearTimeout(timer);
    const rooms = owners.map((w) => w.room);
    try {
      const held = owners.filter((w) => w.holdsSeat).map((w) => w.room);
      if (held.length > 0) {
        await this.store.releaseAll(held, this.now());
        for (const room of held) await this.store.notify(this.store.db, room, 'seats');
      }
    } catch (e) {
      this.o.log?.(`rooms: letting go of the seats: ${message(e)}`);
    }
    // The rooms let go at once: the next process their sockets reach takes them.
    await this.ownership
      ?.stop(rooms)
      .catch((e) => this.o.log?.(`rooms: letting go: ${message(e)}`));
    await this.ownLease?.stop().catch((e) => this.o.log?.(`rooms: the lease: ${message(e)}`));
    await this.ownRelay?.close();
  }

  /** Tells the owners whose room's row names another owner (or none) that they lost it. */
  private async checkOwned(): Promise<void> {
    const owners = [...this.live.values()];
    const mine = await this.ownership!.owned(owners.map((w) => w.room));
    for (const owner of owners) {
      if (!mine.has(owner.room.id)) owner.lost('another process owns it');
    }
  }

  /** This process holds as many rooms as it may ({@link RoomsOptions.capacity}). */
  get full(): boolean {
    return this.live.size + this.loading.size >= (this.o.capacity ?? Number.POSITIVE_INFINITY);
  }

  private busy(close: number | null = null): Refusal {
    return new Refusal(
      'busy',
      'this server holds as many rooms as it can; try again shortly',
      close,
    );
  }

  /** Live rooms in this process (tests, figures). */
  get liveCount(): number {
    return this.live.size;
  }

  /**
   * The online record of the player whose key is `playerKey`: finished matches won, lost, drawn
   * that counted (two players with two keys, each side took {@link RECORD_MIN_ACTIONS} actions),
   * and the name the key goes by now.
   */
  record(
    playerKey: string,
  ): Promise<{ name: string | null; wins: number; losses: number; draws: number }> {
    return this.store.record(sha256(playerKey));
  }

  // ------------------------------------------------------------------ the owners

  /**
   * An owner is done here: out of the registry; let go (`release`, PostgreSQL), its room's row
   * stops naming this process at the owner's epoch, and a claim of the room waits for that.
   */
  private forget(owner: RoomOwner, release: boolean): void {
    if (this.live.get(owner.code) === owner) this.live.delete(owner.code);
    const ownership = this.ownership;
    if (!release || !ownership || this.closed) return;
    const { id, epoch, code } = owner.room;
    const released = ownership
      .release(id, epoch)
      .catch((e) => this.o.log?.(`room ${code}: letting go: ${message(e)}`))
      .finally(() => {
        if (this.releasing.get(id) === released) this.releasing.delete(id);
      });
    this.releasing.set(id, released);
  }

  /**
   * The room's owner, from memory or its room loaded from the database and claimed (PostgreSQL:
   * or who owns it); null when no room has the code.
   */
  private async room(code: string): Promise<Place> {
    const known = this.live.get(code);
    if (known) return known;
    let loading = this.loading.get(code);
    if (!loading) {
      loading = this.claim(code).finally(() => this.loading.delete(code));
      this.loading.set(code, loading);
    }
    return loading;
  }

  /** Loads and claims the room, and makes its owner. */
  private async claim(code: string): Promise<Place> {
    const loaded = await this.load(code, true);
    if (loaded === null || !('id' in loaded)) return loaded;
    // Loaded twice at once (two hellos): the first one in is the room.
    const known = this.live.get(code);
    if (known) return known;
    const owner = new RoomOwner(loaded, this.port);
    // Made while the rooms stop: it takes no more than they do.
    if (this.closed) owner.stop();
    this.live.set(code, owner);
    return owner;
  }

  /** The room from the database; `keep`: claimed (PostgreSQL, or taken on SQLite). */
  private async load(code: string, keep: boolean): Promise<Loaded> {
    const row = await this.store.roomRow(code);
    if (!row) return null;
    const { id, match: matchNo } = row;
    // The epoch of this copy's claim (a copy not kept writes nothing: the row's).
    let epoch = row.epoch;
    if (keep && this.ownership) {
      await this.releasing.get(id);
      const claim = await this.ownership.claim(id);
      if (claim === null) return null;
      if (!claim.mine) return { owner: claim.owner };
      epoch = claim.epoch;
    }
    const rules: RoomRules = {
      kind: row.kind as RoomKind,
      size: row.size,
      target: row.target,
      attackCap: row.attack_cap,
      turnTime: row.turn_ms === null ? null : row.turn_ms / 1000,
    };
    const seeded = { ...rules, seed: row.seed };
    const now = this.now();
    // One process: loading the room takes it (its epoch raised), and a seat held by another
    // instance is one this process held before it restarted. Nobody holds it now.
    if (!this.shared && keep) {
      const taken = await this.store.take(id, now);
      if (taken === null) return null;
      epoch = taken;
    }
    const start = startMatch(seeded);
    if (!start.ok) {
      this.o.log?.(`room ${code}: its stored rules do not make a match`);
      return null;
    }
    const room = newLiveRoom(
      id,
      code,
      epoch,
      rules,
      row.seed,
      matchNo,
      start.value,
      now,
      row.turn_ms,
    );
    const ch = await this.store.changes(this.store.db, room);
    if (!ch) return null;
    if (ch.matchNo !== matchNo) return this.load(code, keep); // a rematch meanwhile: again
    const logged = ch.actions.map((a) => readLogged(a.action));
    const replayed = logged.every((l) => l !== null)
      ? replayLog(seeded, logged as LoggedAction[])
      : null;
    if (!replayed?.ok || ch.actions.some((a, i) => Number(a.seq) !== i + 1)) {
      this.o.log?.(`room ${code}: its stored match does not replay`);
      return null;
    }
    this.views.apply(room, ch);
    return room;
  }
}
