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
 *   takes the room's row lock: PostgreSQL puts them one after another across processes, and
 *   finds no row when the match has moved on (a rematch elsewhere). An action is the row (room,
 *   match, seq = the log's length + 1), written in one statement that holds the lock for that
 *   statement only (log.ts); when another process wrote that seq first (the statement
 *   answers with what it wrote), or wrote the result, this process takes in what it missed
 *   (sending it to its own connections) and judges the action again on the match as it now
 *   stands; after a few such tries, inside a transaction that holds the room's row. A forfeit
 *   or a rematch is a transaction that first updates the room's row.
 * - Fan-out. A committed change NOTIFYs the channel `slidebox_rooms` ("instance room-id what",
 *   and for an action, the action itself); each process LISTENs on a connection of its own (not
 *   the pool's) and, for a room it has in memory, applies a notified action that is its live
 *   match's next as it is, and otherwise reads the room's changes from the database in the
 *   room's order (new actions, seats, a new match, the end) and sends them on. The listener
 *   connects again when its connection drops, and then every room in memory is read again.
 * - Presence. A seat's row names the process holding the seat's connection (`holder`, a random
 *   id per process) and `seen_ms`: that process's heartbeat (every forfeit time / 4, one
 *   statement for all its seats) or, once nobody holds the seat, when it was left. A seat held
 *   by another process counts as connected while its heartbeat is younger than the forfeit time
 *   (so the seats of a process that died count as left a forfeit time after its last
 *   heartbeat). Each process reads the seats of the rooms it has connections for at every sweep;
 *   a forfeit is decided again inside the locked transaction on the database's view, and the
 *   result row is written once. A seat whose holder becomes another process while this one
 *   still has a connection for it was taken back elsewhere: that connection is closed.
 * With SQLite there is one process: no listener, no heartbeat, the same tables and statements,
 * but for an action: one prepared insert, those of an event-loop turn committed together
 * before any of them is sent (log.ts).
 *
 * This file is the referee; beside it: types.ts (the vocabulary), store.ts (every
 * statement but an action's), append.ts (an action judged and written, catching up when
 * another process wrote first), log.ts (an action's statement), live.ts (a live room
 * brought up to the database's changes), presence.ts (presence, the sweep: heartbeats,
 * forfeits, cleanup), seats.ts (taking a seat), listener.ts (LISTEN), connection.ts
 * (a socket's place in a room).
 */
import { randomBytes } from 'node:crypto';
import { randomSeed } from '../../engine/rng.ts';
import { checkName, isPlayerKey } from '../../net/api.ts';
import {
  CLOSE,
  type ClientMessage,
  type LoggedAction,
  type MatchResult,
  newRoomCode,
  type RoomInfo,
  type RoomKind,
  type RoomRules,
  readAction,
  readLogged,
  readRoomCode,
  replayLog,
  type Side,
  startMatch,
} from '../../net/rooms.ts';
import { sha256 } from '../boards/scores.ts';
import type { Database } from '../db.ts';
import { ActionWriter, judge } from './append.ts';
import { Connection, type Referee } from './connection.ts';
import { RoomListener } from './listener.ts';
import { LiveRooms, newLiveRoom, resultOf, startNext } from './live.ts';
import { actionLog, readHeard } from './log.ts';
import { broadcast, eachPeer, offers, Presence, peerCount, RoomSweeper } from './presence.ts';
import { Seating } from './seats.ts';
import { RoomStore } from './store.ts';
import {
  bad,
  type Changes,
  type CreatedRoom,
  DEFAULT_FORFEIT_MS,
  DEFAULT_IDLE_MS,
  DEFAULT_TURN_TIME,
  type LiveRoom,
  message,
  num,
  type Peer,
  Refusal,
  type RoomRequest,
  type RoomSummary,
  type RoomsOptions,
  TURN_TIME_MAX,
  TURN_TIME_MIN,
  type Verdict,
} from './types.ts';

export { Connection } from './connection.ts';
export {
  type CreatedRoom,
  DEFAULT_FORFEIT_MS,
  DEFAULT_IDLE_MS,
  DEFAULT_TURN_TIME,
  type Peer,
  RECORD_MIN_ACTIONS,
  Refusal,
  ROOMS_CHANNEL,
  type RoomRequest,
  type RoomSummary,
  type RoomsOptions,
  TURN_TIME_MAX,
  TURN_TIME_MIN,
} from './types.ts';

/** How many times an action is judged again against a match other processes moved on. */
const TRIES = 8;
/** Tries after which an action is written holding the room's row (it keeps losing the race). */
const LOCKED_AFTER = 3;

export class Rooms implements Referee {
  /** @internal The rooms in memory, by code. */
  readonly live = new Map<string, LiveRoom>();
  private readonly byId = new Map<number, LiveRoom>();
  private readonly loading = new Map<string, Promise<LiveRoom | null>>();
  private readonly now: () => number;
  private readonly forfeitMs: number;
  private readonly idleMs: number;
  /** This process, as the seats' `holder` and the notifications name it. */
  private readonly instance = randomBytes(12).toString('base64url');
  /** Other processes may serve the same rooms (PostgreSQL). */
  private readonly shared: boolean;
  private readonly store: RoomStore;
  private readonly rooms: LiveRooms;
  private readonly presence: Presence;
  private readonly listener: RoomListener | null = null;
  private readonly sweeper: RoomSweeper;
  private readonly seating: Seating;
  private readonly writer: ActionWriter;
  private closed = false;

  constructor(
    database: Database,
    private readonly o: RoomsOptions = {},
  ) {
    this.now = o.now ?? Date.now;
    this.forfeitMs = o.forfeitMs ?? DEFAULT_FORFEIT_MS;
    this.idleMs = o.idleMs ?? DEFAULT_IDLE_MS;
    this.shared = database.dialect === 'postgres';
    this.store = new RoomStore(database, this.instance, this.now);
    this.presence = new Presence(this.instance, this.now, this.forfeitMs, this.forfeitMs);
    this.rooms = new LiveRooms(this.presence, o.log);
    const actions = actionLog(database, this.instance);
    this.writer = new ActionWriter(actions, this.store, this.rooms, this.now);
    this.seating = new Seating(this.store, this.presence, this.shared, (room) => this.sync(room));
    if (this.shared && database.newClient) {
      this.listener = new RoomListener(
        database.newClient,
        (payload) => this.heard(payload),
        () => this.resyncAll(),
        o.log,
      );
    }
    this.sweeper = new RoomSweeper(this, this.store, this.presence, {
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
    const seeded = { ...rules, seed: randomSeed() };
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
    const room = await this.room(code);
    if (!room) return null;
    if (this.shared) await this.serial(room, () => this.sync(room));
    return {
      code: room.code,
      rules: room.rules,
      match: room.matchNo,
      seats: this.presence.seatInfo(room),
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
    // Not evicted while the hello waits for the database: the peer must join the room that stays
    // live, or the room's later messages would never reach it.
    room.arriving++;
    try {
      return await this.serial(room, async () => {
        const { side, given } = await this.seating.seatFor(room, m);
        if (side !== null) await this.seating.sit(room, side, peer, given !== null);
        else room.watchers.add(peer);
        room.emptySince = null;
        await this.store.touch(room.id);
        const info: RoomInfo = { code: room.code, rules: room.rules };
        peer.send({ type: 'welcome', room: info, you: side, seat: given });
        peer.send(this.rooms.stateFor(room, side));
        this.rooms.sendSeats(room, peer);
        return new Connection(this, room, peer, side);
      });
    } finally {
      room.arriving--;
      if (peerCount(room) === 0 && room.emptySince === null) room.emptySince = this.now();
    }
  }

  /** An action from a seated peer, handled in the room's order. */
  act(room: LiveRoom, side: Side, peer: Peer, id: number, text: string): Promise<void> {
    return this.serial(room, async () => {
      // The server's clock decides: an action after its side's time ran out is too late.
      const late = this.presence.timeDue(room, this.now());
      if (late !== null && id > room.seats[side].lastId) {
        await this.sweeper.decide(room, late, 'time');
      }
      // With other processes, the live match may lag the database's by a moment: an action is
      // refused or ignored only once judged on the database's match.
      let caughtUp = !this.shared;
      for (let tries = 1; ; tries++) {
        const seat = room.seats[side];
        if (id <= seat.lastId) return; // sent again (or late): taken once already
        const action = readAction(text);
        if (!action) return this.answer(room, side, peer, id, bad('bad-action', 'not an action'));
        const judged = judge(room, side, action);
        if (!('next' in judged) && !caughtUp) {
          caughtUp = true;
          await this.sync(room);
          continue;
        }
        if (!('next' in judged)) return this.answer(room, side, peer, id, judged);
        if (tries > TRIES) throw new Error(`room ${room.code}: an action could not be ordered`);
        // Written first as it stands; after a conflict, holding the room's row (so that the next
        // try cannot lose again to a process moving faster).
        const done =
          this.shared && tries > LOCKED_AFTER
            ? await this.writer.appendLocked(room, side, id, action)
            : await this.writer.append(room, side, id, action, judged.next);
        if (done === true) return;
        if (done === 'caught-up') {
          caughtUp = true;
          continue;
        }
        if (done !== false) return this.answer(room, side, peer, id, done);
        // Another process wrote this seq or the match's end first, or the match moved on (a
        // rematch): catch up, then judge the action again.
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
        const done = await this.store.offerRematch(room, side, randomSeed);
        if (done === false) {
          // The match moved on elsewhere (the rematch happened there): catch up.
          await this.sync(room);
          if (room.matchNo !== matchNo) return;
          continue;
        }
        room.version++;
        for (const r of done.rows) room.seats[Number(r.side) as Side].rematchFor = num(r.rematch);
        if (done.seed === null) {
          broadcast(room, { type: 'rematch', offers: offers(room) });
          return;
        }
        startNext(room, matchNo + 1, done.seed, this.now());
        this.rooms.sendStates(room);
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
    if (peerCount(room) === 0) room.emptySince = this.now();
    this.rooms.sendSeats(room);
  }

  /**
   * Stops the sweeper and the listener, closes every connection (the server is stopping) and
   * lets go of this process's seats in the database.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.sweeper.stop();
    const rooms = [...this.live.values()];
    for (const room of rooms) {
      eachPeer(room, (p) => p.close(CLOSE.goingAway, 'the server is stopping'));
    }
    // What is being written is finished first (briefly).
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([...rooms.map((r) => r.queue), this.sweeper.sweeping]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, 2000);
      }),
    ]);
    clearTimeout(timer);
    try {
      const held = rooms.filter((r) => r.seats.some((s) => s.holder === this.instance));
      if (held.length > 0) {
        await this.store.releaseAll(this.now());
        for (const room of held) await this.store.notify(this.store.db, room, 'seats');
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

  // ------------------------------------------------------------------ seats

  /** The seat's last connection here closed: the database says nobody holds it (in order). */
  private release(room: LiveRoom, side: Side): void {
    void this.serial(room, async () => {
      const seat = room.seats[side];
      if (this.closed || seat.peers.size > 0 || seat.holder !== this.instance) return;
      // Never before the match started: left during the match before, it has its whole time.
      const at = Math.max(seat.leftAt ?? this.now(), room.startedAt);
      await this.store.releaseSeat(room.id, side, at);
      seat.holder = null;
      seat.seenMs = at;
      room.version++;
      await this.store.notify(this.store.db, room, 'seats');
    }).catch((e) => this.o.log?.(`room ${room.code}: leaving a seat: ${message(e)}`));
  }

  /** @internal Sends the seats when they differ from those last sent. */
  seatsChanged(room: LiveRoom): void {
    this.rooms.seatsChanged(room);
  }

  // ------------------------------------------------------------------ order

  /** @internal Runs `job` after the room's earlier jobs: a room's messages, one at a time. */
  serial<T>(room: LiveRoom, job: () => Promise<T>): Promise<T> {
    const run = room.queue.then(job);
    room.queue = run.then(
      () => {},
      () => {},
    );
    return run;
  }

  /** @internal The result of a forfeit or a loss on time, to `winner`. */
  forfeitResult(room: LiveRoom, winner: Side, reason: 'forfeit' | 'time'): MatchResult {
    return resultOf(room.match, winner, reason);
  }

  // ------------------------------------------------------------------ catching up

  /** @internal Takes the database's changes into the live room and sends them on. */
  apply(room: LiveRoom, ch: Changes): void {
    this.rooms.apply(room, ch);
  }

  /** @internal Reads the room's changes and takes them in (call inside the room's order). */
  async sync(room: LiveRoom): Promise<void> {
    const ch = await this.store.changes(this.store.db, room);
    if (ch) this.apply(room, ch);
  }

  /** @internal Queues a read of the room's changes (several notifications, one read). */
  requestSync(room: LiveRoom): void {
    if (room.syncQueued || this.closed) return;
    room.syncQueued = true;
    this.serial(room, async () => {
      room.syncQueued = false;
      await this.sync(room);
    }).catch((e) => this.o.log?.(`room ${room.code}: catching up: ${message(e)}`));
  }

  /**
   * A notification from the channel: "instance room-id what", and for an action, the action
   * (match, seq, client id, text), applied as it is when it is the live match's next.
   */
  private heard(payload: string): void {
    const [from, id, what, ...rest] = payload.split(' ');
    if (from === this.instance) return;
    const room = this.byId.get(Number(id));
    if (!room) return;
    const action = what === 'action' ? readHeard(rest) : null;
    if (!action) {
      this.requestSync(room);
      return;
    }
    room.heard.push(action);
    if (room.heard.length > 1) return; // its turn is queued already
    this.serial(room, async () => {
      const heard = room.heard;
      room.heard = [];
      for (const h of heard) {
        if (h.match < room.matchNo || (h.match === room.matchNo && h.seq <= room.log.length)) {
          continue; // known already
        }
        const next = h.match === room.matchNo && h.seq === room.log.length + 1;
        if (!next || room.result || !this.rooms.takeAction(room, h.action, h.clientId, true)) {
          // Out of order, or notified without the rest: read the room's changes.
          await this.sync(room);
          return;
        }
      }
    }).catch((e) => this.o.log?.(`room ${room.code}: catching up: ${message(e)}`));
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
    const row = await this.store.roomRow(code);
    if (!row) return null;
    const { id, match: matchNo } = row;
    const rules: RoomRules = {
      kind: row.kind as RoomKind,
      size: row.size,
      target: row.target,
      attackCap: row.attack_cap,
      turnTime: row.turn_ms === null ? null : row.turn_ms / 1000,
    };
    const seeded = { ...rules, seed: row.seed };
    const now = this.now();
    // One process: a seat held by another instance is one this process held before it
    // restarted. Nobody holds it now.
    if (!this.shared) await this.store.freeSeats(id, now);
    const start = startMatch(seeded);
    if (!start.ok) {
      this.o.log?.(`room ${code}: its stored rules do not make a match`);
      return null;
    }
    const room = newLiveRoom(id, code, rules, row.seed, matchNo, start.value, now, row.turn_ms);
    const ch = await this.store.changes(this.store.db, room);
    if (!ch) return null;
    if (ch.matchNo !== matchNo) return this.load(code); // a rematch meanwhile: again
    const logged = ch.actions.map((a) => readLogged(a.action));
    const replayed = logged.every((l) => l !== null)
      ? replayLog(seeded, logged as LoggedAction[])
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

  /** @internal */
  evict(room: LiveRoom): void {
    this.live.delete(room.code);
    this.byId.delete(room.id);
  }
}
