/**
 * Test support for ranked play: a real WebSocket client (`ws`) of the ranked socket whose
 * messages are kept in order (as text too: tests read every byte a client received) and
 * awaited by what they say (testSocket.ts), starting a game over HTTP, and a 3×3 puzzle's
 * solution.
 */
import { newPlayerKey } from '../net/api.ts';
import {
  type RankedClientMessage,
  type RankedServerMessage,
  type RankedStart,
  rankedSocketUrl,
} from '../net/ranked.ts';
import { call } from './serverHarness.ts';
import { JsonTestSocket } from './testSocket.ts';

/** A client of the ranked socket (a test waits for what it is owed at most 30 s). */
export class RankedSocket extends JsonTestSocket<RankedClientMessage, RankedServerMessage> {
  /** With `game`, the socket's URL names it, as the clients' do (a load balancer hashes it). */
  constructor(server: string, game?: string) {
    super(rankedSocketUrl(server, game), 30_000);
  }

  /** The answer to a move: 'moved' or 'refused' with its number. */
  answer(
    n: number,
  ): Promise<Extract<RankedServerMessage, { type: 'moved' } | { type: 'refused' }>> {
    return this.nextWhere(
      (m): m is Extract<RankedServerMessage, { type: 'moved' } | { type: 'refused' }> =>
        (m.type === 'moved' || m.type === 'refused') && m.n === n,
      `answer to move ${n}`,
      10_000,
    );
  }
}

/**
 * `POST /api/ranked`, which must answer 201 (or 200 when `resumed`); the player is named after
 * their key unless `body` names them (a name belongs to the first key that used it).
 */
export async function startRanked(
  server: string,
  body: Record<string, unknown>,
): Promise<RankedStart & { playerKey: string }> {
  const playerKey = (body.playerKey as string | undefined) ?? newPlayerKey();
  const name = `Ada ${playerKey.slice(0, 8)}`;
  const r = await call(server, 'POST', '/api/ranked', { name, playerKey, ...body });
  if (r.status !== 201 && r.status !== 200) {
    throw new Error(`POST /api/ranked: ${r.status} ${JSON.stringify(r.body)}`);
  }
  return { ...(r.body as RankedStart), playerKey };
}

/** A socket that said hello to a game and had its state. */
export async function helloed(
  server: string,
  game: { id: string; token: string },
): Promise<{
  socket: RankedSocket;
  state: Extract<RankedServerMessage, { type: 'state' }>;
}> {
  const socket = new RankedSocket(server, game.id);
  await socket.send({ type: 'hello', game: game.id, token: game.token });
  const state = await socket.next('state');
  return { socket, state };
}

/** The tiles to move, in order, that solve a 3×3 puzzle (breadth-first: fewest moves). */
export function solve3x3(tiles: readonly number[]): number[] {
  const goal = '1,2,3,4,5,6,7,8,0';
  const start = tiles.join(',');
  const from = new Map<string, { prev: string; tile: number } | null>([[start, null]]);
  let frontier = [start];
  while (frontier.length > 0 && !from.has(goal)) {
    const next: string[] = [];
    for (const key of frontier) {
      const t = key.split(',').map(Number);
      const b = t.indexOf(0);
      const [r, c] = [Math.floor(b / 3), b % 3];
      for (const [dr, dc] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const nr = r + dr;
        const nc = c + dc;
        if (nr < 0 || nr > 2 || nc < 0 || nc > 2) continue;
        const i = nr * 3 + nc;
        const moved = [...t];
        moved[b] = t[i]!;
        moved[i] = 0;
        const k = moved.join(',');
        if (from.has(k)) continue;
        from.set(k, { prev: key, tile: t[i]! });
        next.push(k);
      }
    }
    frontier = next;
  }
  const path: number[] = [];
  for (let k = goal; k !== start; ) {
    const step = from.get(k)!;
    path.push(step.tile);
    k = step.prev;
  }
  return path.reverse();
}
