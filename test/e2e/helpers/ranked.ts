/**
 * Ranked games played by a test itself (not through the CLI), through the ranked client on a
 * real server: `moves` moves that slide, then resigned; what the server ranked.
 */
import { ServerClient } from '../../../src/net/api.ts';
import type { RankedRequest, RankedResult } from '../../../src/net/ranked.ts';
import { RankedClient } from '../../../src/net/rankedClient.ts';
import { nodeSocketFactory } from '../../../src/node/webSocket.ts';

/** Plays a ranked 2048 game (`req`), `moves` moves, resigned; its result. */
export async function playRanked2048(
  url: string,
  req: RankedRequest,
  moves: number,
): Promise<RankedResult> {
  const socket = await nodeSocketFactory();
  if (typeof socket === 'string') throw new Error(socket);
  const started = await RankedClient.start(new ServerClient(url), req, { socket });
  if (!started.ok) throw new Error(started.error.message);
  const c = started.value.client;
  const until = async (ok: () => boolean, what: string) => {
    const deadline = Date.now() + 20_000;
    while (!ok()) {
      if (Date.now() > deadline) throw new Error(`the ranked game: no ${what}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  await until(() => c.view.status === 'open', 'connection');
  for (let i = 0; i < moves && !c.view.confirmed.over; i++) {
    for (const d of ['left', 'down', 'right', 'up'] as const) {
      const r = c.move(d);
      if (r.ok && r.value) break;
    }
    await until(() => c.view.pending === 0 && c.view.queued === 0, 'answer');
  }
  if (!c.view.result) c.resign();
  await until(() => c.view.result !== null, 'result');
  const result = c.view.result!;
  c.close();
  return result;
}
