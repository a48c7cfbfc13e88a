/**
 * The rooms on the server-wide relay (../relay.ts): the rooms' protocol as the relay carries it
 * (a relayed hello is the owner's {@link Rooms.hello}, its first answer the welcome), and a
 * socket here seated in a room another process owns: its connection passes its actions on.
 */
import {
  CLOSE,
  type ClientMessage,
  readClientMessage,
  type ServerMessage,
} from '../../net/rooms.ts';
import type { Relay, RelayProtocol } from '../relay.ts';
import { Connection, type Referee } from './connection.ts';
import { type LiveRoom, message, type Peer, Refusal } from './types.ts';

type Hello = Extract<ClientMessage, { type: 'hello' }>;

/** The rooms' lines' tag on the relay. */
const NAME = 'rooms';

/** The rooms' protocol on the relay: a relayed hello is taken by `hello` (the owner's). */
export function roomsOnRelay(
  hello: (peer: Peer, m: Hello) => Promise<Connection>,
  log?: (line: string) => void,
): RelayProtocol<ClientMessage> {
  return {
    name: NAME,
    what: 'room',
    goingAway: CLOSE.goingAway,
    badMessage: CLOSE.badMessage,
    read: readClientMessage,
    answers: (text) => text.startsWith('{"type":"welcome"'),
    helloRelayed: (peer, m) => hello(peer, m),
    refusal: (code, text, close) => new Refusal(code, text, close),
    fail(e, peer) {
      if (e instanceof Refusal) {
        if (e.close !== null) peer.close(e.close, e.message.slice(0, 120));
        else peer.send({ type: 'refused', id: null, code: e.code, message: e.message });
        return;
      }
      log?.(`rooms: ${message(e)}`);
      peer.send({
        type: 'refused',
        id: null,
        code: 'unavailable',
        message: 'the server could not take this message; try again shortly',
      });
    },
  };
}

/**
 * A socket here says hello to a room `owner` owns: relayed, answered by the owner. Its
 * connection here only passes its messages on (the room is the owner's).
 */
export async function relayedHello(
  relay: Relay,
  peer: Peer,
  m: Hello,
  owner: string,
): Promise<Connection> {
  const { first, link } = await relay.hello(NAME, peer, m, owner);
  const side = (JSON.parse(first) as Extract<ServerMessage, { type: 'welcome' }>).you;
  const referee: Referee = {
    async act(_room, _side, _peer, id, a) {
      link.send({ type: 'act', id, a });
    },
    async rematch() {
      link.send({ type: 'rematch' });
    },
    leave() {
      link.close();
    },
  };
  return new Connection(referee, null as unknown as LiveRoom, peer, side);
}
