/** A WebSocket for Node (`ws`; Node 20 has no global one), as the room client takes it. */
import WebSocket from 'ws';
import type { SocketLike } from '../net/roomClient.ts';

export function nodeSocket(url: string): SocketLike {
  return new WebSocket(url, { maxPayload: 1 << 20 }) as unknown as SocketLike;
}
