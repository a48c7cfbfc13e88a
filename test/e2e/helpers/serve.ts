/**
 * The real `slidebox serve` as a child process (`node dist/cli.js serve --port 0 …`): its URL
 * read from the first line it prints, its output kept, its end awaited; and a stream of
 * submissions from several clients at once, bounded in count and time.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { play2048, testPlayerKey } from '../../../src/testing/games.ts';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLI = join(ROOT, 'dist', 'cli.js');

/** Builds dist/cli.js from the current sources (esbuild alone: a second or two). */
export function buildCli(): void {
  execFileSync(process.execPath, ['scripts/build.mjs', '--quiet'], { cwd: ROOT, stdio: 'pipe' });
}

export interface Served {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything printed so far. */
  readonly out: { stdout: string; stderr: string };
  /** Resolves when the process has ended. */
  readonly ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves when a line containing `text` has been printed on stdout. */
  printed(text: string, timeoutMs?: number): Promise<void>;
}

/** Starts `slidebox serve --host 127.0.0.1 --port 0 …args` and waits for its address. */
export async function startServe(args: readonly string[]): Promise<Served> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.SLIDEBOX_DB;
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--host', '127.0.0.1', '--port', '0', ...args],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const out = { stdout: '', stderr: '' };
  const waiters: { text: string; resolve: () => void }[] = [];
  child.stdout!.setEncoding('utf8').on('data', (d: string) => {
    out.stdout += d;
    for (const w of waiters.splice(0)) {
      if (out.stdout.includes(w.text)) w.resolve();
      else waiters.push(w);
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (d: string) => {
    out.stderr += d;
  });
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const printed = (text: string, timeoutMs = 20_000) =>
    new Promise<void>((resolve, reject) => {
      if (out.stdout.includes(text)) return resolve();
      const timer = setTimeout(
        () =>
          reject(new Error(`slidebox serve did not print "${text}": ${out.stdout}${out.stderr}`)),
        timeoutMs,
      );
      waiters.push({
        text,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
      void ended.then(() => {
        clearTimeout(timer);
        if (!out.stdout.includes(text)) {
          reject(new Error(`slidebox serve ended before "${text}": ${out.stdout}${out.stderr}`));
        }
      });
    });
  await printed('slidebox serve: http://');
  const url = /slidebox serve: (http:\/\/127\.0\.0\.1:\d+)/.exec(out.stdout)?.[1];
  if (!url) throw new Error(`no address in: ${out.stdout}`);
  return { url, child, out, ended, printed };
}

/** Stops a served process if it still runs (SIGKILL) and waits for its end. */
export async function stopServe(s: Served | null): Promise<void> {
  if (!s) return;
  if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  await s.ended;
}

/** A distinct 2048 game for submission `n` (sizes 3 to 8), with a player of its own. */
export function gameFor(n: number): { code: string; playerKey: string; score: number } {
  const size = 3 + (n % 6);
  const { game, code } = play2048(100_000 + n, 10 + (n % 30), {
    size,
    target: size === 3 ? 256 : 2048,
    assisted: n % 5 === 0,
  });
  return { code, playerKey: testPlayerKey(100_000 + n), score: game.score };
}

export interface Outcome {
  readonly n: number;
  readonly code: string;
  readonly playerKey: string;
  /** The HTTP status, or null when the request failed (no answer). */
  readonly status: number | null;
  readonly body: unknown;
  readonly headers: Headers | null;
  readonly at: number;
}

/** One submission of game `n`: its answer or the failure. */
export async function submit(url: string, n: number): Promise<Outcome> {
  const g = gameFor(n);
  const at = Date.now();
  try {
    const res = await fetch(`${url}/api/scores`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // One name per player key: a name belongs to the first key that used it.
      body: JSON.stringify({ code: g.code, name: `C${n}`, playerKey: g.playerKey }),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text
    }
    return {
      n,
      code: g.code,
      playerKey: g.playerKey,
      status: res.status,
      body,
      headers: res.headers,
      at,
    };
  } catch {
    return { n, code: g.code, playerKey: g.playerKey, status: null, body: null, headers: null, at };
  }
}

/**
 * `clients` clients submitting games `first`, `first + 1`, … (each takes the next number) until
 * `count` games were sent or `ms` passed — a client stops at its first request that got no
 * answer when `stopOnFailure` — calling `seen` with each outcome; every outcome, in order.
 */
export async function submitStream(
  url: string,
  opts: {
    clients: number;
    first: number;
    count: number;
    ms: number;
    stopOnFailure: boolean;
    seen?: (o: Outcome) => void;
  },
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const deadline = Date.now() + opts.ms;
  let next = opts.first;
  const client = async () => {
    while (next < opts.first + opts.count && Date.now() < deadline) {
      const o = await submit(url, next++);
      outcomes.push(o);
      opts.seen?.(o);
      if (o.status === null && opts.stopOnFailure) return;
    }
  };
  await Promise.all(Array.from({ length: opts.clients }, client));
  return outcomes;
}
