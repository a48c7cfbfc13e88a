/**
 * `--trust-proxy` on a real server over real HTTP and WebSockets: behind a trusted proxy (every
 * request comes from 127.0.0.1, as through nginx), each client's X-Forwarded-For address has its
 * own rate limit and socket limits, and the log names it; without it the header is ignored, so
 * a client cannot dodge its limits by sending one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newDatabaseTarget, startTestServer, type TestServer } from '../testing/serverHarness.ts';
import { parseTrustProxy } from './trustProxy.ts';

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function start(trust: string | null): Promise<TestServer> {
  const target = await newDatabaseTarget('sqlite');
  if (typeof target !== 'string') throw new Error(target.skip);
  const parsed = trust === null ? null : parseTrustProxy(trust);
  if (parsed && !parsed.ok) throw new Error(parsed.message);
  server = await startTestServer(target, {
    rateLimit: 600,
    trustProxy: parsed ? parsed.trust : null,
  });
  return server;
}

/** `n` GETs of /api/health as `client` (its X-Forwarded-For), 50 at a time: their statuses. */
async function health(url: string, client: string, n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, n - i) }, async () => {
        const r = await fetch(`${url}/api/health`, { headers: { 'x-forwarded-for': client } });
        await r.arrayBuffer();
        return r.status;
      }),
    );
    statuses.push(...batch);
  }
  return statuses;
}

/** Opens the rooms' socket as `client`: 'open', or the HTTP status it was refused with. */
function openSocket(
  url: string,
  client: string,
): Promise<{ status: number | 'open'; ws: WebSocket }> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/rooms/socket`, {
    headers: { 'x-forwarded-for': client },
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ status: 'open', ws }));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0, ws });
      res.resume();
    });
    ws.once('error', reject);
  });
}

describe('slidebox serve --trust-proxy', () => {
  it('behind a trusted proxy, each forwarded client has its own rate limit, and the log names it', async () => {
    const s = await start('127.0.0.1');
    const abuser = await health(s.url, '198.51.100.7', 601);
    expect(abuser.slice(0, 600).every((c) => c === 200)).toBe(true);
    expect(abuser[600]).toBe(429);
    // Another client through the same proxy connection address is not limited by the first.
    expect(await health(s.url, '203.0.113.5', 3)).toEqual([200, 200, 200]);
    // A chain: the proxy appended the client's address to what the client sent.
    expect(await health(s.url, '10.9.9.9, 203.0.113.6', 1)).toEqual([200]);
    const lines = s.lines.filter((l) => l.startsWith('GET /api/health'));
    expect(lines.some((l) => l.endsWith(' 198.51.100.7'))).toBe(true);
    expect(lines.some((l) => l.endsWith(' 203.0.113.5'))).toBe(true);
    expect(lines.some((l) => l.endsWith(' 203.0.113.6'))).toBe(true);
    expect(lines.some((l) => l.endsWith(' 127.0.0.1'))).toBe(false);
  });

  it('behind a trusted proxy, the socket limits count each forwarded client apart', async () => {
    const s = await start('1');
    const sockets: WebSocket[] = [];
    try {
      // 20 opens a window from one address: the 21st is refused, another client's is not.
      for (let i = 0; i < 20; i++) {
        const o = await openSocket(s.url, '198.51.100.7');
        expect(o.status).toBe('open');
        sockets.push(o.ws);
      }
      const refused = await openSocket(s.url, '198.51.100.7');
      expect(refused.status).toBe(429);
      const other = await openSocket(s.url, '203.0.113.5');
      expect(other.status).toBe('open');
      sockets.push(other.ws);
    } finally {
      for (const ws of sockets) ws.terminate();
    }
  });

  it('without --trust-proxy, X-Forwarded-For is ignored: a client cannot dodge its limits', async () => {
    const s = await start(null);
    const abuser = await health(s.url, '198.51.100.7', 600);
    expect(abuser.every((c) => c === 200)).toBe(true);
    // Another X-Forwarded-For from the same address is the same client: limited.
    expect(await health(s.url, '203.0.113.5', 1)).toEqual([429]);
    const lines = s.lines.filter((l) => l.startsWith('GET /api/health'));
    expect(lines.every((l) => l.endsWith(' 127.0.0.1'))).toBe(true);
    const sockets: WebSocket[] = [];
    try {
      for (let i = 0; i < 20; i++) {
        const o = await openSocket(s.url, `198.51.100.${i}`);
        expect(o.status).toBe('open');
        sockets.push(o.ws);
      }
      expect((await openSocket(s.url, '203.0.113.5')).status).toBe(429);
    } finally {
      for (const ws of sockets) ws.terminate();
    }
  });

  it('trusts only the proxies named: a hop from elsewhere is the client', async () => {
    // 127.0.0.1 is not in the list: its X-Forwarded-For is not believed.
    const s = await start('10.0.0.0/8');
    await health(s.url, '198.51.100.7', 1);
    expect(s.lines.filter((l) => l.startsWith('GET /api/health'))).toEqual([
      expect.stringMatching(/ 127\.0\.0\.1$/),
    ]);
  });
});
