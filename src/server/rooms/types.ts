/**
 * The rooms' shared vocabulary on the server: a live room and its seats as this process holds
 * them, what the database holds of a room, the options, and a refusal for the socket.
 */

import type { Kysely } from 'kysely';
import type { Seed } from '../../engine/rng.ts';
import {
  CLOSE,
  type MatchResult,
  type MatchStart,
  type RoomKind,
  type RoomMatch,
  type RoomRules,
  type SeatInfo,
  type ServerMessage,
  type Side,
} from '../../net/rooms.ts';
import type { ProcessLease } from '../lease.ts';
import type { Relay } from '../relay.ts';
import type { Schema } from '../schema.ts';

/** One connection to a room, as the rooms see it. */
export interface Peer {
  send(message: ServerMessage): void;
  /** Sends a message written as JSON already (a broadcast writes it once for every peer). */
  sendText(text: string): void;
  close(code: number, reason: string): void;
  /**
   * The socket is closed (here, or at the process that relayed it): a hello it sent that is
   * still waiting must not take a seat (it would close the seat's live connection).
   */
  gone?(): boolean;
}

export interface RoomsOptions {
  readonly now?: () => number;
  /** How long a seat may stay empty during a match before it forfeits (ms; default 60 s). */
  readonly forfeitMs?: number;
  /** How long a room nobody has entered is kept (ms; default 24 h). */
  readonly idleMs?: number;
  /**
   * The rooms this process holds in memory at most: past it, new rooms are refused (making one:
   * `busy`; a socket of a room not held here: closed with {@link CLOSE_TRY_LATER}) while the
   * rooms it holds play on. Default: no limit.
   */
  readonly capacity?: number;
  /** PostgreSQL: a process's lease on its rooms (ms; default {@link DEFAULT_LEASE_MS}). */
  readonly leaseMs?: number;
  /**
   * PostgreSQL: the process's lease, shared with ranked play (../lease.ts); the rooms make
   * their own when none is given (and stop it when they close).
   */
  readonly lease?: ProcessLease;
  /**
   * PostgreSQL: the process's relay (../relay.ts), shared with ranked play; the rooms make their
   * own when none is given (and close it when they close).
   */
  readonly relay?: Relay;
  /** A duel's time per decision when its creator names none (s; default 60). */
  readonly turnTime?: number;
  readonly log?: (line: string) => void;
}

export const DEFAULT_FORFEIT_MS = 60_000;
export const DEFAULT_IDLE_MS = 24 * 3600_000;
/** A duel's time per decision when nobody names one (s). */
export const DEFAULT_TURN_TIME = 60;
/** The times per decision a duel may have (s). */
export const TURN_TIME_MIN = 1;
export const TURN_TIME_MAX = 3600;
/**
 * The actions each side must have taken in a match for its result to count for the players'
 * records: fewer, and the match was not played (a seat left at once, a room made to be lost).
 */
export const RECORD_MIN_ACTIONS = 3;

/**
 * How long a process's lease on the rooms it owns lasts without a renewal (ms; PostgreSQL): a
 * room whose owner died is taken over this long after its last renewal at most.
 */
export const DEFAULT_LEASE_MS = 10_000;

/** The socket's close code for a room refused while the server is full (WebSocket's "try again later"). */
export const CLOSE_TRY_LATER = 1013;

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

/** Versus options as `POST /api/rooms` takes them. */
export interface RoomRequest {
  readonly kind: RoomKind;
  readonly size?: number;
  readonly target?: number;
  readonly attackCap?: number | null;
  /** Duel: the time per decision (s). */
  readonly turnTime?: number;
  readonly name: string;
  /** The creator's player key (only its SHA-256 is kept): their record counts by it. */
  readonly player?: string;
}

export interface Seat {
  tokenHash: string | null;
  name: string | null;
  /** The SHA-256 of the seated player's key, or null (their client sent none). */
  playerHash: string | null;
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

export interface LiveRoom {
  readonly id: number;
  readonly code: string;
  /**
   * The epoch of the claim that took the room (`rooms.epoch`): every write of this live copy
   * names it, and the database refuses it once another claim raised it.
   */
  readonly epoch: number;
  /** The rules everyone may know (no seed). */
  readonly rules: RoomRules;
  /** The match's seed: the server's alone until the match has a result. */
  seed: Seed;
  matchNo: number;
  match: RoomMatch;
  /** How the match started, as clients are told (its boards, not its seed). */
  start: MatchStart;
  /** The match's actions as sent: each with the tile it dealt (`0l/232`). */
  log: string[];
  /** When the match started here (ms): an empty seat's forfeit time runs from no earlier. */
  startedAt: number;
  /** A duel's time per decision (ms), or null for none. */
  readonly turnMs: number | null;
  /** When the decision being waited for began (ms): the last action, or both seats taken. */
  turnFrom: number;
  readonly seats: [Seat, Seat];
  readonly watchers: Set<Peer>;
  result: MatchResult | null;
  readonly loadedAt: number;
  /** Grows with every change of the seats in memory (a read begun before is stale). */
  version: number;
  /** The seats as last sent to the room's connections (JSON). */
  seatsSent: string;
}

/** A seat's row, as read. */
export interface SeatRow {
  room_id: number;
  side: number;
  token_hash: string | null;
  name: string | null;
  holder: string | null;
  seen_ms: number | null;
  rematch: number | null;
  player_hash: string | null;
}

export const SEAT_COLUMNS = [
  'room_id',
  'side',
  'token_hash',
  'name',
  'holder',
  'seen_ms',
  'rematch',
  'player_hash',
] as const;

/** What the database holds of a room that its live copy may not know yet. */
export interface Changes {
  readonly matchNo: number;
  readonly seed: Seed;
  readonly result: MatchResult | null;
  /** The match's actions after those the live room has (all of them for a new match). */
  readonly actions: readonly { seq: number; action: string; client_id: number }[];
  readonly seats: readonly SeatRow[];
}

/** A refusal for the socket: a message, or a close. */
export class Refusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly close: number | null = null,
  ) {
    super(message);
  }
}

/**
 * A write of the room's owner refused by the database: another claim took the room (its epoch
 * is not this live copy's), or the room is gone. The owner lets the room go (its sockets are
 * closed, to connect again).
 */
export class StaleClaim extends Refusal {
  constructor(readonly roomId: number) {
    super('moved', 'this room moved to another server', CLOSE.goingAway);
  }
}

export type Db = Kysely<Schema>;

/** An action refused, or one that changes nothing. */
export type Verdict = { code: string; message: string } | { ignored: true };
export const bad = (code: string, message: string): Verdict => ({ code, message });

export const other = (s: Side): Side => (s === 0 ? 1 : 0);
export const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
export const num = (v: unknown): number | null =>
  v === null || v === undefined ? null : Number(v);
