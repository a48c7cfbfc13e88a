/** A socket's place in a room. */
import { CLOSE, type ClientMessage, type Side } from '../../net/rooms.ts';
import { type LiveRoom, type Peer, Refusal } from './types.ts';

/** What a connection asks of the rooms' referee (rooms.ts implements it). */
export interface Referee {
  act(room: LiveRoom, side: Side, peer: Peer, id: number, text: string): Promise<void>;
  rematch(room: LiveRoom, side: Side, peer: Peer): Promise<void>;
  leave(room: LiveRoom, side: Side | null, peer: Peer): void;
}

/** One socket's place in a room: what it may do. */
export class Connection {
  constructor(
    private readonly rooms: Referee,
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
