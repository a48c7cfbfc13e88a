/**
 * A ranked game's owner killed with SIGKILL loses no answered move, and the player is not
 * charged for the outage — the real `slidebox serve`, on SQLite (the process started again on
 * its data directory) and on PostgreSQL (two processes, the other one taking the game over;
 * and the same behind Debian's nginx with docs/deploy/nginx.conf, which sends a game's sockets
 * to one process by its id):
 * - a burst of puzzle moves sent without waiting for their answers, the owner killed once some
 *   are answered: the game taken on again holds every answered move, so the client's board
 *   never goes back;
 * - 2048 moves one after another, killed with one in flight: every tile a client was shown is
 *   the stored game's;
 * - a ranked puzzle whose server is down for 10 s: its ranked time leaves the outage out, and
 *   its result and board entry say it was interrupted and for how long;
 * - PostgreSQL: a socket that reaches the process not holding the game is relayed to its owner
 *   (one game, one history); the owner killed, that socket connects again and the other
 *   process takes the game, the outage left out of its clock.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readShareCode } from '../../src/engine/shareReplay.ts';
import type { Leaderboard } from '../../src/net/api.ts';
import { DIRECTION_LETTERS, RANKED_CLOSE, type RankedServerMessage } from '../../src/net/ranked.ts';
import { missingNginx, type Nginx, startNginx } from '../../src/testing/nginx.ts';
import { freePort, type PgServer, startPostgres } from '../../src/testing/postgres.ts';
import { helloed, type RankedSocket, solve3x3, startRanked } from '../../src/testing/rankedPlay.ts';
import { TempDirs } from './helpers/cli.ts';
import { buildCli, type Served, startServe, stopServe } from './helpers/serve.ts';

/** Long enough for a busy 2-core machine; each wait ends at its signal. */
const WAIT_MS = 60_000;
const dirs = new TempDirs();
const served: Served[] = [];
const fronts: Nginx[] = [];
let pg: PgServer | { skip: string } | null = null;

beforeAll(async () => {
  buildCli();
  pg = await startPostgres();
});
// Each test's processes are stopped after it.
afterEach(async () => {
  for (const f of fronts.splice(0)) await f.stop();
  for (const s of served.splice(0)) await stopServe(s);
});
afterAll(async () => {
  if (pg && !('skip' in pg)) await pg.stop();
  dirs.cleanup();
});

type Moved = Extract<RankedServerMessage, { type: 'moved' }>;

/**
 * Where a game is played, and how its owner dies: `url` plays it; `kill` kills the process
 * that owns game `id` (SIGKILL) and waits for its end; `next` is where it is played after.
 */
interface Setup {
  readonly url: string;
  kill(id: string): Promise<void>;
  next(): Promise<string>;
}

async function serve(args: string[]): Promise<Served> {
  const s = await startServe(args);
  served.push(s);
  return s;
}

async function killed(s: Served): Promise<void> {
  s.child.kill('SIGKILL');
  await s.ended;
}

/** SQLite: the one process, killed and started again on its data directory. */
async function sqliteSetup(): Promise<Setup> {
  const dataDir = dirs.make('slidebox-ranked-kill-');
  const args = ['--data-dir', dataDir, '--rate-limit', '0'];
  const one = await serve(args);
  return { url: one.url, kill: () => killed(one), next: async () => (await serve(args)).url };
}

/** PostgreSQL: two processes from the start; the second takes the game over. */
async function postgresSetup(): Promise<Setup | { skip: string }> {
  if (!pg || 'skip' in pg) return { skip: pg?.skip ?? 'PostgreSQL did not start' };
  const db = await pg.newDatabase();
  const [one, two] = await Promise.all([
    serve(['--db', db, '--rate-limit', '0']),
    serve(['--db', db, '--rate-limit', '0']),
  ]);
  return { url: one.url, kill: () => killed(one), next: async () => two.url };
}

/**
 * PostgreSQL, two processes behind Debian's nginx with docs/deploy/nginx.conf: the game's
 * sockets go to the process its id hashes to; that one is killed, and nginx sends the
 * reconnections to the other.
 */
async function nginxSetup(): Promise<Setup | { skip: string }> {
  const noNginx = missingNginx();
  if (noNginx !== null) return { skip: noNginx };
  if (!pg || 'skip' in pg) return { skip: pg?.skip ?? 'PostgreSQL did not start' };
  const db = await pg.newDatabase();
  const ports = [await freePort(), await freePort()];
  const procs = await Promise.all(
    ports.map((port) =>
      serve([
        '--db',
        db,
        '--port',
        String(port),
        '--trust-proxy',
        '127.0.0.1',
        '--rate-limit',
        '0',
      ]),
    ),
  );
  const front = await startNginx(ports, { waitMs: WAIT_MS });
  fronts.push(front);
  return {
    url: front.url,
    async kill(id) {
      // The process that owns the game: nginx hashes a plain GET of the socket's URL like the
      // socket, and the process that answers it logs the line.
      const probe = await fetch(`${front.url}/api/ranked/socket?game=${encodeURIComponent(id)}`);
      await probe.arrayBuffer();
      const logged = (p: Served) => / GET \/api\/ranked\/socket \d{3} /.test(p.out.stdout);
      const until = Date.now() + WAIT_MS;
      while (!procs.some(logged) && Date.now() < until) await sleep(50);
      const owner = procs.find(logged);
      if (!owner)
        throw new Error(
          `no process logged the game's socket (${id}): ${procs.map((p) => p.out.stdout).join('\n')}`,
        );
      await killed(owner);
    },
    next: async () => front.url,
  };
}

const SETUPS: readonly [string, () => Promise<Setup | { skip: string }>][] = [
  ['SQLite, started again', sqliteSetup],
  ['PostgreSQL, the other process', postgresSetup],
  ['PostgreSQL, two processes behind nginx', nginxSetup],
];

/** Says hello again and again until a process answers with the game's state. */
async function helloEventually(url: string, game: { id: string; token: string }) {
  const end = Date.now() + WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await helloed(url, game);
    } catch (e) {
      if (Date.now() > end) throw new Error(`no state after ${attempt} hellos: ${String(e)}`);
      await sleep(200);
    }
  }
}

/** A walk of the blank on a puzzle: `count` tile moves, none undoing the one before. */
function walk(tiles: readonly number[], size: number, count: number): number[] {
  const t = [...tiles];
  const out: number[] = [];
  let last = -1;
  let x = 12345;
  for (let i = 0; i < count; i++) {
    const b = t.indexOf(0);
    const [r, c] = [Math.floor(b / size), b % size];
    const near = [
      [r - 1, c],
      [r + 1, c],
      [r, c - 1],
      [r, c + 1],
    ]
      .filter(([rr, cc]) => rr! >= 0 && rr! < size && cc! >= 0 && cc! < size)
      .map(([rr, cc]) => rr! * size + cc!)
      .filter((at) => t[at] !== last);
    x = (x * 1103515245 + 12345) % 2 ** 31;
    const at = near[x % near.length]!;
    last = t[at]!;
    out.push(last);
    t[b] = last;
    t[at] = 0;
  }
  return out;
}

/** The puzzle's tiles after the first `n` moves of `moves`. */
function after(tiles: readonly number[], size: number, moves: readonly number[], n: number) {
  const t = [...tiles];
  for (const tile of moves.slice(0, n)) {
    const b = t.indexOf(0);
    const at = t.indexOf(tile);
    expect(Math.abs(b - at) === 1 || Math.abs(b - at) === size).toBe(true);
    t[b] = tile;
    t[at] = 0;
  }
  return t;
}

const answered = (socket: RankedSocket): Moved[] =>
  socket.messages.filter((m): m is Moved => m.type === 'moved');

describe.each(SETUPS)('a ranked game’s owner killed with SIGKILL (%s)', (_name, make) => {
  it('loses no answered move of a burst: the game taken on has them all, and the board never goes back', async (ctx) => {
    const setup = await make();
    if ('skip' in setup) return ctx.skip(setup.skip);
    const s = await startRanked(setup.url, { kind: 'puzzle', size: 4 });
    const a = await helloed(setup.url, s);
    const moves = walk(s.board.tiles!, 4, 50);
    // Within the socket's burst of 60, sent without waiting.
    for (const [i, tile] of moves.slice(0, 25).entries()) {
      await a.socket.send({ type: 'move', n: i + 1, tile });
    }
    await a.socket.answer(5);
    for (const [i, tile] of moves.slice(25).entries()) {
      await a.socket.send({ type: 'move', n: 26 + i, tile });
    }
    await setup.kill(s.id);
    await a.socket.closed;
    const seen = answered(a.socket);
    expect(seen.length).toBeGreaterThanOrEqual(5);
    // Answered in order, each the move it answers.
    expect(seen.map((m) => m.n)).toEqual(seen.map((_, i) => i + 1));
    const b = await helloEventually(await setup.next(), s);
    expect(b.state.board.moves).toBeGreaterThanOrEqual(seen.length);
    expect(b.state.board.tiles).toEqual(after(s.board.tiles!, 4, moves, b.state.board.moves));
    // It plays on from there, and its code holds the moves as sent.
    await b.socket.send({ type: 'resign' });
    const { result } = await b.socket.next('over');
    const replay = readShareCode(result.code ?? '');
    if (!replay.ok || replay.value.kind !== 'puzzle') throw new Error('not a puzzle code');
    const g = replay.value.shared.game;
    if (g.kind !== 'puzzle') throw new Error('not a puzzle');
    expect(g.tiles).toEqual(moves.slice(0, b.state.board.moves));
    b.socket.close();
  });

  it('shows no tile that is not the stored game’s: 2048 moves one after another, killed with one in flight', async (ctx) => {
    const setup = await make();
    if ('skip' in setup) return ctx.skip(setup.skip);
    const s = await startRanked(setup.url, { kind: '2048' });
    const a = await helloed(setup.url, s);
    const order = ['left', 'down', 'right', 'up'] as const;
    let n = 1;
    for (let turn = 0; n <= 15 && turn < 200; turn++) {
      await a.socket.send({ type: 'move', n, d: DIRECTION_LETTERS[order[turn % 4]!] });
      if ((await a.socket.answer(n)).type === 'moved') n++;
    }
    // One more in flight (whichever direction: refused or taken, it may be answered or not).
    await a.socket.send({ type: 'move', n, d: 'l' });
    await setup.kill(s.id);
    await a.socket.closed;
    const seen = answered(a.socket);
    const b = await helloEventually(await setup.next(), s);
    expect(b.state.board.moves).toBeGreaterThanOrEqual(seen.at(-1)!.n);
    await b.socket.send({ type: 'resign' });
    const { result } = await b.socket.next('over');
    const replay = readShareCode(result.code ?? '');
    if (!replay.ok || replay.value.kind !== '2048') throw new Error('not a 2048 code');
    for (const m of seen) {
      const sp = replay.value.states[m.n]!.spawned[0]!;
      expect(m.tile, `move ${m.n}`).toEqual({ row: sp.at.row, col: sp.at.col, value: sp.value });
      expect(m.score).toBe(replay.value.states[m.n]!.score);
    }
    expect(result.interruptions).toBe(1);
    b.socket.close();
  });

  it('leaves a 10 s outage out of a ranked puzzle’s time, and says so in the result and on the board', async (ctx) => {
    const setup = await make();
    if ('skip' in setup) return ctx.skip(setup.skip);
    const s = await startRanked(setup.url, { kind: 'puzzle', size: 3 });
    const a = await helloed(setup.url, s);
    const path = solve3x3(s.board.tiles!);
    expect(path.length).toBeGreaterThan(2);
    // At a person's pace (the boards refuse more than 25 tiles a second).
    for (const [i, tile] of path.slice(0, 2).entries()) {
      await sleep(80);
      await a.socket.send({ type: 'move', n: i + 1, tile });
      expect((await a.socket.answer(i + 1)).type).toBe('moved');
    }
    const downAt = Date.now();
    await setup.kill(s.id);
    await sleep(10_000);
    const next = await setup.next();
    const b = await helloEventually(next, s);
    const outage = Date.now() - downAt;
    expect(b.state.board.moves).toBe(2);
    // The clock the server sends goes on from the last stored move, not from the deal, and the
    // state says the game was interrupted.
    expect(b.state.t).toBeLessThan(outage - 5_000);
    expect(b.state.interruptions).toBe(1);
    expect(b.state.interruptedMs).toBeGreaterThanOrEqual(10_000);
    for (const [i, tile] of path.slice(2).entries()) {
      await sleep(80);
      await b.socket.send({ type: 'move', n: i + 3, tile });
    }
    const { result } = await b.socket.next('over');
    b.socket.close();
    expect(result.entry, JSON.stringify(result)).not.toBeNull();
    expect(result.interruptions).toBe(1);
    expect(result.interruptedMs!).toBeGreaterThanOrEqual(10_000);
    expect(result.interruptedMs!).toBeLessThanOrEqual(outage + 1_000);
    // Played at once before and after: the ranked time is far below the outage.
    expect(result.entry!.timeMs!).toBeLessThan(outage - result.interruptedMs! + 5_000);
    expect(result.entry!.timeMs!).toBeLessThan(10_000);
    expect(result.entry!.interruptedMs).toBe(result.interruptedMs);
    const board = (await (
      await fetch(`${next}/api/leaderboard?board=puzzle&size=3`, {
        signal: AbortSignal.timeout(10_000),
      })
    ).json()) as Leaderboard;
    const line = board.entries.find((e) => e.code === result.code);
    expect(line?.interruptedMs).toBe(result.interruptedMs);
  });
});

describe('a ranked game whose socket reaches the other process (PostgreSQL)', () => {
  it('is relayed to its owner; the owner killed with SIGKILL, the socket connects again and the other process takes the game, the outage left out', async (ctx) => {
    if (!pg || 'skip' in pg) return ctx.skip(pg?.skip ?? 'PostgreSQL did not start');
    const db = await pg.newDatabase();
    const [one, two] = await Promise.all([
      serve(['--db', db, '--rate-limit', '0']),
      serve(['--db', db, '--rate-limit', '0']),
    ]);
    const s = await startRanked(one.url, { kind: '2048' });
    const order = ['left', 'down', 'right', 'up'] as const;
    /** Plays moves on a socket until `upTo` are taken. */
    const playTo = async (socket: RankedSocket, from: number, upTo: number) => {
      let n = from + 1;
      for (let turn = 0; n <= upTo && turn < 200; turn++) {
        await socket.send({ type: 'move', n, d: DIRECTION_LETTERS[order[turn % 4]!] });
        if ((await socket.answer(n)).type === 'moved') n++;
      }
      expect(n).toBe(upTo + 1);
    };
    const a = await helloed(one.url, s);
    await playTo(a.socket, 0, 4);
    // The other process relays its socket to the owner, which closes the older one as replaced.
    const b = await helloed(two.url, s);
    expect(b.state.board.moves).toBe(4);
    expect((await a.socket.closed).code).toBe(RANKED_CLOSE.replaced);
    await playTo(b.socket, 4, 8);
    await killed(one);
    // Its owner's lease runs out: the relayed socket is closed, to connect again; the other
    // process takes the game, leaving the time from its last stored move out of its clock.
    expect((await b.socket.closed).code).toBe(RANKED_CLOSE.goingAway);
    const c = await helloEventually(two.url, s);
    expect(c.state.board.moves).toBe(8);
    expect(c.state.interruptions).toBe(1);
    expect(c.state.interruptedMs).toBeGreaterThan(0);
    await playTo(c.socket, 8, 9);
    await c.socket.send({ type: 'resign' });
    const { result } = await c.socket.next('over');
    c.socket.close();
    const replay = readShareCode(result.code ?? '');
    if (!replay.ok || replay.value.kind !== '2048') throw new Error('not a 2048 code');
    expect(replay.value.states.length).toBe(10);
    // Every tile any connection was shown is the stored game's.
    for (const socket of [a.socket, b.socket, c.socket]) {
      for (const m of answered(socket)) {
        const sp = replay.value.states[m.n]!.spawned[0]!;
        expect(m.tile, `move ${m.n}`).toEqual({ row: sp.at.row, col: sp.at.col, value: sp.value });
      }
    }
    expect(result.interruptions).toBe(1);
  });
});
