/**
 * Debian's nginx in front of `slidebox serve` processes, with the documented configuration
 * (docs/deploy/nginx.conf): its upstreams pointed at the given ports, listening on a free port
 * of 127.0.0.1, run as this user in the foreground from a temporary directory (removed when it
 * stops). Used by the
 * nginx test (test/e2e/nginx.test.ts) and `npm run bench:rooms -- --behind nginx`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isCI } from './ci.ts';
import { freePort } from './postgres.ts';

export const NGINX = '/usr/sbin/nginx';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Why nginx cannot run here, or null; under CI a missing nginx throws instead. */
export function missingNginx(): string | null {
  if (existsSync(NGINX)) return null;
  const reason = `${NGINX} is missing (apt-get install nginx)`;
  if (isCI()) throw new Error(`${reason} — CI must install the nginx package`);
  return reason;
}

export interface Nginx {
  readonly url: string;
  readonly child: ChildProcess;
  /** Its error log (info level). */
  readonly log: string;
  /** Stops it (SIGTERM) and waits for its end. */
  stop(): Promise<void>;
}

/**
 * The documented site with its upstreams' two `server` lines made one line a port (same
 * parameters) and its `listen` on 127.0.0.1:`port`.
 */
export function siteFor(ports: readonly number[], port: number): string {
  const site = readFileSync(join(ROOT, 'docs/deploy/nginx.conf'), 'utf8');
  return site
    .replace(/^( *)server 127\.0\.0\.1:8082[^\n]*\n/gm, '')
    .replace(/^( *)server 127\.0\.0\.1:8081([^\n]*)\n/gm, (_, indent: string, rest: string) =>
      ports.map((p) => `${indent}server 127.0.0.1:${p}${rest}\n`).join(''),
    )
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
}

/**
 * Starts nginx with the documented configuration in front of `ports`; resolves once it answers
 * /api/health (within `waitMs`). `connections`: worker_connections (each proxied socket takes
 * two).
 */
export async function startNginx(
  ports: readonly number[],
  o: { waitMs?: number; connections?: number } = {},
): Promise<Nginx> {
  const waitMs = o.waitMs ?? 60_000;
  const dir = mkdtempSync(join(tmpdir(), 'slidebox-nginx-'));
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, d));
  const port = await freePort();
  const log = join(dir, 'error.log');
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `error_log ${log} info;
worker_rlimit_nofile ${2 * (o.connections ?? 256) + 64};
events { worker_connections ${o.connections ?? 256}; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${siteFor(ports, port)}
}
`,
  );
  const child = spawn(
    NGINX,
    [
      '-p',
      dir,
      '-c',
      conf,
      '-e',
      log,
      '-g',
      `daemon off; master_process off; pid ${dir}/nginx.pid;`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  const ended = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await ended;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const end = Date.now() + waitMs;
  for (;;) {
    if (child.exitCode !== null) {
      const errors = existsSync(log) ? readFileSync(log, 'utf8') : '';
      throw new Error(`nginx ended (${child.exitCode}): ${output}${errors}`);
    }
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) return { url, child, log, stop };
    if (Date.now() > end) {
      await stop();
      throw new Error(`nginx did not answer: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
