/**
 * A throwaway PostgreSQL cluster for tests: initdb into a fresh temporary directory, a server
 * on a free port of 127.0.0.1 (trust authentication, fsync off), and `postgres://` URLs to
 * databases in it. Uses Debian's server binaries (/usr/lib/postgresql/VERSION/bin, the newest
 * version). PostgreSQL refuses to run as root: as root, initdb and pg_ctl run as the `postgres`
 * system user (runuser) in a directory that user owns.
 *
 * Without the binaries, or when the cluster cannot start, startPostgres gives `{ skip: reason }`
 * so a test can be skipped with that reason; under CI (CI=true or CI=1, see ci.ts) it throws
 * instead, since CI installs PostgreSQL and a missing server there is a failure, not a reason
 * to skip. SLIDEBOX_TEST_POSTGRES=skip starts no cluster either (a reason to skip, CI or not):
 * the mutation runs of the server's code test on SQLite alone (vitest.mutate.server.config.ts).
 *
 * Use: one cluster per test file, a fresh database per suite when they must not share data:
 *
 *   const pg = await startPostgres();          // top level of the test file
 *   if ('skip' in pg) { it.skip(pg.skip, () => {}) } else { afterAll(() => pg.stop()); ... }
 *
 * (or, when the cluster is started in a hook, `skipTestsWhile` of serverHarness.ts).
 *
 * A server left running by a crashed test run is stopped by a small watchdog process that waits
 * for the test process to end (a process 'exit' handler does the same on a normal exit).
 */
import { execFile, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { isCI } from './ci.ts';

export type PgServer = {
  /** URL of the database made at start: `postgres://postgres@127.0.0.1:PORT/slidebox_test`. */
  readonly url: string;
  readonly port: number;
  /** The temporary directory holding the cluster (data/, the log and the Unix socket). */
  readonly dir: string;
  /** Stops the server and removes its directory (idempotent). */
  stop(): Promise<void>;
  /** stopServer then startServer: the data is kept, the port stays the same. */
  restart(): Promise<void>;
  /** Stops the server (fast shutdown: open connections are ended); the data is kept. */
  stopServer(): Promise<void>;
  /** Starts the stopped server again on the same port and waits until it takes connections. */
  startServer(): Promise<void>;
  /** Creates a new empty database (a unique name unless given) and gives its URL. */
  newDatabase(name?: string): Promise<string>;
};

const PG_ROOT = '/usr/lib/postgresql';
const FIRST_DATABASE = 'slidebox_test';
const START_ATTEMPTS = 3;
const READY_TIMEOUT_MS = 30_000;

/** Starts a throwaway cluster, or tells why it cannot (throws instead under CI). */
export async function startPostgres(): Promise<PgServer | { skip: string }> {
  if (process.env.SLIDEBOX_TEST_POSTGRES === 'skip') {
    return { skip: 'PostgreSQL left out (SLIDEBOX_TEST_POSTGRES=skip)' };
  }
  let reason: string;
  try {
    const found = findBinaries();
    if (typeof found === 'object') return await startCluster(found.bin);
    reason = found;
  } catch (error) {
    reason = `PostgreSQL could not start: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (isCI()) throw new Error(`${reason} (CI must install PostgreSQL)`);
  return { skip: reason };
}

/** The bin folder of the newest installed server version, or why there is none. */
function findBinaries(): { bin: string } | string {
  const versions = existsSync(PG_ROOT)
    ? readdirSync(PG_ROOT)
        .filter((v) => existsSync(join(PG_ROOT, v, 'bin', 'initdb')))
        .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
    : [];
  const newest = versions[0];
  if (newest === undefined) {
    return `PostgreSQL server binaries not found (no ${PG_ROOT}/*/bin/initdb; apt-get install postgresql)`;
  }
  if (isRoot() && !hasUser('postgres')) {
    return 'running as root, and there is no `postgres` system user to run the server as';
  }
  return { bin: join(PG_ROOT, newest, 'bin') };
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

function hasUser(name: string): boolean {
  return spawnSync('id', ['-u', name], { stdio: 'ignore' }).status === 0;
}

/** The user and group ids of `postgres` (to own the cluster's directory when root). */
function postgresIds(): { uid: number; gid: number } {
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error('no ids for postgres');
  return { uid, gid };
}

/** A command and its arguments, run as `postgres` when this process is root. */
function asServerUser(file: string, args: string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
}

/** Runs a tool; rejects with its exit status and stderr (and stdout) on failure. */
function run(file: string, args: string[], cwd: string): Promise<string> {
  const [command, argv] = asServerUser(file, args);
  return new Promise((resolve, reject) => {
    execFile(command, argv, { cwd, timeout: 90_000 }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      const output = [stderr.trim(), stdout.trim()].filter(Boolean).join('\n');
      const name = file.split('/').pop();
      reject(
        new Error(`${name} failed (${error.code ?? error.signal}): ${output || error.message}`),
      );
    });
  });
}

/** A port that was free on 127.0.0.1 a moment ago (bound with port 0, then closed). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no port assigned'))));
    });
  });
}

type Cluster = { bin: string; dir: string; data: string; log: string; port: number };

async function startCluster(bin: string): Promise<PgServer> {
  const dir = mkdtempSync(join(tmpdir(), 'slidebox-pg-'));
  const watchdog = startWatchdog(bin, dir);
  const onExit = () => cleanUpNow(bin, dir);
  process.on('exit', onExit);
  const cluster: Cluster = {
    bin,
    dir,
    data: join(dir, 'data'),
    log: join(dir, 'server.log'),
    port: 0,
  };
  try {
    if (isRoot()) {
      const { uid, gid } = postgresIds();
      chownSync(dir, uid, gid);
    }
    await run(
      join(bin, 'initdb'),
      ['-D', cluster.data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '-N'],
      dir,
    );
    cluster.port = await startOnFreePort(cluster);
    await createDatabase(cluster.port, FIRST_DATABASE);
  } catch (error) {
    cleanUpNow(bin, dir);
    process.off('exit', onExit);
    stopWatchdog(watchdog);
    throw error;
  }
  return handle(cluster, () => {
    process.off('exit', onExit);
    stopWatchdog(watchdog);
  });
}

function handle(cluster: Cluster, forget: () => void): PgServer {
  let running = true;
  let stopped = false;
  let made = 0;
  const stopServer = async () => {
    if (!running) return;
    await pgCtl(cluster, ['stop', '-m', 'fast']);
    running = false;
  };
  const startServer = async () => {
    if (running) return;
    await startServerOn(cluster, cluster.port);
    running = true;
  };
  return {
    url: databaseUrl(cluster.port, FIRST_DATABASE),
    port: cluster.port,
    dir: cluster.dir,
    stopServer,
    startServer,
    restart: async () => {
      await stopServer();
      await startServer();
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      try {
        await stopServer();
      } finally {
        cleanUpNow(cluster.bin, cluster.dir);
        forget();
      }
    },
    newDatabase: async (name) => {
      made += 1;
      const db = name ?? `slidebox_test_${made}_${Math.random().toString(36).slice(2, 8)}`;
      await createDatabase(cluster.port, db);
      return databaseUrl(cluster.port, db);
    },
  };
}

function databaseUrl(port: number, database: string): string {
  return `postgres://postgres@127.0.0.1:${port}/${database}`;
}

function pgCtl(cluster: Cluster, args: string[]): Promise<string> {
  return run(
    join(cluster.bin, 'pg_ctl'),
    ['-D', cluster.data, '-w', '-t', '60', ...args],
    cluster.dir,
  );
}

/** Starts the server on a free port, with a new port when another process took the one found. */
async function startOnFreePort(cluster: Cluster): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      await startServerOn(cluster, port);
      return port;
    } catch (error) {
      const portTaken = /could not (bind|create listen)|already in use/i.test(String(error));
      if (!portTaken || attempt >= START_ATTEMPTS) throw error;
    }
  }
}

async function startServerOn(cluster: Cluster, port: number): Promise<void> {
  const options = [
    `-p ${port}`,
    // pg_ctl hands these to a shell: the directory is quoted (mkdtemp names have no quote).
    `-k '${cluster.dir}'`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  try {
    await pgCtl(cluster, ['-l', cluster.log, '-o', options, 'start']);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\nserver log (${cluster.log}):\n${logTail(cluster.log)}`);
  }
  await waitUntilReady(port);
}

function logTail(log: string): string {
  try {
    return readFileSync(log, 'utf8').trim().split('\n').slice(-20).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Polls with a real connection until the server answers a query. */
async function waitUntilReady(port: number): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const client = new pg.Client({ connectionString: databaseUrl(port, 'postgres') });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw new Error(`PostgreSQL on port ${port} did not take connections: ${String(error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

async function createDatabase(port: number, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
    throw new Error(`invalid database name ${JSON.stringify(name)} (lowercase, digits, _)`);
  }
  const client = new pg.Client({ connectionString: databaseUrl(port, 'postgres') });
  try {
    await client.connect();
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Stops the server at once (if it runs) and removes the directory, synchronously. */
function cleanUpNow(bin: string, dir: string): void {
  const data = join(dir, 'data');
  if (existsSync(join(data, 'postmaster.pid'))) {
    const [command, argv] = asServerUser(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-m',
      'immediate',
      '-w',
      'stop',
    ]);
    spawnSync(command, argv, { cwd: '/', stdio: 'ignore', timeout: 30_000 });
  }
  rmSync(dir, { recursive: true, force: true });
}

/**
 * A detached shell that waits for this process to end, then stops the server and removes its
 * directory: the safeguard for a test process that is killed (no 'exit' handler runs then).
 */
function startWatchdog(bin: string, dir: string): number | undefined {
  const [command, argv] = asServerUser(join(bin, 'pg_ctl'), [
    '-D',
    join(dir, 'data'),
    '-m',
    'immediate',
    '-w',
    'stop',
  ]);
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const script = [
    `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done`,
    `if [ -f ${quote(join(dir, 'data', 'postmaster.pid'))} ]; then`,
    `  cd / && ${[command, ...argv].map(quote).join(' ')} >/dev/null 2>&1`,
    'fi',
    `rm -rf ${quote(dir)}`,
  ].join('\n');
  try {
    const child = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
    return child.pid;
  } catch {
    return undefined;
  }
}

function stopWatchdog(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    // The watchdog leads its own process group: end the shell and its sleep together.
    process.kill(-pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
