/**
 * Debian's nginx with the documented configuration (docs/deploy/nginx.conf) in front of two real
 * `slidebox serve --db postgres://… --trust-proxy 127.0.0.1` processes: two room clients play a
 * versus match through nginx; the process that holds the room (the one nginx hashes its code
 * to) is killed with SIGKILL mid-match, and the match goes on through the other process to its
 * end, with every move either player had acknowledged before the kill. Outside CI the test is skipped with a reason when nginx or PostgreSQL is missing; under
 * CI (which installs both) it fails instead. Behind nginx, with --trust-proxy, one client's
 * 600 requests a minute leave another client served, and the log names each.
 */
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Direction } from '../../src/engine/types.ts';
import type { CreatedRoomAnswer } from '../../src/net/api.ts';
import { RANKED_CLOSE } from '../../src/net/ranked.ts';
import { RoomClient, type RoomView } from '../../src/net/roomClient.ts';
import { previewAction } from '../../src/net/rooms.ts';
import { nodeSocket } from '../../src/node/webSocket.ts';
import { missingNginx, type Nginx, startNginx } from '../../src/testing/nginx.ts';
import { freePort, type PgServer, startPostgres } from '../../src/testing/postgres.ts';
import { dealtLog, replayed, seen, until } from '../../src/testing/roomSockets.ts';
import { buildCli, type Served, startServe, stopServe } from './helpers/serve.ts';

const DIRS: readonly Direction[] = ['left', 'up', 'right', 'down'];
/** Long enough for a busy 2-core machine; each wait ends at its signal. */
const WAIT_MS = 60_000;

let pg: PgServer | { skip: string } | null = null;
const served: Served[] = [];
let nginx: Nginx | null = null;
/** nginx's URL and the process still running, once the match's test has run. */
let front: { url: string; survivor: Served } | null = null;

beforeAll(async () => {
  if (missingNginx() !== null) return;
  buildCli();
  pg = await startPostgres();
});
afterAll(async () => {
  await nginx?.stop();
  for (const s of served) await stopServe(s);
  if (pg && !('skip' in pg)) await pg.stop();
});

/** A slide that changes `c`'s own board on the match it shows, or null when none does. */
function moving(c: RoomClient): Direction | null {
  const m = c.view.match;
  if (!m || c.view.you === null) return null;
  for (const dir of DIRS) {
    const next = previewAction(m, c.view.you, { kind: 'slide', dir });
    if (next.ok && next.value !== m) return dir;
  }
  return null;
}

describe('slidebox serve behind nginx (docs/deploy/nginx.conf)', () => {
  it('plays a versus match to its end through nginx while the room’s process is killed mid-match', async (ctx) => {
    const noNginx = missingNginx();
    if (noNginx !== null) return ctx.skip(noNginx);
    if (!pg || 'skip' in pg) return ctx.skip(pg?.skip ?? 'PostgreSQL did not start');
    const dbUrl = await pg.newDatabase();
    const ports = [await freePort(), await freePort()] as const;
    for (const port of ports) {
      served.push(
        await startServe(['--db', dbUrl, '--port', String(port), '--trust-proxy', '127.0.0.1']),
      );
    }
    nginx = await startNginx(ports, { waitMs: WAIT_MS });
    const { url } = nginx;

    const res = await fetch(`${url}/api/rooms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'versus', target: 64, name: 'Ann' }),
    });
    expect(res.status).toBe(201);
    const made = (await res.json()) as CreatedRoomAnswer;

    // Which process holds the room: nginx hashes a plain GET of the socket's URL like the
    // sockets, and the process that answers it logs the line (the path without its query, the
    // client's address as nginx forwarded it — not the one the client claimed).
    const probe = await fetch(`${url}/api/rooms/socket?room=${made.code}`, {
      headers: { 'x-forwarded-for': '198.51.100.9' },
    });
    await probe.arrayBuffer();
    const line = / GET \/api\/rooms\/socket (\d{3}) \S+ (\S+)\n/;
    await until(
      () => served.some((s) => line.test(s.out.stdout)),
      WAIT_MS,
      'the probe logged by a process',
    );
    const holders = served.filter((s) => line.test(s.out.stdout));
    expect(holders).toHaveLength(1);
    const holder = holders[0]!;
    const other = served.find((s) => s !== holder)!;
    expect(line.exec(holder.out.stdout)![2]).toBe('127.0.0.1');
    for (const s of served) expect(s.out.stdout).not.toContain(made.code);

    // Each client's connection states, in order: a drop shows as 'reconnecting'.
    const states: [string[], string[]] = [[], []];
    const details: string[] = [];
    const track = (side: 0 | 1) => (v: RoomView) => {
      if (states[side].at(-1) !== v.status) {
        states[side].push(v.status);
        details.push(`${side} ${v.status} ${v.closed ?? ''} ${v.notice ?? ''}`);
      }
    };
    const one = new RoomClient({
      server: url,
      room: made.code,
      seat: made.seat,
      socket: nodeSocket,
      onChange: track(0),
    });
    const two = new RoomClient({
      server: url,
      room: made.code,
      name: 'Ben',
      socket: nodeSocket,
      onChange: track(1),
    });
    const clients = [one, two];
    try {
      await until(
        () => clients.every((c) => c.view.match !== null && c.view.seats[1]?.name === 'Ben'),
        WAIT_MS,
        'both players in the room through nginx',
      );
      let killedAt = -1;
      /** The moves each player had acknowledged when the room's process was killed. */
      let acked: [string[], string[]] = [[], []];
      for (let i = 0; one.view.result === null || two.view.result === null; i++) {
        if (i > 5000) throw new Error('the match did not end');
        if (killedAt < 0 && one.view.log.length >= 12) {
          // Mid-match: the process holding the room dies at once.
          killedAt = one.view.log.length;
          holder.child.kill('SIGKILL');
          await holder.ended;
          acked = [[...one.view.log], [...two.view.log]];
        }
        const c = clients[i % 2]!;
        await until(
          () =>
            c.view.result !== null ||
            (c.view.status === 'open' && !c.view.pending && c.view.match !== null),
          WAIT_MS,
          () => `player ${i % 2} connected (${c.view.status}, ${c.view.notice})`,
        );
        if (c.view.result !== null) {
          await until(
            () => clients.every((x) => x.view.result !== null),
            WAIT_MS,
            'the result on both',
          );
          break;
        }
        const dir = moving(c);
        if (dir === null) continue;
        const before = c.view.log.length;
        const sent = c.act({ kind: 'slide', dir });
        if (!sent.ok) continue;
        // The server's answer is the signal: the log grows (or the match ends).
        await until(
          () => c.view.result !== null || (c.view.log.length > before && !c.view.pending),
          WAIT_MS,
          () => `the server's answer to player ${i % 2} (${c.view.status}, ${c.view.notice})`,
        );
      }
      expect(killedAt).toBeGreaterThan(0);
      // Both sockets were on the killed process (nginx hashed the room there), dropped, and
      // came back through nginx to the other.
      const fromOpen = states.map((st) => st.slice(st.indexOf('open')));
      expect(fromOpen, details.join('\n')).toEqual([
        ['open', 'reconnecting', 'open'],
        ['open', 'reconnecting', 'open'],
      ]);
      const result = one.view.result!;
      expect(result.reason).toBe('play');
      expect(two.view.result).toEqual(result);
      await until(
        () => two.view.log.length === one.view.log.length,
        WAIT_MS,
        'the same log on both',
      );
      expect(one.view.log.length).toBeGreaterThan(killedAt);
      // Every move acknowledged before the kill is in the match after it, at its place.
      expect(acked[0].length).toBe(killedAt);
      for (const before of acked) expect(one.view.log.slice(0, before.length)).toEqual(before);
      expect(two.view.log).toEqual(one.view.log);
      // The whole match, before and after the kill, is the one dealt from the seed.
      const rules = { ...made.rules, seed: result.seed };
      expect(one.view.log).toEqual(dealtLog(rules, one.view.log));
      const final = seen(replayed(rules, one.view.log));
      for (const c of clients) expect(seen(c.view.match!)).toEqual(final);
    } finally {
      for (const c of clients) c.close();
    }
    // The survivor served the rest through nginx, and describes the room as over.
    const after = await fetch(`${url}/api/rooms/${made.code}`);
    expect(await after.json()).toMatchObject({
      over: true,
      seats: [{ name: 'Ann' }, { name: 'Ben' }],
    });
    front = { url, survivor: other };
    expect(other.child.exitCode).toBe(null);
    expect(other.out.stdout).not.toContain(made.code);
    expect(other.out.stderr).toBe('');
  });

  it('gives each client its own rate limit behind nginx: one abuser’s requests leave another served', async (ctx) => {
    if (front === null) return ctx.skip('the match through nginx did not run');
    const { url, survivor } = front;
    // Clients from two loopback addresses, both through nginx (the server's peer is nginx).
    const statuses = async (from: string, n: number): Promise<number[]> => {
      const agent = new Agent({ keepAlive: true, maxSockets: 20 });
      try {
        return await Promise.all(
          Array.from(
            { length: n },
            () =>
              new Promise<number>((resolve, reject) => {
                const req = request(`${url}/api/health`, { agent, localAddress: from }, (res) => {
                  res.resume();
                  res.once('end', () => resolve(res.statusCode ?? 0));
                });
                req.once('error', reject);
                req.end();
              }),
          ),
        );
      } finally {
        agent.destroy();
      }
    };
    const abuser = await statuses('127.0.0.2', 601);
    expect(abuser.filter((c) => c === 200).length).toBe(600);
    expect(abuser.filter((c) => c === 429).length).toBe(1);
    expect(await statuses('127.0.0.3', 3)).toEqual([200, 200, 200]);
    await until(
      () => / GET \/api\/health 200 \S+ 127\.0\.0\.3\n/.test(survivor.out.stdout),
      WAIT_MS,
      'the other client logged with its own address',
    );
    expect(survivor.out.stdout).toMatch(/ GET \/api\/health 429 \S+ 127\.0\.0\.2\n/);
  });

  it('passes the ranked socket’s upgrade through nginx too', async (ctx) => {
    if (front === null) return ctx.skip('the match through nginx did not run');
    const ws = new WebSocket(`${front.url.replace(/^http/, 'ws')}/api/ranked/socket`);
    // A message that is not of the protocol: the server itself answers by closing.
    const closed = await new Promise<number>((resolve, reject) => {
      ws.once('open', () => ws.send('not json'));
      ws.once('close', (code) => resolve(code));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
    expect(closed).toBe(RANKED_CLOSE.badMessage);
  });
});
