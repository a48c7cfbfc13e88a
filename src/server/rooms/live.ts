/**
 * A live room in memory: made, moved to a new match, and brought up to the database's changes,
 * with what each of its connections is sent.
 */
import type { Game } from '../../engine/game2048.ts';
import type { Seed } from '../../engine/rng.ts';
import { encodeShared, sharedDuel, sharedVersus } from '../../engine/shareCode.ts';
import {
  applyAction,
  CLOSE,
  dealtBy,
  dealtText,
  type MatchResult,
  type RoomMatch,
  type RoomRules,
  readLogged,
  type ServerMessage,
  type Side,
  startMatch,
  startOf,
} from '../../net/rooms.ts';
import { broadcast, deadlineOf, eachPeer, offers, type Presence } from './presence.ts';
import type { Changes, LiveRoom, Peer, Seat, SeatRow } from './types.ts';
import { num } from './types.ts';

/**
 * The match as the referee keeps it: each board without the chain of boards before it (which
 * the engine keeps for undo, and rooms have no undo), so a match holds one board a side however
 * long it runs, and the garbage collector has nothing of past moves to keep copying.
 */
export function withoutUndo(m: RoomMatch): RoomMatch {
  const cut = (g: Game): Game => (g.previous === null ? g : { ...g, previous: null });
  if (m.kind === 'duel') {
    const g = m.duel.game;
    return g.previous === null ? m : { kind: 'duel', duel: { ...m.duel, game: cut(g) } };
  }
  const [a, b] = m.match.games;
  if (a.previous === null && b.previous === null) return m;
  return { kind: 'versus', match: { ...m.match, games: [cut(a), cut(b)] } };
}

/**
 * A room as loaded at the epoch its claim took, before its stored changes are taken in. Its match's start is not known
 * here: the seats' forfeit times are the database's, and a duel's decision is timed from now.
 */
export function newLiveRoom(
  id: number,
  code: string,
  epoch: number,
  rules: RoomRules,
  seed: Seed,
  matchNo: number,
  match: RoomMatch,
  now: number,
  turnMs: number | null,
): LiveRoom {
  const seat = (): Seat => ({
    tokenHash: null,
    name: null,
    playerHash: null,
    lastId: 0,
    peers: new Set(),
    holder: null,
    seenMs: null,
    leftAt: null,
    rematchFor: null,
  });
  return {
    id,
    code,
    epoch,
    rules,
    seed,
    matchNo,
    match,
    start: startOf(match),
    log: [],
    startedAt: 0,
    turnMs,
    turnFrom: now,
    seats: [seat(), seat()],
    watchers: new Set(),
    result: null,
    loadedAt: now,
    version: 0,
    seatsSent: '',
  };
}

/**
 * The live room on a new match, started `now`: a seat empty now has its whole forfeit time from
 * now (not from when it was left, during the match before), and a duel's first decision its
 * whole time.
 */
export function startNext(room: LiveRoom, matchNo: number, seed: Seed, now: number): void {
  room.seed = seed;
  room.matchNo = matchNo;
  room.startedAt = now;
  room.turnFrom = now;
  const start = startMatch({ ...room.rules, seed });
  if (!start.ok) throw new Error(`a rematch's rules: ${start.error.message}`);
  room.match = start.value;
  room.start = startOf(start.value);
  room.log = [];
  room.result = null;
  room.seats[0].lastId = 0;
  room.seats[1].lastId = 0;
}

/** The result of a match ended by `reason`, with the finished match's share code. */
export function resultOf(
  m: RoomMatch,
  winner: Side | 'draw',
  reason: MatchResult['reason'],
): MatchResult {
  const shared =
    m.kind === 'versus' ? sharedVersus(m.match, 'online') : sharedDuel(m.duel, 'online');
  const seed = m.kind === 'versus' ? m.match.rules.seed : m.duel.seed;
  return { winner, reason, code: encodeShared(shared), seed };
}

/** The live rooms' ways of telling their connections: the seats' presence and a log. */
export class LiveRooms {
  constructor(
    readonly presence: Presence,
    private readonly log?: (line: string) => void,
  ) {}

  stateFor(room: LiveRoom, side: Side | null): ServerMessage {
    return {
      type: 'state',
      match: room.matchNo,
      rules: room.rules,
      start: room.start,
      log: room.log,
      lastId: side === null ? 0 : room.seats[side].lastId,
      seats: this.presence.seatInfo(room),
      result: room.result,
      rematch: offers(room),
      deadline: deadlineOf(room),
    };
  }

  /** Sends the seats to the room's connections (but `except`). */
  sendSeats(room: LiveRoom, except?: Peer): void {
    const seats = this.presence.seatInfo(room);
    room.seatsSent = JSON.stringify(seats);
    broadcast(room, { type: 'seats', seats, deadline: deadlineOf(room) }, except);
  }

  /** Sends the seats when they differ from those last sent. */
  seatsChanged(room: LiveRoom): void {
    if (JSON.stringify(this.presence.seatInfo(room)) !== room.seatsSent) this.sendSeats(room);
  }

  /** Sends every connection the room's state (a new match). */
  sendStates(room: LiveRoom): void {
    eachPeer(room, (p, s) => p.send(this.stateFor(room, s)));
    room.seatsSent = JSON.stringify(this.presence.seatInfo(room));
  }

  /** The seats as the database has them, taken into the live room. */
  takeSeats(room: LiveRoom, rows: readonly SeatRow[], now: number): void {
    room.version++;
    for (const r of rows) {
      const seat = room.seats[Number(r.side) as Side];
      // Seat 1 taken (through another process): the duel's clock starts.
      if (seat.tokenHash === null && r.token_hash !== null) room.turnFrom = now;
      seat.tokenHash = r.token_hash;
      seat.name = r.name;
      seat.playerHash = r.player_hash;
      seat.holder = r.holder;
      seat.seenMs = num(r.seen_ms);
      seat.rematchFor = num(r.rematch);
      if (r.holder !== null && r.holder !== this.presence.instance && seat.peers.size > 0) {
        // The seat connected again through another process: this one's connection is older.
        for (const p of seat.peers) p.close(CLOSE.replaced, 'this seat connected again elsewhere');
        seat.peers.clear();
      }
    }
  }

  /** Takes the database's changes into the live room and sends them to its connections. */
  apply(room: LiveRoom, ch: Changes): void {
    if (ch.matchNo < room.matchNo) return;
    const fresh = ch.matchNo > room.matchNo;
    if (fresh) startNext(room, ch.matchNo, ch.seed, this.presence.now());
    for (const a of ch.actions) {
      if (Number(a.seq) !== room.log.length + 1) break;
      if (!this.takeAction(room, a.action, Number(a.client_id), !fresh)) break;
    }
    const offered = offers(room);
    this.takeSeats(room, ch.seats, this.presence.now());
    const ended = ch.result !== null && room.result === null;
    if (ended) room.result = ch.result;
    if (fresh) {
      this.sendStates(room);
      return;
    }
    if (ended) broadcast(room, { type: 'end', match: room.matchNo, result: room.result! });
    const now = offers(room);
    if (now[0] !== offered[0] || now[1] !== offered[1]) {
      broadcast(room, { type: 'rematch', offers: now });
    }
    this.seatsChanged(room);
  }

  /**
   * Applies a stored action (the log's next) to the live match, and sends it when `send`: false
   * when it does not apply.
   */
  takeAction(room: LiveRoom, action: string, clientId: number, send: boolean): boolean {
    const l = readLogged(action);
    const next = l ? applyAction(room.match, l.side, l.action) : null;
    if (!l || !next?.ok || next.value === room.match) {
      const seq = room.log.length + 1;
      this.log?.(`room ${room.code}: action ${seq} of match ${room.matchNo} does not apply`);
      return false;
    }
    room.match = withoutUndo(next.value);
    room.turnFrom = this.presence.now();
    const sent = dealtText(l, dealtBy(next.value, l.side));
    room.log.push(sent);
    const seat = room.seats[l.side];
    seat.lastId = Math.max(seat.lastId, clientId);
    if (send) {
      broadcast(room, {
        type: 'action',
        match: room.matchNo,
        seq: room.log.length,
        a: sent,
        id: clientId,
        deadline: deadlineOf(room),
      });
    }
    return true;
  }
}
