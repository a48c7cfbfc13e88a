/**
 * An action judged and written: the live match after it when the rules take it, written as the
 * match's next (log.ts, with the turn's other actions), then sent to the room's connections.
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
    private readonly rooms: LiveRooms,
    private readonly now: () => number,
  ) {}

  /**
   * Writes `side`'s action as the match's next one (with the result when it ends the match) and
   * sends it once stored: true; false when it was not written (the room's row is not this live
   * copy's — another claim raised its epoch — the match moved on, or the room is gone).
   */
  async append(
    room: LiveRoom,
    side: Side,
    id: number,
    action: RoomAction,
    next: RoomMatch,
  ): Promise<boolean> {
    const write = this.actionWrite(room, side, id, action, next);
    if ((await this.actions.write(write)) !== 'written') return false;
    this.took(write, next);
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

  /** An action written: the live match after it, sent to the room's connections. */
  private took(w: ActionWrite, next: RoomMatch): void {
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
    }
  }
}
