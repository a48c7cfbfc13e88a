/**
 * The real `slidebox serve --db postgres://…` while its PostgreSQL server stops and starts again
 * under load (clients submitting and reading): meanwhile every request is answered 503 in the
 * API's shape with Retry-After — never a 500, never a crash — and the server recovers by itself:
 * submissions succeed again within seconds of PostgreSQL's return, without restarting slidebox,
 * and nothing is half-written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Leaderboard } from '../../src/net/api.ts';
import { PAGE_MS } from '../../src/server/boards/scores.ts';
import { openDatabase } from '../../src/server/db.ts';
import { type PgServer, startPostgres } from '../../src/testing/postgres.ts';
import { inconsistencies } from '../../src/testing/serverChecks.ts';
import {
  buildCli,
  type Outcome,
  type Served,
  startServe,
  stopServe,
  submit,
} from './helpers/serve.ts';

let pg: PgServer | { skip: string } | null = null;
let served: Served | null = null;

beforeAll(async () => {
  buildCli();
  pg = await startPostgres();
  if ('skip' in pg) console.warn(`PostgreSQL tests skipped: ${pg.skip}`);
});
afterAll(async () => {
  await stopServe(served);
  if (pg && !('skip' in pg)) await pg.stop();
});

type Phase = 'up' | 'stopping' | 'down' | 'starting' | 'back';

interface Seen {
  /** The phase the request was sent and answered in ('between' when they differ). */
  readonly phase: Phase | 'between';
  readonly kind: 'submit' | 'read';
  readonly o: Outcome;
  readonly done: number;
}

async function read(url: string): Promise<Outcome> {
  const at = Date.now();
  try {
    const res = await fetch(
      `${url}/api/leaderboard?source=self-reported&board=2048&size=5&limit=5`,
      {
        signal: AbortSignal.timeout(15_000),
      },
    );
    const body = await res.json().catch(() => null);
    return { n: -1, code: '', playerKey: '', status: res.status, body, headers: res.headers, at };
  } catch {
    return { n: -1, code: '', playerKey: '', status: null, body: null, headers: null, at };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` or `ms` passed; whether it became true. */
async function until(done: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await sleep(50);
  return done();
}

describe('slidebox serve on PostgreSQL', () => {
  it('answers 503 while PostgreSQL restarts under load, and recovers by itself', async (ctx) => {
    // Reported as skipped, with the reason; under CI startPostgres threw instead.
    if (!pg || 'skip' in pg) return ctx.skip(pg?.skip ?? 'PostgreSQL did not start');
    const cluster = pg;
    const dbUrl = await cluster.newDatabase();
    served = await startServe(['--db', dbUrl, '--rate-limit', '0']);
    const url = served.url;

    let phase: Phase = 'up';
    let stop = false;
    const seen: Seen[] = [];
    const count = (p: Phase, status: number, kind = 'submit') =>
      seen.filter((s) => s.phase === p && s.kind === kind && s.o.status === status).length;
    // Four clients, each submitting a new game then reading a board, bounded in count and time.
    const deadline = Date.now() + 50_000;
    const client = async (id: number) => {
      for (let i = 0; i < 2_000 && !stop && Date.now() < deadline; i++) {
        let sent = phase;
        const o = await submit(url, 10_000 * (id + 1) + i);
        const label = () => (sent === phase ? phase : 'between');
        seen.push({ phase: label(), kind: 'submit', o, done: Date.now() });
        sent = phase;
        const r = await read(url);
        seen.push({ phase: label(), kind: 'read', o: r, done: Date.now() });
        // Clients back off a little while refused, as the Retry-After asks (not a full second).
        if (o.status === 503) await sleep(100);
      }
    };
    const clients = Promise.all([0, 1, 2, 3].map(client));

    expect(await until(() => count('up', 201) >= 20, 15_000)).toBe(true);
    phase = 'stopping';
    const stoppingAt = Date.now();
    await cluster.stopServer();
    phase = 'down';
    expect(
      await until(() => count('down', 503) >= 8 && count('down', 503, 'read') >= 8, 10_000),
    ).toBe(true);
    phase = 'starting';
    await cluster.startServer();
    const backAt = Date.now();
    phase = 'back';
    // Recovered by itself: submissions are stored again within seconds.
    const recovered = await until(() => count('back', 201) >= 10, 15_000);
    stop = true;
    await clients;
    expect(recovered, `no submission stored within 15 s of PostgreSQL's return`).toBe(true);
    const firstBack = seen.find((s) => s.phase === 'back' && s.o.status === 201)!;
    console.log(
      `PostgreSQL back: first 201 after ${firstBack.done - backAt} ms; ` +
        `${seen.length} requests, ${seen.filter((s) => s.o.status === 503).length} answered 503`,
    );

    // Never a failure to answer (slidebox stayed up), never a 5xx but 503.
    expect(seen.filter((s) => s.o.status === null)).toEqual([]);
    expect(served.child.exitCode).toBeNull();
    const statuses = new Set(seen.map((s) => s.o.status));
    for (const status of statuses) expect([200, 201, 503]).toContain(status);
    // While PostgreSQL was down, nothing but 503 — or, for a read, the board's page that this
    // process read less than PAGE_MS before (kept in memory).
    expect(
      seen.filter((s) => s.phase === 'down' && s.kind === 'submit' && s.o.status !== 503),
    ).toEqual([]);
    const late = stoppingAt + PAGE_MS + 250;
    expect(
      seen.filter(
        (s) => s.phase === 'down' && s.kind === 'read' && s.o.status !== 503 && s.done > late,
      ),
    ).toEqual([]);
    for (const s of seen.filter((x) => x.o.status === 503)) {
      expect(s.o.body).toMatchObject({ error: { code: 'unavailable' } });
      expect(Number(s.o.headers!.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(served.out.stdout).not.toMatch(/ 500 |error:/);
    expect(served.out.stderr).toBe('');

    // Every game answered 201 is stored: found by its code, and listed.
    for (const s of seen.filter((x) => x.kind === 'submit' && x.o.status === 201)) {
      const again = await submit(url, s.o.n);
      expect(again.status).toBe(200);
      expect((again.body as { id: number }).id).toBe((s.o.body as { id: number }).id);
    }
    const board = await read(url);
    expect(board.status).toBe(200);
    expect((board.body as Leaderboard).entries.map((e) => e.rank)).toEqual(
      (board.body as Leaderboard).entries.map((_, i) => i + 1),
    );
    const database = await openDatabase(dbUrl);
    try {
      expect(await inconsistencies(database)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
