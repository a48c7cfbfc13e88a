/**
 * The ranked client against a running server (SQLite and PostgreSQL), over real WebSockets:
 * under random pauses, answers delayed at random and connections cut at random, the board the
 * client holds as the server's is the server's after every move (the game's code, revealed at
 * the end, replays through exactly those boards), and a game left by a client that quit is
 * resumed by a new client with its id and token.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Result } from '../engine/result.ts';
import { readShareCode } from '../engine/shareReplay.ts';
import { DIRECTIONS, type Direction } from '../engine/types.ts';
import { nodeSocket } from '../node/webSocket.ts';
import { ROOM_WAIT_MS, until } from '../testing/roomSockets.ts';
import { BACKENDS, type Backend, serverForBlock } from '../testing/serverHarness.ts';
import { newPlayerKey, ServerClient } from './api.ts';
import type { RankedBoard, RankedKind } from './ranked.ts';
import { RankedClient, type RankedView } from './rankedClient.ts';
import type { SocketFactory, SocketLike } from './roomClient.ts';

/** Sockets whose incoming messages arrive after random delays (in order), and can be cut. */
function delayedSockets(rand: () => number): { factory: SocketFactory; cut(): void } {
  const live: SocketLike[] = [];
  const factory: SocketFactory = (url) => {
    const ws = nodeSocket(url);
    let chain = Promise.resolve();
    const wrapped: SocketLike = {
      get readyState() {
        return ws.readyState;
      },
      send: (t) => ws.send(t),
      close: (c, r) => ws.close(c, r),
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
    };
    ws.onopen = (e) => wrapped.onopen?.(e);
    ws.onerror = (e) => wrapped.onerror?.(e);
    ws.onmessage = (e) => {
      const ms = Math.floor(rand() * 15);
      chain = chain
        .then(() => new Promise((r) => setTimeout(r, ms)))
        .then(() => {
          if (ws.readyState === 1) wrapped.onmessage?.(e);
        });
    };
    ws.onclose = (e) => {
      chain = chain.then(() => wrapped.onclose?.(e));
    };
    live.push(ws);
    return wrapped;
  };
  return {
    factory,
    cut() {
      const ws = live.at(-1) as unknown as { terminate?: () => void } | undefined;
      ws?.terminate?.();
    },
  };
}

/** A small generator for the delays (the property's seed drives it). */
function lcg(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Step =
  | { readonly kind: 'move'; readonly d: Direction; readonly tile: number }
  | { readonly kind: 'wait'; readonly ms: number }
  | { readonly kind: 'cut' };

const steps = fc.array(
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('move' as const),
        d: fc.constantFrom(...DIRECTIONS),
        tile: fc.integer({ min: 1, max: 8 }),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.nat(40) }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'cut' as const }) },
  ),
  { minLength: 5, maxLength: 30 },
);

/** Plays the steps, keeping the server's board as the client held it after each move taken. */
async function playSteps(
  url: string,
  kind: RankedKind,
  plan: readonly Step[],
  seed: number,
): Promise<{ seen: Map<number, RankedBoard>; final: RankedView }> {
  const sockets = delayedSockets(lcg(seed));
  const seen = new Map<number, RankedBoard>();
  // A name of each run's own: a name belongs to the first key that used it.
  const playerKey = newPlayerKey();
  const started = await RankedClient.start(
    new ServerClient(url),
    { kind, size: 3, playerKey, name: `Prop ${playerKey.slice(0, 8)}` },
    {
      socket: sockets.factory,
      retryMs: [5, 20],
      onChange: (v) => {
        const b = v.confirmed;
        const known = seen.get(b.moves);
        if (known) expect(b.cells ?? b.tiles).toEqual(known.cells ?? known.tiles);
        seen.set(b.moves, b);
      },
    },
  );
  if (!started.ok) throw new Error(started.error.message);
  const client = started.value.client;
  const ready = () => client.view.status === 'open';
  await until(ready, ROOM_WAIT_MS, 'the client open');
  for (const step of plan) {
    if (client.view.result || client.view.confirmed.over) break;
    if (step.kind === 'wait') await new Promise((r) => setTimeout(r, step.ms));
    else if (step.kind === 'cut') sockets.cut();
    else {
      await until(ready, ROOM_WAIT_MS, 'the client open again');
      const r: Result<boolean> = kind === '2048' ? client.move(step.d) : client.moveTile(step.tile);
      if (!r.ok) expect(['over', 'reconnecting', 'connecting', 'busy']).toContain(r.error.code);
    }
  }
  await until(
    () =>
      client.view.result !== null ||
      (ready() && client.view.pending === 0 && client.view.queued === 0),
    ROOM_WAIT_MS,
    () => `the moves answered (${JSON.stringify(client.view.status)})`,
  );
  // Shown and confirmed agree once nothing is on its way.
  if (!client.view.result) {
    expect(client.view.board.cells ?? client.view.board.tiles).toEqual(
      client.view.confirmed.cells ?? client.view.confirmed.tiles,
    );
    expect(client.resign().ok).toBe(true);
  }
  await until(() => client.view.result !== null, ROOM_WAIT_MS, 'the result');
  const final = client.view;
  client.close();
  return { seen, final };
}

describe.each(BACKENDS)('the ranked client on %s', (backend: Backend) => {
  const block = serverForBlock(backend, {});
  const url = () => block.server().url;

  it("property: after every move, the client's board is the server's, under delays and cuts (2048)", async () => {
    await fc.assert(
      fc.asyncProperty(steps, fc.nat(), async (plan, seed) => {
        const { seen, final } = await playSteps(url(), '2048', plan, seed);
        const replay = readShareCode(final.result!.code ?? '');
        if (!replay.ok || replay.value.kind !== '2048') throw new Error('not a 2048 code');
        const states = replay.value.states;
        expect(final.confirmed.moves).toBe(states.length - 1);
        for (const [moves, b] of seen)
          expect(b.cells, `after move ${moves}`).toEqual(states[moves]!.cells);
        expect(final.confirmed.score).toBe(states.at(-1)!.score);
      }),
      { numRuns: 6, seed: 380 },
    );
  });

  it("property: after every move, the client's board is the server's, under delays and cuts (puzzle)", async () => {
    await fc.assert(
      fc.asyncProperty(steps, fc.nat(), async (plan, seed) => {
        const { seen, final } = await playSteps(url(), 'puzzle', plan, seed);
        const replay = readShareCode(final.result!.code ?? '');
        if (!replay.ok || replay.value.kind !== 'puzzle') throw new Error('not a puzzle code');
        const states = replay.value.states;
        expect(final.confirmed.moves).toBe(states.length - 1);
        for (const [moves, b] of seen)
          expect(b.tiles, `after move ${moves}`).toEqual(states[moves]!.tiles);
      }),
      { numRuns: 6, seed: 381 },
    );
  });

  it('resumes a game after the client quits: a new client with the id and token', async () => {
    const api = new ServerClient(url());
    const started = await RankedClient.start(
      api,
      { kind: '2048', playerKey: newPlayerKey(), name: 'Quit' },
      { socket: nodeSocket },
    );
    if (!started.ok) throw new Error(started.error.message);
    const { client, start } = started.value;
    await until(() => client.view.status === 'open');
    const d = DIRECTIONS.find((x) => client.move(x).ok && client.view.pending === 1)!;
    expect(d).toBeDefined();
    await until(() => client.view.pending === 0);
    const board = client.view.confirmed;
    client.close();
    expect(client.view.status).toBe('closed');
    expect(client.move('left')).toMatchObject({ ok: false, error: { code: 'closed' } });
    const again = new RankedClient({
      server: url(),
      game: start.id,
      token: start.token,
      board: start.board,
      socket: nodeSocket,
    });
    await until(() => again.view.status === 'open');
    expect(again.view.confirmed).toEqual({ ...board, elapsedMs: again.view.confirmed.elapsedMs });
    expect(again.view.confirmed.moves).toBe(1);
    const wrong = new RankedClient({
      server: url(),
      game: start.id,
      token: 'x'.repeat(43),
      board: start.board,
      socket: nodeSocket,
    });
    await until(() => wrong.view.status === 'closed');
    expect(wrong.view.closed).toBe('bad-token');
    again.close();
  });

  it('says why a second ranked daily cannot start, with the entry it has', async () => {
    const api = new ServerClient(url());
    const playerKey = newPlayerKey();
    const first = await RankedClient.start(
      api,
      { kind: 'puzzle', daily: true, playerKey, name: 'Day' },
      { socket: nodeSocket },
    );
    if (!first.ok) throw new Error(first.error.message);
    await until(() => first.value.client.view.status === 'open');
    expect(first.value.client.resign().ok).toBe(true);
    await until(() => first.value.client.view.result !== null);
    first.value.client.close();
    const second = await api.startRanked({ kind: 'puzzle', daily: true, playerKey, name: 'Day' });
    expect(second.ok).toBe(false);
    if (second.ok) return;
    expect(second.error).toMatchObject({
      code: 'refused',
      status: 409,
      serverCode: 'daily-played',
    });
    expect(second.error.result).toEqual(first.value.client.view.result);
  });
});
