/**
 * Driving the real CLI in a real pseudo-terminal through tmux: start it in a pane, send keys,
 * read the screen, resize, signal it, and see how it left the terminal.
 *
 * Every test file gets its own tmux server on a private socket (`tmux -L <unique>`, no config
 * file), so tests never touch a user's tmux; `killServer()` in afterAll ends it and everything
 * in it. Each pane runs
 *
 *   sh -c 'echo $$ > PIDFILE; exec "$@"' env ... node dist/cli.js ARGS;
 *   echo "EXITED rc=$?"; echo "STTY: $(stty -a)"; exec sleep 900
 *
 * so the node process's pid is known (for signals), and after it ends the pane shows its exit
 * code and the terminal modes it left behind (icanon/echo when raw mode was turned off).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { ServerOptions } from '../../../src/server/app.ts';
import { serverForBlock, type TestServer } from '../../../src/testing/serverHarness.ts';
import { CLI, cleanEnv, ROOT, requireBuiltCli, SLIDEBOX_ENV_VARS, TempDirs } from './cli.ts';

/** Quotes a string for /bin/sh. */
export function shq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** How long waits last by default: generous, since CI machines can be slow. Polls are fast. */
export const DEFAULT_WAIT_MS = 10_000;
const POLL_MS = 25;

/**
 * The shell command running the CLI: `env` (slidebox's variables unset, then `env` set)
 * `node dist/cli.js args`, every word quoted.
 */
export function cliCommand(args: readonly string[], env: Record<string, string> = {}): string {
  return [
    'env',
    ...SLIDEBOX_ENV_VARS.flatMap((v) => ['-u', v]),
    ...Object.entries(env).map(([k, v]) => shq(`${k}=${v}`)),
    shq(process.execPath),
    shq(CLI),
    ...args.map(shq),
  ].join(' ');
}

export class Tmux {
  readonly socket = `slidebox-e2e-${process.pid}-${randomBytes(4).toString('hex')}`;
  private count = 0;
  private serverUp = false;

  /** Runs a tmux command on this file's private server and returns its stdout. */
  run(args: readonly string[]): string {
    if (!this.serverUp) {
      this.serverUp = true;
      // A session that lives as long as the server keeps the server up between tests: a server
      // with no session exits, and a new-session sent while it shuts down fails. (900 s: the
      // server ends by itself if a test run dies before killServer.)
      this.run(['new-session', '-d', '-s', 'keeper', '-x', '20', '-y', '5', 'sleep', '900']);
    }
    try {
      return execFileSync('tmux', ['-L', this.socket, '-f', '/dev/null', ...args], {
        encoding: 'utf8',
        env: cleanEnv(),
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 20_000,
      });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new Error(
          'tmux is not installed: the end-to-end tests need it (apt-get install tmux)',
        );
      }
      throw e;
    }
  }

  /**
   * Starts `node dist/cli.js ...args` in a new session of the given size and waits until it
   * has drawn its first screen (any non-empty content).
   */
  async start(opts: {
    args: readonly string[];
    env?: Record<string, string>;
    cols?: number;
    rows?: number;
    /** Pipe the CLI's stdout through `cat` (stdout is then not a terminal). */
    pipeStdout?: boolean;
    /** Feed this text to the CLI's stdin through a pipe (stdin is then not a terminal). */
    pipeStdin?: string;
    /** A directory for the pid file (a test's temp dir). */
    workDir: string;
    /** Words before the command, e.g. {@link unprivileged} (the pid stays the CLI's: they exec). */
    prefix?: readonly string[];
  }): Promise<Pane> {
    const name = `g${++this.count}`;
    const pidFile = join(opts.workDir, `${name}.pid`);
    const launch = [
      'sh -c',
      shq('echo $$ > "$0"; exec "$@"'),
      shq(pidFile),
      ...(opts.prefix ?? []).map(shq),
      cliCommand(opts.args, opts.env),
    ].join(' ');
    const script = [
      `cd ${shq(ROOT)} || exit 1`,
      `${opts.pipeStdin !== undefined ? `printf '%s' ${shq(opts.pipeStdin)} | ` : ''}${launch}${opts.pipeStdout ? ' | cat' : ''}`,
      'echo "EXITED rc=$?"',
      `echo "STTY: $(stty -a | tr '\\n' ' ')"`,
      // Keeps the pane for reading; ends by itself should a test run die before cleanup.
      'exec sleep 900',
    ].join('; ');
    this.run([
      'new-session',
      '-d',
      '-s',
      name,
      '-x',
      String(opts.cols ?? 80),
      '-y',
      String(opts.rows ?? 24),
      '/bin/sh',
      '-c',
      script,
    ]);
    const pane = new Pane(this, name, pidFile);
    await pane.waitFor((s) => s.trim() !== '', 'the first screen');
    return pane;
  }

  /**
   * Starts an interactive POSIX shell (with job control, prompt `PROMPT$ `) in the project
   * folder, for tests that need one (suspend with Ctrl+Z, then `fg`).
   */
  async startShell(opts: { cols?: number; rows?: number } = {}): Promise<Pane> {
    const name = `g${++this.count}`;
    this.run([
      'new-session',
      '-d',
      '-s',
      name,
      '-c',
      ROOT,
      '-x',
      String(opts.cols ?? 80),
      '-y',
      String(opts.rows ?? 24),
      'env',
      'PS1=PROMPT$ ',
      'ENV=',
      '/bin/sh',
      '-i',
    ]);
    const pane = new Pane(this, name, '');
    // (capture-pane drops the prompt's trailing space)
    await pane.waitFor((s) => s.includes('PROMPT$'), 'the shell prompt');
    return pane;
  }

  /** Ends this file's tmux server and every process in it. Safe to call more than once. */
  killServer(): void {
    if (!this.serverUp) return;
    let socketPath = '';
    try {
      socketPath = this.run(['display-message', '-p', '-t', 'keeper', '#{socket_path}']).trim();
      this.run(['kill-server']);
    } catch {
      // Already gone.
    }
    // tmux leaves its socket file behind.
    if (socketPath.includes(this.socket)) rmSync(socketPath, { force: true });
  }
}

export interface ExitInfo {
  /** The exit code the shell saw ($?). */
  readonly code: number;
  /** The whole pane after the exit, history included, wrapped lines joined. */
  readonly screen: string;
  /** The `stty -a` words, e.g. ['icanon', 'echo', '-echonl', ...]. */
  readonly stty: readonly string[];
}

export class Pane {
  constructor(
    private readonly tmux: Tmux,
    readonly name: string,
    private readonly pidFile: string,
  ) {}

  /** The visible screen as text. */
  capture(): string {
    return this.tmux.run(['capture-pane', '-p', '-t', this.name]);
  }

  /** The visible screen with colour and attribute escape sequences. */
  captureEscaped(): string {
    return this.tmux.run(['capture-pane', '-p', '-e', '-t', this.name]);
  }

  /** The main screen with its history, wrapped lines joined. */
  captureHistory(): string {
    return this.tmux.run(['capture-pane', '-p', '-J', '-S', '-2000', '-t', this.name]);
  }

  /** Starts copying everything the program writes to the terminal into `file`. */
  logOutput(file: string): void {
    this.tmux.run(['pipe-pane', '-t', this.name, '-o', `cat >> ${shq(file)}`]);
  }

  /** Stops copying the program's output. */
  stopLoggingOutput(): void {
    this.tmux.run(['pipe-pane', '-t', this.name]);
  }

  /** Sends tmux key names (Left, Up, Escape, C-c, q, ...), in one send-keys call. */
  keys(...keys: string[]): void {
    this.tmux.run(['send-keys', '-t', this.name, ...keys]);
  }

  /** Sends text literally. */
  type(text: string): void {
    this.tmux.run(['send-keys', '-t', this.name, '-l', text]);
  }

  resize(cols: number, rows: number): void {
    this.tmux.run(['resize-window', '-t', this.name, '-x', String(cols), '-y', String(rows)]);
  }

  display(format: string): string {
    return this.tmux.run(['display-message', '-p', '-t', this.name, format]).trim();
  }

  size(): { cols: number; rows: number } {
    const [cols, rows] = this.display('#{pane_width} #{pane_height}').split(' ').map(Number);
    return { cols: cols!, rows: rows! };
  }

  /** Whether the pane is on the alternate screen, and whether the cursor is shown. */
  modes(): { alternate: boolean; cursorVisible: boolean } {
    const [alt, cursor] = this.display('#{alternate_on} #{cursor_flag}').split(' ');
    return { alternate: alt === '1', cursorVisible: cursor === '1' };
  }

  /** The pid of the node process running the CLI. */
  pid(): number {
    if (!existsSync(this.pidFile)) throw new Error(`no pid file ${this.pidFile}`);
    const pid = Number(readFileSync(this.pidFile, 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 0) throw new Error(`bad pid file ${this.pidFile}`);
    return pid;
  }

  /**
   * Polls the screen until `ok(screen)` holds and the screen has stayed the same for
   * `stableMs` (so an animation has finished); returns that screen. On timeout, throws with
   * the last screen, so a failing test shows what was there. `ok` may throw: that counts as
   * not yet.
   */
  async waitFor(
    ok: (screen: string) => boolean,
    what: string,
    opts: { timeoutMs?: number; stableMs?: number; capture?: 'plain' | 'escaped' | 'history' } = {},
  ): Promise<string> {
    const deadline = Date.now() + (opts.timeoutMs ?? DEFAULT_WAIT_MS);
    const stableMs = opts.stableMs ?? 0;
    const capture =
      opts.capture === 'history'
        ? () => this.captureHistory()
        : opts.capture === 'escaped'
          ? () => this.captureEscaped()
          : () => this.capture();
    let last = '';
    let since = Date.now();
    for (;;) {
      const screen = capture();
      if (screen !== last) {
        last = screen;
        since = Date.now();
      }
      let good = false;
      try {
        good = ok(screen);
      } catch {
        good = false;
      }
      if (good && Date.now() - since >= stableMs) return screen;
      if (Date.now() > deadline) {
        throw new Error(`timed out waiting for ${what}; the screen was:\n${screen}`);
      }
      await sleep(POLL_MS);
    }
  }

  /** Waits until the screen contains `text` (and has settled). */
  waitForText(text: string | RegExp, opts: { timeoutMs?: number; stableMs?: number } = {}) {
    const has = (s: string) => (typeof text === 'string' ? s.includes(text) : text.test(s));
    return this.waitFor(has, JSON.stringify(String(text)), { stableMs: 100, ...opts });
  }

  /** Waits for the CLI to end; returns its exit code, the screen and the terminal modes. */
  async waitForExit(timeoutMs = DEFAULT_WAIT_MS): Promise<ExitInfo> {
    // The shell prints both lines after the CLI ended; wait until they have settled.
    const screen = await this.waitFor((s) => /EXITED rc=\d+[\s\S]*STTY: .*\S/.test(s), 'exit', {
      timeoutMs,
      capture: 'history',
      stableMs: 100,
    });
    const code = Number(/EXITED rc=(\d+)/.exec(screen)![1]);
    const sttyLine = /STTY: (.*)$/m.exec(screen)![1]!;
    return { code, screen, stty: sttyLine.split(/[\s;]+/).filter(Boolean) };
  }

  /** Ends the session (the CLI gets SIGHUP if still running). */
  kill(): void {
    try {
      this.tmux.run(['kill-session', '-t', this.name]);
    } catch {
      // Already gone.
    }
  }
}

/**
 * A test file's terminal kit: a tmux server, temporary folders and the panes opened, with the
 * hooks that check the CLI is built first and clean everything up (panes after each test).
 */
export function useTmux(): { tmux: Tmux; dirs: TempDirs; panes: Pane[] } {
  const kit = { tmux: new Tmux(), dirs: new TempDirs(), panes: [] as Pane[] };
  beforeAll(requireBuiltCli);
  afterEach(() => {
    for (const p of kit.panes.splice(0)) p.kill();
  });
  afterAll(() => {
    kit.tmux.killServer();
    kit.dirs.cleanup();
  });
  return kit;
}

/**
 * A test file's terminals against a server started here (SQLite, with `serve`'s options): the
 * {@link useTmux} kit, the server (started before the file's tests, closed after), and `start`,
 * which opens the CLI with `--server` (this one unless `url` says another) and a data directory
 * of its own unless told, at `cols`×`rows`.
 */
export function useServedTmux(o: {
  cols: number;
  rows: number;
  serve?: Partial<Omit<ServerOptions, 'database'>>;
}): {
  tmux: Tmux;
  dirs: TempDirs;
  panes: Pane[];
  server: () => TestServer;
  start(
    args: readonly string[],
    s?: { url?: string; dataDir?: string; env?: Record<string, string> },
  ): Promise<Pane>;
} {
  const kit = useTmux();
  const block = serverForBlock('sqlite', o.serve);
  return {
    ...kit,
    server: block.server,
    async start(args, s = {}) {
      const pane = await kit.tmux.start({
        args: [
          ...args,
          '--server',
          s.url ?? block.server().url,
          '--data-dir',
          s.dataDir ?? kit.dirs.make(),
        ],
        env: s.env ?? {},
        cols: o.cols,
        rows: o.rows,
        workDir: kit.dirs.make('slidebox-e2e-pid-'),
      });
      kit.panes.push(pane);
      return pane;
    },
  };
}
