/**
 * One live room's owner: the only object of this process that changes the room, under the epoch
 * its claim took. It takes commands — a socket's hello (a seat taken back or given, or
 * watching), a seated socket's action, rematch offer or close, the sweep's timeouts (a loss on
 * time, a forfeit, the room left empty), the seats the sweep read, and the news that another
 * claim took the room — and runs them one at a time, in the order they came. It talks to its
 * process through {@link RoomOwnerPort}: the statements (store.ts, append.ts), the seats'
 * presence, and the registry that forgets it once it is lost or let go.
 *
 * An answer means stored: an action is judged on the live match, written with its turn's others
 * (log.ts), and only then sent to both players and every watcher. A write the database refuses
 * as stale (another claim raised the room's epoch) makes the owner let the room go: its sockets
 * are closed, and connect again, to the room's owner.
 */
import {
  CLOSE,
  type ClientMessage,
  type RoomInfo,
  readAction,
  type Side,
} from '../../net/rooms.ts';
import { dealSeed } from '../seeds.ts';
import { type ActionWriter, judge } from './append.ts';
import { Connection, type Referee } from './connection.ts';
import { type LiveRooms, resultOf, startNext } from './live.ts';
import { broadcast, eachPeer, offers, type Presence, peerCount } from './presence.ts';
import type { Seating } from './seats.ts';
import type { RoomStore } from './store.ts';
import {
  bad,
  type Changes,
  type LiveRoom,
  message,
  num,
  other,
  type Peer,
  Refusal,
  type SeatRow,
  StaleClaim,
  type Verdict,
} from './types.ts';

/** How many times a rematch is tried again against a match another process moved on. */
const TRIES = 8;

type Hello = Extract<ClientMessage, { type: 'hello' }>;

/** What a room's owner needs of its process. */
export interface RoomOwnerPort {
  readonly now: () => number;
  /** This process, as the seats' `holder` names it. */
  readonly instance: string;
  /** This process to the clients (`welcome.referee`). */
  readonly referee: string;
  readonly store: RoomStore;
  readonly presence: Presence;
  /** How the room's connections are told (its state, its seats, its changes taken in). */
  readonly views: LiveRooms;
  readonly writer: ActionWriter;
  readonly seating: Seating;
  readonly log?: (line: string) => void;
  /**
   * The owner is done in this process: lost to another claim, or let go (`release`: it left the
   * room empty, and the room's row stops naming this process at the owner's epoch).
   */
  forget(owner: RoomOwner, release: boolean): void;
}

export class RoomOwner {
  /** Where the room's commands stand: one at a time. */
  private queue: Promise<void> = Promise.resolve();
  /** Connections joining now (their hello in the queue): the room is not empty. */
  private arriving = 0;
  /** A read of the room's changes is queued and not started yet. */
  private syncQueued = false;
  /** A forfeit (or a loss on time) is being decided. */
  private forfeiting = false;
  /** When the room was left with no connection here (ms), or null. */
  private emptySince: number | null;
  /** The process is stopping: no seat is let go and no read queued any more. */
  private stopping = false;
  /** Lost to another claim, or let go: this owner is done. */
  gone = false;
  /** What a connection of the room asks of it (connection.ts). */
  private readonly referee: Referee;

  constructor(
    /** The room as this owner holds it: nothing else changes it. */
    readonly room: LiveRoom,
    private readonly port: RoomOwnerPort,
  ) {
    // Loaded for a hello, with nobody in it yet.
    this.emptySince = room.loadedAt;
    this.referee = {
      act: (_room, side, peer, id, text) => this.act(side, peer, id, text),
      rematch: (_room, side, peer) => this.rematch(side, peer),
      leave: (_room, side, peer) => this.leave(side, peer),
    };
  }

  get code(): string {
    return this.room.code;
  }

  /** Whether the room has connections here (seated or watching). */
  get connected(): boolean {
    return peerCount(this.room) > 0;
  }

  /** Whether this process holds one of the room's seats (as the database was told). */
  get holdsSeat(): boolean {
    return this.room.seats.some((s) => s.holder === this.port.instance);
  }

  /** How the seats stand in memory: a read of them begun at another version is stale. */
  get version(): number {
    return this.room.version;
  }

  /** Resolves once the commands taken until now are done. */
  get settled(): Promise<void> {
    return this.queue;
  }

  // ------------------------------------------------------------------ a socket's commands

  /**
   * A connection's first message: the peer joins the room (its seat taken back with its token,
   * a free seat taken, or watching). Throws a {@link Refusal} that closes the socket.
   */
  async hello(peer: Peer, m: Hello): Promise<Connection> {
    const room = this.room;
    // Not let go while the hello waits for the database: the peer must join the room that stays
    // live, or the room's later messages would never reach it.
    this.arriving++;
    try {
      return await this.serial(async () => {
        // A socket that closed while its hello waited (its client connected again meanwhile)
        // takes no seat: it would close the seat's live connection as "taken back elsewhere".
        if (peer.gone?.()) {
          throw new Refusal('closed', 'the socket closed before it was seated', CLOSE.goingAway);
        }
        const { seating, store, views } = this.port;
        const { side, given } = await seating.seatFor(room, m, () => this.sync());
        // (A seat just given to this socket stays given: the seat's token was written.)
        if (given === null && peer.gone?.()) {
          throw new Refusal('closed', 'the socket closed before it was seated', CLOSE.goingAway);
        }
        // Seated or watching, the room's row is touched at this copy's epoch first: a stale
        // copy seats nobody (StaleClaim: the room is let go, the socket connects again).
        if (side !== null) await seating.sit(room, side, peer, given !== null);
        else {
          await store.touch(room);
          room.watchers.add(peer);
        }
        this.emptySince = null;
        const info: RoomInfo = { code: room.code, rules: room.rules };
        peer.send({
          type: 'welcome',
          room: info,
          you: side,
          seat: given,
          referee: this.port.referee,
        });
        peer.send(views.stateFor(room, side));
        views.sendSeats(room, peer);
        return new Connection(this.referee, room, peer, side);
      });
    } finally {
      this.arriving--;
      this.noteEmpty();
    }
  }

  /** An action from a seated peer: judged, written, then sent (in the room's order). */
  act(side: Side, peer: Peer, id: number, text: string): Promise<void> {
    return this.serial(async () => {
      const room = this.room;
      // The server's clock decides: an action after its side's time ran out is too late.
      const late = this.port.presence.timeDue(room, this.port.now());
      if (late !== null && id > room.seats[side].lastId) await this.decide(late, 'time');
      const seat = room.seats[side];
      if (id <= seat.lastId) return; // sent again (or late): taken once already
      const action = readAction(text);
      if (!action) return this.answer(side, peer, id, bad('bad-action', 'not an action'));
      const judged = judge(room, side, action);
      if (!('next' in judged)) return this.answer(side, peer, id, judged);
      // Written (with the turn's other actions), then sent: false when this process no longer
      // owns the room, or the room is gone.
      if (!(await this.port.writer.append(room, side, id, action, judged.next))) {
        this.lost('not written: another process owns it, or it is gone');
      }
    });
  }

  /** Tells the mover that its action was refused or changed nothing (taken, not logged). */
  private answer(side: Side, peer: Peer, id: number, verdict: Verdict): void {
    this.room.seats[side].lastId = id;
    if ('code' in verdict) {
      peer.send({ type: 'refused', id, code: verdict.code, message: verdict.message });
    } else peer.send({ type: 'ignored', id });
  }

  /** A rematch offered by a seat once the match is over; both offered: a new match. */
  rematch(side: Side, peer: Peer): Promise<void> {
    return this.serial(async () => {
      const room = this.room;
      for (let tries = 1; ; tries++) {
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
        const done = await this.port.store.offerRematch(room, side, dealSeed);
        if (done === false) {
          // The match moved on elsewhere (the rematch happened there): catch up.
          await this.sync();
          if (room.matchNo !== matchNo) return;
          continue;
        }
        room.version++;
        for (const r of done.rows) room.seats[Number(r.side) as Side].rematchFor = num(r.rematch);
        if (done.seed === null) {
          broadcast(room, { type: 'rematch', offers: offers(room) });
          return;
        }
        startNext(room, matchNo + 1, done.seed, this.port.now());
        this.port.views.sendStates(room);
        return;
      }
    });
  }

  /** A peer's connection closed. */
  leave(side: Side | null, peer: Peer): void {
    const room = this.room;
    if (side === null) room.watchers.delete(peer);
    else {
      const seat = room.seats[side];
      if (seat.peers.delete(peer) && seat.peers.size === 0 && seat.holder === this.port.instance) {
        seat.leftAt = this.port.now();
        room.version++;
        this.releaseSeat(side);
      }
    }
    if (!this.connected) this.emptySince = this.port.now();
    this.port.views.sendSeats(room);
  }

  /** The seat's last connection here closed: the database says nobody holds it (in order). */
  private releaseSeat(side: Side): void {
    const room = this.room;
    const { store, instance } = this.port;
    void this.serial(async () => {
      const seat = room.seats[side];
      if (this.stopping || seat.peers.size > 0 || seat.holder !== instance) return;
      // Never before the match started: left during the match before, it has its whole time.
      const at = Math.max(seat.leftAt ?? this.port.now(), room.startedAt);
      await store.releaseSeat(room, side, at);
      seat.holder = null;
      seat.seenMs = at;
      room.version++;
      await store.notify(store.db, room, 'seats');
    }).catch((e) => this.port.log?.(`room ${room.code}: leaving a seat: ${message(e)}`));
  }

  // ------------------------------------------------------------------ the sweep's commands

  /**
   * The sweep's tick at `now`: a loss on time or a forfeit that is due is decided (in order, on
   * the database's view), and a room left empty for a forfeit time is let go.
   */
  timeout(now: number): void {
    const room = this.room;
    const { presence } = this.port;
    // A room with no connection here is decided by a process it has connections with.
    const late = presence.timeDue(room, now);
    if (!this.forfeiting && this.connected && late !== null) this.forfeit(late, 'time');
    for (const s of [0, 1] as const) {
      if (!this.forfeiting && this.connected && presence.forfeitDue(room, s, now)) {
        this.forfeit(s, 'forfeit');
        break;
      }
    }
    // A room someone is joining stays, however long the database takes to seat them.
    if (
      this.emptySince !== null &&
      this.arriving === 0 &&
      now - this.emptySince >= presence.forfeitMs
    ) {
      this.letGo();
    }
  }

  /** The sweep's clean-up: a room with no connection here, and nobody joining, is let go. */
  cleanUp(): void {
    // Not a room someone is joining: they would join the copy let go and hear nothing more.
    if (!this.connected && this.arriving === 0) this.letGo();
  }

  /**
   * The sweep read the room's seats (`version`: the seats' version in memory before the read):
   * a seat held elsewhere takes its holder and heartbeat; a seat that changed otherwise (taken,
   * named, offered, taken back elsewhere) makes the room read its changes in order.
   */
  seatsRead(rows: readonly SeatRow[], version: number): void {
    const room = this.room;
    const instance = this.port.instance;
    for (const r of rows) {
      if (version !== room.version || this.syncQueued) break;
      const seat = room.seats[Number(r.side) as Side];
      const mine = seat.peers.size > 0 || seat.holder === instance;
      if (
        r.token_hash !== seat.tokenHash ||
        r.name !== seat.name ||
        num(r.rematch) !== seat.rematchFor ||
        (mine && r.holder !== null && r.holder !== instance)
      ) {
        this.requestSync();
      } else if (!mine) {
        seat.holder = r.holder;
        seat.seenMs = num(r.seen_ms);
      }
    }
    if (!this.syncQueued) this.port.views.seatsChanged(room);
  }

  /** Queues a read of the room's changes (several reasons, one read). */
  requestSync(): void {
    if (this.syncQueued || this.stopping) return;
    this.syncQueued = true;
    this.serial(async () => {
      this.syncQueued = false;
      await this.sync();
    }).catch((e) => this.port.log?.(`room ${this.room.code}: catching up: ${message(e)}`));
  }

  /**
   * Gives the match to the other seat: `s` left its seat too long (forfeit) or let its decision's
   * time run out (time), decided again on the database's view, in order.
   */
  private forfeit(s: Side, reason: 'forfeit' | 'time'): void {
    this.forfeiting = true;
    this.serial(() => this.decide(s, reason))
      .catch((e) => this.port.log?.(`room ${this.room.code}: ${reason}: ${message(e)}`))
      .finally(() => {
        this.forfeiting = false;
      });
  }

  /**
   * {@link forfeit}'s decision, inside the room's order: the match to the other seat when it is
   * still due on the database's view (written once).
   */
  private async decide(s: Side, reason: 'forfeit' | 'time'): Promise<void> {
    const room = this.room;
    const { presence, store, views, now } = this.port;
    const due = () =>
      reason === 'time' ? presence.timeDue(room, now()) === s : presence.forfeitDue(room, s, now());
    if (!due()) return;
    const result = await store.locked(room, async (tx) => {
      const ch = await store.changes(tx, room);
      if (ch) this.takeIn(ch);
      if (!due()) return null;
      const r = resultOf(room.match, other(s), reason);
      if (!(await store.storeResult(tx, room, r, now()))) return null;
      await store.notify(tx, room, 'end');
      return r;
    });
    if (result === false) return this.sync();
    if (result === null) return;
    room.result = result;
    broadcast(room, { type: 'end', match: room.matchNo, result });
    views.seatsChanged(room);
  }

  // ------------------------------------------------------------------ the process's commands

  /**
   * This owner no longer owns the room (another claim took it while this process could not
   * renew, or this process claimed it again, or it is gone): forgotten, its sockets closed so
   * that they connect again, to the room's owner.
   */
  lost(why: string): void {
    if (this.gone) return;
    this.gone = true;
    const room = this.room;
    this.port.log?.(`room ${room.code}: let go (${why})`);
    this.port.forget(this, false);
    eachPeer(room, (p) => p.close(CLOSE.goingAway, 'this room moved to another server'));
    room.seats[0].peers.clear();
    room.seats[1].peers.clear();
    room.watchers.clear();
  }

  /** The process is stopping: every connection is closed, and no seat is let go one by one. */
  stop(): void {
    this.stopping = true;
    eachPeer(this.room, (p) => p.close(CLOSE.goingAway, 'the server is stopping'));
  }

  /** Left empty: the room leaves this process's memory (its row stops naming this process). */
  private letGo(): void {
    if (this.gone) return;
    this.gone = true;
    this.port.forget(this, true);
  }

  // ------------------------------------------------------------------ order

  /**
   * Runs `job` after the room's earlier commands: one at a time. A job whose write the database
   * refused as stale (StaleClaim) lets the room go.
   */
  private serial<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job).catch((e: unknown) => {
      if (e instanceof StaleClaim) this.lost('a write refused: another claim took it');
      throw e;
    });
    this.queue = run.then(
      () => {},
      () => {},
    );
    return run;
  }

  /** Reads the room's changes and takes them in (inside the room's order). */
  private async sync(): Promise<void> {
    const { store } = this.port;
    const ch = await store.changes(store.db, this.room);
    if (ch) this.takeIn(ch);
  }

  /**
   * Takes the database's changes into the live room and tells its connections (a seat taken back
   * through another process closes its connection here: the room may be empty now).
   */
  private takeIn(ch: Changes): void {
    this.port.views.apply(this.room, ch);
    this.noteEmpty();
  }

  /** The room has no connection here: empty since now, unless it was already. */
  private noteEmpty(): void {
    if (!this.connected && this.emptySince === null) this.emptySince = this.port.now();
  }
}
