/**
 * `slidebox serve`: the leaderboard server — the web app and the JSON API on one port, every
 * submitted code re-played before it is stored, an SQLite file in the data directory or a
 * PostgreSQL server. SIGTERM or SIGINT stops it gracefully: no new connections, requests in
 * flight answered, the database closed.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { missingPackages, missingServerSentence } from '../node/serverPackages.ts';
import { parseTrustProxy, type TrustProxy } from '../server/trustProxy.ts';
import { defaultDataDir } from '../storage/files.ts';
import { errorCode, fsCause } from '../storage/fsProblems.ts';
import { dataDirProblem } from '../storage/saves.ts';
import { HELP } from './help.ts';

/** API requests a minute per client address, unless --rate-limit says otherwise. */
export const DEFAULT_RATE_LIMIT = 600;

/** Seconds a seat of an online match may stay empty before it forfeits, unless told otherwise. */
export const DEFAULT_FORFEIT_SECONDS = 60;

export const SERVE_USAGE = HELP.serve;

export interface ServeConfig {
  readonly host: string;
  readonly port: number;
  readonly db: string;
  readonly rateLimit: number;
  readonly forfeitMs: number;
  /** The online rooms one process holds at most (`--max-rooms`), or null: no limit. */
  readonly maxRooms: number | null;
  readonly webRoot: string | null;
  /**
   * New ranked daily attempts a day per client address and kind (`--daily-starts`; 0: no
   * bound), or null: the server's default (none with `--rate-limit 0`).
   */
  readonly dailyStarts: number | null;
  /** The proxies believed (`--trust-proxy`), or null: X-Forwarded-For ignored. */
  readonly trustProxy: { readonly trust: TrustProxy; readonly text: string } | null;
}

type Parsed = { ok: true; value: ServeConfig } | { ok: false; message: string } | { ok: 'help' };

/** The web app built beside the program: dist-web at the package's root. */
function builtWebRoot(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, 'dist-web');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    dir = dirname(dir);
  }
  return null;
}

function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

/** `--max-rooms`: null when absent, else a whole number from 1, or the sentence refusing it. */
function readMaxRooms(text: string | undefined): number | null | string {
  if (text === undefined) return null;
  return (
    wholeNumber(text, 1, 10_000_000) ??
    `--max-rooms is a whole number of rooms from 1, not "${text}"`
  );
}

/** `slidebox serve`'s options, for parseArgs. */
const SERVE_OPTIONS = {
  host: { type: 'string' },
  port: { type: 'string' },
  db: { type: 'string' },
  'data-dir': { type: 'string' },
  'rate-limit': { type: 'string' },
  'forfeit-after': { type: 'string' },
  'max-rooms': { type: 'string' },
  'daily-starts': { type: 'string' },
  web: { type: 'string' },
  'trust-proxy': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `--daily-starts`: null when absent, else a whole number from 0, or the sentence refusing it. */
function readDailyStarts(text: string | undefined): number | null | string {
  if (text === undefined) return null;
  return (
    wholeNumber(text, 0, 1_000_000) ??
    `--daily-starts is a whole number of new ranked daily attempts a day per address (0: no bound), not "${text}"`
  );
}

export function parseServe(argv: readonly string[], env: NodeJS.ProcessEnv): Parsed {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: SERVE_OPTIONS,
      allowPositionals: false,
      strict: true,
    }));
  } catch (e) {
    return { ok: false, message: (e as Error).message.split('\n')[0]! };
  }
  if (values.help) return { ok: 'help' };
  const host = (values.host as string | undefined) ?? '127.0.0.1';
  if (host.trim() === '')
    return { ok: false, message: '--host needs an address, such as 127.0.0.1' };
  const port = values.port === undefined ? 8080 : wholeNumber(values.port as string, 0, 65535);
  if (port === null)
    return { ok: false, message: `--port is a whole number from 0 to 65535, not "${values.port}"` };
  const rate =
    values['rate-limit'] === undefined
      ? DEFAULT_RATE_LIMIT
      : wholeNumber(values['rate-limit'] as string, 0, 1_000_000);
  if (rate === null) {
    return {
      ok: false,
      message: `--rate-limit is a whole number of requests a minute (0: none), not "${values['rate-limit']}"`,
    };
  }
  const forfeit =
    values['forfeit-after'] === undefined
      ? DEFAULT_FORFEIT_SECONDS
      : wholeNumber(values['forfeit-after'] as string, 1, 86_400);
  if (forfeit === null) {
    return {
      ok: false,
      message: `--forfeit-after is a whole number of seconds from 1 to 86400, not "${values['forfeit-after']}"`,
    };
  }
  const maxRooms = readMaxRooms(values['max-rooms'] as string | undefined);
  if (typeof maxRooms === 'string') return { ok: false, message: maxRooms };
  const dailyStarts = readDailyStarts(values['daily-starts'] as string | undefined);
  if (typeof dailyStarts === 'string') return { ok: false, message: dailyStarts };
  let trustProxy: ServeConfig['trustProxy'] = null;
  if (values['trust-proxy'] !== undefined) {
    const t = parseTrustProxy(values['trust-proxy'] as string);
    if (!t.ok) return { ok: false, message: t.message };
    trustProxy = { trust: t.trust, text: t.text };
  }
  const dbArg = (values.db as string | undefined) ?? env.SLIDEBOX_DB;
  const dataDir = (values['data-dir'] as string | undefined) ?? defaultDataDir(env);
  let db: string;
  if (dbArg !== undefined && dbArg !== '') {
    if (!/^postgres(ql)?:\/\//i.test(dbArg)) {
      return {
        ok: false,
        message: `--db is a postgres:// URL (leave it out for SQLite in the data directory), not "${dbArg}"`,
      };
    }
    db = dbArg;
  } else {
    db = join(dataDir, 'leaderboards.sqlite');
  }
  let webRoot: string | null;
  if (values.web !== undefined) {
    webRoot = values.web as string;
    if (!existsSync(join(webRoot, 'index.html'))) {
      return {
        ok: false,
        message: `--web ${webRoot} has no index.html (build it with npm run build:web)`,
      };
    }
  } else {
    webRoot = builtWebRoot();
  }
  return {
    ok: true,
    value: {
      host,
      port,
      db,
      rateLimit: rate,
      forfeitMs: forfeit * 1000,
      maxRooms,
      dailyStarts,
      webRoot,
      trustProxy,
    },
  };
}

/**
 * The request log: lines with their time, written a batch at a time (every 100 ms, or at
 * 16 KB) — a write to a pipe blocks the process, and one per request cost a fifth of its time.
 */
function bufferedLog(write: (text: string) => void): ((line: string) => void) & { flush(): void } {
  let lines: string[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (lines.length === 0) return;
    const text = lines.join('');
    lines = [];
    size = 0;
    write(text);
  };
  const log = (line: string) => {
    const text = `${new Date().toISOString()} ${line}\n`;
    lines.push(text);
    size += text.length;
    if (size >= 16_384) flush();
    else timer ??= setTimeout(flush, 100);
  };
  return Object.assign(log, { flush });
}

/**
 * The database opened, or why it could not be, in one sentence (a data folder that cannot be
 * one is said before SQLite tries to make it).
 */
async function opened<D>(db: string, open: (db: string) => Promise<D>): Promise<D | string> {
  const sqlite = !/^postgres(ql)?:\/\//i.test(db);
  const problem = sqlite ? dataDirProblem(dirname(db)) : null;
  if (problem) return problem;
  try {
    return await open(db);
  } catch (e) {
    if (sqlite && errorCode(e)) return `cannot open the database ${db}: ${fsCause(e)}.`;
    return e instanceof Error ? e.message : String(e);
  }
}

/** Why the server could not listen on `port`, in words. */
function listenProblem(e: unknown, port: number): string {
  const code = (e as { code?: string }).code;
  if (code === 'EADDRINUSE') return `port ${port} is in use (choose another with --port)`;
  if (code === 'EACCES') return `port ${port} needs more privileges (choose one above 1023)`;
  return e instanceof Error ? e.message : String(e);
}

/** Runs `slidebox serve …` until a signal stops it; resolves with the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseServe(argv, process.env);
  if (parsed.ok === 'help') {
    process.stdout.write(`${SERVE_USAGE}\n`);
    return 0;
  }
  if (!parsed.ok) {
    process.stderr.write(`slidebox: ${parsed.message}\n\n${SERVE_USAGE}\n`);
    return 2;
  }
  const c = parsed.value;
  const missing = missingServerSentence(missingPackages());
  if (missing) {
    process.stderr.write(`slidebox: ${missing}.\n`);
    return 1;
  }
  const [{ openDatabase }, { buildServer }, { createVerifier }, { createAnalysisPool }] =
    await Promise.all([
      import('../server/db.ts'),
      import('../server/app.ts'),
      import('../server/verifier.ts'),
      import('../server/boards/analysisPool.ts'),
    ]);
  const database = await opened(c.db, openDatabase);
  if (typeof database === 'string') {
    process.stderr.write(`slidebox: ${database}\n`);
    return 1;
  }
  const verifier = createVerifier();
  const log = bufferedLog((text) => process.stdout.write(text));
  const app = await buildServer({
    database,
    verify: verifier.verify,
    webRoot: c.webRoot,
    rateLimit: c.rateLimit,
    forfeitMs: c.forfeitMs,
    maxRooms: c.maxRooms ?? undefined,
    dailyStarts: c.dailyStarts ?? undefined,
    log,
    trustProxy: c.trustProxy?.trust ?? null,
    // The boards' games judged by the AI and the solver on a thread of its own.
    analyser: createAnalysisPool(),
  });
  let address: string;
  try {
    address = await app.listen({ host: c.host, port: c.port });
  } catch (e) {
    await database.close();
    await verifier.close();
    process.stderr.write(
      `slidebox: cannot listen on ${c.host}:${c.port}: ${listenProblem(e, c.port)}\n`,
    );
    return 1;
  }
  process.stdout.write(
    `slidebox serve: ${address} · ${database.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ${database.where}` +
      ` · ${c.webRoot ? `web app from ${c.webRoot}` : 'no web app (npm run build:web)'}` +
      ` · rate limit ${c.rateLimit ? `${c.rateLimit}/min` : 'off'}` +
      `${c.trustProxy ? ` · trusting X-Forwarded-For from ${c.trustProxy.text}` : ''}\n`,
  );
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      log(`${signal}: stopping`);
      app
        .close()
        .then(() => Promise.all([database.close(), verifier.close()]))
        .then(
          () => {
            log('stopped');
            log.flush();
            resolve(0);
          },
          (e: unknown) => {
            process.stderr.write(
              `slidebox: stopping: ${e instanceof Error ? e.message : String(e)}\n`,
            );
            resolve(1);
          },
        );
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
}
