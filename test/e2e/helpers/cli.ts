/**
 * Running the built CLI (`dist/cli.js`) as a child process, with pipes: exit code, stdout and
 * stderr. Also plain mode's output parsed into states, used as the reference the full-screen
 * game is compared with (same seed and moves => same game in every front-end).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const CLI = join(ROOT, 'dist', 'cli.js');

/** Fails early with a clear message when the CLI has not been built. */
export function requireBuiltCli(): void {
  if (!existsSync(CLI)) {
    throw new Error(`${CLI} is missing: run \`npm run build\` (npm test builds it first)`);
  }
}

/** Variables that change how slidebox behaves; tests set the ones they want explicitly. */
export const SLIDEBOX_ENV_VARS = [
  'NO_COLOR',
  'FORCE_COLOR',
  'COLORTERM',
  'SLIDEBOX_TEST_CRASH_KEY',
  'XDG_DATA_HOME',
  // A leaderboard server of the person running the tests is never asked.
  'SLIDEBOX_SERVER',
  'SLIDEBOX_NET_TIMEOUT_MS',
] as const;

/** process.env without the variables above, plus `extra`. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const v of SLIDEBOX_ENV_VARS) delete env[v];
  delete env.TMUX;
  return { ...env, ...extra };
}

/** Temporary directories made by a test file, removed together in afterAll. */
export class TempDirs {
  private readonly dirs: string[] = [];

  make(prefix = 'slidebox-e2e-'): string {
    const d = mkdtempSync(join(tmpdir(), prefix));
    this.dirs.push(d);
    return d;
  }

  cleanup(): void {
    for (const d of this.dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  }
}

/**
 * The words that run a command as an unprivileged user (nobody) when the tests run as root,
 * where file modes stop no read or write; none otherwise. For tests of folders and files that
 * cannot be read or written.
 */
export function unprivileged(): string[] {
  return process.getuid?.() === 0
    ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups']
    : [];
}

export interface CliRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `node dist/cli.js ...args` with stdin from `input` (a pipe) and captured output. */
export function runCli(
  args: readonly string[],
  opts: {
    input?: string;
    env?: Record<string, string>;
    prefix?: readonly string[];
    /** How long it may run before it is killed (default 30 s). */
    timeoutMs?: number;
  } = {},
): CliRun {
  const [first, ...rest] = [...(opts.prefix ?? []), process.execPath, CLI, ...args];
  const r = spawnSync(first!, rest, {
    cwd: ROOT,
    input: opts.input ?? '',
    encoding: 'utf8',
    env: cleanEnv(opts.env),
    timeout: opts.timeoutMs ?? 30_000,
  });
  if (r.error) throw r.error;
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/** One status block of plain mode: the stats line and the board under it. */
export interface PlainState {
  readonly score: number;
  readonly best: number;
  readonly moves: number;
  readonly cells: number[][];
}

const PLAIN_STATS = /^Score: ([\d,]+) {2}Best: ([\d,]+) {2}Moves: ([\d,]+)$/;

export function num(text: string): number {
  return Number(text.replace(/,/g, ''));
}

/** Every status block plain mode printed, in order. */
export function parsePlain(stdout: string): PlainState[] {
  const lines = stdout.split('\n');
  const states: PlainState[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = PLAIN_STATS.exec(lines[i]!);
    if (!m) continue;
    const cells: number[][] = [];
    for (let j = i + 1; j < lines.length && /^[\s.\d]+$/.test(lines[j]!); j++) {
      cells.push(
        lines[j]!.trim()
          .split(/\s+/)
          .map((t) => (t === '.' ? 0 : Number(t))),
      );
    }
    states.push({ score: num(m[1]!), best: num(m[2]!), moves: num(m[3]!), cells });
  }
  return states;
}

export interface PlainGame extends CliRun {
  readonly states: PlainState[];
  readonly final: PlainState;
  /** The save file (`2048-4x4.json`) the run left behind. */
  readonly save: string;
  readonly dataDir: string;
}

/**
 * Plays a fresh seeded game in plain mode with the given commands (one per line; no `q`
 * unless the caller adds it) in a new data directory.
 */
export function playPlain(
  dirs: TempDirs,
  seed: number,
  commands: readonly string[],
  extraArgs: readonly string[] = [],
): PlainGame {
  const dataDir = dirs.make();
  const r = runCli(
    ['--plain', '--seed', String(seed), '--new', '--data-dir', dataDir, ...extraArgs],
    {
      input: commands.map((c) => `${c}\n`).join(''),
    },
  );
  if (r.code !== 0) throw new Error(`plain mode failed (${r.code}): ${r.stderr}`);
  const states = parsePlain(r.stdout);
  const final = states[states.length - 1];
  if (!final) throw new Error(`plain mode printed no board:\n${r.stdout}`);
  const save = readFileSync(join(dataDir, '2048-4x4.json'), 'utf8');
  return { ...r, states, final, save, dataDir };
}

/** Total of the tiles on a board. */
export function tileSum(cells: readonly (readonly number[])[]): number {
  return cells.flat().reduce((a, b) => a + b, 0);
}
