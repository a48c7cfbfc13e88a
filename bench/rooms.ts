/**
 * Online rooms under load: bots play versus matches on `slidebox serve`, on SQLite (one server
 * process) and on PostgreSQL (two server processes on one database): figures, not pass/fail.
 *
 *   npm run bench:rooms                                   both databases, 500 rooms, 20 s held
 *   npm run bench:rooms -- --db sqlite --rooms 100 --seconds 5
 *   npm run bench:rooms -- --db postgres --rooms 300 --seconds 15 --processes 2 --behind nginx
 *
 * Options: --db sqlite|postgres|both, --rooms N (500), --seconds S held (20), --rate M moves a
 * second a side (10), --ramp R rooms opened a second (50), --seed N (the bots' choices; the
 * matches' seeds are the server's own, so two runs still differ), --processes N (PostgreSQL:
 * server processes on the one database, 2 by default; SQLite: 1), --behind nginx (Debian's
 * nginx with docs/deploy/nginx.conf's configuration in front of the processes, as the nginx
 * test starts it: every request and socket goes through it, the sockets hashed by room code),
 * --split (PostgreSQL, not behind nginx: each room's second player on the next process, not
 * its room's: every room has a socket on a process that does not referee it), --profile DIR
 * (the server processes write CPU profiles there, `node --cpu-prof`, when they stop).
 *
 * The last line printed for each database is one JSON object: db, processes, behind, rooms,
 * offered and applied (moves a second), p50 and p99 (the round trip, ms), serverCpuMsPerMove
 * and dbCpuMsPerMove (CPU of the server processes, of PostgreSQL's processes, over the held
 * window, per applied move, from /proc/PID/stat), and nginxCpuMsPerMove behind nginx.
 *
 * The server is the built CLI (`node dist/cli.js serve --rate-limit 0`) in its own process on
 * 127.0.0.1; the bots run in this one. Each room is made over HTTP (`POST /api/rooms`); its
 * first player says hello with the seat token, the second joins by name, each on its own
 * WebSocket. Each side moves every 1/M s from a random start (open loop: on time whether or not
 * its last move came back), a slide chosen at random among those that move its own board in
 * the room's match as the bots know it (re-played from `state`, then every `action` applied).
 * A side left unable to move skips its turn; when a match ends both offer a rematch and play
 * on. Rooms open at --ramp a second, play 2 s, then are held --seconds: the figures are of the
 * held window (a move counts by when it was sent; its answer may come up to 2 s later).
 *
 * Times measured: in the server process, a move's `message` event on its socket to the `send`
 * of its `action` to the mover (a probe loaded with `node --import`, patching the `ws` package
 * in that process only: no product code changes, nothing runs without it) — the time a message
 * waits in the socket to be read while the event loop is busy is not in it; arrival →
 * broadcast, from the bots' write of an `act` to their socket (on loopback, in the server's
 * socket from then on) to the probe's `send` of its `action` to the mover, both taken from the
 * machine's one monotonic clock (`process.hrtime`) and joined by the bot's port, the match and
 * the action id; at the bots, the round trip from sending `act` to the mover's own `action`
 * coming back (which adds the bots' own waits), and from sending it to the other side's socket
 * receiving it. The probe also lists the server's garbage collections. On PostgreSQL without
 * nginx, room i is made on and played through process i mod N (as a load balancer hashing the
 * room code would place it), or with --split its second player on the next process, once the
 * processes are seen to share rooms. Over the held window, from /proc: each
 * process's CPU (user + system) and time ready to run but waiting for a core (schedstat), the
 * whole machine's (other processes: noise). Every phase is bounded in time and count and stops
 * by itself.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { MAX_TILE } from '../src/engine/game2048.ts';
import { DIRECTIONS, type Direction } from '../src/engine/types.ts';
import type { CreatedRoomAnswer } from '../src/net/api.ts';
import { socketUrl } from '../src/net/roomClient.ts';
import {
  actionText,
  applyDealt,
  type ClientMessage,
  matchOver,
  ROOM_PROTOCOL,
  type RoomMatch,
  readDealt,
  replayDealt,
  type ServerMessage,
  type Side,
} from '../src/net/rooms.ts';
import { withoutUndo } from '../src/server/rooms/live.ts';
import { type Nginx, startNginx } from '../src/testing/nginx.ts';
import { startPostgres } from '../src/testing/postgres.ts';
import { mulberry32 } from '../src/testing/seeded.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    rooms: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '20' },
    rate: { type: 'string', default: '10' },
    ramp: { type: 'string', default: '50' },
    seed: { type: 'string', default: '1' },
    split: { type: 'boolean', default: false },
    processes: { type: 'string' },
    behind: { type: 'string' },
    profile: { type: 'string' },
  },
  allowNegative: true,
});
const ROOMS = Number(values.rooms);
const SECONDS = Number(values.seconds);
const RATE = Number(values.rate);
const RAMP = Number(values.ramp);
const SEED = Number(values.seed);
const SPLIT = values.split;
const BEHIND = values.behind ?? null;
if (BEHIND !== null && BEHIND !== 'nginx') throw new Error(`--behind: nginx, not "${BEHIND}"`);
if (BEHIND && SPLIT) throw new Error('--split: not behind nginx (nginx routes the sockets)');
const PROCESSES = values.processes === undefined ? null : Number(values.processes);
if (PROCESSES !== null && !(Number.isInteger(PROCESSES) && PROCESSES >= 1 && PROCESSES <= 16)) {
  throw new Error(`--processes: 1 to 16, not "${values.processes}"`);
}
if (PROCESSES !== null && PROCESSES > 1 && values.db !== 'postgres') {
  throw new Error('--processes: more than one on PostgreSQL only (--db postgres)');
}
if (!['sqlite', 'postgres', 'both'].includes(values.db)) {
  throw new Error(`--db: sqlite, postgres or both, not "${values.db}"`);
}
for (const [name, v] of Object.entries({ ROOMS, SECONDS, RATE, RAMP, SEED })) {
  if (!Number.isFinite(v) || v < (name === 'SEED' ? 0 : 1) || v > 100_000) {
    throw new Error(`--${name.toLowerCase()}: a number, not "${v}"`);
  }
}
const PERIOD = 1000 / RATE;
/** Play before the held window, and the time a move sent in it may take to come back. */
const WARM_MS = 2000;
const DRAIN_MS = 2000;
/** The longest a room may take to be made and joined, a server to stop, the sockets to close. */
const SETUP_MS = 10_000;
const STOP_MS = 10_000;
const CLOSE_MS = 5000;

// ---------------------------------------------------------------- the probe in the server

/**
 * Loaded in the server process with `node --import`: times each `act` from its socket's
 * `message` event to the `send` of its `action` back to that socket. SIGUSR2 starts a window;
 * the next one ends it and writes the times (and the event loop's delay) to a file.
 */
const PROBE = `
import { createRequire } from 'node:module';
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
const WebSocket = createRequire(process.env.SLIDEBOX_PROBE_FROM)('ws');
const K = Symbol('arrivals');
let from = Infinity;
let samples = [];
let eld = null;
// Each action sent back to its mover: the socket's remote port, the match, the action id, and
// CLOCK_MONOTONIC ns.
let sent = [];
// The window's garbage collections: [kind, ms] (Node's kinds: 1 minor, 4 major, 8 incremental).
let gcs = [];
new PerformanceObserver((list) => {
  if (from === Infinity) return;
  for (const e of list.getEntries()) gcs.push(e.detail?.kind ?? 0, e.duration);
}).observe({ entryTypes: ['gc'] });
const emit = WebSocket.prototype.emit;
WebSocket.prototype.emit = function (event, data, ...rest) {
  if (event === 'message' && Buffer.isBuffer(data) && data.length < 80) {
    const t = performance.now();
    const m = /^\\{"type":"act","id":(\\d+)/.exec(data.toString('latin1'));
    if (m) (this[K] ??= new Map()).set(Number(m[1]), t);
  }
  return emit.call(this, event, data, ...rest);
};
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data, ...rest) {
  const r = send.call(this, data, ...rest);
  const arrivals = this[K];
  if (arrivals !== undefined && typeof data === 'string') {
    if (data.startsWith('{"type":"state"')) arrivals.clear();
    else if (/^\\{"type":"(action|ignored|refused)"/.test(data)) {
      const id = Number(/"id":(\\d+)/.exec(data)?.[1]);
      const t = arrivals.get(id);
      if (t !== undefined) {
        arrivals.delete(id);
        if (data.startsWith('{"type":"action"') && t >= from) {
          samples.push(performance.now() - t);
          const match = Number(/"match":(\\d+)/.exec(data)?.[1]);
          sent.push(this._socket?.remotePort ?? 0, match, id, Number(process.hrtime.bigint()));
        }
      }
    }
  }
  return r;
};
process.on('SIGUSR2', () => {
  if (eld === null) {
    samples = [];
    sent = [];
    gcs = [];
    from = performance.now();
    eld = monitorEventLoopDelay({ resolution: 5 });
    eld.enable();
    return;
  }
  eld.disable();
  // The histogram holds each timer interval whole: the delay is what exceeds the 5 ms.
  const ms = (ns) => Math.max(0, ns / 1e6 - 5);
  const out = { samples, sent, gcs, eld: { p50: ms(eld.percentile(50)), p99: ms(eld.percentile(99)), max: ms(eld.max) } };
  const file = process.env.SLIDEBOX_PROBE_OUT + '.' + process.pid + '.json';
  writeFileSync(file + '.part', JSON.stringify(out));
  renameSync(file + '.part', file); // whole when it appears
  eld = null;
  from = Infinity;
});
`;

interface ProbeFigures {
  samples: number[];
  /** Flat pairs: the kind of a garbage collection (Node's: 1 minor, 4 major, 8 incremental), ms. */
  gcs: number[];
  /** Flat quads: remote port, match, action id, CLOCK_MONOTONIC ns its action went to its mover. */
  sent: number[];
  eld: { p50: number; p99: number; max: number };
}

// ---------------------------------------------------------------- the server

/** The servers running: stopped if the benchmark itself fails. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

interface Running {
  url: string;
  pid: number;
  /** The probe's window: started, or ended with its figures (null if they did not come). */
  probeStart(): void;
  probeEnd(): Promise<ProbeFigures | null>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, Math.max(0, ms)));

function startServer(dir: string, db: string | null): Promise<Running> {
  const probe = join(dir, 'probe.mjs');
  if (!existsSync(probe)) writeFileSync(probe, PROBE);
  const dataDir = mkdtempSync(join(dir, 'data-'));
  const args = ['--import', pathToFileURL(probe).href];
  if (values.profile) args.push('--cpu-prof', '--cpu-prof-dir', resolve(values.profile));
  args.push('dist/cli.js', 'serve', '--port', '0');
  args.push('--rate-limit', '0', '--data-dir', dataDir);
  if (db) args.push('--db', db);
  const out = join(dir, 'probe');
  const child: ChildProcess = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, SLIDEBOX_PROBE_OUT: out, SLIDEBOX_PROBE_FROM: resolve('package.json') },
  });
  children.add(child);
  const pid = child.pid!;
  const probeEnd = async (): Promise<ProbeFigures | null> => {
    const file = `${out}.${pid}.json`;
    rmSync(file, { force: true });
    child.kill('SIGUSR2');
    for (let i = 0; i < 100 && !existsSync(file); i++) await sleep(50);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ProbeFigures) : null;
  };
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      const kill = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
      child.once('exit', () => {
        clearTimeout(kill);
        children.delete(child);
        done();
      });
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error('the server did not start in 20 s')), 20_000);
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const m = /slidebox serve: (http:\/\/\S+)/.exec(buf);
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      resolve({ url: m[1]!, pid, probeStart: () => child.kill('SIGUSR2'), probeEnd, stop });
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
}

// ---------------------------------------------------------------- CPU

const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/**
 * A process's stat fields from the state on (field 3 is [0]): ppid [1], utime [11], stime [12],
 * its ended children's cutime [13] and cstime [14].
 */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used, or NaN. */
function cpuSeconds(pid: number): number {
  const f = statFields(pid);
  return f ? (Number(f[11]) + Number(f[12])) / CLK_TCK : Number.NaN;
}

/** Seconds a process has spent ready to run but waiting for a core (/proc/PID/schedstat), or NaN. */
function waitSeconds(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e9;
  } catch {
    return Number.NaN;
  }
}

/** What a process used over a window: CPU and waiting for a core, as shares of the window. */
function usageFrom(pid: number): () => { cpu: number; wait: number } {
  const cpu0 = cpuSeconds(pid);
  const wait0 = waitSeconds(pid);
  const t0 = performance.now();
  return () => {
    const seconds = (performance.now() - t0) / 1000;
    return {
      cpu: (cpuSeconds(pid) - cpu0) / seconds,
      wait: (waitSeconds(pid) - wait0) / seconds,
    };
  };
}

/**
 * CPU seconds of a PostgreSQL cluster: its postmaster, the processes it started that still run,
 * and those that ended (the postmaster's children's times, cutime and cstime), so that a backend
 * ending within the window does not take its time with it.
 */
function clusterCpuSeconds(pgDir: string): number {
  let master: number;
  try {
    master = Number(readFileSync(join(pgDir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return Number.NaN;
  }
  const own = statFields(master);
  if (!own) return Number.NaN;
  let total = (Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14])) / CLK_TCK;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const f = statFields(Number(d));
    if (f && Number(f[1]) === master) total += (Number(f[11]) + Number(f[12])) / CLK_TCK;
  }
  return total;
}

/** CPU seconds the whole machine has been busy (all cores, /proc/stat), and of it stolen by the host. */
function machineSeconds(): { busy: number; steal: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9);
  const [user, nice, system, , , irq, softirq, steal] = f.map(Number) as number[];
  return {
    busy: (user! + nice! + system! + irq! + softirq! + steal!) / CLK_TCK,
    steal: steal! / CLK_TCK,
  };
}

function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

// ---------------------------------------------------------------- the bots

interface Stats {
  /** The held window (performance.now() ms): what is counted and timed. */
  from: number;
  to: number;
  sent: number;
  applied: number;
  ignored: number;
  /** Turns skipped: the side could not move (out of the match, waiting for its end). */
  stuck: number;
  matches: number;
  refused: Map<string, number>;
  /** Sockets closed while playing (not by the bots), by close code: the whole run. */
  closed: Map<string, number>;
  /** Rooms that could not be made or joined, by reason: the whole run. */
  setup: Map<string, number>;
  roundTrip: number[];
  opponent: number[];
  /** Flat quads of the held window's applied moves: local port, match, id, CLOCK_MONOTONIC ns written. */
  written: number[];
  /** Held-window moves not all written to the socket at once (their arrival time unknown). */
  backlogged: number;
}

const newStats = (): Stats => ({
  from: Number.POSITIVE_INFINITY,
  to: Number.POSITIVE_INFINITY,
  sent: 0,
  applied: 0,
  ignored: 0,
  stuck: 0,
  matches: 0,
  refused: new Map(),
  closed: new Map(),
  setup: new Map(),
  roundTrip: [],
  opponent: [],
  written: [],
  backlogged: 0,
});

const inHold = (s: Stats, t: number) => t >= s.from && t < s.to;
const count = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);

/**
 * Whether sliding `dir` changes `cells`: some tile has an empty cell before it, or meets an
 * equal one, going toward the wall (the engine's rule; the bots' check, cheaper than a slide).
 */
function slides(cells: readonly (readonly number[])[], dir: Direction): boolean {
  const n = cells.length;
  for (let line = 0; line < n; line++) {
    let last = -1; // the value nearest the wall so far: -1 none yet, 0 a gap seen
    for (let i = 0; i < n; i++) {
      const j = dir === 'left' || dir === 'up' ? i : n - 1 - i;
      const v = dir === 'left' || dir === 'right' ? cells[line]![j]! : cells[j]![line]!;
      if (v === 0) {
        if (last !== 0) last = 0;
        continue;
      }
      if (last === 0 || (last === v && v < MAX_TILE)) return true;
      last = v;
    }
  }
  return false;
}

interface Seat {
  readonly side: Side;
  ws: WebSocket | null;
  /** Its `state` came: it plays. */
  ready: boolean;
  nextId: number;
  /** Send times of this side's moves not yet back: to itself, and to the other side. */
  readonly mine: Map<number, number>;
  readonly theirs: Map<number, number>;
  /** CLOCK_MONOTONIC ns each of this side's held-window moves was written to its socket. */
  readonly written: Map<number, number>;
  /** Actions its socket received (either side's). */
  actions: number;
  timer: NodeJS.Timeout | null;
  due: number;
}

const newSeat = (side: Side): Seat => ({
  side,
  ws: null,
  ready: false,
  nextId: 1,
  mine: new Map(),
  theirs: new Map(),
  written: new Map(),
  actions: 0,
  timer: null,
  due: 0,
});

type Msg<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

/** One room's two bots, and the match as they know it (one copy, fed by both sockets). */
class BotRoom {
  private match: RoomMatch | null = null;
  private matchNo = 0;
  private seq = 0;
  private stopped = false;
  readonly seats: [Seat, Seat] = [newSeat(0), newSeat(1)];

  constructor(
    readonly code: string,
    private readonly random: () => number,
    private readonly stats: Stats,
  ) {}

  /** Both players connected and playing. */
  get held(): boolean {
    return this.seats.every((s) => s.ready && s.ws?.readyState === WebSocket.OPEN);
  }

  /** Connects one side and says hello; resolves once its `state` came. */
  connect(url: string, side: Side, hello: ClientMessage): Promise<void> {
    const seat = this.seats[side];
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(socketUrl(url, this.code), {
        perMessageDeflate: false,
        handshakeTimeout: SETUP_MS,
      });
      seat.ws = ws;
      const timer = setTimeout(() => {
        reject(new Error('no state within 10 s'));
        ws.terminate();
      }, SETUP_MS);
      ws.on('open', () => ws.send(JSON.stringify(hello)));
      ws.on('message', (data) => {
        const m = JSON.parse(String(data)) as ServerMessage;
        this.onMessage(seat, m);
        if (m.type === 'state') {
          clearTimeout(timer);
          resolve();
        }
      });
      ws.on('error', () => {}); // 'close' follows
      ws.on('close', (code) => {
        clearTimeout(timer);
        reject(new Error(`closed (${code}) before its state`));
        if (seat.ready && !this.stopped) count(this.stats.closed, String(code));
        seat.ready = false;
        if (seat.timer) clearTimeout(seat.timer);
        seat.timer = null;
      });
    });
  }

  /** Both sides start moving, each from a random point of its period. */
  start(): void {
    const now = performance.now();
    for (const seat of this.seats) {
      seat.due = now + this.random() * PERIOD;
      seat.timer = setTimeout(() => this.tick(seat), seat.due - now);
    }
  }

  /** One move now, if the side can move: its `act` is sent; what comes back is counted. */
  move(seat: Seat, now: number): void {
    const ws = seat.ws;
    const m = this.match;
    if (!seat.ready || ws?.readyState !== WebSocket.OPEN || m?.kind !== 'versus') return;
    if (matchOver(m)) return;
    const cells = m.match.games[seat.side].cells;
    const dirs = DIRECTIONS.filter((d) => slides(cells, d));
    if (dirs.length === 0) {
      if (inHold(this.stats, now)) this.stats.stuck++;
      return;
    }
    const dir = dirs[Math.floor(this.random() * dirs.length)]!;
    const id = seat.nextId++;
    ws.send(JSON.stringify({ type: 'act', id, a: actionText({ kind: 'slide', dir }) }));
    seat.mine.set(id, now);
    seat.theirs.set(id, now);
    if (inHold(this.stats, now)) {
      this.stats.sent++;
      // Loopback, socket written at once (no deflate, no backlog): now it is in the server's.
      if (ws.bufferedAmount === 0) seat.written.set(id, Number(process.hrtime.bigint()));
      else this.stats.backlogged++;
    }
  }

  /** Stops moving and closes both sockets; resolves when they are closed (or after a while). */
  async stop(): Promise<void> {
    this.stopped = true;
    const closing: Promise<void>[] = [];
    for (const seat of this.seats) {
      if (seat.timer) clearTimeout(seat.timer);
      seat.timer = null;
      const ws = seat.ws;
      if (!ws || ws.readyState === WebSocket.CLOSED) continue;
      closing.push(new Promise((done) => ws.once('close', () => done())));
      ws.close(1000, 'bench over');
    }
    await Promise.race([Promise.all(closing), sleep(CLOSE_MS)]);
    for (const seat of this.seats) seat.ws?.terminate();
  }

  /** Moves sent in the held window that never came back to their mover. */
  unanswered(): number {
    let n = 0;
    for (const seat of this.seats) for (const t of seat.mine.values()) n += +inHold(this.stats, t);
    return n;
  }

  private tick(seat: Seat): void {
    seat.timer = null;
    if (this.stopped) return;
    const now = performance.now();
    seat.due += PERIOD;
    if (seat.due < now - PERIOD) seat.due = now; // fallen behind by more than a move: skip
    seat.timer = setTimeout(() => this.tick(seat), seat.due - now);
    this.move(seat, now);
  }

  private onMessage(seat: Seat, m: ServerMessage): void {
    const now = performance.now();
    const held = inHold(this.stats, now);
    switch (m.type) {
      case 'state':
        this.onState(seat, m);
        return;
      case 'action':
        this.onAction(seat, m, now);
        return;
      case 'ignored':
      case 'refused':
        if (m.id !== null) {
          seat.mine.delete(m.id);
          seat.theirs.delete(m.id);
          seat.written.delete(m.id);
        }
        if (held && m.type === 'ignored') this.stats.ignored++;
        if (held && m.type === 'refused') count(this.stats.refused, m.code);
        return;
      case 'end':
        if (held && seat.side === 0) this.stats.matches++;
        seat.ws?.send(JSON.stringify({ type: 'rematch' }));
        return;
      default:
        return;
    }
  }

  private onState(seat: Seat, m: Msg<'state'>): void {
    if (this.match === null || m.match !== this.matchNo) {
      const replayed = replayDealt(m.rules, m.start, m.log);
      if (!replayed.ok) throw new Error(`room ${this.code}: the state's log does not replay`);
      this.match = withoutUndo(replayed.value);
      this.matchNo = m.match;
      this.seq = m.log.length;
    }
    seat.nextId = m.lastId + 1;
    seat.mine.clear();
    seat.theirs.clear();
    seat.written.clear();
    seat.ready = true;
    if (m.result !== null && !m.rematch[seat.side]) {
      seat.ws?.send(JSON.stringify({ type: 'rematch' }));
    }
  }

  private onAction(seat: Seat, m: Msg<'action'>, now: number): void {
    seat.actions++;
    if (m.match !== this.matchNo) return;
    if (m.seq === this.seq + 1 && this.match) {
      const l = readDealt(m.a);
      const next = l ? applyDealt(this.match, l.side, l.action, l.tile) : null;
      if (!next?.ok) throw new Error(`room ${this.code}: action ${m.seq} does not apply`);
      this.match = withoutUndo(next.value);
      this.seq = m.seq;
    }
    const side: Side = m.a[0] === '1' ? 1 : 0;
    const mover = this.seats[side];
    const times = side === seat.side ? mover.mine : mover.theirs;
    const sent = times.get(m.id);
    times.delete(m.id);
    if (side === seat.side && inHold(this.stats, now)) this.stats.applied++;
    const written = side === seat.side ? mover.written.get(m.id) : undefined;
    if (written !== undefined) {
      mover.written.delete(m.id);
      const port = (seat.ws as unknown as { _socket?: { localPort?: number } })._socket?.localPort;
      this.stats.written.push(port ?? 0, m.match, m.id, written);
    }
    if (sent === undefined || !inHold(this.stats, sent)) return;
    (side === seat.side ? this.stats.roundTrip : this.stats.opponent).push(now - sent);
  }
}

async function createRoom(url: string, name: string): Promise<CreatedRoomAnswer> {
  const r = await fetch(`${url}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'versus', name }),
    signal: AbortSignal.timeout(SETUP_MS),
  });
  if (r.status !== 201) throw new Error(`POST /api/rooms answered ${r.status}`);
  return (await r.json()) as CreatedRoomAnswer;
}

/** Makes room `i` on `a`, seats its first player there and its second on `b`. */
async function openRoom(i: number, a: string, b: string, stats: Stats): Promise<BotRoom | null> {
  let room: BotRoom | null = null;
  try {
    const created = await createRoom(a, `bot ${i} a`);
    room = new BotRoom(created.code, mulberry32(SEED * 1_000_003 + i), stats);
    await room.connect(a, 0, {
      type: 'hello',
      protocol: ROOM_PROTOCOL,
      room: created.code,
      seat: created.seat,
    });
    await room.connect(b, 1, {
      type: 'hello',
      protocol: ROOM_PROTOCOL,
      room: created.code,
      name: `bot ${i} b`,
    });
    return room;
  } catch (e) {
    count(stats.setup, e instanceof Error ? e.message : String(e));
    await room?.stop();
    return null;
  }
}

/**
 * Whether the two processes share rooms: a room's second player, on `b`, moves; its first
 * player, on `a`, must see the move within 3 s.
 */
async function sharesRooms(a: string, b: string): Promise<boolean> {
  const room = await openRoom(-1, a, b, newStats());
  if (!room) return false;
  try {
    for (let i = 0; i < 30 && room.seats[0].actions === 0; i++) {
      if (room.seats[1].actions === 0 && i % 10 === 0) room.move(room.seats[1], 0);
      await sleep(100);
    }
    return room.seats[0].actions > 0;
  } finally {
    await room.stop();
  }
}

/** Opens the rooms at RAMP a second (room i on server i mod n, its second player on the next one when split). */
async function ramp(urls: string[], split: boolean, stats: Stats): Promise<BotRoom[]> {
  const rooms: BotRoom[] = [];
  const opening: Promise<void>[] = [];
  const t0 = performance.now();
  for (let i = 0; i < ROOMS; i++) {
    await sleep(t0 + (i * 1000) / RAMP - performance.now());
    const a = urls[i % urls.length]!;
    const b = urls[(i + (split ? 1 : 0)) % urls.length]!;
    opening.push(
      openRoom(i, a, b, stats).then((room) => {
        if (!room) return;
        rooms.push(room);
        room.start();
      }),
    );
  }
  await Promise.all(opening);
  return rooms;
}

// ---------------------------------------------------------------- the run

interface Held {
  seconds: number;
  held: number;
  unanswered: number;
  server: { cpu: number; wait: number }[];
  serverRss: number[];
  probes: (ProbeFigures | null)[];
  pgCpu: number | null;
  nginxCpu: number | null;
  client: { cpu: number; wait: number };
  /** The whole machine (shares of one core), and what the host's other guests took. */
  machine: number;
  steal: number;
  clientEld: { p50: number; p99: number };
}

/** The held window: counts and times are kept from its start to its end, CPU read around it. */
async function hold(
  servers: Running[],
  rooms: BotRoom[],
  stats: Stats,
  pgDir: string | null,
  nginxPid: number | null,
) {
  const serverUsage = servers.map((s) => usageFrom(s.pid));
  const nginxUsage = nginxPid === null ? null : usageFrom(nginxPid);
  const pg0 = pgDir ? clusterCpuSeconds(pgDir) : null;
  const clientUsage = usageFrom(process.pid);
  const machine0 = machineSeconds();
  const eld = monitorEventLoopDelay({ resolution: 5 });
  eld.enable();
  for (const s of servers) s.probeStart();
  stats.from = performance.now();
  stats.to = stats.from + SECONDS * 1000;
  await sleep(SECONDS * 1000);
  const seconds = (performance.now() - stats.from) / 1000;
  const server = serverUsage.map((u) => u());
  const pgCpu = pgDir && pg0 !== null ? (clusterCpuSeconds(pgDir) - pg0) / seconds : null;
  const client = clientUsage();
  const nginxCpu = nginxUsage ? nginxUsage().cpu : null;
  const machine = machineSeconds();
  eld.disable();
  const held = rooms.filter((r) => r.held).length;
  await sleep(DRAIN_MS); // answers to the last moves of the window
  const probes = await Promise.all(servers.map((s) => s.probeEnd()));
  const result: Held = {
    seconds,
    held,
    unanswered: rooms.reduce((n, r) => n + r.unanswered(), 0),
    server,
    serverRss: servers.map((s) => rssMb(s.pid)),
    probes,
    pgCpu,
    nginxCpu,
    client,
    machine: (machine.busy - machine0.busy) / seconds,
    steal: (machine.steal - machine0.steal) / seconds,
    // The histogram holds each timer interval whole: the delay is what exceeds the 5 ms.
    clientEld: {
      p50: Math.max(0, eld.percentile(50) / 1e6 - 5),
      p99: Math.max(0, eld.percentile(99) / 1e6 - 5),
    },
  };
  return result;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const ms = (x: number) => (Number.isNaN(x) ? '    –' : x.toFixed(x < 10 ? 1 : 0).padStart(5));
const pct = (x: number) => `${Math.round(x * 100)}%`;
const num = (x: number) => Math.round(x).toLocaleString('en-US');
const counted = (m: Map<string, number>) =>
  m.size === 0 ? 'none' : [...m].map(([k, n]) => `${k} ×${n}`).join(', ');

const usage = (u: { cpu: number; wait: number }) =>
  `CPU ${pct(u.cpu)} of one core, ready but waiting for a core ${pct(u.wait)} of the time`;

function timeLine(label: string, samples: number[], note: string): string {
  const s = [...samples].sort((a, b) => a - b);
  return (
    `  ${label.padEnd(44)} p50 ${ms(percentile(s, 50))} ms  p99 ${ms(percentile(s, 99))} ms` +
    `  max ${ms(s.at(-1) ?? Number.NaN)} ms  (${num(s.length)} moves; ${note})`
  );
}

/**
 * Arrival → broadcast of each held-window move, in ms: from the bots' write of its `act` (in the
 * server's socket buffer from then on, loopback) to the server's send of its `action` to the
 * mover, joined by port and id on the one monotonic clock of the machine. Moves the server did
 * not apply (ignored, refused) have no broadcast and are left out.
 */
function arrivals(stats: Stats, probes: (ProbeFigures | null)[]): number[] {
  const key = (port: number, match: number, id: number) => `${port} ${match} ${id}`;
  const broadcast = new Map<string, number>();
  for (const p of probes) {
    const t = p?.sent ?? [];
    for (let i = 0; i + 3 < t.length; i += 4)
      broadcast.set(key(t[i]!, t[i + 1]!, t[i + 2]!), t[i + 3]!);
  }
  const out: number[] = [];
  const w = stats.written;
  for (let i = 0; i + 3 < w.length; i += 4) {
    const b = broadcast.get(key(w[i]!, w[i + 1]!, w[i + 2]!));
    if (b !== undefined) out.push((b - w[i + 3]!) / 1e6);
  }
  return out;
}

/** The probe's collections: how many, their share of the time, the longest, by kind. */
function gcLine(gcs: number[], seconds: number): string {
  const kinds = new Map<number, number[]>();
  for (let i = 0; i + 1 < gcs.length; i += 2) {
    const k = gcs[i]!;
    kinds.set(k, [...(kinds.get(k) ?? []), gcs[i + 1]!]);
  }
  const name = (k: number) => ({ 1: 'minor', 4: 'major', 8: 'incremental' })[k] ?? `kind ${k}`;
  return [...kinds]
    .map(([k, d]) => {
      const total = d.reduce((a, b) => a + b, 0);
      return `${name(k)} ${d.length}× (${pct(total / 1000 / seconds)} of the time, longest ${ms(Math.max(...d)).trim()} ms)`;
    })
    .join(', ');
}

/** The run in one JSON line (see the header): the last line printed for a database. */
function jsonLine(db: string, stats: Stats, h: Held, processes: number): string {
  const applied = stats.applied;
  const perMove = (share: number | null) =>
    share === null || applied === 0 ? null : round((share * h.seconds * 1000) / applied, 3);
  const sorted = [...stats.roundTrip].sort((a, b) => a - b);
  return JSON.stringify({
    db,
    processes,
    behind: BEHIND,
    rooms: ROOMS,
    offered: 2 * ROOMS * RATE,
    applied: round(applied / h.seconds, 0),
    p50: round(percentile(sorted, 50), 1),
    p99: round(percentile(sorted, 99), 1),
    serverCpuMsPerMove: perMove(h.server.reduce((t, u) => t + u.cpu, 0)),
    dbCpuMsPerMove: perMove(h.pgCpu),
    ...(h.nginxCpu === null ? {} : { nginxCpuMsPerMove: perMove(h.nginxCpu) }),
  });
}

const round = (x: number, digits: number) =>
  Number.isFinite(x) ? Math.round(x * 10 ** digits) / 10 ** digits : null;

function report(stats: Stats, h: Held, servers: number): void {
  const per = (n: number) => `${num(n / h.seconds).padStart(7)}/s`;
  const probed = h.probes.flatMap((p) => p?.samples ?? []);
  console.log(
    `  rooms held (both players connected at the end)  ${h.held} of ${ROOMS}` +
      `  (rooms not made or joined: ${counted(stats.setup)})`,
  );
  console.log(
    `  moves sent                                  ${per(stats.sent)}` +
      `  (of ${num(2 * ROOMS * RATE)}/s offered; turns skipped, side unable to move: ${num(stats.stuck)})`,
  );
  console.log(
    `  moves applied (mover's own action back)     ${per(stats.applied)}` +
      `  (matches finished ${stats.matches}; ignored ${stats.ignored}; refused: ${counted(stats.refused)}; not back ${DRAIN_MS / 1000} s after: ${h.unanswered})`,
  );
  console.log(
    timeLine(
      'in the server: message read → action sent',
      probed,
      "probe: ws 'message' event → ws.send of the action to its mover; not in it: time a" +
        ' message waits to be read while the event loop is busy',
    ),
  );
  console.log(
    timeLine(
      'arrival → broadcast',
      arrivals(stats, h.probes),
      `act written by the bots → action sent to its mover by the server, one monotonic clock; written later than sent: ${num(stats.backlogged)}`,
    ),
  );
  console.log(
    timeLine(
      'round trip: act sent → own action back',
      stats.roundTrip,
      'at the bots, loopback: bounds arrival → broadcast from above',
    ),
  );
  console.log(
    timeLine(
      'opponent sees the move: act sent → arrives',
      stats.opponent,
      "at the bots, loopback, at the other player's socket",
    ),
  );
  for (let i = 0; i < servers; i++) {
    const eld = h.probes[i]?.eld;
    console.log(
      `  server process ${i + 1}: ${usage(h.server[i]!)}, RSS ${num(h.serverRss[i]!)} MB` +
        (eld ? `, event-loop delay p50 ${eld.p50.toFixed(1)} ms p99 ${eld.p99.toFixed(1)} ms` : ''),
    );
    const gcs = h.probes[i]?.gcs;
    if (gcs) console.log(`    garbage collection: ${gcLine(gcs, h.seconds + DRAIN_MS / 1000)}`);
  }
  if (h.pgCpu !== null) {
    console.log(`  PostgreSQL (all its processes): CPU ${pct(h.pgCpu)} of one core`);
  }
  if (h.nginxCpu !== null) console.log(`  nginx: CPU ${pct(h.nginxCpu)} of one core`);
  console.log(
    `  bots (this process): ${usage(h.client)}, event-loop delay p50 ${h.clientEld.p50.toFixed(1)} ms p99 ${h.clientEld.p99.toFixed(1)} ms` +
      ` — the bots and the server share this machine's ${availableParallelism()} cores`,
  );
  const ours =
    h.client.cpu + (h.pgCpu ?? 0) + (h.nginxCpu ?? 0) + h.server.reduce((t, u) => t + u.cpu, 0);
  console.log(
    `  the machine: busy ${pct(h.machine)} of one core in all (of ${availableParallelism() * 100}%); other processes ${pct(Math.max(0, h.machine - ours))}` +
      (h.steal > 0.005 ? `, stolen by the host ${pct(h.steal)}` : ''),
  );
  console.log(`  sockets closed by the server while playing: ${counted(stats.closed)}`);
}

/** The servers of one database: one process on SQLite, --processes on PostgreSQL (and its cluster). */
async function startServers(
  name: 'sqlite' | 'postgres',
  dir: string,
): Promise<{ servers: Running[]; pgDir: string | null; stopPg: () => Promise<void> } | null> {
  if (name === 'sqlite') {
    return { servers: [await startServer(dir, null)], pgDir: null, stopPg: async () => {} };
  }
  const c = await startPostgres();
  if ('skip' in c) {
    console.log(`\nPostgreSQL: skipped (${c.skip})`);
    return null;
  }
  const servers: Running[] = [];
  try {
    // One after the other: the first one makes the schema.
    for (let i = 0; i < (PROCESSES ?? 2); i++) servers.push(await startServer(dir, c.url));
    return { servers, pgDir: c.dir, stopPg: () => c.stop() };
  } catch (e) {
    await Promise.all(servers.map((s) => s.stop()));
    await c.stop();
    throw e;
  }
}

async function runOne(name: 'sqlite' | 'postgres'): Promise<string | null> {
  const dir = mkdtempSync(join(tmpdir(), 'slidebox-bench-rooms-'));
  const started = await startServers(name, dir);
  if (!started) return null;
  const { servers, pgDir } = started;
  const stats = newStats();
  let rooms: BotRoom[] = [];
  let nginx: Nginx | null = null;
  try {
    let urls = servers.map((s) => s.url);
    const n = servers.length;
    let split = false;
    let layout = n === 1 ? '1 server process' : `${n} server processes`;
    if (BEHIND === 'nginx') {
      const ports = urls.map((u) => Number(new URL(u).port));
      // Each socket is two of nginx's connections (the client's, the upstream's).
      nginx = await startNginx(ports, { connections: 4 * ROOMS + 256 });
      urls = [nginx.url];
      layout += ' behind nginx (docs/deploy/nginx.conf: the sockets hashed by room code)';
    } else if (n > 1) {
      split = SPLIT && (await sharesRooms(urls[0]!, urls[1]!));
      layout += split
        ? ', room i made on process i mod N, its second player on the next process'
        : ', room i made on and played through process i mod N';
      if (SPLIT && !split) {
        console.log(
          '\nNOTE: these server processes do not share rooms (a move made on process 2 did not reach' +
            ' player one on process 1 within 3 s): both players of each room are on one process.',
        );
      }
    }
    console.log(`\n${name === 'sqlite' ? 'SQLite' : 'PostgreSQL'} · ${layout}`);
    const t0 = performance.now();
    rooms = await ramp(urls, split, stats);
    console.log(
      `  (${rooms.length} rooms opened in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${WARM_MS / 1000} s of play, then ${SECONDS} s held)`,
    );
    await sleep(WARM_MS);
    const held = await hold(servers, rooms, stats, pgDir, nginx?.child.pid ?? null);
    report(stats, held, servers.length);
    return jsonLine(name, stats, held, servers.length);
  } finally {
    await Promise.all(rooms.map((r) => r.stop()));
    await nginx?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await started.stopPg();
    rmSync(dir, { recursive: true, force: true });
  }
}

process.on('unhandledRejection', (e) => {
  console.error(e);
  process.exit(1);
});
console.log(
  `bench:rooms · ${ROOMS} versus rooms, 2 bots each, ${RATE} moves a second a side` +
    ` (${num(2 * ROOMS * RATE)}/s offered) · opened ${RAMP} a second · ${SECONDS} s held` +
    ` · seed ${SEED} · 127.0.0.1, ${availableParallelism()} cores shared by the server(s) and the bots`,
);
const lines: string[] = [];
for (const name of values.db === 'both'
  ? (['sqlite', 'postgres'] as const)
  : [values.db as 'sqlite' | 'postgres']) {
  const line = await runOne(name);
  if (line !== null) lines.push(line);
}
console.log('');
for (const line of lines) console.log(line);
