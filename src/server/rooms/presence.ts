/**
 * Who is in a room: its connections in this process, and its seats' presence as the database
 * says (a seat held by another process counts as connected while that process's heartbeat
 * comes): when a seat forfeits, when a duel's decision is late.
 */
import {
  matchOver,
  type SeatInfo,
  type ServerMessage,
  type Side,
  sideToAct,
} from '../../net/rooms.ts';
import { type LiveRoom, other, type Peer, type Seat } from './types.ts';

export function eachPeer(room: LiveRoom, f: (p: Peer, side: Side | null) => void): void {
  for (const s of [0, 1] as const) for (const p of room.seats[s].peers) f(p, s);
  for (const p of room.watchers) f(p, null);
}

export function peerCount(room: LiveRoom): number {
  return room.seats[0].peers.size + room.seats[1].peers.size + room.watchers.size;
}

/** Sends `m` to the room's connections (but `except`). */
export function broadcast(room: LiveRoom, m: ServerMessage, except?: Peer): void {
  const text = JSON.stringify(m);
  eachPeer(room, (p) => {
    if (p !== except) p.sendText(text);
  });
}

/** The rematch offers standing after the room's finished match. */
export function offers(room: LiveRoom): [boolean, boolean] {
  const offered = (s: Seat) => room.result !== null && s.rematchFor === room.matchNo;
  return [offered(room.seats[0]), offered(room.seats[1])];
}

/**
 * When the side to act in the room's duel loses on time (ms), or null: no clock (versus, no time
 * per decision), the match over, or its second seat still free (the clock starts when both are
 * taken).
 */
export function deadlineOf(room: LiveRoom): number | null {
  if (room.turnMs === null || room.match.kind !== 'duel' || room.result !== null) return null;
  if (matchOver(room.match)) return null;
  if (room.seats[1].tokenHash === null) return null;
  return room.turnFrom + room.turnMs;
}

/** The seats' presence as this process sees it. */
export class Presence {
  constructor(
    /** This process's instance id. */
    readonly instance: string,
    readonly now: () => number,
    readonly forfeitMs: number,
    /** How long a seat held by another process counts as connected after its last heartbeat. */
    readonly leaseMs: number,
  ) {}

  /**
   * Whether a seat is connected, and if not since when it counts as left (ms): never before the
   * match started here (a seat left during the match before has its whole forfeit time again).
   */
  of(room: LiveRoom, seat: Seat, now: number): { connected: boolean; left: number } {
    const p = this.presenceOf(room, seat, now);
    return p.connected ? p : { connected: false, left: Math.max(p.left, room.startedAt) };
  }

  private presenceOf(
    room: LiveRoom,
    seat: Seat,
    now: number,
  ): { connected: boolean; left: number } {
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

  seatInfo(room: LiveRoom): SeatInfo[] {
    const now = this.now();
    const playing = room.result === null && room.seats[1].tokenHash !== null;
    return room.seats.map((s) => {
      const p = this.of(room, s, now);
      return {
        name: s.name,
        connected: p.connected,
        forfeitAt: playing && s.tokenHash !== null && !p.connected ? p.left + this.forfeitMs : null,
      };
    });
  }

  /** The side whose time for its decision has run out (a duel), or null. */
  timeDue(room: LiveRoom, now: number): Side | null {
    const deadline = deadlineOf(room);
    return deadline !== null && now >= deadline ? sideToAct(room.match) : null;
  }

  /** Whether `s` has been left longer than a forfeit takes while the other seat is connected. */
  forfeitDue(room: LiveRoom, s: Side, now: number): boolean {
    if (room.result !== null || room.seats[1].tokenHash === null) return false;
    const me = this.of(room, room.seats[s], now);
    return (
      !me.connected &&
      now - me.left >= this.forfeitMs &&
      this.of(room, room.seats[other(s)], now).connected
    );
  }
}
