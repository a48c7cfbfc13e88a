/**
 * Ranked play under load: N concurrent ranked 2048 games on `slidebox serve`, each moving 5
 * times a second, on SQLite and on PostgreSQL, side by side with a bare WebSocket echo server
 * in the same run: figures, not pass/fail.
 *
 *   npm run bench:ranked                                  100 games, SQLite, PostgreSQL and echo
 *   npm run bench:ranked -- --games 1000                  the goal: 1,000 games
 *   npm run bench:ranked -- --db sqlite --games 300 --seconds 5
 *   npm run bench:ranked -- --db postgres --processes 2 --games 1000   two processes, one database
 *
 * Options: --db sqlite|postgres|both (both), --processes P server processes on PostgreSQL (1;
 * game i is played on process i mod P), --games N (100), --seconds S held (10), --rate M
 * moves a second a game (5), --ramp R games started a second (200), --seed N (the players'
 * choices; the games' seeds are the server's own, secret, so two runs still differ).
 *
 * The server is the app of `slidebox serve` (buildServer over openDatabase, rate limit off) in
 * a process of its own on 127.0.0.1 (this file, run with `--child server`); the echo server
 * is a bare `ws` server that sends every message back (`--child echo`); the players run in this
 * process. Each game is started over HTTP (`POST /api/ranked`), then plays on its own
 * WebSocket: every 1/M s (each game at its own phase) it sends a move chosen at random among
 * the directions that slide its board as the server dealt it — unless its last move is still
 * unanswered (then it waits for the next tick; the figures say how many ticks were skipped).
 * A game that ends is replaced by a new one. The echo run opens as many connections and sends a
 * message of a move's size at the same rate. Games start at --ramp a second, play 2 s, then are
 * held --seconds: the figures are of the moves sent in the held window.
 *
 * Measured: the round trip from sending a move to its `moved` answer (the tile) at the
 * players, p50/p99/max; the server process's CPU (user + system, /proc) over the held window,
 * per move answered, and as a share of one core; and the time its threads were ready to run but
 * waited for a core (/proc/PID/schedstat: on a busy machine, the round trips are mostly that).
 * Every phase is bounded in time and count, and the run stops by itself.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import WebSocket, { WebSocketServer } from 'ws';
import { DIRECTIONS, type Direction } from '../src/engine/types.ts';
import { newPlayerKey } from '../src/net/api.ts';
import {
  DIRECTION_LETTERS,
  type RankedServerMessage,
  type RankedStart,
  rankedSocketUrl,
} from '../src/net/ranked.ts';
import { startPostgres } from '../src/testing/postgres.ts';
import { mulberry32 } from '../src/testing/seeded.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    games: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '5' },
    ramp: { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
    processes: { type: 'string', default: '1' },
    child: { type: 'string' },
    target: { type: 'string' },
  },
});

const GAMES = Math.max(1, Math.min(5000, Number(values.games) || 100));
const SECONDS = Math.max(1, Math.min(120, Number(values.seconds) || 10));
const RATE = Math.max(0.5, Math.min(50, Number(values.rate) || 5));
const RAMP = Math.max(1, Number(values.ramp) || 200);
const SEED = Number(values.seed) || 1;
const PROCESSES = Math.max(1, Math.min(4, Number(values.processes) || 1));
const WARM_MS = 2000;
const SELF = fileURLToPath(import.meta.url);

// ---------------------------------------------------------------- the child processes

/** The server: the app of `slidebox serve` on a database, on a free port of 127.0.0.1. */
async function serveChild(target: string): Promise<void> {
  const [{ openDatabase }, { buildServer }, { createVerifier }] = await Promise.all([
    import('../src/server/db.ts'),
    import('../src/server/app.ts'),
    import('../src/server/verifier.ts'),
  ]);
  const database = await openDatabase(target);
  const verifier = createVerifier();
  const app = await buildServer({ database, verify: verifier.verify, webRoot: null, rateLimit: 0 });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`READY ${url}\n`);
  process.once('SIGTERM', async () => {
    await app.close();
    await database.close();
    await verifier.close();
    process.exit(0);
  });
}

/** The bare echo: every text message sent back as it came. */
async function echoChild(): Promise<void> {
  const server = createServer();
  const wss = new WebSocketServer({ server, maxPayload: 512 });
  wss.on('connection', (ws) => ws.on('message', (data) => ws.send(String(data))));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const a = server.address() as { port: number };
  process.stdout.write(`READY http://127.0.0.1:${a.port}\n`);
  process.once('SIGTERM', () => {
    for (const ws of wss.clients) ws.terminate();
    server.close(() => process.exit(0));
  });
}

/** Starts this file as a child; its URL once it says READY (within 30 s). */
async function startChild(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start in 30 s')), 30_000);
    let out = '';
    child.stdout!.on('data', (d) => {
      out += String(d);
      const m = /READY (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  return { child, url };
}

async function stopChild(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------- CPU

const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** CPU seconds (user + system) a process has used, or NaN. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / CLK_TCK;
  } catch {
    return Number.NaN;
  }
}

/** Seconds a process has spent ready to run but waiting for a core (/proc/PID/schedstat), or NaN. */
function waitSeconds(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e9;
  } catch {
    return Number.NaN;
  }
}

// ---------------------------------------------------------------- the players

/**
 * The board after sliding `d` (the rules' slide, written for speed: the players must not be
 * what is measured), or null when nothing moves.
 */
function slid(cells: readonly (readonly number[])[], d: Direction): number[][] | null {
  const n = cells.length;
  const out = cells.map((r) => [...r]);
  let moved = false;
  for (let i = 0; i < n; i++) {
    const line: number[] = [];
    for (let j = 0; j < n; j++) {
      const [r, c] = cellOf(d, i, j, n);
      const v = cells[r]![c]!;
      if (v !== 0) line.push(v);
    }
    const merged: number[] = [];
    for (let k = 0; k < line.length; k++) {
      if (k + 1 < line.length && line[k] === line[k + 1]) {
        merged.push(line[k]! * 2);
        k++;
      } else merged.push(line[k]!);
    }
    for (let j = 0; j < n; j++) {
      const [r, c] = cellOf(d, i, j, n);
      const v = merged[j] ?? 0;
      if (out[r]![c] !== v) moved = true;
      out[r]![c] = v;
    }
  }
  return moved ? out : null;
}

/** The cell of line i, position j from the edge the tiles slide toward. */
function cellOf(d: Direction, i: number, j: number, n: number): [number, number] {
  if (d === 'left') return [i, j];
  if (d === 'right') return [i, n - 1 - j];
  if (d === 'up') return [j, i];
  return [n - 1 - j, i];
}

interface Figures {
  readonly label: string;
  readonly sent: number;
  readonly rtt: number[];
  readonly skipped: number;
  readonly refused: number;
  readonly ended: number;
  readonly cpuSeconds: number;
  /** Seconds the server's threads were ready to run but waited for a core (a busy machine). */
  readonly waited: number;
  /** CPU seconds of this process (the players) over the held window. */
  readonly playersCpu: number;
}

/** Clocks of the run: the held window is [holdFrom, holdTo) by send time. */
interface Window {
  holdFrom: number;
  holdTo: number;
  stopping: boolean;
}

let benchPlayers = 0;

/** One ranked game slot: plays a game, and a new one when it ends. */
class Player {
  private ws: WebSocket | null = null;
  private cells: number[][] = [];
  private n = 0;
  private sentAt = 0;
  private pendingN = 0;
  due = 0;

  constructor(
    private readonly url: string,
    private readonly rand: () => number,
    private readonly w: Window,
    private readonly f: {
      rtt: number[];
      sent: number;
      skipped: number;
      refused: number;
      ended: number;
    },
  ) {}

  async start(): Promise<void> {
    if (this.w.stopping) return;
    const res = await fetch(`${this.url}/api/ranked`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // A name is its first key's: each player its own.
      body: JSON.stringify({
        kind: '2048',
        name: `Bench ${++benchPlayers}`,
        playerKey: newPlayerKey(),
      }),
    });
    if (res.status !== 201) throw new Error(`POST /api/ranked: ${res.status} ${await res.text()}`);
    const s = (await res.json()) as RankedStart;
    this.cells = s.board.cells!.map((r) => [...r]);
    this.n = 0;
    this.pendingN = 0;
    const ws = new WebSocket(rankedSocketUrl(this.url));
    this.ws = ws;
    ws.on('error', () => {});
    ws.on('message', (data) => this.receive(JSON.parse(String(data)) as RankedServerMessage));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'hello', game: s.id, token: s.token }));
  }

  /** Called on each tick of the clock: a move when one is due. */
  tick(now: number): void {
    if (now < this.due || !this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    this.due += 1000 / RATE;
    if (this.due < now) this.due = now + 1000 / RATE;
    if (this.pendingN !== 0) {
      if (now >= this.w.holdFrom && now < this.w.holdTo) this.f.skipped++;
      return;
    }
    const legal: { d: Direction; cells: number[][] }[] = [];
    for (const d of DIRECTIONS) {
      const cells = slid(this.cells, d);
      if (cells) legal.push({ d, cells });
    }
    if (legal.length === 0) return;
    const { d, cells } = legal[Math.floor(this.rand() * legal.length)]!;
    this.n++;
    this.pendingN = this.n;
    this.sentAt = performance.now();
    if (this.sentAt >= this.w.holdFrom && this.sentAt < this.w.holdTo) this.f.sent++;
    this.cells = cells;
    this.ws.send(JSON.stringify({ type: 'move', n: this.n, d: DIRECTION_LETTERS[d] }));
  }

  private receive(m: RankedServerMessage): void {
    if (m.type === 'moved' && m.n === this.pendingN) {
      const t = this.sentAt;
      if (t >= this.w.holdFrom && t < this.w.holdTo) this.f.rtt.push(performance.now() - t);
      this.pendingN = 0;
      if (m.tile) this.cells[m.tile.row]![m.tile.col] = m.tile.value;
    } else if (m.type === 'refused') {
      this.f.refused++;
      this.pendingN = 0;
    } else if (m.type === 'over') {
      this.f.ended++;
      this.ws?.close();
      this.ws = null;
      void this.start().catch(() => {});
    }
  }

  close(): void {
    this.ws?.terminate();
    this.ws = null;
  }
}

/** One echo connection: a move-sized message at the same rate, its echo timed. */
class EchoPlayer {
  private ws: WebSocket | null = null;
  private sentAt = 0;
  private waiting = false;
  due = 0;

  constructor(
    private readonly url: string,
    private readonly w: Window,
    private readonly f: { rtt: number[]; sent: number; skipped: number },
  ) {}

  async start(): Promise<void> {
    const ws = new WebSocket(this.url.replace(/^http/, 'ws'));
    this.ws = ws;
    ws.on('error', () => {});
    ws.on('message', () => {
      const t = this.sentAt;
      if (t >= this.w.holdFrom && t < this.w.holdTo) this.f.rtt.push(performance.now() - t);
      this.waiting = false;
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
  }

  tick(now: number): void {
    if (now < this.due || !this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    this.due += 1000 / RATE;
    if (this.due < now) this.due = now + 1000 / RATE;
    if (this.waiting) {
      if (now >= this.w.holdFrom && now < this.w.holdTo) this.f.skipped++;
      return;
    }
    this.waiting = true;
    this.sentAt = performance.now();
    if (this.sentAt >= this.w.holdFrom && this.sentAt < this.w.holdTo) this.f.sent++;
    this.ws.send('{"type":"move","n":123,"d":"l"}');
  }

  close(): void {
    this.ws?.terminate();
  }
}

/**
 * Runs N players against `processes` server processes (player i on process i mod P); the
 * figures of the held window (the processes' CPU added up).
 */
async function run(
  label: string,
  childArgs: string[],
  make: (url: string, w: Window, i: number) => Player | EchoPlayer,
  f: { rtt: number[]; sent: number; skipped: number; refused: number; ended: number },
  processes = 1,
): Promise<Figures> {
  const children = await Promise.all(
    Array.from({ length: processes }, () => startChild(childArgs)),
  );
  const pids = children.map((c) => c.child.pid!);
  const sum = (of: (pid: number) => number) => pids.reduce((t, pid) => t + of(pid), 0);
  const w: Window = { holdFrom: Number.POSITIVE_INFINITY, holdTo: 0, stopping: false };
  const players: (Player | EchoPlayer)[] = [];
  const phase = mulberry32(SEED ^ 0x5eed);
  const clock = setInterval(() => {
    const now = performance.now();
    for (const p of players) p.tick(now);
  }, 5);
  try {
    const started = performance.now();
    for (let i = 0; i < GAMES; i++) {
      const p = make(children[i % processes]!.url, w, i);
      await p.start();
      p.due = performance.now() + phase() * (1000 / RATE);
      players.push(p);
      const ahead = started + ((i + 1) / RAMP) * 1000 - performance.now();
      if (ahead > 0) await new Promise((r) => setTimeout(r, ahead));
    }
    await new Promise((r) => setTimeout(r, WARM_MS));
    w.holdFrom = performance.now();
    w.holdTo = w.holdFrom + SECONDS * 1000;
    const cpu0 = sum(cpuSeconds);
    const wait0 = sum(waitSeconds);
    const mine0 = process.cpuUsage();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const cpu1 = sum(cpuSeconds);
    const waited = sum(waitSeconds) - wait0;
    const mine = process.cpuUsage(mine0);
    // Answers to the last moves of the window.
    await new Promise((r) => setTimeout(r, 1000));
    return {
      label,
      ...f,
      cpuSeconds: cpu1 - cpu0,
      waited,
      playersCpu: (mine.user + mine.system) / 1e6,
    };
  } finally {
    w.stopping = true;
    clearInterval(clock);
    for (const p of players) p.close();
    await Promise.all(children.map((c) => stopChild(c.child)));
  }
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function line(f: Figures): string {
  const s = [...f.rtt].sort((a, b) => a - b);
  const answered = s.length;
  const cpuPerMove = (f.cpuSeconds * 1000) / Math.max(1, answered);
  return [
    f.label.padEnd(22),
    String(answered).padStart(7),
    percentile(s, 50).toFixed(2).padStart(8),
    percentile(s, 99).toFixed(2).padStart(8),
    (s.at(-1) ?? Number.NaN).toFixed(1).padStart(8),
    cpuPerMove.toFixed(3).padStart(10),
    `${((f.cpuSeconds / SECONDS) * 100).toFixed(0)} %`.padStart(8),
    `${((f.waited / SECONDS) * 100).toFixed(0)} %`.padStart(8),
    String(f.skipped).padStart(8),
    String(f.refused).padStart(8),
    String(f.ended).padStart(6),
    `${((f.playersCpu / SECONDS) * 100).toFixed(0)} %`.padStart(8),
  ].join(' ');
}

async function main(): Promise<void> {
  const dbs = values.db === 'both' ? ['sqlite', 'postgres'] : [values.db!];
  console.log(
    `ranked play: ${GAMES} games × ${RATE} moves/s, ${SECONDS} s held after ${WARM_MS / 1000} s, seed ${SEED}, ${availableParallelism()} cores, Node ${process.version}`,
  );
  const results: Figures[] = [];
  const echo = { rtt: [] as number[], sent: 0, skipped: 0, refused: 0, ended: 0 };
  results.push(
    await run('bare ws echo', ['--child', 'echo'], (url, w) => new EchoPlayer(url, w, echo), echo),
  );
  for (const db of dbs) {
    let target: string;
    let stop = async () => {};
    if (db === 'sqlite') {
      const dir = mkdtempSync(join(tmpdir(), 'slidebox-bench-ranked-'));
      target = join(dir, 'leaderboards.sqlite');
      stop = async () => rmSync(dir, { recursive: true, force: true });
    } else {
      const pg = await startPostgres();
      if ('skip' in pg) {
        console.log(`PostgreSQL skipped: ${pg.skip}`);
        continue;
      }
      target = await pg.newDatabase();
      stop = () => pg.stop();
    }
    const f = { rtt: [] as number[], sent: 0, skipped: 0, refused: 0, ended: 0 };
    const rand = mulberry32(SEED);
    try {
      results.push(
        await run(
          db === 'sqlite'
            ? 'ranked, SQLite'
            : `ranked, PostgreSQL${PROCESSES > 1 ? ` ×${PROCESSES}` : ''}`,
          ['--child', 'server', '--target', target],
          (url, w) => new Player(url, rand, w, f),
          f,
          db === 'sqlite' ? 1 : PROCESSES,
        ),
      );
    } finally {
      await stop();
    }
  }
  console.log(
    `${'round trip (ms)'.padEnd(22)} ${'moves'.padStart(7)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)} ${'CPU ms/mv'.padStart(10)} ${'CPU'.padStart(8)} ${'waited'.padStart(8)} ${'skipped'.padStart(8)} ${'refused'.padStart(8)} ${'ended'.padStart(6)} ${'players'.padStart(8)}`,
  );
  for (const r of results) console.log(line(r));
  const base = results[0]!;
  const b = [...base.rtt].sort((x, y) => x - y);
  for (const r of results.slice(1)) {
    const s = [...r.rtt].sort((x, y) => x - y);
    console.log(
      `${r.label}: p50 ${(percentile(s, 50) / percentile(b, 50)).toFixed(2)}× the echo's, p99 ${(percentile(s, 99) / percentile(b, 99)).toFixed(2)}×`,
    );
  }
}

if (values.child === 'server') await serveChild(values.target!);
else if (values.child === 'echo') await echoChild();
else await main();
