/**
 * An action judged and written: the live match after it when the rules take it, written as the
 * match's next (log.ts), then sent to the room's connections; when another process wrote
 * first, what it wrote is taken in so that the action can be judged again.
 */
import {
  applyAction,
  dealtBy,
  dealtText,
  loggedText,
  matchOver,
  matchWinner,
  type RoomAction,
  type RoomMatch,
  readLogged,
  type Side,
} from '../../net/rooms.ts';
import { type LiveRooms, resultOf, withoutUndo } from './live.ts';
import type { ActionLog, ActionWrite } from './log.ts';
import { broadcast, deadlineOf } from './presence.ts';
import type { RoomStore } from './store.ts';
import { bad, type LiveRoom, other, type Verdict } from './types.ts';

/** What `side`'s action does to the live match: the match after it, nothing, or a refusal. */
export function judge(
  room: LiveRoom,
  side: Side,
  action: RoomAction,
): { next: RoomMatch } | Verdict {
  if (room.result) return bad('match-over', 'the match is over: no more moves');
  if (room.seats[other(side)].tokenHash === null) {
    return bad('waiting', 'the other player has not joined yet');
  }
  const next = applyAction(room.match, side, action);
  if (!next.ok) return bad(next.error.code, next.error.message);
  return next.value === room.match ? { ignored: true } : { next: next.value };
}

export class ActionWriter {
  constructor(
    private readonly actions: ActionLog,
    private readonly store: RoomStore,
    private readonly rooms: LiveRooms,
    private readonly now: () => number,
  ) {}

  /**
   * Writes `side`'s action as the match's next one (with the result when it ends the match) and
   * sends it once stored: true. When another process wrote that seq first: `caught-up` once what
   * it wrote is taken in (as the write answered it), else false, as when the match's result was
   * there first or the database's match is not this process's (nothing written).
   */
  async append(
    room: LiveRoom,
    side: Side,
    id: number,
    action: RoomAction,
    next: RoomMatch,
  ): Promise<boolean | 'caught-up'> {
    const write = this.actionWrite(room, side, id, action, next);
    const written = await this.actions.write(write);
    if (written === 'written') {
      await this.took(write, next);
      return true;
    }
    if (typeof written !== 'object') return false;
    for (const m of written.missed) {
      if (m.seq <= room.log.length) continue;
      if (m.seq !== room.log.length + 1) return false;
      if (!this.rooms.takeAction(room, m.action, m.clientId, true)) return false;
    }
    return 'caught-up';
  }

  /**
   * {@link append} in a transaction that holds the room's row: what other processes wrote before
   * is taken in first (nobody can write after it until this commits), so the action is judged on
   * the database's match: the verdict when it is refused or changes nothing there. False when
   * the database's match is not this process's.
   */
  async appendLocked(
    room: LiveRoom,
    side: Side,
    id: number,
    action: RoomAction,
  ): Promise<boolean | Verdict> {
    const done = await this.store.locked(room, async (tx) => {
      const ch = await this.store.changes(tx, room);
      if (ch) this.rooms.apply(room, ch);
      const judged = judge(room, side, action);
      if (!('next' in judged)) return judged;
      const write = this.actionWrite(room, side, id, action, judged.next);
      if ((await this.actions.write(write, tx)) !== 'written') {
        throw new Error(`room ${room.code}: its stored actions do not follow on`);
      }
      return { write, next: judged.next };
    });
    if (done === false || !('write' in done)) return done;
    await this.took(done.write, done.next);
    return true;
  }

  private actionWrite(
    room: LiveRoom,
    side: Side,
    id: number,
    action: RoomAction,
    next: RoomMatch,
  ): ActionWrite {
    const seq = room.log.length + 1;
    const a = loggedText({ side, action });
    const result = matchOver(next) ? resultOf(next, matchWinner(next)!, 'play') : null;
    return { room, seq, side, action: a, clientId: id, now: this.now(), result };
  }

  /**
   * An action written: the live match after it, sent to the room's connections; a result it
   * ends the match with is then marked with its players and whether it counts for their records.
   */
  private async took(w: ActionWrite, next: RoomMatch): Promise<void> {
    const { room, seq, clientId: id, result } = w;
    room.seats[w.side].lastId = id;
    room.match = withoutUndo(next);
    room.turnFrom = this.now();
    // Sent with the tile it dealt (stored without: the seed deals it again).
    const a = dealtText(readLogged(w.action)!, dealtBy(next, w.side));
    room.log.push(a);
    broadcast(room, {
      type: 'action',
      match: room.matchNo,
      seq,
      a,
      id,
      deadline: deadlineOf(room),
    });
    if (result) {
      room.result = result;
      broadcast(room, { type: 'end', match: room.matchNo, result });
      this.rooms.seatsChanged(room);
      await this.store.countResult(this.store.db, room);
    }
  }
}
