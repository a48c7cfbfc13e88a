/**
 * A WebSocket for Node, as the room client takes it: the global one where Node has it (22 and
 * later), else the `ws` package (Node 20 has no global client unflagged). `ws` is an optional
 * peer dependency: without either, online play says which package to install.
 */
import { createRequire } from 'node:module';
import type { SocketFactory, SocketLike } from '../net/roomClient.ts';

/** A `ws` socket (loaded when first called; the repository's tests and tools have `ws`). */
export function nodeSocket(url: string): SocketLike {
  const Ws = createRequire(import.meta.url)('ws') as new (url: string, opts: object) => SocketLike;
  return new Ws(url, { maxPayload: 1 << 20 });
}

/** The sentence said when no WebSocket client is available. */
export const NO_WEBSOCKET =
  'online play needs a WebSocket client: on Node 20 install the ws package (npm install ws), or use Node 22 or later';

/** A socket factory for this process, or the sentence saying what to install. */
export async function nodeSocketFactory(
  load: () => Promise<unknown> = () => import('ws'),
  global: unknown = (globalThis as { WebSocket?: unknown }).WebSocket,
): Promise<SocketFactory | string> {
  try {
    const mod = (await load()) as { default?: unknown };
    const Ws = (mod.default ?? mod) as new (url: string, opts: object) => SocketLike;
    if (typeof Ws === 'function') return (url) => new Ws(url, { maxPayload: 1 << 20 });
  } catch (e) {
    if ((e as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw e;
  }
  if (typeof global === 'function') {
    const G = global as new (url: string) => SocketLike;
    return (url) => new G(url);
  }
  return NO_WEBSOCKET;
}
