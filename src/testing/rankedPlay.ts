/**
 * Test support for ranked play: a real WebSocket client (`ws`) of the ranked socket whose
 * messages are kept in order (as text too: tests read every byte a client received) and
 * awaited by what they say, starting a game over HTTP, and a 3×3 puzzle's solution.
 */
import WebSocket from 'ws';
import { newPlayerKey } from '../net/api.ts';
import {
  type RankedClientMessage,
  type RankedServerMessage,
  type RankedStart,
  rankedSocketUrl,
} from '../net/ranked.ts';
import { call } from './serverHarness.ts';

export class RankedSocket {
  readonly ws: WebSocket;
  /** Every message received, in order, and its text as it came. */
  readonly messages: RankedServerMessage[] = [];
  readonly texts: string[] = [];
  private seen = 0;
  private waiters: (() => void)[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(server: string) {
    this.ws = new WebSocket(rankedSocketUrl(server));
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.closed = new Promise((resolve) => {
      this.ws.once('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.wake();
      });
    });
    this.ws.on('error', () => {});
    this.ws.on('message', (data) => {
      this.texts.push(String(data));
      this.messages.push(JSON.parse(String(data)) as RankedServerMessage);
      this.wake();
    });
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  async send(m: RankedClientMessage | string): Promise<void> {
    await this.opened;
    this.ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  }

  /** The next message (after those already taken) of a type that `pick` accepts. */
  async next<T extends RankedServerMessage['type']>(
    type: T,
    pick: (m: Extract<RankedServerMessage, { type: T }>) => boolean = () => true,
    timeoutMs = 30_000,
  ): Promise<Extract<RankedServerMessage, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.seen < this.messages.length) {
        const m = this.messages[this.seen++]!;
        if (m.type === type && pick(m as Extract<RankedServerMessage, { type: T }>)) {
          return m as Extract<RankedServerMessage, { type: T }>;
        }
      }
      if (this.ws.readyState === WebSocket.CLOSED) {
        throw new Error(`closed while waiting for ${type}`);
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type} message within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** The answer to a move: 'moved' or 'refused' with its number. */
  async answer(
    n: number,
  ): Promise<Extract<RankedServerMessage, { type: 'moved' } | { type: 'refused' }>> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      while (this.seen < this.messages.length) {
        const m = this.messages[this.seen++]!;
        if ((m.type === 'moved' || m.type === 'refused') && m.n === n) return m;
      }
      if (this.ws.readyState === WebSocket.CLOSED) throw new Error(`closed before move ${n}`);
      if (Date.now() > deadline) throw new Error(`no answer to move ${n}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.ws.close();
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
  const socket = new RankedSocket(server);
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
